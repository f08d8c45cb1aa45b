import { fireEvent, screen, waitFor } from '@testing-library/react';
import { requestsSentWithBodies } from '@test/msw';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { CreateProductBody } from '@site/contracts/staff-catalogue-api';
import { servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { EDITED_ID, openEditor } from '../../testing/productEditor';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';

let catalogue: FakeCatalogue;
beforeEach(() => ({ catalogue } = servedCatalogueEditor(2)));

const sent = async (request: string) =>
  (await requestsSentWithBodies()).filter((entry) => entry.request === request).map(({ body }) => body);
const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

async function fillNewProduct(id: string, code: string): Promise<void> {
  renderStaffApp('/catalogue');
  fireEvent.click(await screen.findByRole('link', { name: 'New product' }));
  await screen.findByRole('heading', { level: 1, name: 'New product' });
  expect(screen.getByText(/the public sees nothing of it until you publish it/)).toBeInTheDocument();
  type(/^Id/, id);
  type(/^Code/, code);
  fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), {
    target: { value: 'industrial_cable_glands' },
  });
  type('English name', 'Brass gland M20');
  type('Arabic name', 'جلاند نحاسي M20');
  fireEvent.click(screen.getByRole('button', { name: 'Create the draft' }));
}

describe('new and duplicated products', () => {
  it('"New product" on the list: the form sends the id and a whole content, and the edit page opens on the draft', async () => {
    await fillNewProduct('hex_brass_gland_m20', 'HX-BG-M20');
    await screen.findByRole('heading', { level: 1, name: 'Edit: Brass gland M20' });
    expect(currentAddress()).toBe('/catalogue/hex_brass_gland_m20');
    expect(
      screen.getByText('New product, never published: the public cannot see it until you publish it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Public page/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw from the catalogue' })).not.toBeInTheDocument();
    const [body] = (await sent(`POST ${STAFF_API.catalogueCreate}`)) as CreateProductBody[];
    expect(body).toEqual({
      id: 'hex_brass_gland_m20',
      content: expect.objectContaining({
        code: 'HX-BG-M20',
        productCategoryId: 'industrial_cable_glands',
        productName: 'Brass gland M20',
        productName_ar: 'جلاند نحاسي M20',
        details: {},
        details_ar: {},
      }),
    });
  });

  it('a new product is listed as a new draft (also under the draft filter) and "Delete draft", asked again, removes it', async () => {
    const content = { ...catalogue.products[0]!.product.published, productName: 'Brass gland M20', code: 'HX-BG-M20' };
    catalogue.products.push({
      product: {
        id: 'hex_brass_gland_m20',
        version: 1,
        unpublished: true,
        published: content,
        draft: { content, basedOn: 0, savedBy: 'layla@crescent.example', savedAt: catalogue.now },
        lastChange: null,
        archived: null,
      },
      versions: [],
    });
    renderStaffApp('/catalogue?status=draft');
    const link = await screen.findByRole('link', { name: 'Brass gland M20' });
    expect(link.closest('tr')).toHaveTextContent('New draft');
    fireEvent.click(link);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete draft' }));
    expect(
      screen.getByText(
        /Delete this new product\? Its draft and its uploaded picture and datasheet are removed for good/,
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue'));
    expect(await sent(`POST ${staffApiPath(STAFF_API.catalogueDeleteNew, { id: 'hex_brass_gland_m20' })}`)).toEqual([
      { baseVersion: 1 },
    ]);
    expect(catalogue.products.some(({ product }) => product.id === 'hex_brass_gland_m20')).toBe(false);
  });

  it('a published product offers no "Delete draft"', async () => {
    await openEditor();
    expect(screen.queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument();
  });

  it('a taken id is shown at the id field, a taken code at the code field, and nothing opens', async () => {
    await fillNewProduct(EDITED_ID, 'HX-BG-M20');
    expect(
      await screen.findByText(`id: a product with the id "${EDITED_ID}" already exists. Choose another id.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Id/ })).toHaveAttribute('aria-invalid', 'true');
    expect(currentAddress()).toBe('/catalogue/new');
    type(/^Id/, 'hex_other_gland');
    type(/^Code/, catalogue.products[0]!.product.published.code);
    fireEvent.click(screen.getByRole('button', { name: 'Create the draft' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: /^Id/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(currentAddress()).toBe('/catalogue/new');
  });

  it('"Duplicate this product" on the edit page opens the copy: a new id, the code marked -COPY, the names marked as a copy', async () => {
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate this product' }));
    await screen.findByRole('heading', { level: 1, name: 'Edit: CW Brass Cable Gland (copy)' });
    expect(currentAddress()).toBe(`/catalogue/${EDITED_ID}_copy`);
    expect(screen.getByRole('textbox', { name: 'Arabic name' })).toHaveValue(
      `${catalogue.products[0]!.product.published.productName_ar} (نسخة)`,
    );
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue(
      `${catalogue.products[0]!.product.published.code}-COPY`,
    );
    expect(
      screen.getByText('New product, never published: the public cannot see it until you publish it.'),
    ).toBeInTheDocument();
    expect(await sent(`POST ${staffApiPath(STAFF_API.catalogueDuplicate, { id: EDITED_ID })}`)).toEqual([{}]);
  });

  it('is not offered over unsaved edits', async () => {
    await openEditor();
    type('English name', 'Changed');
    expect(screen.getByRole('button', { name: 'Duplicate this product' })).toBeDisabled();
    expect(screen.getByText('Save or discard your changes first.')).toBeInTheDocument();
  });
});
