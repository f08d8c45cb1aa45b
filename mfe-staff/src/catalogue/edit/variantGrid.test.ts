import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { isSpreadsheetBlock, newColumnId, parseSpreadsheetCells, withTableColumn } from './variantGrid';

test("a spreadsheet's copied cells: tabs and lines, quoted cells with tabs, breaks and quotes, the last line break no row", () => {
  expect(parseSpreadsheetCells('a\tb\r\nc\td\r\n')).toEqual([
    ['a', 'b'],
    ['c', 'd'],
  ]);
  expect(parseSpreadsheetCells('"x\ty"\t"two\nlines"\t"say ""hi"""\n\tlast')).toEqual([
    ['x\ty', 'two\nlines', 'say "hi"'],
    ['', 'last'],
  ]);
  expect(parseSpreadsheetCells('1"5 inch')).toEqual([['1"5 inch']]);
  expect(isSpreadsheetBlock('one cell\n')).toBe(false);
  expect(isSpreadsheetBlock('a\tb')).toBe(true);
  expect(isSpreadsheetBlock('a\nb')).toBe(true);
});

test("a new column's id: from its English name, none the header has", () => {
  expect(newColumnId('IP rating', new Set())).toBe('ipRating');
  expect(newColumnId('IP rating', new Set(['ipRating']))).toBe('ipRating2');
  expect(newColumnId('2nd thread', new Set())).toBe('c2ndThread');
  expect(newColumnId('درجة', new Set())).toBe('column');
});

test("a column added to a one-row table: named in each language's header, in the table's rows and each variant's rows", () => {
  const content = {
    details: {
      productDetailTableColumns: [[{ id: 'size', name: 'Size' }]],
      productDetailTableData: [{ size: '20' }, { size: '25' }],
    },
    details_ar: { productDetailTableColumns: [[{ id: 'size', name: 'المقاس' }]] },
    variants: [
      {
        code: 'A-20',
        mpn: '',
        label: '',
        label_ar: '',
        price: '1.00',
        unit: 'piece',
        packQuantity: '',
        published: true,
        row: { size: '20' },
        row_ar: { size: '٢٠' },
      },
      {
        code: 'A-25',
        mpn: '',
        label: '',
        label_ar: '',
        price: '2.00',
        unit: 'piece',
        packQuantity: '',
        published: true,
        row: { size: '25' },
      },
    ],
  } as unknown as EditableProduct;
  const next = withTableColumn(content, { name: 'Colour', name_ar: 'اللون', value: ' grey ' });
  expect(next.details.productDetailTableColumns).toEqual([
    [
      { id: 'size', name: 'Size' },
      { id: 'colour', name: 'Colour' },
    ],
  ]);
  expect(next.details.productDetailTableData).toEqual([
    { size: '20', colour: 'grey' },
    { size: '25', colour: 'grey' },
  ]);
  expect(next.details_ar.productDetailTableColumns).toEqual([
    [
      { id: 'size', name: 'المقاس' },
      { id: 'colour', name: 'اللون' },
    ],
  ]);
  expect(next.variants!.map((variant) => [variant.row, variant.row_ar])).toEqual([
    [
      { size: '20', colour: 'grey' },
      { size: '٢٠', colour: 'grey' },
    ],
    [{ size: '25', colour: 'grey' }, undefined],
  ]);
});
