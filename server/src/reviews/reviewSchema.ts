// The body of POST /api/products/:id/reviews (spec "Review to send": customerName, emailId, comment, stars).
// Lengths, the e-mail pattern and the honeypot field name are the shared rules of content/.
import { z } from 'zod';
import { EMAIL_PATTERN, HONEYPOT_FIELD } from '@site/content/validation';
import { REVIEW_MAX_LENGTH } from '@site/content/reviews';
import { textField } from '../validation/textField.js';

const FIELDS = ['customerName', 'emailId', 'comment', 'stars'] as const;

/** Trimmed text within the field's length, passing the shared character rule (validation/textField.ts). */
function text(field: keyof typeof REVIEW_MAX_LENGTH, multiline = false) {
  return textField(field, { max: REVIEW_MAX_LENGTH[field], kind: multiline ? 'multiline' : 'line' });
}

const required = (schema: ReturnType<typeof text>, field: string) =>
  schema.refine((value) => value !== '', { error: `${field} is required`, abort: true });

const STARS_RULE = 'stars must be a whole number from 1 to 5';

export const reviewSchema = z.strictObject(
  {
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
    [HONEYPOT_FIELD]: z
      .string({ error: `${HONEYPOT_FIELD} must be text` })
      .max(1000, { error: `${HONEYPOT_FIELD} must be at most 1000 characters` })
      .optional(),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => `"${key}"`).join(', ');
        return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}: expected only ${FIELDS.join(', ')}`;
      }
      return 'The request body must be a JSON object';
    },
  },
);

/** A valid review, ready to store (emailId null when not given). */
export interface NewReview {
  customerName: string;
  emailId: string | null;
  comment: string;
  stars: number;
}

export type ReviewParseResult = { ok: true; review: NewReview; spam: boolean } | { ok: false; error: string };

/** Checks a parsed JSON body. On failure one message naming each wrong field once, in field order. */
export function parseReview(body: unknown): ReviewParseResult {
  const result = reviewSchema.safeParse(body);
  if (!result.success) {
    const seen = new Set<string>();
    const messages: string[] = [];
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (seen.has(key)) continue;
      seen.add(key);
      messages.push(issue.message);
    }
    return { ok: false, error: messages.join('; ') };
  }
  const { [HONEYPOT_FIELD]: trap, ...review } = result.data;
  return { ok: true, review, spam: typeof trap === 'string' && trap.trim() !== '' };
}
