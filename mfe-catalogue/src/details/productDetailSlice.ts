import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import type { CustomerReview, Product, ProductDetail, ProductVariant } from '@site/content';
import { catalogueProductApiPath } from '@site/contracts/api';
import {
  PRODUCT_GONE_STATUS,
  type DisplayPrices,
  type ProductGone,
  type ProductResponse,
  type RelatedPart,
} from '@site/contracts/catalogue-api';
import type { ReviewToSend } from '@site/contracts/reviews-api';
import { getReviews, postReview } from '../reviews/reviewsApi';

/** What the quote basket needs of the product beyond its detail record: the listing record's code and unit. */
export type ProductQuoteFacts = Pick<Product, 'code' | 'unit' | 'productCategoryId' | 'image'>;

export type WithdrawnProduct = Pick<ProductGone['withdrawn'], 'productName' | 'categoryId' | 'categoryName'>;

export interface ProductDetailState {
  /** The product asked for (the last path segment). */
  productId: string | null;
  /** Its record; null while loading, on failure, or when the catalogue has no such product. */
  productDetail: ProductDetail | null;
  /** Its unit and code, from its listing record (null until it is loaded). */
  quoteFacts: ProductQuoteFacts | null;
  /** Its published variants in order (docs/decisions/034-orderable-variants.md); empty until loaded, or from a server without them. */
  variants: ProductVariant[];
  /** Its related parts still in the catalogue ("Fits with", "Alternatives"), in its order; empty when none. */
  related: RelatedPart[];
  /** Its prices in the visitor's currency, converted by the server (null: AED). */
  display: DisplayPrices | null;
  /** The product was withdrawn from the catalogue (the API's 410): its name and category, for the page's words and link. */
  withdrawn: WithdrawnProduct | null;
  status: LoadStatus;
  error: string | null;
  requestId: string | null;
  /** Reviews as displayed: stored ones newest first, then the catalogue's; a new one goes first. */
  reviews: CustomerReview[];
  reviewsStatus: LoadStatus;
  reviewsError: string | null;
  reviewsRequestId: string | null;
}

const initialState: ProductDetailState = {
  productId: null,
  productDetail: null,
  quoteFacts: null,
  variants: [],
  related: [],
  display: null,
  withdrawn: null,
  status: 'idle',
  error: null,
  requestId: null,
  reviews: [],
  reviewsStatus: 'idle',
  reviewsError: null,
  reviewsRequestId: null,
};

/** No such product in the catalogue: the API's 404, the page's not-found state. */
const PRODUCT_NOT_FOUND = 404;

/**
 * GET /api/catalogue/products/{id}: the product's detail and listing records, in the page's edition (the store's fetch
 * asks in the page's language; the server preloads it: the route's startData). Nothing else of the catalogue.
 */
export const fetchProductDetail = createAsyncThunk(
  'productDetail/fetch',
  async (productId: string, { signal, extra }) => {
    const path = catalogueProductApiPath(productId);
    const response = await fetchOf(extra)(path, { signal, headers: { Accept: 'application/json' } });
    if (response.status === PRODUCT_NOT_FOUND)
      return { detail: null, quoteFacts: null, variants: [], related: [], display: null, withdrawn: null };
    if (response.status === PRODUCT_GONE_STATUS) {
      const { withdrawn } = (await response.json()) as ProductGone;
      return {
        detail: null,
        quoteFacts: null,
        variants: [],
        related: [],
        display: null,
        withdrawn: {
          productName: withdrawn.productName,
          categoryId: withdrawn.categoryId,
          categoryName: withdrawn.categoryName,
        },
      };
    }
    if (!response.ok) throw new Error(`Could not load ${path} (HTTP ${response.status})`);
    const {
      product,
      listing,
      variants = [],
      related = [],
      display = null,
    } = (await response.json()) as ProductResponse;
    const quoteFacts: ProductQuoteFacts = {
      code: listing.code,
      unit: listing.unit,
      productCategoryId: listing.productCategoryId,
      image: listing.image,
    };
    return { detail: product, quoteFacts, variants, related, display, withdrawn: null };
  },
  // The server drew the page with this product: not again as it hydrates.
  {
    condition: (productId, { getState }) =>
      !(
        takeLoadedByServer('productDetail') &&
        (getState() as { productDetail?: ProductDetailState }).productDetail?.productId === productId
      ),
  },
);

export const fetchReviews = createAsyncThunk('productDetail/fetchReviews', (productId: string, { signal }) =>
  getReviews(productId, signal),
);

export const submitReview = createAsyncThunk(
  'productDetail/submitReview',
  ({ productId, review }: { productId: string; review: ReviewToSend }) => postReview(productId, review),
);

export const productDetailSlice = createSlice({
  name: 'productDetail',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchProductDetail, {
      fields: { status: 'status', error: 'error', requestId: 'requestId' },
      failure: 'The product could not be loaded.',
      pending: (state, action) => {
        state.productId = action.meta.arg;
        state.productDetail = null;
        state.quoteFacts = null;
        state.variants = [];
        state.related = [];
        state.display = null;
        state.withdrawn = null;
      },
      fulfilled: (state, action) => {
        state.productDetail = action.payload.detail;
        state.quoteFacts = action.payload.quoteFacts;
        state.variants = action.payload.variants;
        state.related = action.payload.related;
        state.display = action.payload.display;
        state.withdrawn = action.payload.withdrawn;
      },
    });
    addLoadCases(builder, fetchReviews, {
      fields: { status: 'reviewsStatus', error: 'reviewsError', requestId: 'reviewsRequestId' },
      failure: 'The reviews could not be loaded.',
      pending: (state) => {
        state.reviews = [];
      },
      fulfilled: (state, action) => {
        state.reviews = action.payload;
      },
    });
    builder.addCase(submitReview.fulfilled, (state, action) => {
      // a held review is not shown until staff approve it: listing it here would show what the server does not
      if (action.meta.arg.productId === state.productId && !action.payload.held)
        state.reviews.unshift(action.payload.review);
    });
  },
  selectors: {
    selectProductId: (state) => state.productId,
    selectProductDetail: (state) => state.productDetail,
    selectProductQuoteFacts: (state) => state.quoteFacts,
    selectProductVariants: (state) => state.variants,
    selectProductRelated: (state) => state.related,
    selectProductDisplay: (state) => state.display,
    selectProductWithdrawn: (state) => state.withdrawn,
    selectProductDetailStatus: (state) => state.status,
    selectProductDetailError: (state) => state.error,
    selectReviews: (state) => state.reviews,
    selectReviewsStatus: (state) => state.reviewsStatus,
    selectReviewsError: (state) => state.reviewsError,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof productDetailSlice> {}
}

/** Injected into the page's one store when the details' code loads. */
export const injectedProductDetailSlice = productDetailSlice.injectInto(rootReducer);
export const {
  selectProductId,
  selectProductDetail,
  selectProductQuoteFacts,
  selectProductVariants,
  selectProductRelated,
  selectProductDisplay,
  selectProductWithdrawn,
  selectProductDetailStatus,
  selectProductDetailError,
  selectReviews,
  selectReviewsStatus,
  selectReviewsError,
} = injectedProductDetailSlice.selectors;
