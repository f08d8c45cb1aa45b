// The company pages on Arabic pages (/ar/home, /ar/about, …): every text in Arabic, the site's data from the Arabic
// edition of its files (/data/ar/…, through the store's fetch), loaded by the server for the first view
// (loadFirstView) or in the browser for a page opened later, codes and e-mail addresses kept left to right.
// Queries: a role query computes every candidate's styles and name, which on a whole Arabic page took seconds each; so
// one query finds a labelled part of the page (getByLabelText, or a role query where few elements have the role), role
// queries run within() it, and copy is found by its text (a heading by its text and its element).
import type { ReactElement } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderInSite } from '@test/render';
import { requestsSent, server } from '@test/msw';
import { arabicEdition, dataEdition } from '@site/content/arabic-edition';
import { categoryImagePath, company as englishCompany, TEASER_CATEGORY_IDS } from '@site/content';
import { makeStore, type LoadFirstView } from '@site/shared-store';
import { setReducedMotion } from '@site/shared-ui/testing';
import english from '../i18n/en.json';
import { arabicStore, englishHomeStore, serveArabicEditions, serveEnglishCategories } from '../testing/handlers';
import HomePage, { loadFirstView as loadHomeFirstView } from '../home/HomePage';
import AboutPage from '../about/AboutPage';
import CertificatesPage, { loadFirstView as loadCertificatesFirstView } from '../certificates/CertificatesPage';
import ManagementPage from '../management/ManagementPage';
import ProjectsPage from '../projects/ProjectsPage';
import CareersPage from '../careers/CareersPage';

const home = arabicEdition('home.json');
const company = arabicEdition('company.json');
const categories = arabicEdition('products-category.json');
const englishCategories = dataEdition('en', 'products-category.json');
const certificates = arabicEdition('certificates.json');
const projects = arabicEdition('projects.json');
const team = arabicEdition('our-team.json');

const LOADING = 'جارٍ التحميل...';

/** Renders `ui` as on an Arabic page, with the store's fetch reading the Arabic edition. */
const renderArabic = (ui: ReactElement, route: string, store = arabicStore()) => renderInSite(ui, { route, locale: 'ar', store });

/** Waits until the page's data has arrived and drawn. */
const loaded = () => waitFor(() => expect(screen.queryAllByText(LOADING)).toEqual([]));

/** The server's call of a page's loadFirstView for an edition. */
const firstViewContext = (store: ReturnType<typeof arabicStore>, locale: 'en' | 'ar') =>
  ({ dispatch: store.dispatch, params: {}, locale }) as Parameters<LoadFirstView>[0];

/** The English catalog's texts (those without arguments): none may show on an Arabic page. */
const ENGLISH_TEXTS = Object.values(english).filter((message) => !message.includes('{') && !message.includes('<'));

function expectNoEnglishText() {
  const visible = document.body.textContent ?? '';
  for (const message of ENGLISH_TEXTS) expect(visible).not.toContain(message);
  const labels = [...document.querySelectorAll('[aria-label], [alt], [title]')].flatMap((element) =>
    ['aria-label', 'alt', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  for (const message of ENGLISH_TEXTS) expect(labels).not.toContain(message);
}

let scrollTo: jest.SpyInstance;
beforeEach(() => {
  serveArabicEditions();
  setReducedMotion(true);
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => scrollTo.mockRestore());

describe('HomePage in Arabic', () => {
  it('opened in the browser: loads the Arabic home and categories, then shows every block in Arabic', async () => {
    renderArabic(<HomePage />, '/home');
    expect(screen.getByTestId('spinner').closest('[role="status"]')).toHaveTextContent(LOADING);
    await loaded();
    expect(requestsSent().sort()).toEqual(['GET /data/ar/home.json', 'GET /data/ar/products-category.json']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('المنتجات الكهربائية والحلول الصناعية');
    expect(screen.getByRole('region', { name: 'أبرز إنجازاتنا' })).toBeInTheDocument();
    const products = screen.getByText('منتجاتنا', { selector: 'h2' }).closest('section')!;
    expect(within(products).getByRole('link', { name: 'عرض جميع المنتجات' })).toHaveAttribute('href', '/our-products');
    const cards = within(within(products).getByLabelText('فئات منتجات مختارة')).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(TEASER_CATEGORY_IDS.map((id) => `/our-products/${id}`));
    TEASER_CATEGORY_IDS.forEach((id, i) => {
      const category = categories.find((c) => c.id === id)!;
      expect(cards[i]).toHaveTextContent(category.title);
      expect(cards[i]!.querySelector('img')).toHaveAttribute('src', categoryImagePath(category.image));
    });
    const about = screen.getByText('من نحن', { selector: 'h2' }).closest('section')!;
    expect(within(about).getByRole('link', { name: 'المزيد عنّا' })).toHaveAttribute('href', '/about');
    const figures = within(within(about).getByLabelText('أرقامنا')).getAllByRole('listitem');
    const FIGURES = [['1000+', 'عملاء نخدمهم'], ['10+', 'دول نعمل فيها'], ['200+', 'كتالوج المنتجات'], ['150+', 'مورّدون حول العالم']];
    // Western digits (reduced motion: the final figures at once).
    figures.forEach((item, i) => expect(within(item).getByTestId('count-up-digits').textContent).toBe(FIGURES[i]![0]));
    figures.forEach((item, i) => expect(item).toHaveTextContent(FIGURES[i]![1]!));
    const partnersSection = screen.getByText('شركاؤنا', { selector: 'h2' }).closest('section')!;
    expect(within(partnersSection).getByText('موزّعون معتمدون لكبرى العلامات التجارية العالمية')).toBeInTheDocument();
    const partners = within(within(partnersSection).getByRole('list', { name: 'العلامات التجارية الشريكة' })).getAllByRole('img');
    expect(partners.map((logo) => logo.getAttribute('alt'))).toEqual(home.partners.items.map((partner) => partner.alt));
    expect(partners[2]).toHaveAccessibleName('شعار Raychem');
    expectNoEnglishText();
  });

  it('drawn by the server: its loadFirstView loads the Arabic texts, and the page shows them at once without fetching', async () => {
    const store = arabicStore();
    await loadHomeFirstView(firstViewContext(store, 'ar'));
    const fetchedByServer = requestsSent().length;
    expect(fetchedByServer).toBe(2);
    renderArabic(<HomePage />, '/home', store);
    expect(screen.queryAllByText(LOADING)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(home.slides[0]!.heading);
    expect(requestsSent()).toHaveLength(fetchedByServer);
  });

  it("an English page loads only the teaser's categories (its texts are in the bundle), on the server or in the browser", async () => {
    serveEnglishCategories();
    const english = makeStore();
    await loadHomeFirstView(firstViewContext(english, 'en'));
    await loadCertificatesFirstView(firstViewContext(english, 'en'));
    expect(requestsSent()).toEqual(['GET /data/products-category.json']);
    // what the server sends with the page is the state the synchronous English tests start from
    expect(english.getState().companyContent).toEqual(englishHomeStore().getState().companyContent);
    renderInSite(<HomePage />, { route: '/home', store: english });
    const englishProducts = screen.getByText('Our Products', { selector: 'h2' }).closest('section')!;
    expect(within(within(englishProducts).getByLabelText('Featured product categories')).getAllByRole('link').map((card) => card.textContent)).toEqual(
      TEASER_CATEGORY_IDS.map((id) => englishCategories.find((category) => category.id === id)!.title),
    );
    expect(requestsSent()).toHaveLength(1);
  });

  it('opened in the browser in English: waits for the categories, then shows the page with their titles', async () => {
    serveEnglishCategories();
    renderInSite(<HomePage />, { route: '/home' });
    expect(screen.getByTestId('spinner').closest('[role="status"]')).toHaveTextContent('Loading...');
    const teaser = await screen.findByLabelText('Featured product categories');
    expect(within(teaser).getAllByRole('link', { name: /Cable Jointing Kit|Industrial Plugs/ })).toHaveLength(2);
    expect(requestsSent()).toEqual(['GET /data/products-category.json']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Electrical Products & Industrial Solutions');
  });

  it('says so in Arabic when the texts cannot be loaded, and tries again', async () => {
    server.use(http.get('/data/ar/home.json', () => HttpResponse.json({ error: 'down' }, { status: 500 }), { once: true }));
    renderArabic(<HomePage />, '/home');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل هذه الصفحة حاليًا. يُرجى التحقق من الاتصال والمحاولة مرة أخرى.');
    fireEvent.click(within(alert).getByRole('button'));
    await loaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(home.slides[0]!.heading);
  });
});

describe('AboutPage in Arabic', () => {
  it('shows the breadcrumb, hero, introduction, the four cards and the partners in Arabic', async () => {
    renderArabic(<AboutPage />, '/about');
    await loaded();
    const breadcrumb = screen.getByRole('navigation');
    expect(within(breadcrumb).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('من نحن', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText(company.tagline)).toBeInTheDocument();
    expect(screen.getByText('الهلال للتجارة الكهربائية', { selector: 'h2' })).toBeInTheDocument();
    for (const paragraph of home.about.text) expect(screen.getByText(paragraph)).toBeInTheDocument();
    const values = screen.getByLabelText('ما نؤمن به');
    const cards = within(values).getAllByRole('heading', { level: 2 });
    expect(cards.map((card) => card.textContent)).toEqual(['قصتنا', 'تميّزنا', 'نهجنا', 'التزامنا']);
    expect(cards[0]!.nextElementSibling).toHaveTextContent('تأسّسنا في دبي عام 1995');
    expect(screen.getByText('تصفّح منتجاتنا').closest('a')).toHaveAttribute('href', '/our-products');
    expect(within(screen.getByLabelText('العلامات التجارية الشريكة')).getAllByRole('listitem')).toHaveLength(16);
    expectNoEnglishText();
  });
});

describe('CertificatesPage in Arabic', () => {
  it('shows the certificates and Quality Assurance in Arabic, each standard kept left to right', async () => {
    renderArabic(<CertificatesPage />, '/certificates');
    expect(screen.getByText('الشهادات', { selector: 'h1' })).toBeInTheDocument();
    await loaded();
    for (const certificate of certificates) {
      const open = screen.getByLabelText(`انقر لعرض ${certificate.title}`, { selector: 'button' });
      expect(within(open).getByRole('img')).toHaveAttribute('alt', certificate.alt);
      const caption = screen.getByText(certificate.title, { selector: 'h2' }).nextElementSibling as HTMLElement;
      expect(caption).toHaveTextContent(`${certificate.standard} · صادرة عن ${certificate.issuer}`);
      expect(caption.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
      expect(caption.querySelector('bdi')).toHaveTextContent('ISO 9001:2015');
    }
    expect(screen.getByText('ضمان الجودة', { selector: 'h2' }).nextElementSibling!.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByText('تخزين مضبوط في مستودعاتنا ومناولة موثّقة حتى موقع العميل.')).toBeInTheDocument();
    expectNoEnglishText();

    fireEvent.click(screen.getByLabelText(`انقر لعرض ${certificates[1]!.title}`, { selector: 'button' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(certificates[1]!.title);
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', certificates[1]!.alt);
  });
});

describe('ProjectsPage in Arabic', () => {
  it('shows the seven projects with Arabic titles and alt texts', async () => {
    renderArabic(<ProjectsPage />, '/our-projects');
    expect(screen.getByText('مشاريعنا', { selector: 'h1' })).toBeInTheDocument();
    await loaded();
    const cards = within(screen.getByLabelText('المشاريع', { selector: 'ul' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(projects.map((project) => project.title));
    expect(cards[0]).toHaveTextContent('مدينة الحبتور');
    cards.forEach((card, i) => expect(within(card).getByRole('img')).toHaveAttribute('alt', projects[i]!.alt));
    expectNoEnglishText();
  });
});

describe('CareersPage in Arabic', () => {
  it('advertises the vacancy in Arabic, the e-mail address kept left to right, the subject of the mail in Arabic', async () => {
    renderArabic(<CareersPage />, '/career-opportunities');
    expect(screen.getByText('فرص العمل', { selector: 'h1' })).toBeInTheDocument();
    await loaded();
    const advert = screen.getByRole('article', { name: 'رئيس المبيعات – قسم النفط والغاز' });
    expect(advert).toHaveTextContent('تفتتح الهلال للتجارة الكهربائية قسمًا جديدًا للنفط والغاز');
    expect(advert).toHaveTextContent('منها 4-5 سنوات على الأقل في قطاع النفط والغاز.');
    const list = within(advert).getByRole('heading', { name: 'المسؤوليات' }).nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'تطوير محفظة المنتجات وقاعدة العملاء',
      'إدارة العلاقات الاستراتيجية',
      'تصميم استراتيجيات المبيعات وتنفيذها',
      'تنفيذ عملية المبيعات والإشراف عليها',
    ]);
    const mail = within(advert).getByRole('link', { name: englishCompany.careersEmail });
    expect(mail.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(decodeURIComponent(mail.getAttribute('href')!)).toBe(
      `mailto:${englishCompany.careersEmail}?subject=طلب توظيف: رئيس المبيعات – قسم النفط والغاز`,
    );
    expect(within(advert).getByText(/إدارة الموارد البشرية، الهلال للتجارة الكهربائية/)).toHaveTextContent(company.postalAddress);
    expect(company.postalAddress).toMatch(/دبي/);
    expect(advert).toHaveTextContent('تلتزم الهلال للتجارة الكهربائية بمبدأ تكافؤ الفرص في التوظيف.');
    expectNoEnglishText();
  });
});

describe('ManagementPage in Arabic', () => {
  it('loads the Arabic team, with the loading text in Arabic meanwhile', async () => {
    renderArabic(<ManagementPage />, '/management');
    expect(screen.getByText('الإدارة', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByTestId('spinner').closest('[role="status"]')).toHaveTextContent('جارٍ تحميل بيانات فريقنا...');
    const list = await screen.findByLabelText('فريقنا', { selector: 'ul' });
    expect(requestsSent()).toEqual(['GET /data/ar/our-team.json']);
    const cards = within(list).getAllByRole('listitem');
    team.forEach((member, i) => {
      expect(within(cards[i]!).getByText(member.name, { selector: 'h2' })).toBeInTheDocument();
      expect(within(cards[i]!).getByText(member.position)).toBeInTheDocument();
      expect(within(cards[i]!).getByRole('img')).toHaveAttribute('alt', member.altTextForImg);
    });
    expectNoEnglishText();
  });

  it('says in Arabic that the team could not be loaded', async () => {
    server.use(http.get('/data/ar/our-team.json', () => HttpResponse.json({}, { status: 500 })));
    renderArabic(<ManagementPage />, '/management');
    await act(async () => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل بيانات فريقنا حاليًا. يُرجى التحقق من الاتصال والمحاولة مرة أخرى.');
  });
});
