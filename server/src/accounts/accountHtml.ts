// The account's pages as the server sends them: whole documents, a form per action, noindex; the only script is the
// passkeys' ceremony, which has no form (passkeys/). Every stored or typed value is escaped.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml } from '../platform/http/escape.js';
import { accountTexts } from './accountTexts.js';
import type { BuyerSessionListing } from './buyerSessions.js';

/**
 * What an account page's answer carries besides its body: no script but this origin's own (the passkeys' ceremony,
 * passkeys/passkeyScript.ts), calls to this origin only, no frame, forms to this origin only.
 */
export const ACCOUNT_PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font-family:system-ui,Arial,sans-serif;color:#1b2430;margin:0;line-height:1.5}
header,main{max-width:56rem;margin:0 auto;padding:1rem}header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;border-bottom:1px solid #d5dbe3}
header nav{display:flex;flex-wrap:wrap;gap:1rem;margin-inline-start:auto;align-items:center}
a{color:#0b4f8a}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=checkbox]{width:1.25rem;height:1.25rem;margin-inline-end:.5rem;vertical-align:middle}label.check{font-weight:400}
input[type=email],input[type=text],input[type=file]{font:inherit;padding:.6rem;width:100%;max-width:24rem;box-sizing:border-box;border:1px solid #7a8594;border-radius:4px}
button{font:inherit;padding:.6rem 1rem;margin-top:.75rem;border:0;border-radius:4px;background:#0b4f8a;color:#fff;cursor:pointer;min-height:44px}
button.quiet{background:none;color:#0b4f8a;border:1px solid #0b4f8a}[role=alert]{color:#a0181b;font-weight:600}
ul.devices{list-style:none;padding:0}ul.devices li{border:1px solid #d5dbe3;border-radius:4px;padding:.75rem;margin:.5rem 0}
h2{margin-top:2rem}h3{font-size:1rem;margin:1.25rem 0 .5rem}.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;min-width:32rem}
th,td{text-align:start;padding:.5rem;border-bottom:1px solid #d5dbe3;vertical-align:top}th{background:#f2f5f8}
tr.superseded td{color:#5b6573}.mark{font-weight:600;color:#8a4b00}`;

const path = (locale: Locale, rest: string) => `${locale === 'ar' ? '/ar' : ''}${rest}`;
export const accountPath = path;

export interface SignedInFrame {
  csrfToken: string;
}

/** Each edition's name, in its own language (the link to the other edition says it). */
const EDITION_NAME: Readonly<Record<Locale, string>> = { en: 'English', ar: 'العربية' };

/**
 * A whole page: its title, its main content, (signed in) the account's navigation and sign-out form, and the link to
 * the same page in the other edition (`here`: its address without the edition's prefix).
 */
export function accountDocument(
  locale: Locale,
  title: string,
  main: string,
  signedIn?: SignedInFrame,
  here = '/account/sign-in',
): string {
  const t = accountTexts(locale);
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  const edition = `<a href="${path(other, here)}" lang="${other}" hreflang="${other}">${EDITION_NAME[other]}</a>`;
  const nav =
    signedIn === undefined
      ? ''
      : `<nav aria-label="${escapeHtml(t.siteName)}"><a href="${path(locale, '/account')}">${escapeHtml(t.navRecords)}</a><a href="${path(locale, '/account/lists')}">${escapeHtml(t.navLists)}</a><a href="${path(locale, '/account/company')}">${escapeHtml(t.navCompany)}</a><a href="${path(locale, '/account/devices')}">${escapeHtml(t.navDevices)}</a><a href="${path(locale, '/account/privacy')}">${escapeHtml(t.navPrivacy)}</a><form method="post" action="${path(locale, '/account/sign-out')}"><input type="hidden" name="csrf" value="${escapeHtml(signedIn.csrfToken)}"><button class="quiet" type="submit">${escapeHtml(t.signOut)}</button></form></nav>`;
  return `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(t.siteName)}</title><style>${STYLE}</style></head><body><header><strong>${escapeHtml(t.siteName)}</strong>${nav}${edition}</header><main><h1>${escapeHtml(title)}</h1>${main}</main></body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const alert = (text: string | undefined) => (text === undefined ? '' : `<p role="alert">${escapeHtml(text)}</p>`);

/** The sign-in form: the address, and a problem to say (a bad address, a refused post); `after` it, other ways in. */
export function signInPage(locale: Locale, typed = '', problem?: string, after = ''): string {
  const t = accountTexts(locale);
  const invalid = problem === undefined ? '' : ' aria-invalid="true" aria-describedby="problem"';
  return accountDocument(
    locale,
    t.signInTitle,
    `${paragraph(t.signInIntro)}<form method="post" action="${path(locale, '/account/sign-in')}" aria-label="${escapeHtml(t.signInTitle)}"><label for="email">${escapeHtml(t.emailLabel)}</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(typed)}"${invalid}>${problem === undefined ? '' : `<p role="alert" id="problem">${escapeHtml(problem)}</p>`}<button type="submit">${escapeHtml(t.sendLink)}</button></form>${after}`,
  );
}

export function checkMailPage(locale: Locale, email: string): string {
  const t = accountTexts(locale);
  return accountDocument(locale, t.checkMailTitle, paragraph(t.checkMail(email)));
}

/** The link's page: a button to spend it (a mail scanner opening the link spends nothing). */
export function confirmLinkPage(locale: Locale, token: string, email: string): string {
  const t = accountTexts(locale);
  return accountDocument(
    locale,
    t.linkTitle,
    `${paragraph(t.linkConfirm(email))}<form method="post" action="${path(locale, `/account/sign-in/${encodeURIComponent(token)}`)}"><button type="submit">${escapeHtml(t.signIn)}</button></form>`,
  );
}

export function deadLinkPage(locale: Locale): string {
  const t = accountTexts(locale);
  return accountDocument(
    locale,
    t.linkDeadTitle,
    `${paragraph(t.linkDead)}<p><a href="${path(locale, '/account/sign-in')}">${escapeHtml(t.askNewLink)}</a></p>`,
  );
}

/** A refusal drawn as a page: its title and why, with the way back. */
export function refusalPage(locale: Locale, why: string): string {
  const t = accountTexts(locale);
  return accountDocument(
    locale,
    t.signInTitle,
    `${alert(why)}<p><a href="${path(locale, '/account')}">${escapeHtml(t.navRecords)}</a></p>`,
  );
}

export const accountDateOf = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Dubai',
  }).format(date);

/** The browser a User-Agent names, in a word or two ("Chrome on Android"): enough to tell one's devices apart. */
export function deviceName(userAgent: string, unknown: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  if (browser === undefined) return unknown;
  return system === undefined ? browser : `${browser} — ${system}`;
}

/** The signed-in devices, each with the form that ends it; `after` them, the account's other ways in. */
export function devicesPage(
  locale: Locale,
  sessions: readonly BuyerSessionListing[],
  currentId: string,
  frame: SignedInFrame,
  after = '',
): string {
  const t = accountTexts(locale);
  const items = sessions
    .map((session) => {
      const name = deviceName(session.userAgent, t.unknownDevice);
      const current = session.id === currentId ? ` <strong>(${escapeHtml(t.thisDevice)})</strong>` : '';
      return `<li><span>${escapeHtml(name)}</span>${current}<br><span>${escapeHtml(t.deviceSignedIn(accountDateOf(locale, session.createdAt)))}, ${escapeHtml(t.deviceLastUsed(accountDateOf(locale, session.lastSeenAt)))}</span><form method="post" action="${path(locale, '/account/devices/end')}"><input type="hidden" name="csrf" value="${escapeHtml(frame.csrfToken)}"><input type="hidden" name="session" value="${escapeHtml(session.id)}"><button class="quiet" type="submit" aria-label="${escapeHtml(`${t.endDevice}: ${name}`)}">${escapeHtml(t.endDevice)}</button></form></li>`;
    })
    .join('');
  return accountDocument(
    locale,
    t.devicesTitle,
    `${paragraph(t.devicesIntro)}<ul class="devices">${items}</ul>${after}`,
    frame,
    '/account/devices',
  );
}
