// The catalogue's products and variants the request page names, in the page's language: its basket's (to name the
// lines in it, say which are no longer available, and drop those the catalogue no longer has) and a pasted list's.
// Asked for by code (GET /api/catalogue/lookup, the store's fetch asking in the page's language), never the whole
// catalogue. The page works without them (the basket keeps each line's name, label and code): they only refresh
// names and labels and let "Add from list" match.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, selectQuoteLines, type LoadStatus } from '@site/shared-store';
import { normalizedProductCode } from '@site/content/validation';
import type { LookupResponse } from '@site/contracts/catalogue-api';
import { lookupPaths } from '@site/contracts/catalogue-lookup';
import { EMPTY_LOOKED_UP, indexLookups, lineStatus, mergeLookedUp, type AskedCodes, type LookedUp } from './lookedUp';

export interface QuoteProductsState {
  /** Every product, variant and withdrawn code looked up on this page so far (./lookedUp.ts). */
  lookedUp: LookedUp;
  /** The codes asked for so far, by key: a line whose code is not answered yet is not known to be gone. */
  asked: AskedCodes;
  /** The newest look-up's. */
  status: LoadStatus;
  error: string | null;
}

const initialState: QuoteProductsState = { lookedUp: EMPTY_LOOKED_UP, asked: {}, status: 'idle', error: null };

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

type PageState = Parameters<typeof selectQuoteLines>[0] & { quoteProducts?: QuoteProductsState };

/**
 * The codes and products' ids of the basket's lines the page knows nothing of and has not asked for (a line "Add from
 * list" added is known already).
 */
function unaskedOf(state: PageState): string[] {
  const { asked, lookedUp } = state.quoteProducts ?? initialState;
  return selectQuoteLines(state)
    .filter((line) => asked[normalizedProductCode(line.code)] === undefined && lineStatus(line, lookedUp) === 'unknown')
    .flatMap((line) => [line.code, line.productId]);
}

/**
 * The basket's lines' variants, as the page opens with them, and those of lines that come later (the account's basket
 * answered, another tab's change): each line's code, and its product's id (so a line whose code no longer names a
 * variant of a product still there is said to be no longer available, not dropped unsaid). The first runs even for an
 * empty basket (it asks nothing); a later one only when some line was not asked for.
 */
export const lookupBasketProducts = createAsyncThunk(
  `${SLICE}/basket`,
  (_: void, { getState, dispatch }) => dispatch(lookupQuoteProducts(unaskedOf(getState() as PageState))).unwrap(),
  {
    condition: (_, { getState }) => {
      const state = getState() as PageState;
      // the slice's state is there once an action has run since the page's code injected it
      return (state.quoteProducts ?? initialState).status === 'idle' || unaskedOf(state).length > 0;
    },
  },
);

export const quoteProductsSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, lookupQuoteProducts, {
      failure: 'The catalogue could not be loaded.',
      aborted: 'fail',
      pending: (state, action) => {
        for (const key of action.meta.arg.map(normalizedProductCode))
          if (state.asked[key] !== 'answered') state.asked[key] = 'asking';
      },
      fulfilled: (state, action) => {
        mergeLookedUp(state.lookedUp, action.payload);
        for (const key of action.meta.arg.map(normalizedProductCode)) state.asked[key] = 'answered';
      },
    }).addMatcher(lookupQuoteProducts.rejected.match, (state, action) => {
      // not answered: asked again when the basket next changes
      for (const key of action.meta.arg.map(normalizedProductCode))
        if (state.asked[key] === 'asking') delete state.asked[key];
    });
  },
  selectors: {
    selectLookedUp: (state) => state.lookedUp,
    selectAskedCodes: (state) => state.asked,
    selectQuoteProductsStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof quoteProductsSlice> {}
}

/** Injected into the page's one store when the request page's code loads. */
export const injectedQuoteProductsSlice = quoteProductsSlice.injectInto(rootReducer);
export const { selectLookedUp, selectAskedCodes, selectQuoteProductsStatus } = injectedQuoteProductsSlice.selectors;
