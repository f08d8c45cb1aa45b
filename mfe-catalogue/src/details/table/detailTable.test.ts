import type { TableCell } from '@site/content';
import { layoutHeader, tableBodyRows } from './detailTable';

// The cable gland family: group row with colSpans and widths, leaves with empty names under single cells.
const glandHeader: TableCell[][] = [
  [
    { id: 'h_size', name: 'Gland Size', customeWidth: '8%' },
    { id: 'h_threadSize', name: 'Thread Size', colSpan: 2 },
    { id: 'h_cableRange', name: 'Cable Range (mm)' },
    { id: 'h_hexagon', name: 'Hexagon (mm)', colSpan: 2 },
  ],
  [
    { id: 'size', name: '' },
    { id: 'threadSize.mm', name: 'mm' },
    { id: 'threadSize.inch', name: 'Inch' },
    { id: 'cableRange', name: '' },
    { id: 'hexagon.acrossFlats', name: 'Across Flats' },
    { id: 'hexagon.acrossCorners', name: 'Across Corners' },
  ],
];

describe('layoutHeader', () => {
  it('keeps colSpans and widths, and merges an empty leaf into the single cell above it (rowSpan)', () => {
    expect(layoutHeader(glandHeader)).toEqual([
      [
        { id: 'h_size', name: 'Gland Size', colSpan: 1, rowSpan: 2, width: '8%' },
        { id: 'h_threadSize', name: 'Thread Size', colSpan: 2, rowSpan: 1 },
        { id: 'h_cableRange', name: 'Cable Range (mm)', colSpan: 1, rowSpan: 2 },
        { id: 'h_hexagon', name: 'Hexagon (mm)', colSpan: 2, rowSpan: 1 },
      ],
      [
        { id: 'threadSize.mm', name: 'mm', colSpan: 1, rowSpan: 1 },
        { id: 'threadSize.inch', name: 'Inch', colSpan: 1, rowSpan: 1 },
        { id: 'hexagon.acrossFlats', name: 'Across Flats', colSpan: 1, rowSpan: 1 },
        { id: 'hexagon.acrossCorners', name: 'Across Corners', colSpan: 1, rowSpan: 1 },
      ],
    ]);
  });

  it('keeps a named leaf under a single cell as its own row', () => {
    const layout = layoutHeader([[{ id: 'h', name: 'Group' }], [{ id: 'x', name: 'Named' }]]);
    expect(layout).toEqual([
      [{ id: 'h', name: 'Group', colSpan: 1, rowSpan: 1 }],
      [{ id: 'x', name: 'Named', colSpan: 1, rowSpan: 1 }],
    ]);
  });

  it('lays out a one-row header as it is', () => {
    expect(
      layoutHeader([
        [
          { id: 'a', name: 'A', customeWidth: '120px' },
          { id: 'b', name: '' },
        ],
      ]),
    ).toEqual([
      [
        { id: 'a', name: 'A', colSpan: 1, rowSpan: 1, width: '120px' },
        { id: 'b', name: '', colSpan: 1, rowSpan: 1 },
      ],
    ]);
  });

  it('spans three header rows when both cells below are empty', () => {
    const layout = layoutHeader([
      [
        { id: 'a', name: 'Part' },
        { id: 'g', name: 'Voltage', colSpan: 2 },
      ],
      [
        { id: 'a2', name: '' },
        { id: 'g1', name: 'LV', colSpan: 2 },
      ],
      [
        { id: 'a3', name: ' ' },
        { id: 'x', name: '1 kV' },
        { id: 'y', name: '3.3 kV' },
      ],
    ]);
    expect(layout.map((row) => row.map((cell) => [cell.id, cell.colSpan, cell.rowSpan]))).toEqual([
      [
        ['a', 1, 3],
        ['g', 2, 1],
      ],
      [['g1', 2, 1]],
      [
        ['x', 1, 1],
        ['y', 1, 1],
      ],
    ]);
  });
});

describe('tableBodyRows', () => {
  it('flattens nested objects into the leaf columns, in header order', () => {
    const rows = tableBodyRows(glandHeader, [
      {
        size: '20S',
        threadSize: { mm: 'M20', inch: '3/4"' },
        cableRange: '3.1 - 8.6',
        hexagon: { acrossFlats: 24, acrossCorners: 26.4 },
      },
    ]);
    expect(rows).toEqual([['20S', 'M20', '3/4"', '3.1 - 8.6', 24, 26.4]]);
  });

  it('looks values up by column id: key order does not matter, a missing value is an empty cell', () => {
    const rows = tableBodyRows(glandHeader, [
      { hexagon: { acrossCorners: 9 }, cableRange: 'x', size: '25', extra: 'not shown' },
    ]);
    expect(rows).toEqual([['25', '', '', 'x', '', 9]]);
  });

  it('gives no rows for no data', () => {
    expect(tableBodyRows(glandHeader, [])).toEqual([]);
  });
});
