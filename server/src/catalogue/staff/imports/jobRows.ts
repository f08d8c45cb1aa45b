// The rows of catalogue_import_jobs (migration 042): a job made, taken by a runner, its progress, its end. Every
// change of a running job names its runner: a runner whose job was taken from it (its heartbeat stopped, another
// process took the job up) changes nothing any more, and its import's transaction rolls back (jobRunner.ts).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImportJob, ImportReport } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../../platform/db/index.js';
import type { BulkEditInput, CatalogueImportJobsTable } from '../../../platform/db/schema.js';

export type JobRow = Selectable<CatalogueImportJobsTable>;
type Db = Kysely<DatabaseSchema>;

export interface NewJob {
  id: string;
  kind: JobRow['kind'];
  fileName: string;
  bytes: number;
  sha256: string;
  idempotencyKey: string | undefined;
  staffId: number;
  staffEmail: string;
  /** An undo's import. */
  undoOf?: string;
  /** A bulk edit's products and changes. */
  bulkEdit?: BulkEditInput;
}

/** The job as the staff API answers it; `withReport` false for a list (its reports are read one at a time). */
export function jobAnswer(row: JobRow, withReport = true): ImportJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    phase: row.phase,
    fileName: row.file_name,
    bytes: Number(row.file_bytes),
    by: row.staff_email,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    rowsTotal: row.rows_total,
    rowsChecked: row.rows_checked,
    rowsWritten: row.rows_written,
    attempts: row.attempts,
    report: withReport ? row.report : null,
    failure: row.failure,
    undoOf: row.undo_of,
    undoneBy: row.undone_by,
  };
}

export const readJob = (db: Db, id: string): Promise<JobRow | undefined> =>
  db.selectFrom('catalogue_import_jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** The job this account sent with this Idempotency-Key, if any. */
export const jobOfKey = (db: Db, staffId: number, key: string): Promise<JobRow | undefined> =>
  db
    .selectFrom('catalogue_import_jobs')
    .selectAll()
    .where('staff_id', '=', staffId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** A job of this kind of the same file by the same account, not yet over: the same upload sent twice. */
export const activeJobOfFile = (
  db: Db,
  job: Pick<NewJob, 'kind' | 'sha256' | 'staffId'>,
): Promise<JobRow | undefined> =>
  db
    .selectFrom('catalogue_import_jobs')
    .selectAll()
    .where('staff_id', '=', job.staffId)
    .where('kind', '=', job.kind)
    .where('file_sha256', '=', job.sha256)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();

/** The jobs that write the catalogue: one at a time (migration 045's index). */
export const WRITING_KINDS = ['import', 'undo', 'bulk'] as const;

/** The import (or undo of one, or bulk edit) queued or running now (at most one: migration 045's index). */
export const activeImport = (db: Db): Promise<JobRow | undefined> =>
  db
    .selectFrom('catalogue_import_jobs')
    .selectAll()
    .where('kind', 'in', WRITING_KINDS)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();

export const latestJobs = (db: Db, limit: number): Promise<JobRow[]> =>
  db.selectFrom('catalogue_import_jobs').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();

/** Thrown when the job is another's twin: an import while another is queued or running, or a key already used. */
export class DuplicateJobError extends Error {}

/** The job, queued; its file is held under its id already. */
export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  try {
    return await db
      .insertInto('catalogue_import_jobs')
      .values({
        id: job.id,
        kind: job.kind,
        file_name: job.fileName,
        file_bytes: job.bytes,
        file_sha256: job.sha256,
        idempotency_key: job.idempotencyKey ?? null,
        staff_id: job.staffId,
        staff_email: job.staffEmail,
        undo_of: job.undoOf ?? null,
        bulk_edit: job.bulkEdit === undefined ? null : JSON.stringify(job.bulkEdit),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DuplicateJobError('a twin job exists');
    throw error;
  }
}

/**
 * The job made, or, when the unique indexes refuse it, what stands in its way: its twin (the same account and
 * Idempotency-Key, sent at the same moment) or the import queued or running meanwhile.
 */
export async function makeJob(db: Db, job: NewJob): Promise<{ made: JobRow } | { twin: JobRow } | { running: JobRow }> {
  try {
    return { made: await insertJob(db, job) };
  } catch (error) {
    if (!(error instanceof DuplicateJobError)) throw error;
    const twin = job.idempotencyKey === undefined ? undefined : await jobOfKey(db, job.staffId, job.idempotencyKey);
    if (twin !== undefined) return { twin };
    const running = await activeImport(db);
    if (running === undefined) throw error;
    return { running };
  }
}

/**
 * Takes a job for `runner`: the one named, if still queued, or else the oldest queued or orphaned one (running with
 * no heartbeat for `leaseMs`, or none since `orphanedBefore`: its process died). Each taking counts an attempt.
 */
export async function claimJob(
  db: Db,
  runner: string,
  options: { id?: string; leaseMs: number; orphanedBefore?: Date | undefined },
): Promise<JobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const candidate = await trx
      .selectFrom('catalogue_import_jobs')
      .select('id')
      .$if(options.id !== undefined, (qb) => qb.where('id', '=', options.id ?? '').where('state', '=', 'queued'))
      .$if(options.id === undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('state', '=', 'queued'),
            eb.and([
              eb('state', '=', 'running'),
              eb.or([
                eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${options.leaseMs / 1000})`),
                eb('heartbeat_at', '<', options.orphanedBefore ?? new Date(0)),
              ]),
            ]),
          ]),
        ),
      )
      .orderBy('created_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (candidate === undefined) return undefined;
    return trx
      .updateTable('catalogue_import_jobs')
      .set((eb) => ({
        state: 'running',
        phase: 'reading',
        runner,
        heartbeat_at: sql<Date>`now()`,
        started_at: sql<Date>`coalesce(started_at, now())`,
        attempts: eb('attempts', '+', 1),
        rows_checked: 0,
        rows_written: 0,
      }))
      .where('id', '=', candidate.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export interface Progress {
  phase: 'reading' | 'checking' | 'writing';
  rowsTotal: number | null;
  rowsChecked: number;
  rowsWritten: number;
}

/** The runner's heartbeat with its progress: false when the job is no longer its own. */
export async function beat(db: Db, id: string, runner: string, progress: Progress): Promise<boolean> {
  const result = await db
    .updateTable('catalogue_import_jobs')
    .set({
      heartbeat_at: sql<Date>`now()`,
      phase: progress.phase,
      rows_total: progress.rowsTotal,
      rows_checked: progress.rowsChecked,
      rows_written: progress.rowsWritten,
    })
    .where('id', '=', id)
    .where('runner', '=', runner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Thrown inside an import's transaction when its job is no longer its runner's: the import rolls back. */
export class JobLostError extends Error {}

export type JobEnd =
  | { state: 'done'; report: ImportReport; progress: Omit<Progress, 'phase'> }
  | { state: 'refused' | 'failed'; failure: string; progress?: Omit<Progress, 'phase'> };

/**
 * The job's end, written on `db` (an import's own transaction, so that the job is done exactly when its rows are);
 * throws JobLostError when the job is no longer `runner`'s.
 */
export async function endJob(db: Db, id: string, runner: string, end: JobEnd): Promise<void> {
  const result = await db
    .updateTable('catalogue_import_jobs')
    .set({
      state: end.state,
      phase: 'finished',
      finished_at: sql<Date>`now()`,
      runner: null,
      heartbeat_at: null,
      report: end.state === 'done' ? JSON.stringify(end.report) : null,
      failure: end.state === 'done' ? null : end.failure,
      ...(end.progress === undefined
        ? {}
        : {
            rows_total: end.progress.rowsTotal,
            rows_checked: end.progress.rowsChecked,
            rows_written: end.progress.rowsWritten,
          }),
    })
    .where('id', '=', id)
    .where('runner', '=', runner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new JobLostError(`import job ${id} is no longer this runner's`);
}

/** A job its runner let go unfinished (its process closing): queued again, for the next runner to take at once. */
export async function requeueJob(db: Db, id: string, runner: string): Promise<void> {
  await db
    .updateTable('catalogue_import_jobs')
    .set({ state: 'queued', phase: 'waiting', runner: null, heartbeat_at: null })
    .where('id', '=', id)
    .where('runner', '=', runner)
    .where('state', '=', 'running')
    .execute();
}

/** A job given up before it ran (past its attempts, or its file gone), in words. */
export async function failJob(db: Db, id: string, failure: string): Promise<void> {
  await db
    .updateTable('catalogue_import_jobs')
    .set({
      state: 'failed',
      phase: 'finished',
      finished_at: sql<Date>`now()`,
      runner: null,
      heartbeat_at: null,
      failure,
    })
    .where('id', '=', id)
    .execute();
}

/** The jobs over (done, refused, failed): their held files may go. */
export async function endedJobIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const active = await db
    .selectFrom('catalogue_import_jobs')
    .select('id')
    .where(sql<boolean>`id = any(${sql.val([...ids])}::text[])`)
    .where('state', 'in', ['queued', 'running'])
    .execute();
  const still = new Set(active.map((row) => row.id));
  return new Set(ids.filter((id) => !still.has(id)));
}
