import { createAsyncThunk, createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, type LoadStatus, type RootState } from '@site/shared-store';
import type { SearchResult } from '@site/content';
import { filterResults } from './filterResults';

export interface SearchResultsState {
  /** The whole search index (/data/searchResults.json). */
  searchData: SearchResult[];
  status: LoadStatus;
  error: string | null;
  /** What the visitor typed. */
  text: string;
}

const initialState: SearchResultsState = { searchData: [], status: 'idle', error: null, text: '' };

/**
 * GET /data/searchResults.json, once: not again while it loads or once it has loaded. With the store's fetch, which
 * reads the page's edition (/data/ar/searchResults.json on Arabic pages).
 */
export const fetchSearchResults = createAsyncThunk(
  'searchResults/fetch',
  (_: void, { extra }) => loadJson<SearchResult[]>('/data/searchResults.json', undefined, fetchOf(extra)),
  {
    condition: (_, { getState }) => {
      const status = (getState() as RootState).searchResults?.status;
      return status !== 'loading' && status !== 'succeeded';
    },
  },
);

export const searchResultsSlice = createSlice({
  name: 'searchResults',
  initialState,
  reducers: {
    searchTextChanged: (state, action: PayloadAction<string>) => {
      state.text = action.payload;
    },
    /** After a result is chosen: no text, so no results. */
    searchReset: (state) => {
      state.text = '';
    },
  },
  extraReducers: (builder) => {
    addLoadCases(builder, fetchSearchResults, {
      failure: 'The search index could not be loaded.',
      // The condition above skips a load while one is 'loading': an abort left there would block every retry.
      aborted: 'fail',
      fulfilled: (state, action) => {
        state.searchData = action.payload;
      },
    });
  },
  selectors: {
    selectSearchText: (state) => state.text,
    /** The whole index (the modal filters it on a deferred copy of the text, useShownResults.ts). */
    selectSearchData: (state) => state.searchData,
    selectSearchStatus: (state) => state.status,
    selectSearchError: (state) => state.error,
    /** The entries matching the text (none without text). */
    selectFilteredResults: createSelector([(state: SearchResultsState) => state.searchData, (state: SearchResultsState) => state.text], filterResults),
  },
});

export const { searchTextChanged, searchReset } = searchResultsSlice.actions;

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof searchResultsSlice> {}
}

/** Injected into the page's one store when the search's code loads. */
export const injectedSearchResultsSlice = searchResultsSlice.injectInto(rootReducer);
export const { selectSearchText, selectSearchData, selectSearchStatus, selectSearchError, selectFilteredResults } =
  injectedSearchResultsSlice.selectors;
