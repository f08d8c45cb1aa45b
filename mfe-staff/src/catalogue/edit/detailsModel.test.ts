import { blocksOf, productTableOf, tableDataOf, withField, withKind, withSection } from './detailsModel';

describe('the detail document as rows', () => {
  it('a new kind sets the key mark and the value shape; a new section is one not used yet', () => {
    expect(withKind({ key: 'Material', value: 'Brass' }, 'item')).toEqual({ key: '-', value: 'Brass' });
    expect(withKind({ key: '-1', value: 'Brass' }, 'row')).toEqual({ key: '', value: 'Brass' });
    expect(withKind({ key: 'Note', value: '<p>x</p>' }, 'section', new Set(['*Design Features']))).toEqual({
      key: '*Application',
      value: '<p>x</p>',
    });
    expect(withSection({ key: '*Application', value: 'Body' }, '*Construction')).toEqual({
      key: '*Construction',
      value: [{ key: '', value: 'Body' }],
    });
    expect(withSection({ key: '*Construction', value: [{ key: 'Body', value: 'Brass' }] }, '*Application')).toEqual({
      key: '*Application',
      value: 'Body: Brass',
    });
  });

  it('writes the product table back nested, and drops emptied fields', () => {
    const details = {
      productDetailTableColumns: [
        [
          { id: 'size', name: 'Size' },
          { id: 'thread.mm', name: 'mm' },
        ],
      ],
      productDetailTableData: [{ size: 20, thread: { mm: 'M20' } }],
    };
    const table = productTableOf(details)!;
    expect(table.rows).toEqual([{ size: 20, 'thread.mm': 'M20' }]);
    expect(tableDataOf(table.rows)).toEqual(details.productDetailTableData);
    expect(withField({ detail: ['<p>a</p>'], description: [] }, 'detail', [])).toEqual({ description: [] });
    expect(
      blocksOf({ detailDescription: [{ title: 'T', images1: ['x'], table: [['a', 1]] }] }, 'detailDescription'),
    ).toEqual([{ title: 'T', images1: ['x'], table: [['a', '1']] }]);
  });
});
