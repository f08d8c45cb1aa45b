// A quotation's arithmetic: each line's total is quantity × unit price × (1 − discount), rounded half-up to the minor
// unit once, per line; its VAT is that total × the rate, rounded per line too; the document's totals are the sums of
// its lines (VAT_ROUNDING_TEXT says so on the document). Every step exact: bigint integers of fixed scales.
import { QUOTATION_LIMITS } from '../quotationsApi';
import { divideRoundingHalfUp, formatScaledShort, parseDecimal, pow10, type Scaled } from './decimals';
import type { Minor } from './currencies';
import { BASIS_POINTS } from './rates';

/** A quantity in hundredths of its unit: 12.5 m is 1250n. */
export type Hundredths = Scaled;
const QUANTITY_SCALE = QUOTATION_LIMITS.quantityDecimals;

/** A quantity typed by staff: above 0, at most two decimals, at most QUOTATION_LIMITS.maxQuantity. */
export function parseQuantity(text: string): { ok: true; hundredths: Hundredths } | { ok: false; message: string } {
  const parsed = parseDecimal(text, QUANTITY_SCALE, 9);
  if (!parsed.ok) {
    switch (parsed.problem) {
      case 'negative':
        return { ok: false, message: 'must be greater than 0' };
      case 'format':
        return { ok: false, message: "must be a number such as 12.5 (digits and one '.')" };
      case 'tooPrecise':
        return { ok: false, message: `has ${parsed.decimals} decimals: a quantity has at most ${QUANTITY_SCALE}` };
      case 'tooLarge':
        return { ok: false, message: `must be at most ${QUOTATION_LIMITS.maxQuantity}` };
    }
  }
  if (parsed.value === 0n) return { ok: false, message: 'must be greater than 0' };
  if (parsed.value > BigInt(QUOTATION_LIMITS.maxQuantity) * pow10(QUANTITY_SCALE))
    return { ok: false, message: `must be at most ${QUOTATION_LIMITS.maxQuantity}` };
  return { ok: true, hundredths: parsed.value };
}

export const formatQuantity = (hundredths: Hundredths): string => formatScaledShort(hundredths, QUANTITY_SCALE);

export interface LineAmounts {
  quantity: Hundredths;
  unitPrice: Minor;
  /** 0 to 10,000. */
  discountBasisPoints: number;
  /** 0 to 10,000. */
  vatBasisPoints: number;
}

export interface PricedLine {
  lineTotal: Minor;
  vat: Minor;
}

function checkBasisPoints(value: number, what: string): bigint {
  if (!Number.isInteger(value) || value < 0 || value > 10_000)
    throw new RangeError(`${what} must be 0 to 10000 basis points (0 to 100 %), not ${value}`);
  return BigInt(value);
}

/** quantity × unit price × (1 − discount), rounded half-up to the minor unit. */
export function lineTotalOf(quantity: Hundredths, unitPrice: Minor, discountBasisPoints: number): Minor {
  if (quantity < 0n || unitPrice < 0n) throw new RangeError('a line has no negative quantity or price');
  const kept = BASIS_POINTS - checkBasisPoints(discountBasisPoints, 'a discount');
  return divideRoundingHalfUp(quantity * unitPrice * kept, pow10(QUANTITY_SCALE) * BASIS_POINTS);
}

/** A line total's VAT at the rate, rounded half-up to the minor unit. */
export const vatOf = (lineTotal: Minor, vatBasisPoints: number): Minor =>
  divideRoundingHalfUp(lineTotal * checkBasisPoints(vatBasisPoints, 'a VAT rate'), BASIS_POINTS);

export function priceLine(line: LineAmounts): PricedLine {
  const lineTotal = lineTotalOf(line.quantity, line.unitPrice, line.discountBasisPoints);
  return { lineTotal, vat: vatOf(lineTotal, line.vatBasisPoints) };
}

export interface DocumentTotals {
  subtotal: Minor;
  vat: Minor;
  total: Minor;
}

/** The document's totals: sums of its lines, nothing rounded again. */
export function documentTotals(lines: readonly PricedLine[]): DocumentTotals {
  let subtotal = 0n;
  let vat = 0n;
  for (const line of lines) {
    subtotal += line.lineTotal;
    vat += line.vat;
  }
  return { subtotal, vat, total: subtotal + vat };
}
