// The reviews for moderation: one page for the filters in the address, and each review's visibility changed in place
// with the server's answer (in every page read, so going back to one shows it as it now is). The product filter asks
// the public catalogue's search and look-up (ProductPicker.tsx).
import { CATALOGUE_LOOKUP_API_PATH, CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import type { LookupResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { STAFF_API, staffApiPath, type ReviewPage, type StaffReview } from '@site/contracts/staff-api';
import type { ReviewQuery, ReviewVisibilityBody } from '@site/contracts/staff-api-schemas';
import { staffApi } from '../api/staffApi';
import { queryString } from '../api/staffBaseQuery';

export const reviewsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    reviews: build.query<ReviewPage, ReviewQuery>({
      query: (query) => `${STAFF_API.reviews}${queryString({ ...query })}`,
    }),
    setReviewHidden: build.mutation<StaffReview, { id: number; hidden: boolean }>({
      query: ({ id, hidden }) => ({
        url: staffApiPath(STAFF_API.reviewVisibility, { id }),
        method: 'POST',
        body: { hidden } satisfies ReviewVisibilityBody,
      }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer === undefined) return;
        const updated = answer.data;
        for (const query of reviewsApi.util.selectCachedArgsForQuery(getState(), 'reviews')) {
          dispatch(
            reviewsApi.util.updateQueryData('reviews', query, (page) => {
              const index = page.reviews.findIndex((review) => review.id === updated.id);
              if (index >= 0) page.reviews[index] = updated;
            }),
          );
        }
      },
    }),
    /** The products a typed name or code finds (`limit` of them), for the product filter to offer. */
    productSearch: build.query<SearchResponse, { q: string; limit: number }>({
      query: ({ q, limit }) => `${CATALOGUE_SEARCH_API_PATH}${queryString({ q, limit })}`,
    }),
    /** The catalogue's products of these codes (comma-separated, as compared): the chosen product's name. */
    productLookup: build.query<LookupResponse, string>({
      query: (codes) => `${CATALOGUE_LOOKUP_API_PATH}${queryString({ codes })}`,
    }),
  }),
});

export const { useReviewsQuery, useSetReviewHiddenMutation, useProductSearchQuery, useProductLookupQuery } = reviewsApi;
