import type { Migration } from './types.js';

/**
 * The listing's specification filters: each product's values ('ip:IP66', 'voltage:600/1000 V', 'size:16 mm²'), read
 * from its details by @site/content/filter-values when the product is written (seed, import), GIN-indexed for the
 * filters' look-ups. Null until computed: a catalogue written before this column is filled once at start
 * (catalogue/filterValues.ts).
 */
export const migration010: Migration = {
  version: '010',
  name: 'catalogue_filters',
  sql: /* sql */ `
alter table catalogue_products add column filter_values text[];
create index catalogue_products_filter_values on catalogue_products using gin (filter_values);
`,
};
