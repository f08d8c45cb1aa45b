import type { Migration } from './types.js';

/**
 * Migration 029's insert trigger returns at once for a product that has a variant already: the import writes a
 * batch of products with their variants in one statement (catalogue/file/catalogueImport.ts upsertProducts), so at the
 * statement's end each new product's first variant is in place, and the trigger's code check (a look-up of the code's
 * letters over every variant) and its insert (which found the variant's place taken and did nothing) were work for
 * nothing, once per product imported. A product written without variants (the seed, a copy made in SQL) still gets its
 * one, checked as before. Plans kept by their index as migration 036 set (a function created again must set it again).
 */
export const migration039CatalogueVariantDefaultSkip: Migration = {
  version: '039',
  name: 'catalogue_variant_default_skip',
  sql: /* sql */ `
create or replace function catalogue_variant_default() returns trigger language plpgsql
set enable_seqscan = off
as $$
begin
  if exists (select from catalogue_product_variants where product_id = new.id) then
    return null;
  end if;
  if exists (select from catalogue_product_variants where code_key = regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g') and product_id <> new.id) then
    raise exception 'The code % of product % is already another product''s variant code', new.code, new.id using errcode = 'unique_violation';
  end if;
  insert into catalogue_product_variants (product_id, position, code, price, unit)
    values (new.id, 1, new.code, nullif(new.price, 0), new.unit)
    on conflict do nothing;
  return null;
end
$$;
`,
};
