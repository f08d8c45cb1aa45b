// The allow-list schema of POST /api/quote-requests: the buyer's lines (known products, each once, a quantity its
// unit allows) and details, with the same text rules and messages as the other forms (@site/contracts/forms-api).
// Made per catalogue (the products a line may name), so the handler checks it (checkBody in http/contracts.ts).
import { z } from 'zod';
import {
  checkQuantity,
  cutText,
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  NEEDED_BY_MAX_YEARS,
  neededByProblem,
  QUOTE_LIMITS,
  type NeededByProblem,
  type QuantityProblem,
} from '@site/content/validation';
import { branchName, email, honeypot, language, optionalText, requiredText, strictObject, type Submission } from '@site/contracts/forms-api';
import type { QuoteCatalogue, QuoteProduct } from './quoteCatalogue.js';
import { quoteTexts } from './quoteTexts.js';

/** One checked line: the product as the catalogue has it, and the quantity in its unit. */
export interface QuoteLineInput {
  product: QuoteProduct;
  quantity: number;
}

/** Problems of single lines listed in one answer at most; the rest are counted. */
const MAX_LINE_PROBLEMS = 10;

const LINE_FIELDS = ['productId', 'quantity'];

interface Problem {
  path: (string | number)[];
  message: string;
}

/** Visitor text inside a message: quoted, and short. */
const quoted = (value: string): string => JSON.stringify(cutText(value, 60));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function quantityMessage(problem: QuantityProblem, product: QuoteProduct): string {
  const units = quoteTexts('en').unitName(product.unit, 2);
  switch (problem) {
    case 'invalid':
      return 'must be a number';
    case 'notPositive':
      return 'must be greater than 0';
    case 'notWhole':
      return `must be a whole number of ${units}`;
    case 'tooPrecise':
      return `must have at most ${QUOTE_LIMITS.decimals} decimal places`;
    case 'tooLarge':
      return `must be at most ${QUOTE_LIMITS.maxQuantity} ${units}`;
  }
}

/**
 * Checks the `lines` of a request: a list of 1 to QUOTE_LIMITS.maxLines objects {productId, quantity}, each product of
 * the catalogue once, each quantity a number its unit allows (checkQuantity). Problems name their line: "lines[3].quantity
 * must be a whole number of pieces" (the index in the list as sent, from 0).
 */
export function checkQuoteLines(value: unknown, catalogue: QuoteCatalogue): { ok: true; lines: QuoteLineInput[] } | { ok: false; problems: Problem[] } {
  const fail = (message: string) => ({ ok: false as const, problems: [{ path: ['lines'], message }] });
  if (value === undefined) return fail('lines is required');
  if (!Array.isArray(value)) return fail('lines must be a list of products: [{"productId": ..., "quantity": ...}, ...]');
  if (value.length === 0) return fail('lines must hold at least one product');
  if (value.length > QUOTE_LIMITS.maxLines) return fail(`lines must hold at most ${QUOTE_LIMITS.maxLines} products (got ${value.length})`);

  const problems: Problem[] = [];
  const lines: QuoteLineInput[] = [];
  const firstIndex = new Map<string, number>();
  value.forEach((line: unknown, index) => {
    const at = `lines[${index}]`;
    if (!isRecord(line)) {
      problems.push({ path: ['lines', index], message: `${at} must be an object {"productId": ..., "quantity": ...}` });
      return;
    }
    const unknown = Object.keys(line).filter((key) => !LINE_FIELDS.includes(key));
    if (unknown.length > 0) {
      const keys = unknown.map((key) => quoted(key)).join(', ');
      problems.push({ path: ['lines', index], message: `${at} has unknown field${unknown.length > 1 ? 's' : ''} ${keys}: expected only ${LINE_FIELDS.join(', ')}` });
      return;
    }
    const { productId, quantity } = line;
    let product: QuoteProduct | undefined;
    if (productId === undefined) problems.push({ path: ['lines', index, 'productId'], message: `${at}.productId is required` });
    else if (typeof productId !== 'string') problems.push({ path: ['lines', index, 'productId'], message: `${at}.productId must be text` });
    else if ((product = catalogue.find(productId)) === undefined) {
      const gone = catalogue.withdrawn?.(productId);
      problems.push({
        path: ['lines', index, 'productId'],
        message:
          gone === undefined
            ? `${at}.productId ${quoted(productId)} is not a product of the catalogue`
            : `${at}.productId ${quoted(productId)} (${gone.name}, ${gone.code}) is no longer available: it was withdrawn from the catalogue. Remove it from the request and send the rest`,
      });
    } else if (firstIndex.has(productId)) {
      problems.push({
        path: ['lines', index, 'productId'],
        message: `${at}.productId ${quoted(productId)} is also lines[${firstIndex.get(productId)}]: send each product once, with its whole quantity`,
      });
      product = undefined;
    } else firstIndex.set(productId, index);

    if (quantity === undefined) problems.push({ path: ['lines', index, 'quantity'], message: `${at}.quantity is required` });
    else if (typeof quantity !== 'number') problems.push({ path: ['lines', index, 'quantity'], message: `${at}.quantity must be a number` });
    else if (product !== undefined) {
      const checked = checkQuantity(quantity, product.unit);
      if (checked.ok) lines.push({ product, quantity: checked.quantity });
      else problems.push({ path: ['lines', index, 'quantity'], message: `${at}.quantity ${quantityMessage(checked.problem, product)}` });
    }
  });
  if (problems.length === 0) return { ok: true, lines };
  if (problems.length <= MAX_LINE_PROBLEMS) return { ok: false, problems };
  const more = problems.length - MAX_LINE_PROBLEMS;
  return { ok: false, problems: [...problems.slice(0, MAX_LINE_PROBLEMS), { path: ['lines', 'more'], message: `and ${more} more problem${more > 1 ? 's' : ''} in lines` }] };
}

/** The server's words for a refused needed-by date (the rule is shared with the form: @site/content/validation). */
const NEEDED_BY_MESSAGES: Readonly<Record<NeededByProblem, string>> = {
  format: 'neededBy must be a date written YYYY-MM-DD',
  noSuchDay: 'neededBy must be a real date (YYYY-MM-DD)',
  past: 'neededBy cannot be in the past',
  tooFar: `neededBy must be at most ${NEEDED_BY_MAX_YEARS} years ahead`,
};

/** The schema over the catalogue that knows the products; `now` for the needed-by date's bounds (tests). */
export function quoteRequestSchema(catalogue: QuoteCatalogue, now: () => Date = () => new Date()) {
  return strictObject({
    lines: z.unknown().transform((value, ctx): QuoteLineInput[] => {
      const checked = checkQuoteLines(value, catalogue);
      if (checked.ok) return checked.lines;
      for (const problem of checked.problems) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path.slice(1), input: value });
      return z.NEVER;
    }),
    companyName: requiredText('companyName', { max: FIELD_MAX_LENGTH.companyName }),
    name: requiredText('name', { max: FIELD_MAX_LENGTH.name }),
    email: email('email'),
    phone: requiredText('phone', { max: FIELD_MAX_LENGTH.phone }),
    branch: branchName('branch'),
    deliveryCity: optionalText('deliveryCity', { max: QUOTE_LIMITS.deliveryCity }),
    neededBy: z
      .string({ error: 'neededBy must be a date written YYYY-MM-DD' })
      .trim()
      .nullish()
      .transform((value, ctx): string | null => {
        if (value === undefined || value === null || value === '') return null;
        const problem = neededByProblem(value, now());
        if (problem === null) return value;
        ctx.addIssue({ code: 'custom', message: NEEDED_BY_MESSAGES[problem], input: value });
        return z.NEVER;
      }),
    notes: optionalText('notes', { max: QUOTE_LIMITS.notes, multiline: true }),
    language,
    [HONEYPOT_FIELD]: honeypot,
  });
}

export type QuoteRequestSchema = ReturnType<typeof quoteRequestSchema>;
/** A checked request, without the honeypot. */
export type QuoteRequestInput = Submission<QuoteRequestSchema>;

