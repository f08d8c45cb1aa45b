import { SEARCH_FOLD_SQL } from '@site/content/search-text';
import { SEARCH_WORDS_REFRESH } from '../../catalogue/searchWords.js';
import type { Migration } from './types.js';

/**
 * The catalogue's search on the server, the same SQL on PGlite and PostgreSQL:
 * - catalogue_fold(text): ASCII letters lowered, Arabic letter forms made one (alef forms, alef maqsura, taa marbuta),
 *   diacritics and tatweel dropped, Arabic-Indic digits made Western, ² made 2; the same table as the pages'
 *   foldSearchText (@site/content/search-text). Both the indexed text and the visitor's terms go through it.
 * - search_en / search_ar: a product's name, brands and code folded, trigram-indexed (pg_trgm), so a term found inside
 *   a word is an index look-up, not a scan of the catalogue; search_code: the code as normalizedProductCode makes it.
 * - search_spec_en / search_spec_ar: the text of a product's specification (its description's values, specification
 *   lists and standards, detail paragraphs without their tags), folded and trigram-indexed alike.
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
  select translate($1, '${SEARCH_FOLD_SQL.from}', '${SEARCH_FOLD_SQL.to}')
$$;

create function catalogue_spec_text(json) returns text language sql immutable parallel safe as $$
  select coalesce(string_agg(regexp_replace(leaf #>> '{}', '<[^>]*>', ' ', 'g'), ' '), '')
  from (
    select jsonb_path_query($1::jsonb, 'lax $.description[*].value.**') as leaf
    union all select jsonb_path_query($1::jsonb, 'lax $.Specification[*].**')
    union all select jsonb_path_query($1::jsonb, 'lax $.detail[*]')
  ) leaves
  where jsonb_typeof(leaf) = 'string'
$$;

alter table catalogue_products
  add column search_code text generated always as (regexp_replace(lower(code), '[^a-z0-9]+', '', 'g')) stored,
  add column search_en text generated always as (catalogue_fold(name || ' ' || coalesce(company, '') || ' ' || code)) stored,
  add column search_ar text generated always as (catalogue_fold(name_ar || ' ' || coalesce(company, '') || ' ' || code)) stored,
  add column search_spec_en text generated always as (catalogue_fold(catalogue_spec_text(details))) stored,
  add column search_spec_ar text generated always as (catalogue_fold(catalogue_spec_text(details_ar))) stored;
create index catalogue_products_search_code_idx on catalogue_products (search_code text_pattern_ops);
create index catalogue_products_search_en_idx on catalogue_products using gin (search_en gin_trgm_ops);
create index catalogue_products_search_ar_idx on catalogue_products using gin (search_ar gin_trgm_ops);
create index catalogue_products_search_spec_en_idx on catalogue_products using gin (search_spec_en gin_trgm_ops);
create index catalogue_products_search_spec_ar_idx on catalogue_products using gin (search_spec_ar gin_trgm_ops);

create table catalogue_search_words (word text primary key);
create index catalogue_search_words_trgm_idx on catalogue_search_words using gin (word gin_trgm_ops);
${SEARCH_WORDS_REFRESH.join(';\n')};
`,
};
