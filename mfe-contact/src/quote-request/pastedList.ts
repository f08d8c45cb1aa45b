// "Paste a list": the pasted lines matched to the catalogue's orderable variants (by a variant's code, a product's
// code or id: compared as normalizedProductCode does), each quantity checked against its variant's unit. Plain
// functions: the component adds what is accepted to the basket and shows the rest.
import type { Product } from '@site/content';
import {
  normalizedProductCode,
  parseQuantity,
  QUOTE_LIMITS,
  readPastedList,
  type QuantityProblem,
} from '@site/content/validation';
import { variantNamed, type LookedUp, type QuoteVariant, type WithdrawnQuoteProduct } from './lookedUp';

export interface PastedAddition {
  product: Product;
  variant: QuoteVariant;
  quantity: number;
}

export interface RefusedPastedLine {
  /** The line as pasted. */
  text: string;
  variant: QuoteVariant;
  problem: QuantityProblem;
}

/** A withdrawn part's successor, as the look-up names it: offered in the line's place. */
export type Successor = NonNullable<WithdrawnQuoteProduct['successors']>[number];

/** A line naming a withdrawn variant or product, and what the catalogue offers in its place. */
export interface WithdrawnPastedLine {
  /** The line as pasted. */
  text: string;
  /** Its quantity as pasted, for the successor's line. */
  quantity: string;
  successors: readonly Successor[];
}

export interface PastedListResult {
  accepted: PastedAddition[];
  /** Lines naming nothing the catalogue has, and lines not read as "code quantity": each as pasted. */
  unrecognised: string[];
  /** Lines naming a withdrawn variant or product: not orderable, each as pasted with its successors. */
  withdrawn: WithdrawnPastedLine[];
  refused: RefusedPastedLine[];
}

/** Reads a pasted list against one look-up of its codes (./lookedUp.ts), keeping the pasted order. */
export function matchPastedList(pasted: string, lookedUp: LookedUp): PastedListResult {
  const { entries, unreadable } = readPastedList(pasted);
  const result: PastedListResult = { accepted: [], unrecognised: [], withdrawn: [], refused: [] };
  const unrecognised: { line: number; text: string }[] = [...unreadable];
  for (const entry of entries) {
    const named = variantNamed(entry.code, lookedUp);
    if (named === undefined) {
      const withdrawn = lookedUp.withdrawn[normalizedProductCode(entry.code)];
      if (withdrawn !== undefined)
        result.withdrawn.push({ text: entry.text, quantity: entry.quantity, successors: withdrawn.successors ?? [] });
      else unrecognised.push({ line: entry.line, text: entry.text });
      continue;
    }
    const checked = parseQuantity(entry.quantity, named.variant.unit);
    if (checked.ok) result.accepted.push({ ...named, quantity: checked.quantity });
    else result.refused.push({ text: entry.text, variant: named.variant, problem: checked.problem });
  }
  result.unrecognised = unrecognised.sort((a, b) => a.line - b.line).map(({ text }) => text);
  return result;
}

/** Which of the recognised variants fit in the basket (its lines' codes): those in it already, and new ones while it has room. */
export function splitByRoom(
  accepted: readonly PastedAddition[],
  inBasket: ReadonlySet<string>,
): { fit: PastedAddition[]; overLimit: PastedAddition[] } {
  const codes = new Set(inBasket);
  const fit: PastedAddition[] = [];
  const overLimit: PastedAddition[] = [];
  for (const addition of accepted) {
    if (codes.has(addition.variant.code) || codes.size < QUOTE_LIMITS.maxLines) {
      codes.add(addition.variant.code);
      fit.push(addition);
    } else {
      overLimit.push(addition);
    }
  }
  return { fit, overLimit };
}

/**
 * The list with a withdrawn line replaced by its successor's (the line's quantity kept), to be added again: the line
 * where the list still has it, else at its end.
 */
export function withSuccessor(list: string, line: WithdrawnPastedLine, successor: Successor): string {
  const replacement = `${successor.code} ${line.quantity}`.trim();
  const lines = list.split('\n');
  const at = lines.findIndex((candidate) => candidate.trim() === line.text.trim());
  if (at < 0) return [...lines.filter((candidate) => candidate.trim() !== ''), replacement].join('\n');
  lines[at] = replacement;
  return lines.join('\n');
}

/** A variant's line as it could be pasted again. */
export const pastedLine = ({ variant, quantity }: PastedAddition): string => `${variant.code} ${quantity}`;
