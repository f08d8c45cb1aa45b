// A draft's figures from its lines as staff type them: the server's save (quotationStore.ts) reads each line with
// readLineAmounts and prices it with priceLine; the editor works out the same figures with draftFigures as staff type,
// so what it shows before "Save draft" is what the save stores (tested against the server: quotations.test.ts).
import type { QuotationCurrency, QuotationTotals } from '../quotationsApi';
import { formatAmount, parseAmount, type Minor } from './currencies';
import { documentTotals, type Hundredths, parseQuantity, priceLine } from './lines';
import { parsePercent } from './rates';

/** A line's figures as typed (decimal text). */
export interface LineText {
  quantity: string;
  unitPrice: string;
  discountPercent: string;
}

/** Why one typed figure of a line is not taken: the sentence follows the field's name ('has 4 decimals: …'). */
export interface LineProblem {
  field: 'quantity' | 'unitPrice' | 'discountPercent';
  value: string;
  message: string;
}

export interface ReadAmounts {
  quantity: Hundredths;
  unitPrice: Minor;
  discountBasisPoints: number;
}

/** A typed line read exactly in `currency` (never rounded), or every figure of it that is refused. */
export function readLineAmounts(
  line: LineText,
  currency: QuotationCurrency,
): ({ ok: true } & ReadAmounts) | { ok: false; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  const quantity = parseQuantity(line.quantity);
  if (!quantity.ok) problems.push({ field: 'quantity', value: line.quantity, message: quantity.message });
  const unitPrice = parseAmount(line.unitPrice, currency);
  if (!unitPrice.ok) problems.push({ field: 'unitPrice', value: line.unitPrice, message: unitPrice.message });
  const discount = parsePercent(line.discountPercent);
  if (!discount.ok) problems.push({ field: 'discountPercent', value: line.discountPercent, message: discount.message });
  if (!quantity.ok || !unitPrice.ok || !discount.ok) return { ok: false, problems };
  return {
    ok: true,
    quantity: quantity.hundredths,
    unitPrice: unitPrice.minor,
    discountBasisPoints: discount.basisPoints,
  };
}

export type LineFigures = { ok: true; lineTotal: string; vat: string } | { ok: false; problems: LineProblem[] };

export interface DraftFigures {
  /** Each line's total and VAT, or why it cannot be priced yet. */
  lines: LineFigures[];
  /** The document's totals: null while a line cannot be priced (the save would refuse it). */
  totals: QuotationTotals | null;
}

/**
 * The figures a save of these lines stores: each line's total rounded half-up to the minor unit, its VAT at
 * `vatBasisPoints` rounded per line, the totals the sums of the lines; amounts as text with the currency's decimals.
 */
export function draftFigures(
  lines: readonly LineText[],
  currency: QuotationCurrency,
  vatBasisPoints: number,
): DraftFigures {
  const priced: { lineTotal: Minor; vat: Minor }[] = [];
  const figures = lines.map((line): LineFigures => {
    const read = readLineAmounts(line, currency);
    if (!read.ok) return read;
    const one = priceLine({ ...read, vatBasisPoints });
    priced.push(one);
    return { ok: true, lineTotal: formatAmount(one.lineTotal, currency), vat: formatAmount(one.vat, currency) };
  });
  if (priced.length !== lines.length) return { lines: figures, totals: null };
  const totals = documentTotals(priced);
  return {
    lines: figures,
    totals: {
      subtotal: formatAmount(totals.subtotal, currency),
      vat: formatAmount(totals.vat, currency),
      total: formatAmount(totals.total, currency),
    },
  };
}
