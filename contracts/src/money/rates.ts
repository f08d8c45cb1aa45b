// Exchange rates and percentages as exact decimals. A rate says what one dirham (the catalogue's currency) is worth in
// another: 1 AED = 0.10477 OMR is kept as 10477 at scale 5, never as a float. Percentages (discounts, VAT) are basis
// points: 2.5 % is 250.
import { CURRENCY_DECIMALS, QUOTATION_LIMITS, type QuotationCurrency } from '../quotationsApi';
import { divideRoundingHalfUp, formatScaledShort, parseDecimal, pow10 } from './decimals';
import type { Minor } from './currencies';

export interface ExactRate {
  /** The rate's digits: 10477n for 0.10477. */
  value: bigint;
  /** Its decimals: 5 for 0.10477. */
  scale: number;
}

/** One dirham is one dirham. */
export const UNIT_RATE: ExactRate = { value: 1n, scale: 0 };

/** The rate as typed ('0.10477', '1.0211'): above 0, at most QUOTATION_LIMITS.rateDecimals decimals; trailing zeros dropped. */
export function parseRate(text: string): { ok: true; rate: ExactRate } | { ok: false; message: string } {
  const max = QUOTATION_LIMITS.rateDecimals;
  const parsed = parseDecimal(text, max, 6);
  if (!parsed.ok) {
    switch (parsed.problem) {
      case 'negative':
        return { ok: false, message: 'rate cannot be negative' };
      case 'format':
        return { ok: false, message: "rate must be a number such as 0.10477 (digits and one '.')" };
      case 'tooPrecise':
        return {
          ok: false,
          message: `rate has ${parsed.decimals} decimals: at most ${max} are kept, and a rate is never rounded for you`,
        };
      case 'tooLarge':
        return { ok: false, message: 'rate must be less than 1000000' };
    }
  }
  if (parsed.value === 0n) return { ok: false, message: 'rate must be more than 0' };
  return { ok: true, rate: normalRate(parsed.value, max) };
}

/** The same rate with no trailing zero in its digits (0.104770 is 0.10477). */
export function normalRate(value: bigint, scale: number): ExactRate {
  let digits = value;
  let decimals = scale;
  while (decimals > 0 && digits % 10n === 0n) {
    digits /= 10n;
    decimals -= 1;
  }
  return { value: digits, scale: decimals };
}

export const formatRate = (rate: ExactRate): string => formatScaledShort(rate.value, rate.scale);

/**
 * A catalogue price in fils (AED, 2 decimals) in `currency`'s minor unit at `rate`, rounded half-up once: exact
 * arithmetic (price × rate × 10^decimals / 10^(2 + scale)), so converting one price always gives the same amount.
 */
export function convertFromAed(aedFils: Minor, rate: ExactRate, currency: QuotationCurrency): Minor {
  const numerator = aedFils * rate.value * pow10(CURRENCY_DECIMALS[currency]);
  return divideRoundingHalfUp(numerator, pow10(CURRENCY_DECIMALS.AED + rate.scale));
}

/** Basis points in a percentage. */
export const BASIS_POINTS = 10_000n;

/**
 * A percentage typed by staff ('2.5', '15', '100') in basis points, from 0 to 100 %, at most
 * QUOTATION_LIMITS.percentDecimals decimals; or the sentence (after the field's name) that says why not.
 */
export function parsePercent(text: string): { ok: true; basisPoints: number } | { ok: false; message: string } {
  const decimals = QUOTATION_LIMITS.percentDecimals;
  const parsed = parseDecimal(text, decimals, 3);
  if (!parsed.ok) {
    switch (parsed.problem) {
      case 'negative':
        return { ok: false, message: 'must be from 0 to 100: a percentage cannot be negative' };
      case 'format':
        return { ok: false, message: "must be a percentage such as 2.5 (digits and one '.', no % sign)" };
      case 'tooPrecise':
        return { ok: false, message: `has ${parsed.decimals} decimals: a percentage has at most ${decimals}` };
      case 'tooLarge':
        return { ok: false, message: 'must be from 0 to 100' };
    }
  }
  if (parsed.value > BASIS_POINTS) return { ok: false, message: 'must be from 0 to 100' };
  return { ok: true, basisPoints: Number(parsed.value) };
}

/** Basis points as a percentage without trailing zeros: 250 is '2.5', 1500 is '15'. */
export const formatPercent = (basisPoints: number): string => formatScaledShort(BigInt(basisPoints), 2);
