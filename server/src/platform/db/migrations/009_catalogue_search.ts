import type { Migration } from './types.js';

/**
 * The catalogue's search on the server, the same SQL on PGlite and PostgreSQL:
 * - catalogue_fold(text): ASCII letters lowered, Arabic letter forms made one (alef forms, alef maqsura, taa marbuta),
 *   diacritics and tatweel dropped, Arabic-Indic digits made Western, ² made 2; the table of the pages'
 *   foldSearchText (@site/content/search-text's SEARCH_FOLD_SQL) as it was here, copied, not imported: a change to
 *   the pages' fold is a new migration (catalogue/catalogueSearch.test.ts fails until the database folds as the pages
 *   do). Both the indexed text and the visitor's terms go through it.
 * - catalogue_search: a narrow row a product, written by a trigger on catalogue_products: own_en / own_ar, its name,
 *   brands and code folded, trigram-indexed (pg_trgm), so a term found inside a word is an index look-up, not a scan;
 *   spec_en / spec_ar, its specification's text (description values, specification lists and standards, detail
 *   paragraphs without their tags), folded and indexed alike; code_key, the code as normalizedProductCode makes it.
 * - catalogue_search_words: every word of the catalogue's names, brands and category titles, trigram-indexed, to
 *   offer the closest word when a term finds nothing ("Did you mean …?"); added to by triggers as products and
 *   categories are written (catalogue/searchWords.ts).
 * pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. It lives in `public`, so a
 * server whose search_path names another schema names `public` after it.
 */
export const migration009: Migration = {
  version: '009',
  name: 'catalogue_search',
  sql: /* sql */ `
create extension if not exists pg_trgm with schema public;

create function catalogue_fold(text) returns text language sql immutable parallel safe as $$
  select translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZأإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹²\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670\u0640', 'abcdefghijklmnopqrstuvwxyzاااايه012345678901234567892')
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

-- One narrow row a product, kept by a trigger in the product's own statement: a search reads these few columns and
-- their indexes, never the products' wide rows (their details), which also keeps the listing's scans as narrow.
create table catalogue_search (
  product_id   text primary key references catalogue_products (id) on delete cascade,
  category_id  text not null,
  position     integer not null,
  code_key     text not null,
  own_en       text not null,
  own_ar       text not null,
  spec_en      text not null,
  spec_ar      text not null
);
create index catalogue_search_code_idx on catalogue_search (code_key text_pattern_ops);
create index catalogue_search_category_idx on catalogue_search (category_id);
create index catalogue_search_own_en_idx on catalogue_search using gin (own_en gin_trgm_ops);
create index catalogue_search_own_ar_idx on catalogue_search using gin (own_ar gin_trgm_ops);
create index catalogue_search_spec_en_idx on catalogue_search using gin (spec_en gin_trgm_ops);
create index catalogue_search_spec_ar_idx on catalogue_search using gin (spec_ar gin_trgm_ops);

create function catalogue_search_sync() returns trigger language plpgsql as $$
begin
  insert into catalogue_search (product_id, category_id, position, code_key, own_en, own_ar, spec_en, spec_ar)
  values (
    new.id, new.category_id, new.position,
    regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g'),
    catalogue_fold(new.name || ' ' || coalesce(new.company, '') || ' ' || new.code),
    catalogue_fold(new.name_ar || ' ' || coalesce(new.company, '') || ' ' || new.code),
    catalogue_fold(catalogue_spec_text(new.details)),
    catalogue_fold(catalogue_spec_text(new.details_ar))
  )
  on conflict (product_id) do update set
    category_id = excluded.category_id, position = excluded.position, code_key = excluded.code_key,
    own_en = excluded.own_en, own_ar = excluded.own_ar, spec_en = excluded.spec_en, spec_ar = excluded.spec_ar;
  insert into catalogue_search_words (word)
  select distinct word from regexp_split_to_table(catalogue_fold(new.name || ' ' || new.name_ar || ' ' || coalesce(new.company, '') || ' ' || new.code), '[[:space:],.;:()"«»،؛/+*&!?\\[\\]]+') as word
  where char_length(word) >= 3 and word !~ '^[0-9.x-]+$'
  on conflict (word) do nothing;
  return null;
end
$$;
create trigger catalogue_search_sync after insert or update on catalogue_products
  for each row execute function catalogue_search_sync();

create table catalogue_search_words (word text primary key);
create index catalogue_search_words_trgm_idx on catalogue_search_words using gin (word gin_trgm_ops);

create function catalogue_category_words() returns trigger language plpgsql as $$
begin
  insert into catalogue_search_words (word)
  select distinct word from regexp_split_to_table(catalogue_fold(new.title || ' ' || new.title_ar), '[[:space:],.;:()"«»،؛/+*&!?\\[\\]]+') as word
  where char_length(word) >= 3 and word !~ '^[0-9.x-]+$'
  on conflict (word) do nothing;
  return null;
end
$$;
create trigger catalogue_category_words after insert or update on catalogue_categories
  for each row execute function catalogue_category_words();

-- the products and categories already there
update catalogue_categories set id = id;
update catalogue_products set id = id;
`,
};
