// Exact decimals for money: amounts, quantities, percentages and rates are integers of a scale (12.345 OMR is 12345
// baisa; 2.5 % is 250 basis points; 0.10477 is 10477 at scale 5), held as bigint and never as a float. Text typed by
// staff is read with the number of decimals its kind allows, and refused beyond them: nothing is rounded silently.

/** A non-negative decimal as an integer of `scale` decimals: 12.5 at scale 2 is 1250n. */
export type Scaled = bigint;

export type DecimalProblem =
  /** Not a plain decimal: letters, several '.', a thousands separator, exponent notation… */
  | { problem: 'format' }
  | { problem: 'negative' }
  /** More decimals than allowed (never rounded). */
  | { problem: 'tooPrecise'; decimals: number }
  /** More whole digits than allowed. */
  | { problem: 'tooLarge' };

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `text` as an integer of `scale` decimals: '12.5' at scale 3 is 12500n. At most `maxWholeDigits` digits before the
 * point (leading zeros not counted). A trailing zero is a decimal too: '12.500' has three, which scale 2 refuses.
 */
export function parseDecimal(
  text: string,
  scale: number,
  maxWholeDigits = 15,
): { ok: true; value: Scaled } | ({ ok: false } & DecimalProblem) {
  const trimmed = text.trim();
  if (/^-/.test(trimmed)) return { ok: false, problem: 'negative' };
  const match = PLAIN_DECIMAL.exec(trimmed);
  if (match === null) return { ok: false, problem: 'format' };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return { ok: false, problem: 'tooPrecise', decimals: fraction.length };
  if (whole.length > maxWholeDigits) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value: BigInt(whole + fraction.padEnd(scale, '0')) };
}

/** `value` of `scale` decimals as text with all of them: 12500n at scale 3 is '12.500'; negatives keep their sign. */
export function formatScaled(value: Scaled, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** formatScaled without the trailing zeros of its fraction (and without a bare '.'): 1250n at scale 2 is '12.5'. */
export function formatScaledShort(value: Scaled, scale: number): string {
  const full = formatScaled(value, scale);
  return scale === 0 ? full : full.replace(/\.?0+$/, '');
}

/**
 * numerator / denominator rounded half-up to a whole number: a half goes away from zero (the commercial rule; for the
 * amounts of a quotation, never negative, half-up). Exact for any size: bigint throughout.
 */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  if (numerator < 0n) return -divideRoundingHalfUp(-numerator, denominator);
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);
