// The site's mail: the composers of every feature that queues outbox rows, registered with the outbox's registry
// (mail/composers.ts), so that mail/ sends each feature's mail without importing any feature.
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
 * files a late purchase order's mail attaches (without it that mail fails alike).
 */
export function siteMailComposers(linkSealer?: LinkSealer, db?: Database): MailComposers {
  const composers = new MailComposers();
  registerFormMail(composers);
  registerQuoteMail(composers);
  registerQuotationMail(composers, linkSealer, db === undefined ? undefined : latePurchaseOrderFiles(db));
  registerReminderMail(composers);
  registerReleaseMail(composers);
  return composers;
}

const site = siteMailComposers();

/** The mail the outbox sends for `row`. */
export const composeOutboxMail = (row: OutboxRow, from: string): Promise<ComposedMail> => site.compose(row, from);
