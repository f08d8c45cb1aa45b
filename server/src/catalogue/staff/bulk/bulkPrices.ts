// A bulk edit's price change in exact decimal arithmetic: prices are AED with at most two decimals (the catalogue's
// rule, file/variantChecks.ts), held here as whole fils, and a change by a percentage is rounded to the fils, half away
// from zero (10.05 + 5 % = 10.5525 → 10.55; 0.10 + 5 % = 0.105 → 0.11), as a price list is rounded by hand.
import type { BulkChanges } from '@site/contracts/staff-catalogue-api';

type PriceChange = NonNullable<BulkChanges['price']>;

/** A decimal with at most two decimals ("14", "-2.5") in hundredths; undefined when it is no such number. */
export function hundredthsOf(text: string): bigint | undefined {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -value : value;
}

/** Hundredths as a price's text, without trailing zeros ("14.7", "15", "-0.05"). */
export function priceText(hundredths: bigint): string {
  const sign = hundredths < 0n ? '-' : '';
  const size = hundredths < 0n ? -hundredths : hundredths;
  const fraction = String(size % 100n)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${size / 100n}${fraction === '' ? '' : `.${fraction}`}`;
}

/** numerator / denominator (denominator > 0) rounded to a whole number, half away from zero. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const size = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * size + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/** The price (its text as the file holds it) after the change, in hundredths. */
export function changedPrice(price: string, change: PriceChange): bigint | undefined {
  const before = hundredthsOf(price);
  const by = hundredthsOf(change.value);
  if (before === undefined || by === undefined) return undefined;
  if (change.by === 'amount') return before + by;
  // by is the percentage in hundredths of a percent: before × (100 % + by) / 100 %
  return roundedQuotient(before * (10_000n + by), 10_000n);
}

/** "+5 %", "-2.5 AED" */
export function priceChangeWords(change: PriceChange): string {
  const value = change.value.trim();
  const signed = value.startsWith('-') || value.startsWith('+') ? value : `+${value}`;
  return change.by === 'percent' ? `${signed} %` : `${signed} AED`;
}
