// The schema of POST /api/quote-requests over the catalogue: the contract's (@site/contracts/quote-api: the fields,
// their types and bounds, the lines' shape) with what the catalogue decides on top: each line a product it has, each
// product once, a quantity its unit allows, and the needed-by date within its bounds from today. Made per catalogue, so
// the handler checks it (checkBody in http/contracts.ts, whose sentence names at most ten problems of the lines).
import { z } from 'zod';
import { checkQuantity, cutText, NEEDED_BY_MAX_YEARS, neededByProblem, QUOTE_LIMITS, type QuantityProblem } from '@site/content/validation';
import type { Submission } from '@site/contracts/forms-api';
import { linePlace, quoteRequestBodySchema } from '@site/contracts/quote-api';
import type { QuoteCatalogue, QuoteProduct } from './quoteCatalogue.js';
import { quoteTexts } from './quoteTexts.js';

/** One checked line: the product as the catalogue has it, and the quantity in its unit. */
export interface QuoteLineInput {
  product: QuoteProduct;
  quantity: number;
}

interface Problem {
  /** In the lines: [index, field]. */
  path: [number, 'productId' | 'quantity'];
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
 * The lines against the catalogue: each product one it has (not withdrawn), once, each quantity one its unit allows
 * (checkQuantity). Lines the contract refused (no text product id, no quantity above 0) are passed over here: their
 * problems are the contract's. Problems name their line: "lines[3].quantity must be a whole number of pieces".
 */
export function checkQuoteLines(lines: readonly unknown[], catalogue: QuoteCatalogue): { ok: true; lines: QuoteLineInput[] } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const checked: QuoteLineInput[] = [];
  const firstIndex = new Map<string, number>();
  lines.forEach((line, index) => {
    if (!isRecord(line)) return;
    const at = linePlace(['lines', index]);
    const { productId, quantity } = line;
    let product: QuoteProduct | undefined;
    if (typeof productId !== 'string') return;
    if ((product = catalogue.find(productId)) === undefined) {
      const gone = catalogue.withdrawn?.(productId);
      problems.push({
        path: [index, 'productId'],
        message:
          gone === undefined
            ? `${at}.productId ${quoted(productId)} is not a product of the catalogue`
            : `${at}.productId ${quoted(productId)} (${gone.name}, ${gone.code}) is no longer available: it was withdrawn from the catalogue. Remove it from the request and send the rest`,
      });
    } else if (firstIndex.has(productId)) {
      problems.push({ path: [index, 'productId'], message: `${at}.productId ${quoted(productId)} is also lines[${firstIndex.get(productId)}]: send each product once, with its whole quantity` });
      product = undefined;
    } else firstIndex.set(productId, index);

    if (product === undefined || typeof quantity !== 'number' || !(quantity > 0)) return;
    const quantityChecked = checkQuantity(quantity, product.unit);
    if (quantityChecked.ok) checked.push({ product, quantity: quantityChecked.quantity });
    else problems.push({ path: [index, 'quantity'], message: `${at}.quantity ${quantityMessage(quantityChecked.problem, product)}` });
  });
  return problems.length === 0 ? { ok: true, lines: checked } : { ok: false, problems };
}

/** The server's words for a needed-by date out of bounds (the rule is shared with the form: @site/content/validation). */
const NEEDED_BY_OUT_OF_BOUNDS = {
  past: 'neededBy cannot be in the past',
  tooFar: `neededBy must be at most ${NEEDED_BY_MAX_YEARS} years ahead`,
} as const;

/** Whether the lines' own shape was taken (a list of an allowed length), whatever its lines: then the catalogue's turn. */
const listTaken = (payload: z.core.ParsePayload): boolean => Array.isArray(payload.value) && payload.issues.every((issue) => (issue.path?.length ?? 0) > 0);

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
          for (const problem of checked.problems) context.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value });
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
      if (problem === 'past' || problem === 'tooFar') context.addIssue({ code: 'custom', message: NEEDED_BY_OUT_OF_BOUNDS[problem], input: value });
    }),
  });
}

export type QuoteRequestSchema = ReturnType<typeof quoteRequestSchema>;
/** A checked request, without the honeypot. */
export type QuoteRequestInput = Submission<QuoteRequestSchema>;
