// "Paste a list": the pasted lines matched to the catalogue's products (by id or model code, compared as
// normalizedProductCode does), each quantity checked against its product's unit. Plain functions: the component adds
// what is accepted to the basket and shows the rest.
import type { Product } from '@site/content';
import { normalizedProductCode, parseQuantity, QUOTE_LIMITS, readPastedList, type QuantityProblem } from '@site/content/validation';

export interface PastedAddition {
  product: Product;
  quantity: number;
}

export interface RefusedPastedLine {
  /** The line as pasted. */
  text: string;
  product: Product;
  problem: QuantityProblem;
}

export interface PastedListResult {
  accepted: PastedAddition[];
  /** Lines of a product the catalogue does not have, and lines not read as "code quantity": each as pasted. */
  unrecognised: string[];
  refused: RefusedPastedLine[];
}

/** Each product under its normalized id and its normalized code. */
export function productsByCode(products: readonly Product[]): Map<string, Product> {
  const byCode = new Map<string, Product>();
  for (const product of products) {
    byCode.set(normalizedProductCode(product.id), product);
    if (product.code) byCode.set(normalizedProductCode(product.code), product);
  }
  return byCode;
}

/** Reads a pasted list against the catalogue, keeping the pasted order. */
export function matchPastedList(pasted: string, products: readonly Product[]): PastedListResult {
  const byCode = productsByCode(products);
  const { entries, unreadable } = readPastedList(pasted);
  const result: PastedListResult = { accepted: [], unrecognised: [], refused: [] };
  const unrecognised: { line: number; text: string }[] = [...unreadable];
  for (const entry of entries) {
    const product = byCode.get(normalizedProductCode(entry.code));
    if (product === undefined) {
      unrecognised.push({ line: entry.line, text: entry.text });
      continue;
    }
    const checked = parseQuantity(entry.quantity, product.unit);
    if (checked.ok) result.accepted.push({ product, quantity: checked.quantity });
    else result.refused.push({ text: entry.text, product, problem: checked.problem });
  }
  result.unrecognised = unrecognised.sort((a, b) => a.line - b.line).map(({ text }) => text);
  return result;
}

/** Which of the recognised products fit in the basket: those in it already, and new ones while it has room. */
export function splitByRoom(accepted: readonly PastedAddition[], inBasket: ReadonlySet<string>): { fit: PastedAddition[]; overLimit: PastedAddition[] } {
  const ids = new Set(inBasket);
  const fit: PastedAddition[] = [];
  const overLimit: PastedAddition[] = [];
  for (const addition of accepted) {
    if (ids.has(addition.product.id) || ids.size < QUOTE_LIMITS.maxLines) {
      ids.add(addition.product.id);
      fit.push(addition);
    } else {
      overLimit.push(addition);
    }
  }
  return { fit, overLimit };
}

/** A product's line as it could be pasted again. */
export const pastedLine = ({ product, quantity }: PastedAddition): string => `${product.code ?? product.id} ${quantity}`;
