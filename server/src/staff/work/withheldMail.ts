// A submission flagged as spam when it came (the honeypot was filled) was stored without its mail. When staff restore
// it, the branch gets the mail it never got: made from the stored row as the submission would have made it, queued
// in the same transaction as the restore. Only the branch's mail: a buyer is not sent a late confirmation.
import type { Kysely } from 'kysely';
import type { InboxKind } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { loadQuoteSnapshot } from '../../quote-requests/index.js';
import { branchEmail, OUTBOX_KIND } from '../../submissions/index.js';

interface WithheldMail {
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
}

async function withheldMailOf(
  trx: Kysely<DatabaseSchema>,
  kind: InboxKind,
  id: number,
): Promise<WithheldMail | undefined> {
  switch (kind) {
    case 'contact': {
      const row = await trx.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const payload = {
        name: row.name,
        email: row.email,
        phone: row.phone,
        message: row.message,
        country: row.country,
        companyName: row.company_name,
        companyLocation: row.company_location,
      };
      return { kind: OUTBOX_KIND.contactMessage, recipient: branchEmail(row.country ?? ''), payload };
    }
    case 'enquiry': {
      const row = await trx.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const payload = {
        userName: row.user_name,
        userEmail: row.user_email,
        userCountry: row.user_country,
        inquiryPhone: row.phone,
        inquiryMessage: row.message,
        companyName: row.company_name,
        companyLocation: row.company_location,
      };
      return { kind: OUTBOX_KIND.inquiry, recipient: branchEmail(row.user_country), payload };
    }
    case 'quote': {
      const snapshot = await loadQuoteSnapshot(trx, id);
      return snapshot === undefined
        ? undefined
        : { kind: OUTBOX_KIND.quoteRequest, recipient: branchEmail(snapshot.branch), payload: { ...snapshot } };
    }
    case 'registration':
      return undefined; // a registration mails nobody
  }
}

/** Queues the branch mail of a restored row unless it has one already; returns its recipient when it queued one. */
export async function queueWithheldMail(
  trx: Kysely<DatabaseSchema>,
  kind: InboxKind,
  id: number,
): Promise<string | undefined> {
  const mail = await withheldMailOf(trx, kind, id);
  if (mail === undefined) return undefined;
  const existing = await trx
    .selectFrom('outbox')
    .select('id')
    .where('kind', '=', mail.kind)
    .where('ref_id', '=', id)
    .executeTakeFirst();
  if (existing !== undefined) return undefined;
  await enqueueMail(trx, { kind: mail.kind, refId: id, recipient: mail.recipient, payload: mail.payload });
  return mail.recipient;
}
