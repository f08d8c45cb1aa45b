// Runs the catalogue's import jobs in this process, one at a time: the job its upload just made (at once), and
// whatever waits (every POLL_MS): a queued job, or one whose runner stopped beating (its process died mid-job). A job
// taken up again starts over from its held file: its import is one transaction, so an earlier attempt wrote nothing
// (and one that did commit ended its job in the same transaction). After MAX_ATTEMPTS, or with its file gone, the job
// is failed in words. Closing the process aborts the running job (its transaction rolls back) and queues it again,
// for the next process to take up at once.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../../../platform/db/index.js';
import type { MediaStore } from '../../media/mediaStore.js';
import {
  beat,
  claimJob,
  endedJobIds,
  endJob,
  failJob,
  JobLostError,
  requeueJob,
  type JobRow,
  type Progress,
} from './jobRows.js';
import { runJob, type JobWorkOptions } from './jobWork.js';
import { runUndo } from './undoWork.js';
import { runBulkEdit } from '../bulk/bulkWork.js';

/** A job is taken up again after this many attempts no more: the file itself may stop the process. */
export const MAX_ATTEMPTS = 3;

export const GIVEN_UP = `The server stopped ${MAX_ATTEMPTS} times while running this job, so it was given up: nothing was imported. Send the file again; if it stops again, split the file into smaller ones.`;
export const FILE_GONE =
  'The server restarted during this job and the file was no longer there: nothing was imported. Send the file again.';
export const NOT_FINISHED =
  'The job could not be finished (an error on the server): nothing was imported. Send the file again; if it happens again, tell the site’s administrator.';

export interface JobRunnerOptions extends JobWorkOptions {
  store: MediaStore;
  log: FastifyBaseLogger;
  /** How often a heartbeat (with the progress) is written, and waiting jobs are looked for. */
  beatMs?: number;
  pollMs?: number;
  /** A running job with no heartbeat for this long is an orphan, taken up by another runner. */
  leaseMs?: number;
}

export class ImportJobRunner {
  /** Who runs a job, as its row names it. */
  readonly tag = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly startedAt = new Date();
  private current: { id: string; abort: AbortController; done: Promise<void> } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private looking = false;

  constructor(private readonly options: JobRunnerOptions) {}

  private get leaseMs(): number {
    return this.options.leaseMs ?? 30_000;
  }

  /** Starts looking for jobs (a restart's orphans first), every pollMs. */
  start(): void {
    this.timer = setInterval(() => void this.next(), this.options.pollMs ?? 3_000);
    this.timer.unref();
    void this.sweepHeldFiles();
    void this.next();
  }

  /** A job just made: run at once when this runner is free (else it waits for the next free runner). */
  submitted(id: string): void {
    void this.next(id);
  }

  /** Takes and runs the job named, or the next waiting one, when free. */
  private async next(id?: string): Promise<void> {
    if (this.closed || this.current !== undefined || this.looking) return;
    this.looking = true;
    let job: JobRow | undefined;
    try {
      // the embedded database is one process's: a job running since before this one started is an earlier's orphan
      job = await claimJob(this.options.db.kysely, this.tag, {
        ...(id === undefined ? {} : { id }),
        leaseMs: this.leaseMs,
        orphanedBefore: this.options.db.kind === 'embedded' ? this.startedAt : undefined,
      });
    } catch (error) {
      this.options.log.warn({ err: error }, `could not look for catalogue import jobs: ${describeError(error)}`);
    } finally {
      this.looking = false;
    }
    if (job === undefined) return;
    const abort = new AbortController();
    const done = this.run(job, abort.signal).finally(() => {
      this.current = undefined;
      void this.next();
    });
    this.current = { id: job.id, abort, done };
  }

  private async run(job: JobRow, signal: AbortSignal): Promise<void> {
    const { db, store, log } = this.options;
    if (job.attempts > MAX_ATTEMPTS) {
      await failJob(db.kysely, job.id, GIVEN_UP);
      await store.release(job.id);
      return;
    }
    const undo = job.kind === 'undo' || job.kind === 'undo-check';
    const bulk = job.kind === 'bulk' || job.kind === 'bulk-check';
    // an undo has no file: the import's versions are its input; nor has a bulk edit: its products and changes are
    const file = undo || bulk ? undefined : await store.heldFile(job.id);
    if (!undo && !bulk && file === undefined) {
      await failJob(db.kysely, job.id, FILE_GONE);
      return;
    }
    const progress: Progress = { phase: 'reading', rowsTotal: null, rowsChecked: 0, rowsWritten: 0 };
    const lost = new AbortController();
    const beats = this.beatWhileRunning(job.id, progress, lost);
    const both = AbortSignal.any([signal, lost.signal]);
    try {
      if (bulk) await runBulkEdit(this.options, job, this.tag, progress, both, beats.now);
      else if (file === undefined) await runUndo(this.options, job, this.tag, progress, beats.now);
      else {
        await runJob(this.options, job, file, this.tag, progress, both, beats.now);
        await store.release(job.id);
      }
    } catch (error) {
      if (signal.aborted) {
        // this process is closing: the next runner takes the job up again from its file
        await requeueJob(db.kysely, job.id, this.tag).catch(() => undefined);
      } else if (error instanceof JobLostError || lost.signal.aborted) {
        log.warn(`catalogue import job ${job.id} was taken up by another process; this one stopped it`);
      } else {
        log.error({ err: error }, `catalogue import job ${job.id} failed: ${describeError(error)}`);
        await endJob(db.kysely, job.id, this.tag, { state: 'failed', failure: NOT_FINISHED })
          .then(() => store.release(job.id))
          .catch(() => undefined);
      }
    } finally {
      beats.stop();
    }
  }

  /** The heartbeat (with the progress) every beatMs, one at a time; a job no longer ours aborts `lost`. */
  private beatWhileRunning(id: string, progress: Progress, lost: AbortController): { now(): void; stop(): void } {
    let beating = false;
    let stopped = false;
    const once = () => {
      if (beating || stopped) return;
      beating = true;
      beat(this.options.db.kysely, id, this.tag, progress)
        .then((ours) => {
          if (!ours && !stopped) lost.abort(new JobLostError(`import job ${id} is no longer this runner's`));
        })
        .catch(() => undefined) // a missed beat: the next one tries again
        .finally(() => {
          beating = false;
        });
    };
    const timer = setInterval(once, this.options.beatMs ?? 2_000);
    timer.unref();
    return {
      now: once,
      stop() {
        stopped = true;
        clearInterval(timer);
      },
    };
  }

  /** Removes the held files of jobs that are over (their process died before it removed them). */
  private async sweepHeldFiles(): Promise<void> {
    const { db, store, log } = this.options;
    try {
      const names = await store.heldNames();
      for (const id of await endedJobIds(db.kysely, names)) await store.release(id);
    } catch (error) {
      log.warn({ err: error }, `could not sweep the files of ended import jobs: ${describeError(error)}`);
    }
  }

  /** Stops looking for jobs; the running one is aborted and queued again. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const current = this.current;
    if (current === undefined) return;
    current.abort.abort(new Error('the server is closing'));
    await current.done.catch(() => undefined);
  }
}
