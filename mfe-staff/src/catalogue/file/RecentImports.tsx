// The latest import jobs, newest first (the list has no reports: a job's state is said in words, its report is on its
// own page), and the import running now, if any: what a colleague needs before sending a file. Read again while a job
// in it is unfinished, so its state moves on by itself, and now and then otherwise, so a colleague's new job shows.
import { Link } from 'react-router-dom';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { Table } from '../../ui/Table';
import { formatDateTime } from '../../ui/format';
import { messageOf } from '../../api/staffBaseQuery';
import { catalogueApi, useListImportJobsQuery } from '../catalogueApi';
import { importJobPath } from '../catalogueCalls';
import { isFinished, JOB_KIND_WORDS, JOB_STATE_WORDS, progressText } from './importJobText';

/** How often the list is read again while one of its jobs is unfinished, and while none is. */
export const RECENT_IMPORTS_POLL_MS = { busy: 3_000, idle: 30_000 } as const;

function Running({ job }: { job: ImportJob }) {
  return (
    <p>
      {'Running now: '}
      <Link to={importJobPath(job.id)}>{job.fileName}</Link>
      {`, sent by ${job.by} on ${formatDateTime(job.createdAt)}. ${progressText(job)}`}
    </p>
  );
}

export function RecentImports() {
  // the cached answer decides how often to read it: the query's own result comes from the hook that takes the interval
  const cached = catalogueApi.endpoints.listImportJobs.useQueryState().currentData;
  const busy = cached !== undefined && (cached.running !== null || cached.jobs.some((job) => !isFinished(job)));
  const { currentData: list, error } = useListImportJobsQuery(undefined, {
    pollingInterval: busy ? RECENT_IMPORTS_POLL_MS.busy : RECENT_IMPORTS_POLL_MS.idle,
    skipPollingIfUnfocused: true,
  });
  return (
    // not a named region: the table's frame is one already, by the same name (axe: landmark-unique)
    <section>
      <h2>Recent imports</h2>
      {error !== undefined ? <Notice tone="error">{messageOf(error)}</Notice> : null}
      {list?.running ? <Running job={list.running} /> : null}
      {list !== undefined && list.jobs.length === 0 ? <p>No file has been checked or imported yet.</p> : null}
      {list !== undefined && list.jobs.length > 0 ? (
        <Table caption="Recent imports">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Kind</th>
              <th scope="col">Sent by</th>
              <th scope="col">Sent</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {list.jobs.map((job) => (
              <tr key={job.id}>
                <td>
                  <Link to={importJobPath(job.id)}>{job.fileName}</Link>
                </td>
                <td>{JOB_KIND_WORDS[job.kind]}</td>
                <td>{job.by}</td>
                <td>{formatDateTime(job.createdAt)}</td>
                <td>{JOB_STATE_WORDS[job.state]}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}
