// The "Your data" page: the downloads (plain links) and the form that closes the account (a box to tick, then its
// button); and the page said once the account is closed.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDocument, accountPath, type SignedInFrame } from '../accountHtml.js';
import { accountTexts } from '../accountTexts.js';
import { privacyTexts } from './privacyTexts.js';

export function privacyPage(locale: Locale, frame: SignedInFrame, problem?: string): string {
  const t = privacyTexts(locale);
  const invalid = problem === undefined ? '' : ' aria-invalid="true" aria-describedby="close-problem"';
  const alert = problem === undefined ? '' : `<p role="alert" id="close-problem">${escapeHtml(problem)}</p>`;
  return accountDocument(
    locale,
    t.title,
    `<p>${escapeHtml(t.downloadIntro)}</p><ul><li><a href="/account/export.json" download>${escapeHtml(t.downloadJson)}</a></li><li><a href="/account/export.csv" download>${escapeHtml(t.downloadCsv)}</a></li></ul><h2 id="close">${escapeHtml(t.closeTitle)}</h2><p>${escapeHtml(t.closeIntro)}</p><form method="post" action="${accountPath(locale, '/account/close')}" aria-labelledby="close"><input type="hidden" name="csrf" value="${escapeHtml(frame.csrfToken)}"><label class="check"><input type="checkbox" name="confirm" value="yes" required${invalid}>${escapeHtml(t.closeConfirm)}</label>${alert}<button type="submit">${escapeHtml(t.closeButton)}</button></form>`,
    frame,
    '/account/privacy',
  );
}

export function closedPage(locale: Locale): string {
  const t = privacyTexts(locale);
  return accountDocument(
    locale,
    t.closedTitle,
    `<p>${escapeHtml(t.closed)}</p><p><a href="${locale === 'ar' ? '/ar/home' : '/home'}">${escapeHtml(accountTexts(locale).publicSite)}</a></p>`,
  );
}
