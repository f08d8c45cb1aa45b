// The reminder to a sent quotation's salesperson that its validity is about to end (expiring.ts queues it), in
// English as every mail to a branch, Reply-To the buyer: what was quoted, to whom, until when, what the buyer did, and
// where to prepare a revision. Every value is escaped in HTML and made one line in headers (compose.ts).
import { EXPIRING_DAYS, type ExpiringQuotation } from '@site/contracts/quotations-api';
import { escapeHtml, headerText, type ComposedMail, type OutboxRow } from '../../platform/mail/compose.js';
import type { MailComposers } from '../../platform/mail/composers.js';

/** The outbox kind of the reminder. */
export const EXPIRY_REMINDER_KIND = 'quotation_expiry_reminder';

export interface ExpiryReminderPayload {
  quotation: ExpiringQuotation;
  buyer: { name: string; email: string; phone: string };
  /** When the buyer first opened the link (null: not yet). */
  viewedAt: string | null;
  /** The quotation in the staff app; null when the staff app's origin is not known (the page is named instead). */
  staffLink: string | null;
}

function readPayload(row: OutboxRow): ExpiryReminderPayload {
  const payload = (
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  ) as Partial<ExpiryReminderPayload> | null;
  if (payload === null || typeof payload !== 'object' || typeof payload.quotation?.number !== 'string')
    throw new Error(`outbox ${row.id}: not a quotation's expiry reminder`);
  return payload as ExpiryReminderPayload;
}

const dayWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** "today", "tomorrow", "in 3 days". */
export const expiresWhen = (daysLeft: number): string =>
  daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;

const BUYER_DID: Readonly<Record<string, string>> = {
  sent: 'the buyer has not opened it yet',
  viewed: 'the buyer opened it and has not answered',
  changes_asked: 'the buyer asked for changes',
};

export function composeExpiryReminder(row: OutboxRow, from: string): ComposedMail {
  const { quotation, buyer, viewedAt, staffLink } = readPayload(row);
  const when = expiresWhen(quotation.daysLeft);
  const did = `${BUYER_DID[quotation.state] ?? 'the buyer has not accepted it'}${quotation.state === 'viewed' && viewedAt !== null ? ` (first opened ${viewedAt.slice(0, 10)})` : ''}`;
  const lines = [
    `Quotation ${quotation.number} to ${quotation.buyerCompany} (request ${quotation.requestReference}) is valid until ${dayWords(quotation.validUntil)}: it expires ${when}, and ${did}.`,
    `Total: ${quotation.total} ${quotation.currency} (${quotation.branch} branch).`,
    `Buyer: ${[buyer.name, buyer.email, buyer.phone].filter((part) => part.trim() !== '').join(', ')}.`,
    staffLink === null
      ? 'Call the buyer, or prepare a revision with a later validity in the staff app (Expiring quotations).'
      : 'Call the buyer, or prepare a revision with a later validity in the staff app:',
  ];
  const footer = `You sent this quotation: this reminder comes once, ${EXPIRING_DAYS} days or fewer before a quotation runs out. Reply to this e-mail to write to the buyer.`;
  return {
    from,
    to: row.recipient,
    replyTo: { name: headerText(quotation.buyerCompany, 100), address: headerText(buyer.email, 254) },
    subject: headerText(`Quotation ${quotation.number} to ${quotation.buyerCompany} expires ${when}`, 150),
    text: [...lines, ...(staffLink === null ? [] : [staffLink]), '', footer].join('\n'),
    html: `<!doctype html><html lang="en" dir="ltr"><body style="font-family:Arial,sans-serif;color:#1b2430">${[
      ...lines.map(escapeHtml),
      ...(staffLink === null ? [] : [`<a href="${escapeHtml(staffLink)}">${escapeHtml(staffLink)}</a>`]),
      escapeHtml(footer),
    ]
      .map((line) => `<p>${line}</p>`)
      .join('')}</body></html>`,
  };
}

/** Registers the reminder's composer with the outbox (outboxMail.ts). */
export function registerReminderMail(composers: MailComposers): void {
  composers.register([EXPIRY_REMINDER_KIND], composeExpiryReminder);
}
