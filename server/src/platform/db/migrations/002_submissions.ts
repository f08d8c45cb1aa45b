import type { Migration } from './types.js';

/**
 * The form submissions: a spam flag for submissions whose hidden honeypot field was filled
 * (kept for review, never mailed), and an index to find the mail of a submission (staff listing).
 */
export const migration002: Migration = {
  version: '002',
  name: 'submissions',
  sql: /* sql */ `
alter table contact_messages add column spam boolean not null default false;
alter table registrations add column spam boolean not null default false;
alter table inquiries add column spam boolean not null default false;

create index outbox_ref_idx on outbox (kind, ref_id);
`,
};
