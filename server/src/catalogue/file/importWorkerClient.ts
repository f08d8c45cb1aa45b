// The staff app's import reads and checks its file in a worker thread (importWorker.ts), never on the server's own:
// there the checks of a few thousand rows held every request, /healthz included, for a minute. One worker, one file
// at a time (a second import waits its turn), kept a minute for the next, its heap capped (WORKER_HEAP_MB: a file
// that would need more is refused and the worker replaced, the server untouched). What comes back is the rows'
// checks (rowChecks.ts), a batch at a time, which the import (catalogueImport.ts) takes as CheckedRows: it checks
// the rows against the database and writes them.
//
// The worker's entry is TypeScript when the server runs from its sources (tsx: the tests, `npm run dev`) and
// dist/importWorker.js beside dist/server.js in the build (scripts/build.mjs bundles it as an entry of its own).
import { Worker } from 'node:worker_threads';
import type { CheckedRows } from './catalogueImport.js';
import type { CatalogueFileFormat } from './catalogueFiles.js';
import type { CategoryInfo, CategoryMap, RowCheck } from './rowChecks.js';

/** A file for the worker to check (a message to it). */
export interface WorkerJob {
  file: string;
  /** Unknown: told by the file's content (catalogueFileTypeOf). */
  format?: CatalogueFileFormat;
  /** The categories' entries (a Map is sent as its entries). */
  categories: [string, CategoryInfo][];
}

/** What the worker sends back: batches of checks then `done`, or `refused` (nothing checked). */
export type WorkerMessage =
  | { kind: 'refused'; status: 400 | 413 | 415; problems: string[] }
  /** The file is read: its rows are this many (their checks follow). */
  | { kind: 'read'; rows: number }
  | { kind: 'checks'; checks: RowCheck[] }
  | { kind: 'done'; format: CatalogueFileFormat }
  | { kind: 'failed'; error: string };

/** A file refused before its rows were checked: 415 not a catalogue file, 413 past a limit, 400 unreadable. */
export interface FileRefusal {
  status: 400 | 413 | 415;
  problems: string[];
}

/**
 * The worker's heap: the largest file an import takes (the export of 100,000 products as a workbook, 165 MB unzipped)
 * is read and checked with the whole process at 680 MB. A file needing more stops the worker, not the server: it is
 * refused (413).
 */
export const WORKER_HEAP_MB = 1536;

/** The worker, from the sources (through tsx, which the worker must register itself) or from the build. */
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./importWorker.ts', import.meta.url).href;
    // what `node --import tsx` registers, which a worker's TypeScript entry does not get from its execArgv: tsx's
    // loaders of ES modules and of CommonJS (the workspace packages' TypeScript is loaded as CommonJS)
    const [esm, cjs] = [import.meta.resolve('tsx/esm/api'), import.meta.resolve('tsx/cjs/api')].map((url) =>
      JSON.stringify(url),
    );
    const source = `Promise.all([import(${esm}), import(${cjs})]).then(([esm, cjs]) => { esm.register(); cjs.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(source, { ...options, eval: true });
  }
  return new Worker(new URL('./importWorker.js', import.meta.url), options);
}

/**
 * A worker is kept this long after its last file, for the next (a dry run is followed by its import): starting one
 * loads the checks' modules and jsdom again (half a second built, two from the sources).
 */
const IDLE_MS = 60_000;

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` once those before it have finished: one file at a time. */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

type Outcome = { refused: FileRefusal } | { format: CatalogueFileFormat; checks: RowCheck[] };

/** What a caller follows of its file's checks (an import job's progress), and how it stops them. */
export interface CheckProgress {
  /** The file is read: it has this many rows. */
  onRead?(rows: number): void;
  /** This many rows are checked so far. */
  onChecked?(rows: number): void;
  /** Aborted: the worker is stopped (the next file starts another) and the checks rejected with the signal's reason. */
  signal?: AbortSignal;
}

/** One file through the worker (started if there is none): its checks, or why it is refused. */
function runJob(job: WorkerJob, progress: CheckProgress = {}): Promise<Outcome> {
  clearTimeout(idle);
  progress.signal?.throwIfAborted();
  const current = (worker ??= startWorker());
  // the worker keeps the process alive while it works for it, not while it waits for the next file
  current.ref();
  return new Promise<Outcome>((resolve, reject) => {
    const checks: RowCheck[] = [];
    const onAbort = () => {
      finish(progress.signal?.reason instanceof Error ? progress.signal.reason : new Error('aborted'));
      void stopWorker(current);
    };
    progress.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: Outcome | Error) => {
      progress.signal?.removeEventListener('abort', onAbort);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      if (worker === current) {
        current.unref();
        idle = setTimeout(() => void stopWorker(current), IDLE_MS).unref();
      }
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.kind === 'checks') {
        for (const check of message.checks) checks.push(check);
        progress.onChecked?.(checks.length);
      } else if (message.kind === 'read') progress.onRead?.(message.rows);
      else if (message.kind === 'refused') finish({ refused: { status: message.status, problems: message.problems } });
      else if (message.kind === 'failed') finish(new Error(message.error));
      else finish({ format: message.format, checks });
    };
    const onError = (error: Error & { code?: string }) => {
      // the worker is gone (its heap full, or a crash): the next file starts another
      if (worker === current) worker = undefined;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        finish({
          refused: {
            status: 413,
            problems: [
              `The file needs more than ${WORKER_HEAP_MB.toLocaleString('en')} MB of memory to check (its cells are too many or too long): split it into several files.`,
            ],
          },
        });
      } else finish(error);
    };
    const onExit = (code: number) => {
      if (worker === current) worker = undefined;
      finish(new Error(`The import's worker stopped (exit code ${code}) before it had checked the file.`));
    };
    current.on('message', onMessage);
    current.on('error', onError);
    current.on('exit', onExit);
    current.postMessage(job);
  });
}

async function stopWorker(which: Worker): Promise<void> {
  if (worker === which) worker = undefined;
  await which.terminate();
}

/**
 * The file read and every row checked against `categories` off the server's thread: the rows' checks (as
 * CheckedRows, which check again against other categories the same way), or why the file is refused. `format`
 * unknown, it is told by the file's content.
 */
export async function checkCatalogueFile(
  file: string,
  categories: CategoryMap,
  format?: CatalogueFileFormat,
  progress?: CheckProgress,
): Promise<{ refused: FileRefusal } | { format: CatalogueFileFormat; rows: CheckedRows }> {
  const outcome = await inTurn(() => runJob({ file, format, categories: [...categories] }, progress));
  if ('refused' in outcome) return outcome;
  const rows: CheckedRows = {
    checks: outcome.checks,
    categories,
    async recheck(others) {
      const again = await inTurn(() =>
        runJob({ file, format: outcome.format, categories: [...others] }, { signal: progress?.signal }),
      );
      if ('refused' in again)
        throw new Error(`The file could not be checked again: ${again.refused.problems.join('; ')}`);
      return again.checks;
    },
  };
  return { format: outcome.format, rows };
}
