import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import { CATALOGUE_COMPARE_API_PATH } from '@site/contracts/api';
import type { CompareItem, CompareResponse, DisplayPrices } from '@site/contracts/catalogue-api';
import { compareViewSearch } from '@site/contracts/compare-view';

export interface ComparePageState {
  /** The comparison the columns below are of (compareViewSearch of its ids), null before the first load. */
  viewKey: string | null;
  /** One column a product, in the order of the address; an id no product has is a column that says so. */
  items: CompareItem[];
  /** Their prices in the visitor's currency, converted by the server (null: AED). */
  display: DisplayPrices | null;
  status: LoadStatus;
  error: string | null;
  requestId: string | null;
}

const initialState: ComparePageState = {
  viewKey: null,
  items: [],
  display: null,
  status: 'idle',
  error: null,
  requestId: null,
};

const COMPARE_FAILED = 'The products could not be loaded.';

/**
 * GET /api/catalogue/compare?ids=…: the records of the products compared, in the page's language (the store's fetch
 * asks in it; the server preloads the same address: the route's startData).
 */
export const fetchComparison = createAsyncThunk(
  'comparePage/fetch',
  async (ids: readonly string[], { signal, extra }) => {
    const viewKey = compareViewSearch(ids);
    const path = `${CATALOGUE_COMPARE_API_PATH}${viewKey}`;
    const { products, display = null } = await loadJson<CompareResponse>(path, signal, fetchOf(extra));
    return { viewKey, items: products, display };
  },
  // The server drew the page with these products: not again as it hydrates.
  {
    condition: (ids, { getState }) =>
      !(
        takeLoadedByServer('comparePage') &&
        (getState() as { comparePage?: ComparePageState }).comparePage?.viewKey === compareViewSearch(ids)
      ),
  },
);

export const comparePageSlice = createSlice({
  name: 'comparePage',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchComparison, {
      fields: { status: 'status', error: 'error', requestId: 'requestId' },
      failure: COMPARE_FAILED,
      fulfilled: (state, action) => {
        Object.assign(state, action.payload);
      },
    });
  },
  selectors: {
    selectComparisonKey: (state) => state.viewKey,
    selectComparisonItems: (state) => state.items,
    selectComparisonDisplay: (state) => state.display,
    selectComparisonStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof comparePageSlice> {}
}

/** Injected into the page's one store when the compare page's code loads. */
export const injectedComparePageSlice = comparePageSlice.injectInto(rootReducer);
export const { selectComparisonKey, selectComparisonItems, selectComparisonDisplay, selectComparisonStatus } =
  injectedComparePageSlice.selectors;
