// The product review calls, shared by the catalogue remote (reviews section, listing sort) and the server
// (server/src/reviews). Plain data and types only, no node modules: browser bundles import it as
// '@site/content/reviews'. Named exports only (see validation/index.ts for why).
import { FIELD_MAX_LENGTH, HONEYPOT_FIELD } from './validation/rules';
import type { CustomerReview } from './types';

// The calls' addresses are @site/contracts/api's (reviewsApiPath, RATINGS_API_PATH).

/** Longest accepted value of each review field, in characters (the form's maxLength; the server refuses more). */
export const REVIEW_MAX_LENGTH = {
  customerName: FIELD_MAX_LENGTH.name,
  emailId: FIELD_MAX_LENGTH.email,
  comment: FIELD_MAX_LENGTH.message,
} as const;

/** The rating choices of 'Select Rating' (spec: One to Five, values 1-5). */
export const REVIEW_STARS = [
  { value: 1, label: 'One' },
  { value: 2, label: 'Two' },
  { value: 3, label: 'Three' },
  { value: 4, label: 'Four' },
  { value: 5, label: 'Five' },
] as const;

/**
 * The body of POST reviewsApiPath(id) (spec "Review to send"). customerName and comment are required,
 * emailId is optional (checked with the shared e-mail pattern when given, stored, never sent back),
 * stars is a whole number 1-5. The hidden honeypot field is for bots only.
 */
export interface ReviewToSend {
  customerName: string;
  emailId: string;
  comment: string;
  stars: number;
  [HONEYPOT_FIELD]?: string;
}

/** Answer of GET reviewsApiPath(id): reviews as displayed (no e-mail). */
export interface ReviewsResponse {
  reviews: CustomerReview[];
}

/** Answer of a successful POST: the review as it will be displayed. */
export interface ReviewCreatedResponse {
  ok: true;
  review: CustomerReview;
  /**
   * Present when the review was stored but waits for a member of staff's approval (the staff setting "hold new
   * reviews"): it is not in GET reviewsApiPath(id) until approved, so the page must not list it as shown.
   */
  held?: true;
}

export interface RatingSummary {
  /**
   * Mean of the stars, rounded to two decimals, where all the stored reviews of one client (address) weigh as one
   * review: their mean counts once (each seed review counts once).
   */
  average: number;
  /** Number of reviews (seed and stored). */
  count: number;
}

/** Answer of GET RATINGS_API_PATH: products without any review are left out. */
export interface RatingsResponse {
  ratings: Record<string, RatingSummary>;
}
