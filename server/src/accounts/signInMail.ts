// The sign-in link's mail, in the language of the page it was asked from. The link is in its outbox row only sealed
// under a key kept outside the database (the sealer of the quotation links' keys, for this use alone:
// ACCOUNT_LINK_SEAL_PURPOSE), bound to its link's row, and taken out of the row once the mail has gone.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml, headerText, type ComposedMail, type OutboxRow } from '../platform/mail/compose.js';
import type { MailComposers } from '../platform/mail/composers.js';
import { accountTexts } from './accountTexts.js';

export const SIGN_IN_MAIL_KIND = 'buyer_sign_in_link';
/** The label of the sub-key that seals the sign-in links: it opens no quotation link and no TOTP secret. */
export const ACCOUNT_LINK_SEAL_PURPOSE = 'account-sign-in-link-seal';

/** Seals and opens short texts under keys kept outside the database (structurally the quotations' LinkSealer). */
export interface AccountLinkSealer {
  seal(text: string, boundTo: string): string;
  open(stored: string, boundTo: string): string | undefined;
}

export interface SignInMailPayload {
  /** The link's row (its token's SHA-256): what the sealed link is bound to. */
  linkId: string;
  sealedLink: string;
  language: Locale;
}

export const signInLinkBinding = (linkId: string): string => `account-sign-in:${linkId}`;

function readPayload(row: OutboxRow): SignInMailPayload {
  const payload = (
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  ) as Partial<SignInMailPayload> | null;
  if (payload === null || typeof payload !== 'object' || typeof payload.sealedLink !== 'string')
    throw new Error(`outbox ${row.id}: not a sign-in link's mail (or its link was taken out after it went)`);
  return payload as SignInMailPayload;
}

export function composeSignInMail(row: OutboxRow, from: string, sealer: AccountLinkSealer | undefined): ComposedMail {
  const payload = readPayload(row);
  const link = sealer?.open(payload.sealedLink, signInLinkBinding(payload.linkId ?? ''));
  // without the keys (or moved onto another row) the mail fails and waits for a worker that has them
  if (link === undefined) throw new Error(`outbox ${row.id}: the sign-in link does not open with the keys given`);
  const locale: Locale = payload.language === 'ar' ? 'ar' : 'en';
  const t = accountTexts(locale);
  const [intro, url] = t.mailLines(link);
  return {
    from,
    to: row.recipient,
    replyTo: { name: headerText(t.siteName, 100), address: from.replace(/^.*<([^>]+)>.*$/, '$1') },
    subject: headerText(t.mailSubject, 150),
    text: [intro, url, '', t.mailIgnore].join('\n'),
    html: `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:Arial,sans-serif;color:#1b2430"><p>${escapeHtml(intro ?? '')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.mailIgnore)}</p></body></html>`,
  };
}

/** Registers the sign-in mail's composer with the outbox (outboxMail.ts); `sealer` opens the links. */
export function registerSignInMail(composers: MailComposers, sealer: AccountLinkSealer | undefined): void {
  composers.register([SIGN_IN_MAIL_KIND], (row, from) => composeSignInMail(row, from, sealer));
}
