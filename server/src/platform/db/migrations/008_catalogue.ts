import type { Migration } from './types.js';

/**
 * The catalogue in the database (it was content/data's JSON files, which stay as the first start's seed:
 * catalogue/seed.ts). Categories, brands and products in both languages:
 * - a product's listing fields are columns (what the listing sorts, pages and filters by); the rest of its detail
 *   record (specification blocks, description entries with their key conventions, detail blocks, spec tables,
 *   downloads, seed reviews) is one `json` document per language. `json`, not `jsonb`: jsonb reorders keys, and a
 *   spec table's body row is read in its keys' order (content/src/detailTable.ts flattenTableRow).
 * - `position`: the catalogue's own order (the listing's Default Sorting, the category grid's order).
 * - catalogue_state.version: bumped by every change (seed, import, editor); the servers' caches of catalogue pages
 *   and data are keyed by it, and a change is announced to the other processes (catalogue/changes.ts).
 */
export const migration008: Migration = {
  version: '008',
  name: 'catalogue',
  sql: /* sql */ `
create table catalogue_categories (
  id         text primary key check (id ~ '^[A-Za-z0-9_-]{1,100}$'),
  position   integer not null,
  title      text not null,
  title_ar   text not null,
  info       text not null,
  info_ar    text not null,
  image      text not null,
  company    text,
  updated_at timestamptz not null default now()
);
create index catalogue_categories_position_idx on catalogue_categories (position, id);

create table catalogue_brands (
  name text primary key,
  logo text
);

create table catalogue_products (
  id          text primary key check (id ~ '^[A-Za-z0-9_-]{1,100}$'),
  category_id text not null references catalogue_categories (id),
  position    integer not null,
  name        text not null,
  name_ar     text not null,
  code        text not null,
  image       text not null,
  company     text,
  popularity  integer not null check (popularity >= 0),
  date_added  date not null,
  unit        text not null,
  price       numeric(12, 2) check (price >= 0),
  details     json not null,
  details_ar  json not null,
  updated_at  timestamptz not null default now()
);
create unique index catalogue_products_code_idx on catalogue_products (lower(code));
-- company: the listing's brand line, the detail's brand names joined with ', ' (catalogue_brands has each with its logo)
-- one index per listing order, each within a category and ending on position (the catalogue order among equals)
create index catalogue_products_category_idx on catalogue_products (category_id, position);
create index catalogue_products_popularity_idx on catalogue_products (category_id, popularity desc, position);
create index catalogue_products_newness_idx on catalogue_products (category_id, date_added desc, position);
create index catalogue_products_price_idx on catalogue_products (category_id, price, position);

create table catalogue_state (
  id        boolean primary key default true check (id),
  version   bigint not null default 0,
  seeded_at timestamptz,
  changed_at timestamptz not null default now()
);
insert into catalogue_state default values;
`,
};
