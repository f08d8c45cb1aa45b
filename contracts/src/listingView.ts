// A listing's view, in its address and in the catalogue API's query alike: '?sort=2&brand=ABB,Legrand&minPrice=10&page=3'
// (the spec's six orders, 1 by default; the brands and the price range it is narrowed to; pages of what is left, 1 by
// default), and the specification filters' values ('&ip=IP66,IP67&voltage=600/1000 V'). One reading for the browser,
// the server's first view and its preload hints, so the page drawn, the data preloaded and the data the browser asks
// for are one address. The filters' form sent without scripts spells a view its own way ('?sort=1&brand=ABB&brand=Legrand
// &minPrice='): read as the same view, and written back in the one spelling (listingAddressSearch) once the page starts.
// Imports only the filters' names: the catalogue remote bundles it for a few bytes.
import { FILTER_ATTRIBUTES, type FilterAttribute } from '@site/content/filter-attributes';
import { STOCK_LOCATIONS, type StockLocation } from './stockApi';

/** The listing's orders (spec: values 1–6): catalogue order, popularity, rating, newness, price up, price down. */
export const LISTING_SORTS = [1, 2, 3, 4, 5, 6] as const;
export type ListingSortValue = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSortValue = 1;

/** The deepest page a listing can be asked for (a category of 100,000 products at the largest page size). */
export const LISTING_PAGE_MAX = 10_000;

/** The most brands one view may name, and the longest brand name: more than any category has. */
export const LISTING_BRANDS_MAX = 30;
export const BRAND_NAME_MAX = 60;

/** The highest price a range may name (AED). */
export const LISTING_PRICE_MAX = 1_000_000_000;

/** A specification filter's chosen values (any of them), sorted; an attribute not named narrows nothing. */
export type AttributeFilters = Partial<Record<FilterAttribute, readonly string[]>>;

export interface ListingFilters {
  /** Brands the products must be of (any of them), sorted; none: every brand. */
  brands: readonly string[];
  /** The specification filters' values, by filter (none: every product). */
  attributes?: AttributeFilters;
  /** The price range in whole AED, either end open; a product without a price is outside every range. */
  minPrice?: number;
  maxPrice?: number;
  /**
   * "In stock at": the locations a product must have a variant on hand at (any of them), in STOCK_LOCATIONS' order
   * ('&stock=dubai,muscat'); none: stock narrows nothing.
   */
  stock?: readonly StockLocation[];
}

export interface ListingView extends ListingFilters {
  sort: ListingSortValue;
  page: number;
}

export const NO_LISTING_FILTERS: ListingFilters = { brands: [] };
export const DEFAULT_LISTING_VIEW: ListingView = { sort: DEFAULT_LISTING_SORT, page: 1, brands: [] };

const isListingSort = (value: number): value is ListingSortValue =>
  (LISTING_SORTS as readonly number[]).includes(value);

/** A whole number written plainly ('2', not '02', '2.0' or ' 2'), else undefined; '0' only where `zero` allows it. */
function plainWholeNumber(text: string | null, zero = false): number | undefined {
  if (text === null) return undefined;
  if (zero && text === '0') return 0;
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}

/** The values a query names ('ABB,Legrand'), each once, sorted; names too long or past the most a view holds left out. */
export function brandsOf(text: string | null): string[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.length <= BRAND_NAME_MAX);
  return [...new Set(names)].sort().slice(0, LISTING_BRANDS_MAX);
}

/** A price end: a whole number of AED up to LISTING_PRICE_MAX, else none. */
function priceOf(text: string | null): number | undefined {
  const price = plainWholeNumber(text, true);
  return price !== undefined && price <= LISTING_PRICE_MAX ? price : undefined;
}

/**
 * A filter's values as an address names them: once, comma-separated ('brand=ABB,Legrand'), or repeated as a form sends
 * its ticked boxes ('brand=ABB&brand=Legrand'); null when not named.
 */
function valuesParam(params: URLSearchParams, name: string): string | null {
  const all = params.getAll(name);
  return all.length === 0 ? null : all.join(',');
}

/**
 * The view an address asks for; what it says wrongly (an unknown order, page 0, 'abc', a price of '-1') reads as the
 * default, and so does an empty field of a form ('minPrice=').
 */
export function listingViewOf(search: string | URLSearchParams): ListingView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = plainWholeNumber(params.get('sort'));
  const page = plainWholeNumber(params.get('page'));
  const minPrice = priceOf(params.get('minPrice'));
  const maxPrice = priceOf(params.get('maxPrice'));
  const attributes = attributesOf(params);
  const stock = stockOf(valuesParam(params, 'stock'));
  return {
    sort: sort !== undefined && isListingSort(sort) ? sort : DEFAULT_LISTING_SORT,
    page: page !== undefined && page <= LISTING_PAGE_MAX ? page : 1,
    brands: brandsOf(valuesParam(params, 'brand')),
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(Object.keys(attributes).length === 0 ? {} : { attributes }),
    ...(stock.length === 0 ? {} : { stock }),
  };
}

/** The stock locations a query names ('muscat,dubai'), each once, in STOCK_LOCATIONS' order; unknown names left out. */
export function stockOf(text: string | null): StockLocation[] {
  const named = new Set((text ?? '').split(',').map((name) => name.trim().toLowerCase()));
  return STOCK_LOCATIONS.filter((location) => named.has(location));
}

/** The specification filters a query names, each with its values (brandsOf's reading); filters without values left out. */
export function attributesOf(params: URLSearchParams): AttributeFilters {
  const attributes: AttributeFilters = {};
  for (const attribute of FILTER_ATTRIBUTES) {
    const values = brandsOf(valuesParam(params, attribute));
    if (values.length > 0) attributes[attribute] = values;
  }
  return attributes;
}

/** Whether the view narrows the category (a brand or a price end). */
export const hasListingFilters = ({
  brands,
  minPrice,
  maxPrice,
  attributes = {},
  stock = [],
}: ListingFilters): boolean =>
  brands.length > 0 ||
  minPrice !== undefined ||
  maxPrice !== undefined ||
  Object.values(attributes).some((values) => values.length > 0) ||
  stock.length > 0;

/**
 * The view as a query ('?sort=2&brand=ABB,Legrand&ip=IP66&minPrice=10&maxPrice=90&page=3'; the defaults left out, '' for the
 * default view): one spelling of each view.
 */
export function listingViewSearch({ sort, page, ...filters }: ListingView): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_LISTING_SORT) params.set('sort', String(sort));
  setFilterParams(params, filters);
  if (page !== 1) params.set('page', String(page));
  return queryText(params);
}

/** The filters into a query's parameters, in one spelling (brands, each specification filter, the prices, then stock). */
export function setFilterParams(
  params: URLSearchParams,
  { brands, minPrice, maxPrice, attributes = {}, stock = [] }: ListingFilters,
): void {
  if (brands.length > 0) params.set('brand', [...new Set(brands)].sort().join(','));
  for (const attribute of FILTER_ATTRIBUTES) {
    const values = attributes[attribute] ?? [];
    if (values.length > 0) params.set(attribute, [...new Set(values)].sort().join(','));
  }
  if (minPrice !== undefined) params.set('minPrice', String(minPrice));
  if (maxPrice !== undefined) params.set('maxPrice', String(maxPrice));
  const locations = STOCK_LOCATIONS.filter((location) => stock.includes(location));
  if (locations.length > 0) params.set('stock', locations.join(','));
}

/**
 * Parameters as an address's query ('?a=1', '' for none). Commas between values read better unescaped, and no value
 * holds one (brandsOf splits on them); slashes ('600/1000 V') too.
 */
export function queryText(params: URLSearchParams): string {
  const query = params.toString().replaceAll('%2C', ',').replaceAll('%2F', '/');
  return query === '' ? '' : `?${query}`;
}

/** Every parameter a listing's view is read from (listingViewOf): the others ask nothing of it. */
const LISTING_PARAMS: ReadonlySet<string> = new Set([
  'sort',
  'page',
  'brand',
  'minPrice',
  'maxPrice',
  'stock',
  ...FILTER_ATTRIBUTES,
]);

/**
 * A listing's address query in the view's one spelling (listingViewSearch), any other parameters kept after it as they
 * came: what the filters' form sent without scripts ('?sort=1&brand=ABB&brand=Legrand&minPrice=') reads '?brand=ABB,Legrand'.
 */
export function listingAddressSearch(search: string): string {
  const params = new URLSearchParams(search);
  const written = new URLSearchParams(listingViewSearch(listingViewOf(params)));
  for (const [name, value] of params) if (!LISTING_PARAMS.has(name)) written.append(name, value);
  return queryText(written);
}

/** The filters an address's query names (listingViewOf's reading of them). */
export function listingFiltersOf(search: string | URLSearchParams): ListingFilters {
  const { brands, minPrice, maxPrice, attributes, stock } = listingViewOf(search);
  return {
    brands,
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(attributes === undefined ? {} : { attributes }),
    ...(stock === undefined ? {} : { stock }),
  };
}
