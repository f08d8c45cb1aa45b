import type { Migration } from './types.js';

/**
 * catalogue_publish_schedules: a product's draft to be published at a time (catalogue/staff/schedule/). At most one is
 * pending per product (the partial unique index); it names the edit version of the draft it publishes, which a draft
 * saved in the editor moves on. Each process's poller publishes the due ones under the catalogue's lock, the row
 * marked published (or failed, in words) in the publish's transaction, so a schedule is published once. A version
 * published on schedule names its schedule in the history (`publish_schedule_id`).
 */
export const migration044CataloguePublishSchedules: Migration = {
  version: '044',
  name: 'catalogue_publish_schedules',
  sql: /* sql */ `
create table catalogue_publish_schedules (
  id text primary key,
  product_id text not null,
  draft_version bigint not null,
  due_at timestamptz not null,
  state text not null default 'scheduled' check (state in ('scheduled', 'published', 'failed', 'cancelled')),
  scheduled_by_id bigint not null,
  scheduled_by_email text not null,
  scheduled_at timestamptz not null default now(),
  ended_at timestamptz,
  ended_by_email text,
  failure text,
  published_version bigint
);
create unique index catalogue_publish_schedules_one_pending on catalogue_publish_schedules (product_id)
  where state = 'scheduled';
create index catalogue_publish_schedules_due on catalogue_publish_schedules (due_at) where state = 'scheduled';
create index catalogue_publish_schedules_product on catalogue_publish_schedules (product_id, scheduled_at desc);
alter table catalogue_product_history add column publish_schedule_id text;
`,
};
