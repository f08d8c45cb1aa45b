// What a listing's cards and count say of their products' prices, in each edition: a family of sizes priced
// differently "from" its lowest price, a product with quantity breaks "from" its lowest break (in AED and in the
// visitor's currency, as the server converted it), fils always in two digits, and one result said in the singular.
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

/**
 * The category's listing answer: these products, `priceFrom` those whose variants are priced differently or have
 * breaks, and `more` (a break's lower price, the prices in another currency).
 */
const listing = (products: Product[], priceFrom: string[], more: Partial<ListingResponse> = {}) =>
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
      ...more,
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
    fromBreak: 'from AED 11',
    fromBreakOmr: 'from OMR 1.152',
  },
  {
    locale: 'ar' as const,
    one: 'عرض نتيجة واحدة',
    three: 'عرض 3 نتائج',
    from: 'ابتداءً من 12 درهم',
    fils: '13.50 درهم',
    whole: '18 درهم',
    fromBreak: 'ابتداءً من 11 درهم',
    fromBreakOmr: 'ابتداءً من 1.152 ريال عُماني',
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

  it('says a product with quantity breaks "from" its lowest break, in AED and in the currency the server converted to', async () => {
    // one size at AED 13.50 with 50+ 12.50 and 250+ 11.00: the card's price is the lowest a buyer can get
    server.use(listing([SHROUD, WHOLE], [SHROUD.id], { fromPrices: { [SHROUD.id]: 11 } }), ...catalogueHandlers);
    const { unmount } = renderListing();
    await screen.findByText(edition.fromBreak);
    expect(within(card(SHROUD.productName)).getByText(edition.fromBreak)).toBeInTheDocument();
    expect(within(card(SHROUD.productName)).queryByText(edition.fils)).toBeNull();
    expect(within(card(WHOLE.productName)).getByText(edition.whole)).toBeInTheDocument();
    unmount();

    server.use(
      listing([SHROUD], [SHROUD.id], {
        fromPrices: { [SHROUD.id]: 11 },
        display: { currency: 'OMR', amounts: { '13.5': '1.414', '11': '1.152' } },
      }),
      ...catalogueHandlers,
    );
    renderListing();
    await screen.findByText(edition.fromBreakOmr);
    expect(within(card(SHROUD.productName)).getByText(edition.fromBreakOmr)).toBeInTheDocument();
  });
});
