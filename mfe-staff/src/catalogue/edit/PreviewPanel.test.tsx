import { fireEvent, screen, within } from '@testing-library/react';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../../testing/handlers';
import { CATALOGUE_EDITOR, catalogueHandlers, fakeCatalogue, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { server } from '@test/msw';
import { EDITED_ID, openEditor } from '../../testing/productEditor';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => {
  fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  catalogue = fakeCatalogue(1);
  server.use(...staffHandlers(fake), ...catalogueHandlers(catalogue, () => fake.session));
});

const previewRegion = () => screen.getByRole('region', { name: 'Preview' });

describe('the edit page’s preview panel', () => {
  it('frames the server’s preview only once opened, in either language, and draws it again after a save', async () => {
    await openEditor();
    // nothing is loaded until the panel is opened
    expect(within(previewRegion()).queryByTitle(/^Preview of the saved draft/)).toBeNull();
    const summary = within(previewRegion()).getByText('Preview the saved draft as the public page');
    const details = summary.closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const frame = await within(previewRegion()).findByTitle('Preview of the saved draft (English)');
    const before = frame.getAttribute('src');
    expect(before).toMatch(new RegExp(`^/staff/preview/products/${EDITED_ID}\\?v=\\d+$`));
    expect(within(previewRegion()).getByRole('link', { name: 'Open the preview in a new tab' })).toHaveAttribute('href', `/staff/preview/products/${EDITED_ID}`);

    fireEvent.click(within(previewRegion()).getByRole('radio', { name: 'Arabic' }));
    expect(await within(previewRegion()).findByTitle('Preview of the saved draft (Arabic)')).toHaveAttribute('src', expect.stringMatching(new RegExp(`^/staff/preview/ar/products/${EDITED_ID}\\?v=\\d+$`)));

    // an edit: the note says the frame shows the saved draft; saving draws it again (a new version in its address)
    fireEvent.change(screen.getByRole('textbox', { name: /^Price \(AED\)/ }), { target: { value: '19.95' } });
    expect(within(previewRegion()).getByText('You have unsaved changes: save the draft to see them here.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    expect(within(previewRegion()).queryByText('You have unsaved changes: save the draft to see them here.')).toBeNull();
    const after = within(previewRegion()).getByTitle('Preview of the saved draft (Arabic)').getAttribute('src');
    expect(after).not.toBe(before?.replace('/products/', '/ar/products/'));
  });
});
