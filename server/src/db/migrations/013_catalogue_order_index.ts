import type { Migration } from './types.js';

/**
 * The catalogue's own order over every product, (position, id): the /data files and the sitemap read the catalogue a
 * page at a time, each page after the last one's (position, id), and without this index every page would scan and
 * sort the whole table.
 */
export const migration013: Migration = {
  version: '013',
  name: 'catalogue_order_index',
  sql: /* sql */ `
create index catalogue_products_position_idx on catalogue_products (position, id);
`,
};
