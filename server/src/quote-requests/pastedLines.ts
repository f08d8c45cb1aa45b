// The lines of a request posted as a plain form: its "Paste a list" box, "code quantity" a line.
//
// Why a list: the request page's lines are the browser's basket (localStorage), which a page without its scripts
// cannot read or send, and a buyer without them cannot fill. The page the server draws already has the list box (with
// its hint: "One product per line: its code and the quantity, as copied from a spreadsheet"), and a plain post of the
// request form carries it (the box belongs to that form too: mfe-contact/src/quote-request/PasteList.tsx): the list is
// the request's lines, with no field added to the page. It is read as the browser reads it (readPastedList), each code
// matched as the browser's "Add from list" matches it (a published variant's code, a product's code or id: its first
// variant, compared as normalizedProductCode compares), each quantity checked against its part's unit, a part named
// twice counted once with both quantities (as the basket adds them). A list with a line that names nothing the catalogue
// has, or a quantity its unit refuses, is not sent: the page is drawn again with those lines named and the list as
// typed, for the buyer to correct (nothing dropped unsaid).
import {
  checkQuantity,
  normalizedProductCode,
  parseQuantity,
  QUOTE_LIMITS,
  readPastedList,
} from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';
import type { PastedListProblems, QuoteLineBody } from '@site/contracts/quote-api';
import type { QuoteCatalogue, QuoteProduct, QuoteVariant } from './quoteCatalogue.js';

/** The products codes name (the catalogue's look-up, app.ts's readers.lookup): only their ids are read here. */
export type CodeLookup = (codes: readonly string[], locale: Locale) => Promise<readonly { id: string }[]>;

export type PastedLines =
  /** Nothing to read: no line at all. */
  { type: 'empty' } | { type: 'lines'; lines: QuoteLineBody[] } | { type: 'problems'; problems: PastedListProblems };

export interface Part {
  product: QuoteProduct;
  variant: QuoteVariant;
}

/** The parts the products' codes name, by key: each published variant's code, and a product's id (its first variant). */
function partsByKey(products: readonly QuoteProduct[]): Map<string, Part> {
  const parts = new Map<string, Part>();
  for (const product of products) {
    const first = product.variants[0];
    if (first !== undefined) parts.set(normalizedProductCode(product.id), { product, variant: first });
    for (const variant of product.variants) parts.set(normalizedProductCode(variant.code), { product, variant });
  }
  return parts;
}

/**
 * The parts `codes` name, by normalizedProductCode's key: each published variant's code and each product's id (its
 * first variant), of the products the codes name. Also the account's saved lists' matcher.
 */
export async function partsNamedBy(
  codes: readonly string[],
  lookup: CodeLookup,
  catalogueOf: (productIds: readonly string[]) => Promise<QuoteCatalogue>,
): Promise<Map<string, Part>> {
  const found = codes.length === 0 ? [] : await lookup(codes, 'en');
  const catalogue = await catalogueOf(found.map((product) => product.id));
  return partsByKey(found.map((product) => catalogue.find(product.id)).filter((product) => product !== undefined));
}

/** The request's lines from a posted list, or the list's lines that cannot be sent. */
export async function pastedLines(
  pasted: string,
  lookup: CodeLookup,
  catalogueOf: (productIds: readonly string[]) => Promise<QuoteCatalogue>,
): Promise<PastedLines> {
  const { entries, unreadable } = readPastedList(pasted);
  if (entries.length === 0 && unreadable.length === 0) return { type: 'empty' };
  const parts = await partsNamedBy(
    entries.map((entry) => entry.code),
    lookup,
    catalogueOf,
  );

  const unrecognised = [...unreadable];
  const refused: PastedListProblems['refused'] = [];
  const overLimit: string[] = [];
  /** By variant code, in the list's order. */
  const lines = new Map<string, QuoteLineBody>();
  for (const entry of entries) {
    const part = parts.get(normalizedProductCode(entry.code));
    if (part === undefined) {
      unrecognised.push({ line: entry.line, text: entry.text });
      continue;
    }
    const { product, variant } = part;
    const quantity = parseQuantity(entry.quantity, variant.unit);
    if (!quantity.ok) {
      refused.push({ text: entry.text, unit: variant.unit, problem: quantity.problem });
      continue;
    }
    const named = lines.get(variant.code);
    if (named !== undefined) {
      // named again: one line with both quantities (checked as a sum, as the basket adds them)
      const sum = checkQuantity(named.quantity + quantity.quantity, variant.unit);
      if (sum.ok) named.quantity = sum.quantity;
      else refused.push({ text: entry.text, unit: variant.unit, problem: sum.problem });
      continue;
    }
    if (lines.size >= QUOTE_LIMITS.maxLines) {
      overLimit.push(entry.text);
      continue;
    }
    lines.set(variant.code, { productId: product.id, code: variant.code, quantity: quantity.quantity });
  }
  if (unrecognised.length + refused.length + overLimit.length > 0) {
    return {
      type: 'problems',
      problems: {
        unrecognised: unrecognised.sort((a, b) => a.line - b.line).map(({ text }) => text),
        refused,
        overLimit,
      },
    };
  }
  return { type: 'lines', lines: [...lines.values()] };
}
