// What the catalogue's tests serve (with MSW, see tools/jest/msw.ts): its data files, the catalogue and reviews APIs, answering with
// the small records of catalogueFixtures.ts (no stock unless a test gives some: stockApi), and the Arabic edition's data files (/data/ar/*.json, arabicFixtures.ts) that
// an Arabic page's store reads (arabicPage.ts). A test that needs a failure, a wait or other data adds its own handler
// with server.use(...), which takes precedence over these.
import { http, HttpResponse } from 'msw';
import {
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_LISTING_API_PATTERN,
  CATALOGUE_PRODUCT_API_PATTERN,
  CATALOGUE_SEARCH_API_PATH,
  RATINGS_API_PATH,
  reviewsApiPath,
} from '@site/contracts/api';
import {
  LISTING_PAGE_SIZE,
  type CompareResponse,
  type CompareVariant,
  type DisplayPrices,
  type ListingResponse,
  type ProductResponse,
  type RelatedPart,
  type SearchResponse,
} from '@site/contracts/catalogue-api';
import type { Product, ProductDetail, ProductVariant, SearchResult } from '@site/content';
import { compareIdsOf } from '@site/contracts/compare-view';
import {
  STOCK_API,
  type AvailabilityAnswer,
  type StockDisplay,
  type VariantAvailability,
} from '@site/contracts/stock-api';
import { listingViewOf } from '@site/contracts/listing-view';
import { DETAIL, PRODUCTS, RATINGS, SEARCH_RESULTS, SEED_REVIEW } from './catalogueFixtures';
import { CATEGORIES_AR, DETAIL_AR, PRODUCTS_AR, SEARCH_RESULTS_AR } from './arabicFixtures';

/**
 * GET /api/catalogue/search over these entries, answering as the server does (server/src/catalogue/catalogueStore.ts,
 * tested there and in Playwright against the real one): the entries whose title, category or company contains the
 * text, any case, a page of them from `offset`, how many match in all, and the text as what to mark. `?lang=ar`: the
 * Arabic entries.
 */
export function searchApi(
  english: readonly SearchResult[] = SEARCH_RESULTS,
  arabic: readonly SearchResult[] = SEARCH_RESULTS_AR,
  /** The results page's cards' prices (facets=1): each result's, those said 'from', in another currency. */
  priced: Pick<SearchResponse, 'prices' | 'priceFrom' | 'display'> = {},
) {
  return http.get(CATALOGUE_SEARCH_API_PATH, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const needle = (params.get('q') ?? '').trim().toLocaleLowerCase();
    const entries = params.get('lang') === 'ar' ? arabic : english;
    const found =
      needle === ''
        ? []
        : entries.filter((entry) =>
            [entry.title, entry.productCategory, entry.company].some((field) =>
              field.toLocaleLowerCase().includes(needle),
            ),
          );
    // the results page's brand filter (facets=1): over every match, each brand counted
    const brands = listingViewOf(params).brands.filter((name) => found.some((entry) => entry.company === name));
    const matches = brands.length === 0 ? found : found.filter((entry) => brands.includes(entry.company));
    const offset = Number(params.get('offset') ?? 0);
    const results = matches.slice(offset, offset + Number(params.get('limit') ?? 20));
    const names = [...new Set(found.map((entry) => entry.company).filter(Boolean))].sort();
    const facets = {
      brands: names.map((name) => ({ name, count: found.filter((entry) => entry.company === name).length })),
      attributes: [],
      price: { min: null, max: null },
    };
    const answer: SearchResponse = {
      total: matches.length,
      offset,
      results,
      highlight: needle === '' ? [] : [needle],
      ...(params.get('facets') === '1' ? { facets, brands, attributes: {}, ...priced } : {}),
    };
    return HttpResponse.json(answer);
  });
}

/** One edition's records of the product API: details, listing records, and the variants of those that have them. */
interface ProductRecords {
  details: readonly ProductDetail[];
  listing: readonly Product[];
  /** By product id; a product without an entry has one variant: its listing record's code, unit and price. */
  variants?: Readonly<Record<string, readonly ProductVariant[]>>;
  /** By product id: its related parts as the answer carries them (none when absent). */
  related?: Readonly<Record<string, readonly RelatedPart[]>>;
  /** The prices in the visitor's currency, as the server converts them (docs/decisions/044); absent: AED. */
  display?: DisplayPrices;
}

/**
 * GET /api/catalogue/products/:productId over these records, as the server answers (catalogueRoutes.ts): the detail
 * record, the listing record and the variants of the product, in the language `?lang=` names, or the 404 of an
 * unknown id.
 */
export function productApi(
  english: ProductRecords = { details: [DETAIL], listing: PRODUCTS },
  arabic: ProductRecords = { details: [DETAIL_AR], listing: PRODUCTS_AR },
) {
  return http.get(CATALOGUE_PRODUCT_API_PATTERN, ({ params, request }) => {
    const edition = new URL(request.url).searchParams.get('lang') === 'ar' ? arabic : english;
    const product = edition.details.find((detail) => detail.id === params.productId);
    const listing = edition.listing.find((record) => record.id === params.productId);
    if (product === undefined || listing === undefined) {
      return HttpResponse.json(
        { error: `There is no product "${String(params.productId)}" in the catalogue` },
        { status: 404 },
      );
    }
    // a product without variants of its own in these records has one, as the server gives a product without a table of parts
    const variant = {
      code: listing.code,
      label: '',
      unit: listing.unit,
      ...(listing.price === undefined ? {} : { price: listing.price }),
    };
    const related = edition.related?.[listing.id];
    const answer: ProductResponse = {
      product,
      listing,
      variants: [...(edition.variants?.[listing.id] ?? [variant])],
      ...(related === undefined ? {} : { related: [...related] }),
      ...(edition.display === undefined ? {} : { display: edition.display }),
    };
    return HttpResponse.json(answer);
  });
}

/**
 * GET /api/catalogue/compare over these records, as the server answers (catalogueRoutes.ts): the ids the address
 * names (compareIdsOf), each product's records and variants, an unknown id as not found.
 */
export function compareApi(
  english: { details: readonly ProductDetail[]; listing: readonly Product[] } = {
    details: [DETAIL],
    listing: PRODUCTS,
  },
  arabic: { details: readonly ProductDetail[]; listing: readonly Product[] } = {
    details: [DETAIL_AR],
    listing: PRODUCTS_AR,
  },
  variants: Readonly<Record<string, CompareVariant[]>> = {},
  /** The prices in another currency, as the server converted them. */
  display?: CompareResponse['display'],
) {
  return http.get(CATALOGUE_COMPARE_API_PATH, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const edition = query.get('lang') === 'ar' ? arabic : english;
    const answer: CompareResponse = {
      products: compareIdsOf(query).map((id) => {
        const product = edition.details.find((detail) => detail.id === id);
        const listing = edition.listing.find((record) => record.id === id);
        if (product === undefined || listing === undefined) return { id, found: false };
        // a product of these records has one variant (its code and price) unless `variants` gives it several
        const only = {
          code: listing.code,
          label: '',
          unit: listing.unit,
          ...(listing.price === undefined ? {} : { price: listing.price }),
        };
        return { id, found: true, product, listing, variants: variants[id] ?? [only] };
      }),
      ...(display === undefined ? {} : { display }),
    };
    return HttpResponse.json(answer);
  });
}

/**
 * GET /api/catalogue/categories/:categoryId/products over these products: the category's record (made from its first
 * product), the total and one page (?page, ?pageSize), as the server answers; an unknown category is its 404. The
 * server's six orders are tested against the real one (server/src/catalogue, Playwright): here `?sort=` other than 1
 * answers the catalogue order reversed, so that a test sees a new order drawn as it came.
 */
export function listingApi(english: readonly Product[] = PRODUCTS, arabic: readonly Product[] = PRODUCTS_AR) {
  return http.get(CATALOGUE_LISTING_API_PATTERN, ({ params, request }) => {
    const query = new URL(request.url).searchParams;
    const inCategory = (query.get('lang') === 'ar' ? arabic : english).filter(
      (product) => product.productCategoryId === params.categoryId,
    );
    const first = inCategory[0];
    if (first === undefined)
      return HttpResponse.json(
        { error: `There is no category "${String(params.categoryId)}" in the catalogue` },
        { status: 404 },
      );
    // the filters as the server reads them (server/src/catalogue/catalogueStore.ts): brands of the category, any of
    // them; the price range; each brand counted under the price range
    const { brands: asked, minPrice, maxPrice } = listingViewOf(query);
    const brands = asked.filter((name) => inCategory.some((product) => product.company === name));
    const inRange = (product: Product) =>
      (minPrice === undefined || (product.price ?? -1) >= minPrice) &&
      (maxPrice === undefined || (product.price ?? Infinity) <= maxPrice);
    const ofBrands = (product: Product) => brands.length === 0 || brands.includes(product.company ?? '');
    const inView = inCategory.filter((product) => ofBrands(product) && inRange(product));
    const prices = inCategory
      .filter(ofBrands)
      .flatMap((product) => (product.price === undefined ? [] : [product.price]));
    const names = [...new Set(inCategory.flatMap((product) => (product.company ? [product.company] : [])))].sort();
    const ordered = (query.get('sort') ?? '1') === '1' ? inView : [...inView].reverse();
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? LISTING_PAGE_SIZE);
    const answer: ListingResponse = {
      category: {
        id: first.productCategoryId,
        title: first.productCategory,
        info: '',
        image: 'Industrial_Cable_Glands',
      },
      total: inView.length,
      page,
      pageSize,
      products: ordered.slice((page - 1) * pageSize, page * pageSize),
      brands,
      attributes: {},
      facets: {
        attributes: [],
        brands: names.map((name) => ({
          name,
          count: inCategory.filter((product) => product.company === name && inRange(product)).length,
        })),
        price: {
          min: prices.length === 0 ? null : Math.min(...prices),
          max: prices.length === 0 ? null : Math.max(...prices),
        },
      },
    };
    return HttpResponse.json(answer);
  });
}

/**
 * GET /api/stock/availability?codes=… as the server answers it: each code asked, in order, with its stock from `stock`,
 * or none (`locations: []`: the ERP never named it); `display` as STOCK_DISPLAY.
 */
export function stockApi(stock: readonly VariantAvailability[] = [], display: StockDisplay = 'exact') {
  return http.get(STOCK_API.availability, ({ request }) => {
    const codes = (new URL(request.url).searchParams.get('codes') ?? '').split(',').filter((code) => code !== '');
    const answer: AvailabilityAnswer = {
      display,
      availability: codes.map((code) => stock.find((item) => item.code === code) ?? { code, locations: [] }),
    };
    return HttpResponse.json(answer);
  });
}

export const catalogueHandlers = [
  stockApi(),
  listingApi(),
  compareApi(),
  productApi(),
  searchApi(),
  http.get(RATINGS_API_PATH, () => HttpResponse.json(RATINGS)),
  http.get(reviewsApiPath(DETAIL.id), () => HttpResponse.json({ reviews: [SEED_REVIEW] })),
];

/** The Arabic edition's data files (the API is the same for both editions: catalogueHandlers). */
export const arabicCatalogueHandlers = [
  http.get('/data/ar/products-category.json', () => HttpResponse.json(CATEGORIES_AR)),
];
