import type { DisplayPrices } from '@site/contracts/catalogue-api';
import type { Text } from '../i18n/text';

/**
 * An amount as `Intl.NumberFormat('en', { maximumFractionDigits: 2 })` writes it ('1,234.5'), without Intl: the first
 * Intl formatter a page creates loads the locale data, ~25-50 ms on the main thread (90-190 ms at Lighthouse's 4x
 * CPU), in the middle of hydrating the listing. Prices are never negative (content's product schema). Western digits
 * in both editions (the Gulf business norm).
 */
export function formatAmount(amount: number): string {
  const cents = roundToCents(amount);
  const grouped = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return decimals === '' ? grouped : `${grouped}.${decimals}`;
}

/**
 * Intl rounds the number's shortest decimal form half away from zero (1.005 -> 1.01), not its binary value
 * (`(1.005).toFixed(2)` is '1.00'), so the rounding works on the digits `String()` gives.
 */
function roundToCents(amount: number): number {
  const digits = String(amount);
  if (/e/i.test(digits)) return Math.round(amount * 100); // below 1e-6 or above 1e21: no price is
  const [whole = '0', fraction = ''] = digits.split('.');
  const cents = Number(whole + fraction.slice(0, 2).padEnd(2, '0'));
  return fraction.charAt(2) >= '5' ? cents + 1 : cents;
}

/**
 * A price in AED as a buyer reads it: fils always in two digits ('13.50', never '13.5'), a whole price without them
 * ('12', as the site has always written whole prices: on a card, 'from AED 12'). The quotation page, a formal document,
 * writes every amount with its currency's decimals (mfe-contact's quotation-link/money.ts).
 */
export function formatPrice(price: number): string {
  const amount = formatAmount(price);
  return /\.\d$/.test(amount) ? `${amount}0` : amount;
}

/**
 * A price line in the page's language: the indicative price, its lowest as 'from AED 12' where the product's variants
 * are priced differently (`from`), or that it is quoted. With `display` (the answer's prices in the visitor's currency,
 * converted by the server: docs/decisions/044) the amount the server wrote, grouped: 'OMR 1,234.500'; never converted here.
 */
export function priceText(price: number | undefined, text: Text, from = false, display?: DisplayPrices | null): string {
  if (price === undefined) return text('catalogue.listing.priceOnRequest');
  const id = from ? 'catalogue.listing.priceFrom' : 'catalogue.listing.price';
  const shown = display?.amounts[String(price)];
  if (display && shown !== undefined)
    return text(id, { amount: shown.replace(/\B(?=(\d{3})+\.)/g, ','), currency: display.currency });
  return text(id, { amount: formatPrice(price), currency: 'AED' });
}
