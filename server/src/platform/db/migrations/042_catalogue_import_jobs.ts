import type { Migration } from './types.js';

/**
 * catalogue_import_jobs: a catalogue file's dry run or import as a background job (catalogue/staff/imports/), so that the
 * upload is answered at once and the job outlives the request, and a restart of its process. A running job's runner
 * writes `heartbeat_at` every few seconds: another process takes up a job whose heartbeat has stopped. One import at a
 * time, an undo of one counted as one (the partial unique index), and the same Idempotency-Key of one account is one
 * job. An undo (kinds undo-check, undo) names the import it undoes; the import, once undone, its undo.
 */
export const migration042CatalogueImportJobs: Migration = {
  version: '042',
  name: 'catalogue_import_jobs',
  sql: /* sql */ `
create table catalogue_import_jobs (
  id text primary key,
  kind text not null check (kind in ('check', 'import', 'undo-check', 'undo')),
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'refused', 'failed')),
  phase text not null default 'waiting' check (phase in ('waiting', 'reading', 'checking', 'writing', 'finished')),
  file_name text not null,
  file_bytes bigint not null,
  file_sha256 text not null,
  idempotency_key text,
  staff_id bigint not null,
  staff_email text not null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  runner text,
  heartbeat_at timestamptz,
  attempts integer not null default 0,
  rows_total integer,
  rows_checked integer not null default 0,
  rows_written integer not null default 0,
  report jsonb,
  failure text,
  undo_of text references catalogue_import_jobs (id),
  undone_by text references catalogue_import_jobs (id)
);
create unique index catalogue_import_jobs_one_import on catalogue_import_jobs ((kind in ('import', 'undo')))
  where kind in ('import', 'undo') and state in ('queued', 'running');
create unique index catalogue_import_jobs_idempotency on catalogue_import_jobs (staff_id, idempotency_key)
  where idempotency_key is not null;
create index catalogue_import_jobs_active on catalogue_import_jobs (created_at) where state in ('queued', 'running');
create index catalogue_import_jobs_latest on catalogue_import_jobs (created_at desc);
`,
};
