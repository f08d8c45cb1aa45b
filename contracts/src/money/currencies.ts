// A branch's money: its currency with its minor unit, amounts typed by staff read to exactly that unit (more decimals
// refused), and written back with all of its decimals.
import {
  BRANCH_CURRENCY,
  BRANCH_VAT_COUNTRY,
  CURRENCY_DECIMALS,
  CURRENCY_MINOR_NAMES,
  QUOTATION_LIMITS,
  type QuotationCurrency,
  type VatCountry,
} from '../quotationsApi';
import type { StaffBranch } from '../staffApi';
import { formatScaled, parseDecimal, type Scaled } from './decimals';

/** An amount in a currency's minor unit (fils, baisa, halalas): a bigint, never a float. */
export type Minor = Scaled;

export const currencyOfBranch = (branch: StaffBranch): QuotationCurrency => BRANCH_CURRENCY[branch];
export const vatCountryOfBranch = (branch: StaffBranch): VatCountry => BRANCH_VAT_COUNTRY[branch];
export const decimalsOf = (currency: QuotationCurrency): number => CURRENCY_DECIMALS[currency];

/** Why `text` is not an amount of `currency`, as a sentence after the field's name; or the amount in its minor unit. */
export function parseAmount(
  text: string,
  currency: QuotationCurrency,
  maxWholeDigits: number = QUOTATION_LIMITS.priceDigits,
): { ok: true; minor: Minor } | { ok: false; message: string } {
  const decimals = decimalsOf(currency);
  const parsed = parseDecimal(text, decimals, maxWholeDigits);
  if (parsed.ok) return { ok: true, minor: parsed.value };
  switch (parsed.problem) {
    case 'negative':
      return { ok: false, message: 'cannot be negative' };
    case 'format':
      return { ok: false, message: `must be an amount such as 12.${'5'.padEnd(decimals, '0')} (digits and one '.')` };
    case 'tooPrecise':
      return {
        ok: false,
        message: `has ${parsed.decimals} decimals: ${currency} amounts have ${decimals} (${CURRENCY_MINOR_NAMES[currency]}), and an amount is never rounded for you: type at most ${decimals} decimals`,
      };
    case 'tooLarge':
      return { ok: false, message: `must be less than ${'1'.padEnd(maxWholeDigits + 1, '0')} ${currency}` };
  }
}

/** An amount in its minor unit as decimal text with all of the currency's decimals: 12500n OMR is '12.500'. */
export const formatAmount = (minor: Minor, currency: QuotationCurrency): string =>
  formatScaled(minor, decimalsOf(currency));
