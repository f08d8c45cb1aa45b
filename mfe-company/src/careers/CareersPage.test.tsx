// The careers page (/career-opportunities, /ar/career-opportunities): first the advert in each edition, with that
// edition's texts and data (the Arabic one loaded from /data/ar/…); then the English behaviour cases.
import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { company } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import { expectNoEnglishText, loaded, renderEdition, setUpEditionPage } from '../testing/editionPage';
import CareersPage from './CareersPage';

/** What each edition's careers page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    title: 'Career Opportunities',
    vacancy: 'Sales Head – Oil & Gas Division',
    intro: 'Crescent Electrical Trading is opening a new Oil & Gas Division',
    sectorExperience: 'At least 4-5 years of that experience in the Oil & Gas sector.',
    responsibilities: 'Responsibilities',
    responsibilityList: [
      'Product portfolio and customer development',
      'Strategic relationship management',
      'Design and implement sales strategies',
      'Implement and supervise the sales process',
    ],
    mailSubject: 'Application: Sales Head – Oil & Gas Division',
    humanResources: /Human Resources, Crescent Electrical Trading/,
    city: /Dubai/,
    equalOpportunity: 'Crescent Electrical Trading is an equal opportunity employer.',
  },
  {
    locale: 'ar' as const,
    title: 'فرص العمل',
    vacancy: 'رئيس المبيعات – قسم النفط والغاز',
    intro: 'تفتتح الهلال للتجارة الكهربائية قسمًا جديدًا للنفط والغاز',
    sectorExperience: 'منها 4-5 سنوات على الأقل في قطاع النفط والغاز.',
    responsibilities: 'المسؤوليات',
    responsibilityList: [
      'تطوير محفظة المنتجات وقاعدة العملاء',
      'إدارة العلاقات الاستراتيجية',
      'تصميم استراتيجيات المبيعات وتنفيذها',
      'تنفيذ عملية المبيعات والإشراف عليها',
    ],
    mailSubject: 'طلب توظيف: رئيس المبيعات – قسم النفط والغاز',
    humanResources: /إدارة الموارد البشرية، الهلال للتجارة الكهربائية/,
    city: /دبي/,
    equalOpportunity: 'تلتزم الهلال للتجارة الكهربائية بمبدأ تكافؤ الفرص في التوظيف.',
  },
];

describe.each(EDITIONS)('CareersPage in each edition ($locale)', (edition) => {
  const { locale } = edition;
  setUpEditionPage();

  it("advertises the vacancy in the page's language, the e-mail address kept left to right, the mail's subject in it too", async () => {
    const editionCompany = dataEdition(locale, 'company.json');
    renderEdition(<CareersPage />, '/career-opportunities', locale);
    expect(screen.getByText(edition.title, { selector: 'h1' })).toBeInTheDocument();
    await loaded(locale);
    const advert = screen.getByRole('article', { name: edition.vacancy });
    expect(advert).toHaveTextContent(edition.intro);
    expect(advert).toHaveTextContent(edition.sectorExperience);
    const list = within(advert).getByRole('heading', { name: edition.responsibilities })
      .nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(edition.responsibilityList);
    const mail = within(advert).getByRole('link', { name: company.careersEmail });
    expect(mail.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(decodeURIComponent(mail.getAttribute('href')!)).toBe(
      `mailto:${company.careersEmail}?subject=${edition.mailSubject}`,
    );
    expect(within(advert).getByText(edition.humanResources)).toHaveTextContent(editionCompany.postalAddress);
    expect(editionCompany.postalAddress).toMatch(edition.city);
    expect(advert).toHaveTextContent(edition.equalOpportunity);
    if (locale === 'ar') expectNoEnglishText();
  });
});

describe('CareersPage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('advertises the Sales Head of the new Oil & Gas Division with its experience and four responsibilities', () => {
    renderInSite(<CareersPage />, { route: '/career-opportunities' });
    expect(screen.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeInTheDocument();
    const advert = screen.getByRole('article', { name: /Sales Head/ });
    expect(advert).toHaveTextContent('new Oil & Gas Division');
    expect(advert).toHaveTextContent('About 10 years of experience selling electrical products in the Gulf');
    expect(advert).toHaveTextContent('At least 4-5 years of that experience in the Oil & Gas sector');
    const list = within(advert).getByRole('heading', { name: 'Responsibilities' }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Product portfolio and customer development',
      'Strategic relationship management',
      'Design and implement sales strategies',
      'Implement and supervise the sales process',
    ]);
  });

  it('takes applications by e-mail (mailto) or post to the Dubai postal address, and says it is an equal-opportunity employer', () => {
    renderInSite(<CareersPage />, { route: '/career-opportunities' });
    const mail = screen.getByRole('link', { name: company.careersEmail });
    expect(mail.getAttribute('href')).toMatch(new RegExp(`^mailto:${company.careersEmail}\\?subject=`));
    expect(company.postalAddress).toMatch(/Dubai/);
    expect(screen.getByText(company.postalAddress, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/equal opportunity employer/)).toBeInTheDocument();
  });
});
