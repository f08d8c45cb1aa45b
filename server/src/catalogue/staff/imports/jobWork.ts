// One import job's work, in the process that took it (jobRunner.ts): the held file read and every row checked in the
// import's worker thread (importWorkerClient.ts), then checked against the database and, unless a dry run or a
// problem, written in one transaction: the job's end (its report) is written in that same transaction, with the
// audit line and a version of each product it changed (importVersions.ts), so the job is done exactly when
// its rows are, and a runner that lost its job rolls its import back.
import { IMPORT_PROBLEMS_LISTED, type ImportProblem, type ImportReport } from '@site/contracts/staff-catalogue-api';
import type { Database } from '../../../platform/db/index.js';
import {
  importCatalogueRows,
  readCategories,
  type ImportOutcome,
  type ImportRows,
} from '../../file/catalogueImport.js';
import { problemColumn } from '../../file/columns.js';
import { readCatalogueVersion } from '../../state.js';
import { checkCatalogueFile } from '../../file/importWorkerClient.js';
import type { RecordStaffAction } from '../editorCalls.js';
import { keepVersionsBefore, recordImportVersions } from './importVersions.js';
import { endJob, type JobEnd, type JobRow, type Progress } from './jobRows.js';

export interface JobWorkOptions {
  db: Database;
  /** The staff feature's audit log: the job's line is committed with its import. */
  audit: RecordStaffAction;
}

/** The outcome's problems as the report's rows, the first IMPORT_PROBLEMS_LISTED of them. */
function problemRows(outcome: ImportOutcome, idOf: ReadonlyMap<number, string>): ImportProblem[] {
  const rows: ImportProblem[] = [];
  for (const [line, reasons] of [...outcome.problemsByLine].sort(([a], [b]) => a - b)) {
    for (const { path, message } of reasons) {
      if (rows.length >= IMPORT_PROBLEMS_LISTED) return rows;
      rows.push({ line, id: idOf.get(line) ?? '', column: problemColumn(path), reason: message });
    }
  }
  return rows;
}

/**
 * Runs `job` on `file`, `progress` kept up to date for the runner's heartbeat. Resolves once the job's end is
 * written: in the import's transaction when it got that far, else here. Throws when aborted (nothing written) or when
 * the job was taken from `runner` (JobLostError: its transaction rolled back).
 */
export async function runJob(
  { db, audit }: JobWorkOptions,
  job: JobRow,
  file: string,
  runner: string,
  progress: Progress,
  signal: AbortSignal,
  /** Called when `progress.phase` moves on: the runner writes it at once rather than at its next heartbeat. */
  onPhase: () => void = () => undefined,
): Promise<void> {
  const dryRun = job.kind === 'check';
  const counts = () => ({
    rowsTotal: progress.rowsTotal,
    rowsChecked: progress.rowsChecked,
    rowsWritten: progress.rowsWritten,
  });
  const end = (ending: JobEnd) => endJob(db.kysely, job.id, runner, ending);
  const checked = await checkCatalogueFile(file, await readCategories(db.kysely), undefined, {
    signal,
    onRead: (rows) => {
      progress.phase = 'checking';
      progress.rowsTotal = rows;
      onPhase();
    },
    onChecked: (rows) => {
      progress.rowsChecked = rows;
    },
  });
  if ('refused' in checked) {
    const { status, problems } = checked.refused;
    const said = problems.map((problem) => problem.replace(`${file}: `, '').replace(file, 'The file'));
    const failure =
      status === 400
        ? `The file could not be read: ${said.join('; ')}. Nothing was imported.`
        : `${said.join(' ')} Nothing was imported.`;
    return end({ state: 'refused', failure, progress: counts() });
  }
  const { format, rows } = checked;
  if (rows.checks.length === 0)
    return end({ state: 'refused', failure: 'The file has its header but no product rows: nothing to import.' });
  signal.throwIfAborted();
  await importForJob({ db, audit }, job, runner, progress, signal, onPhase, {
    rows,
    idOf: new Map(rows.checks.map(({ line, id }) => [line, id])),
    format,
    dryRun,
    auditAction: dryRun ? 'catalogue.import-check' : 'catalogue.import',
    subject: `${format} "${job.file_name}" of ${job.file_bytes} bytes (sha256 ${job.file_sha256}, job ${job.id})`,
    versions: { note: job.file_name, action: 'import' },
  });
}

/** What a job imports (a file's rows, or a bulk edit's), and how its audit line and versions name it. */
export interface JobImport {
  rows: ImportRows;
  /** Each row's product id by its line, for the report's problems. */
  idOf: ReadonlyMap<number, string>;
  format: ImportReport['format'];
  dryRun: boolean;
  auditAction: string;
  /** What was imported, in the audit line ('csv "x.csv" of 120 bytes (…)'). */
  subject: string;
  /** The versions' note and action. */
  versions: { note: string; action: 'import' | 'bulk-edit' };
  /** The audit line's word for rows written ('imported' unless said). */
  writtenWord?: string;
}

/**
 * `what.rows` imported (or, a dry run, checked against the catalogue) in one transaction with the job's versions,
 * audit line and end (its report).
 */
export async function importForJob(
  { db, audit }: JobWorkOptions,
  job: JobRow,
  runner: string,
  progress: Progress,
  signal: AbortSignal,
  onPhase: () => void,
  what: JobImport,
): Promise<void> {
  const { rows, idOf, format, dryRun } = what;
  const counts = () => ({
    rowsTotal: progress.rowsTotal,
    rowsChecked: progress.rowsChecked,
    rowsWritten: progress.rowsWritten,
  });
  const rowCount = 'checks' in rows ? rows.checks.length : rows.length;
  await importCatalogueRows(db, rows, {
    dryRun,
    countUnchanged: true,
    signal,
    onLocked: () => {
      progress.phase = 'writing';
      onPhase();
    },
    onWritten: (written) => {
      progress.rowsWritten = written;
    },
    // the import is in each changed product's history, what it replaced kept first
    beforeWrite: keepVersionsBefore,
    alsoInTransaction: async (trx, result) => {
      if (result.written)
        await recordImportVersions(trx, result.touched, {
          by: { id: job.staff_id, email: job.staff_email },
          fileName: what.versions.note,
          jobId: job.id,
          action: what.versions.action,
        });
      const summary = `${rowCount} rows: ${result.added} new, ${result.updated - result.unchanged} changed, ${result.unchanged} unchanged, ${result.badRows} with problems`;
      const done = dryRun ? 'dry run' : result.written ? (what.writtenWord ?? 'imported') : 'refused';
      await audit(
        trx,
        { id: job.staff_id, email: job.staff_email },
        what.auditAction,
        'catalogue',
        `${done}, ${what.subject}; ${summary}`,
      );
      const version = result.written ? Number(await readCatalogueVersion(trx)) : null;
      const report: ImportReport = {
        dryRun,
        written: result.written,
        format,
        rows: rowCount,
        added: result.added,
        changed: result.updated - result.unchanged,
        unchanged: result.unchanged,
        badRows: result.badRows,
        problems: problemRows(result, idOf),
        problemCount: result.problems.length,
        version,
        changes: result.changes.slice(0, IMPORT_PROBLEMS_LISTED),
        changeCount: result.changes.length,
      };
      await endJob(trx, job.id, runner, { state: 'done', report, progress: counts() });
    },
  });
}
