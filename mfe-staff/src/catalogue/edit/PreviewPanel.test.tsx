import { act, fireEvent, screen, within } from '@testing-library/react';
import type { LoadProductPreview, ProductPreviewProps } from '@site/contracts/product-preview';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../../testing/handlers';
import {
  CATALOGUE_EDITOR,
  catalogueHandlers,
  fakeCatalogue,
  glandContent,
  type FakeCatalogue,
} from '../../testing/catalogueHandlers';
import { server } from '@test/msw';
import { EDITED_ID, openEditor } from '../../testing/productEditor';
import { PREVIEW_DELAY_MS } from './PreviewPanel';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => {
  fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  catalogue = fakeCatalogue(1);
  server.use(...staffHandlers(fake), ...catalogueHandlers(catalogue, () => fake.session));
});

const previewRegion = () => screen.getByRole('region', { name: 'Preview' });

function openPanel() {
  const details = within(previewRegion()).getByText('Preview as the public page').closest('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
}

/** The catalogue's module as the host would load it, drawing what it is given (the real one: mfe-catalogue's tests). */
function StandInPreview({ content, locale, chosenCode }: ProductPreviewProps) {
  return (
    <>
      <p>{`${locale}: ${locale === 'ar' ? content.productName_ar : content.productName}`}</p>
      <p>{`chosen: ${chosenCode ?? 'none'}`}</p>
    </>
  );
}

describe('the edit page’s preview panel', () => {
  it('draws the size chosen in its picker as the public page’s ?variant= would, or none (the range)', async () => {
    const size = (code: string, label: string) => ({
      code,
      mpn: '',
      label,
      label_ar: `مقاس ${label}`,
      price: '12.50',
      unit: 'Nos',
      packQuantity: '',
      published: true,
    });
    const entry = catalogue.products[0]!;
    const content = glandContent({ variants: [size('CW-20S', '20S'), size('CW-25', '25'), size('CW-32', '32')] });
    entry.product = { ...entry.product, published: content };
    await openEditor({ loadProductPreview: () => Promise.resolve({ default: StandInPreview }) });
    openPanel();
    const live = await within(previewRegion()).findByRole('region', { name: 'Live preview (English)' });
    expect(within(live).getByText('chosen: none')).toBeInTheDocument();
    const picker = within(previewRegion()).getByRole('combobox', { name: 'Size shown as chosen' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None: the sizes’ range', 'CW-20S (20S)', 'CW-25 (25)', 'CW-32 (32)']);
    fireEvent.change(picker, { target: { value: 'CW-25' } });
    expect(within(live).getByText('chosen: CW-25')).toBeInTheDocument();
  });

  it('loads the catalogue’s preview once opened and draws the form in it, unsaved edits included, once typing pauses', async () => {
    const load = jest.fn<ReturnType<LoadProductPreview>, []>(() => Promise.resolve({ default: StandInPreview }));
    await openEditor({ loadProductPreview: load });
    expect(load).not.toHaveBeenCalled();
    openPanel();
    const live = await within(previewRegion()).findByRole('region', { name: 'Live preview (English)' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(within(live).getByText('en: CW Brass Cable Gland')).toBeInTheDocument();
    expect(within(previewRegion()).queryByTitle(/^Preview of the saved draft/)).toBeNull();

    jest.useFakeTimers();
    try {
      fireEvent.change(screen.getByRole('textbox', { name: 'English name' }), {
        target: { value: 'CW Brass Cable Gland, nickel' },
      });
      // not at each keystroke: a moment after typing stops
      expect(within(live).getByText('en: CW Brass Cable Gland')).toBeInTheDocument();
      act(() => void jest.advanceTimersByTime(PREVIEW_DELAY_MS));
      expect(within(live).getByText('en: CW Brass Cable Gland, nickel')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    fireEvent.click(within(previewRegion()).getByRole('radio', { name: 'Arabic' }));
    expect(within(previewRegion()).getByRole('region', { name: 'Live preview (Arabic)' })).toHaveTextContent(/^ar: /);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when the live preview cannot be loaded and frames the server’s preview of the saved draft instead, drawn again after a save', async () => {
    await openEditor({ loadProductPreview: () => Promise.reject(new Error('RUNTIME-003')) });
    openPanel();
    expect(
      await within(previewRegion()).findByText(
        'The live preview could not be loaded (the catalogue’s code did not arrive), so this is the saved draft as the server draws it.',
      ),
    ).toBeInTheDocument();
    const frame = within(previewRegion()).getByTitle('Preview of the saved draft (English)');
    const before = frame.getAttribute('src');
    expect(before).toMatch(new RegExp(`^/staff/preview/products/${EDITED_ID}\\?v=\\d+$`));
    expect(
      within(previewRegion()).getByRole('link', { name: 'Open the saved draft’s preview in a new tab' }),
    ).toHaveAttribute('href', `/staff/preview/products/${EDITED_ID}`);

    fireEvent.click(within(previewRegion()).getByRole('radio', { name: 'Arabic' }));
    expect(await within(previewRegion()).findByTitle('Preview of the saved draft (Arabic)')).toHaveAttribute(
      'src',
      expect.stringMatching(new RegExp(`^/staff/preview/ar/products/${EDITED_ID}\\?v=\\d+$`)),
    );

    // an edit: the note says the frame shows the saved draft; saving draws it again (a new version in its address)
    fireEvent.change(screen.getByRole('textbox', { name: /^Price \(AED\)/ }), { target: { value: '19.95' } });
    expect(
      within(previewRegion()).getByText('You have unsaved changes: save the draft to see them here.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    expect(
      within(previewRegion()).queryByText('You have unsaved changes: save the draft to see them here.'),
    ).toBeNull();
    const after = within(previewRegion()).getByTitle('Preview of the saved draft (Arabic)').getAttribute('src');
    expect(after).not.toBe(before?.replace('/products/', '/ar/products/'));
  });

  it('frames the server’s preview under a host that gives no loader', async () => {
    await openEditor();
    openPanel();
    expect(within(previewRegion()).getByText(/^The live preview could not be loaded/)).toBeInTheDocument();
    expect(within(previewRegion()).getByTitle('Preview of the saved draft (English)')).toBeInTheDocument();
  });
});
