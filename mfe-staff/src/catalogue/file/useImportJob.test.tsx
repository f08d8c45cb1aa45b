import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { renderHook, waitFor } from '@testing-library/react';
import { requestsSent } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import type { ImportReport } from '@site/contracts/staff-catalogue-api';
import { staffApi } from '../../api/staffApi';
import { makeStaffStore } from '../../app/store';
import { fakeImportJob, servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { useImportJob } from './useImportJob';

let catalogue: FakeCatalogue;
beforeEach(() => ({ catalogue } = servedCatalogueEditor(2)));

const report = (written: boolean): ImportReport => ({
  dryRun: !written,
  written,
  format: 'xlsx',
  rows: 15_000,
  added: 0,
  changed: 15_000,
  unchanged: 0,
  badRows: 0,
  problems: [],
  problemCount: 0,
  version: written ? 41 : null,
});

/** A job of 15,000 rows: read once writing, then done with its report. */
function jobThatEnds(id: string, written: boolean) {
  const entry = fakeImportJob({ id, kind: written ? 'import' : 'check' });
  entry.steps = [{ phase: 'writing', rowsChecked: 15_000, rowsWritten: 3_000 }];
  entry.end = () => ({ state: 'done', phase: 'finished', rowsWritten: written ? 15_000 : 0, report: report(written) });
  catalogue.importJobs.push(entry);
}

const sent = (address: string) => requestsSent().filter((request) => request.startsWith(`GET ${address}`));

/** The hook with a catalogue list read beside it (as another tab of the app would hold it). */
async function follow(id: string) {
  const store = makeStaffStore();
  const list = store.dispatch(staffApi.endpoints.catalogueProducts.initiate(''));
  await list;
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useImportJob(id), { wrapper });
  return { ...hook, stop: () => list.unsubscribe() };
}

describe('useImportJob', () => {
  it('reads the job every second until it is done, then has the catalogue read again when it wrote', async () => {
    jobThatEnds('job-5', true);
    const { result, stop } = await follow('job-5');
    await waitFor(() => expect(result.current.job?.phase).toBe('writing'));
    await waitFor(() => expect(result.current.job?.state).toBe('done'));
    await waitFor(() => expect(sent(STAFF_API.catalogueProducts)).toHaveLength(2));
    expect(sent(`${STAFF_API.catalogueImportJobs}/`)).toEqual([
      `GET ${STAFF_API.catalogueImportJobs}/job-5`,
      `GET ${STAFF_API.catalogueImportJobs}/job-5`,
    ]);
    stop();
  });

  it('leaves the catalogue as read when the job wrote nothing (a check)', async () => {
    jobThatEnds('job-6', false);
    const { result, stop } = await follow('job-6');
    await waitFor(() => expect(result.current.job?.state).toBe('done'));
    // a moment for a read again that should not come
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(STAFF_API.catalogueProducts)).toHaveLength(1);
    stop();
  });
});
