import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { requestsSent, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { IDEMPOTENCY_KEY_HEADER, IMPORT_MAX_BYTES } from '@site/contracts/staff-catalogue-api';
import { DUBAI_STAFF, sessionOf, type FakeStaffServer } from '../../testing/handlers';
import { fakeImportJob, servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { http } from '../../testing/contractHttp';
import { formatDateTime } from '../../ui/format';
import { axeViolations } from '../../testing/axe';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';
import { TOO_LARGE } from './CatalogueFilePage';
import { RECENT_IMPORTS_POLL_MS } from './RecentImports';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => ({ fake, catalogue } = servedCatalogueEditor(2)));

/** A chosen file (Node's File: the tests' FormData and fetch are Node's). */
const csv = (text: string, name = 'catalogue.csv') =>
  new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;
const fileInput = () => screen.getByLabelText('Catalogue file');
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const imports = () => requestsSent().filter((request) => request.startsWith(`POST ${STAFF_API.catalogueImport}`));
const CHECKED = 'The file is ready to import: 1 new, 1 changed, 0 unchanged. Nothing has been written yet.';
const GOOD_FILE = 'id,price\nhex_cw_brass_cable_gland,14\nnew_gland,3\n';

async function openPage(address = '/catalogue-file') {
  renderStaffApp(address);
  expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeInTheDocument();
  // the recent imports read: the page is whole
  await screen.findByRole('heading', { level: 2, name: 'Recent imports' });
  await screen.findAllByText(/^(No file has been checked|Recent imports)/, { selector: 'p, caption' });
}

/** Waits for the recent imports' states, newest first: read again once the last job finished (the page settled). */
const recentStates = (...states: string[]) =>
  waitFor(() =>
    expect(
      [...screen.getByRole('table', { name: 'Recent imports' }).querySelectorAll('tbody td:last-child')].map(
        (cell) => cell.textContent,
      ),
    ).toEqual(states),
  );

async function checkFile(text = GOOD_FILE, name = 'catalogue.csv') {
  choose(csv(text, name));
  fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
}

describe('the catalogue file page', () => {
  it('is reached from the catalogue list, and offers the whole catalogue as .xlsx and CSV downloads', async () => {
    renderStaffApp('/catalogue');
    fireEvent.click(await screen.findByRole('link', { name: 'Import and export' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-file');
    const exports = within(screen.getByRole('region', { name: 'Export' }));
    expect(exports.getByRole('link', { name: 'Download as Excel (.xlsx)' })).toHaveAttribute(
      'href',
      `${STAFF_API.catalogueExport}?format=xlsx`,
    );
    expect(exports.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute(
      'href',
      `${STAFF_API.catalogueExport}?format=csv`,
    );
    expect(exports.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('download');
    expect(await axeViolations()).toEqual([]);
  });

  it('checks a file first, shows the counts, then imports the same file and says the pages show it', async () => {
    await openPage();
    expect(screen.getByRole('button', { name: 'Check the file' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    choose(csv('id,price\nhex_cw_brass_cable_gland,14\nnew_gland,3\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText(
        'The file is ready to import: 1 new, 1 changed, 0 unchanged. Nothing has been written yet.',
      ),
    ).toHaveAttribute('role', 'status');
    // each change named by its variant's code, before anything is written
    const changes = screen.getByRole('table', { name: 'What the file changes (1)' });
    expect([...changes.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual([
      '2hex_cw_brass_cable_glandCW-20S: price 12.50 → 14',
    ]);
    const counts = document.querySelector('dl')!;
    expect(
      [...counts.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual(['Rows: 2', 'New: 1', 'Changed: 1', 'Unchanged: 0', 'With problems: 0']);
    expect(catalogue.imported).toEqual([]);
    await recentStates('Done');
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(
        'Imported: 1 new, 1 changed, 0 unchanged. The public pages show it now (catalogue version 41).',
      ),
    ).toBeInTheDocument();
    expect(catalogue.imported).toEqual([['hex_cw_brass_cable_gland', 'new_gland']]);
    expect(imports()).toEqual([
      `POST ${STAFF_API.catalogueImport}?dryRun=1`,
      `POST ${STAFF_API.catalogueImport}?dryRun=0`,
    ]);
    // each send's job followed until it is done: read once at once (running), once a second later (done)
    const jobs = `${STAFF_API.catalogueImportJobs}/`;
    expect(
      requestsSent().filter((request) => imports().includes(request) || request.startsWith(`GET ${jobs}`)),
    ).toEqual([
      `POST ${STAFF_API.catalogueImport}?dryRun=1`,
      `GET ${jobs}job-1`,
      `GET ${jobs}job-1`,
      `POST ${STAFF_API.catalogueImport}?dryRun=0`,
      `GET ${jobs}job-2`,
      `GET ${jobs}job-2`,
    ]);
    expect(currentAddress()).toBe('/catalogue-file?job=job-2');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    await recentStates('Done', 'Done');
  });

  it('shows the job’s progress while it runs, in words and as a progress bar, then its report', async () => {
    catalogue.importJobSteps = [{ state: 'running', phase: 'checking', rowsTotal: 15_000, rowsChecked: 4_000 }];
    await openPage();
    await checkFile();
    expect(await screen.findByText('Checking rows: 4,000 of 15,000')).toHaveAttribute('role', 'status');
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('value', '4000');
    expect(bar).toHaveAttribute('max', '15000');
    expect(screen.getByRole('button', { name: 'Check the file' })).toBeDisabled();
    expect(await axeViolations()).toEqual([]);
    expect(await screen.findByText(CHECKED)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // an import being written, taken up again after the server restarted
    catalogue.importJobSteps = [
      { state: 'running', phase: 'writing', rowsTotal: 15_000, rowsChecked: 15_000, rowsWritten: 3_000, attempts: 2 },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(
        'Writing rows: 3,000 of 15,000. Nothing is public until every row is written. The server restarted during this job; it was started again (attempt 2).',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '3000');
    expect(
      await screen.findByText(
        'Imported: 1 new, 1 changed, 0 unchanged. The public pages show it now (catalogue version 41).',
      ),
    ).toBeInTheDocument();
    await recentStates('Done', 'Done');
  });

  it('says checking rows without a total while the file’s rows are not counted yet', async () => {
    catalogue.importJobSteps = [{ state: 'running', phase: 'checking', rowsTotal: null, rowsChecked: 4_000 }];
    await openPage();
    await checkFile();
    expect(await screen.findByText('Checking rows: 4,000')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    await recentStates('Done');
  });

  it('shows a failed job’s sentence, and sends the file again as a new job', async () => {
    const failure = 'The server could not finish checking the file: its database did not answer. Nothing was imported.';
    catalogue.importJobEnd = { state: 'failed', phase: 'finished', failure };
    await openPage();
    await checkFile();
    expect(await screen.findByRole('alert')).toHaveTextContent(failure);
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();

    catalogue.importJobEnd = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    const [first, second] = catalogue.importKeys;
    expect(second).not.toBe(first);
    await recentStates('Done', 'Failed');
  });

  it('sends one key per file and kind: the same again after a lost answer, another for the import or another file', async () => {
    const lost: string[] = [];
    server.use(
      http.post(
        STAFF_API.catalogueImport,
        ({ request }) => {
          lost.push(request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '');
          return HttpResponse.json({ error: 'The server is restarting. Try again in a minute.' }, { status: 503 });
        },
        { once: true },
      ),
    );
    await openPage();
    await checkFile();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is restarting. Try again in a minute.');
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/^Imported: /)).toBeInTheDocument();
    await checkFile('id,price\nnew_gland,4\n', 'other.csv');
    expect(await screen.findByText(/^The file is ready to import: 1 new, 0 changed/)).toBeInTheDocument();

    const [check, importing, other] = catalogue.importKeys;
    expect(lost).toHaveLength(1);
    expect(check).toBe(lost[0]);
    expect(importing).not.toBe(check);
    expect(other).not.toBe(check);
    expect(other).not.toBe(importing);
    expect(catalogue.importKeys).toHaveLength(3);
    await recentStates('Done', 'Done', 'Done');
  });

  it('says who is importing when another import runs, with a link to follow it', async () => {
    catalogue.importJobs.push(fakeImportJob({ id: 'job-77' }));
    await openPage();
    expect(screen.getByText(/^Running now:/)).toHaveTextContent(
      `Running now: prices-november.xlsx, sent by omar@crescent.example on ${formatDateTime('2026-11-25T09:58:00.000Z')}. Checking rows: 4,000 of 15,000`,
    );
    await checkFile();
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'prices-november.xlsx is being imported by omar@crescent.example (4,000 of 15,000 rows checked): import again once it has finished. Follow the running import',
    );
    expect(within(alert).getByRole('link', { name: 'Follow the running import' })).toHaveAttribute(
      'href',
      '/catalogue-file/jobs/job-77',
    );
    expect(catalogue.imported).toEqual([]);
    // the check's findings stay, and the import can be sent again once the other one is done
    expect(screen.getByText(CHECKED)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    await recentStates('Done', 'Running');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(alert).getByRole('link', { name: 'Follow the running import' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import job' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-file/jobs/job-77');
  });

  it('reads the recent imports again by itself while one runs: a colleague’s import that ends shows as done', async () => {
    const colleagues = fakeImportJob({ id: 'job-78' });
    catalogue.importJobs.push(colleagues);
    await openPage();
    expect(screen.getByText(/^Running now:/)).toBeInTheDocument();
    await recentStates('Running');
    // the colleague's import ends on the server: nothing on this page asks for it
    colleagues.job = { ...colleagues.job, state: 'done', phase: 'finished', rowsWritten: 15_000 };
    await waitFor(() => expect(screen.queryByText(/^Running now:/)).not.toBeInTheDocument(), {
      timeout: RECENT_IMPORTS_POLL_MS.busy + 2_000,
    });
    await recentStates('Done');
  }, 15_000);

  it('shows a checked job again after a reload, and asks for the file again to import it', async () => {
    await openPage();
    await checkFile();
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-file?job=job-1');
    cleanup();

    await openPage('/catalogue-file?job=job-1');
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'What the file changes (1)' })).toBeInTheDocument();
    expect(screen.getByText('Choose the file again to import it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();

    choose(csv(GOOD_FILE));
    expect(screen.queryByText('Choose the file again to import it.')).not.toBeInTheDocument();
    expect(screen.queryByText(CHECKED)).not.toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-file');
  });

  it('lists the recent imports, newest first, each a link to its job', async () => {
    await openPage();
    expect(screen.getByText('No file has been checked or imported yet.')).toBeInTheDocument();
    await checkFile();
    expect(await screen.findByText(CHECKED)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/^Imported: /)).toBeInTheDocument();

    const sent = formatDateTime(catalogue.now);
    const rowsOf = () =>
      within(screen.getByRole('table', { name: 'Recent imports' }))
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
            .map((cell) => cell.textContent),
        );
    await screen.findByRole('table', { name: 'Recent imports' });
    // the list is read again once the import is done
    await waitFor(() =>
      expect(rowsOf()).toEqual([
        ['File', 'Kind', 'Sent by', 'Sent', 'State'],
        ['catalogue.csv', 'Import', 'layla@crescent.example', sent, 'Done'],
        ['catalogue.csv', 'Check', 'layla@crescent.example', sent, 'Done'],
      ]),
    );
    const table = screen.getByRole('table', { name: 'Recent imports' });
    expect(within(table).getAllByRole('link', { name: 'catalogue.csv' })[0]).toHaveAttribute(
      'href',
      '/catalogue-file/jobs/job-2',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('lists the bad rows as a table (line, id, column, problem) and offers no import', async () => {
    await openPage();
    choose(csv('id,price\nhex_cw_brass_cable_gland,12.50\nproduct_001,12 AED\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 of 2 rows have problems: nothing was imported. Fix them in the file and check it again.',
    );
    const table = screen.getByRole('table', { name: 'Rows with problems (1)' });
    const [header, row] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Line', 'Product id', 'Column', 'Problem']);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '3',
      'product_001',
      'price',
      'bad price "12 AED": a number of AED with at most two decimals (no currency or separators), or empty',
    ]);
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(catalogue.imported).toEqual([]);
    await recentStates('Done');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the server’s sentence for a file refused by its content, and refuses a file over 50 MB before sending', async () => {
    await openPage();
    choose(csv('<!doctype html><script>alert(1)</script>', 'catalogue.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not CSV: it looks like HTML or XML. Send a .csv or .xlsx catalogue file. Nothing was imported.',
    );

    const big = csv('id,price\n');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    choose(big);
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LARGE);
    expect(screen.getByRole('button', { name: 'Check the file' })).toBeDisabled();
    expect(imports()).toHaveLength(1);
  });

  it('is not for branch staff', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/catalogue-file');
    expect(
      await screen.findByText('Only administrators and catalogue editors can open this page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download as CSV' })).toBeNull();
  });
});
