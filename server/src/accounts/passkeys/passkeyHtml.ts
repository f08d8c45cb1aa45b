// What the account's pages show of passkeys: a box to sign in with one (under the e-mail form) and the devices page's
// list with a form to remove each and a box to add one. The boxes are drawn hidden: the script (passkeyScript.ts)
// shows them where the browser has passkeys. Every stored value is escaped.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDateOf, accountPath } from '../accountHtml.js';
import { PASSKEY_SCRIPT_PATH } from './passkeyScript.js';
import type { PasskeyListing } from './passkeyStore.js';
import { passkeyTexts } from './passkeyTexts.js';

const SCRIPT = `<script src="${PASSKEY_SCRIPT_PATH}" defer></script>`;

/** A ceremony's box: its heading, its button, its problem once said. */
function ceremonyBox(locale: Locale, kind: 'sign-in' | 'add', heading: string, label: string, csrf = ''): string {
  const t = passkeyTexts(locale);
  const id = `passkey-${kind}`;
  return `<section data-passkey="${kind}" data-csrf="${escapeHtml(csrf)}" data-cancelled="${escapeHtml(t.cancelled)}" data-failed="${escapeHtml(t.failed)}" aria-labelledby="${id}" hidden><h2 id="${id}">${escapeHtml(heading)}</h2><button type="button">${escapeHtml(label)}</button><p role="alert" data-passkey-problem hidden></p></section>`;
}

/** Under the sign-in form. */
export function passkeySignInBox(locale: Locale): string {
  const t = passkeyTexts(locale);
  return `${ceremonyBox(locale, 'sign-in', t.signInOr, t.signInWithPasskey)}${SCRIPT}`;
}

/** The devices page's section: the account's passkeys, each with its form to remove it, and the box to add one. */
export function passkeysSection(locale: Locale, passkeys: readonly PasskeyListing[], csrfToken: string): string {
  const t = passkeyTexts(locale);
  const items = passkeys
    .map((passkey) => {
      const used = passkey.lastUsedAt === null ? t.neverUsed : t.lastUsed(accountDateOf(locale, passkey.lastUsedAt));
      const name = passkey.device === '' ? t.title : passkey.device;
      return `<li><span>${escapeHtml(name)}</span><br><span>${escapeHtml(`${t.added(accountDateOf(locale, passkey.createdAt))}, ${used}`)}</span><form method="post" action="${accountPath(locale, '/account/passkeys/remove')}"><input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}"><input type="hidden" name="passkey" value="${escapeHtml(passkey.id)}"><button class="quiet" type="submit" aria-label="${escapeHtml(`${t.remove}: ${name}`)}">${escapeHtml(t.remove)}</button></form></li>`;
    })
    .join('');
  const list = passkeys.length === 0 ? `<p>${escapeHtml(t.none)}</p>` : `<ul class="devices">${items}</ul>`;
  return `<h2>${escapeHtml(t.title)}</h2><p>${escapeHtml(t.intro)}</p>${list}${ceremonyBox(locale, 'add', t.add, t.add, csrfToken)}${SCRIPT}`;
}
