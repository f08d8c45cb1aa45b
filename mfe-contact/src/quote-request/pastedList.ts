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
import { variantNamed, type LookedUp, type QuoteVariant } from './lookedUp';

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

export interface PastedListResult {
  accepted: PastedAddition[];
  /** Lines naming nothing the catalogue has, and lines not read as "code quantity": each as pasted. */
  unrecognised: string[];
  /** Lines naming a withdrawn variant or product: not orderable, each as pasted. */
  withdrawn: string[];
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
      if (lookedUp.withdrawn[normalizedProductCode(entry.code)] !== undefined) result.withdrawn.push(entry.text);
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

/** A variant's line as it could be pasted again. */
export const pastedLine = ({ variant, quantity }: PastedAddition): string => `${variant.code} ${quantity}`;
