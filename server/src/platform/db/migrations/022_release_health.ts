import type { Migration } from './types.js';

/**
 * What browsers report of each release's loads (releases/releaseHealth.ts): per release the totals (loads, failed
 * loads, server render errors), and its latest outcomes, kept only as many as the automatic rollback looks at.
 */
export const migration022: Migration = {
  version: '022',
  name: 'release_health',
  sql: /* sql */ `
create table remote_release_health (
  release_id    integer primary key references remote_releases (id) on delete cascade,
  loads         bigint not null default 0,
  failures      bigint not null default 0,
  render_errors bigint not null default 0
);
create table remote_load_outcomes (
  id          bigserial primary key,
  release_id  integer not null references remote_releases (id) on delete cascade,
  failed      boolean not null,
  created_at  timestamptz not null default now()
);
create index remote_load_outcomes_release_idx on remote_load_outcomes (release_id, id desc);
`,
};
