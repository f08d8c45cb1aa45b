// The catalogue's products in the page's language, for the request page: to name the basket's lines in it and to match
// a pasted list. Read through the store's fetch, which reads /data/ar/products.json on an Arabic page. The page works
// without them (the basket keeps each line's name and code): they only refresh names and enable "Add from list".
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, type LoadStatus } from '@site/shared-store';
import type { Product } from '@site/content';

/** The products file; the store's fetch turns it into the page's edition ('/data/ar/products.json'). */
export const PRODUCTS_PATH = '/data/products.json';

export interface QuoteProductsState {
  products: Product[];
  status: LoadStatus;
  error: string | null;
}

const initialState: QuoteProductsState = { products: [], status: 'idle', error: null };

const SLICE = 'quoteProducts';

/** Loads the products once per page: not again while a load is running or once they are there. */
export const fetchQuoteProducts = createAsyncThunk(
  `${SLICE}/fetch`,
  (_: void, { signal, extra }) => loadJson<Product[]>(PRODUCTS_PATH, signal, fetchOf(extra)),
  {
    condition: (_, { getState }) => {
      const status = (getState() as { [SLICE]?: QuoteProductsState })[SLICE]?.status;
      return status !== 'loading' && status !== 'succeeded';
    },
  },
);

export const quoteProductsSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchQuoteProducts, {
      failure: 'The catalogue could not be loaded.',
      aborted: 'fail',
      fulfilled: (state, action) => {
        state.products = action.payload;
      },
    });
  },
  selectors: {
    selectQuoteProducts: (state) => state.products,
    selectQuoteProductsStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof quoteProductsSlice> {}
}

/** Injected into the page's one store when the request page's code loads. */
export const injectedQuoteProductsSlice = quoteProductsSlice.injectInto(rootReducer);
export const { selectQuoteProducts, selectQuoteProductsStatus } = injectedQuoteProductsSlice.selectors;
