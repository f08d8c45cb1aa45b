// What a followed job says: one status region and one alert region that stay in the page (a sentence put in later is
// announced), the progress bar while it runs, the report once done. `pending` and `refusal` are the page's own words
// (a file being sent, a send refused) and come before the job's in its region; the job's report stays below them (a
// check's findings are still true when its import is refused for another import running).
import type { ReactNode } from 'react';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { ImportProgress } from './ImportProgress';
import { ImportReportView } from './ImportReportView';
import { UndoReportView } from './UndoReportView';
import { useGetImportJobQuery } from '../catalogueApi';
import { isBulkEdit, isFinished, isUndo, jobNotices } from './importJobText';

export function ImportJobStatus({
  job,
  pending,
  refusal,
}: {
  job: ImportJob | undefined;
  pending?: string | undefined;
  refusal?: ReactNode;
}) {
  // an undo's sentences name what it undoes (the job it undoes, as its page's links already read it)
  const undoOf = job?.undoOf ?? null;
  const undone = useGetImportJobQuery(undoOf ?? '', { skip: undoOf === null }).currentData;
  const notices =
    job === undefined
      ? undefined
      : jobNotices(job, undone !== undefined && isBulkEdit(undone) ? 'bulk edit' : 'import');
  const running = job !== undefined && !isFinished(job);
  const report = job?.state === 'done' ? job.report : null;
  return (
    <>
      <Notice tone={pending === undefined ? (notices?.tone ?? 'info') : 'info'}>{pending ?? notices?.status}</Notice>
      <Notice tone="error">{refusal ?? notices?.error}</Notice>
      {running ? <ImportProgress job={job} /> : null}
      {report === null ? null : isUndo(job) ? (
        <UndoReportView report={report} />
      ) : (
        <ImportReportView report={report} of={isBulkEdit(job) ? 'edit' : 'file'} />
      )}
    </>
  );
}
