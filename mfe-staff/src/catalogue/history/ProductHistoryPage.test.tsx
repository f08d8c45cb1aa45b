import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { server } from '@test/msw';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../../testing/handlers';
import {
  CATALOGUE_EDITOR,
  catalogueHandlers,
  fakeCatalogue,
  glandContent,
  type FakeCatalogue,
} from '../../testing/catalogueHandlers';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';
import { diffValueText } from './ProductHistoryPage';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => {
  fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  catalogue = fakeCatalogue(1);
  // two publishes after the seed: the price, then the English name
  const entry = catalogue.products[0]!;
  const v1 = glandContent({ price: '14.75' });
  const v2 = glandContent({ price: '14.75', productName: 'CW Brass Gland' });
  entry.versions = [
    {
      version: 4,
      publishedBy: 'omar@crescent.example',
      publishedAt: '2026-11-24T12:00:00.000Z',
      content: v2,
      onSchedule: true,
    },
    {
      version: 2,
      publishedBy: CATALOGUE_EDITOR.email,
      publishedAt: '2026-11-23T12:00:00.000Z',
      content: v1,
      action: 'import',
      importedFrom: 'price-list.csv',
      importJob: 'job-12',
    },
    { version: 0, publishedBy: null, publishedAt: '2026-01-15T00:00:00.000Z', content: glandContent() },
  ];
  entry.product = {
    ...entry.product,
    version: 4,
    published: v2,
    lastChange: { by: 'omar@crescent.example', at: '2026-11-24T12:00:00.000Z' },
  };
  server.use(...staffHandlers(fake), ...catalogueHandlers(catalogue, () => fake.session));
});

describe('the product history page', () => {
  it('lists the versions, shows the fields that differ between the last two, and compares any two', async () => {
    renderStaffApp('/catalogue/hex_cw_brass_cable_gland/history');
    const versions = await screen.findByRole('table', { name: 'Published versions, newest first' });
    expect(
      within(versions)
        .getAllByRole('row')
        .map((row) => row.querySelector('th, td')?.textContent),
    ).toEqual(['Version', 'Version 4', 'Version 2', 'Version 0 (before the editor)']);
    expect(within(versions).getByText('Seed or import')).toBeInTheDocument();
    // a version a schedule published names who scheduled it
    expect(within(versions).getAllByRole('row')[1]!).toHaveTextContent(
      'Published on schedule, scheduled by omar@crescent.example',
    );
    // an import's version says by whom and from which file, and leads to the import's report
    const imported = within(versions).getAllByRole('row')[2]!;
    expect(imported).toHaveTextContent(
      `Imported by ${CATALOGUE_EDITOR.email} from price-list.csv (the import’s report)`,
    );
    expect(within(imported).getByRole('link', { name: 'the import’s report' })).toHaveAttribute(
      'href',
      '/catalogue-file/jobs/job-12',
    );
    const diff = await screen.findByRole('table', { name: 'Fields that differ from version 2 to version 4' });
    const nameRow = within(diff).getByRole('rowheader', { name: 'productName' }).closest('tr')!;
    expect(within(nameRow).getByText('CW Brass Cable Gland')).toBeInTheDocument();
    expect(within(nameRow).getByText('CW Brass Gland')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'From version' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const wider = await screen.findByRole('table', { name: 'Fields that differ from version 0 to version 4' });
    expect(within(wider).getByRole('rowheader', { name: 'price' })).toBeInTheDocument();
  });

  it('restores a version as a new draft, and the editor shows it', async () => {
    renderStaffApp('/catalogue/hex_cw_brass_cable_gland/history');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 0 as a draft' }));
    expect(await screen.findByText(/Version 0 \(before the editor\) is now the draft/)).toBeInTheDocument();
    const product = catalogue.products[0]!.product;
    expect(product.draft?.content.price).toBe('12.50');
    expect(product.published.price).toBe('14.75');
    fireEvent.click(screen.getByRole('button', { name: 'Open the editor' }));
    await waitFor(() => expect(currentAddress()).toBe('/catalogue/hex_cw_brass_cable_gland'));
    expect(await screen.findByRole('textbox', { name: /^Price \(AED\)/ })).toHaveValue('12.50');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('a restore refused as stale says who changed the product', async () => {
    renderStaffApp('/catalogue/hex_cw_brass_cable_gland/history');
    const restore = await screen.findByRole('button', { name: 'Restore version 2 as a draft' });
    await waitFor(() => expect(restore).toBeEnabled());
    catalogue.products[0]!.product.version = 5;
    fireEvent.click(restore);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Not restored: omar@crescent\.example changed this product on 24 Nov 2026/,
    );
  });
});

describe('diffValueText', () => {
  it('shows text as it is and other values as JSON', () => {
    expect(diffValueText('12.50')).toBe('12.50');
    expect(diffValueText(null)).toBe('(none)');
    expect(diffValueText('')).toBe('(empty)');
    expect(diffValueText({ key: 'Material', value: 'Brass' })).toContain('"key": "Material"');
  });
});
