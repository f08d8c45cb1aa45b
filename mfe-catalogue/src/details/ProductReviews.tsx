import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import type { CustomerReview } from '@site/content';
import type { ReviewToSend } from '@site/contracts/reviews-api';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { Reviews } from '../reviews/Reviews';
import { withEditionSeedReviews } from '../reviews/seedReviews';
import {
  fetchReviews,
  selectReviews,
  selectReviewsError,
  selectReviewsStatus,
  submitReview,
} from './productDetailSlice';

export interface ProductReviewsProps {
  productId: string;
  productName: string;
  /** On another edition's page: the catalogue's own reviews in its language, shown in place of the English ones. */
  seedReviews: readonly CustomerReview[] | undefined;
}

/**
 * The product page's reviews, reading the store here: the store's updates render synchronously in the task that
 * dispatches them, so the reviews loading and arriving redraw this section alone, not the page above it. The page
 * asks for them (its effect, with the product); this section asks again on retry and sends the form.
 */
export const ProductReviews = memo(function ProductReviews({
  productId,
  productName,
  seedReviews,
}: ProductReviewsProps) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectReviews);
  const storedStatus = useAppSelector(selectReviewsStatus);
  const storedError = useAppSelector(selectReviewsError);
  // The list as a deferred render: a store update renders synchronously, and drawing the arrived reviews (their
  // styles injected as they first appear) in that one task was a long task right after start-up (Lighthouse's TBT);
  // deferred, React cuts it into slices. The three change together, in the same deferred render.
  const reviews = useDeferredValue(stored);
  const status = useDeferredValue(storedStatus);
  const error = useDeferredValue(storedError);
  const shownReviews = useMemo(() => withEditionSeedReviews(reviews, seedReviews), [reviews, seedReviews]);
  // Stable, so the memoised review form is not drawn again with the list.
  const retry = useCallback(() => dispatch(fetchReviews(productId)), [dispatch, productId]);
  const send = useCallback(
    async (review: ReviewToSend) => ({ held: (await dispatch(submitReview({ productId, review })).unwrap()).held }),
    [dispatch, productId],
  );
  return (
    <Reviews
      productName={productName}
      reviews={shownReviews}
      status={status}
      error={error}
      onRetry={retry}
      onSubmit={send}
    />
  );
});
