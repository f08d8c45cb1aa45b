import type { Migration } from './types.js';

/**
 * The catalogue triggers' look-ups by a unique key read their index, whatever the table's size when first planned. A
 * PL/pgSQL function keeps each of its statements' plans for its connection: after five calls it keeps a generic plan,
 * made for the table's size at that moment. The seed writes the first products into empty tables, so on the embedded database (one connection, no
 * autovacuum to renew the statistics and with them the plans) these look-ups kept a sequential scan for good, and
 * every product an import then wrote read every variant (catalogue_variant_default's code check) and every
 * combination of brands and values (catalogue_facet_set): an import's time grew with the catalogue's size (a fill of
 * 100,000 products ran for more than 25 minutes where 99,904 rows took 161 s before variants). With sequential scans
 * off in these functions alone, the plan kept is the index's: one probe a call at any size. (Planning each call
 * afresh, plan_cache_mode = force_custom_plan, costs 0.3–0.5 ms a call on the embedded database: 40 s at 100,000.)
 * A migration that creates one of these functions again must set it again.
 * - catalogue_variant_default (migration 029): a code's owner by code_key, on each product inserted;
 * - catalogue_variant_follow (migration 029): a product's variants by product_id, on each product whose code, price or
 *   unit an update changes (an import of existing products);
 * - catalogue_facet_set (migration 019): a pair of brands and values by its key, on each product written.
 */
export const migration036CatalogueTriggerPlans: Migration = {
  version: '036',
  name: 'catalogue_trigger_plans',
  sql: /* sql */ `
alter function catalogue_variant_default() set enable_seqscan = off;
alter function catalogue_variant_follow() set enable_seqscan = off;
alter function catalogue_facet_set(text[], text[]) set enable_seqscan = off;
analyze catalogue_product_variants;
`,
};
