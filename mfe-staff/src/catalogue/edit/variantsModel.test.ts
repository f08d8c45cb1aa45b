import { leafColumns, tableCellOf, withTableCell } from './variantsModel';
import type { EditableVariant } from '@site/contracts/staff-catalogue-api';

test("a table's leaf columns are named by their header above and their own name, or their id", () => {
  const details = {
    productDetailTableColumns: [
      [
        { id: 'h_size', name: 'Gland Size' },
        { id: 'h_thread', name: 'Thread Size', colSpan: 2 },
        { id: 'h_x', name: '' },
      ],
      [
        { id: 'size', name: '' },
        { id: 'threadSize.mm', name: 'mm' },
        { id: 'threadSize.inch', name: 'Inch' },
        { id: 'x', name: '' },
      ],
    ],
  };
  expect(leafColumns(details)).toEqual([
    { id: 'size', name: 'Gland Size' },
    { id: 'threadSize.mm', name: 'Thread Size mm' },
    { id: 'threadSize.inch', name: 'Thread Size Inch' },
    { id: 'x', name: 'x' },
  ]);
  expect(leafColumns({ productDetailTableColumns: [[{ id: 'size', name: 'Size' }]] })).toEqual([
    { id: 'size', name: 'Size' },
  ]);
});

test("a variant's Arabic cells: the English ones until its Arabic row is written, then its own", () => {
  const variant: EditableVariant = {
    code: 'CW-20',
    mpn: '',
    label: '',
    label_ar: '',
    row: { size: '20', threadSize: { mm: 'M20' }, length: 58 },
    price: '',
    unit: 'piece',
    packQuantity: '',
    published: true,
  };
  expect(tableCellOf(variant, 'row_ar', 'threadSize.mm')).toBe('M20');
  const rowAr = withTableCell(variant, 'row_ar', 'size', 'مقاس 20');
  expect(rowAr).toEqual({ size: 'مقاس 20', threadSize: { mm: 'M20' }, length: 58 });
  expect(tableCellOf({ ...variant, row_ar: rowAr }, 'row_ar', 'size')).toBe('مقاس 20');
  expect(tableCellOf({ ...variant, row_ar: rowAr }, 'row', 'size')).toBe('20');
  expect(variant.row).toEqual({ size: '20', threadSize: { mm: 'M20' }, length: 58 });
});
