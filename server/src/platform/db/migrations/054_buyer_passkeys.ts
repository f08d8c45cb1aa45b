import type { Migration } from './types.js';

/**
 * Passkeys, the buyer's second way to sign in (docs/accounts.md), added from the account's devices page.
 * - buyer_passkeys: a credential the buyer registered: its id and public key as the authenticator gave them (base64url),
 *   its signature counter (a clone shows as a counter that goes back), and what the devices page shows of it.
 * - buyer_passkey_challenges: a ceremony's challenge as its SHA-256, spent once: by the signed-in account that asked to
 *   add a passkey, or by whoever asked to sign in (no account yet). Five minutes.
 */
export const migration054BuyerPasskeys: Migration = {
  version: '054',
  name: 'buyer_passkeys',
  sql: /* sql */ `
create table buyer_passkeys (
  id text primary key,
  account_id integer not null references buyer_accounts (id) on delete cascade,
  public_key text not null,
  sign_count bigint not null default 0,
  transports text not null default '',
  device text not null default '',
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index buyer_passkeys_account on buyer_passkeys (account_id);
create table buyer_passkey_challenges (
  id text primary key,
  purpose text not null check (purpose in ('add', 'sign-in')),
  account_id integer references buyer_accounts (id) on delete cascade,
  expires_at timestamptz not null
);
create index buyer_passkey_challenges_expires on buyer_passkey_challenges (expires_at);
`,
};
