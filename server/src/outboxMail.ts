// The site's mail: the composers of every feature that queues outbox rows, registered with the outbox's registry
// (mail/composers.ts), so that mail/ sends each feature's mail without importing any feature.
import { registerSignInMail, type AccountLinkSealer } from './accounts/index.js';
import type { ComposedMail, OutboxRow } from './platform/mail/compose.js';
import { MailComposers } from './platform/mail/composers.js';
import type { Database } from './platform/db/index.js';
import {
  latePurchaseOrderFiles,
  registerQuotationMail,
  registerReminderMail,
  type LinkSealer,
} from './quotations/index.js';
import { registerQuoteMail } from './quote-requests/index.js';
import { registerReleaseMail } from './releases/index.js';
import { registerFormMail } from './submissions/index.js';

/**
 * The composers of the forms', the requests for quotation's (the quotations' and their reminders') and the releases' mails; `linkSealer` opens the quotation
 * links sealed in the outbox (without it their mails fail, and wait for a worker that has the keys); `db` reads the PO
 * files a late purchase order's mail attaches (without it that mail fails alike); `accountLinkSealer` opens the buyers'
 * sign-in links (accounts/signInMail.ts), as `linkSealer` the quotations'.
 */
export function siteMailComposers(
  linkSealer?: LinkSealer,
  db?: Database,
  accountLinkSealer?: AccountLinkSealer,
): MailComposers {
  const composers = new MailComposers();
  registerFormMail(composers);
  registerQuoteMail(composers);
  registerQuotationMail(composers, linkSealer, db === undefined ? undefined : latePurchaseOrderFiles(db));
  registerReminderMail(composers);
  registerReleaseMail(composers);
  registerSignInMail(composers, accountLinkSealer);
  return composers;
}

const site = siteMailComposers();

/** The mail the outbox sends for `row`. */
export const composeOutboxMail = (row: OutboxRow, from: string): Promise<ComposedMail> => site.compose(row, from);
