// The search results page's view, in its address and in the catalogue API's query alike: '/search?q=swa&brand=ABB&page=2'
// (the text, the listing's filters over its matches, the page). One reading for the browser, the server's first view
// and its preload hints, as listingView.ts is for a listing.
import { listingFiltersOf, queryText, setFilterParams, type ListingFilters } from './listingView';

/** Longest text searched: no product's name is longer (a longer text finds nothing and is not sent). */
export const SEARCH_TEXT_MAX = 200;

/** Results per page of the results page: a listing's page. */
export const SEARCH_RESULTS_PAGE_SIZE = 24;

/** The deepest page the results page can be asked for (as a listing's). */
export const SEARCH_PAGE_MAX = 10_000;

export interface SearchView extends ListingFilters {
  /** The text searched: trimmed, runs of spaces as one, '' for none. */
  q: string;
  page: number;
}

/** The text as it is searched: trimmed, each run of white space one space. */
export const searchTextOf = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/** The view an address asks for; a page written wrongly ('0', '2.0', 'abc') reads as the first. */
export function searchViewOf(search: string | URLSearchParams): SearchView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = params.get('page');
  const number = page !== null && /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1;
  return {
    q: searchTextOf(params.get('q') ?? ''),
    page: number <= SEARCH_PAGE_MAX ? number : 1,
    ...listingFiltersOf(params),
  };
}

/** The view as a query ('?q=swa&brand=ABB&page=2'; page 1 left out, '' for no text): one spelling of each view. */
export function searchViewSearch({ q, page, ...filters }: SearchView): string {
  if (q === '') return '';
  const params = new URLSearchParams({ q });
  setFilterParams(params, filters);
  if (page !== 1) params.set('page', String(page));
  return queryText(params);
}

/** The catalogue API's query for the view's page of results, with the filters over every match ('?q=swa&offset=24&limit=24&facets=1'). */
export function searchApiQuery({ q, page, ...filters }: SearchView): string {
  const offset = (page - 1) * SEARCH_RESULTS_PAGE_SIZE;
  const params = new URLSearchParams({
    q,
    offset: String(offset),
    limit: String(SEARCH_RESULTS_PAGE_SIZE),
    facets: '1',
  });
  setFilterParams(params, filters);
  return queryText(params);
}
