// The reviews list for moderation: one page of reviews for the filters in the address, and each review's visibility
// changed in place with the server's answer.
import { createSlice } from '@reduxjs/toolkit';
import { STAFF_API, staffApiPath, type ReviewPage, type ReviewQuery, type StaffReview } from '@site/contracts/staff-api';
import type { ReviewVisibilityBody } from '@site/contracts/staff-api-schemas';
import { queryString, staffFetch } from '../api/staffFetch';
import { failureOfAction, staffThunk } from '../api/staffThunk';

export interface ReviewsState {
  reviews: StaffReview[];
  total: number;
  page: number;
  pageCount: number;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
  requestId: string | null;
}

const initialState: ReviewsState = { reviews: [], total: 0, page: 1, pageCount: 0, status: 'idle', error: null, requestId: null };

export const fetchReviews = staffThunk('reviews/fetch', (query: ReviewQuery, { signal }) =>
  staffFetch<ReviewPage>(`${STAFF_API.reviews}${queryString({ ...query })}`, { signal }),
);

export const setReviewHidden = staffThunk('reviews/setHidden', ({ id, hidden }: { id: number; hidden: boolean }, { csrfToken }) =>
  staffFetch<StaffReview>(staffApiPath(STAFF_API.reviewVisibility, { id }), { method: 'POST', body: { hidden } satisfies ReviewVisibilityBody, csrfToken }),
);

export const reviewsSlice = createSlice({
  name: 'reviews',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchReviews.pending, (state, action) => {
        state.requestId = action.meta.requestId;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchReviews.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        const { reviews, total, page, pageCount } = action.payload;
        Object.assign(state, { reviews, total, page, pageCount, status: 'ready', requestId: null });
      })
      .addCase(fetchReviews.rejected, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        state.requestId = null;
        const failure = failureOfAction(action);
        state.status = failure === undefined ? 'idle' : 'failed';
        state.error = failure?.message ?? null;
      })
      .addCase(setReviewHidden.fulfilled, (state, action) => {
        const index = state.reviews.findIndex((review) => review.id === action.payload.id);
        if (index >= 0) state.reviews[index] = action.payload;
      });
  },
  selectors: {
    selectReviews: (state) => state,
  },
});

export const { selectReviews } = reviewsSlice.selectors;
