// The worker thread of catalogue files' imports (importWorkerClient.ts starts it and sends it files): a file's type
// told by its content, the file read within IMPORT_LIMITS and every row checked on its own (rowChecks.ts: the schema,
// the rich text cleaned over jsdom), all off the server's thread. A large import's checks take seconds (4,234 rows
// held the server's thread 64 s); here they hold only this worker's. The checks go back a batch at a time, so that
// the server's thread never spends long taking in one message. Built on its own as dist/importWorker.js
// (server/scripts/build.mjs).
import { setImmediate } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import { catalogueFileTypeOf, readCatalogueFileAs } from './catalogueFiles.js';
import type { NumberedRow } from './columns.js';
import { checkRowWithKey, type RowCheck, type RowMemo } from './rowChecks.js';
import type { WorkerJob, WorkerMessage } from './importWorkerClient.js';

/** A batch of checks goes back once it holds this many rows, or this many characters of their cells. */
const BATCH_ROWS = 200;
const BATCH_CHARACTERS = 1024 * 1024;

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

async function run({ file, format: known, categories: categoryList }: WorkerJob): Promise<void> {
  let format = known;
  if (format === undefined) {
    const type = await catalogueFileTypeOf(file);
    if ('refused' in type) return post({ kind: 'refused', status: 415, problems: [type.refused] });
    format = type.format;
  }
  const read = await readCatalogueFileAs(file, format);
  if ('problems' in read) return post({ kind: 'refused', status: read.limit ? 413 : 400, problems: read.problems });
  const categories = new Map(categoryList);
  const rows: (NumberedRow | undefined)[] = read.rows;
  post({ kind: 'read', rows: rows.length });
  let batch: RowCheck[] = [];
  let characters = 0;
  // a product's variants' rows after its first check only their own columns
  const memo: RowMemo = {};
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    // the row is let go once checked: the file's rows and their checks are not both held whole
    rows[index] = undefined;
    batch.push(checkRowWithKey(row, categories, memo));
    characters += Object.values(row.row).reduce((sum, cell) => sum + cell.length, 0);
    if (batch.length >= BATCH_ROWS || characters >= BATCH_CHARACTERS) {
      post({ kind: 'checks', checks: batch });
      batch = [];
      characters = 0;
      // The event loop turns between batches: jsdom keeps what each cleaning made (a document, its node iterator)
      // through a WeakRef, and a WeakRef's target lives until the job that made it ends. One loop over 100,000 rows
      // is one job: it held every document, 33 KB a row, and ran out of memory at 40,000 rows.
      await setImmediate();
    }
  }
  if (batch.length > 0) post({ kind: 'checks', checks: batch });
  post({ kind: 'done', format });
}

// one file at a time: the next is sent once this one's `done` (or `refused`, `failed`) is in
parentPort!.on('message', (job: WorkerJob) => {
  run(job).catch((error: unknown) =>
    post({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
