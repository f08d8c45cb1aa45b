import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import type { Product } from '@site/content';
import { RATINGS_API_PATH, catalogueListingApiPath } from '@site/contracts/api';
import {
  LISTING_PAGE_SIZE,
  type DisplayPrices,
  type ListingFacets,
  type ListingResponse,
} from '@site/contracts/catalogue-api';
import { listingViewSearch, type ListingView } from '@site/contracts/listing-view';
import type { RatingsResponse, RatingSummary } from '@site/contracts/reviews-api';
import { apiErrorMessage } from '../common/apiError';

export interface ProductsState {
  /** The view the products below are of (listingKey: category, order, page), null before the first load. */
  viewKey: string | null;
  /** Id of the category productsData belongs to. */
  productCategoryId: string | null;
  /** Display name of that category ('' when the catalogue has no such category). */
  productCategory: string;
  /** One page of the category's products, in the view's order (the server sorts and pages). */
  productsData: Product[];
  /** Every product of the view (the category narrowed by its filters): 'Showing N results', and how many pages there are. */
  total: number;
  /** The brands the view narrows to, of those the category has. */
  brands: string[];
  /** What the filters offer for the category (brands with their counts, the price range). */
  facets: ListingFacets;
  /** Of the page's products, those with a variant on hand somewhere (their cards' "In stock"). */
  inStock: string[];
  /** Of the page's products, those whose card says 'from': sizes priced differently, or quantity breaks. */
  priceFrom: string[];
  /** Of those, each whose lowest price is a quantity break's, below its price at 1: that price ('from AED 11'). */
  fromPrices: Record<string, number>;
  /** The page's prices in the visitor's currency, converted by the server (null: AED). */
  display: DisplayPrices | null;
  /** The page shown, and how many products a page holds. */
  page: number;
  pageSize: number;
  status: LoadStatus;
  error: string | null;
  /** The load in flight: an answer to an older one (another category or view) is dropped. */
  requestId: string | null;
  /** Average rating by product id (seed and stored reviews), for the cards' stars. */
  ratings: Record<string, RatingSummary>;
  ratingsStatus: LoadStatus;
  ratingsError: string | null;
}

const NO_FACETS: ListingFacets = { brands: [], attributes: [], price: { min: null, max: null } };

const initialState: ProductsState = {
  viewKey: null,
  productCategoryId: null,
  productCategory: '',
  productsData: [],
  total: 0,
  brands: [],
  facets: NO_FACETS,
  inStock: [],
  priceFrom: [],
  fromPrices: {},
  display: null,
  page: 1,
  pageSize: LISTING_PAGE_SIZE,
  status: 'idle',
  error: null,
  requestId: null,
  ratings: {},
  ratingsStatus: 'idle',
  ratingsError: null,
};

const PRODUCTS_FAILED = 'The products could not be loaded.';
const RATINGS_FAILED = 'The product ratings could not be loaded.';

/** No such category in the catalogue (404) or an archived one (410): the listing's 'No Products were found.' */
const CATEGORY_NOT_FOUND = new Set([404, 410]);

export interface ListingRequest {
  productCategoryId: string;
  view: ListingView;
}

/** One name per view: which answer the state holds, and whether the server already drew it. */
export const listingKey = ({ productCategoryId, view }: ListingRequest): string =>
  `${productCategoryId}${listingViewSearch(view)}`;

/**
 * GET /api/catalogue/categories/{id}/products: one page of the category in the view's order, with its total (the
 * store's fetch asks in the page's language; the server preloads it: the route's startData, for the same view).
 */
export const fetchProducts = createAsyncThunk(
  'products/fetch',
  async (request: ListingRequest, { signal, extra }) => {
    const { productCategoryId, view } = request;
    const path = `${catalogueListingApiPath(productCategoryId)}${listingViewSearch(view)}`;
    const response = await fetchOf(extra)(path, { signal, headers: { Accept: 'application/json' } });
    const viewKey = listingKey(request);
    if (CATEGORY_NOT_FOUND.has(response.status)) {
      return {
        viewKey,
        productCategoryId,
        productCategory: '',
        productsData: [],
        total: 0,
        brands: [],
        facets: NO_FACETS,
        inStock: [],
        priceFrom: [],
        fromPrices: {},
        display: null,
        page: view.page,
        pageSize: LISTING_PAGE_SIZE,
      };
    }
    if (!response.ok) throw new Error(`Could not load ${path} (HTTP ${response.status})`);
    const {
      category,
      products,
      total,
      page,
      pageSize,
      brands,
      facets,
      inStock = [],
      priceFrom = [],
      fromPrices = {},
      display = null,
    } = (await response.json()) as ListingResponse;
    return {
      viewKey,
      productCategoryId,
      productCategory: category.title,
      productsData: products,
      total,
      brands,
      facets,
      inStock,
      priceFrom,
      fromPrices,
      display,
      page,
      pageSize,
    };
  },
  // The server drew the page with this view: not again as it hydrates.
  {
    condition: (request, { getState }) =>
      !(
        takeLoadedByServer('products') &&
        (getState() as { products?: ProductsState }).products?.viewKey === listingKey(request)
      ),
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
    selectProductsViewKey: (state) => state.viewKey,
    selectProductsTotal: (state) => state.total,
    selectProductsFacets: (state) => state.facets,
    selectProductsInStock: (state) => state.inStock,
    selectProductsPriceFrom: (state) => state.priceFrom,
    selectProductsFromPrices: (state) => state.fromPrices,
    selectProductsDisplay: (state) => state.display,
    selectProductsPage: (state) => state.page,
    selectProductsPageSize: (state) => state.pageSize,
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
  selectProductsViewKey,
  selectProductsTotal,
  selectProductsFacets,
  selectProductsInStock,
  selectProductsPriceFrom,
  selectProductsFromPrices,
  selectProductsDisplay,
  selectProductsPage,
  selectProductsPageSize,
  selectProductsCategoryId,
  selectProductsCategoryName,
  selectProductsStatus,
  selectProductsError,
  selectRatings,
  selectRatingsStatus,
  selectRatingsError,
} = injectedProductsSlice.selectors;
