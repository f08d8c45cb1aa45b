import type { Migration } from './types.js';

/**
 * quotation_expiry_reminders: the reminder mailed to a sent quotation's salesperson when its validity is about to end
 * (server/src/quotations/reminders/, docs/quotations.md), one per quotation: the primary key keeps a second from ever
 * being stored, whichever process polls; written in the transaction that queues the mail, to whom it went and when.
 */
export const migration049QuotationExpiryReminders: Migration = {
  version: '049',
  name: 'quotation_expiry_reminders',
  sql: /* sql */ `
create table quotation_expiry_reminders (
  quotation_id bigint primary key references quotations (id) on delete cascade,
  recipient    text not null,
  reminded_at  timestamptz not null default now()
);

-- each poll's look: the sent quotations a buyer can still answer, by the day their validity ends
create index quotations_answerable_by_validity on quotations (valid_until)
  where state in ('sent', 'viewed', 'changes_asked');
`,
};
