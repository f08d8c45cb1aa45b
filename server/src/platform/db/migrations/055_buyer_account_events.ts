import type { Migration } from './types.js';

/**
 * The buyer's account's audit log (docs/accounts.md): each sign-in (by link or passkey), sign-out, passkey added or
 * removed, and the account's closing, with the device it came from. The address is kept with each row and the account
 * is let go (set null) when it is closed: the log of who got into an account outlives the account.
 */
export const migration055BuyerAccountEvents: Migration = {
  version: '055',
  name: 'buyer_account_events',
  sql: /* sql */ `
create table buyer_account_events (
  id bigserial primary key,
  account_id integer references buyer_accounts (id) on delete set null,
  email text not null,
  kind text not null check (kind in (
    'signed-in-by-link', 'signed-in-by-passkey', 'signed-out', 'device-signed-out',
    'passkey-added', 'passkey-removed', 'data-downloaded', 'closed'
  )),
  device text not null default '',
  at timestamptz not null
);
create index buyer_account_events_account on buyer_account_events (account_id, at desc);
create index buyer_account_events_email on buyer_account_events (email, at desc);
`,
};
