import type { Migration } from './types.js';

/**
 * Withdrawn (archived) products. Archiving moves the product's row out of catalogue_products into
 * catalogue_archived_products, whole (`product`, the row as JSON, put back as it was when it is restored): every public
 * read (listings and their counts, the search rows, which go with the row by their foreign key's cascade, the
 * sitemap, /data, the chat's knowledge, compare, the quote catalogue) reads catalogue_products only, so none of them
 * can show an archived product, and none needed a condition of its own. The few columns beside `product` are what the
 * archived product's page (410 with a link to its category), the quote basket and the editor's list show of it.
 * - The editor's edits and history stay with the product's id while it is archived: their foreign keys to
 *   catalogue_products go (a product's id is checked by the editor's calls, which lock its row or its archived row).
 * - catalogue_product_history.action: a version is a publish, or the content as it was archived or restored.
 */
export const migration016: Migration = {
  version: '016',
  name: 'catalogue_archive',
  sql: /* sql */ `
alter table catalogue_product_edits drop constraint catalogue_product_edits_product_id_fkey;
alter table catalogue_product_history drop constraint catalogue_product_history_product_id_fkey;
alter table catalogue_product_history add column action text not null default 'publish' check (action in ('publish', 'archive', 'unarchive'));

create table catalogue_archived_products (
  id                text primary key,
  category_id       text not null references catalogue_categories (id),
  name              text not null,
  name_ar           text not null,
  code              text not null,
  product           json not null,
  archived_at       timestamptz not null default now(),
  archived_by_id    bigint references staff_accounts (id) on delete set null,
  archived_by_email text
);
`,
};
