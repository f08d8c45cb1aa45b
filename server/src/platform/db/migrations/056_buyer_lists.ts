import type { Migration } from './types.js';

/**
 * A buyer's saved lists (docs/accounts.md): named baskets, most often a bill of materials uploaded as CSV or XLSX.
 * Each line keeps the reference and quantity as the file gave them, and the variant code it was matched to (null: no
 * part matched it yet). A list goes with its account when the account is closed.
 */
export const migration056BuyerLists: Migration = {
  version: '056',
  name: 'buyer_lists',
  sql: /* sql */ `
create table buyer_lists (
  id serial primary key,
  account_id integer not null references buyer_accounts (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  file_name text not null default '' check (char_length(file_name) <= 120),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index buyer_lists_account on buyer_lists (account_id, updated_at desc);
create table buyer_list_lines (
  list_id integer not null references buyer_lists (id) on delete cascade,
  position integer not null check (position between 1 and 1000),
  reference text not null check (char_length(reference) between 1 and 200),
  quantity text not null check (char_length(quantity) <= 40),
  code text check (char_length(code) between 1 and 64),
  primary key (list_id, position)
);
`,
};
