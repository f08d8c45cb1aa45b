// The currency a visitor reads the catalogue's prices in (docs/decisions/044-buyer-currency-indicative-and-cached-per-
// currency.md): AED, the catalogue's own, or a branch's currency converted by the server at the staff-set rate and
// labelled indicative. The choice is a cookie the server reads to draw the page; browsers bundle this module's few
// constants only (no zod: the answers' schema is in ./catalogueApi.ts).

/** The currencies a price can be shown in: the catalogue's (AED) first. */
export const DISPLAY_CURRENCIES = ['AED', 'OMR', 'BHD', 'SAR'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** The cookie that holds the choice: 'OMR' chosen on the currency page, 'OMR.b' taken from the branch chosen. */
export const CURRENCY_COOKIE = 'site-currency';
/** The suffix of a value the branch set (a later branch may change it; a visitor's own choice it never changes). */
export const FROM_BRANCH = '.b';
/** A year, in seconds. */
export const CURRENCY_COOKIE_MAX_AGE = 31_536_000;

/** The server-drawn page that lists the four currencies (and its Arabic twin under /ar). */
export const CURRENCY_CHOICE_PATH = '/currency';

/** The branch's currency (the request form's branch names: content's BRANCH_NAMES). */
export const BRANCH_DISPLAY_CURRENCY: Readonly<Record<string, DisplayCurrency>> = {
  Dubai: 'AED',
  Oman: 'OMR',
  Bahrain: 'BHD',
  'Saudi Arabia': 'SAR',
};

export const isDisplayCurrency = (value: string): value is DisplayCurrency =>
  (DISPLAY_CURRENCIES as readonly string[]).includes(value);

/** The cookie's value read: its currency, and whether the visitor chose it (not the branch); undefined for any other text. */
export function cookieCurrency(value: string | undefined): { currency: DisplayCurrency; chosen: boolean } | undefined {
  if (value === undefined) return undefined;
  const fromBranch = value.endsWith(FROM_BRANCH);
  const code = fromBranch ? value.slice(0, -FROM_BRANCH.length) : value;
  return isDisplayCurrency(code) ? { currency: code, chosen: !fromBranch } : undefined;
}

/**
 * `back` when it is a path of this site (one '/' then not a second '/' or '\', which browsers read as another host),
 * else `home`: the choice page never sends a visitor elsewhere.
 */
export const sameSitePath = (back: string | undefined, home: string): string =>
  back !== undefined && /^\/(?![/\\])[^\s\\]*$/.test(back) ? back : home;

/** The choice page's address for a page at `back` (its path and query), in the page's edition. */
export const currencyChoiceHref = (arabic: boolean, back: string): string =>
  `${arabic ? '/ar' : ''}${CURRENCY_CHOICE_PATH}?back=${encodeURIComponent(back)}`;
