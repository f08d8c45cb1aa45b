import { fireEvent, screen, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { requestsSent } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { IMPORT_MAX_BYTES } from '@site/contracts/staff-catalogue-api';
import { DUBAI_STAFF, sessionOf, type FakeStaffServer } from '../../testing/handlers';
import { servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { axeViolations } from '../../testing/axe';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';
import { TOO_LARGE } from './CatalogueFilePage';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => ({ fake, catalogue } = servedCatalogueEditor(2)));

/** A chosen file (Node's File: the tests' FormData and fetch are Node's). */
const csv = (text: string, name = 'catalogue.csv') =>
  new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;
const fileInput = () => screen.getByLabelText('Catalogue file');
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const imports = () => requestsSent().filter((request) => request.startsWith(`POST ${STAFF_API.catalogueImport}`));

async function openPage() {
  renderStaffApp('/catalogue-file');
  expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeInTheDocument();
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
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
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
