// Which columns choose a size (choosingColumns.ts): the seeded CW gland's thread and cable range, not its size (the code
// holds it) nor the columns that split the sizes no further.
import { CHOOSING_COLUMNS_MAX, choosingColumns, leafColumnNames } from './choosingColumns';

/** The CW gland's leaf columns and four of its sizes, as content/data/product-variants.json seeds them. */
const LEAVES = ['size', 'threadSize.mm', 'threadSize.inch', 'minThreadLength', 'cableRange', 'overallDiameter'];
const GLAND = [
  ['20S', 'M20', '3/4"', 15, '3.1 - 8.6', '6.1 - 11.5'],
  ['20', 'M20', '3/4"', 15, '6.1 - 11.6', '9.5 - 15.9'],
  ['25', 'M25', '1"', 15, '11.1 - 17.0', '15.5 - 22.0'],
  ['50S', 'M50', '2"', 20, '29.5 - 36.0', '35.2 - 40.4'],
];
const CODES = ['HEX-CW-20S', 'HEX-CW-20', 'HEX-CW-25', 'HEX-CW-50S'];

describe('choosingColumns', () => {
  it("the gland: thread (mm) and cable range; the size is the code's, inch and length split nothing more", () => {
    expect(choosingColumns(GLAND, CODES).map((index) => LEAVES[index])).toEqual(['threadSize.mm', 'cableRange']);
  });

  it('stops once every size is told apart', () => {
    const rows = GLAND.map((row) => [row[4]!, row[1]!]);
    expect(choosingColumns(rows, CODES)).toEqual([0]);
  });

  it(`takes at most ${CHOOSING_COLUMNS_MAX}, and none where every value is the same or the code's`, () => {
    // each column parts one size from the rest: the fourth would part the last two, but three are taken
    const rows = [
      ['a', 'x', 1, 'p'],
      ['a', 'x', 2, 'p'],
      ['a', 'y', 1, 'p'],
      ['b', 'x', 1, 'p'],
      ['a', 'x', 1, 'q'],
    ];
    expect(choosingColumns(rows, ['K-1', 'K-2', 'K-3', 'K-4', 'K-5'])).toEqual([0, 1, 2]);
    expect(
      choosingColumns(
        [
          ['1', 'same'],
          ['2', 'same'],
        ],
        ['K-1', 'K-2'],
      ),
    ).toEqual([]);
    expect(choosingColumns([], [])).toEqual([]);
  });
});

describe('leafColumnNames', () => {
  it("each leaf column's names from the top row down, the empty ones left out", () => {
    expect(
      leafColumnNames([
        [
          { id: 'h_size', name: 'Gland Size' },
          { id: 'h_thread', name: 'Thread Size', colSpan: 2 },
        ],
        [
          { id: 'size', name: '' },
          { id: 'thread.mm', name: 'mm' },
          { id: 'thread.inch', name: 'Inch' },
        ],
      ]),
    ).toEqual([['Gland Size'], ['Thread Size', 'mm'], ['Thread Size', 'Inch']]);
  });
});
