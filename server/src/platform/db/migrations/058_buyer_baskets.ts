import type { Migration } from './types.js';

/**
 * The basket that follows a signed-in buyer (docs/accounts.md, "The basket on every device"): the account's basket,
 * the one-time codes that connect a browser to it (each bound to the browser's state, as OAuth's code is), and the
 * browsers connected (their token's SHA-256; whether the browser's own basket was merged in yet). All go with the
 * account when it is closed.
 */
export const migration058BuyerBaskets: Migration = {
  version: '058',
  name: 'buyer_baskets',
  sql: /* sql */ `
create table buyer_baskets (
  account_id integer primary key references buyer_accounts (id) on delete cascade,
  lines jsonb not null,
  updated_at timestamptz not null
);
create table buyer_basket_handoffs (
  code_hash text primary key,
  account_id integer not null references buyer_accounts (id) on delete cascade,
  state_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create table buyer_basket_browsers (
  token_hash text primary key,
  account_id integer not null references buyer_accounts (id) on delete cascade,
  merged boolean not null default false,
  user_agent text not null default '' check (char_length(user_agent) <= 200),
  created_at timestamptz not null,
  last_used_at timestamptz not null
);
create index buyer_basket_browsers_account on buyer_basket_browsers (account_id);
`,
};
