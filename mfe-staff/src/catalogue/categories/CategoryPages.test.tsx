import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSent } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { DUBAI_STAFF, sessionOf, type FakeStaffServer } from '../../testing/handlers';
import { servedCatalogueEditor } from '../../testing/catalogueHandlers';
import { servedCategories, type FakeCategories } from '../../testing/categoryHandlers';
import { axeViolations } from '../../testing/axe';
import { currentAddress, renderStaffApp } from '../../testing/renderStaff';

let fake: FakeStaffServer;
let state: FakeCategories;
beforeEach(() => {
  servedCatalogueEditor(2);
  ({ fake, categories: state } = servedCategories());
});

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('the category screens', () => {
  it('are reached from the catalogue list: every category in order with its products, each opening its edit page', async () => {
    renderStaffApp('/catalogue');
    fireEvent.click(await screen.findByRole('link', { name: 'Categories' }));
    const table = await screen.findByRole('table', { name: "Categories, in the catalogue's order" });
    expect(currentAddress()).toBe('/catalogue-categories');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Cables (cables)',
      'Industrial Cable Glands (industrial_cable_glands)',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'جلندات الكابلات الصناعية', '5', 'Live', 'Done']);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(table).getByRole('link', { name: 'Industrial Cable Glands' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Category: Industrial Cable Glands' }),
    ).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-categories/industrial_cable_glands');
  });

  it('edits every field in both languages and saves it with the version it was opened at', async () => {
    renderStaffApp('/catalogue-categories/industrial_cable_glands');
    expect(await screen.findByText('5 products in it. Version 0.')).toBeInTheDocument();
    expect(field('Arabic title')).toHaveAttribute('dir', 'rtl');
    expect(field('Arabic introduction')).toHaveAttribute('lang', 'ar');
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(field('English title'), { target: { value: 'Cable Glands' } });
    fireEvent.change(field('Arabic introduction'), { target: { value: 'سطر\nواحد' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Picture/ }), { target: { value: 'Cables' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Order/ }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Saved (version 1). The public pages show it now.')).toBeInTheDocument();
    expect(state.categories[1]).toMatchObject({
      version: 1,
      content: {
        title: 'Cable Glands',
        info_ar: 'سطر واحد',
        image: 'Cables',
        position: 7,
        title_ar: 'جلندات الكابلات الصناعية',
      },
    });
    expect(requestsSent()).toContain(`PUT ${STAFF_API.catalogueCategories}/industrial_cable_glands`);
  });

  it('shows a refusal at the fields it names, and a save someone else beat keeps the form and offers their version', async () => {
    renderStaffApp('/catalogue-categories/industrial_cable_glands');
    await screen.findByText('5 products in it. Version 0.');
    fireEvent.change(field('English title'), { target: { value: '' } });
    fireEvent.change(field('English introduction'), { target: { value: 'Glands <b>now</b>' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Edit the category' }));
    expect(await screen.findByText(/^Not saved: The category was not saved: 2 problems/)).toBeInTheDocument();
    expect(field('English title')).toHaveAccessibleDescription(expect.stringContaining('title is required'));
    expect(field('English introduction')).toHaveAccessibleDescription(
      expect.stringContaining('info is plain text on the site'),
    );
    // each at the field its path names: 'title' and 'info' are not 'title_ar' and 'info_ar'
    expect(field('Arabic title')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Arabic introduction')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    // the schema's refusal of the order, at ['content', 'position']
    fireEvent.change(field('English title'), { target: { value: 'Cable Glands' } });
    fireEvent.change(field('English introduction'), { target: { value: 'Glands.' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Order/ }), { target: { value: '-1' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Edit the category' }));
    expect(await screen.findByText('Not saved: position must be 0 or more')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /^Order/ })).toHaveAccessibleDescription(
      expect.stringContaining('position must be 0 or more'),
    );
    expect(field('English title')).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Order/ }), { target: { value: '2' } });

    // a colleague saves first
    state.categories[1] = {
      ...state.categories[1]!,
      version: 1,
      content: { ...state.categories[1]!.content, title: 'Their title' },
      lastChange: { by: 'sara@crescent.example', at: '2026-11-26T06:00:00.000Z' },
    };
    fireEvent.change(field('English title'), { target: { value: 'My title' } });
    fireEvent.change(field('English introduction'), { target: { value: 'Mine.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(
      await screen.findByText(
        /^Not saved: sara@crescent\.example changed this category \(version 1\) after you opened version 0/,
      ),
    ).toBeInTheDocument();
    expect(field('English title')).toHaveValue('My title');
    expect(state.categories[1].content.title).toBe('Their title');
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(field('English title')).toHaveValue('Their title'));
    fireEvent.change(field('English title'), { target: { value: 'My title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Saved (version 2). The public pages show it now.')).toBeInTheDocument();
  });

  it('creates a category, placed last, and opens its edit page; a taken id is shown at the id', async () => {
    renderStaffApp('/catalogue-categories');
    fireEvent.click(await screen.findByRole('link', { name: 'New category' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New category' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /^Order/ })).toHaveValue(3));
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(field('Id'), { target: { value: 'cables' } });
    fireEvent.change(field('English title'), { target: { value: 'Cable Trays' } });
    fireEvent.change(field('Arabic title'), { target: { value: 'حوامل الكابلات' } });
    fireEvent.change(field('English introduction'), { target: { value: 'Ladder trays.' } });
    fireEvent.change(field('Arabic introduction'), { target: { value: 'حوامل سلمية.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the category' }));
    expect(await screen.findByText(/^Not created: id: the category "cables" already exists/)).toBeInTheDocument();
    expect(field('Id')).toHaveAccessibleDescription(expect.stringContaining('already exists'));
    fireEvent.change(field('Id'), { target: { value: 'cable_trays' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the category' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Category: Cable Trays' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-categories/cable_trays');
    expect(state.categories.at(-1)).toMatchObject({
      id: 'cable_trays',
      content: { position: 3, title_ar: 'حوامل الكابلات' },
    });
  });

  it('duplicates a category under the id the editor confirms as a draft, publishes the copy, archives it and puts it back', async () => {
    renderStaffApp('/catalogue-categories/industrial_cable_glands');
    expect(await screen.findByText('Live on the public site.')).toBeInTheDocument();
    expect(field('Id of the copy')).toHaveValue('industrial_cable_glands_copy');
    fireEvent.change(field('Id of the copy'), { target: { value: 'cables' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate this category' }));
    await waitFor(() =>
      expect(field('Id of the copy')).toHaveAccessibleDescription(
        expect.stringContaining('id: the category "cables" already exists'),
      ),
    );
    fireEvent.change(field('Id of the copy'), { target: { value: 'glands_copy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate this category' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Category: Industrial Cable Glands (copy)' }),
    ).toBeInTheDocument();
    expect(currentAddress()).toBe('/catalogue-categories/glands_copy');
    expect(await screen.findByText('Draft: not on the public site until it is published.')).toBeInTheDocument();
    expect(field('Arabic title')).toHaveValue('جلندات الكابلات الصناعية (نسخة)');
    expect(field('Id of the copy')).toHaveValue('glands_copy_copy');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Publish the category' }));
    expect(await screen.findByText('Published: the public pages show this category now.')).toBeInTheDocument();
    expect(screen.getByText('Live on the public site.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Archive the category' }));
    expect(screen.getByText(/^Archive this category\? It leaves the menus/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archived: the public site no longer shows this category.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Archived: gone from the menus, the categories page, search and the sitemap/),
    ).toBeInTheDocument();
    expect(state.categories.find((category) => category.id === 'glands_copy')).toMatchObject({
      state: 'archived',
      version: 3,
    });
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Put back on the site' }));
    expect(await screen.findByText('Live on the public site.')).toBeInTheDocument();
    expect(requestsSent()).toEqual(
      expect.arrayContaining([
        `POST ${STAFF_API.catalogueCategories}/industrial_cable_glands/duplicate`,
        `POST ${STAFF_API.catalogueCategories}/glands_copy/publish`,
        `POST ${STAFF_API.catalogueCategories}/glands_copy/archive`,
      ]),
    );
  });

  it("shows the server's refusal to archive a category that still holds products, and offers no change over unsaved edits", async () => {
    renderStaffApp('/catalogue-categories/industrial_cable_glands');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive the category' }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Not changed: This category still holds 5 live products: withdraw them/,
    );
    expect(state.categories[1]).toMatchObject({ state: 'live', version: 0 });
    fireEvent.change(field('English title'), { target: { value: 'Edited' } });
    expect(screen.getByRole('button', { name: 'Archive the category' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Duplicate this category' })).toBeDisabled();
    expect(screen.getAllByText('Save your changes or load the latest version first.')).toHaveLength(2);
  });

  it('lists where each category stands on the public site', async () => {
    state.categories.push({
      ...state.categories[1]!,
      id: 'old_glands',
      state: 'archived',
      products: 0,
      content: { ...state.categories[1]!.content, title: 'Old Glands', position: 5 },
    });
    renderStaffApp('/catalogue-categories');
    const table = await screen.findByRole('table', { name: "Categories, in the catalogue's order" });
    const row = within(table).getByRole('row', { name: /Old Glands/ });
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('Archived');
  });

  it('is not for branch staff, and asks the server nothing for them', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/catalogue-categories/industrial_cable_glands');
    expect(
      await screen.findByText('Only administrators and catalogue editors can open this page.'),
    ).toBeInTheDocument();
    expect(requestsSent().filter((request) => request.includes(STAFF_API.catalogueCategories))).toEqual([]);
  });
});
