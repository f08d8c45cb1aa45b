import type { Migration } from './types.js';

/**
 * The site-wide cap on buyer confirmations of requests for quotation (QUOTE_CONFIRMATIONS_PER_HOUR,
 * quote-requests/quoteStore.ts): an index to count the last hour's confirmations to every address together without reading
 * every one ever queued, and on each request the cap that kept its confirmation back (null: none did; older rows
 * without one met the per-address cap, the only one then).
 */
export const migration007: Migration = {
  version: '007',
  name: 'confirmation_cap',
  sql: /* sql */ `
create index outbox_kind_created_idx on outbox (kind, created_at);

alter table quote_requests
  add column confirmation_skipped text check (confirmation_skipped in ('address_cap', 'hourly_cap'));
`,
};
