import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { DUBAI_STAFF, sessionOf, type FakeStaffServer } from '../../testing/handlers';
import { fakeCatalogue, servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';
import { listQueryFromSearch, listSearch } from './listQuery';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => ({ fake, catalogue } = servedCatalogueEditor(3)));

const listRequests = () => requestsSent().filter((request) => request.startsWith(`GET ${STAFF_API.catalogueProducts}`));

describe('the catalogue list', () => {
  it('the catalogue role lands on the catalogue, sees only its nav entry, and each row links to its edit page', async () => {
    renderStaffApp('/');
    await waitFor(() => expect(currentAddress()).toBe('/catalogue'));
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Catalogue']);
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'CW Brass Cable Gland' })).toHaveAttribute(
      'href',
      '/catalogue/hex_cw_brass_cable_gland',
    );
    expect(
      within(within(table).getByRole('link', { name: 'CW Brass Cable Gland' }).closest('tr')!).getByText(
        'Industrial Cable Glands',
      ),
    ).toBeInTheDocument();
    // product 2's Arabic name has no Arabic letter
    expect(
      within(within(table).getByRole('link', { name: 'Product 2' }).closest('tr')!).getByText('Missing'),
    ).toBeInTheDocument();
    // the inbox was never asked for (it would answer 403)
    expect(requestsSent().some((request) => request.startsWith(`GET ${STAFF_API.inbox}`))).toBe(false);
  });

  it('lists the drafts scheduled to publish, the soonest first, each leading to its editor', async () => {
    const scheduled = (index: number, dueAt: string) => {
      const entry = catalogue.products[index]!;
      entry.product = {
        ...entry.product,
        draft: { content: entry.product.published, basedOn: 0, savedBy: 'yusuf@crescent.example', savedAt: dueAt },
        schedule: {
          id: `schedule-${index}`,
          state: 'scheduled',
          dueAt,
          scheduledBy: 'yusuf@crescent.example',
          scheduledAt: '2026-11-20T08:00:00.000Z',
        },
      };
    };
    scheduled(0, '2026-12-31T20:00:00.000Z');
    scheduled(1, '2027-01-02T05:30:00.000Z');
    renderStaffApp('/catalogue');
    const upcoming = await screen.findByRole('region', { name: 'Scheduled to publish' });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CW Brass Cable Gland on 1 Jan 2027, 00:00 (Dubai time), scheduled by yusuf@crescent.example',
      'Product 1 on 2 Jan 2027, 09:30 (Dubai time), scheduled by yusuf@crescent.example',
    ]);
    expect(within(upcoming).getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/catalogue/product_001');
  });

  it('the inbox address sends the catalogue role to the catalogue', async () => {
    renderStaffApp('/inbox');
    await waitFor(() => expect(currentAddress()).toBe('/catalogue'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
  });

  it('searches, filters by status, category and missing Arabic, through the address', async () => {
    renderStaffApp('/catalogue');
    await screen.findByRole('table', { name: 'Products' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'gland' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?q=gland'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'draft' } });
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?q=gland&status=draft'));
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Arabic name missing' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?missingArabic=1'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), {
      target: { value: 'industrial_cable_glands' },
    });
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?category=industrial_cable_glands&missingArabic=1'));
    await waitFor(() =>
      expect(listRequests().at(-1)).toBe(
        `GET ${STAFF_API.catalogueProducts}?category=industrial_cable_glands&missingArabic=1`,
      ),
    );
  });

  it("shows each product's price range, sizes, status and last change, and how many products match", async () => {
    const [gland, second, third] = catalogue.products;
    const variant = { mpn: '', label: '', label_ar: '', unit: 'piece', packQuantity: '', published: true };
    gland!.product.published.variants = [
      { ...variant, code: 'HEX-CW-20S', price: '12.50' },
      { ...variant, code: 'HEX-CW-40', price: '31.00' },
      { ...variant, code: 'HEX-CW-75', price: '104.00', published: false },
    ];
    gland!.product.lastChange = { by: 'omar@crescent.example', at: '2026-11-25T09:15:00.000Z' };
    second!.product.published.price = '';
    third!.product.published.price = '7.00';
    renderStaffApp('/catalogue');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Name', 'Arabic name', 'Code', 'Category', 'Brand', 'Price', 'Sizes', 'Status', 'Last change']);
    const cells = (name: string) =>
      within(within(table).getByRole('link', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // the withdrawn size is neither priced nor counted (the first cell: its bulk edit tick box)
    expect(cells('CW Brass Cable Gland').slice(6)).toEqual([
      '12.50–31.00 AED',
      '2',
      'Published',
      expect.stringMatching(/^25 Nov 2026, \d\d:\d\d by omar@crescent\.example$/),
    ]);
    expect(cells('Product 1').slice(6, 8)).toEqual(['', '1']);
    expect(cells('Product 2').slice(6, 8)).toEqual(['7.00 AED', '1']);
    expect(screen.getByText('3 products match.')).toBeInTheDocument();
  });

  it('sorts by a column heading on the server, keeps the order in the address and says it in aria-sort', async () => {
    catalogue.products[1]!.product.published.price = '30.00';
    catalogue.products[2]!.product.published.price = '7.00';
    renderStaffApp('/catalogue?q=product');
    const table = await screen.findByRole('table', { name: 'Products' });
    const price = () => within(table).getByRole('columnheader', { name: 'Price' });
    expect(price()).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(price()).getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?q=product&sort=price-asc'));
    await waitFor(() =>
      expect(listRequests().at(-1)).toBe(`GET ${STAFF_API.catalogueProducts}?q=product&sort=price-asc`),
    );
    await waitFor(() => expect(price()).toHaveAttribute('aria-sort', 'ascending'));
    const names = () =>
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent);
    await waitFor(() => expect(names()).toEqual(['Product 2', 'Product 1']));
    fireEvent.click(within(price()).getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?q=product&sort=price-desc'));
    await waitFor(() => expect(names()).toEqual(['Product 1', 'Product 2']));
    expect(price()).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByText('2 products match.')).toBeInTheDocument();
  });

  it('an address with an order lists in that order from the start', async () => {
    renderStaffApp('/catalogue?sort=name-desc');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Product 2', 'Product 1', 'CW Brass Cable Gland']);
    expect(listRequests()).toEqual([`GET ${STAFF_API.catalogueProducts}?sort=name-desc`]);
  });

  it('pages by key: next asks for the page after the last id, previous goes back', async () => {
    catalogue.products = fakeCatalogue(60).products;
    renderStaffApp('/catalogue');
    await screen.findByRole('link', { name: 'CW Brass Cable Gland' });
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).queryByRole('button', { name: 'Previous page' })).toBeNull();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue?after=product_049'));
    expect(await screen.findByRole('link', { name: 'Product 59' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue'));
    expect(await screen.findByRole('link', { name: 'CW Brass Cable Gland' })).toBeInTheDocument();
  });

  it('bulk edit: ticks products, checks +5 %, applies the checked edit, and offers its undo', async () => {
    renderStaffApp('/catalogue');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(screen.getByText('Tick products to edit them in bulk.')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Choose CW Brass Cable Gland' }));
    const panel = await screen.findByRole('form', { name: 'Bulk edit' });
    expect(within(panel).getByText(/^1 product is chosen\./)).toBeInTheDocument();
    // nothing to change: said, nothing sent
    fireEvent.click(within(panel).getByRole('button', { name: 'Check the edit' }));
    expect(await within(panel).findByText(/Choose at least one change/)).toBeInTheDocument();
    expect(catalogue.bulkEdits).toEqual([]);
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Change prices by' }), {
      target: { value: 'percent' },
    });
    fireEvent.change(within(panel).getByRole('textbox', { name: /^Price change/ }), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Check the edit' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue-file/jobs/job-1'));
    expect(catalogue.bulkEdits).toEqual([
      { selection: { products: ['hex_cw_brass_cable_gland'] }, changes: { price: { by: 'percent', value: '5' } } },
    ]);
    expect(await screen.findByText(/^The edit is ready to apply: 1 products change/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /What the edit changes/ })).toHaveTextContent(/: price .+ → /);
    fireEvent.click(screen.getByRole('button', { name: 'Apply this edit' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue-file/jobs/job-2'));
    expect(catalogue.bulkEdits[1]).toEqual({ check: 'job-1' });
    expect(await screen.findByText(/^Applied: 1 products changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', '/catalogue');
    // undone as an import is: checked, then done; the undo's page names the edit
    fireEvent.click(screen.getByRole('button', { name: 'Undo this edit' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue-file/jobs/job-3'));
    expect(await screen.findByRole('link', { name: /^a bulk edit \(Bulk edit of 1 products/ })).toHaveAttribute(
      'href',
      '/catalogue-file/jobs/job-2',
    );
    expect(await screen.findByText(/^Undoing the bulk edit changes \d+ of \d+ products back\./)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo the edit' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue-file/jobs/job-4'));
    expect(await screen.findByText(/^Undone: 1 of 1 products changed back/)).toBeInTheDocument();
  });

  it('bulk edit: "Select all N results" sends the list\'s filters, and other filters start the choice again', async () => {
    renderStaffApp('/catalogue?sort=name-asc');
    const table = await screen.findByRole('table', { name: 'Products' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Choose CW Brass Cable Gland' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 3 results' }));
    expect(screen.getAllByText(/^All 3 results of these filters are chosen\./).length).toBeGreaterThan(0);
    expect(within(table).getByRole('checkbox', { name: 'Choose Product 2' })).toBeChecked();
    // another filter: another list, nothing chosen of it
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'published' } });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bulk edit' })).toBeNull());
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose CW Brass Cable Gland' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 3 results' }));
    const panel = await screen.findByRole('form', { name: 'Bulk edit' });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Sizes published' }), {
      target: { value: 'withdraw' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Check the edit' }));
    await waitFor(() => expect(catalogue.bulkEdits).toHaveLength(1));
    expect(catalogue.bulkEdits[0]).toEqual({ selection: { query: {} }, changes: { published: false } });
  });

  it('bulk edit: moves products into a live category only, while the filter lists every category', async () => {
    const category = (id: string, title: string, state: 'live' | 'archived', position: number) => ({
      id,
      title,
      titleAr: title,
      position,
      products: 0,
      missingArabic: false,
      version: 0,
      state,
    });
    server.use(
      http.get(STAFF_API.catalogueCategories, () =>
        HttpResponse.json({
          categories: [
            category('industrial_cable_glands', 'Industrial Cable Glands', 'live', 0),
            category('old_fans', 'Old Fans', 'archived', 1),
          ],
        }),
      ),
    );
    renderStaffApp('/catalogue');
    const table = await screen.findByRole('table', { name: 'Products' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Choose CW Brass Cable Gland' }));
    const panel = await screen.findByRole('form', { name: 'Bulk edit' });
    const move = within(panel).getByRole('combobox', { name: 'Move to category' });
    await waitFor(() =>
      expect(
        within(move)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No change', 'Industrial Cable Glands']),
    );
    expect(
      within(screen.getByRole('combobox', { name: 'Category' })).getByRole('option', { name: 'Old Fans' }),
    ).toBeInTheDocument();
  });

  it('bulk edit: every result of a search, its matching sizes alone', async () => {
    renderStaffApp('/catalogue?q=gland');
    await screen.findByRole('table', { name: 'Products' });
    fireEvent.click(await screen.findByRole('button', { name: 'Select the 1 result' }));
    const panel = await screen.findByRole('form', { name: 'Bulk edit' });
    fireEvent.click(
      within(panel).getByRole('checkbox', { name: 'Only the sizes whose code or part number holds “gland”' }),
    );
    expect(
      within(panel).getByText(/Only their sizes whose code or part number holds “gland” are changed\./),
    ).toBeInTheDocument();
    fireEvent.change(within(panel).getByRole('textbox', { name: /^Pack quantity/ }), { target: { value: 'none' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Check the edit' }));
    await waitFor(() => expect(catalogue.bulkEdits).toHaveLength(1));
    expect(catalogue.bulkEdits[0]).toEqual({
      selection: { query: { q: 'gland' }, onlyMatchingSizes: true },
      changes: { packQuantity: '' },
    });
  });

  it('branch staff see no catalogue entry, and the page says who may open it without calling the server', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/catalogue');
    expect(
      await screen.findByText('Only administrators and catalogue editors can open this page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Catalogue' })).toBeNull();
    expect(listRequests()).toEqual([]);
  });
});

describe('listQuery', () => {
  it('reads and writes the filters the API takes, dropping unknown values', () => {
    expect(
      listQueryFromSearch(
        '?q=%20cable%20&status=draft&missingArabic=1&after=p_1&brand=Hex&category=cables&sort=price-desc',
      ),
    ).toEqual({
      sort: 'price-desc',
      q: 'cable',
      status: 'draft',
      missingArabic: true,
      after: 'p_1',
      brand: 'Hex',
      category: 'cables',
    });
    expect(listQueryFromSearch('?status=gone&missingArabic=yes&sort=cheapest')).toEqual({});
    expect(listSearch({ q: 'a b', missingArabic: true, after: 'x' })).toBe('?q=a+b&missingArabic=1&after=x');
  });
});
