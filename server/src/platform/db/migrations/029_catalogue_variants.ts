import type { Migration } from './types.js';

/**
 * A product's orderable variants (docs/decisions/034-orderable-variants.md): the parts a buyer orders, one row each in
 * the product's order. Every product has at least one; the product row keeps `code` (its first published variant's)
 * and `price` (its lowest published variant's), which the catalogue store writes with the variants
 * (catalogue/variants/variantStore.ts).
 * - code_key, mpn_key: the code's and part number's letters and digits (generated): a code is unique over the catalogue
 *   as a buyer types it (regexp_replace(lower(code), '[^a-z0-9]+', '', 'g'), the key a code is compared by everywhere
 *   here: normalizedProductCode, migration 013's index); both indexed for the look-up and the search's code prefixes (text_pattern_ops: `=` and ranges).
 * - row, row_ar: the variant's row of the specification table in each language. `json`, not `jsonb`, as the details
 *   (migration 008): jsonb reorders keys, and a table's body row is read in its keys' order.
 * - Two triggers keep the invariant whoever writes a product (the seed, an import, the editor, a restore): a product
 *   inserted gets one variant of its code, price and unit; a product's code, price or unit changed by such a writer
 *   moves its only variant's with it (or, with several, renames the variant of its old code).
 * - catalogue_archived_products.variants: withdrawing a product archives its variants with it (catalogue/staff/archive.ts).
 * Existing products' variants are made here, by decision 034's rule (catalogue_parts_column): a table whose leaf column
 * identifies each row makes a variant a row (the first keeps the product's code and price, the others a derived code
 * and no price); every other product has one variant. The first column counts as an identifier only when each of its
 * values holds a digit (a size, a reference), so that a table of tests or properties ('AC voltage dry withstand') does not.
 */
export const migration029CatalogueVariants: Migration = {
  version: '029',
  name: 'catalogue_variants',
  sql: /* sql */ `
create table catalogue_product_variants (
  product_id    text not null references catalogue_products (id) on delete cascade,
  position      integer not null check (position >= 1),
  code          text not null check (code ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and char_length(code) <= 32),
  code_key      text generated always as (regexp_replace(lower(code), '[^a-z0-9]+', '', 'g')) stored,
  mpn           text check (char_length(mpn) between 1 and 64),
  mpn_key       text generated always as (regexp_replace(lower(mpn), '[^a-z0-9]+', '', 'g')) stored,
  label         text not null default '',
  label_ar      text not null default '',
  row           json,
  row_ar        json,
  price         numeric(12, 2) check (price > 0),
  unit          text not null,
  pack_quantity integer check (pack_quantity >= 2),
  published     boolean not null default true,
  updated_at    timestamptz not null default now(),
  unique (product_id, position)
);
create unique index catalogue_product_variants_code_key_idx on catalogue_product_variants (code_key text_pattern_ops);
create index catalogue_product_variants_mpn_key_idx on catalogue_product_variants (mpn_key text_pattern_ops) where mpn_key is not null;

alter table catalogue_archived_products add column variants json;

-- A product's one variant when it is written without any (its code, price and unit).
create function catalogue_variant_default() returns trigger language plpgsql as $$
begin
  if exists (select from catalogue_product_variants where code_key = regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g') and product_id <> new.id) then
    raise exception 'The code % of product % is already another product''s variant code', new.code, new.id using errcode = 'unique_violation';
  end if;
  insert into catalogue_product_variants (product_id, position, code, price, unit)
    values (new.id, 1, new.code, nullif(new.price, 0), new.unit)
    on conflict do nothing;
  return null;
end
$$;
create trigger catalogue_variant_default after insert on catalogue_products
  for each row execute function catalogue_variant_default();

-- A product's code, price or unit written by another writer than the variants' (an import, the editor): its only
-- variant follows; with several, the variant of its old code takes the new one (unless one has it already).
create function catalogue_variant_follow() returns trigger language plpgsql as $$
begin
  if (select count(*) from catalogue_product_variants where product_id = new.id) = 1 then
    update catalogue_product_variants set code = new.code, price = nullif(new.price, 0), unit = new.unit, updated_at = now()
      where product_id = new.id and (code, price, unit) is distinct from (new.code, nullif(new.price, 0), new.unit);
  elsif new.code <> old.code and not exists (select from catalogue_product_variants where product_id = new.id and code_key = regexp_replace(lower(new.code), '[^a-z0-9]+', '', 'g')) then
    update catalogue_product_variants set code = new.code, updated_at = now() where product_id = new.id and code = old.code;
  end if;
  return null;
end
$$;
create trigger catalogue_variant_follow after update of code, price, unit on catalogue_products
  for each row execute function catalogue_variant_follow();

-- The leaf column of a product's specification table that identifies each of its rows (decision 034), or null.
create function catalogue_parts_column(details json) returns text language plpgsql stable as $$
declare
  header json := details -> 'productDetailTableColumns';
  body json := details -> 'productDetailTableData';
  leaf record;
  first_column text;
  identifies boolean;
  all_digits boolean;
begin
  if header is null or body is null or json_typeof(header) <> 'array' or json_typeof(body) <> 'array' or json_array_length(body) = 0 then
    return null;
  end if;
  for leaf in
    select l.value ->> 'id' as id, l.ordinality as at,
      coalesce((select t.value ->> 'name' from json_array_elements(header -> 0) as t where t.value ->> 'id' = 'h_' || (l.value ->> 'id') limit 1), '')
        || ' ' || coalesce(l.value ->> 'name', '') as heading
    from json_array_elements(header -> (json_array_length(header) - 1)) with ordinality as l
    order by l.ordinality
  loop
    continue when leaf.id is null or leaf.id like '%.%';
    select bool_and(json_typeof(r.value -> leaf.id) in ('string', 'number') and btrim(r.value ->> leaf.id) <> '')
        and count(distinct btrim(r.value ->> leaf.id)) = count(*),
      bool_and(r.value ->> leaf.id ~ '[0-9]')
      into identifies, all_digits
      from json_array_elements(body) as r;
    continue when not coalesce(identifies, false);
    if leaf.heading ~* '(size|part\\s*(number|no)|reference|kit|code)' then return leaf.id; end if;
    if leaf.at = 1 and all_digits then first_column := leaf.id; end if;
  end loop;
  return first_column;
end
$$;

-- A part's value as a code's piece: upper case, other characters runs of one dash ('1.5 - 4' → '1-5-4').
create function catalogue_code_piece(value text) returns text language sql immutable as $$
  select btrim(regexp_replace(upper(btrim(value)), '[^A-Z0-9]+', '-', 'g'), '-')
$$;

-- Whether a code is free for product_id: no variant and no other product has it, as code or id, by its letters and digits.
create function catalogue_code_free(candidate text, for_product text) returns boolean language sql stable as $$
  select candidate ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and char_length(candidate) between 3 and 32
    and not exists (select from catalogue_product_variants where code_key = regexp_replace(lower(candidate), '[^a-z0-9]+', '', 'g'))
    and not exists (select from catalogue_products where id <> for_product
      and (regexp_replace(lower(code), '[^a-z0-9]+', '', 'g') = regexp_replace(lower(candidate), '[^a-z0-9]+', '', 'g') or regexp_replace(lower(id), '[^a-z0-9]+', '', 'g') = regexp_replace(lower(candidate), '[^a-z0-9]+', '', 'g')))
$$;

-- A derived variant's code (decision 034): the product's code with the first part's piece replaced where it ends with
-- it ('HEX-CW-20S' → 'HEX-CW-25'); the part's own value where it reads as a part number; else the product's code, a dash
-- and the piece; the first free of those, then the product's code and the variant's position.
create function catalogue_part_code(product_id text, product_code text, first_value text, value text, at integer) returns text language plpgsql stable as $$
declare
  first_piece text := catalogue_code_piece(first_value);
  piece text := catalogue_code_piece(value);
  candidate text;
begin
  foreach candidate in array array[
    case when first_piece <> '' and (product_code = first_piece or product_code like '%-' || first_piece)
      then left(product_code, char_length(product_code) - char_length(first_piece)) || piece end,
    case when upper(btrim(value)) ~ '^[A-Z0-9]+(-[A-Z0-9]+)+$' and value ~ '[A-Za-z]' and value ~ '[0-9]' then upper(btrim(value)) end,
    product_code || '-' || piece,
    product_code || '-' || at
  ] loop
    if candidate is not null and piece <> '' and catalogue_code_free(candidate, product_id) then return candidate; end if;
  end loop;
  return product_code || '-V' || at;
end
$$;

-- Every existing product's first variant: its code and price (its table's first row when the table lists parts).
insert into catalogue_product_variants (product_id, position, code, label, label_ar, row, row_ar, price, unit)
  select p.id, 1, p.code,
    case when parts.id is null then '' else parts.heading || ' ' || btrim(p.details -> 'productDetailTableData' -> 0 ->> parts.id) end,
    case when parts.id is null then '' else parts.heading_ar || ' ' || btrim(p.details_ar -> 'productDetailTableData' -> 0 ->> parts.id) end,
    case when parts.id is null then null else p.details -> 'productDetailTableData' -> 0 end,
    case when parts.id is null then null else p.details_ar -> 'productDetailTableData' -> 0 end,
    nullif(p.price, 0), p.unit
  from catalogue_products as p
  left join lateral (select catalogue_parts_column(p.details) as id) as part on true
  left join lateral (
    select part.id,
      coalesce((select btrim(t.value ->> 'name') from json_array_elements(p.details -> 'productDetailTableColumns' -> 0) as t where t.value ->> 'id' = 'h_' || part.id), part.id) as heading,
      coalesce((select btrim(t.value ->> 'name') from json_array_elements(p.details_ar -> 'productDetailTableColumns' -> 0) as t where t.value ->> 'id' = 'h_' || part.id), part.id) as heading_ar
    where part.id is not null
  ) as parts on true
  order by p.position, p.id;

-- The other rows of the tables that list parts, a product at a time (each code checked against those written before).
do $$
declare
  product record;
  body json;
  body_ar json;
  heading text;
  heading_ar text;
  at integer;
  value text;
begin
  for product in
    select p.id, p.code, p.unit, p.details, p.details_ar, catalogue_parts_column(p.details) as part
    from catalogue_products as p where catalogue_parts_column(p.details) is not null order by p.position, p.id
  loop
    body := product.details -> 'productDetailTableData';
    body_ar := product.details_ar -> 'productDetailTableData';
    select coalesce(max(btrim(t.value ->> 'name')), product.part) into heading
      from json_array_elements(product.details -> 'productDetailTableColumns' -> 0) as t where t.value ->> 'id' = 'h_' || product.part;
    select coalesce(max(btrim(t.value ->> 'name')), product.part) into heading_ar
      from json_array_elements(product.details_ar -> 'productDetailTableColumns' -> 0) as t where t.value ->> 'id' = 'h_' || product.part;
    for at in 2 .. least(json_array_length(body), 200) loop
      value := btrim(body -> (at - 1) ->> product.part);
      insert into catalogue_product_variants (product_id, position, code, label, label_ar, row, row_ar, price, unit)
        values (
          product.id, at,
          catalogue_part_code(product.id, product.code, body -> 0 ->> product.part, value, at),
          heading || ' ' || value,
          heading_ar || ' ' || coalesce(btrim(body_ar -> (at - 1) ->> product.part), value),
          body -> (at - 1), body_ar -> (at - 1), null, product.unit
        );
    end loop;
  end loop;
end
$$;

analyze catalogue_product_variants;
`,
};
