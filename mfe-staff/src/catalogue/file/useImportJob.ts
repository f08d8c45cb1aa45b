// Follows an import job: its GET every second while it is queued or running, no more once it is done, refused or
// failed, nor once the server refuses to show it. A job that wrote makes the catalogue's reads stale (the upload itself
// wrote nothing); any finished job makes the list of recent jobs stale.
import { useEffect, useRef } from 'react';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { useStaffDispatch } from '../../app/store';
import { failureOf, type StaffFailure } from '../../api/staffBaseQuery';
import { catalogueApi, IMPORTED, useGetImportJobQuery } from '../catalogueApi';
import { isFinished } from './importJobText';

export const IMPORT_JOB_POLL_MS = 1000;

export function useImportJob(id: string | undefined): {
  job: ImportJob | undefined;
  failure: StaffFailure | undefined;
} {
  const dispatch = useStaffDispatch();
  // the cached answer decides whether to poll: the query's own result comes from the hook that takes the interval
  const cached = catalogueApi.endpoints.getImportJob.useQueryState(id ?? '', { skip: id === undefined });
  const finished = cached.currentData !== undefined && isFinished(cached.currentData);
  // a job refused (unknown, not yours to see) is not read again; a lost answer is, the next second
  const refused = cached.error === undefined ? undefined : failureOf(cached.error).status;
  const stop = finished || (refused !== undefined && refused >= 400 && refused < 500);
  const { currentData: job, error } = useGetImportJobQuery(id ?? '', {
    skip: id === undefined,
    pollingInterval: stop ? 0 : IMPORT_JOB_POLL_MS,
  });
  const told = useRef(new Set<string>());
  useEffect(() => {
    if (job === undefined || !isFinished(job) || told.current.has(job.id)) return;
    told.current.add(job.id);
    dispatch(
      catalogueApi.util.invalidateTags(job.report?.written === true ? [...IMPORTED, 'ImportJobs'] : ['ImportJobs']),
    );
  }, [dispatch, job]);
  return { job, failure: error === undefined ? undefined : failureOf(error) };
}
