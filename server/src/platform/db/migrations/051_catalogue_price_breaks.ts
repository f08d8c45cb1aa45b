import type { Migration } from './types.js';

/**
 * A variant's quantity price breaks and minimum order (docs/decisions/043-price-breaks-and-order-multiples.md). The
 * order multiple is the variant's pack quantity (migration 029), not a column of its own.
 * - price_breaks: its breaks beyond its price at 1, as `[{"quantity": 50, "price": "12.50"}, …]` (quantities rising,
 *   prices exact decimal strings, falling or equal), or null for none. `json` as the table rows: order kept.
 * - minimum_order: the fewest a buyer orders (2 or more), or null for none.
 * - catalogue_archived_products.variants carries both with the rest of a withdrawn product's variants.
 */
export const migration051CataloguePriceBreaks: Migration = {
  version: '051',
  name: 'catalogue_price_breaks',
  sql: /* sql */ `
alter table catalogue_product_variants add column price_breaks json;
alter table catalogue_product_variants add column minimum_order integer check (minimum_order between 2 and 100000);
`,
};
