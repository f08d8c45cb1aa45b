// What a listing's cards and count say of their products' prices, in each edition: a family of sizes priced
// differently "from" its lowest price, fils always in two digits, and one result said in the singular.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_LISTING_API_PATTERN } from '@site/contracts/api';
import { NO_FACETS, type ListingResponse } from '@site/contracts/catalogue-api';
import type { Product } from '@site/content';
import { editionStore } from '../testing/arabicPage';
import { product } from '../testing/catalogueFixtures';
import { catalogueHandlers } from '../testing/handlers';
import ProductListingPage from './ProductListingPage';

const FAMILY = product('hex_cw', { productName: 'CW Brass Cable Gland', price: 12 });
const SHROUD = product('shroud', { productName: 'PVC Shroud', price: 13.5 });
const WHOLE = product('bw', { productName: 'BW Gland', price: 18 });

/** The category's listing answer: these products, `priceFrom` those whose variants are priced differently. */
const listing = (products: Product[], priceFrom: string[]) =>
  http.get(CATALOGUE_LISTING_API_PATTERN, () =>
    HttpResponse.json({
      category: {
        id: 'industrial_cable_glands',
        title: 'Industrial Cable Glands',
        info: '',
        image: 'Industrial_Cable_Glands',
      },
      total: products.length,
      page: 1,
      pageSize: 12,
      products,
      brands: [],
      attributes: {},
      facets: NO_FACETS,
      priceFrom,
    } satisfies ListingResponse),
  );

const EDITIONS = [
  {
    locale: 'en' as const,
    one: 'Showing 1 result',
    three: 'Showing 3 results',
    from: 'from AED 12',
    fils: 'AED 13.50',
    whole: 'AED 18',
  },
  {
    locale: 'ar' as const,
    one: 'عرض نتيجة واحدة',
    three: 'عرض 3 نتائج',
    from: 'ابتداءً من 12 درهم',
    fils: '13.50 درهم',
    whole: '18 درهم',
  },
];

const card = (name: string) => screen.getByRole('link', { name: new RegExp(name) });

describe.each(EDITIONS)('a listing card ($locale)', (edition) => {
  const renderListing = () =>
    renderInSite(<ProductListingPage />, {
      route: '/our-products/industrial_cable_glands',
      path: '/our-products/:productCategoryId',
      locale: edition.locale,
      store: editionStore(edition.locale),
    });

  beforeEach(() => {
    window.scrollTo = jest.fn();
  });

  it('says one result in the singular, and a family priced differently from its lowest price', async () => {
    server.use(listing([FAMILY], [FAMILY.id]), ...catalogueHandlers);
    renderListing();
    expect(await screen.findByText(edition.one)).toBeInTheDocument();
    expect(within(card(FAMILY.productName)).getByText(edition.from)).toBeInTheDocument();
  });

  it('writes fils in two digits, a whole price without them, and "from" only where the variants differ', async () => {
    server.use(listing([FAMILY, SHROUD, WHOLE], [FAMILY.id]), ...catalogueHandlers);
    renderListing();
    expect(await screen.findByText(edition.three)).toBeInTheDocument();
    expect(within(card(FAMILY.productName)).getByText(edition.from)).toBeInTheDocument();
    expect(within(card(SHROUD.productName)).getByText(edition.fils)).toBeInTheDocument();
    expect(within(card(WHOLE.productName)).getByText(edition.whole)).toBeInTheDocument();
  });
});
