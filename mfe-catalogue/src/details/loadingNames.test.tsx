// A product page opened in the browser (a listing's card, a search result) says what it knows while the product
// loads: the name the card showed, else no name; never one made from the address ('Hex Cw Brass Cable Gland').
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_PRODUCT_API_PATTERN, reviewsApiPath } from '@site/contracts/api';
import { listingViewOf } from '@site/contracts/listing-view';
import type { Locale } from '@site/contracts/locale';
import { editionStore } from '../testing/arabicPage';
import { product } from '../testing/catalogueFixtures';
import { catalogueHandlers, listingApi } from '../testing/handlers';
import { fetchProducts } from '../listing/productsSlice';
import ProductDetailsPage from './ProductDetailsPage';

const ID = 'hex_cw_brass_cable_gland';
const FROM_ADDRESS = 'Hex Cw Brass Cable Gland';

const EDITIONS = [
  {
    locale: 'en' as const,
    name: 'CW Brass Cable Gland (IP66)',
    category: 'Cable Glands',
    siteName: 'Crescent Electrical Trading',
    loading: 'Loading product details',
  },
  {
    locale: 'ar' as const,
    name: 'جلبة كابل نحاسية CW',
    category: 'جلب الكابلات',
    siteName: 'الهلال للتجارة الكهربائية',
    loading: 'جارٍ تحميل تفاصيل المنتج',
  },
];

describe.each(EDITIONS)('a product page while its product loads ($locale)', (edition) => {
  const card = product(ID, { productName: edition.name, productCategory: edition.category, price: 12 });

  beforeEach(() => {
    window.scrollTo = jest.fn();
    // the product's own answer takes its time: the page is seen loading
    server.use(
      http.get(CATALOGUE_PRODUCT_API_PATTERN, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
      http.get(reviewsApiPath(ID), () => HttpResponse.json({ reviews: [] })),
      listingApi([card], [card]),
      ...catalogueHandlers,
    );
  });

  const open = async (locale: Locale, fromListing: boolean) => {
    const store = editionStore(locale);
    if (fromListing)
      await store.dispatch(fetchProducts({ productCategoryId: 'industrial_cable_glands', view: listingViewOf('') }));
    renderInSite(<ProductDetailsPage />, {
      route: `/our-products/industrial_cable_glands/${ID}`,
      path: '/our-products/:productCategoryId/:productId',
      locale,
      store,
    });
    expect(await screen.findByText(edition.loading)).toBeInTheDocument();
    return within(screen.getByRole('navigation').querySelector<HTMLElement>('[data-trail="wide"]')!);
  };

  it("names the product and its category as the listing's card did, in the page's title too", async () => {
    const crumbs = await open(edition.locale, true);
    expect(crumbs.getByText(edition.name)).toHaveAttribute('aria-current', 'page');
    expect(crumbs.getByRole('link', { name: edition.category })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(document.title).toBe(`${edition.name} | ${edition.siteName}`);
    expect(document.body).not.toHaveTextContent(FROM_ADDRESS);
  });

  it('names no product when nothing holds it, and never one made from the address', async () => {
    const crumbs = await open(edition.locale, false);
    expect(crumbs.getByText('', { selector: '[aria-current="page"]' })).toBeEmptyDOMElement();
    expect(document.body).not.toHaveTextContent(FROM_ADDRESS);
  });
});
