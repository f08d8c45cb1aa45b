import type { CustomerReview } from '@site/content';
import { reviewsApiPath } from '@site/contracts/api';
import type { ReviewCreatedResponse, ReviewsResponse, ReviewToSend } from '@site/contracts/reviews-api';
import { apiErrorMessage } from '../common/apiError';

/** Why a review was not sent: the form words it in the page's language (ReviewForm's REVIEW_FAILURE_TEXT). */
export type ReviewFailure = 'network' | 'invalid' | 'unknownProduct' | 'tooMany' | 'unavailable' | 'other';

/**
 * A review that was not sent: `message` is the server's English text (what English pages show), `code` the reason.
 * `code` is a string property, so it survives Redux Toolkit's serialisation of a rejected thunk (`unwrap()`).
 */
export class ReviewNotSentError extends Error {
  // declared, not a parameter property: that compiles to a defineProperty helper in the product page's first chunk
  declare readonly code: ReviewFailure;

  constructor(message: string, code: ReviewFailure) {
    super(message);
    this.name = 'ReviewNotSentError';
    this.code = code;
  }
}

/**
 * The reason of a refused review, from its HTTP status (the server's refusals are exactly {error}: English text). 429
 * is either limit: the client's reviews of this product, or its posts per minute.
 */
export function reviewFailureOf(status: number): ReviewFailure {
  if (status === 429) return 'tooMany';
  if (status === 400 || status === 413 || status === 415) return 'invalid';
  if (status === 404) return 'unknownProduct';
  if (status >= 500) return 'unavailable';
  return 'other';
}

/** A product's reviews: the stored ones newest first, then the catalogue's. */
export async function getReviews(productId: string, signal?: AbortSignal): Promise<CustomerReview[]> {
  const response = await fetch(reviewsApiPath(productId), { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(await apiErrorMessage(response, 'The reviews could not be loaded.'));
  return ((await response.json()) as ReviewsResponse).reviews;
}

/** What the form learns of a stored review: `held` when it waits for staff approval and is not shown yet. */
export interface ReviewSent {
  held: boolean;
}

/** A stored review as it will be displayed (once shown). */
export interface PostedReview extends ReviewSent {
  review: CustomerReview;
}

/** Stores a review; resolves with the review as displayed, rejects with a ReviewNotSentError. */
export async function postReview(productId: string, review: ReviewToSend): Promise<PostedReview> {
  let response: Response;
  try {
    response = await fetch(reviewsApiPath(productId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(review),
    });
  } catch {
    throw new ReviewNotSentError(
      'Your review could not be sent. Please check your connection and try again.',
      'network',
    );
  }
  if (!response.ok) {
    const message = await apiErrorMessage(response, 'Your review could not be sent. Please try again.');
    throw new ReviewNotSentError(message, reviewFailureOf(response.status));
  }
  const created = (await response.json()) as ReviewCreatedResponse;
  return { review: created.review, held: created.held === true };
}
