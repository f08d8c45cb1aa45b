import type { Migration } from './types.js';

/**
 * The staff inbox and moderation, after the staff accounts (005):
 * - each submission table gets a workflow `status` (new, in progress, handled), an assignee and `updated_at`. Spam
 *   stays the `spam` flag alone (the honeypot sets it, staff set or clear it): the inbox shows 'spam' for a flagged
 *   row whatever its workflow status, so the two can never disagree. Indexes: newest first over the rows that are not
 *   spam, by branch, by status, by both (keyset paging on (created_at, id) within each); spam apart; full text (the `search` column, GIN).
 *   What staff search: names, e-mails (whole, and split at the '@' so that a domain or a mailbox alone is found),
 *   companies and messages, kept as a stored tsvector column `search` (a filter or an index recheck reads it instead
 *   of parsing the text again for every row). 'simple': lower-cased words, no stemming or stop words (names, Arabic,
 *   product codes are not English).
 * - staff_notes: internal notes on a row (kind + id: the four tables have their own ids).
 * - reviews.visibility: 'hidden' by staff, or 'held' until approved; only 'visible' ones are public.
 * - staff_settings: one row of settings (hold new reviews until approved, off by default).
 */
export const migration006: Migration = {
  version: '006',
  name: 'staff_inbox',
  sql: /* sql */ `

alter table contact_messages
  add column status text not null default 'new' check (status in ('new', 'in_progress', 'handled')),
  add column assignee_id bigint references staff_accounts (id) on delete set null,
  add column updated_at timestamptz not null default now();
update contact_messages set updated_at = created_at;
create index contact_messages_inbox_idx on contact_messages (created_at, id) where not spam;
create index contact_messages_inbox_branch_idx on contact_messages (country, created_at, id) where not spam;
create index contact_messages_inbox_status_idx on contact_messages (status, created_at, id) where not spam;
create index contact_messages_inbox_branch_status_idx on contact_messages (country, status, created_at, id) where not spam;
create index contact_messages_spam_idx on contact_messages (created_at, id) where spam;
alter table contact_messages add column search tsvector generated always as (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || replace(coalesce(email, ''), '@', ' ') || ' ' || coalesce(company_name, '') || ' ' || coalesce(message, ''))) stored;
create index contact_messages_search_idx on contact_messages using gin (search);

alter table registrations
  add column status text not null default 'new' check (status in ('new', 'in_progress', 'handled')),
  add column assignee_id bigint references staff_accounts (id) on delete set null,
  add column updated_at timestamptz not null default now();
update registrations set updated_at = created_at;
create index registrations_inbox_idx on registrations (created_at, id) where not spam;
create index registrations_inbox_branch_idx on registrations (user_country, created_at, id) where not spam;
create index registrations_inbox_status_idx on registrations (status, created_at, id) where not spam;
create index registrations_inbox_branch_status_idx on registrations (user_country, status, created_at, id) where not spam;
create index registrations_spam_idx on registrations (created_at, id) where spam;
alter table registrations add column search tsvector generated always as (to_tsvector('simple', coalesce(user_name, '') || ' ' || coalesce(user_email, '') || ' ' || replace(coalesce(user_email, ''), '@', ' '))) stored;
create index registrations_search_idx on registrations using gin (search);

alter table inquiries
  add column status text not null default 'new' check (status in ('new', 'in_progress', 'handled')),
  add column assignee_id bigint references staff_accounts (id) on delete set null,
  add column updated_at timestamptz not null default now();
update inquiries set updated_at = created_at;
create index inquiries_inbox_idx on inquiries (created_at, id) where not spam;
create index inquiries_inbox_branch_idx on inquiries (user_country, created_at, id) where not spam;
create index inquiries_inbox_status_idx on inquiries (status, created_at, id) where not spam;
create index inquiries_inbox_branch_status_idx on inquiries (user_country, status, created_at, id) where not spam;
create index inquiries_spam_idx on inquiries (created_at, id) where spam;
alter table inquiries add column search tsvector generated always as (to_tsvector('simple', coalesce(user_name, '') || ' ' || coalesce(user_email, '') || ' ' || replace(coalesce(user_email, ''), '@', ' ') || ' ' || coalesce(company_name, '') || ' ' || coalesce(message, ''))) stored;
create index inquiries_search_idx on inquiries using gin (search);

alter table quote_requests
  add column status text not null default 'new' check (status in ('new', 'in_progress', 'handled')),
  add column assignee_id bigint references staff_accounts (id) on delete set null,
  add column updated_at timestamptz not null default now();
update quote_requests set updated_at = created_at;
create index quote_requests_inbox_idx on quote_requests (created_at, id) where not spam;
create index quote_requests_inbox_branch_idx on quote_requests (branch, created_at, id) where not spam;
create index quote_requests_inbox_status_idx on quote_requests (status, created_at, id) where not spam;
create index quote_requests_inbox_branch_status_idx on quote_requests (branch, status, created_at, id) where not spam;
create index quote_requests_spam_idx on quote_requests (created_at, id) where spam;
alter table quote_requests add column search tsvector generated always as (to_tsvector('simple', reference || ' ' || coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || replace(coalesce(email, ''), '@', ' ') || ' ' || coalesce(company_name, '') || ' ' || coalesce(notes, ''))) stored;
create index quote_requests_search_idx on quote_requests using gin (search);

create table staff_notes (
  id         bigint generated by default as identity primary key,
  kind       text not null check (kind in ('contact', 'registration', 'enquiry', 'quote')),
  ref_id     bigint not null,
  author_id  bigint not null references staff_accounts (id),
  text       text not null,
  created_at timestamptz not null default now()
);
create index staff_notes_ref_idx on staff_notes (kind, ref_id, created_at);

alter table reviews add column visibility text not null default 'visible' check (visibility in ('visible', 'hidden', 'held'));
create index reviews_created_idx on reviews (created_at, id);

create table staff_settings (
  id               boolean primary key default true check (id),
  hold_new_reviews boolean not null default false,
  updated_at       timestamptz not null default now()
);
insert into staff_settings default values;
`,
};
