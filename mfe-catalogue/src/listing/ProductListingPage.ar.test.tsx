// The listing on an Arabic page (/ar/our-products/…): the catalogue API in Arabic, every text in Arabic, Western digits.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { RATINGS_API_PATH, catalogueListingApiPath } from '@site/contracts/api';
import { fetchProductsCategory } from '../categories/productsCategorySlice';
import { GLANDS_AR } from '../testing/arabicFixtures';
import { arabicStore, englishLeft } from '../testing/arabicPage';
import { product } from '../testing/catalogueFixtures';
import { arabicCatalogueHandlers, catalogueHandlers, listingApi } from '../testing/handlers';
import ProductListingPage from './ProductListingPage';

const renderAt = (category: string, store = arabicStore()) =>
  renderInSite(<ProductListingPage />, { route: `/our-products/${category}`, path: '/our-products/:productCategoryId', locale: 'ar', store });

const cardNames = () =>
  within(screen.getByRole('list', { name: `منتجات ${GLANDS_AR}` }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('ProductListingPage in Arabic', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers, ...arabicCatalogueHandlers);
    window.scrollTo = jest.fn();
  });

  it('asks the catalogue API in Arabic and shows the category, its count, sort and cards in Arabic', async () => {
    renderAt('industrial_cable_glands');
    expect(screen.getByText('جارٍ تحميل المنتجات')).toBeInTheDocument();
    expect(await screen.findByText('عرض 3 نتائج')).toBeInTheDocument();
    expect(requestsSent()).toContain(`GET ${catalogueListingApiPath('industrial_cable_glands')}?lang=ar`);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(GLANDS_AR);
    expect(heading.querySelector('span')).toHaveTextContent('الكابلات الصناعية');
    const breadcrumb = screen.getByRole('navigation').querySelector<HTMLElement>('[data-trail="wide"]')!;
    expect(within(breadcrumb).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByRole('link', { name: 'منتجاتنا' })).toHaveAttribute('href', '/our-products');
    expect(within(breadcrumb).getByText(GLANDS_AR)).toHaveAttribute('aria-current', 'page');
    expect(cardNames()).toEqual(['جلبة كابل أ', 'جلبة كابل ب', 'جلبة كابل ج']);
    expect(document.title).toBe(`${GLANDS_AR} | الهلال للتجارة الكهربائية`);

    const sort = screen.getByRole('combobox', { name: 'ترتيب المنتجات' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'الترتيب الافتراضي',
      'الترتيب حسب الأكثر طلبًا',
      'الترتيب حسب متوسط التقييم',
      'الترتيب حسب الأحدث',
      'الترتيب حسب السعر: من الأقل إلى الأعلى',
      'الترتيب حسب السعر: من الأعلى إلى الأقل',
    ]);
    fireEvent.change(sort, { target: { value: '5' } });
    // the test server answers every other order reversed (testing/handlers.ts listingApi)
    await waitFor(() => expect(cardNames()).toEqual(['جلبة كابل ج', 'جلبة كابل ب', 'جلبة كابل أ']));
    expect(requestsSent()).toContain(`GET ${catalogueListingApiPath('industrial_cable_glands')}?sort=5&lang=ar`);
    // Technical values and brand names only.
    expect(englishLeft(['Hex'])).toEqual([]);
  });

  it('writes prices in dirhams and ratings in Arabic, with Western digits and Arabic plurals', async () => {
    renderAt('industrial_cable_glands');
    const card = (await screen.findByRole('link', { name: /جلبة كابل ج/ })).closest('li')!;
    expect(within(card).getByText('4.5 درهم')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'التقييم 4.5 من 5 (تقييمان)' })).toBeInTheDocument();
    const rated = screen.getByRole('link', { name: /جلبة كابل أ/ }).closest('li')!;
    expect(within(rated).getByRole('img', { name: 'التقييم 3 من 5 (تقييم واحد)' })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /جلبة كابل ب/ })).getByText('السعر عند الطلب')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[٠-٩]/);
  });

  it('counts with the Arabic plural forms', async () => {
    const many = Array.from({ length: 11 }, (_, index) => product(`g${index}`, { productCategory: GLANDS_AR, productName: `جلبة ${index}` }));
    server.use(listingApi(undefined, many));
    renderAt('industrial_cable_glands');
    expect(await screen.findByText('عرض 11 نتيجة')).toBeInTheDocument();
  });

  it('names the category from the Arabic category list while its products load, else says "Products"', async () => {
    server.use(listingApi([], []));
    const store = arabicStore();
    await store.dispatch(fetchProductsCategory());
    renderAt('industrial_cable_glands', store);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(GLANDS_AR);
    expect(await screen.findByText('لم يُعثر على أي منتجات.')).toBeInTheDocument();
    expect(screen.getByText('لا توجد نتائج')).toBeInTheDocument();
  });

  it('names an unknown category "Products", never with English words from the address', async () => {
    renderAt('copper_bus_bars');
    expect(await screen.findByText('لم يُعثر على أي منتجات.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('المنتجات');
    expect(document.title).toBe('المنتجات | الهلال للتجارة الكهربائية');
    expect(englishLeft()).toEqual([]);
  });

  it('says in Arabic that the products could not be loaded, with a retry', async () => {
    let fail = true;
    server.use(http.get(catalogueListingApiPath('industrial_cable_glands'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)));
    renderAt('industrial_cable_glands');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل المنتجات.');
    expect(alert).not.toHaveTextContent('Could not load');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('عرض 3 نتائج')).toBeInTheDocument();
  });

  it('offers the pages of a long category in Arabic', async () => {
    const many = Array.from({ length: 30 }, (_, index) => product(`g${index}`, { productCategory: GLANDS_AR, productName: `جلبة ${index}` }));
    server.use(listingApi(undefined, many));
    renderAt('industrial_cable_glands');
    const pages = await screen.findByRole('navigation', { name: 'صفحات المنتجات' });
    expect(pages).toHaveTextContent('الصفحة 1 من 2');
    expect(within(pages).getByRole('link', { name: 'الصفحة التالية' })).toHaveAttribute('href', '/our-products/industrial_cable_glands?page=2');
    expect(englishLeft(['Hex'])).toEqual([]); // the brand's name only
  });

  it('says in Arabic when the ratings are missing while sorting by rating', async () => {
    server.use(http.get(RATINGS_API_PATH, () => HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 })));
    renderAt('industrial_cable_glands');
    fireEvent.change(await screen.findByRole('combobox', { name: 'ترتيب المنتجات' }), { target: { value: '3' } });
    expect(screen.getByRole('alert')).toHaveTextContent('تعذّر تحميل تقييمات المنتجات. تظهر المنتجات التي لا يتوفر لها تقييم في آخر القائمة.');
  });
});
