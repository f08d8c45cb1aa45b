// The catalogue's products and variants the request page names, in the page's language: its basket's (to name the
// lines in it, say which are no longer available, and drop those the catalogue no longer has) and a pasted list's.
// Asked for by code (GET /api/catalogue/lookup, the store's fetch asking in the page's language), never the whole
// catalogue. The page works without them (the basket keeps each line's name, label and code): they only refresh
// names and labels and let "Add from list" match.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, selectQuoteLines, type LoadStatus } from '@site/shared-store';
import type { LookupResponse } from '@site/contracts/catalogue-api';
import { lookupPaths } from '@site/contracts/catalogue-lookup';
import { EMPTY_LOOKED_UP, indexLookups, mergeLookedUp, type LookedUp } from './lookedUp';

export interface QuoteProductsState {
  /** Every product, variant and withdrawn code looked up on this page so far (./lookedUp.ts). */
  lookedUp: LookedUp;
  /** The newest look-up's. */
  status: LoadStatus;
  error: string | null;
}

const initialState: QuoteProductsState = { lookedUp: EMPTY_LOOKED_UP, status: 'idle', error: null };

const SLICE = 'quoteProducts';

/**
 * What `codes` (variant codes, model codes or ids, as typed) name: products, variants, withdrawn ones, indexed
 * (./lookedUp.ts); a code the catalogue does not have finds nothing.
 */
export const lookupQuoteProducts = createAsyncThunk(
  `${SLICE}/lookup`,
  async (codes: readonly string[], { signal, extra }) => {
    const answers = await Promise.all(
      lookupPaths(codes).map((path) => loadJson<LookupResponse>(path, signal, fetchOf(extra))),
    );
    return indexLookups(answers);
  },
);

/**
 * The basket's lines' variants, as the page opens with them: each line's code, and its product's id (so a line whose
 * code no longer names a variant of a product still there is said to be no longer available, not dropped unsaid).
 */
export const lookupBasketProducts = createAsyncThunk(`${SLICE}/basket`, (_: void, { getState, dispatch }) =>
  dispatch(
    lookupQuoteProducts(
      selectQuoteLines(getState() as Parameters<typeof selectQuoteLines>[0]).flatMap((line) => [
        line.code,
        line.productId,
      ]),
    ),
  ).unwrap(),
);

export const quoteProductsSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, lookupQuoteProducts, {
      failure: 'The catalogue could not be loaded.',
      aborted: 'fail',
      fulfilled: (state, action) => mergeLookedUp(state.lookedUp, action.payload),
    });
  },
  selectors: {
    selectLookedUp: (state) => state.lookedUp,
    selectQuoteProductsStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof quoteProductsSlice> {}
}

/** Injected into the page's one store when the request page's code loads. */
export const injectedQuoteProductsSlice = quoteProductsSlice.injectInto(rootReducer);
export const { selectLookedUp, selectQuoteProductsStatus } = injectedQuoteProductsSlice.selectors;
