import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { RATINGS_API_PATH, catalogueListingApiPath } from '@site/contracts/api';
import { selectQuoteLines } from '@site/shared-store';
import { fetchProductsCategory } from '../categories/productsCategorySlice';
import { GLANDS_AR } from '../testing/arabicFixtures';
import { editionStore, englishLeft } from '../testing/arabicPage';
import { product } from '../testing/catalogueFixtures';
import { arabicCatalogueHandlers, catalogueHandlers, listingApi } from '../testing/handlers';
import { shownText } from '../testing/shownText';
import { cardNames } from '../testing/cardNames';
import ProductListingPage from './ProductListingPage';

const renderAt = (category: string) =>
  renderInSite(<ProductListingPage />, {
    route: `/our-products/${category}`,
    path: '/our-products/:productCategoryId',
  });

const GLANDS_API = catalogueListingApiPath('industrial_cable_glands');

/** The listing in each edition (/ar/our-products/… in Arabic): the catalogue API asked in the page's language, its texts in it, Western digits. */
const EDITIONS = [
  {
    locale: 'en' as const,
    handlers: catalogueHandlers,
    glands: 'Industrial Cable Glands',
    glandsShort: 'Cable Glands',
    gland: 'Gland',
    cards: ['Gland A', 'Gland B', 'Gland C'],
    home: 'Home',
    ourProducts: 'Our Products',
    title: (name: string) => `${name} | Crescent Electrical Trading`,
    listLabel: 'Industrial Cable Glands products',
    asked: { first: '', sorted: '?sort=5' },
    loading: 'Loading products',
    count: { 0: 'Showing 0 results', 3: 'Showing 3 results', 11: 'Showing 11 results' } as Record<number, string>,
    sortLabel: 'Sort products',
    sorts: [
      'Default Sorting',
      'Sort by popularity',
      'Sort by average rating',
      'Sort by newness',
      'Sort by price: low to high',
      'Sort by price: high to low',
    ],
    price: 'AED 4.50',
    ratings: { two: 'Rated 4.5 out of 5 (2 reviews)', one: 'Rated 3 out of 5 (1 review)' },
    priceOnRequest: 'Price on request',
    empty: 'No Products were found.',
    /** English names an unknown category from its address; Arabic cannot, and says "Products". */
    unknownCategory: 'Copper Bus Bars',
    loadFailed: `Could not load ${GLANDS_API} (HTTP 500)`,
    pages: 'Pages of products',
    pageOf: 'Page 1 of 2',
    nextPage: 'Next page',
    /** The server's own message in English; the Arabic page says it in Arabic. */
    ratingsFailed: 'Reviews could not be loaded right now. Products without a known rating are listed last.',
  },
  {
    locale: 'ar' as const,
    handlers: [...catalogueHandlers, ...arabicCatalogueHandlers],
    glands: GLANDS_AR,
    glandsShort: 'الكابلات الصناعية',
    gland: 'جلبة',
    cards: ['جلبة كابل أ', 'جلبة كابل ب', 'جلبة كابل ج'],
    home: 'الرئيسية',
    ourProducts: 'منتجاتنا',
    title: (name: string) => `${name} | الهلال للتجارة الكهربائية`,
    listLabel: `منتجات ${GLANDS_AR}`,
    asked: { first: '?lang=ar', sorted: '?sort=5&lang=ar' },
    loading: 'جارٍ تحميل المنتجات',
    count: { 0: 'لا توجد نتائج', 3: 'عرض 3 نتائج', 11: 'عرض 11 نتيجة' } as Record<number, string>,
    sortLabel: 'ترتيب المنتجات',
    sorts: [
      'الترتيب الافتراضي',
      'الترتيب حسب الأكثر طلبًا',
      'الترتيب حسب متوسط التقييم',
      'الترتيب حسب الأحدث',
      'الترتيب حسب السعر: من الأقل إلى الأعلى',
      'الترتيب حسب السعر: من الأعلى إلى الأقل',
    ],
    price: '4.50 درهم',
    ratings: { two: 'التقييم 4.5 من 5 (تقييمان)', one: 'التقييم 3 من 5 (تقييم واحد)' },
    priceOnRequest: 'السعر عند الطلب',
    empty: 'لم يُعثر على أي منتجات.',
    unknownCategory: 'المنتجات',
    loadFailed: 'تعذّر تحميل المنتجات.',
    pages: 'صفحات المنتجات',
    pageOf: 'الصفحة 1 من 2',
    nextPage: 'الصفحة التالية',
    ratingsFailed: 'تعذّر تحميل تقييمات المنتجات. تظهر المنتجات التي لا يتوفر لها تقييم في آخر القائمة.',
  },
];

describe.each(EDITIONS)('ProductListingPage in each edition ($locale)', (edition) => {
  const renderIn = (category: string, store?: ReturnType<typeof renderInSite>['store']) =>
    renderInSite(<ProductListingPage />, {
      route: `/our-products/${category}`,
      path: '/our-products/:productCategoryId',
      locale: edition.locale,
      ...(store ? { store } : {}),
    });
  const names = () =>
    within(screen.getByRole('list', { name: edition.listLabel }))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      product(`g${index}`, { productCategory: edition.glands, productName: `${edition.gland} ${index}` }),
    );

  beforeEach(() => {
    server.use(...edition.handlers);
    window.scrollTo = jest.fn();
  });

  it("asks the catalogue API in the edition's language and shows the category, its count, sort and cards in it", async () => {
    renderIn('industrial_cable_glands');
    expect(screen.getByText(edition.loading)).toBeInTheDocument();
    expect(await screen.findByText(edition.count[3]!)).toBeInTheDocument();
    expect(requestsSent()).toContain(`GET ${GLANDS_API}${edition.asked.first}`);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(edition.glands);
    expect(heading.querySelector('span')).toHaveTextContent(edition.glandsShort);
    const breadcrumb = screen.getByRole('navigation').querySelector<HTMLElement>('[data-trail="wide"]')!;
    expect(within(breadcrumb).getByRole('link', { name: edition.home })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByRole('link', { name: edition.ourProducts })).toHaveAttribute(
      'href',
      '/our-products',
    );
    expect(within(breadcrumb).getByText(edition.glands)).toHaveAttribute('aria-current', 'page');
    expect(names()).toEqual(edition.cards);
    expect(document.title).toBe(edition.title(edition.glands));

    const sort = screen.getByRole('combobox', { name: edition.sortLabel });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(edition.sorts);
    fireEvent.change(sort, { target: { value: '5' } });
    // the test server answers every other order reversed (testing/handlers.ts listingApi)
    await waitFor(() => expect(names()).toEqual([...edition.cards].reverse()));
    expect(requestsSent()).toContain(`GET ${GLANDS_API}${edition.asked.sorted}`);
    // Technical values and brand names only.
    if (edition.locale === 'ar') expect(englishLeft(['Hex'])).toEqual([]);
  });

  it("writes prices and ratings in the edition's language, with Western digits and its plurals", async () => {
    renderIn('industrial_cable_glands');
    const card = (await screen.findByRole('link', { name: new RegExp(edition.cards[2]!) })).closest('li')!;
    expect(within(card).getByText(edition.price)).toBeInTheDocument();
    // the stars follow the cards (visitors' data, drawn in a deferred render)
    expect(await within(card).findByRole('img', { name: edition.ratings.two })).toBeInTheDocument();
    const rated = screen.getByRole('link', { name: new RegExp(edition.cards[0]!) }).closest('li')!;
    expect(within(rated).getByRole('img', { name: edition.ratings.one })).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: new RegExp(edition.cards[1]!) })).getByText(edition.priceOnRequest),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[٠-٩]/);
  });

  it("counts with the edition's plural forms", async () => {
    server.use(listingApi(many(11), many(11)));
    renderIn('industrial_cable_glands');
    expect(await screen.findByText(edition.count[11]!)).toBeInTheDocument();
  });

  it('names the category from the category list while its products load', async () => {
    server.use(listingApi([], []));
    const store = editionStore(edition.locale);
    await store.dispatch(fetchProductsCategory());
    renderIn('industrial_cable_glands', store);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(edition.glands);
    expect(await screen.findByText(edition.empty)).toBeInTheDocument();
    expect(screen.getByText(edition.count[0]!)).toBeInTheDocument();
  });

  it('names an unknown category without a list to name it from', async () => {
    renderIn('copper_bus_bars');
    expect(await screen.findByText(edition.empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(edition.unknownCategory);
    expect(document.title).toBe(edition.title(edition.unknownCategory));
    // never with English words from the address
    if (edition.locale === 'ar') expect(englishLeft()).toEqual([]);
  });

  it('says that the products could not be loaded, with a retry', async () => {
    let fail = true;
    server.use(http.get(GLANDS_API, () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)));
    renderIn('industrial_cable_glands');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(edition.loadFailed);
    if (edition.locale === 'ar') expect(alert).not.toHaveTextContent('Could not load');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText(edition.count[3]!)).toBeInTheDocument();
  });

  it('offers the pages of a long category', async () => {
    server.use(listingApi(many(30), many(30)));
    renderIn('industrial_cable_glands');
    const pages = await screen.findByRole('navigation', { name: edition.pages });
    expect(pages).toHaveTextContent(edition.pageOf);
    expect(within(pages).getByRole('link', { name: edition.nextPage })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands?page=2',
    );
    if (edition.locale === 'ar') expect(englishLeft(['Hex'])).toEqual([]); // the brand's name only
  });

  it('says when the ratings are missing while sorting by rating', async () => {
    server.use(
      http.get(RATINGS_API_PATH, () =>
        HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 }),
      ),
    );
    renderIn('industrial_cable_glands');
    fireEvent.change(await screen.findByRole('combobox', { name: edition.sortLabel }), { target: { value: '3' } });
    expect(screen.getByRole('alert')).toHaveTextContent(edition.ratingsFailed);
  });
});

describe('ProductListingPage', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
  });

  it('shows the loader, then the category with its count, cards and title', async () => {
    renderAt('industrial_cable_glands');
    // Opening the page at its top is the shell's (ScrollToTopOnNavigation): on back it restores the position instead.
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Industrial Cable Glands');
    expect(heading.querySelector('span')).toHaveTextContent('Cable Glands');
    // The wide screen's trail (CSS shows it above 640 px; jsdom keeps both in the page).
    const breadcrumb = screen
      .getByRole('navigation', { name: 'Breadcrumb' })
      .querySelector<HTMLElement>('[data-trail="wide"]')!;
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByRole('link', { name: 'Our Products' })).toHaveAttribute('href', '/our-products');
    expect(within(breadcrumb).getByText('Industrial Cable Glands')).toHaveAttribute('aria-current', 'page');
    expect(cardNames()).toEqual(['Gland A', 'Gland B', 'Gland C']);
    expect(document.title).toBe('Industrial Cable Glands | Crescent Electrical Trading');
  });

  it('opens a product by the relative path of its id', async () => {
    renderAt('industrial_cable_glands');
    const noDetailsRoute = jest.spyOn(console, 'warn').mockImplementation(() => undefined); // this test has no details route
    fireEvent.click(await screen.findByRole('link', { name: /Gland B/ }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands/gland_b');
    noDetailsRoute.mockRestore();
  });

  it("adds a product from its card, the controls outside the card's link", async () => {
    const { store } = renderAt('industrial_cable_glands');
    const field = await screen.findByRole('textbox', { name: 'Quantity of Gland B' });
    const button = screen.getByRole('button', { name: 'Add Gland B to quote' });
    expect(field.closest('a')).toBeNull();
    expect(button.closest('a')).toBeNull();
    expect(button.closest('li')).toBe(screen.getByRole('link', { name: /Gland B/ }).closest('li'));
    expect(shownText(button)).toBe('Add to quote');
    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(button);
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'gland_b',
        code: 'GLAND-B',
        productCategoryId: 'industrial_cable_glands',
        image: 'gland_brass',
        unit: 'piece',
        quantity: 25,
        names: { en: 'Gland B' },
      }),
    ]);
    expect(within(button.closest('form')!).getByRole('status')).toHaveTextContent(
      'Added 25 pieces to your quote basket. View quote basket',
    );
  });

  it('asks the server for each of the six orders, keeps the choice in the address, and draws the answer as it comes', async () => {
    renderAt('industrial_cable_glands');
    const sort = await screen.findByRole('combobox', { name: 'Sort products' });
    expect(sort).toHaveValue('1');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
    for (const value of ['2', '3', '4', '5', '6']) {
      fireEvent.change(sort, { target: { value } });
      expect(screen.getByTestId('current-search')).toHaveTextContent(`?sort=${value}`);
      expect(sort).toHaveValue(value); // the choice shows at once; the cards follow the answer
      // the test server answers every other order reversed (testing/handlers.ts listingApi)
      await waitFor(() => expect(cardNames()).toEqual(['Gland C', 'Gland B', 'Gland A']));
      expect(requestsSent()).toContain(`GET ${catalogueListingApiPath('industrial_cable_glands')}?sort=${value}`);
    }
    fireEvent.change(sort, { target: { value: '1' } });
    expect(screen.getByTestId('current-search')).toBeEmptyDOMElement();
    await waitFor(() => expect(cardNames()).toEqual(['Gland A', 'Gland B', 'Gland C']));
  });

  it('starts from the order and the page its address names, and offers the pages before and after', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      product(`cable_${index + 1}`, {
        productCategoryId: 'cables',
        productCategory: 'Cables',
        productName: `Cable ${index + 1}`,
      }),
    );
    server.use(listingApi(many));
    renderInSite(<ProductListingPage />, {
      route: '/our-products/cables?sort=4&page=2',
      path: '/our-products/:productCategoryId',
    });
    expect(await screen.findByText('Showing 30 results')).toBeInTheDocument();
    expect(requestsSent()).toContain(`GET ${catalogueListingApiPath('cables')}?sort=4&page=2`);
    expect(screen.getByRole('combobox', { name: 'Sort products' })).toHaveValue('4');
    // page 2 of 24 a page, in the reversed order the test server gives sort 4
    expect(cardNames()).toEqual(['Cable 6', 'Cable 5', 'Cable 4', 'Cable 3', 'Cable 2', 'Cable 1']);
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).queryByRole('link', { name: 'Next page' })).toBeNull();
    fireEvent.click(within(pages).getByRole('link', { name: 'Previous page' }));
    expect(screen.getByTestId('current-search')).toHaveTextContent('?sort=4');
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    expect(cardNames()[0]).toBe('Cable 30');
    expect(screen.getByRole('navigation', { name: 'Pages of products' })).toHaveTextContent('Page 1 of 2');
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of products' })).getByRole('link', { name: 'Next page' }),
    ).toHaveAttribute('href', '/our-products/cables?sort=4&page=2');
    // Another page of the list: to its top (once; the listing's first page was not scrolled by the page).
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('has no pages to offer when the category fits on one', async () => {
    renderAt('industrial_cable_glands');
    await screen.findByText('Showing 3 results');
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('shows prices and ratings on the cards', async () => {
    renderAt('industrial_cable_glands');
    const card = (await screen.findByRole('link', { name: /Gland C/ })).closest('li')!;
    expect(within(card).getByText('AED 4.50')).toBeInTheDocument();
    // the stars follow the cards (visitors' data, drawn in a deferred render)
    expect(await within(card).findByRole('img', { name: 'Rated 4.5 out of 5 (2 reviews)' })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Gland B/ })).getByText('Price on request')).toBeInTheDocument();
  });

  it("says 'No Products were found.' and names an unknown category from its segment", async () => {
    renderAt('copper_bus_bars');
    expect(await screen.findByText('No Products were found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Copper Bus Bars');
  });

  it('shows a clear error with a retry instead of an endless loader', async () => {
    let fail = true;
    server.use(
      http.get(catalogueListingApiPath('industrial_cable_glands'), () =>
        fail ? new HttpResponse(null, { status: 500 }) : undefined,
      ),
    );
    renderAt('industrial_cable_glands');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Could not load ${catalogueListingApiPath('industrial_cable_glands')} (HTTP 500)`);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
  });

  it('tells when ratings are missing while sorting by rating, with a retry', async () => {
    server.use(
      http.get(RATINGS_API_PATH, () =>
        HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 }),
      ),
    );
    renderAt('industrial_cable_glands');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sort products' }), { target: { value: '3' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Reviews could not be loaded right now. Products without a known rating are listed last.',
    );
    expect(within(screen.getByRole('link', { name: /Gland C/ })).queryByRole('img', { name: /^Rated/ })).toBeNull();
  });
});
