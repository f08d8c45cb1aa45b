// A bulk edit's job (kinds bulk-check and bulk; jobRunner.ts runs it as it runs a file's): its products' rows read as
// they are now, its changes made (bulkRows.ts), and the rows imported as a file's would be (jobWork.ts importForJob):
// a check reports what would change, size by size by code; a write changes them in one transaction with one version
// of each product changed (action 'bulk-edit', its note the edit in words), its audit line and its end, so that the
// import's undo undoes it as one step. A price taken to zero or below refuses the job, naming the sizes.
import type { ImportRows } from '../../file/catalogueImport.js';
import { exportCatalogueRowsOf } from '../../file/catalogueImport.js';
import { endJob, type JobRow, type Progress } from '../imports/jobRows.js';
import { importForJob, type JobWorkOptions } from '../imports/jobWork.js';
import { bulkRowsOf } from './bulkRows.js';

const LISTED = 20;

export async function runBulkEdit(
  options: JobWorkOptions,
  job: JobRow,
  runner: string,
  progress: Progress,
  signal: AbortSignal,
  onPhase: () => void,
): Promise<void> {
  const { db } = options;
  const edit = job.bulk_edit;
  const end = (failure: string) => endJob(db.kysely, job.id, runner, { state: 'refused', failure });
  if (edit === null) return end('This bulk edit has lost what it was to change. Nothing was changed.');
  const products = await exportCatalogueRowsOf(db.kysely, edit.products);
  const gone = edit.products.filter((id) => !products.has(id));
  if (gone.length > 0)
    return end(
      `Withdrawn since the edit was sent: ${gone.slice(0, LISTED).join(', ')}${gone.length > LISTED ? ` and ${gone.length - LISTED} more` : ''}. Nothing was changed: choose the products again.`,
    );
  const { rows, belowZero } = bulkRowsOf(products, edit.codes === null ? null : new Set(edit.codes), edit.changes);
  progress.phase = 'checking';
  progress.rowsTotal = rows.length;
  progress.rowsChecked = rows.length;
  onPhase();
  if (belowZero.length > 0)
    return end(
      `The price change would make ${belowZero.length === 1 ? 'this price' : `${belowZero.length} prices`} zero or less: ${belowZero.slice(0, LISTED).join(', ')}${belowZero.length > LISTED ? ` and ${belowZero.length - LISTED} more` : ''}. Nothing was changed.`,
    );
  signal.throwIfAborted();
  const dryRun = job.kind === 'bulk-check';
  await importForJob(options, job, runner, progress, signal, onPhase, {
    rows: rows satisfies ImportRows,
    idOf: new Map(rows.map(({ line, row }) => [line, row.id])),
    format: 'csv',
    dryRun,
    auditAction: dryRun ? 'catalogue.bulk-edit-check' : 'catalogue.bulk-edit',
    subject: `${edit.description} (job ${job.id})`,
    versions: { note: edit.description, action: 'bulk-edit' },
    writtenWord: 'edited',
  });
}
