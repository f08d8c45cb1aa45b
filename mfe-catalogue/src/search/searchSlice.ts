import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { fetchOf, loadJson, rootReducer, type LoadStatus } from '@site/shared-store';
import type { SearchResult } from '@site/content';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { SEARCH_PAGE_SIZE, type SearchResponse } from '@site/contracts/catalogue-api';
import type { Locale } from '@site/contracts/locale';

/** Longest text the server searches for: no product's name is longer. */
export { SEARCH_TEXT_MAX } from '@site/contracts/search-view';

export interface SearchResultsState {
  /** What the visitor typed. */
  text: string;
  /** The search the results below belong to (trimmed text), '' before the first. */
  query: string;
  /** The newest search's state: while it loads, the previous search's results stay on screen. */
  status: LoadStatus;
  error: string | null;
  /** Every match of `query` on the server. */
  total: number;
  /** The matches fetched so far, page after page ('Show more'). */
  results: SearchResult[];
  /** When nothing matched `query` as typed: the close text the server searched instead ("Did you mean …?"). */
  suggestion: string | null;
  /** The phrases the server looked for, folded: marked in the titles shown. */
  highlight: string[];
}

const initialState: SearchResultsState = {
  text: '',
  query: '',
  status: 'idle',
  error: null,
  total: 0,
  results: [],
  suggestion: null,
  highlight: [],
};

export interface SearchArgs {
  /** Trimmed, not empty. */
  query: string;
  /** 0 for a new search; the number of results held for its next page. */
  offset: number;
  lang: Locale;
}

/**
 * GET /api/catalogue/search: one page of matches, in the page's edition. The caller aborts a search the visitor has
 * typed past (SearchModal.tsx): an aborted search leaves the state as it was.
 */
export const searchCatalogue = createAsyncThunk(
  'searchResults/search',
  ({ query, offset, lang }: SearchArgs, { extra, signal }) => {
    const params = new URLSearchParams({ q: query, offset: String(offset), limit: String(SEARCH_PAGE_SIZE), lang });
    return loadJson<SearchResponse>(`${CATALOGUE_SEARCH_API_PATH}?${params}`, signal, fetchOf(extra));
  },
);

export const searchResultsSlice = createSlice({
  name: 'searchResults',
  initialState,
  reducers: {
    searchTextChanged: (state, action: PayloadAction<string>) => {
      // no text, no results: a next search does not start from the last one's
      if (action.payload.trim() === '') return { ...initialState, text: action.payload };
      state.text = action.payload;
    },
    /** A text longer than any product's name: nothing matches, and the server is not asked. */
    searchTooLong: (state, action: PayloadAction<string>) => {
      Object.assign(state, {
        query: action.payload,
        status: 'succeeded',
        error: null,
        total: 0,
        results: [],
        suggestion: null,
        highlight: [],
      });
    },
    /** After a result is chosen: no text, so no results. */
    searchReset: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(searchCatalogue.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(searchCatalogue.fulfilled, (state, { payload, meta }) => {
        const { query, offset } = meta.arg;
        // the answer to a text typed past (its abort came too late), or a page of another search than the one
        // shown, or one already held: not taken
        if (query !== state.text.trim()) return;
        if (offset > 0 && (query !== state.query || offset !== state.results.length)) return;
        state.query = query;
        state.status = 'succeeded';
        state.total = payload.total;
        state.suggestion = payload.suggestion ?? null;
        state.highlight = payload.highlight;
        state.results = offset === 0 ? payload.results : [...state.results, ...payload.results];
      })
      .addCase(searchCatalogue.rejected, (state, { meta, error }) => {
        // typed past: the newer search is under way (or the modal closed); nothing failed
        if (meta.aborted) return;
        state.status = 'failed';
        state.error = error.message ?? 'The search failed.';
      });
  },
  selectors: {
    selectSearchText: (state) => state.text,
    selectSearchQuery: (state) => state.query,
    selectSearchStatus: (state) => state.status,
    selectSearchError: (state) => state.error,
    selectSearchTotal: (state) => state.total,
    selectSearchResults: (state) => state.results,
    selectSearchSuggestion: (state) => state.suggestion,
    selectSearchHighlight: (state) => state.highlight,
  },
});

export const { searchTextChanged, searchTooLong, searchReset } = searchResultsSlice.actions;

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof searchResultsSlice> {}
}

/** Injected into the page's one store when the search's code loads. */
export const injectedSearchResultsSlice = searchResultsSlice.injectInto(rootReducer);
export const {
  selectSearchText,
  selectSearchQuery,
  selectSearchStatus,
  selectSearchError,
  selectSearchTotal,
  selectSearchResults,
  selectSearchSuggestion,
  selectSearchHighlight,
} = injectedSearchResultsSlice.selectors;
