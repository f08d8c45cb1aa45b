import { act, fireEvent, screen, within } from '@testing-library/react';
import { requestsSent } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { File as NodeFile } from 'node:buffer';
import { DUBAI_STAFF, sessionOf, type FakeStaffServer } from '../../testing/handlers';
import { fakeImportJob, servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { axeViolations } from '../../testing/axe';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';
import { formatDateTime } from '../../ui/format';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => ({ fake, catalogue } = servedCatalogueEditor(2)));

/** The job's facts as the page lists them ('File: prices.xlsx'). */
const facts = () =>
  [...document.querySelectorAll('main dl dt')].map(
    (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
  );

async function openJob(id: string) {
  renderStaffApp(`/catalogue-file/jobs/${id}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Import job' })).toBeInTheDocument();
}

describe('an import job’s page', () => {
  it('shows a colleague’s running import: the file, who sent it and when, its progress and a restart', async () => {
    catalogue.importJobs.push(
      fakeImportJob({ id: 'job-77', phase: 'writing', rowsChecked: 15_000, rowsWritten: 3_000, attempts: 2 }),
    );
    await openJob('job-77');
    expect(
      await screen.findByText(
        'Writing rows: 3,000 of 15,000. Nothing is public until every row is written. The server restarted during this job; it was started again (attempt 2).',
      ),
    ).toHaveAttribute('role', 'status');
    expect(facts()).toEqual([
      'File: prices-november.xlsx',
      'Kind: Import',
      'Sent by: omar@crescent.example',
      `Sent: ${formatDateTime('2026-11-25T09:58:00.000Z')}`,
    ]);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('value', '3000');
    expect(bar).toHaveAttribute('max', '15000');
    expect(screen.getByRole('link', { name: 'Back to import and export' })).toHaveAttribute('href', '/catalogue-file');
    expect(await axeViolations()).toEqual([]);
  });

  it('undoes a finished import: checks first, shows what it changes back, then undoes it and says so', async () => {
    const report = {
      dryRun: false,
      written: true,
      format: 'csv' as const,
      rows: 3,
      added: 0,
      changed: 1,
      unchanged: 2,
      badRows: 0,
      problems: [],
      problemCount: 0,
      version: 8,
      changes: [],
      changeCount: 0,
    };
    catalogue.importJobs.push(
      fakeImportJob({ id: 'job-80', state: 'done', phase: 'finished', fileName: 'prices.csv', report }),
    );
    await openJob('job-80');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo this import' }));
    expect(
      await screen.findByText('Undoing the import changes 1 of 1 products back. Nothing has been changed yet.'),
    ).toBeInTheDocument();
    expect(currentAddress()).toMatch(/^\/catalogue-file\/jobs\/job-\d+$/);
    const changes = screen.getByRole('table', { name: 'What the undo changes back (1)' });
    expect(within(changes).getByText('HEX-CW-25: price 15 → 14')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'an import of prices.csv' })).toHaveAttribute(
      'href',
      '/catalogue-file/jobs/job-80',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo the import' }));
    expect(
      await screen.findByText(
        'Undone: 1 of 1 products changed back. The public pages show it now (catalogue version 9).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo the import' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    // the import now says it was undone, and offers no second undo
    fireEvent.click(screen.getByRole('link', { name: 'an import of prices.csv' }));
    expect(await screen.findByRole('link', { name: 'the undo’s report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
  });

  it('refuses an undo in words where a later change touched the same field', async () => {
    catalogue.importJobs.push(
      fakeImportJob({
        id: 'job-81',
        state: 'done',
        phase: 'finished',
        report: {
          dryRun: false,
          written: true,
          format: 'csv',
          rows: 1,
          added: 0,
          changed: 1,
          unchanged: 0,
          badRows: 0,
          problems: [],
          problemCount: 0,
          version: 8,
        },
      }),
    );
    catalogue.undoConflicts = [
      {
        line: 0,
        id: 'hex_cw_brass_cable_gland',
        column: 'HEX-CW-25: price',
        reason:
          'HEX-CW-25: price was changed again after the import by omar@crescent.example on 30 Nov 2026, 14:02 (Dubai time)',
      },
    ];
    await openJob('job-81');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo this import' }));
    expect(
      await screen.findByText(
        '1 of 1 products were changed again after the import, in the fields listed: nothing was undone. Change those fields back by hand, or keep the import.',
      ),
    ).toHaveAttribute('role', 'alert');
    const kept = screen.getByRole('table', { name: 'Changed again after the import (1)' });
    expect(within(kept).getByText(/by omar@crescent\.example on 30 Nov 2026, 14:02/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo the import' })).toBeNull();
  });

  it('says a queued job waits for the one before it', async () => {
    catalogue.importJobs.push(fakeImportJob({ id: 'job-78', state: 'queued', phase: 'waiting', rowsTotal: null }));
    await openJob('job-78');
    expect(await screen.findByText('Waiting to start: a job sent before it runs first…')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
  });

  it('is reached from the recent imports, and shows a finished check’s report', async () => {
    renderStaffApp('/catalogue-file');
    fireEvent.change(await screen.findByLabelText('Catalogue file'), {
      target: {
        files: [
          new NodeFile(['id,price\nhex_cw_brass_cable_gland,12 AED\n'], 'bad.csv', {
            type: 'text/csv',
          }) as unknown as File,
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 of 1 rows have problems');
    const recent = await screen.findByRole('table', { name: 'Recent imports' });
    fireEvent.click(within(recent).getByRole('link', { name: 'bad.csv' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Import job' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-file/jobs/job-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 of 1 rows have problems: nothing was imported. Fix them in the file and check it again.',
    );
    expect(screen.getByRole('table', { name: 'Rows with problems (1)' })).toBeInTheDocument();
    expect(facts()).toEqual(
      expect.arrayContaining(['File: bad.csv', 'Kind: Check', 'Sent by: layla@crescent.example']),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so for a job the server does not know, and does not ask again', async () => {
    await openJob('job-404');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such import job.');
    // longer than the polling's second
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_300)));
    expect(requestsSent().filter((request) => request.startsWith(`GET ${STAFF_API.catalogueImportJobs}/`))).toEqual([
      `GET ${STAFF_API.catalogueImportJobs}/job-404`,
    ]);
  });

  it('is not for branch staff', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/catalogue-file/jobs/job-1');
    expect(
      await screen.findByText('Only administrators and catalogue editors can open this page.'),
    ).toBeInTheDocument();
  });
});
