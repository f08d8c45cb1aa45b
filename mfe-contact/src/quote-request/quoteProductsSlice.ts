// The catalogue's products the request page names, in the page's language: its basket's (to name the lines in it, and
// to drop those the catalogue no longer has) and a pasted list's. Asked for by code (GET /api/catalogue/lookup, the
// store's fetch asking in the page's language), never the whole catalogue. The page works without them (the basket
// keeps each line's name and code): they only refresh names and let "Add from list" match.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, selectQuoteLines, type LoadStatus } from '@site/shared-store';
import type { Product } from '@site/content';
import { normalizedProductCode } from '@site/content/validation';
import { CATALOGUE_LOOKUP_API_PATH } from '@site/contracts/api';
import { LOOKUP_CODES_MAX, type LookupResponse } from '@site/contracts/catalogue-api';

/** A withdrawn (archived) product a look-up named: a basket's line of it is no longer available. */
export type WithdrawnQuoteProduct = NonNullable<LookupResponse['withdrawn']>[number];

export interface QuoteProductsState {
  /** Every product looked up on this page so far, by id. */
  products: Record<string, Product>;
  /** The withdrawn products looked up on this page, by id (a product restored meanwhile leaves on its next look-up). */
  withdrawn: Record<string, WithdrawnQuoteProduct>;
  /** The newest look-up's. */
  status: LoadStatus;
  error: string | null;
}

const initialState: QuoteProductsState = { products: {}, withdrawn: {}, status: 'idle', error: null };

const SLICE = 'quoteProducts';

/** A product's key as the server compares codes: only such a key can name a product (codes and ids are [A-Za-z0-9_-]). */
const PRODUCT_KEY = /^[a-z0-9]{1,64}$/;

/** The look-up addresses for `codes`: their keys, each once, LOOKUP_CODES_MAX to a request. */
export function lookupPaths(codes: readonly string[]): string[] {
  const keys = [...new Set(codes.map(normalizedProductCode))].filter((key) => PRODUCT_KEY.test(key));
  const paths: string[] = [];
  for (let start = 0; start < keys.length; start += LOOKUP_CODES_MAX) {
    paths.push(`${CATALOGUE_LOOKUP_API_PATH}?codes=${keys.slice(start, start + LOOKUP_CODES_MAX).join(',')}`);
  }
  return paths;
}

/** The products `codes` (model codes or ids, as typed) name; a code the catalogue does not have finds nothing. */
export const lookupQuoteProducts = createAsyncThunk(`${SLICE}/lookup`, async (codes: readonly string[], { signal, extra }) => {
  const answers = await Promise.all(lookupPaths(codes).map((path) => loadJson<LookupResponse>(path, signal, fetchOf(extra))));
  return { products: answers.flatMap((answer) => answer.products), withdrawn: answers.flatMap((answer) => answer.withdrawn ?? []) };
});

/** The products of the basket's lines, as the page opens with them. */
export const lookupBasketProducts = createAsyncThunk(`${SLICE}/basket`, (_: void, { getState, dispatch }) =>
  dispatch(lookupQuoteProducts(selectQuoteLines(getState() as Parameters<typeof selectQuoteLines>[0]).map((line) => line.productId))).unwrap(),
);

export const quoteProductsSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, lookupQuoteProducts, {
      failure: 'The catalogue could not be loaded.',
      aborted: 'fail',
      fulfilled: (state, action) => {
        for (const product of action.payload.products) {
          state.products[product.id] = product;
          delete state.withdrawn[product.id];
        }
        for (const product of action.payload.withdrawn) {
          state.withdrawn[product.id] = product;
          delete state.products[product.id];
        }
      },
    });
  },
  selectors: {
    selectQuoteProducts: (state) => state.products,
    selectWithdrawnQuoteProducts: (state) => state.withdrawn,
    selectQuoteProductsStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof quoteProductsSlice> {}
}

/** Injected into the page's one store when the request page's code loads. */
export const injectedQuoteProductsSlice = quoteProductsSlice.injectInto(rootReducer);
export const { selectQuoteProducts, selectWithdrawnQuoteProducts, selectQuoteProductsStatus } = injectedQuoteProductsSlice.selectors;
