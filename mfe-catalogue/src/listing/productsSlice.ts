import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import type { Product } from '@site/content';
import { RATINGS_API_PATH } from '@site/contracts/api';
import { type RatingsResponse, type RatingSummary } from '@site/content/reviews';
import { apiErrorMessage } from '../common/apiError';

export interface ProductsState {
  /** The listed category's products, in catalogue order. */
  productsData: Product[];
  /** Id of the category productsData belongs to. */
  productCategoryId: string | null;
  /** Display name of that category, from its products ('' when it has none). */
  productCategory: string;
  status: LoadStatus;
  error: string | null;
  /** The load in flight: an answer to an older one (another category) is dropped. */
  requestId: string | null;
  /** Average rating by product id (seed and stored reviews), for 'Sort by average rating'. */
  ratings: Record<string, RatingSummary>;
  ratingsStatus: LoadStatus;
  ratingsError: string | null;
}

const initialState: ProductsState = {
  productsData: [],
  productCategoryId: null,
  productCategory: '',
  status: 'idle',
  error: null,
  requestId: null,
  ratings: {},
  ratingsStatus: 'idle',
  ratingsError: null,
};

const PRODUCTS_FAILED = 'The products could not be loaded.';
const RATINGS_FAILED = 'The product ratings could not be loaded.';

/** GET /data/products.json, keeping the products of one category (spec "The calls it makes"). */
export const fetchProducts = createAsyncThunk(
  'products/fetch',
  async (productCategoryId: string, { signal, extra }) => {
    const all = await loadJson<Product[]>('/data/products.json', signal, fetchOf(extra));
    const productsData = all.filter((product) => product.productCategoryId === productCategoryId);
    return { productCategoryId, productsData, productCategory: productsData[0]?.productCategory ?? '' };
  },
  // The server drew the page with this category: not again as it hydrates.
  {
    condition: (productCategoryId, { getState }) =>
      !(takeLoadedByServer('products') && (getState() as { products?: ProductsState }).products?.productCategoryId === productCategoryId),
  },
);

/** GET the average rating of every reviewed product. */
export const fetchRatings = createAsyncThunk('products/fetchRatings', async (_: void, { signal }) => {
  const response = await fetch(RATINGS_API_PATH, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(await apiErrorMessage(response, RATINGS_FAILED));
  return ((await response.json()) as RatingsResponse).ratings;
});

export const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchProducts, {
      fields: { status: 'status', error: 'error', requestId: 'requestId' },
      failure: PRODUCTS_FAILED,
      fulfilled: (state, action) => {
        Object.assign(state, action.payload);
      },
    });
    addLoadCases(builder, fetchRatings, {
      fields: { status: 'ratingsStatus', error: 'ratingsError' },
      failure: RATINGS_FAILED,
      fulfilled: (state, action) => {
        state.ratings = action.payload;
      },
    });
  },
  selectors: {
    selectProducts: (state) => state.productsData,
    selectProductsCategoryId: (state) => state.productCategoryId,
    selectProductsCategoryName: (state) => state.productCategory,
    selectProductsStatus: (state) => state.status,
    selectProductsError: (state) => state.error,
    selectRatings: (state) => state.ratings,
    selectRatingsStatus: (state) => state.ratingsStatus,
    selectRatingsError: (state) => state.ratingsError,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof productsSlice> {}
}

/** Injected into the page's one store when the listing's code loads. */
export const injectedProductsSlice = productsSlice.injectInto(rootReducer);
export const {
  selectProducts,
  selectProductsCategoryId,
  selectProductsCategoryName,
  selectProductsStatus,
  selectProductsError,
  selectRatings,
  selectRatingsStatus,
  selectRatingsError,
} = injectedProductsSlice.selectors;
