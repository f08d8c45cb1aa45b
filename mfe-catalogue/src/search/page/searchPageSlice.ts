import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import type { SearchResult } from '@site/content';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import type { DisplayPrices, ListingFacets, SearchResponse } from '@site/contracts/catalogue-api';
import { SEARCH_TEXT_MAX, searchApiQuery, searchViewSearch, type SearchView } from '@site/contracts/search-view';

export interface SearchPageState {
  /** The view the results below are of (searchViewSearch: text and page), null before the first load. */
  viewKey: string | null;
  /** Every match of the view's text: 'N results for …', and how many pages there are. */
  total: number;
  /** The view's page of matches, best first. */
  results: SearchResult[];
  /** When nothing matched the text as typed: the close text whose results these are ("Did you mean …?"). */
  suggestion: string | null;
  /** The phrases the server looked for, folded: marked in the names shown. */
  highlight: string[];
  /** What the filters offer over every match of the text (brands and specification values with their counts). */
  facets: ListingFacets;
  /** Of the page's results, the products with a variant on hand somewhere (their cards' "In stock"). */
  inStock: string[];
  /** Each result's card price (its lowest, breaks included; absent: on request), and those said 'from AED 12'. */
  prices: Record<string, number>;
  priceFrom: string[];
  /** The page's prices in the visitor's currency, converted by the server (null: AED). */
  display: DisplayPrices | null;
  status: LoadStatus;
  error: string | null;
  /** The load in flight: an answer to an older view is dropped. */
  requestId: string | null;
}

const NO_FACETS: ListingFacets = { brands: [], attributes: [], price: { min: null, max: null } };

/** An answer with nothing found: the state before the first load, and a text too long to find anything. */
const NOTHING_FOUND = {
  total: 0,
  results: [],
  suggestion: null,
  highlight: [],
  facets: NO_FACETS,
  inStock: [],
  prices: {},
  priceFrom: [],
  display: null,
} satisfies Omit<SearchPageState, 'viewKey' | 'status' | 'error' | 'requestId'>;

const initialState: SearchPageState = {
  viewKey: null,
  ...NOTHING_FOUND,
  status: 'idle',
  error: null,
  requestId: null,
};

const SEARCH_FAILED = 'The search could not be loaded.';

/** One name per view: which answer the state holds, and whether the server already drew it. */
export const searchPageKey = (view: SearchView): string => searchViewSearch(view);

/**
 * GET /api/catalogue/search: the view's page of results, in the page's language (the store's fetch asks in it; the
 * server preloads the same address: the route's startData). A text longer than any name finds nothing, unasked.
 */
export const fetchSearchPage = createAsyncThunk(
  'searchPage/fetch',
  async (view: SearchView, { signal, extra }) => {
    const viewKey = searchPageKey(view);
    if (view.q.length > SEARCH_TEXT_MAX) return { viewKey, ...NOTHING_FOUND };
    const path = `${CATALOGUE_SEARCH_API_PATH}${searchApiQuery(view)}`;
    const {
      total,
      results,
      suggestion,
      highlight,
      facets,
      inStock = [],
      prices = {},
      priceFrom = [],
      display = null,
    } = await loadJson<SearchResponse>(path, signal, fetchOf(extra));
    return {
      viewKey,
      total,
      results,
      suggestion: suggestion ?? null,
      highlight,
      facets: facets ?? NO_FACETS,
      inStock,
      prices,
      priceFrom,
      display,
    };
  },
  // The server drew the page with this view: not again as it hydrates.
  {
    condition: (view, { getState }) =>
      !(
        takeLoadedByServer('searchPage') &&
        (getState() as { searchPage?: SearchPageState }).searchPage?.viewKey === searchPageKey(view)
      ),
  },
);

export const searchPageSlice = createSlice({
  name: 'searchPage',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchSearchPage, {
      fields: { status: 'status', error: 'error', requestId: 'requestId' },
      failure: SEARCH_FAILED,
      fulfilled: (state, action) => {
        Object.assign(state, action.payload);
      },
    });
  },
  selectors: {
    selectSearchPageViewKey: (state) => state.viewKey,
    selectSearchPageTotal: (state) => state.total,
    selectSearchPageResults: (state) => state.results,
    selectSearchPageSuggestion: (state) => state.suggestion,
    selectSearchPageHighlight: (state) => state.highlight,
    selectSearchPageFacets: (state) => state.facets,
    selectSearchPageInStock: (state) => state.inStock,
    selectSearchPagePrices: (state) => state.prices,
    selectSearchPagePriceFrom: (state) => state.priceFrom,
    selectSearchPageDisplay: (state) => state.display,
    selectSearchPageStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof searchPageSlice> {}
}

/** Injected into the page's one store when the results page's code loads. */
export const injectedSearchPageSlice = searchPageSlice.injectInto(rootReducer);
export const {
  selectSearchPageViewKey,
  selectSearchPageTotal,
  selectSearchPageResults,
  selectSearchPageSuggestion,
  selectSearchPageHighlight,
  selectSearchPageFacets,
  selectSearchPageInStock,
  selectSearchPagePrices,
  selectSearchPagePriceFrom,
  selectSearchPageDisplay,
  selectSearchPageStatus,
} = injectedSearchPageSlice.selectors;
