// Quantities of a request's lines: the units, their limits and the check of a typed quantity. A module of its own
// (`@site/content/validation/quantity`) because the shell's quote basket, on every page's first view, needs these and
// nothing else of the request's rules.
import { withWesternDigits } from './digits';

/**
 * The units a product is sold and quoted in (each product's `unit` in products.json). Metres may be quoted in
 * decimals (12.5 m of cable); everything else is counted in whole units.
 */
export const QUOTE_UNITS = [
  'piece',
  'metre',
  'pack',
  'box',
  'coil',
  'drum',
  'roll',
  'set',
  'kit',
  'length',
  'pair',
] as const;

export type QuoteUnit = (typeof QUOTE_UNITS)[number];

/** Units a buyer may ask for in fractions (at most QUOTE_LIMITS.decimals places). */
const DECIMAL_UNITS: ReadonlySet<QuoteUnit> = new Set<QuoteUnit>(['metre']);

export const unitAllowsDecimals = (unit: QuoteUnit): boolean => DECIMAL_UNITS.has(unit);

export const isQuoteUnit = (value: unknown): value is QuoteUnit =>
  typeof value === 'string' && (QUOTE_UNITS as readonly string[]).includes(value);

export const QUOTE_LIMITS = {
  /** Lines of one request (and of the basket). */
  maxLines: 100,
  /** Largest quantity of one line, in the product's unit (a long cable run is some 10,000 m; this leaves room). */
  maxQuantity: 100_000,
  /** Decimal places a decimal unit takes (12.25 m). */
  decimals: 2,
  /** Longest text of the request page's fields, in characters. */
  deliveryCity: 100,
  notes: 2000,
  /** The "Paste a list" box: characters and lines read. */
  pasteCharacters: 20_000,
  pasteLines: 200,
} as const;

/**
 * Why a quantity is refused: 'invalid' (not a number), 'notPositive' (0 or less), 'notWhole' (a fraction of a unit
 * that is counted whole), 'tooPrecise' (more decimals than QUOTE_LIMITS.decimals), 'tooLarge'.
 */
export type QuantityProblem = 'invalid' | 'notPositive' | 'notWhole' | 'tooPrecise' | 'tooLarge';

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; problem: QuantityProblem };

/** A quantity as typed, once Arabic-Indic digits and the Arabic decimal separator read as Western, and spaces and a '+' dropped ('1,000' is refused: a comma is a decimal mark in some places, a thousands mark in others). */
const NUMBER_TEXT = /^\d+(\.\d+)?$/;

/** Checks a quantity typed by the buyer (or pasted) against its unit's rule. */
export function parseQuantity(typed: string, unit: QuoteUnit): QuantityCheck {
  const text = withWesternDigits(typed)
    .replace(/[\s\u00a0\u202f]+/g, '')
    .replace(/٫/g, '.')
    .replace(/^\+/, '');
  if (/^-\d/.test(text)) return { ok: false, problem: 'notPositive' };
  if (!NUMBER_TEXT.test(text)) return { ok: false, problem: 'invalid' };
  return checkQuantity(Number(text), unit);
}

/** Checks a quantity as a number (the server's side, and a sum of two additions). */
export function checkQuantity(quantity: number, unit: QuoteUnit): QuantityCheck {
  if (!Number.isFinite(quantity)) return { ok: false, problem: 'invalid' };
  if (quantity <= 0) return { ok: false, problem: 'notPositive' };
  if (quantity > QUOTE_LIMITS.maxQuantity) return { ok: false, problem: 'tooLarge' };
  if (!unitAllowsDecimals(unit))
    return Number.isInteger(quantity) ? { ok: true, quantity } : { ok: false, problem: 'notWhole' };
  const scaled = quantity * 10 ** QUOTE_LIMITS.decimals;
  // the tolerance absorbs floating-point noise (12.25 * 100 = 1224.9999...), so a tiny quantity (1e-9) passes it and
  // rounds to 0: the rule is checked on the rounded quantity, the one that is stored
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return { ok: false, problem: 'tooPrecise' };
  const rounded = Math.round(scaled) / 10 ** QUOTE_LIMITS.decimals;
  if (rounded <= 0) return { ok: false, problem: 'tooPrecise' };
  return { ok: true, quantity: rounded };
}
