// The product review calls, shared by the catalogue remote (reviews section, listing sort) and the server
// (server/src/reviews). Plain data and types only, no node modules: browser bundles import it as
// '@site/content/reviews'. Named exports only (see validation/index.ts for why).
import { FIELD_MAX_LENGTH } from './validation/rules';

// The calls' addresses are @site/contracts/api's (reviewsApiPath, RATINGS_API_PATH), their bodies and answers
// @site/contracts/reviews-api's.

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
