import type { Migration } from './types.js';

/**
 * The results page's filters read from the search rows: each row carries its product's brands, specification filter
 * values and price beside its words. A broad text matches tens of thousands of products at 100,000 ('cable': 37,000);
 * their filters were counted by naming every match by id in one array and reading the wide product rows. Now the
 * count runs over the rows the text's index look-up found, in the same statement, and reads nothing else.
 * The sync trigger's function (migration 011's) writes the three columns too; rows already there are filled from
 * their products once, without rewriting the products.
 */
export const migration012: Migration = {
  version: '012',
  name: 'catalogue_search_facets',
  sql: /* sql */ `

alter table catalogue_search_en
  add column brands        text[] not null default '{}',
  add column filter_values text[] not null default '{}',
  add column price         numeric(12, 2);


alter table catalogue_search_ar
  add column brands        text[] not null default '{}',
  add column filter_values text[] not null default '{}',
  add column price         numeric(12, 2);


create or replace function catalogue_search_sync() returns trigger language plpgsql as $$
declare
  words_en tsvector := catalogue_words(catalogue_fold(
    new.name || ' ' || coalesce(new.company, '') || ' ' || new.code || ' ' || catalogue_spec_text(new.details)));
  words_ar tsvector := catalogue_words(catalogue_fold(
    new.name_ar || ' ' || coalesce(new.company, '') || ' ' || new.code || ' ' || catalogue_spec_text(new.details_ar)));
  brands text[] := coalesce(string_to_array(new.company, ', '), '{}');
begin
  
  insert into catalogue_search_en (product_id, category_id, position, code_key, own, words, brands, filter_values, price)
  values (
    new.id, new.category_id, new.position, regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g'),
    catalogue_fold(new.name || ' ' || coalesce(new.company, '') || ' ' || new.code), words_en,
    brands, coalesce(new.filter_values, '{}'), new.price
  )
  on conflict (product_id) do update set
    category_id = excluded.category_id, position = excluded.position, code_key = excluded.code_key,
    own = excluded.own, words = excluded.words,
    brands = excluded.brands, filter_values = excluded.filter_values, price = excluded.price;
  
  insert into catalogue_search_ar (product_id, category_id, position, code_key, own, words, brands, filter_values, price)
  values (
    new.id, new.category_id, new.position, regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g'),
    catalogue_fold(new.name_ar || ' ' || coalesce(new.company, '') || ' ' || new.code), words_ar,
    brands, coalesce(new.filter_values, '{}'), new.price
  )
  on conflict (product_id) do update set
    category_id = excluded.category_id, position = excluded.position, code_key = excluded.code_key,
    own = excluded.own, words = excluded.words,
    brands = excluded.brands, filter_values = excluded.filter_values, price = excluded.price;
  insert into catalogue_search_words (word, named)
    select catalogue_vocabulary(catalogue_words(catalogue_fold(new.name || ' ' || new.name_ar || ' ' || coalesce(new.company, '')))), true
    on conflict (word) do update set named = true where not catalogue_search_words.named;
  insert into catalogue_search_words (word)
    select catalogue_vocabulary(words_en) union select catalogue_vocabulary(words_ar)
    on conflict (word) do nothing;
  return null;
end
$$;

update catalogue_search_en as s
  set brands = coalesce(string_to_array(p.company, ', '), '{}'), filter_values = coalesce(p.filter_values, '{}'), price = p.price
  from catalogue_products as p where p.id = s.product_id;
update catalogue_search_ar as s
  set brands = coalesce(string_to_array(p.company, ', '), '{}'), filter_values = coalesce(p.filter_values, '{}'), price = p.price
  from catalogue_products as p where p.id = s.product_id;
analyze catalogue_search_en, catalogue_search_ar;
`,
};
