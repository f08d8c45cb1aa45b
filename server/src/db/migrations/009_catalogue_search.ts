import { SEARCH_WORDS_REFRESH } from '../../catalogue/searchWords.js';
import type { Migration } from './types.js';

/**
 * The catalogue's search on the server, the same SQL on PGlite and PostgreSQL:
 * - catalogue_fold(text): lower case, Arabic letter forms made one (alef forms, alef maqsura, taa marbuta), diacritics
 *   and tatweel dropped, Arabic-Indic digits made Western; both the indexed text and the visitor's terms go through it.
 * - search_en / search_ar: a product's name, brands and code folded, trigram-indexed (pg_trgm), so a term found inside
 *   a word is an index look-up, not a scan of the catalogue; search_code: the code as normalizedProductCode makes it.
 * - catalogue_search_words: every word of the catalogue's names, brands and category titles, trigram-indexed, to
 *   offer the closest word when a term finds nothing ("Did you mean …?"); refilled by every catalogue change.
 * pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. It lives in `public`, so a
 * server whose search_path names another schema names `public` after it.
 */
export const migration009: Migration = {
  version: '009',
  name: 'catalogue_search',
  sql: /* sql */ `
create extension if not exists pg_trgm with schema public;

create function catalogue_fold(text) returns text language sql immutable parallel safe as $$
  select translate(lower($1), 'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ًٌٍَُِّْٰـ', 'اااايه01234567890123456789')
$$;

alter table catalogue_products
  add column search_code text generated always as (regexp_replace(lower(code), '[^a-z0-9]+', '', 'g')) stored,
  add column search_en text generated always as (catalogue_fold(name || ' ' || coalesce(company, '') || ' ' || code)) stored,
  add column search_ar text generated always as (catalogue_fold(name_ar || ' ' || coalesce(company, '') || ' ' || code)) stored;
create index catalogue_products_search_code_idx on catalogue_products (search_code text_pattern_ops);
create index catalogue_products_search_en_idx on catalogue_products using gin (search_en gin_trgm_ops);
create index catalogue_products_search_ar_idx on catalogue_products using gin (search_ar gin_trgm_ops);

create table catalogue_search_words (word text primary key);
create index catalogue_search_words_trgm_idx on catalogue_search_words using gin (word gin_trgm_ops);
${SEARCH_WORDS_REFRESH.join(';\n')};
`,
};
