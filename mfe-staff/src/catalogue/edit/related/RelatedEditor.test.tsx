// The editor's related parts section (docs/decisions/040-related-parts.md) over the fake staff server: a link added
// by kind and code travels in the draft's English document, and a code the catalogue lacks is refused at its row.
import { fireEvent, screen, within } from '@testing-library/react';
import { servedCatalogueEditor, type FakeCatalogue } from '../../../testing/catalogueHandlers';
import { draftBodies, openEditor } from '../../../testing/productEditor';

let catalogue: FakeCatalogue;
beforeEach(() => ({ catalogue } = servedCatalogueEditor(2)));

const section = () => within(screen.getByRole('group', { name: 'Accessories and alternatives' }));

describe('the related parts section', () => {
  it('adds, moves and removes links by kind and code, saves them in the English details in order, and publishes them', async () => {
    await openEditor();
    fireEvent.click(section().getByRole('button', { name: 'Add a related part' }));
    fireEvent.change(section().getByRole('textbox', { name: 'Code of related part 1' }), { target: { value: 'P-1' } });
    fireEvent.click(section().getByRole('button', { name: 'Add a related part' }));
    fireEvent.change(section().getByRole('combobox', { name: 'Kind of related part 2' }), {
      target: { value: 'alternative' },
    });
    expect(section().getByRole('combobox', { name: 'Kind of related part 2' })).toHaveDisplayValue('Alternatives');
    fireEvent.change(section().getByRole('textbox', { name: 'Code of related part 2' }), { target: { value: 'X-1' } });
    fireEvent.click(section().getByRole('button', { name: 'Move related part 2 up' }));
    expect(section().getByRole('textbox', { name: 'Code of related part 1' })).toHaveValue('X-1');
    fireEvent.click(section().getByRole('button', { name: 'Remove related part 1' }));
    expect(section().getAllByRole('textbox')).toHaveLength(1);
    expect(section().getByRole('combobox', { name: 'Kind of related part 1' })).toHaveDisplayValue('Fits with');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    const [sent] = await draftBodies();
    expect(sent?.content.details.related).toEqual([{ kind: 'accessory', code: 'P-1' }]);
    expect(sent?.content.details_ar.related).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: the catalogue shows this content now.')).toBeInTheDocument();
    expect(catalogue.products[0]!.product.published.details.related).toEqual([{ kind: 'accessory', code: 'P-1' }]);
  });

  it("shows the server's refusal of an unknown code at its row, and saves nothing", async () => {
    await openEditor();
    fireEvent.click(section().getByRole('button', { name: 'Add a related part' }));
    fireEvent.change(section().getByRole('textbox', { name: 'Code of related part 1' }), {
      target: { value: 'NO-SUCH-PART' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not saved: one problem to fix.')).toBeInTheDocument();
    expect(section().getByRole('textbox', { name: 'Code of related part 1' })).toHaveAccessibleDescription(
      /^details: related part "NO-SUCH-PART" is not in the catalogue/,
    );
    expect(catalogue.products[0]!.product.draft).toBeNull();
  });
});
