import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSent } from '@test/msw';
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
      listQueryFromSearch('?q=%20cable%20&status=draft&missingArabic=1&after=p_1&brand=Hex&category=cables'),
    ).toEqual({
      q: 'cable',
      status: 'draft',
      missingArabic: true,
      after: 'p_1',
      brand: 'Hex',
      category: 'cables',
    });
    expect(listQueryFromSearch('?status=gone&missingArabic=yes')).toEqual({});
    expect(listSearch({ q: 'a b', missingArabic: true, after: 'x' })).toBe('?q=a+b&missingArabic=1&after=x');
  });
});
