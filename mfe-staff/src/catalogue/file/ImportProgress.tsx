// A running job's progress bar: the rows checked, then the rows written, of the file's rows; without a count yet
// (queued, reading) it has no value, which assistive technology reads as busy.
import styled from 'styled-components';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';

const Bar = styled.progress`
  display: block;
  width: 100%;
  max-width: 480px;
  height: 16px;
  margin: 8px 0;
`;

export function ImportProgress({ job }: { job: ImportJob }) {
  const done = job.phase === 'checking' ? job.rowsChecked : job.phase === 'writing' ? job.rowsWritten : undefined;
  if (done === undefined || job.rowsTotal === null || job.rowsTotal === 0) return <Bar aria-label="Import progress" />;
  return <Bar aria-label="Import progress" value={Math.min(done, job.rowsTotal)} max={job.rowsTotal} />;
}
