import type { Migration } from './types.js';

/**
 * - The catalogue's own order over every product, (position, id): the /data files and the sitemap read the catalogue a
 *   page at a time, each page after the last one's (position, id), and without this index every page would scan and
 *   sort the whole table.
 * - A product's code and id by their letters and digits, lower-cased: the look-up of a buyer's pasted list finds the
 *   products it may name by these (catalogue/productLookup.ts) instead of holding every product's record.
 */
export const migration013: Migration = {
  version: '013',
  name: 'catalogue_read_indexes',
  sql: /* sql */ `
create index catalogue_products_position_idx on catalogue_products (position, id);
create index catalogue_products_code_letters_idx on catalogue_products ((regexp_replace(lower(code), '[^a-z0-9]+', '', 'g')));
create index catalogue_products_id_letters_idx on catalogue_products ((regexp_replace(lower(id), '[^a-z0-9]+', '', 'g')));
`,
};
