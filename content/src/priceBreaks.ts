// A variant's quantity price breaks (docs/decisions/043-price-breaks-and-order-multiples.md) as the catalogue file and
// the editor's grid write them: one cell, "50+ 12.50; 250+ 11.00" (what a manager types, and what a spreadsheet's
// cells joined by "; " paste as). The first break, 1+, is the variant's own price and is not written. Prices stay
// exact decimal strings (fils compared as whole numbers), never floats. Shared by the server's checks, the staff grid
// and the quotation pricing, so that each says the same problems; a module of its own so browser bundles take it alone.

/** A break: from `quantity` units on, each costs `price` (AED, two decimals). */
export interface PriceBreak {
  quantity: number;
  price: string;
}

/** The most breaks a variant has beyond its own price (distributors show three to six). */
export const PRICE_BREAKS_MAX = 8;
/** The largest quantity a break or a minimum order may name (as a pack quantity). */
export const ORDER_QUANTITY_MAX = 100_000;

/** Why a cell of breaks was refused: each said in words by the reader's language (English here, Arabic in the grid). */
export type PriceBreakProblem =
  | { kind: 'format'; entry: string }
  | { kind: 'quantityTooSmall'; quantity: number }
  | { kind: 'quantityTooBig'; quantity: number }
  | { kind: 'quantitiesNotRising'; quantity: number; before: number }
  | { kind: 'priceRises'; quantity: number; price: string; before: string }
  | { kind: 'noPrice' }
  | { kind: 'tooMany' };

const ENTRY = /^(\d{1,9})\s*\+?\s*[:=]?\s*(?:AED\s*)?(\d{1,9}(?:\.\d{1,2})?)$/i;
const PRICE = /^\d{1,9}(\.\d{1,2})?$/;

/** A price as whole fils ("12.5" → 1250): exact for every price the catalogue holds (at most 11 digits). */
export function filsOf(price: string): number {
  const [whole = '0', decimals = ''] = price.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** A price written with two decimals ("12.5" → "12.50", "7" → "7.00"). */
export function twoDecimals(price: string): string {
  const [whole = '0', decimals = ''] = price.split('.');
  return `${String(Number(whole))}.${decimals.padEnd(2, '0')}`;
}

/**
 * The breaks a cell names, checked against the variant's price at 1 (`basePrice`, '' for none): entries separated by
 * ";" or line breaks (tabs between a quantity and its price, as a spreadsheet pastes them); quantities 2 or more and
 * strictly rising, each price at most the one before (the first: the variant's price). An empty cell: no breaks.
 */
export function parsePriceBreaks(
  cell: string,
  basePrice: string,
): { breaks: PriceBreak[] } | { problem: PriceBreakProblem } {
  const entries = cell
    .split(/[;\n\r]+/)
    .map((entry) => entry.replace(/\s+/g, ' ').trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { breaks: [] };
  const base = basePrice.trim();
  if (!PRICE.test(base)) return { problem: { kind: 'noPrice' } };
  if (entries.length > PRICE_BREAKS_MAX) return { problem: { kind: 'tooMany' } };
  const breaks: PriceBreak[] = [];
  let before: PriceBreak = { quantity: 1, price: twoDecimals(base) };
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (match === null) return { problem: { kind: 'format', entry } };
    const quantity = Number(match[1]);
    const price = twoDecimals(match[2]!);
    if (quantity < 2) return { problem: { kind: 'quantityTooSmall', quantity } };
    if (quantity > ORDER_QUANTITY_MAX) return { problem: { kind: 'quantityTooBig', quantity } };
    if (quantity <= before.quantity)
      return { problem: { kind: 'quantitiesNotRising', quantity, before: before.quantity } };
    if (filsOf(price) > filsOf(before.price) || filsOf(price) === 0)
      return { problem: { kind: 'priceRises', quantity, price, before: before.price } };
    breaks.push({ quantity, price });
    before = { quantity, price };
  }
  return { breaks };
}

/** The breaks as one cell writes them: "50+ 12.50; 250+ 11.00" ('' for none). */
export function priceBreaksText(breaks: readonly PriceBreak[]): string {
  return breaks.map((item) => `${item.quantity}+ ${item.price}`).join('; ');
}

/** A problem in English words (the file's report, the server's answers). */
export function priceBreakProblemWords(problem: PriceBreakProblem): string {
  switch (problem.kind) {
    case 'format':
      return `Price breaks are written as quantity+ price, separated by semicolons, e.g. "50+ 12.50; 250+ 11.00" (not "${problem.entry}")`;
    case 'quantityTooSmall':
      return `A price break starts at 2 or more: the price at 1 is the variant's price (not ${problem.quantity}+)`;
    case 'quantityTooBig':
      return `A price break's quantity must be ${ORDER_QUANTITY_MAX.toLocaleString('en')} or less (not ${problem.quantity}+)`;
    case 'quantitiesNotRising':
      return `Price break quantities must rise: ${problem.quantity}+ comes after ${problem.before}+`;
    case 'priceRises':
      return `A price break's price must not be above the one before: ${problem.quantity}+ at ${problem.price} is above ${problem.before}`;
    case 'noPrice':
      return 'Price breaks need the variant’s price: a variant priced on request has no breaks';
    case 'tooMany':
      return `A variant has at most ${PRICE_BREAKS_MAX} price breaks`;
  }
}

/** The unit price at `quantity`: the last break it reaches, else the price at 1 (`basePrice`). */
export function unitPriceAt(basePrice: string, breaks: readonly PriceBreak[], quantity: number): string {
  let price = twoDecimals(basePrice);
  for (const item of breaks) if (quantity >= item.quantity) price = item.price;
  return price;
}

/** What a quantity breaks of a variant's minimum order and pack (the multiple it is ordered in), if anything. */
export type OrderQuantityNote =
  | { kind: 'belowMinimum'; minimum: number }
  | { kind: 'notPackMultiple'; pack: number; below: number; above: number };

/** The minimum and pack notes of `quantity` (the minimum first). */
export function orderQuantityNotes(
  quantity: number,
  rules: { minimumOrder?: number | null; packQuantity?: number | null },
): OrderQuantityNote[] {
  const notes: OrderQuantityNote[] = [];
  const minimum = rules.minimumOrder ?? null;
  if (minimum !== null && quantity < minimum) notes.push({ kind: 'belowMinimum', minimum });
  const pack = rules.packQuantity ?? null;
  if (pack !== null && quantity % pack !== 0) {
    const below = Math.floor(quantity / pack) * pack;
    notes.push({ kind: 'notPackMultiple', pack, below, above: below + pack });
  }
  return notes;
}

/** A note in English words. */
export function orderQuantityNoteWords(note: OrderQuantityNote, unit = 'pcs'): string {
  return note.kind === 'belowMinimum'
    ? `Below the minimum order of ${note.minimum} ${unit}`
    : `Not a multiple of the pack of ${note.pack}: ${note.below > 0 ? `${note.below} or ` : ''}${note.above} would be whole packs`;
}

/** A problem in Modern Standard Arabic (the staff grid says each problem in both languages). */
export function priceBreakProblemWordsAr(problem: PriceBreakProblem): string {
  switch (problem.kind) {
    case 'format':
      return `تُكتب شرائح الأسعار بصيغة «الكمية+ السعر» مفصولةً بفواصل منقوطة، مثل "50+ 12.50; 250+ 11.00" (وليس "${problem.entry}")`;
    case 'quantityTooSmall':
      return `تبدأ شريحة السعر من كمية 2 فأكثر، فسعر الوحدة الواحدة هو سعر الصنف (وليس ${problem.quantity}+)`;
    case 'quantityTooBig':
      return `يجب ألا تتجاوز كمية شريحة السعر ${ORDER_QUANTITY_MAX.toLocaleString('en')} (وليس ${problem.quantity}+)`;
    case 'quantitiesNotRising':
      return `يجب أن تتصاعد كميات شرائح الأسعار: ${problem.quantity}+ وردت بعد ${problem.before}+`;
    case 'priceRises':
      return `يجب ألا يزيد سعر الشريحة على سعر الشريحة التي قبلها: ${problem.quantity}+ بسعر ${problem.price} أعلى من ${problem.before}`;
    case 'noPrice':
      return 'تتطلب شرائح الأسعار سعرًا للصنف، فلا شرائح لصنف سعره عند الطلب';
    case 'tooMany':
      return `للصنف ${PRICE_BREAKS_MAX} شرائح أسعار على الأكثر`;
  }
}

/** A minimum order cell's problem in both languages, or null when it is a whole number from 2 to 100,000 or empty. */
export function minimumOrderProblem(cell: string): { en: string; ar: string } | null {
  const text = cell.trim();
  if (text === '' || (/^\d{1,9}$/.test(text) && Number(text) >= 2 && Number(text) <= ORDER_QUANTITY_MAX)) return null;
  return {
    en: `Minimum order must be a whole number from 2 to 100,000, or empty (not "${cell}")`,
    ar: `يجب أن يكون الحد الأدنى للطلب عددًا صحيحًا من 2 إلى 100,000، أو أن يُترك فارغًا (وليس "${cell}")`,
  };
}
