import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { server } from '@test/msw';
import type { EditableVariant } from '@site/contracts/staff-catalogue-api';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../../testing/handlers';
import {
  CATALOGUE_EDITOR,
  catalogueHandlers,
  fakeCatalogue,
  glandContent,
  type FakeCatalogue,
} from '../../testing/catalogueHandlers';
import { draftBodies, openEditor } from '../../testing/productEditor';

const variant = (code: string, price: string, size: string): EditableVariant => ({
  code,
  mpn: '',
  label: `Size ${size}`,
  label_ar: `المقاس ${size}`,
  row: { size, thread: { mm: `M${size.replace(/\D/g, '')}` } },
  price,
  unit: 'piece',
  packQuantity: '10',
  published: true,
});

const TABLE = [
  [
    { id: 'h_size', name: 'Gland Size' },
    { id: 'h_thread', name: 'Thread' },
  ],
  [
    { id: 'size', name: '' },
    { id: 'thread.mm', name: 'mm' },
  ],
];

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
beforeEach(() => {
  fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  catalogue = fakeCatalogue(1);
  const gland = glandContent();
  catalogue.products[0]!.product.published = {
    ...gland,
    details: { ...gland.details, productDetailTableColumns: TABLE },
    variants: [variant('CW-20S', '12.50', '20S'), variant('CW-25', '16.75', '25')],
  };
  server.use(...staffHandlers(fake), ...catalogueHandlers(catalogue, () => fake.session));
});

const rows = () => screen.getAllByRole('row', { name: /^Variant \d+:/ });
const rowNamed = (name: RegExp) => screen.getByRole('row', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

test("a product's variants are rows: add, duplicate, move up and down from the keyboard, withdraw; the draft carries them in order", async () => {
  await openEditor();
  expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Variant 1: CW-20S', 'Variant 2: CW-25']);
  // the table's leaf columns are the row's cells
  expect(within(rows()[1]!).getByLabelText('Table (English): Thread mm')).toHaveValue('M25');

  fireEvent.click(screen.getByRole('button', { name: 'Add a variant' }));
  expect(rows()).toHaveLength(3);
  const added = rowNamed(/^Variant 3: new$/);
  await waitFor(() => expect(within(added).getByLabelText('Code')).toHaveFocus());
  fireEvent.change(within(added).getByLabelText('Code'), { target: { value: 'CW-32' } });
  fireEvent.change(within(rowNamed(/^Variant 3: CW-32$/)).getByLabelText('Price (AED)'), {
    target: { value: '22.50' },
  });

  fireEvent.click(within(rowNamed(/^Variant 1: CW-20S$/)).getByRole('button', { name: 'Duplicate variant 1' }));
  expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
    'Variant 1: CW-20S',
    'Variant 2: CW-20S-COPY',
    'Variant 3: CW-25',
    'Variant 4: CW-32',
  ]);
  await waitFor(() => expect(within(rows()[1]!).getByLabelText('Code')).toHaveFocus());
  fireEvent.change(within(rows()[1]!).getByLabelText('Code'), { target: { value: 'CW-20' } });

  // moved down: the moved row's own button keeps the focus, so Enter again moves it on
  const down = within(rowNamed(/^Variant 1: CW-20S$/)).getByRole('button', { name: 'Move down variant 1' });
  down.focus();
  fireEvent.click(down);
  expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
    'Variant 1: CW-20',
    'Variant 2: CW-20S',
    'Variant 3: CW-25',
    'Variant 4: CW-32',
  ]);
  await waitFor(() =>
    expect(within(rowNamed(/^Variant 2: CW-20S$/)).getByRole('button', { name: 'Move down variant 2' })).toHaveFocus(),
  );
  fireEvent.click(within(rowNamed(/^Variant 4: CW-32$/)).getByRole('button', { name: 'Move up variant 4' }));
  expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
    'Variant 1: CW-20',
    'Variant 2: CW-20S',
    'Variant 3: CW-32',
    'Variant 4: CW-25',
  ]);
  expect(within(rows()[0]!).getByRole('button', { name: 'Move up variant 1' })).toBeDisabled();

  fireEvent.click(within(rowNamed(/^Variant 4: CW-25$/)).getByRole('checkbox', { name: 'Published (variant 4)' }));
  const withdrawn = rowNamed(/^Variant 4: CW-25$/);
  expect(within(withdrawn).getByRole('rowheader')).toHaveTextContent('4 (withdrawn)');
  expect(within(withdrawn).getByRole('checkbox', { name: 'Published (variant 4)' })).not.toBeChecked();
  // the listing's code and "from" price follow the variants
  expect(
    screen.getByText(/first published variant’s code \(CW-20\) and the lowest published\s+price \(AED 12.50\)/),
  ).toBeInTheDocument();

  save();
  expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
  const [sent] = await draftBodies();
  expect(sent!.content.variants!.map(({ code, price, published }) => [code, price, published])).toEqual([
    ['CW-20', '12.50', true],
    ['CW-20S', '12.50', true],
    ['CW-32', '22.50', true],
    ['CW-25', '16.75', false],
  ]);
  expect([sent!.content.code, sent!.content.price, sent!.content.unit]).toEqual(['CW-20', '12.50', 'piece']);
});

test("the server's problems are shown beside their variant's fields: two variants with one code, both named; a price with 3 decimals", async () => {
  await openEditor();
  fireEvent.change(within(rowNamed(/^Variant 2: CW-25$/)).getByLabelText('Code'), { target: { value: 'CW-20S' } });
  fireEvent.change(within(rowNamed(/^Variant 2: CW-20S$/)).getByLabelText('Price (AED)'), {
    target: { value: '16.755' },
  });
  save();
  expect(await screen.findByText('Not saved: 2 problems to fix.')).toBeInTheDocument();
  const same = 'variant 1 (CW-20S) and variant 2 (CW-20S) have one code (CW-20S): each variant needs its own';
  const first = rowNamed(/^Variant 1: CW-20S$/);
  const second = rowNamed(/^Variant 2: CW-20S$/);
  expect(within(first).getByLabelText('Code')).toHaveAccessibleDescription(same);
  expect(within(second).getByLabelText('Code')).toHaveAccessibleDescription(same);
  expect(within(second).getByLabelText('Price (AED)')).toHaveAccessibleDescription(/bad price "16\.755"/);
  expect(within(first).getByLabelText('Price (AED)')).not.toHaveAccessibleDescription(/bad price/);
});

test("each variant's Arabic table cells are edited beside the English ones, right to left; the draft carries both rows", async () => {
  await openEditor();
  const second = () => rowNamed(/^Variant 2: CW-25$/);
  const arabicSize = within(second()).getByLabelText('Table (Arabic): Gland Size');
  expect(arabicSize).toHaveAttribute('dir', 'rtl');
  expect(arabicSize).toHaveAttribute('lang', 'ar');
  expect(within(second()).getByLabelText('Table (English): Gland Size')).toHaveAttribute('dir', 'ltr');
  // without an Arabic row the Arabic page shows the English cells: so do the Arabic inputs, and they say so
  expect(arabicSize).toHaveValue('25');
  expect(within(second()).getByLabelText('Table (Arabic): Thread mm')).toHaveValue('M25');
  expect(arabicSize).toHaveAccessibleDescription(
    'The Arabic page shows a size’s English cells until its Arabic ones are changed.',
  );

  fireEvent.change(arabicSize, { target: { value: 'المقاس ٢٥' } });
  expect(within(second()).getByLabelText('Table (Arabic): Gland Size')).toHaveValue('المقاس ٢٥');
  expect(within(second()).getByLabelText('Table (English): Gland Size')).toHaveValue('25');
  save();
  expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
  const [sent] = await draftBodies();
  const [first, edited] = sent!.content.variants!;
  // the Arabic row keeps the English row's other cells; the English row and the other variant are as they were
  expect(edited!.row_ar).toEqual({ size: 'المقاس ٢٥', thread: { mm: 'M25' } });
  expect(edited!.row).toEqual({ size: '25', thread: { mm: 'M25' } });
  expect(first!.row_ar).toBeUndefined();
});

test("the server's problem with an Arabic cell is shown beside that cell only", async () => {
  await openEditor();
  fireEvent.change(within(rowNamed(/^Variant 1: CW-20S$/)).getByLabelText('Table (Arabic): Gland Size'), {
    target: { value: '\u202Eالمقاس 20' },
  });
  save();
  expect(await screen.findByText('Not saved: one problem to fix.')).toBeInTheDocument();
  const first = rowNamed(/^Variant 1: CW-20S$/);
  expect(within(first).getByLabelText('Table (Arabic): Gland Size')).toHaveAccessibleDescription(
    /^content\.variants\.0\.row_ar\.size contains invisible text-direction characters/,
  );
  expect(within(first).getByLabelText('Table (English): Gland Size')).not.toHaveAccessibleDescription(/text-direction/);
  expect(within(first).getByLabelText('Table (Arabic): Thread mm')).not.toHaveAccessibleDescription(/text-direction/);
});

test('the grid is one row per size and moves as a spreadsheet does: Down, Enter and Up keep the column', async () => {
  await openEditor();
  const grid = screen.getByRole('table', { name: 'Variants' });
  expect(
    within(grid)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'Variant',
    'Code',
    'Part number',
    'Label (English)',
    'Label (Arabic)',
    'Price (AED)',
    'Unit',
    'Pack quantity',
    'Minimum order',
    'Price breaks (qty+ AED)',
    'Table (English): Gland Size',
    'Table (English): Thread mm',
    'Table (Arabic): Gland Size',
    'Table (Arabic): Thread mm',
    'Published',
    'Order and copies',
  ]);
  const price = (row: RegExp) => within(rowNamed(row)).getByLabelText('Price (AED)');
  price(/^Variant 1:/).focus();
  fireEvent.keyDown(price(/^Variant 1:/), { key: 'ArrowDown' });
  expect(price(/^Variant 2:/)).toHaveFocus();
  // past the last size the focus stays; Enter does not send the editor's form
  expect(fireEvent.keyDown(price(/^Variant 2:/), { key: 'Enter' })).toBe(false);
  expect(price(/^Variant 2:/)).toHaveFocus();
  fireEvent.keyDown(price(/^Variant 2:/), { key: 'ArrowUp' });
  expect(price(/^Variant 1:/)).toHaveFocus();
  fireEvent.keyDown(price(/^Variant 1:/), { key: 'Enter' });
  expect(price(/^Variant 2:/)).toHaveFocus();
  expect(fireEvent.keyDown(price(/^Variant 2:/), { key: 'ArrowLeft' })).toBe(true);
});

const paste = (target: HTMLElement, text: string) =>
  fireEvent.paste(target, { clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') } });

test('cells copied from a spreadsheet are pasted as a block from the cell pasted in; rows past the last are new sizes, said in words', async () => {
  await openEditor();
  // code, part number and the English label of three sizes, the second from the first row on
  paste(
    within(rowNamed(/^Variant 2:/)).getByLabelText('Code'),
    'CW-25\tHX-0025\t"Size 25, ""M25"""\r\nCW-32\tHX-0032\tSize 32\r\nCW-40\tHX-0040\tSize 40\r\n',
  );
  expect(screen.getByRole('status', { name: 'Variants grid' })).toHaveTextContent(
    'Pasted 3 rows of 3 columns. 2 variants were added at the end.',
  );
  expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
    'Variant 1: CW-20S',
    'Variant 2: CW-25',
    'Variant 3: CW-32',
    'Variant 4: CW-40',
  ]);
  expect(within(rowNamed(/^Variant 2:/)).getByLabelText('Label (English)')).toHaveValue('Size 25, "M25"');
  // one cell's text is typed as it is
  paste(within(rowNamed(/^Variant 3:/)).getByLabelText('Price (AED)'), '22.50');
  // prices and packs pasted down a column; the cells past the grid's last column are left out
  paste(within(rowNamed(/^Variant 3:/)).getByLabelText('Table (Arabic): Thread mm'), 'M32\textra\nM40\textra\n');
  expect(screen.getByRole('status', { name: 'Variants grid' })).toHaveTextContent(
    'Pasted 2 rows of 1 column. 2 cells were past the last column and left out.',
  );
  paste(within(rowNamed(/^Variant 3:/)).getByLabelText('Price (AED)'), '22.50\n27.00');
  save();
  expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
  const [sent] = await draftBodies();
  expect(sent!.content.variants!.map(({ code, mpn, price, unit }) => [code, mpn, price, unit])).toEqual([
    ['CW-20S', '', '12.50', 'piece'],
    ['CW-25', 'HX-0025', '16.75', 'piece'],
    ['CW-32', 'HX-0032', '22.50', 'piece'],
    ['CW-40', 'HX-0040', '27.00', 'piece'],
  ]);
  expect(sent!.content.variants![3]!.row_ar).toEqual({ thread: { mm: 'M40' } });
});

test('a column added to the table reaches every size in both languages, named in both; each size then changes its own', async () => {
  await openEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Add a table column' }));
  await waitFor(() => expect(screen.getByLabelText('Column name (English)')).toHaveFocus());
  fireEvent.click(screen.getByRole('button', { name: 'Add the column' }));
  expect(screen.getByLabelText('Column name (English)')).toHaveAccessibleDescription(
    'Give the column its English name.',
  );
  expect(screen.getByLabelText('Column name (Arabic)')).toHaveAccessibleDescription('Give the column its Arabic name.');
  fireEvent.change(screen.getByLabelText('Column name (English)'), { target: { value: 'IP rating' } });
  fireEvent.change(screen.getByLabelText('Column name (Arabic)'), { target: { value: 'درجة الحماية' } });
  fireEvent.change(screen.getByLabelText('Value for every size'), { target: { value: 'IP68' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add the column' }));
  expect(screen.getByRole('status', { name: 'Variants grid' })).toHaveTextContent(
    'Column “IP rating” added to the table for every size.',
  );
  expect(within(rowNamed(/^Variant 1:/)).getByLabelText('Table (English): IP rating')).toHaveValue('IP68');
  fireEvent.change(within(rowNamed(/^Variant 2:/)).getByLabelText('Table (English): IP rating'), {
    target: { value: 'IP66' },
  });
  save();
  expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
  const [sent] = await draftBodies();
  const header = sent!.content.details.productDetailTableColumns as { id: string; name: string }[][];
  expect(header.map((row) => row.at(-1))).toEqual([
    { id: 'h_ipRating', name: 'IP rating' },
    { id: 'ipRating', name: '' },
  ]);
  expect(sent!.content.variants!.map((variant) => variant.row)).toEqual([
    { size: '20S', thread: { mm: 'M20' }, ipRating: 'IP68' },
    { size: '25', thread: { mm: 'M25' }, ipRating: 'IP66' },
  ]);
});
