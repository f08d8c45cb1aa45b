// Amounts and days as the buyer reads them: each currency with its own minor digits (OMR and BHD three, AED and SAR
// two), Latin digits in both editions (amounts and codes read left to right on the Arabic page too).
import type { Locale } from '@site/contracts/locale';

const intlLocale = (locale: Locale): string => (locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB');

/** '1234.500' in OMR → 'OMR 1,234.500'. */
export function formatAmount(amount: string, currency: string, decimals: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number(amount));
}

/** A plain number (a quantity, a percentage) as it was written, grouped. */
export function formatNumber(value: string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 6 }).format(Number(value));
}

/** '2026-12-31' → '31 December 2026' (the day itself, whatever the browser's time zone). */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
