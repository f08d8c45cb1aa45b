// The request for quotation (POST QUOTE_REQUESTS_API_PATH of ./api.ts): its body as an allow-list schema, whatever
// the catalogue holds, and its answer. On top of it the server checks each line against the catalogue (a product it
// has, each once, a quantity its unit allows: server/src/quote-requests/quoteSchema.ts); the contact remote imports the types
// only (`import type`: no zod in its bundle). Texts follow the forms' rules and messages (./formsApi.ts).
import { z } from 'zod';
import {
  calendarDayProblem,
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  QUOTE_LIMITS,
  type QuantityProblem,
  type QuoteUnit,
} from '@site/content/validation';
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
    quantity: z
      .number({ error: lineFieldError('quantity', 'a number') })
      .positive({ error: (issue) => `${linePlace(issue.path)}.quantity must be greater than 0` }),
  },
  {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys')
        return `${linePlace(issue.path)} must be an object {"productId": ..., "quantity": ...}`;
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
      return `${linePlace(issue.path)} has unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}: expected only ${QUOTE_LINE_FIELDS.join(', ')}`;
    },
  },
);

/** The basket's lines: 1 to QUOTE_LIMITS.maxLines. */
export const quoteLinesSchema = z
  .array(quoteLineSchema, {
    error: (issue) =>
      issue.input === undefined
        ? 'lines is required'
        : 'lines must be a list of products: [{"productId": ..., "quantity": ...}, ...]',
  })
  .min(1, { error: 'lines must hold at least one product' })
  .max(QUOTE_LIMITS.maxLines, {
    error: (issue) =>
      `lines must hold at most ${QUOTE_LIMITS.maxLines} products (got ${Array.isArray(issue.input) ? issue.input.length : 'more'})`,
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
    context.addIssue({
      code: 'custom',
      message: problem === 'format' ? NEEDED_BY_FORMAT : 'neededBy must be a real date (YYYY-MM-DD)',
      input: value,
    });
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

/**
 * The request page's form fields as typed, by their controls' names: the body's details, the human check's `answer`
 * (checked in the browser; by the server too when the form is posted without the page's scripts) and the honeypot.
 */
export interface QuoteFormFields {
  companyName: string;
  name: string;
  email: string;
  phone: string;
  /** A branch name as the server knows it ('Dubai', whatever the page's language). */
  branch: string;
  deliveryCity: string;
  /** 'YYYY-MM-DD' from the date field, or ''. */
  neededBy: string;
  notes: string;
  answer: string;
  [HONEYPOT_FIELD]: string;
}

/**
 * The name of the request page's "Paste a list" box, which belongs to the request form too: a plain post of the form
 * carries its lines as that list ("code quantity", one a line), as the browser's basket is not the server's to read.
 */
export const PASTED_LIST_FIELD = 'pastedList';

/**
 * The request page's query naming a list to put in the basket ('/request-quote?list=HEX-CW-25%2040'): lines of
 * "code quantity" as "Paste a list" reads them. The buyer's account links it to ask for a past record's parts again;
 * the page adds them once it has started, says what it could not add, and drops the query.
 */
export const QUOTE_LIST_PARAM = 'list';

/** The request page's address in `locale` with `parts` to put in the basket. */
export function quoteRequestWithList(
  localePrefix: '' | '/ar',
  parts: readonly { code: string; quantity: number }[],
): string {
  const list = parts.map((part) => `${part.code} ${part.quantity}`).join('\n');
  return `${localePrefix}/request-quote?${QUOTE_LIST_PARAM}=${encodeURIComponent(list)}`;
}

/**
 * Why the request page did not send, as it words it: a check made before sending, in this order ('badQuantity': a
 * basket line's quantity field; 'badList': a line of a posted list the catalogue does not have or whose quantity its
 * unit refuses), the server's refusal of the body (its English sentence), too many requests, or a failure.
 */
export type QuoteNotSent =
  | {
      type: 'invalid';
      problem: 'required' | 'invalidEmail' | 'badNeededBy' | 'wrongAnswer' | 'noLines' | 'badQuantity' | 'badList';
    }
  | { type: 'refused'; message: string }
  | { type: 'rateLimited' }
  | { type: 'failed' };

/** The lines of a posted list that could not be sent, as pasted: their codes unknown, their quantities refused, or beyond QUOTE_LIMITS.maxLines. */
export interface PastedListProblems {
  unrecognised: string[];
  refused: { text: string; unit: QuoteUnit; problem: QuantityProblem }[];
  overLimit: string[];
}

/** A request the server took from a plain post, as its "Request sent" page shows it (the stored request's). */
export interface PostedQuoteSent {
  reference: string;
  pdfUrl: string;
  lines: {
    productId: string;
    code: string;
    name: string;
    nameAr: string;
    label: string;
    labelAr: string;
    unit: QuoteUnit;
    quantity: number;
  }[];
  values: Omit<QuoteFormFields, 'answer' | typeof HONEYPOT_FIELD>;
}

/**
 * What came of a plain post of the request page's form, for the page the server draws in answer (read at
 * FORM_POST_OUTCOME_PATH of api.ts): the request sent (its "Request sent" summary), or not, with everything as typed.
 */
export type PostedQuoteForm =
  | { form: 'quote'; outcome: 'sent'; sent: PostedQuoteSent }
  | {
      form: 'quote';
      outcome: 'notSent';
      why: QuoteNotSent;
      values: QuoteFormFields;
      pastedList: string;
      list: PastedListProblems | null;
    };
