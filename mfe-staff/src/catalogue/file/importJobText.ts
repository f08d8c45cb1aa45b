// What an import job says in words, the same on the import page and on the job's own page: its progress while it runs,
// its report's sentence once done, its failure's. The report's sentences are the ones the page said before imports
// became jobs.
import type { ImportJob, ImportReport } from '@site/contracts/staff-catalogue-api';

/** 15,000 (en-US grouping, as the rest of the staff pages count). */
export const count = (n: number) => n.toLocaleString('en');

export const isFinished = (job: ImportJob): boolean => job.state !== 'queued' && job.state !== 'running';

export const JOB_STATE_WORDS: Readonly<Record<ImportJob['state'], string>> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  refused: 'Refused',
  failed: 'Failed',
};

export const JOB_KIND_WORDS: Readonly<Record<ImportJob['kind'], string>> = {
  check: 'Check',
  import: 'Import',
  'undo-check': 'Undo check',
  undo: 'Undo',
  'bulk-check': 'Bulk edit check',
  bulk: 'Bulk edit',
};

/** A bulk edit of the product list, checked or done (its rows are the chosen products' sizes, not a file's). */
export const isBulkEdit = (job: ImportJob | undefined): boolean => job?.kind === 'bulk' || job?.kind === 'bulk-check';

/** An import's undo, checked or done (its report counts products, not a file's rows). */
export const isUndo = (job: ImportJob | undefined): boolean => job?.kind === 'undo' || job?.kind === 'undo-check';

const ofTotal = (done: number, total: number | null) =>
  total === null ? count(done) : `${count(done)} of ${count(total)}`;

/** What a queued or running job is doing now. */
export function progressText(job: ImportJob): string {
  const doing =
    job.state === 'queued' || job.phase === 'waiting'
      ? 'Waiting to start: a job sent before it runs first…'
      : job.phase === 'reading'
        ? 'Reading the file…'
        : job.phase === 'checking'
          ? `Checking rows: ${ofTotal(job.rowsChecked, job.rowsTotal)}`
          : job.phase === 'writing'
            ? `Writing rows: ${ofTotal(job.rowsWritten, job.rowsTotal)}. Nothing is public until every row is written.`
            : 'Finishing the job…';
  // a restart is said, so that a job slower than expected is not taken for stuck
  return job.attempts > 1
    ? `${doing} The server restarted during this job; it was started again (attempt ${job.attempts}).`
    : doing;
}

/** The sentence of a report with bad rows: nothing of the file was imported. */
export const problemsText = (report: ImportReport) =>
  `${count(report.badRows)} of ${count(report.rows)} rows have problems: nothing was imported. Fix them in the file and check it again.`;

/** A bulk edit's report with bad rows: nothing changed. */
export const bulkProblemsText = (report: ImportReport) =>
  `${count(report.badRows)} of ${count(report.rows)} sizes would break the catalogue's rules: nothing was changed. Change the edit on the catalogue list and check it again.`;

/** What an undo undoes, in its sentences: an import, or a bulk edit (its undone job's kind). */
export type Undone = 'import' | 'bulk edit';

/** An undo's report with products changed again since the import (or bulk edit): nothing undone. */
export const undoRefusedText = (report: ImportReport, undone: Undone = 'import') =>
  `${count(report.badRows)} of ${count(report.rows)} products were changed again after the ${undone}, in the fields listed: nothing was undone. Change those fields back by hand, or keep the ${undone}.`;

/** A report without bad rows: the check's go-ahead, or what the import wrote. */
export function doneText(kind: ImportJob['kind'], report: ImportReport, undone: Undone = 'import'): string {
  if (kind === 'undo-check')
    return `Undoing the ${undone} changes ${count(report.changed)} of ${count(report.rows)} products back. Nothing has been changed yet.`;
  if (kind === 'undo')
    return `Undone: ${count(report.changed)} of ${count(report.rows)} products changed back. The public pages show it now (catalogue version ${report.version ?? '—'}).`;
  if (kind === 'bulk-check')
    return `The edit is ready to apply: ${count(report.changed)} products change, ${count(report.unchanged)} stay as they are. Nothing has been written yet.`;
  if (kind === 'bulk')
    return `Applied: ${count(report.changed)} products changed. The public pages show it now (catalogue version ${report.version ?? '—'}).`;
  const counts = `${count(report.added)} new, ${count(report.changed)} changed, ${count(report.unchanged)} unchanged.`;
  return kind === 'check'
    ? `The file is ready to import: ${counts} Nothing has been written yet.`
    : `Imported: ${counts} The public pages show it now (catalogue version ${report.version ?? '—'}).`;
}

/** What the job's status and error notices say now. */
export function jobNotices(
  job: ImportJob,
  undone: Undone = 'import',
): { status: string; tone: 'info' | 'success'; error: string | null } {
  if (!isFinished(job)) return { status: progressText(job), tone: 'info', error: null };
  if (job.state !== 'done' || job.report === null)
    return { status: '', tone: 'info', error: job.failure ?? 'The job could not finish. Nothing was imported.' };
  if (job.report.problemCount > 0)
    return {
      status: '',
      tone: 'info',
      error: isUndo(job)
        ? undoRefusedText(job.report, undone)
        : isBulkEdit(job)
          ? bulkProblemsText(job.report)
          : problemsText(job.report),
    };
  return {
    status: doneText(job.kind, job.report, undone),
    tone: job.kind === 'import' || job.kind === 'undo' || job.kind === 'bulk' ? 'success' : 'info',
    error: null,
  };
}

/** A check done without problems: the file may be imported. */
export const readyToImport = (job: ImportJob): boolean =>
  job.kind === 'check' && job.state === 'done' && job.report !== null && job.report.problemCount === 0;
