import type { Migration } from './types.js';

/**
 * A quote line keeps the part's availability as the site showed it when the request was sent (docs/stock.md): the ERP's
 * figures at the request's branch's location (every location for the Saudi associate, which holds no stock), a JSON
 * array of LocationAvailability. `[]`: the ERP never named the part (nothing is said of its stock); null: not recorded
 * (a request sent before this column, or the stock could not be read just then).
 */
export const migration038QuoteLineAvailability: Migration = {
  version: '038',
  name: 'quote_line_availability',
  sql: /* sql */ `
alter table quote_request_lines add column availability jsonb;
`,
};
