// The catalogue's prices in the visitor's currency (docs/decisions/044-buyer-currency-indicative-and-cached-per-
// currency.md): the `site-currency` cookie names it, the staff-set rate (the rates/VAT page's, the one quotations are
// priced at) converts each AED price exactly (convertFromAed: half-up once, the currency's own decimals), and the
// listing's, the product's, the search's and the comparison's answers carry the amounts (`display`) for the page to print. The API and the page drawn
// here give the same figures, so nothing shifts as the page hydrates. JSON-LD keeps AED (seo/: the real price).
import { CATALOGUE_API_PREFIX, CATALOGUE_COMPARE_API_PATH, CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import type {
  CompareResponse,
  DisplayPrices,
  ListingResponse,
  ProductResponse,
  SearchResponse,
} from '@site/contracts/catalogue-api';
import { CURRENCY_COOKIE, cookieCurrency, type DisplayCurrency } from '@site/contracts/display-currency';
import { convertFromAed, type ExactRate, formatAmount, parseDecimal, UNIT_RATE } from '@site/contracts/quotation-money';
import { readCookie } from '../../platform/http/cookies.js';

/** A currency the prices are shown in, its rate from AED, and that rate's version (its stored row: a new rate, a new one). */
export interface DisplayRate {
  currency: DisplayCurrency;
  rate: ExactRate;
  version: string;
}

/** The rate in use for a currency other than AED with its version, or undefined when staff never set one. */
export type CurrentDisplayRate = (
  currency: Exclude<DisplayCurrency, 'AED'>,
) => Promise<{ rate: ExactRate; version: string } | undefined>;

/** AED: the catalogue's own prices, nothing converted. */
export const AED_DISPLAY: DisplayRate = { currency: 'AED', rate: UNIT_RATE, version: 'AED' };

/**
 * The request's currency and its rate: AED without the cookie, with a value that is no currency, or for a currency
 * whose rate staff have not set yet (a price is never shown in a currency it cannot be converted to).
 */
export async function displayRateOf(
  cookieHeader: string | undefined,
  currentRate: CurrentDisplayRate,
): Promise<DisplayRate> {
  const currency = cookieCurrency(readCookie(cookieHeader, CURRENCY_COOKIE))?.currency ?? 'AED';
  if (currency === 'AED') return AED_DISPLAY;
  const stored = await currentRate(currency);
  return stored === undefined ? AED_DISPLAY : { currency, ...stored };
}

/** The page cache's key part for `display`: the currency and its rate's version, never anything of one visitor. */
export const displayKey = (display: DisplayRate): string =>
  display.currency === 'AED' ? '' : `${display.currency}@${display.version}`;

/**
 * An AED price (a number of the catalogue, at most two decimals) in `display`'s currency as decimal text with all of
 * its decimals ('1.234' OMR, '12.50' SAR); undefined for a number that is not a price of two decimals.
 */
export function displayAmount(price: number, display: DisplayRate): string | undefined {
  // String(12.5) is '12.5': the number's shortest decimal form, which is the price as the catalogue holds it
  const fils = parseDecimal(String(price), 2, 7);
  if (!fils.ok) return undefined;
  return formatAmount(convertFromAed(fils.value, display.rate, display.currency), display.currency);
}

function displayPricesOf(prices: readonly (number | undefined)[], display: DisplayRate): DisplayPrices {
  const amounts: Record<string, string> = {};
  for (const price of prices) {
    if (price === undefined) continue;
    const amount = displayAmount(price, display);
    if (amount !== undefined) amounts[String(price)] = amount;
  }
  return { currency: display.currency, amounts };
}

/** The listing's answer with its products' prices (at 1, and their cards' break 'from' prices) in `display`'s currency (itself for AED). */
export const listingInCurrency = (body: ListingResponse, display: DisplayRate): ListingResponse =>
  display.currency === 'AED'
    ? body
    : {
        ...body,
        display: displayPricesOf(
          [...body.products.map((product) => product.price), ...Object.values(body.fromPrices ?? {})],
          display,
        ),
      };

/**
 * The search's answer with its results' card prices in `display`'s currency: the results page's (the modal's answer
 * has no prices, and stays itself, as for AED).
 */
export const searchInCurrency = (body: SearchResponse, display: DisplayRate): SearchResponse =>
  display.currency === 'AED' || body.prices === undefined
    ? body
    : { ...body, display: displayPricesOf(Object.values(body.prices), display) };

/** The comparison's answer with its products' variants' prices in `display`'s currency (itself for AED). */
export const compareInCurrency = (body: CompareResponse, display: DisplayRate): CompareResponse =>
  display.currency === 'AED'
    ? body
    : {
        ...body,
        display: displayPricesOf(
          body.products.flatMap((item) => (item.found ? item.variants.map((variant) => variant.price) : [])),
          display,
        ),
      };

/**
 * The product's answer with its prices (its listing record's, its variants' and their price breaks', its related
 * parts') in `display`'s currency. A break's price is exact text ('12.50'); its key is the number's text ('12.5'), as
 * the size table looks it up.
 */
export const productInCurrency = (body: ProductResponse, display: DisplayRate): ProductResponse =>
  display.currency === 'AED'
    ? body
    : {
        ...body,
        display: displayPricesOf(
          [
            body.listing.price,
            ...body.variants.flatMap((variant) => [
              variant.price,
              ...(variant.priceBreaks ?? []).map((item) => Number(item.price)),
            ]),
            ...(body.related ?? []).map((part) => part.variant.price),
          ],
          display,
        ),
      };

const LISTING_ANSWER = new RegExp(`^${CATALOGUE_API_PREFIX}categories/[^/?]+/products(\\?|$)`);
const PRODUCT_ANSWER = new RegExp(`^${CATALOGUE_API_PREFIX}products/[^/?]+(\\?|$)`);

const SEARCH_ANSWER = new RegExp(`^${CATALOGUE_SEARCH_API_PATH}(\\?|$)`);
const COMPARE_ANSWER = new RegExp(`^${CATALOGUE_COMPARE_API_PATH}(\\?|$)`);

/** Whether the answer at `href` shows prices in the visitor's currency (its page is one per currency). */
export const showsDisplayPrices = (href: string): boolean =>
  LISTING_ANSWER.test(href) || PRODUCT_ANSWER.test(href) || SEARCH_ANSWER.test(href) || COMPARE_ANSWER.test(href);

/** A 200 answer of the catalogue API at `href` in `display`'s currency (any other answer as it is). */
export function answerInCurrency(
  href: string,
  answer: { status: number; body: unknown },
  display: DisplayRate,
): { status: number; body: unknown } {
  if (answer.status !== 200 || display.currency === 'AED') return answer;
  if (LISTING_ANSWER.test(href)) return { ...answer, body: listingInCurrency(answer.body as ListingResponse, display) };
  if (PRODUCT_ANSWER.test(href)) return { ...answer, body: productInCurrency(answer.body as ProductResponse, display) };
  if (SEARCH_ANSWER.test(href)) return { ...answer, body: searchInCurrency(answer.body as SearchResponse, display) };
  if (COMPARE_ANSWER.test(href)) return { ...answer, body: compareInCurrency(answer.body as CompareResponse, display) };
  return answer;
}
