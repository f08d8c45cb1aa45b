// What a followed job says: one status region and one alert region that stay in the page (a sentence put in later is
// announced), the progress bar while it runs, the report once done. `pending` and `refusal` are the page's own words
// (a file being sent, a send refused) and come before the job's.
import type { ReactNode } from 'react';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { ImportProgress } from './ImportProgress';
import { ImportReportView } from './ImportReportView';
import { isFinished, jobNotices } from './importJobText';

export function ImportJobStatus({
  job,
  pending,
  refusal,
}: {
  job: ImportJob | undefined;
  pending?: string | undefined;
  refusal?: ReactNode;
}) {
  const notices = job === undefined || pending !== undefined || refusal !== undefined ? undefined : jobNotices(job);
  const running = notices !== undefined && job !== undefined && !isFinished(job);
  const report = notices !== undefined && job?.state === 'done' ? job.report : null;
  return (
    <>
      <Notice tone={notices?.tone ?? 'info'}>{pending ?? notices?.status}</Notice>
      <Notice tone="error">{refusal ?? notices?.error}</Notice>
      {running ? <ImportProgress job={job} /> : null}
      {report !== null ? <ImportReportView report={report} /> : null}
    </>
  );
}
