// What sending a quotation adds, in the send's transaction: the buyer's token (kept with the quotation as its hash, to
// look it up, and sealed under keys outside the database, for a later revision's page to link to it) and the mail to
// the request's address with the PDF and the link. The link is in that mail's outbox row only sealed under a key kept
// outside the database (linkSeal.ts), until the mail has gone: each later send takes the links out of the rows already
// sent (the mail is the buyer's copy).
import { quotationLinkPath } from '@site/contracts/quotation-link-api';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { enqueueMail, forgetSentPayloadKeys } from '../../platform/mail/outbox.js';
import { newBuyerToken } from './buyerToken.js';
import { branchContact, loadBuyerDocument } from './buyerView.js';
import { QUOTATION_OUTBOX_KIND, type QuotationMailPayload } from './buyerMail.js';
import { linkBinding, tokenBinding, type LinkSealer } from './linkSeal.js';

export interface LinkSettings {
  /** PUBLIC_SITE_URL: the links' origin (this server's default address when unset). */
  publicSiteUrl?: string | undefined;
  /** Seals the link in the outbox row (the keys of the staff's TOTP secrets). */
  sealer: LinkSealer;
}

/** The origin of links when PUBLIC_SITE_URL is unset: the server's default address (a development set-up). */
const DEFAULT_ORIGIN = 'http://localhost:8080';

export const linkOrigin = (settings: LinkSettings): string =>
  (settings.publicSiteUrl ?? DEFAULT_ORIGIN).replace(/\/+$/, '');

/** Gives sent quotation `id` its buyer's token and queues its mail; returns the link. */
export async function issueBuyerLink(
  trx: Kysely<DatabaseSchema>,
  id: number,
  settings: LinkSettings,
  now: Date,
): Promise<string> {
  const { token, hash } = newBuyerToken();
  // the token kept sealed too (a key outside the database): the page of a revision replaced later links to this one
  await trx
    .updateTable('quotations')
    .set({ buyer_token_hash: hash, buyer_token_sealed: settings.sealer.seal(token, tokenBinding(id)) })
    .where('id', '=', id)
    .execute();
  const document = await loadBuyerDocument(trx, id, now);
  if (document === undefined) throw new Error(`quotation ${id} was not sent`);
  const link = `${linkOrigin(settings)}${quotationLinkPath(token, document.view.language)}`;
  const branch = (await trx.selectFrom('quotations').select('branch').where('id', '=', id).executeTakeFirstOrThrow())
    .branch;
  const payload: QuotationMailPayload = {
    view: document.view,
    sealedLink: settings.sealer.seal(link, linkBinding(id)),
    branchEmail: branchContact(branch).email,
  };
  // the links of the quotation mails gone already: no longer needed in the database
  await forgetSentPayloadKeys(trx, QUOTATION_OUTBOX_KIND.sent, ['link', 'sealedLink']);
  await enqueueMail(trx, { kind: QUOTATION_OUTBOX_KIND.sent, refId: id, recipient: document.email, payload });
  return link;
}
