// A listing's view, in its address and in the catalogue API's query alike: '?sort=2&page=3' (the spec's six orders,
// 1 by default; pages of the category, 1 by default). One reading for the browser, the server's first view and its
// preload hints, so the page drawn, the data preloaded and the data the browser asks for are one address. No imports:
// the catalogue remote bundles it for a few bytes.

/** The listing's orders (spec: values 1–6): catalogue order, popularity, rating, newness, price up, price down. */
export const LISTING_SORTS = [1, 2, 3, 4, 5, 6] as const;
export type ListingSortValue = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSortValue = 1;

/** The deepest page a listing can be asked for (a category of 100,000 products at the largest page size). */
export const LISTING_PAGE_MAX = 10_000;

export interface ListingView {
  sort: ListingSortValue;
  page: number;
}

export const DEFAULT_LISTING_VIEW: ListingView = { sort: DEFAULT_LISTING_SORT, page: 1 };

const isListingSort = (value: number): value is ListingSortValue => (LISTING_SORTS as readonly number[]).includes(value);

/** A whole number written plainly ('2', not '02', '2.0' or ' 2'), else undefined. */
function plainWholeNumber(text: string | null): number | undefined {
  return text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

/** The view an address asks for; what it says wrongly (an unknown order, page 0, 'abc') reads as the default. */
export function listingViewOf(search: string | URLSearchParams): ListingView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = plainWholeNumber(params.get('sort'));
  const page = plainWholeNumber(params.get('page'));
  return {
    sort: sort !== undefined && isListingSort(sort) ? sort : DEFAULT_LISTING_SORT,
    page: page !== undefined && page <= LISTING_PAGE_MAX ? page : 1,
  };
}

/** The view as a query ('?sort=2&page=3'; the defaults left out, '' for the default view): one spelling of each view. */
export function listingViewSearch({ sort, page }: ListingView): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_LISTING_SORT) params.set('sort', String(sort));
  if (page !== 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
