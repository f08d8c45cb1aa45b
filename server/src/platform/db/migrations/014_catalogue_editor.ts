import type { Migration } from './types.js';

/**
 * The staff catalogue editor:
 * - a `catalogue` role beside admin and branch (no branch: the catalogue is the whole group's).
 * - catalogue_product_edits: a product's edit counter and its one pending draft. `version` moves on with every saved
 *   draft, publish and restore, so a save or publish based on an older one is refused (optimistic locking); the draft
 *   is the whole product in the import file's shape (catalogue/file/columns.ts, details as JSON documents).
 * - catalogue_product_history: every published content of a product (and the content it had before its first
 *   publish from the editor, with no one as author), for the versions list, their diff and restore.
 */
export const migration014: Migration = {
  version: '014',
  name: 'catalogue_editor',
  sql: /* sql */ `
alter table staff_accounts drop constraint staff_accounts_role_check;
alter table staff_accounts add constraint staff_accounts_role_check check (role in ('admin', 'branch', 'catalogue'));
alter table staff_accounts drop constraint staff_accounts_check;
alter table staff_accounts add constraint staff_accounts_check
  check ((role in ('admin', 'catalogue') and branch is null) or (role = 'branch' and branch is not null));

create table catalogue_product_edits (
  product_id     text primary key references catalogue_products (id),
  version        bigint not null check (version > 0),
  draft          json,
  draft_based_on bigint,
  saved_by_id    bigint references staff_accounts (id) on delete set null,
  saved_by_email text,
  saved_at       timestamptz not null default now(),
  check ((draft is null) = (draft_based_on is null))
);
-- the list's "draft" filter reads the few products with one
create index catalogue_product_edits_draft_idx on catalogue_product_edits (product_id) where draft is not null;

create table catalogue_product_history (
  product_id         text not null references catalogue_products (id),
  version            bigint not null,
  content            json not null,
  published_by_id    bigint references staff_accounts (id) on delete set null,
  published_by_email text,
  published_at       timestamptz not null default now(),
  primary key (product_id, version)
);
`,
};
