// The home page (/home, /ar/home): first the cases run for each edition, with that edition's texts and data (the
// Arabic one loaded from /data/ar/…, on the server or in the browser); then the English behaviour cases.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderInSite } from '@test/render';
import { requestsSent, server } from '@test/msw';
import { dataEdition } from '@site/content/arabic-edition';
import { brandLogoPath, categoryImagePath, findCategory, TEASER_CATEGORY_IDS } from '@site/content';
import { makeStore } from '@site/shared-store';
import { setReducedMotion, useScrollAnimationMocks } from '@site/shared-ui/testing';
import { englishHomeStore, serveEnglishCategories } from '../testing/handlers';
import {
  editionStore,
  expectNoEnglishText,
  firstViewContext,
  LOADING,
  loaded,
  renderEdition,
  serveEditions,
} from '../testing/editionPage';
import { loadFirstView as loadCertificatesFirstView } from '../certificates/CertificatesPage';
import HomePage, { loadFirstView as loadHomeFirstView } from './HomePage';

const TEASER = [
  'industrial_plugs_and_sockets',
  'cable_jointing_kit',
  'flexiblerigid_conduit_and_accessories',
  'Resin_Jointing_Kits',
];
const PARTNERS = [
  'PCE',
  '3M',
  'Raychem',
  'Barton',
  'Oxford',
  'MK',
  'Legrand',
  'Hex',
  'Breeze',
  'Ashfield',
  'Elite',
  'MESC',
  'Schneider',
  'Marechal Electric',
  'Hager',
  'Simplex',
];
const COUNTERS = [
  ['1000+', 'Customers Served'],
  ['10+', 'Countries in Operation'],
  ['200+', 'Products Catalogue'],
  ['150+', 'Suppliers Across Globe'],
];

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** /home as the server draws it: the teaser's categories are in the first view's state (loading them: the cases below). */
const renderHome = () => renderInSite(<HomePage />, { route: '/home', store: englishHomeStore() });

/** What each edition's home page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    /** The files a home page opened in the browser loads: English pages have the texts in the bundle. */
    loads: ['GET /data/products-category.json'],
    /** The file whose failure leaves the page without its texts. */
    failing: '/data/products-category.json',
    heading: 'Electrical Products & Industrial Solutions',
    highlights: 'Highlights',
    products: 'Our Products',
    viewAll: 'View All Products',
    featured: 'Featured product categories',
    about: 'About Us',
    moreAboutUs: 'More about us',
    figures: 'Our figures',
    figureLabels: COUNTERS.map(([, label]) => label!),
    partners: 'Our Partners',
    partnersSubtitle: 'Authorized Distributors of Leading Global Brands',
    partnerBrands: 'Partner brands',
    raychemLogo: 'Raychem logo',
    loadError: 'We could not load this page just now. Please check your connection and try again.',
  },
  {
    locale: 'ar' as const,
    loads: ['GET /data/ar/home.json', 'GET /data/ar/products-category.json'],
    failing: '/data/ar/home.json',
    heading: 'المنتجات الكهربائية والحلول الصناعية',
    highlights: 'أبرز إنجازاتنا',
    products: 'منتجاتنا',
    viewAll: 'عرض جميع المنتجات',
    featured: 'فئات منتجات مختارة',
    about: 'من نحن',
    moreAboutUs: 'المزيد عنّا',
    figures: 'أرقامنا',
    figureLabels: ['عملاء نخدمهم', 'دول نعمل فيها', 'كتالوج المنتجات', 'مورّدون حول العالم'],
    partners: 'شركاؤنا',
    partnersSubtitle: 'موزّعون معتمدون لكبرى العلامات التجارية العالمية',
    partnerBrands: 'العلامات التجارية الشريكة',
    raychemLogo: 'شعار Raychem',
    loadError: 'تعذّر تحميل هذه الصفحة حاليًا. يُرجى التحقق من الاتصال والمحاولة مرة أخرى.',
  },
];

describe.each(EDITIONS)('HomePage in each edition ($locale)', (edition) => {
  const { locale } = edition;
  const home = dataEdition(locale, 'home.json');
  const categories = dataEdition(locale, 'products-category.json');
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    serveEditions();
    setReducedMotion(true);
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it("opened in the browser: loads what the edition lacks, then shows every block in the page's language", async () => {
    renderEdition(<HomePage />, '/home', locale);
    expect(screen.getByTestId('spinner').closest('[role="status"]')).toHaveTextContent(LOADING[locale]);
    await loaded(locale);
    expect(requestsSent().sort()).toEqual(edition.loads);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(edition.heading);
    expect(screen.getByRole('region', { name: edition.highlights })).toBeInTheDocument();
    const products = screen.getByText(edition.products, { selector: 'h2' }).closest('section')!;
    expect(within(products).getByRole('link', { name: edition.viewAll })).toHaveAttribute('href', '/our-products');
    const cards = within(within(products).getByLabelText(edition.featured)).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(
      TEASER_CATEGORY_IDS.map((id) => `/our-products/${id}`),
    );
    TEASER_CATEGORY_IDS.forEach((id, i) => {
      const category = categories.find((c) => c.id === id)!;
      expect(cards[i]).toHaveTextContent(category.title);
      expect(cards[i]!.querySelector('img')).toHaveAttribute('src', categoryImagePath(category.image));
    });
    const about = screen.getByText(edition.about, { selector: 'h2' }).closest('section')!;
    expect(within(about).getByRole('link', { name: edition.moreAboutUs })).toHaveAttribute('href', '/about');
    const figures = within(within(about).getByLabelText(edition.figures)).getAllByRole('listitem');
    // Western digits (reduced motion: the final figures at once).
    figures.forEach((item, i) => expect(within(item).getByTestId('count-up-digits').textContent).toBe(COUNTERS[i]![0]));
    figures.forEach((item, i) => expect(item).toHaveTextContent(edition.figureLabels[i]!));
    const partnersSection = screen.getByText(edition.partners, { selector: 'h2' }).closest('section')!;
    expect(within(partnersSection).getByText(edition.partnersSubtitle)).toBeInTheDocument();
    const partners = within(within(partnersSection).getByRole('list', { name: edition.partnerBrands })).getAllByRole(
      'img',
    );
    expect(partners.map((logo) => logo.getAttribute('alt'))).toEqual(home.partners.items.map((partner) => partner.alt));
    expect(partners[2]).toHaveAccessibleName(edition.raychemLogo);
    if (locale === 'ar') expectNoEnglishText();
  });

  it('drawn by the server: its loadFirstView loads what the edition lacks, and the page shows it at once without fetching', async () => {
    const store = editionStore(locale);
    await loadHomeFirstView(firstViewContext(store, locale));
    const fetchedByServer = requestsSent().length;
    expect(fetchedByServer).toBe(edition.loads.length);
    renderEdition(<HomePage />, '/home', locale, store);
    expect(screen.queryAllByText(LOADING[locale])).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(home.slides[0]!.heading);
    expect(requestsSent()).toHaveLength(fetchedByServer);
  });

  it('says so when its data cannot be loaded, and tries again', async () => {
    server.use(http.get(edition.failing, () => HttpResponse.json({ error: 'down' }, { status: 500 }), { once: true }));
    renderEdition(<HomePage />, '/home', locale);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(edition.loadError);
    fireEvent.click(within(alert).getByRole('button'));
    await loaded(locale);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(home.slides[0]!.heading);
  });
});

describe('HomePage on an English page drawn by the server', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    setReducedMotion(true);
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it("loads only the teaser's categories (its texts are in the bundle), on the server or in the browser", async () => {
    serveEnglishCategories();
    const english = makeStore();
    await loadHomeFirstView(firstViewContext(english, 'en'));
    await loadCertificatesFirstView(firstViewContext(english, 'en'));
    expect(requestsSent()).toEqual(['GET /data/products-category.json']);
    // what the server sends with the page is the state the synchronous English tests start from
    expect(english.getState().companyContent).toEqual(englishHomeStore().getState().companyContent);
    renderInSite(<HomePage />, { route: '/home', store: english });
    const englishProducts = screen.getByText('Our Products', { selector: 'h2' }).closest('section')!;
    expect(
      within(within(englishProducts).getByLabelText('Featured product categories'))
        .getAllByRole('link')
        .map((card) => card.textContent),
    ).toEqual(
      TEASER_CATEGORY_IDS.map(
        (id) => dataEdition('en', 'products-category.json').find((category) => category.id === id)!.title,
      ),
    );
    expect(requestsSent()).toHaveLength(1);
  });
});

describe('HomePage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    scrollTo.mockRestore();
    jest.useRealTimers();
  });

  it('has the page title as its one h1 and the four blocks in order', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Electrical Products & Industrial Solutions');
    const order = [
      screen.getByRole('region', { name: 'Highlights' }),
      screen.getByRole('heading', { level: 2, name: 'Our Products' }),
      screen.getByRole('heading', { level: 2, name: 'About Us' }),
      screen.getByRole('heading', { level: 2, name: 'Our Partners' }),
    ];
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('shows the Our Products teaser: View All Products and the four category cards', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/our-products');
    const cards = within(screen.getByRole('list', { name: 'Featured product categories' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(TEASER.map((id) => `/our-products/${id}`));
    TEASER.forEach((id, i) => {
      const category = findCategory(id)!;
      expect(cards[i]).toHaveTextContent(category.title);
      const image = cards[i]!.querySelector('img')!;
      expect(image).toHaveAttribute('src', categoryImagePath(category.image));
      // At the first screen's edge: loaded with the page (an Arabic page's largest paint is the first card's picture).
      expect(image).not.toHaveAttribute('loading', 'lazy');
    });
  });

  it('a teaser card opens its category', () => {
    renderHome();
    fireEvent.click(screen.getByRole('link', { name: /Cable Jointing Kit/ }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/cable_jointing_kit');
  });

  it('shows the claims of the home page', () => {
    renderHome();
    const text = document.body.textContent ?? '';
    for (const claim of [
      '30+ years',
      'since 1995',
      'ISO 9001:2008',
      'first electrical trading company in the UAE',
      '1,000+ customers',
      '10+ countries',
      '150+ global suppliers',
    ]) {
      expect(text).toContain(claim);
    }
  });

  it('shows the partners subtitle and 16 logo cards, lazily loaded, with a 0.1 s stagger', () => {
    renderHome();
    expect(screen.getByText('Authorized Distributors of Leading Global Brands')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Partner brands' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(PARTNERS);
    cards.forEach((card, i) => {
      expect(card).toHaveStyle({ transitionDelay: `${Math.round(i * 100) / 1000}s` });
      const logo = within(card).getByRole('img');
      expect(logo).toHaveAttribute('loading', 'lazy');
      expect(logo.getAttribute('src')).toMatch(/^\/images\/brands\/[a-z0-9-]+\.svg$/);
      expect(logo).toHaveAccessibleName(/logo$/);
    });
    expect(within(cards[13]!).getByRole('img')).toHaveAttribute('src', brandLogoPath('marechal'));
  });
});

describe('HomePage counters', () => {
  const observer = useScrollAnimationMocks();
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  const figures = () => within(screen.getByRole('list', { name: 'Our figures' })).getAllByRole('listitem');
  const digits = () => figures().map((item) => within(item).getByTestId('count-up-digits').textContent);

  it('count up over 5 s once scrolled into view, to 1000+, 10+, 200+ and 150+', () => {
    renderHome();
    expect(figures().map((item) => item.textContent)).toEqual(COUNTERS.map(([value, label]) => `${value}0+${label}`));
    advance(3000);
    expect(digits()).toEqual(['0+', '0+', '0+', '0+']);
    for (const item of figures()) observer().scrollIntoView(within(item).getByTestId('count-up-digits').parentElement!);
    advance(2500);
    const midway = digits().map((text) => Number.parseInt(text ?? '', 10));
    COUNTERS.forEach(([value], i) => expect(midway[i]).toBeLessThan(Number.parseInt(value!, 10)));
    advance(2600);
    expect(digits()).toEqual(COUNTERS.map(([value]) => value));
  });
});
