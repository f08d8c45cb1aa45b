// What the catalogue's look-ups told the request page, indexed as its lines and a pasted list ask for it: the products
// by id, the published variants (docs/decisions/034-orderable-variants.md) by their code's key, the withdrawn by key.
// Plain functions: quoteProductsSlice keeps one such index for the page, pastedList.ts reads one look-up's.
import type { Product } from '@site/content';
import { normalizedProductCode, type QuoteUnit } from '@site/content/validation';
import type { LookupResponse } from '@site/contracts/catalogue-api';
import type { QuoteLine, QuoteLineDescription } from '@site/shared-store';

/** A withdrawn (archived) product or variant a look-up named: a line of it is no longer available. */
export type WithdrawnQuoteProduct = NonNullable<LookupResponse['withdrawn']>[number];

/** An orderable variant, as a line and a pasted list need it. */
export interface QuoteVariant {
  productId: string;
  /** As the catalogue writes it: what the basket's line is keyed by and the server is sent. */
  code: string;
  /** In the look-up's language; '' for a product's only variant. */
  label: string;
  unit: QuoteUnit;
  /** Sold in packs of this many (2 or more): a quantity that is not a whole number of packs is said so. */
  packQuantity?: number;
}

export interface LookedUp {
  /** The products found, by id. */
  products: Record<string, Product>;
  /** The published variants found, by their code's key (normalizedProductCode). */
  variants: Record<string, QuoteVariant>;
  /** The withdrawn variants and products found, by the key of the code they were named by. */
  withdrawn: Record<string, WithdrawnQuoteProduct>;
  /** Withdrawn entries whose product the same answer did not have, by product id: the product may be withdrawn. */
  withdrawnProducts: Record<string, WithdrawnQuoteProduct>;
}

/**
 * The codes a page asked the catalogue about, by their key (normalizedProductCode): on their way, or answered. A line
 * whose code was not answered yet (one that came after the page's look-up) is not known to be gone.
 */
export type AskedCodes = Record<string, 'asking' | 'answered'>;

export const EMPTY_LOOKED_UP: LookedUp = { products: {}, variants: {}, withdrawn: {}, withdrawnProducts: {} };

/**
 * The variants of an answer: those it names, and each product's own code as its first variant where the answer does
 * not name it (a product named by its id; a server that does not name variants): its label is then not known ('').
 */
function variantsOf(answer: LookupResponse): [string, QuoteVariant][] {
  const named = (answer.variants ?? []).map(({ key, productId, variant }): [string, QuoteVariant] => [
    key,
    {
      productId,
      code: variant.code,
      label: variant.label,
      unit: variant.unit,
      ...(variant.packQuantity === undefined ? {} : { packQuantity: variant.packQuantity }),
    },
  ]);
  const keys = new Set(named.map(([, variant]) => normalizedProductCode(variant.code)));
  const firsts = answer.products
    .filter((product) => !keys.has(normalizedProductCode(product.code)))
    .map((product): [string, QuoteVariant] => [
      normalizedProductCode(product.code),
      { productId: product.id, code: product.code, label: '', unit: product.unit },
    ]);
  return [...firsts, ...named];
}

/** One look-up's findings (its answers: one per LOOKUP_CODES_MAX codes), indexed. */
export function indexLookups(answers: readonly LookupResponse[]): LookedUp {
  const index: LookedUp = { products: {}, variants: {}, withdrawn: {}, withdrawnProducts: {} };
  for (const answer of answers) {
    const found = new Set(answer.products.map((product) => product.id));
    for (const product of answer.products) index.products[product.id] = product;
    for (const [key, variant] of variantsOf(answer)) {
      // under the key it was named by (a product's id names its first variant) and its own code's
      index.variants[key] = variant;
      index.variants[normalizedProductCode(variant.code)] = variant;
    }
    for (const entry of answer.withdrawn ?? []) {
      index.withdrawn[normalizedProductCode(entry.code)] = entry;
      // only a variant of it withdrawn when the same answer has the product
      if (!found.has(entry.id)) index.withdrawnProducts[entry.id] = entry;
    }
  }
  return index;
}

/**
 * A newer look-up's findings over the page's (in place: an Immer draft in the slice). The newer wins: a variant
 * published again leaves the withdrawn, one withdrawn since leaves the variants.
 */
export function mergeLookedUp(into: LookedUp, newer: LookedUp): void {
  for (const [id, product] of Object.entries(newer.products)) {
    into.products[id] = product;
    delete into.withdrawnProducts[id];
  }
  for (const [key, variant] of Object.entries(newer.variants)) {
    into.variants[key] = variant;
    delete into.withdrawn[key];
  }
  for (const [key, entry] of Object.entries(newer.withdrawn)) {
    into.withdrawn[key] = entry;
    delete into.variants[key];
  }
  // a product stays known: a withdrawn entry may be one variant of it (its other lines are still available)
  for (const [id, entry] of Object.entries(newer.withdrawnProducts)) into.withdrawnProducts[id] = entry;
}

/** The published variant a pasted code names: a variant's code, a product's code, or a product's id (its first variant). */
export function variantNamed(
  code: string,
  lookedUp: LookedUp,
): { variant: QuoteVariant; product: Product } | undefined {
  const key = normalizedProductCode(code);
  let variant = lookedUp.variants[key];
  if (variant === undefined) {
    const product = Object.values(lookedUp.products).find((candidate) => normalizedProductCode(candidate.id) === key);
    variant = product && lookedUp.variants[normalizedProductCode(product.code)];
  }
  const product = variant && lookedUp.products[variant.productId];
  return variant && product ? { variant, product } : undefined;
}

/**
 * What the catalogue says of a basket's line: its variant, published ('available'); 'unavailable' when its code no
 * longer names a published variant of its product (withdrawn, or gone while its product is still there: never
 * replaced by another part); 'unknown' when neither its code nor its product is known (not looked up yet, or gone).
 */
export function lineStatus(line: QuoteLine, lookedUp: LookedUp): 'available' | 'unavailable' | 'unknown' {
  const key = normalizedProductCode(line.code);
  const variant = lookedUp.variants[key];
  if (variant !== undefined && variant.productId === line.productId && lookedUp.products[line.productId] !== undefined)
    return 'available';
  if (lookedUp.withdrawn[key] !== undefined || lookedUp.withdrawnProducts[line.productId] !== undefined)
    return 'unavailable';
  return lookedUp.products[line.productId] !== undefined ? 'unavailable' : 'unknown';
}

/** The pack quantity of a line's size, as the look-ups say (undefined: none, or not looked up yet). */
export const packOf = (line: QuoteLine, lookedUp: LookedUp): number | undefined =>
  lookedUp.variants[normalizedProductCode(line.code)]?.packQuantity;

/**
 * The basket's lines as the look-ups describe them, for quoteLinesDescribed: each available line's product name and
 * variant label (by its code), and the codes of those no longer available or not answered yet (kept: the first to be
 * said so, the others to be looked up); the rest go.
 */
export function describedLines(
  lines: readonly QuoteLine[],
  lookedUp: LookedUp,
  asked: Readonly<AskedCodes>,
): { described: Record<string, QuoteLineDescription>; kept: string[] } {
  const described: Record<string, QuoteLineDescription> = {};
  const kept: string[] = [];
  for (const line of lines) {
    const status = lineStatus(line, lookedUp);
    const unanswered = status === 'unknown' && asked[normalizedProductCode(line.code)] !== 'answered';
    if (status === 'unavailable' || unanswered) kept.push(line.code);
    if (status !== 'available') continue;
    const variant = lookedUp.variants[normalizedProductCode(line.code)]!;
    described[line.code] = { name: lookedUp.products[line.productId]!.productName, label: variant.label };
  }
  return { described, kept };
}
