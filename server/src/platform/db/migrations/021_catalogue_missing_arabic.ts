import type { Migration } from './types.js';

/**
 * The products still lacking Arabic (the staff app's report): an Arabic name without one Arabic letter, or Arabic
 * details without one (an English copy). A partial index over just those rows, by category and id: the report's
 * counts per category and its keyset pages read these entries only, never the 100,000 products' texts. The
 * predicate is the report's own (catalogue/staff/missingArabic.ts): the planner uses the index only for a
 * query whose condition is this one. Arabic letters are U+0600–U+06FF.
 */
export const migration021: Migration = {
  version: '021',
  name: 'catalogue_missing_arabic',
  sql: /* sql */ `
create index catalogue_products_missing_arabic_idx on catalogue_products (category_id, id)
  where name_ar !~ '[\u0600-\u06FF]' or details_ar::text !~ '[\u0600-\u06FF]';
`,
};
