import type { CustomerReview } from '@site/content';
import { reviewsApiPath } from '@site/contracts/api';
import { type ReviewCreatedResponse, type ReviewsResponse, type ReviewToSend } from '@site/content/reviews';
import { apiErrorMessage } from '../common/apiError';

/** A product's reviews: the stored ones newest first, then the catalogue's. */
export async function getReviews(productId: string, signal?: AbortSignal): Promise<CustomerReview[]> {
  const response = await fetch(reviewsApiPath(productId), { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(await apiErrorMessage(response, 'The reviews could not be loaded.'));
  return ((await response.json()) as ReviewsResponse).reviews;
}

/** Stores a review; resolves with the review as displayed, rejects with a message for the visitor. */
export async function postReview(productId: string, review: ReviewToSend): Promise<CustomerReview> {
  let response: Response;
  try {
    response = await fetch(reviewsApiPath(productId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(review),
    });
  } catch {
    throw new Error('Your review could not be sent. Please check your connection and try again.');
  }
  if (!response.ok) throw new Error(await apiErrorMessage(response, 'Your review could not be sent. Please try again.'));
  return ((await response.json()) as ReviewCreatedResponse).review;
}
