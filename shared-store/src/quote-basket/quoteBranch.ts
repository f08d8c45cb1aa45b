// The branch the buyer chose on the request page, kept in the browser beside the basket: the header's basket panel
// shows each line's stock at that branch, as the request page does, and the request page's form starts from it. Its
// own module (`@site/shared-store/quote-branch`), outside the shared singleton: only the panel's and the request
// page's later chunks bundle it, so no page's first view carries it.
import { DEFAULT_BRANCH_NAME } from '@site/content/validation';
import { BRANCH_STOCK_LOCATION } from '@site/contracts/stock-text';
import {
  BRANCH_DISPLAY_CURRENCY,
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  cookieCurrency,
  FROM_BRANCH,
} from '@site/contracts/display-currency';

/** The localStorage key (versioned, as the basket's). */
export const QUOTE_BRANCH_STORAGE_KEY = 'site.quoteBranch.v1';

/** localStorage, or undefined where it cannot be used (blocked cookies, some private modes throw on access). */
function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The branch chosen last (a branch's English name, as the form sends it); the form's first one when none is kept. */
export function readQuoteBranch(storage: Storage | undefined = browserStorage()): string {
  let kept: string | null = null;
  try {
    kept = storage?.getItem(QUOTE_BRANCH_STORAGE_KEY) ?? null;
  } catch {
    // refused storage: as if none were kept
  }
  // the visitor's storage is theirs to edit: only a branch the site has is taken
  return kept !== null && Object.hasOwn(BRANCH_STOCK_LOCATION, kept) ? kept : DEFAULT_BRANCH_NAME;
}

/** Keeps the branch the buyer chose; and its currency for the catalogue's prices, unless the visitor chose one. */
export function keepQuoteBranch(branch: string, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(QUOTE_BRANCH_STORAGE_KEY, branch);
  } catch {
    // full or refused storage: the panel shows the first branch's stock
  }
  keepBranchCurrency(branch);
}

/**
 * The branch's currency (Dubai AED, Oman OMR, Bahrain BHD, Saudi Arabia SAR) in the `site-currency` cookie the server
 * draws the catalogue's pages by (docs/decisions/044), marked as the branch's ('OMR.b'): a currency the visitor chose
 * on the currency page is never replaced. The next page drawn shows it; the request page shows no price to redraw.
 */
export function keepBranchCurrency(branch: string, cookies: { cookie: string } = document): void {
  const currency = BRANCH_DISPLAY_CURRENCY[branch];
  if (currency === undefined) return;
  const kept = /(?:^|;\s*)site-currency=([^;]*)/.exec(cookies.cookie)?.[1];
  if (cookieCurrency(kept)?.chosen === true) return;
  cookies.cookie = `${CURRENCY_COOKIE}=${currency}${FROM_BRANCH}; path=/; max-age=${CURRENCY_COOKIE_MAX_AGE}; samesite=lax`;
}
