import { memo, useCallback, useMemo } from 'react';
import type { CustomerReview } from '@site/content';
import type { ReviewToSend } from '@site/contracts/reviews-api';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { Reviews } from '../reviews/Reviews';
import { withEditionSeedReviews } from '../reviews/seedReviews';
import { fetchReviews, selectReviews, selectReviewsError, selectReviewsStatus, submitReview } from './productDetailSlice';

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
export const ProductReviews = memo(function ProductReviews({ productId, productName, seedReviews }: ProductReviewsProps) {
  const dispatch = useAppDispatch();
  const reviews = useAppSelector(selectReviews);
  const status = useAppSelector(selectReviewsStatus);
  const error = useAppSelector(selectReviewsError);
  const shownReviews = useMemo(() => withEditionSeedReviews(reviews, seedReviews), [reviews, seedReviews]);
  // Stable, so the memoised review form is not drawn again with the list.
  const retry = useCallback(() => dispatch(fetchReviews(productId)), [dispatch, productId]);
  const send = useCallback(
    async (review: ReviewToSend) => ({ held: (await dispatch(submitReview({ productId, review })).unwrap()).held }),
    [dispatch, productId],
  );
  return <Reviews productName={productName} reviews={shownReviews} status={status} error={error} onRetry={retry} onSubmit={send} />;
});
