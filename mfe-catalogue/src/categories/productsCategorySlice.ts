import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import type { ProductCategory } from '@site/content';

export interface ProductsCategoryState {
  productsCategoryData: ProductCategory[];
  status: LoadStatus;
  error: string | null;
}

const initialState: ProductsCategoryState = { productsCategoryData: [], status: 'idle', error: null };

export const fetchProductsCategory = createAsyncThunk(
  'productsCategory/fetch',
  (_: void, { signal, extra }) => loadJson<ProductCategory[]>('/data/products-category.json', signal, fetchOf(extra)),
  // The server drew the page with them: not again as it hydrates.
  { condition: () => !takeLoadedByServer('productsCategory') },
);

export const productsCategorySlice = createSlice({
  name: 'productsCategory',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchProductsCategory, {
      failure: 'The product categories could not be loaded.',
      fulfilled: (state, action) => {
        state.productsCategoryData = action.payload;
      },
    });
  },
  selectors: {
    selectCategories: (state) => state.productsCategoryData,
    selectCategoriesStatus: (state) => state.status,
    selectCategoriesError: (state) => state.error,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof productsCategorySlice> {}
}

/** Injected into the page's one store when the catalogue's code loads. */
export const injectedProductsCategorySlice = productsCategorySlice.injectInto(rootReducer);
export const { selectCategories, selectCategoriesStatus, selectCategoriesError } =
  injectedProductsCategorySlice.selectors;
