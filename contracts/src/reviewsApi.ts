// The body of POST reviewsApiPath(id) (spec "Review to send": customerName, emailId, comment, stars; address in
// api.ts): the schema the server registers on its route, whose types the browser imports (`import type`). Lengths,
// the e-mail pattern and the honeypot field name are the shared rules of content/.
import { z } from 'zod';
import { EMAIL_PATTERN, HONEYPOT_FIELD } from '@site/content/validation';
import { REVIEW_MAX_LENGTH } from '@site/content/reviews';
import { honeypot, strictObject } from './formsApi';
import { textField } from './textField';

/** Trimmed text within the field's length, passing the shared character rule (textField.ts). */
function text(field: keyof typeof REVIEW_MAX_LENGTH, multiline = false) {
  return textField(field, { max: REVIEW_MAX_LENGTH[field], kind: multiline ? 'multiline' : 'line' });
}

const required = (schema: ReturnType<typeof text>, field: string) =>
  schema.refine((value) => value !== '', { error: `${field} is required`, abort: true });

const STARS_RULE = 'stars must be a whole number from 1 to 5';

// strictObject names the expected fields from the shape: the honeypot last, and not named (bots only).
const reviewFields = {
  customerName: required(text('customerName'), 'customerName'),
  // optional: left out, null or blank is stored as null
  emailId: text('emailId')
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: 'emailId must be a valid email address' })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value)),
  comment: required(text('comment', true), 'comment'),
  stars: z
    .number({ error: (issue) => (issue.input === undefined ? 'stars is required' : STARS_RULE) })
    .int({ error: STARS_RULE })
    .min(1, { error: STARS_RULE })
    .max(5, { error: STARS_RULE }),
};

export const reviewBodySchema = strictObject(reviewFields).extend({ [HONEYPOT_FIELD]: honeypot });

/** The review as the form sends it (z.input: emailId may be blank or left out; the honeypot for bots only). */
export type ReviewToSend = z.input<typeof reviewBodySchema>;

/** A valid review, ready to store (emailId null when not given), without the honeypot. */
export type NewReview = Omit<z.output<typeof reviewBodySchema>, typeof HONEYPOT_FIELD>;

/** The product a review call is about: any id (an unknown one is a 404, the server's to say). */
export const reviewParamsSchema = z.object({ productId: z.string() });

/** A review as a product page shows it (no e-mail): a stored one or one of the catalogue's seed reviews. */
export const shownReviewSchema = z.strictObject({
  customerName: z.string(),
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
});

/** Answer of GET reviewsApiPath(id): the stored reviews newest first, then the catalogue's. */
export const reviewsResponseSchema = z.strictObject({ reviews: z.array(shownReviewSchema) });

/**
 * Answer of a stored POST: the review as it will be shown. `held` when it waits for a member of staff's approval (the
 * staff setting "hold new reviews"): it is not in GET reviewsApiPath(id) until approved, so the page must not list it.
 */
export const reviewCreatedSchema = z.strictObject({
  ok: z.literal(true),
  review: shownReviewSchema,
  held: z.literal(true).optional(),
});

/**
 * A product's rating: the mean of the stars rounded to two decimals, where all the stored reviews of one client
 * (address) weigh as one review (each seed review counts once), and the number of reviews (seed and stored).
 */
export const ratingSummarySchema = z.strictObject({ average: z.number(), count: z.number().int().min(0) });

/** Answer of GET RATINGS_API_PATH: products without any review are left out. */
export const ratingsResponseSchema = z.strictObject({ ratings: z.record(z.string(), ratingSummarySchema) });

export type ShownReview = z.infer<typeof shownReviewSchema>;
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;
export type ReviewCreatedResponse = z.infer<typeof reviewCreatedSchema>;
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
export type RatingsResponse = z.infer<typeof ratingsResponseSchema>;
