import type { Migration } from './types.js';

/**
 * The buyer's account reads a buyer's requests (and through them their quotations) by the address they were sent from,
 * whatever its case (accounts/records/accountRecords.ts): an index on it, so a page is not a scan of every request.
 */
export const migration053QuoteRequestsByAddress: Migration = {
  version: '053',
  name: 'quote_requests_by_address',
  sql: /* sql */ `
create index quote_requests_email_lower on quote_requests (lower(email));
`,
};
