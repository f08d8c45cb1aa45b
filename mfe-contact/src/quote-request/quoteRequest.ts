// The request form's values, its checks and its one call (POST /api/quote-requests), without React.
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import type { Locale } from '@site/contracts/locale';
import type { QuoteCreated, QuoteFormFields, QuoteRequestBody } from '@site/contracts/quote-api';
import { quoteRequestBodyOf } from '@site/contracts/quote-request-body';
import type { QuoteLine } from '@site/shared-store';
import {
  DEFAULT_BRANCH_NAME,
  HONEYPOT_FIELD,
  isHumanCheckAnswer,
  isValidEmail,
  neededByProblem,
  parseQuantity,
} from '@site/content/validation';

/** The form's fields as typed (the contract's: a plain post of the form sends them by these names). */
export type QuoteFormValues = QuoteFormFields;

export type QuoteFormField = keyof QuoteFormValues;

export const EMPTY_QUOTE_FORM: QuoteFormValues = {
  companyName: '',
  name: '',
  email: '',
  phone: '',
  branch: DEFAULT_BRANCH_NAME,
  deliveryCity: '',
  neededBy: '',
  notes: '',
  answer: '',
  [HONEYPOT_FIELD]: '',
};

export const QUOTE_REQUIRED_FIELDS = [
  'companyName',
  'name',
  'email',
  'phone',
] as const satisfies readonly QuoteFormField[];

/** Why the form is not sent, first problem first: codes, worded in the page's language where they are shown. */
export type QuoteFormProblem = 'required' | 'invalidEmail' | 'badNeededBy' | 'wrongAnswer' | 'noLines' | 'badQuantity';

/**
 * The checks before sending. `quantities` are the quantity fields' texts by line code (a line whose field is being
 * edited); a line without one is valid (the basket only holds valid quantities). `now` dates the needed-by check (tests).
 */
export function quoteFormProblem(
  values: QuoteFormValues,
  lines: readonly QuoteLine[],
  quantities: Readonly<Record<string, string>>,
  now: Date = new Date(),
): QuoteFormProblem | null {
  if (QUOTE_REQUIRED_FIELDS.some((field) => values[field].trim() === '')) return 'required';
  if (!isValidEmail(values.email)) return 'invalidEmail';
  // the server's own rule: a date it would refuse never leaves the page
  if (values.neededBy.trim() !== '' && neededByProblem(values.neededBy.trim(), now) !== null) return 'badNeededBy';
  if (!isHumanCheckAnswer(values.answer)) return 'wrongAnswer';
  if (lines.length === 0) return 'noLines';
  const badQuantity = lines.some(
    (line) => quantities[line.code] !== undefined && !parseQuantity(quantities[line.code]!, line.unit).ok,
  );
  return badQuantity ? 'badQuantity' : null;
}

/** The body of the request (its contract's): the lines, the form without the human check, the page's language. */
export function quoteRequestBody(
  values: QuoteFormValues,
  lines: readonly QuoteLine[],
  language: Locale,
): QuoteRequestBody {
  // the variant's code names the part (docs/decisions/034-orderable-variants.md)
  return quoteRequestBodyOf(
    values,
    lines.map((line) => ({ productId: line.productId, code: line.code, quantity: line.quantity })),
    language,
  );
}

/** What the server said: taken (with its reference and the PDF's address), or why not. */
export type QuoteSendResult =
  | ({ type: 'sent' } & Omit<QuoteCreated, 'ok'>)
  | { type: 'rateLimited' }
  /** 400: the server's message (English), shown on English pages. */
  | { type: 'refused'; message: string }
  | { type: 'failed' };

/** A text field of the answer: the answer's (QuoteCreated) or a refusal's `error`. */
const textOf = (body: unknown, key: Exclude<keyof QuoteCreated, 'ok'> | 'error'): string | null =>
  typeof body === 'object' && body !== null && key in body && typeof (body as Record<string, unknown>)[key] === 'string'
    ? ((body as Record<string, unknown>)[key] as string)
    : null;

/** Posts the request; every answer but a 200 with a reference is a failure of some kind (logged), never a throw. */
export async function sendQuoteRequest(
  values: QuoteFormValues,
  lines: readonly QuoteLine[],
  language: Locale,
): Promise<QuoteSendResult> {
  try {
    const response = await fetch(QUOTE_REQUESTS_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(quoteRequestBody(values, lines, language)),
    });
    const body: unknown = await response.json().catch(() => null);
    const reference = textOf(body, 'reference');
    const pdfUrl = textOf(body, 'pdfUrl');
    if (response.ok && reference !== null && pdfUrl !== null) return { type: 'sent', reference, pdfUrl };
    const reason = textOf(body, 'error') ?? `HTTP ${response.status}`;
    console.error(`The quote request was not accepted: ${reason}`);
    if (response.status === 429) return { type: 'rateLimited' };
    if (response.status === 400) return { type: 'refused', message: reason };
    return { type: 'failed' };
  } catch (error) {
    console.error('The quote request could not be sent:', error);
    return { type: 'failed' };
  }
}
