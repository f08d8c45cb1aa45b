import { fireEvent, screen, within } from '@testing-library/react';
import { requestsSent } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { DUBAI_STAFF, sessionOf, type FakeStaffServer } from '../../testing/handlers';
import { servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { axeViolations } from '../../testing/axe';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => {
  ({ fake, catalogue } = servedCatalogueEditor(5));
  // products 1 to 4 lack Arabic (their Arabic name is the English one); two a page
  for (const entry of catalogue.products.slice(1))
    entry.product = {
      ...entry.product,
      published: { ...entry.product.published, productName_ar: entry.product.published.productName },
    };
  catalogue.reportPageSize = 2;
});

const reportRequests = () =>
  requestsSent().filter((request) => request.startsWith(`GET ${STAFF_API.catalogueMissingArabic}`));
const productNames = () =>
  within(screen.getByRole('table', { name: 'Products lacking Arabic' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the missing-Arabic report', () => {
  it('is reached from the list, counts per category, links each product to its edit page, and pages by key', async () => {
    renderStaffApp('/catalogue');
    fireEvent.click(await screen.findByRole('link', { name: 'Missing Arabic' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Missing Arabic' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-arabic');
    const categories = await screen.findByRole('table', { name: 'Categories' });
    const glands = within(categories).getByRole('rowheader', { name: 'Industrial Cable Glands' }).closest('tr')!;
    expect(
      within(glands)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['None', '4']);
    expect(screen.getByText('4 products lack Arabic.')).toBeInTheDocument();

    expect(productNames()).toEqual(['Product 1', 'Product 2']);
    expect(screen.getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/catalogue/product_001');
    expect(
      within(screen.getByRole('link', { name: 'Product 1' }).closest('tr')!).getByText('Arabic name'),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Product 3' })).toBeInTheDocument();
    expect(productNames()).toEqual(['Product 3', 'Product 4']);
    expect(currentAddress()).toBe('/catalogue-arabic?after=industrial_cable_glands%2Fproduct_002');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-arabic');
  });

  it('narrows to a category through the address, from the count’s link or the select', async () => {
    renderStaffApp('/catalogue-arabic');
    const count = await screen.findByRole('link', {
      name: '4 products of Industrial Cable Glands lack Arabic: list them',
    });
    fireEvent.click(count);
    expect(await screen.findByText('4 products lack Arabic in Industrial Cable Glands.')).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-arabic?category=industrial_cable_glands');
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '' } });
    expect(await screen.findByText('4 products lack Arabic.')).toBeInTheDocument();
    expect(reportRequests()).toContain(`GET ${STAFF_API.catalogueMissingArabic}?category=industrial_cable_glands`);
  });

  it('says when nothing lacks Arabic', async () => {
    for (const entry of catalogue.products)
      entry.product = { ...entry.product, published: { ...entry.product.published, productName_ar: 'منتج' } };
    renderStaffApp('/catalogue-arabic');
    expect(await screen.findByText('Nothing lacks Arabic here.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Products lacking Arabic' })).toBeNull();
  });

  it('is not for branch staff, and asks the server nothing for them', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/catalogue-arabic');
    expect(
      await screen.findByText('Only administrators and catalogue editors can open this page.'),
    ).toBeInTheDocument();
    expect(reportRequests()).toEqual([]);
  });
});
