// The request for quotation (POST QUOTE_REQUESTS_API_PATH of ./api.ts): its body as an allow-list schema, whatever
// the catalogue holds, and its answer. On top of it the server checks each line against the catalogue (a product it
// has, each once, a quantity its unit allows: server/src/quotes/quoteSchema.ts); the contact remote imports the types
// only (`import type`: no zod in its bundle). Texts follow the forms' rules and messages (./formsApi.ts).
import { z } from 'zod';
import { calendarDayProblem, FIELD_MAX_LENGTH, HONEYPOT_FIELD, QUOTE_LIMITS } from '@site/content/validation';
import { branchName, email, honeypot, language, optionalText, requiredText, strictObject } from './formsApi';

/** A line's fields, in order. */
export const QUOTE_LINE_FIELDS = ['productId', 'code', 'quantity'] as const;

/** 'lines[3]': the line a problem's path is in, by its index in the list as sent (from 0). */
export function linePlace(path: readonly PropertyKey[] | undefined): string {
  const index = path?.[path.indexOf('lines') + 1];
  return `lines[${typeof index === 'number' ? index : '?'}]`;
}

/** "lines[3].quantity is required" when left out, "… must be {expected}" for any other type. */
const lineFieldError =
  (field: (typeof QUOTE_LINE_FIELDS)[number], expected: string) =>
  (issue: { input?: unknown; path?: PropertyKey[] | undefined }): string =>
    `${linePlace(issue.path)}.${field} ${issue.input === undefined ? 'is required' : `must be ${expected}`}`;

/**
 * One line: a product id and a quantity greater than 0. Which products there are, and what a quantity of each may be
 * (whole pieces, metres to QUOTE_LIMITS.decimals places, at most QUOTE_LIMITS.maxQuantity), the catalogue says.
 */
export const quoteLineSchema = z.strictObject(
  {
    productId: z.string({ error: lineFieldError('productId', 'text') }),
    /** The variant's code (docs/decisions/034-orderable-variants.md); left out: the product's first published variant. */
    code: z.string({ error: lineFieldError('code', 'text') }).optional(),
    quantity: z.number({ error: lineFieldError('quantity', 'a number') }).positive({ error: (issue) => `${linePlace(issue.path)}.quantity must be greater than 0` }),
  },
  {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return `${linePlace(issue.path)} must be an object {"productId": ..., "quantity": ...}`;
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
      return `${linePlace(issue.path)} has unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}: expected only ${QUOTE_LINE_FIELDS.join(', ')}`;
    },
  },
);

/** The basket's lines: 1 to QUOTE_LIMITS.maxLines. */
export const quoteLinesSchema = z
  .array(quoteLineSchema, {
    error: (issue) => (issue.input === undefined ? 'lines is required' : 'lines must be a list of products: [{"productId": ..., "quantity": ...}, ...]'),
  })
  .min(1, { error: 'lines must hold at least one product' })
  .max(QUOTE_LIMITS.maxLines, {
    error: (issue) => `lines must hold at most ${QUOTE_LIMITS.maxLines} products (got ${Array.isArray(issue.input) ? issue.input.length : 'more'})`,
  });

const NEEDED_BY_FORMAT = 'neededBy must be a date written YYYY-MM-DD';

/**
 * The day the goods are needed by: a calendar day written YYYY-MM-DD; left out, null or blank is none. How near and
 * how far it may be depends on the day it is sent (neededByProblem of @site/content/validation): the server's check.
 */
export const neededBySchema = z
  .string({ error: NEEDED_BY_FORMAT })
  .trim()
  .nullish()
  .transform((value, context): string | null => {
    if (value === undefined || value === null || value === '') return null;
    const problem = calendarDayProblem(value);
    if (problem === null) return value;
    context.addIssue({ code: 'custom', message: problem === 'format' ? NEEDED_BY_FORMAT : 'neededBy must be a real date (YYYY-MM-DD)', input: value });
    return z.NEVER;
  });

/** POST QUOTE_REQUESTS_API_PATH: the lines, the buyer's details, the page's language. */
export const quoteRequestBodySchema = strictObject({
  lines: quoteLinesSchema,
  companyName: requiredText('companyName', { max: FIELD_MAX_LENGTH.companyName }),
  name: requiredText('name', { max: FIELD_MAX_LENGTH.name }),
  email: email('email'),
  phone: requiredText('phone', { max: FIELD_MAX_LENGTH.phone }),
  branch: branchName('branch'),
  deliveryCity: optionalText('deliveryCity', { max: QUOTE_LIMITS.deliveryCity }),
  neededBy: neededBySchema,
  notes: optionalText('notes', { max: QUOTE_LIMITS.notes, multiline: true }),
  language,
  [HONEYPOT_FIELD]: honeypot,
});

/** The answer of a stored request: its reference, and where its sender downloads the PDF (the only place its key is given). */
export const quoteCreatedSchema = z.strictObject({ ok: z.literal(true), reference: z.string(), pdfUrl: z.string() });

/** What the browser sends (z.input: optional fields may be left out). */
export type QuoteRequestBody = z.input<typeof quoteRequestBodySchema>;
export type QuoteLineBody = z.input<typeof quoteLineSchema>;
export type QuoteCreated = z.infer<typeof quoteCreatedSchema>;
