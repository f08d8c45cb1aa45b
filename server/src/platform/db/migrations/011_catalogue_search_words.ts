import type { Migration } from './types.js';

/**
 * The search's words: each product's name, brands, code and specification text as a full-text vector (tsvector,
 * GIN-indexed), instead of the trigram-indexed text of migration 009. A trigram look-up answers "which rows may hold
 * this text" and then reads every candidate's text again to be sure (at 100,000 products, 5–40 thousand long texts
 * for a common word, or a scan when a term has many synonyms); a word look-up answers exactly, and a term's synonyms
 * are one index query. One narrow table per language, so that a search reads only its language's rows. The GIN
 * indexes write each entry at once (fastupdate off): embedded PGlite runs no autovacuum, and a pending list left by an
 * import would be read in full by every search until a vacuum.
 * - catalogue_words(text): the text's words as PostgreSQL's default parser splits them ('simple' configuration: no
 *   stemming, no stop words; the text is folded first), without positions. The search splits a visitor's words with
 *   the same parser, so both sides agree on what a word is ('60502-4', 'cw-20s').
 * - own: name, brands and code folded, for the rank (starts with the text, holds it) and to mark what matched.
 * The vocabulary (catalogue_search_words, migration 009, trigram-indexed) becomes these words, specification's
 * included, of three letters or more and without digits: it finds the words that hold a fragment typed inside a word
 * ('mour' → 'armoured', 'ارضي' → 'الارضي') and the closest word to a misspelling. Codes and sizes, which are most of
 * a large catalogue's distinct words (one code a product), are left to the code's own look-up and to word starts.
 * A word of a name, a brand or a category title is `named`: a misspelling is offered those first ('armourd' →
 * 'armoured', the product's word, before the specification's 'armour').
 */
export const migration011: Migration = {
  version: '011',
  name: 'catalogue_search_words',
  sql: /* sql */ `
drop trigger catalogue_search_sync on catalogue_products;
drop function catalogue_search_sync();
drop table catalogue_search;

create function catalogue_words(text) returns tsvector language sql immutable parallel safe as $$
  select strip(to_tsvector('simple', $1))
$$;

create table catalogue_search_en (
  product_id   text primary key references catalogue_products (id) on delete cascade,
  category_id  text not null,
  position     integer not null,
  code_key     text not null,
  own          text not null,
  words        tsvector not null
);
create index catalogue_search_en_code_idx on catalogue_search_en (code_key text_pattern_ops);
create index catalogue_search_en_category_idx on catalogue_search_en (category_id);
create index catalogue_search_en_words_idx on catalogue_search_en using gin (words) with (fastupdate = off);


create table catalogue_search_ar (
  product_id   text primary key references catalogue_products (id) on delete cascade,
  category_id  text not null,
  position     integer not null,
  code_key     text not null,
  own          text not null,
  words        tsvector not null
);
create index catalogue_search_ar_code_idx on catalogue_search_ar (code_key text_pattern_ops);
create index catalogue_search_ar_category_idx on catalogue_search_ar (category_id);
create index catalogue_search_ar_words_idx on catalogue_search_ar using gin (words) with (fastupdate = off);


create function catalogue_vocabulary(tsvector) returns setof text language sql immutable parallel safe as $$
  select word from unnest(tsvector_to_array($1)) as word where char_length(word) >= 3 and word !~ '[0-9]'
$$;

create function catalogue_search_sync() returns trigger language plpgsql as $$
declare
  words_en tsvector := catalogue_words(catalogue_fold(
    new.name || ' ' || coalesce(new.company, '') || ' ' || new.code || ' ' || catalogue_spec_text(new.details)));
  words_ar tsvector := catalogue_words(catalogue_fold(
    new.name_ar || ' ' || coalesce(new.company, '') || ' ' || new.code || ' ' || catalogue_spec_text(new.details_ar)));
begin
  
  insert into catalogue_search_en (product_id, category_id, position, code_key, own, words)
  values (
    new.id, new.category_id, new.position, regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g'),
    catalogue_fold(new.name || ' ' || coalesce(new.company, '') || ' ' || new.code), words_en
  )
  on conflict (product_id) do update set
    category_id = excluded.category_id, position = excluded.position, code_key = excluded.code_key,
    own = excluded.own, words = excluded.words;
  
  insert into catalogue_search_ar (product_id, category_id, position, code_key, own, words)
  values (
    new.id, new.category_id, new.position, regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g'),
    catalogue_fold(new.name_ar || ' ' || coalesce(new.company, '') || ' ' || new.code), words_ar
  )
  on conflict (product_id) do update set
    category_id = excluded.category_id, position = excluded.position, code_key = excluded.code_key,
    own = excluded.own, words = excluded.words;
  insert into catalogue_search_words (word, named)
    select catalogue_vocabulary(catalogue_words(catalogue_fold(new.name || ' ' || new.name_ar || ' ' || coalesce(new.company, '')))), true
    on conflict (word) do update set named = true where not catalogue_search_words.named;
  insert into catalogue_search_words (word)
    select catalogue_vocabulary(words_en) union select catalogue_vocabulary(words_ar)
    on conflict (word) do nothing;
  return null;
end
$$;
create trigger catalogue_search_sync after insert or update on catalogue_products
  for each row execute function catalogue_search_sync();

create or replace function catalogue_category_words() returns trigger language plpgsql as $$
begin
  insert into catalogue_search_words (word, named)
    select catalogue_vocabulary(catalogue_words(catalogue_fold(new.title || ' ' || new.title_ar))), true
    on conflict (word) do update set named = true where not catalogue_search_words.named;
  return null;
end
$$;

-- the vocabulary made again from these words (truncated, so that its index holds no dead words), and the products
-- already there; then the planner's statistics of the new tables
truncate catalogue_search_words;
alter index catalogue_search_words_trgm_idx set (fastupdate = off);
alter table catalogue_search_words add column named boolean not null default false;
update catalogue_categories set id = id;
update catalogue_products set id = id;
analyze catalogue_search_en, catalogue_search_ar, catalogue_search_words;
`,
};
