import type { Migration } from './types.js';

/**
 * Buyers' companies (docs/accounts.md): one per e-mail domain (a public mail service's never has one). The buyer who
 * makes it is its administrator, who invites colleagues of the same domain by address and removes them; an invited
 * buyer joins once signed in. Colleagues see the company's requests, quotations and lists.
 * - buyer_company_members: an account belongs to one company at most; it goes with the account.
 * - buyer_company_invitations: an address asked to join, until it joins or the invitation is withdrawn.
 * - buyer_company_kept_addresses: a colleague's address whose account was closed: the records sent from it stay the
 *   company's (its accepted quotations and orders among them).
 * - buyer_account_events: the company's changes join the account's log, each with what it was about (`detail`: the
 *   company's domain, or the colleague's address).
 */
export const migration057BuyerCompanies: Migration = {
  version: '057',
  name: 'buyer_companies',
  sql: /* sql */ `
create table buyer_companies (
  id serial primary key,
  domain text not null unique check (domain = lower(domain) and char_length(domain) between 3 and 253),
  name text not null check (char_length(name) between 1 and 120),
  created_at timestamptz not null
);
create table buyer_company_members (
  account_id integer primary key references buyer_accounts (id) on delete cascade,
  company_id integer not null references buyer_companies (id) on delete cascade,
  role text not null check (role in ('admin', 'member')),
  joined_at timestamptz not null
);
create index buyer_company_members_company on buyer_company_members (company_id);
create table buyer_company_invitations (
  company_id integer not null references buyer_companies (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  invited_by text not null,
  created_at timestamptz not null,
  primary key (company_id, email)
);
create index buyer_company_invitations_email on buyer_company_invitations (email);
create table buyer_company_kept_addresses (
  company_id integer not null references buyer_companies (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  kept_at timestamptz not null,
  primary key (company_id, email)
);
alter table buyer_account_events add column detail text not null default '' check (char_length(detail) <= 254);
alter table buyer_account_events drop constraint buyer_account_events_kind_check;
alter table buyer_account_events add constraint buyer_account_events_kind_check check (kind in (
  'signed-in-by-link', 'signed-in-by-passkey', 'signed-out', 'device-signed-out',
  'passkey-added', 'passkey-removed', 'data-downloaded', 'closed',
  'company-created', 'company-joined', 'company-invited', 'company-invitation-withdrawn',
  'company-member-removed', 'company-left'
));
`,
};
