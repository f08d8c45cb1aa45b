// The account's page that connects a browser's basket to it: what it means, how many products the account's basket
// holds, and the form (its CSRF field and the browser's state) that sends the browser back with its one-time code.
import type { Locale } from '@site/contracts/locale';
import { ACCOUNT_BASKET_CONNECT_PATH, BASKET_CONNECT_PATH } from '@site/contracts/basket-api';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDocument, accountPath, type SignedInFrame } from '../accountHtml.js';
import { basketTexts } from './basketTexts.js';

export const basketConnectPath = (locale: Locale) => accountPath(locale, ACCOUNT_BASKET_CONNECT_PATH);
/** The public origin's start of the hand-off, in the page's edition. */
export const publicConnectUrl = (publicOrigin: string, locale: Locale) =>
  `${publicOrigin}${BASKET_CONNECT_PATH}${locale === 'ar' ? '?lang=ar' : ''}`;
/** The request page on the public origin, in the page's edition. */
export const publicRequestUrl = (publicOrigin: string, locale: Locale) =>
  `${publicOrigin}${locale === 'ar' ? '/ar' : ''}/request-quote`;

export function connectPage(
  locale: Locale,
  frame: SignedInFrame,
  view: { state: string; lines: number; publicOrigin: string },
): string {
  const t = basketTexts(locale);
  const form = `<form method="post" action="${basketConnectPath(locale)}"><input type="hidden" name="csrf" value="${escapeHtml(frame.csrfToken)}"><input type="hidden" name="state" value="${escapeHtml(view.state)}"><button type="submit">${escapeHtml(t.connect)}</button></form>`;
  const notNow = `<p><a href="${escapeHtml(publicRequestUrl(view.publicOrigin, locale))}">${escapeHtml(t.notNow)}</a></p>`;
  return accountDocument(
    locale,
    t.title,
    `<p>${escapeHtml(t.intro)}</p><p>${escapeHtml(t.holds(view.lines))}</p>${form}${notNow}`,
    frame,
    ACCOUNT_BASKET_CONNECT_PATH,
  );
}

/** Why nothing was connected (`why`), with the way to start again on the public origin. */
export function notConnectedPage(locale: Locale, frame: SignedInFrame | undefined, why: string, publicOrigin: string) {
  const t = basketTexts(locale);
  return accountDocument(
    locale,
    t.failedTitle,
    `<p role="alert">${escapeHtml(why)}</p><p><a href="${escapeHtml(publicConnectUrl(publicOrigin, locale))}">${escapeHtml(t.startAgain)}</a></p>`,
    frame,
    ACCOUNT_BASKET_CONNECT_PATH,
  );
}

/**
 * The devices page's section, when a browser keeps the account's basket: how many, and the form that disconnects them
 * all (none: no section).
 */
export function basketBrowsersSection(locale: Locale, browsers: number, csrfToken: string): string {
  if (browsers === 0) return '';
  const t = basketTexts(locale);
  const form = `<form method="post" action="${accountPath(locale, '/account/basket/forget')}"><input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}"><button class="quiet" type="submit">${escapeHtml(t.forgetAll)}</button></form>`;
  return `<h2>${escapeHtml(t.browsersTitle)}</h2><p>${escapeHtml(t.browsers(browsers))}</p>${form}`;
}
