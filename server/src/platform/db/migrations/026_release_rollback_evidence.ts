import type { Migration } from './types.js';

/**
 * What the automatic rollback judges by and what it leaves behind (releases/releaseHealth.ts, rollbackJudgement.ts):
 * - each canary load outcome keeps the client address it came from and the visitor's session id (a random id the
 *   browser keeps for the tab; null from a page that sent none), so one visitor counts once and one address only so
 *   much, and its time (written by the server's clock) judges the window by time as well as count;
 * - a release taken out by the automatic rollback is marked, with when and why: its promote is refused until an admin
 *   registers it again.
 */
export const migration026ReleaseRollbackEvidence: Migration = {
  version: '026',
  name: 'release_rollback_evidence',
  sql: /* sql */ `
alter table remote_load_outcomes add column client text not null default '';
alter table remote_load_outcomes add column session text;
create index remote_load_outcomes_time_idx on remote_load_outcomes (release_id, created_at desc);
alter table remote_releases add column rolled_back_at timestamptz;
alter table remote_releases add column rolled_back_reason text;
`,
};
