// The schema of POST /api/quote-requests over the catalogue: the contract's (@site/contracts/quote-api: the fields,
// their types and bounds, the lines' shape) with what the catalogue decides on top: each line a product it has and a
// published variant of it (its code; none: the first), each variant once, a quantity its unit allows, and the needed-by date within its bounds from today. Made per catalogue, so
// the handler checks it (checkBody in http/contracts.ts, whose sentence names at most ten problems of the lines).
import { z } from 'zod';
import {
  checkQuantity,
  cutText,
  NEEDED_BY_MAX_YEARS,
  neededByProblem,
  normalizedProductCode,
  QUOTE_LIMITS,
  type QuantityProblem,
  type QuoteUnit,
} from '@site/content/validation';
import type { Submission } from '@site/contracts/forms-api';
import { linePlace, quoteRequestBodySchema } from '@site/contracts/quote-api';
import type { QuoteCatalogue, QuoteProduct, QuoteVariant } from './quoteCatalogue.js';
import { quoteTexts } from './quoteTexts.js';

/** One checked line: the product and its variant as the catalogue has them, and the quantity in the variant's unit. */
export interface QuoteLineInput {
  product: QuoteProduct;
  variant: QuoteVariant;
  quantity: number;
}

interface Problem {
  /** In the lines: [index, field]. */
  path: [number, 'productId' | 'code' | 'quantity'];
  message: string;
}

/** Visitor text inside a message: quoted, and short. */
const quoted = (value: string): string => JSON.stringify(cutText(value, 60));
/** A visitor's code inside a message: as written when it reads as a code, else as any other text. */
const shownCode = (code: string): string => (/^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : quoted(code));

const WITHDRAWN =
  'is no longer available: it was withdrawn from the catalogue. Remove it from the request and send the rest';

/**
 * The variant a line names (docs/decisions/034-orderable-variants.md): its `code`'s, compared as a buyer types codes
 * (normalizedProductCode), or, without one, the product's first; else the problem, naming the line's field. A code
 * that is not text is the contract's problem (undefined here).
 */
function lineVariant(
  product: QuoteProduct,
  code: unknown,
  at: string,
): { variant: QuoteVariant } | Problem['message'] | undefined {
  if (code === undefined) {
    const first = product.variants[0];
    return first === undefined
      ? `${at}.productId ${quoted(product.id)} (${product.name}, ${product.code}) ${WITHDRAWN}`
      : { variant: first };
  }
  if (typeof code !== 'string') return undefined;
  const key = normalizedProductCode(code);
  const variant = product.variants.find((candidate) => normalizedProductCode(candidate.code) === key);
  if (variant !== undefined) return { variant };
  if (product.withdrawnCodes.some((withdrawn) => normalizedProductCode(withdrawn) === key))
    return `${at}.code ${shownCode(code)} (${product.name}) ${WITHDRAWN}`;
  return `${at}.code ${shownCode(code)} is not a code of ${product.id}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function quantityMessage(problem: QuantityProblem, unit: QuoteUnit): string {
  const units = quoteTexts('en').unitName(unit, 2);
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

/** The product a line names, or its problem (undefined: a product id that is not text, the contract's problem). */
function lineProduct(
  productId: unknown,
  catalogue: QuoteCatalogue,
  at: string,
): { product: QuoteProduct } | Problem['message'] | undefined {
  if (typeof productId !== 'string') return undefined;
  const product = catalogue.find(productId);
  if (product !== undefined) return { product };
  const gone = catalogue.withdrawn?.(productId);
  return gone === undefined
    ? `${at}.productId ${quoted(productId)} is not a product of the catalogue`
    : `${at}.productId ${quoted(productId)} (${gone.name}, ${gone.code}) ${WITHDRAWN}`;
}

/**
 * The lines against the catalogue: each product one it has (not withdrawn), each code a published variant of it, each
 * variant once, each quantity one its unit allows (checkQuantity). Lines the contract refused (no text product id, no
 * quantity above 0) are passed over here: their problems are the contract's. Problems name their line:
 * "lines[3].quantity must be a whole number of pieces", "lines[1].code HEX-CW-99 is not a code of hex_cw_brass_cable_gland".
 */
export function checkQuoteLines(
  lines: readonly unknown[],
  catalogue: QuoteCatalogue,
): { ok: true; lines: QuoteLineInput[] } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const checked: QuoteLineInput[] = [];
  const firstIndex = new Map<string, number>();
  lines.forEach((line, index) => {
    if (!isRecord(line)) return;
    const at = linePlace(['lines', index]);
    const { productId, code, quantity } = line;
    const named = lineProduct(productId, catalogue, at);
    if (typeof named === 'string') problems.push({ path: [index, 'productId'], message: named });
    if (typeof named !== 'object') return;
    const part = lineVariant(named.product, code, at);
    if (typeof part === 'string')
      problems.push({ path: [index, code === undefined ? 'productId' : 'code'], message: part });
    if (typeof part !== 'object') return;
    const { variant } = part;
    const first = firstIndex.get(variant.code);
    if (first !== undefined) {
      problems.push(
        code === undefined
          ? {
              path: [index, 'productId'],
              message: `${at}.productId ${quoted(named.product.id)} is also lines[${first}]: send each product once, with its whole quantity`,
            }
          : {
              path: [index, 'code'],
              message: `${at}.code ${variant.code} is also lines[${first}]: send each part once, with its whole quantity`,
            },
      );
      return;
    }
    firstIndex.set(variant.code, index);
    if (typeof quantity !== 'number' || !(quantity > 0)) return;
    const quantityChecked = checkQuantity(quantity, variant.unit);
    if (quantityChecked.ok) checked.push({ product: named.product, variant, quantity: quantityChecked.quantity });
    else
      problems.push({
        path: [index, 'quantity'],
        message: `${at}.quantity ${quantityMessage(quantityChecked.problem, variant.unit)}`,
      });
  });
  return problems.length === 0 ? { ok: true, lines: checked } : { ok: false, problems };
}

/** The server's words for a needed-by date out of bounds (the rule is shared with the form: @site/content/validation). */
const NEEDED_BY_OUT_OF_BOUNDS = {
  past: 'neededBy cannot be in the past',
  tooFar: `neededBy must be at most ${NEEDED_BY_MAX_YEARS} years ahead`,
} as const;

/** Whether the lines' own shape was taken (a list of an allowed length), whatever its lines: then the catalogue's turn. */
const listTaken = (payload: z.core.ParsePayload): boolean =>
  Array.isArray(payload.value) && payload.issues.every((issue) => (issue.path?.length ?? 0) > 0);

/** The schema over the catalogue that knows the products; `now` for the needed-by date's bounds (tests). */
export function quoteRequestSchema(catalogue: QuoteCatalogue, now: () => Date = () => new Date()) {
  const { lines, neededBy } = quoteRequestBodySchema.shape;
  return quoteRequestBodySchema.extend({
    lines: lines
      // after the contract's problems of single lines (`when`: those do not stop it), so both are named at once
      .superRefine(
        (value, context) => {
          const checked = checkQuoteLines(value, catalogue);
          if (checked.ok) return;
          for (const problem of checked.problems)
            context.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value });
        },
        { when: listTaken },
      )
      .transform((value): QuoteLineInput[] => {
        const checked = checkQuoteLines(value, catalogue);
        // the refinement above let nothing else through
        if (!checked.ok) throw new Error('quote lines changed between their check and their use');
        return checked.lines;
      }),
    neededBy: neededBy.superRefine((value, context) => {
      if (value === null) return;
      const problem = neededByProblem(value, now());
      if (problem === 'past' || problem === 'tooFar')
        context.addIssue({ code: 'custom', message: NEEDED_BY_OUT_OF_BOUNDS[problem], input: value });
    }),
  });
}

export type QuoteRequestSchema = ReturnType<typeof quoteRequestSchema>;
/** A checked request, without the honeypot. */
export type QuoteRequestInput = Submission<QuoteRequestSchema>;
