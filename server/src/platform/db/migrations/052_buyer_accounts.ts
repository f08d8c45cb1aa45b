import type { Migration } from './types.js';

/**
 * The buyer's account (docs/accounts.md): made the first time a buyer spends a sign-in link sent to their address, so
 * an address proves itself before any row names it.
 * - buyer_accounts: one per verified address (lowercase).
 * - buyer_sign_in_links: a link's token as its SHA-256 only (the token itself is sealed in the mail's outbox row), the
 *   address it was sent to, its end (15 minutes) and when it was spent: once.
 * - buyer_sessions: as staff_sessions (the cookie's token as its SHA-256, a CSRF token, idle and absolute ends), with
 *   what the account page shows of each to let the buyer end it.
 */
export const migration052BuyerAccounts: Migration = {
  version: '052',
  name: 'buyer_accounts',
  sql: /* sql */ `
create table buyer_accounts (
  id serial primary key,
  email text not null unique check (email = lower(email) and length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);
create table buyer_sign_in_links (
  id text primary key,
  email text not null,
  language text not null check (language in ('en', 'ar')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index buyer_sign_in_links_expires on buyer_sign_in_links (expires_at);
create table buyer_sessions (
  id text primary key,
  account_id integer not null references buyer_accounts (id) on delete cascade,
  csrf_token text not null,
  user_agent text not null default '',
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null
);
create index buyer_sessions_account on buyer_sessions (account_id);
`,
};
