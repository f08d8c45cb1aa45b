// The about page (/about, /ar/about): first its content in each edition, with that edition's texts and data (the
// Arabic one loaded from /data/ar/…); then the English behaviour cases.
import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { dataEdition } from '@site/content/arabic-edition';
import { expectNoEnglishText, loaded, renderEdition, setUpEditionPage } from '../testing/editionPage';
import AboutPage from './AboutPage';

/** What each edition's about page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    home: 'Home',
    title: 'About Us',
    companyName: 'Crescent Electrical Trading',
    values: 'What we stand for',
    cards: ['Our Story', 'Our Excellence', 'Our Approach', 'Our Commitment'],
    story: 'Founded in Dubai in 1995',
    browseProducts: 'Browse our products',
    partnerBrands: 'Partner brands',
  },
  {
    locale: 'ar' as const,
    home: 'الرئيسية',
    title: 'من نحن',
    companyName: 'الهلال للتجارة الكهربائية',
    values: 'ما نؤمن به',
    cards: ['قصتنا', 'تميّزنا', 'نهجنا', 'التزامنا'],
    story: 'تأسّسنا في دبي عام 1995',
    browseProducts: 'تصفّح منتجاتنا',
    partnerBrands: 'العلامات التجارية الشريكة',
  },
];

describe.each(EDITIONS)('AboutPage in each edition ($locale)', (edition) => {
  const { locale } = edition;
  setUpEditionPage();

  it("shows the breadcrumb, hero, introduction, the four cards and the partners in the page's language", async () => {
    const company = dataEdition(locale, 'company.json');
    const home = dataEdition(locale, 'home.json');
    renderEdition(<AboutPage />, '/about', locale);
    await loaded(locale);
    const breadcrumb = screen.getByRole('navigation');
    expect(within(breadcrumb).getByRole('link', { name: edition.home })).toHaveAttribute('href', '/home');
    expect(screen.getByText(edition.title, { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText(company.tagline)).toBeInTheDocument();
    expect(screen.getByText(edition.companyName, { selector: 'h2' })).toBeInTheDocument();
    for (const paragraph of home.about.text) expect(screen.getByText(paragraph)).toBeInTheDocument();
    const values = screen.getByLabelText(edition.values);
    const cards = within(values).getAllByRole('heading', { level: 2 });
    expect(cards.map((card) => card.textContent)).toEqual(edition.cards);
    expect(cards[0]!.nextElementSibling).toHaveTextContent(edition.story);
    expect(screen.getByText(edition.browseProducts).closest('a')).toHaveAttribute('href', '/our-products');
    expect(within(screen.getByLabelText(edition.partnerBrands)).getAllByRole('listitem')).toHaveLength(16);
    if (locale === 'ar') expectNoEnglishText();
  });
});

describe('AboutPage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('has the breadcrumb, the hero, the company intro, the four cards and the partners', () => {
    renderInSite(<AboutPage />, { route: '/about' });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Crescent Electrical Trading' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'What we stand for' })).getAllByRole('heading', { level: 2 });
    expect(cards.map((card) => card.textContent)).toEqual([
      'Our Story',
      'Our Excellence',
      'Our Approach',
      'Our Commitment',
    ]);
    expect(cards[0]!.nextElementSibling).toHaveTextContent('1995');
    expect(screen.getByRole('heading', { level: 2, name: 'Our Partners' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Partner brands' })).getAllByRole('listitem')).toHaveLength(16);
  });

  it('gives every picture a size and alt text', () => {
    renderInSite(<AboutPage />, { route: '/about' });
    for (const image of document.querySelectorAll('img')) {
      expect(image).toHaveAttribute('alt');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });
});
