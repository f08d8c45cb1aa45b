import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSentWithBodies } from '@test/msw';
import { servedCatalogueEditor, type FakeCatalogue } from '../../testing/catalogueHandlers';
import { draftBodies, openEditor } from '../../testing/productEditor';
import { renderStaffApp } from '../../testing/renderStaff';
import { problemsOf } from '../catalogueCalls';
import { shownKind } from './DescriptionEditor';
import { problemsInItem } from './editorParts';

let catalogue: FakeCatalogue;
beforeEach(() => ({ catalogue } = servedCatalogueEditor(2)));

const gland = () => catalogue.products[0]!.product;
const description = (language: 'English' | 'Arabic') => screen.getByRole('group', { name: `${language} description` });

describe('the product edit page', () => {
  it('shows both languages side by side, and the description as rows of their kind, never as JSON', async () => {
    await openEditor();
    expect(screen.getByRole('textbox', { name: 'English name' })).toHaveValue('CW Brass Cable Gland');
    expect(screen.getByRole('textbox', { name: 'Arabic name' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('textbox', { name: /^Price \(AED\)/ })).toHaveValue('12.50');
    const en = within(description('English'));
    const row = (n: number) => within(en.getByRole('group', { name: `English description row ${n}` }));
    expect(row(1).getByRole('combobox', { name: 'Row 1 kind' })).toHaveDisplayValue('Key and value');
    expect(row(1).getByRole('textbox', { name: 'Row 1 key' })).toHaveValue('Material');
    expect(row(1).getByRole('textbox', { name: 'Row 1 value' })).toHaveValue('Brass CZ121');
    expect(row(2).getByRole('combobox', { name: 'Row 2 kind' })).toHaveDisplayValue('Sub-heading');
    expect(row(3).getByRole('combobox', { name: 'Row 3 kind' })).toHaveDisplayValue('List item (-)');
    expect(row(3).getByRole('textbox', { name: 'Row 3 list item' })).toHaveValue('PVC shroud');
    expect(row(4).getByRole('combobox', { name: 'Row 4 kind' })).toHaveDisplayValue('Note paragraph (^)');
    expect(row(5).getByRole('combobox', { name: 'Row 5 section' })).toHaveDisplayValue('Application');
    expect(row(6).getByRole('textbox', { name: 'Construction row 1 key' })).toHaveValue('Body');
    const ar = within(description('Arabic'));
    expect(ar.getByRole('textbox', { name: 'Row 1 key' })).toHaveValue('المادة');
    expect(ar.getByRole('textbox', { name: 'Row 1 value' })).toHaveAttribute('lang', 'ar');
    // a block's plain table, cell by cell
    expect(
      screen.getByRole('textbox', { name: 'Text blocks after the table, block 1: table, row 1, column 2' }),
    ).toHaveValue('M20');
    for (const control of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'main input, main textarea',
    )) {
      expect(control.value).not.toMatch(/^\s*[[{]/);
    }
  });

  it('saves a draft with the edits in both languages, then publishes it', async () => {
    await openEditor();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    fireEvent.change(within(description('English')).getByRole('textbox', { name: 'Row 1 value' }), {
      target: { value: 'Brass CZ122' },
    });
    fireEvent.change(within(description('Arabic')).getByRole('textbox', { name: 'Row 1 value' }), {
      target: { value: 'نحاس CZ122' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price \(AED\)/ }), { target: { value: '14.75' } });
    // a new row, turned into a list item
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to the English description' }));
    const newRow = within(within(description('English')).getByRole('group', { name: 'English description row 7' }));
    fireEvent.change(newRow.getByRole('textbox', { name: 'Row 7 key' }), { target: { value: 'Finish' } });
    expect(newRow.getByRole('combobox', { name: 'Row 7 kind' })).toHaveDisplayValue('Key and value');
    fireEvent.change(newRow.getByRole('textbox', { name: 'Row 7 value' }), { target: { value: 'Nickel plated' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    const [sent] = await draftBodies();
    expect(sent?.baseVersion).toBe(0);
    expect(sent?.content.price).toBe('14.75');
    expect((sent?.content.details.description as unknown[])[0]).toEqual({ key: 'Material', value: 'Brass CZ122' });
    expect((sent?.content.details.description as unknown[])[6]).toEqual({ key: 'Finish', value: 'Nickel plated' });
    expect((sent?.content.details_ar.description as unknown[])[0]).toEqual({ key: 'المادة', value: 'نحاس CZ122' });
    // the fields the editor does not show travel untouched
    expect(sent?.content.details.companyImg).toEqual(['/images/brands/hex.svg']);
    expect(screen.getByText(/A draft is pending: saved by layla@crescent\.example/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: the catalogue shows this content now.')).toBeInTheDocument();
    expect(gland().published.price).toBe('14.75');
    expect(gland().draft).toBeNull();
  });

  it('a save refused as stale says who changed it and when, keeps the edits, and can load the latest or save over it', async () => {
    await openEditor();
    // someone else saves a draft first
    gland().version = 4;
    gland().draft = {
      content: { ...gland().published, price: '99.00' },
      basedOn: 3,
      savedBy: 'omar@crescent.example',
      savedAt: '2026-11-25T09:15:00.000Z',
    };
    gland().lastChange = { by: 'omar@crescent.example', at: '2026-11-25T09:15:00.000Z' };
    const price = screen.getByRole('textbox', { name: /^Price \(AED\)/ });
    fireEvent.change(price, { target: { value: '15.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByText(/Not saved: omar@crescent\.example changed this product on 25 Nov 2026/);
    expect(alert).toHaveTextContent('(version 4)');
    expect(alert).toHaveTextContent('Your edits are still in the form.');
    expect(price).toHaveValue('15.00');

    fireEvent.click(screen.getByRole('button', { name: 'Save my edits over theirs' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    expect((await draftBodies()).map((body) => [body.baseVersion, body.content.price])).toEqual([
      [0, '15.00'],
      [4, '15.00'],
    ]);

    // and once more stale: this time the latest is loaded instead
    gland().version = 9;
    gland().draft = {
      content: { ...gland().published, price: '42.00' },
      basedOn: 8,
      savedBy: 'omar@crescent.example',
      savedAt: '2026-11-25T09:30:00.000Z',
    };
    fireEvent.change(screen.getByRole('textbox', { name: /^Price \(AED\)/ }), { target: { value: '16.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Load the latest version (discards your edits)' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Price \(AED\)/ })).toHaveValue('42.00'));

    // a publish refused as stale says so too
    gland().version = 10;
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/^Not published: layla@crescent\.example changed this product/)).toHaveTextContent(
      'Load the latest version to see what they changed.',
    );
    expect(screen.queryByRole('button', { name: 'Save my edits over theirs' })).toBeNull();
  });

  it("shows the server's 400 problems at the fields their paths name, and saves nothing", async () => {
    await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: /^Price \(AED\)/ }), { target: { value: '12,50 AED' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Arabic name' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Category id/ }), { target: { value: 'no_such_category' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not saved: 3 problems to fix.')).toBeInTheDocument();
    const price = screen.getByRole('textbox', { name: /^Price \(AED\)/ });
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining('bad price "12,50 AED"'));
    expect(screen.getByRole('textbox', { name: 'Arabic name' })).toHaveAccessibleDescription(
      'missing Arabic: productName_ar is empty',
    );
    // its words do not name the field: its path does
    const category = screen.getByRole('textbox', { name: /^Category id/ });
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(category).toHaveAccessibleDescription(expect.stringContaining('unknown category "no_such_category"'));
    expect(screen.getByRole('textbox', { name: 'English name' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(gland().draft).toBeNull();
  });

  it('a problem of a specification block shows at that block, in its language only', async () => {
    await openEditor();
    const english = within(screen.getByRole('group', { name: 'English summary specification' }));
    fireEvent.click(english.getByRole('button', { name: 'Add a English specification block' }));
    // its one line removed: the block holds nothing, which the catalogue refuses
    fireEvent.click(english.getByRole('button', { name: 'Remove line 1 of Block 1 specification lines' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not saved: one problem to fix.')).toBeInTheDocument();
    expect(english.getByRole('group', { name: 'Specification block 1' })).toHaveAccessibleDescription(
      'details: Specification.0: empty specification block',
    );
    expect(
      within(screen.getByRole('list', { name: 'Problems in the English details' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Problems in the Arabic details' })).toBeNull();
  });

  it('edits the product table cell by cell and a block table, keeping nested cells and numbers in their shape', async () => {
    const table = {
      productDetailTableColumns: [
        [
          { id: 'h_size', name: 'Size' },
          { id: 'h_thread', name: 'Thread', colSpan: 2 },
        ],
        [
          { id: 'size', name: '' },
          { id: 'thread.mm', name: 'mm' },
          { id: 'thread.inch', name: 'Inch' },
        ],
      ],
      productDetailTableData: [{ size: 20, thread: { mm: 'M20', inch: '3/4"' } }],
    };
    gland().published = { ...gland().published, details: { ...gland().published.details, ...table } };
    await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'English product table, row 1, column 1 (size)' }), {
      target: { value: '25' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'English product table, row 1, column 2 (mm)' }), {
      target: { value: 'M25' },
    });
    fireEvent.change(
      screen.getByRole('textbox', { name: 'English product table, heading row 1, heading 2 (h_thread)' }),
      { target: { value: 'Thread size' } },
    );
    fireEvent.change(
      screen.getByRole('textbox', { name: 'Text blocks after the table, block 1: table, header, column 1' }),
      { target: { value: 'Gland size' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Text blocks after the table, block 1: table' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    const [sent] = await draftBodies();
    expect(sent?.content.details.productDetailTableData).toEqual([{ size: 25, thread: { mm: 'M25', inch: '3/4"' } }]);
    expect((sent?.content.details.productDetailTableColumns as { name: string }[][])[0]![1]!.name).toBe('Thread size');
    expect((sent?.content.details.detailDescription as { table: string[][] }[])[0]!.table).toEqual([
      ['Gland size', 'Thread'],
      ['20S', 'M20'],
      ['', ''],
    ]);
  });

  it('a problem of a description row shows at that row', async () => {
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to the Arabic description' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not saved: one problem to fix.')).toBeInTheDocument();
    const row = within(description('Arabic')).getByRole('group', { name: 'Arabic description row 3' });
    expect(row).toHaveAccessibleDescription("details_ar: description.2.value: the '' entry needs a value");
    expect(
      within(screen.getByRole('list', { name: 'Problems in the Arabic details' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('withdraws the product after asking once more, says so, and puts it back', async () => {
    await openEditor();
    const section = screen.getByRole('region', { name: 'In the catalogue' });
    fireEvent.click(within(section).getByRole('button', { name: 'Withdraw from the catalogue' }));
    expect(section).toHaveTextContent('Withdraw this product? It leaves the listings, search and quote baskets');
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(gland().archived ?? null).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Withdraw from the catalogue' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Withdraw' }));
    expect(
      await within(section).findByText('Withdrawn: the catalogue no longer shows this product.'),
    ).toBeInTheDocument();
    expect(
      await within(section).findByText(/^Withdrawn from the catalogue by layla@crescent\.example on /),
    ).toBeInTheDocument();
    expect(gland().archived).not.toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Put back in the catalogue' }));
    expect(await within(section).findByText('Put back: the catalogue shows this product again.')).toBeInTheDocument();
    expect(gland().archived).toBeNull();
    const posts = (await requestsSentWithBodies()).filter(({ request }) => /archive$/.test(request));
    expect(posts.map(({ request, body }) => [request.replace(/^POST \S+\/products\/[^/]+\//, ''), body])).toEqual([
      ['archive', { baseVersion: 0 }],
      ['unarchive', { baseVersion: 1 }],
    ]);
  });

  it('does not withdraw over unsaved edits', async () => {
    await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'English name' }), { target: { value: 'CW Brass Gland' } });
    const section = screen.getByRole('region', { name: 'In the catalogue' });
    expect(within(section).getByRole('button', { name: 'Withdraw from the catalogue' })).toBeDisabled();
    expect(section).toHaveTextContent('Save the draft or load the latest version first.');
  });

  it('schedules the saved draft at a Dubai time, refuses a past one in words, changes and cancels it', async () => {
    await openEditor();
    const section = within(screen.getByRole('region', { name: 'Schedule' }));
    expect(section.getByText('Nothing to schedule: save a draft first.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'English name' }), { target: { value: 'CW Gland 2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const when = await section.findByLabelText(/^Publish on \(Dubai time\)/);
    fireEvent.change(when, { target: { value: '2020-01-01T00:00' } });
    fireEvent.click(section.getByRole('button', { name: 'Schedule' }));
    expect(
      await section.findByText('1 Jan 2020, 00:00 (Dubai time) has passed: choose a later date and time.'),
    ).toBeInTheDocument();

    fireEvent.change(when, { target: { value: '2027-01-01T00:00' } });
    fireEvent.click(section.getByRole('button', { name: 'Schedule' }));
    expect(
      await section.findByText('Scheduled: the draft goes live on 1 Jan 2027, 00:00 (Dubai time).'),
    ).toBeInTheDocument();
    expect(
      section.getByText(/^Scheduled to publish on 1 Jan 2027, 00:00 \(Dubai time\) by layla@crescent\.example\./),
    ).toBeInTheDocument();
    // stored as the instant: midnight in Dubai is 20:00 UTC the day before
    expect(gland().schedule?.dueAt).toBe('2026-12-31T20:00:00.000Z');

    fireEvent.click(section.getByRole('button', { name: 'Change' }));
    expect(section.getByLabelText(/^Publish on \(Dubai time\)/)).toHaveValue('2027-01-01T00:00');
    fireEvent.change(section.getByLabelText(/^Publish on \(Dubai time\)/), { target: { value: '2027-01-02T09:30' } });
    fireEvent.click(section.getByRole('button', { name: 'Save the new time' }));
    expect(await section.findByText(/^Scheduled to publish on 2 Jan 2027, 09:30 \(Dubai time\)/)).toBeInTheDocument();

    fireEvent.click(section.getByRole('button', { name: 'Cancel schedule' }));
    expect(
      await section.findByText('Schedule cancelled: the draft stays a draft until you publish it.'),
    ).toBeInTheDocument();
    expect(gland().schedule).toBeNull();
    expect(gland().draft?.content.productName).toBe('CW Gland 2027');
    // five round trips to the fake server, each drawn again: past jest's 5 s for a whole test once on a loaded machine
  }, 15_000);

  it('shows a schedule that failed, in words', async () => {
    catalogue.products[0]!.product = {
      ...gland(),
      schedule: {
        id: 'schedule-9',
        state: 'failed',
        dueAt: '2026-12-31T20:00:00.000Z',
        scheduledBy: 'yusuf@crescent.example',
        scheduledAt: '2026-11-20T08:00:00.000Z',
        failure: 'Not published: this product is archived: restore it (unarchive) before changing it.',
      },
    };
    await openEditor();
    expect(screen.getByRole('region', { name: 'Schedule' })).toHaveTextContent(
      'The publish scheduled for 1 Jan 2027, 00:00 (Dubai time) by yusuf@crescent.example did not happen. Not published: this product is archived',
    );
  });

  it('an unknown product is said so', async () => {
    renderStaffApp('/catalogue/no_such_product');
    expect(await screen.findByText('There is no product no_such_product.')).toBeInTheDocument();
  });
});

describe('the server problems', () => {
  it("are read from the answer's problems, one each, at the field their path names, never by their words", () => {
    const problems = problemsOf([
      { path: ['content', 'productName_ar'], message: 'missing Arabic: productName_ar is empty' },
      { path: ['content', 'details_ar', 'description', 0, 'key'], message: 'details_ar: description.0.key: bad' },
      { path: ['content', 'price'], message: 'bad price "x": …' },
      { path: ['content', 'productCategoryId'], message: 'unknown category "x"' },
      { path: ['content', 'popularity'], message: 'Invalid input: expected string, received number' },
      { path: ['content', 'productName'], message: 'productName must be text' },
      { path: ['id'], message: 'id: taken' },
      { path: [], message: 'missing Arabic: productName_ar is empty' },
      { path: ['content', 'variants', 1, 'price'], message: 'variant 2 (CW-25): bad price "1.555": …' },
      {
        path: ['content', 'variants'],
        message: 'At least one variant must be published: a product with none cannot be ordered.',
      },
    ]);
    expect(problems).toEqual([
      { field: 'productName_ar', at: [], text: 'missing Arabic: productName_ar is empty' },
      { field: 'details_ar', at: ['description', 0, 'key'], text: 'details_ar: description.0.key: bad' },
      { field: 'price', at: [], text: 'bad price "x": …' },
      // a message that does not say its field is given its place
      { field: 'productCategoryId', at: [], text: 'productCategoryId: unknown category "x"' },
      { field: 'popularity', at: [], text: 'popularity: Invalid input: expected string, received number' },
      { field: 'productName', at: [], text: 'productName must be text' },
      { field: 'id', at: [], text: 'id: taken' },
      // at [] it is about the request as a whole: the summary's alone, whatever its words name
      { field: undefined, at: [], text: 'missing Arabic: productName_ar is empty' },
      // a variant's: its place tells the variants' rows where to show it; its words name the variant
      { field: 'variants', at: [1, 'price'], text: 'variant 2 (CW-25): bad price "1.555": …' },
      {
        field: 'variants',
        at: [],
        text: 'At least one variant must be published: a product with none cannot be ordered.',
      },
    ]);
  });

  it('name the row or block of a detail document they are about by their place', () => {
    const problems = [
      { at: ['description', 3, 'key'], text: 'row 4' },
      { at: ['description', 0], text: 'row 1' },
      { at: ['Specification', 3], text: 'block 4' },
      { at: ['detail', 0], text: 'a paragraph' },
      { at: [], text: 'the document' },
    ];
    expect(problemsInItem(problems, 'description', 3)).toEqual(['row 4']);
    expect(problemsInItem(problems, 'description', 0)).toEqual(['row 1']);
    expect(problemsInItem(problems, 'Specification', 3)).toEqual(['block 4']);
    expect(problemsInItem(problems, 'description', 1)).toEqual([]);
  });

  it('a row being typed keeps the kind chosen for it', () => {
    expect(shownKind('row', { key: 'Finish', value: '' })).toBe('row');
    expect(shownKind('row', { key: '', value: '' })).toBe('row');
    expect(shownKind(undefined, { key: 'Finish', value: '' })).toBe('subheading');
    expect(shownKind('row', { key: '-1', value: 'x' })).toBe('item');
  });
});
