// The grid's price breaks and minimum order cells (docs/decisions/043-price-breaks-and-order-multiples.md): what a
// manager types or pastes from a spreadsheet, and each problem in English and Arabic before the server is asked.
import type { EditableProduct, EditableVariant } from '@site/contracts/staff-catalogue-api';
import { parsePriceBreaks, priceBreaksText } from '@site/content/price-breaks';
import { gridCellProblem, gridColumns, gridValue, parseSpreadsheetCells, pasteIntoGrid } from './variantGrid';

const variant = (code: string, price: string, more: Partial<EditableVariant> = {}): EditableVariant => ({
  code,
  mpn: '',
  label: '',
  label_ar: '',
  price,
  unit: 'piece',
  packQuantity: '',
  published: true,
  ...more,
});
const content = (variants: EditableVariant[]) =>
  ({ details: {}, details_ar: {}, code: 'A-20', price: '14', unit: 'piece', variants }) as unknown as EditableProduct;

test('a cell of breaks as typed: quantities and exact prices, whatever the spacing, separators and "AED"', () => {
  expect(parsePriceBreaks('50+ 12.5; 250+ 11', '14')).toEqual({
    breaks: [
      { quantity: 50, price: '12.50' },
      { quantity: 250, price: '11.00' },
    ],
  });
  expect(parsePriceBreaks(' 50+:AED 12.50 ;250 +  11.00; ', '14.00')).toEqual(
    parsePriceBreaks('50+ 12.5; 250+ 11', '14'),
  );
  expect(parsePriceBreaks('50+ 14', '14')).toEqual({ breaks: [{ quantity: 50, price: '14.00' }] });
  expect(parsePriceBreaks('', '')).toEqual({ breaks: [] });
  expect(
    priceBreaksText([
      { quantity: 50, price: '12.50' },
      { quantity: 250, price: '11.00' },
    ]),
  ).toBe('50+ 12.50; 250+ 11.00');
});

test("the grid has the minimum and breaks columns after the pack; a spreadsheet's block pastes into them", () => {
  const start = content([variant('A-20', '14'), variant('A-25', '20')]);
  const columns = gridColumns(start);
  const labels = columns.map((column) => column.label);
  expect(labels.slice(labels.indexOf('Pack quantity'))).toEqual([
    'Pack quantity',
    'Minimum order',
    'Price breaks (qty+ AED)',
  ]);
  const pack = labels.indexOf('Pack quantity');
  const pasted = pasteIntoGrid(
    start,
    0,
    pack,
    parseSpreadsheetCells('10\t20\t50+ 12.50; 250+ 11.00\r\n\t\t100+ 18\r\n'),
  );
  const variants = pasted.content.variants!;
  expect(variants.map((item) => [item.packQuantity, item.minimumOrder, item.priceBreaks])).toEqual([
    ['10', '20', '50+ 12.50; 250+ 11.00'],
    ['', '', '100+ 18'],
  ]);
  expect(gridValue(start.variants![0]!, columns[pack + 2]!)).toBe('');
  expect(variants.map((item) => gridCellProblem(item, columns[pack + 2]!))).toEqual([null, null]);
});

test('each problem in English and Arabic as it is typed', () => {
  const start = content([variant('A-20', '14')]);
  const columns = gridColumns(start);
  const breaks = columns.find((column) => column.key === 'priceBreaks')!;
  const minimum = columns.find((column) => column.key === 'minimumOrder')!;
  expect(gridCellProblem(variant('A-20', '14', { priceBreaks: '50+ 12.50; 250+ 12.75' }), breaks)).toEqual({
    en: "A price break's price must not be above the one before: 250+ at 12.75 is above 12.50",
    ar: 'يجب ألا يزيد سعر الشريحة على سعر الشريحة التي قبلها: 250+ بسعر 12.75 أعلى من 12.50',
  });
  expect(gridCellProblem(variant('A-20', '14', { priceBreaks: '50 for 12' }), breaks)?.en).toBe(
    'Price breaks are written as quantity+ price, separated by semicolons, e.g. "50+ 12.50; 250+ 11.00" (not "50 for 12")',
  );
  expect(gridCellProblem(variant('A-20', '14', { priceBreaks: '250+ 12; 50+ 11' }), breaks)?.ar).toBe(
    'يجب أن تتصاعد كميات شرائح الأسعار: 50+ وردت بعد 250+',
  );
  expect(gridCellProblem(variant('A-20', '', { priceBreaks: '50+ 12' }), breaks)?.en).toBe(
    'Price breaks need the variant’s price: a variant priced on request has no breaks',
  );
  expect(gridCellProblem(variant('A-20', '14.999', { priceBreaks: '50+ 12' }), breaks)).toBeNull();
  expect(gridCellProblem(variant('A-20', '14', { minimumOrder: '1' }), minimum)).toEqual({
    en: 'Minimum order must be a whole number from 2 to 100,000, or empty (not "1")',
    ar: 'يجب أن يكون الحد الأدنى للطلب عددًا صحيحًا من 2 إلى 100,000، أو أن يُترك فارغًا (وليس "1")',
  });
  expect(gridCellProblem(variant('A-20', '14', { minimumOrder: '25' }), minimum)).toBeNull();
});
