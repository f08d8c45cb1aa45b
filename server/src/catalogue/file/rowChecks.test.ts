// Each of a row's problems is at the value it is about (its path from the row's column): the import's report takes its
// column from it and the editor its field, never from its words, which stay as they were. A row is one variant: its
// variant's columns' problems are at their columns too, on its product's first row and on its other rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CatalogueColumn, type CatalogueFileRow, problemColumn } from './columns.js';
import { generateCatalogueRows } from './generate.js';
import { checkRow, checkRowWithKey, type CategoryMap, type RowMemo } from './rowChecks.js';

const CATEGORIES: CategoryMap = new Map([
  [
    'industrial_cable_glands',
    { title: 'Industrial Cable Glands', title_ar: 'جلندات الكابلات الصناعية', state: 'live' },
  ],
  ['cables_draft', { title: 'Cables', title_ar: 'كابلات', state: 'draft' }],
]);

const valid = (): CatalogueFileRow =>
  generateCatalogueRows(1, { seed: 7, categoryIds: ['industrial_cable_glands'] })[0]!.row;
const details = (row: CatalogueFileRow) => JSON.parse(row.details) as Record<string, unknown>;

/** The row's problems with `change` made to a valid row. */
function problemsOf(
  change: (row: CatalogueFileRow) => Partial<CatalogueFileRow>,
): { path: (string | number)[]; message: string }[] {
  const row = valid();
  const checked = checkRow({ line: 2, row: { ...row, ...change(row) } }, CATEGORIES);
  assert.ok('problems' in checked, 'the row is refused');
  return checked.problems;
}

test('a valid row has no problem', () => {
  assert.ok('checked' in checkRow({ line: 2, row: valid() }, CATEGORIES));
});

test("each problem is at its value's path, its sentence as the import words it", () => {
  const cases: [string, (row: CatalogueFileRow) => Partial<CatalogueFileRow>, (string | number)[], RegExp][] = [
    ['a bad price', () => ({ price: '1,200' }), ['price'], /^bad price "1,200": a number of AED/],
    ['an unknown category', () => ({ productCategoryId: 'foo' }), ['productCategoryId'], /^unknown category "foo"$/],
    [
      'a draft category',
      () => ({ productCategoryId: 'cables_draft' }),
      ['productCategoryId'],
      /^category "cables_draft" is a draft: publish it/,
    ],
    [
      'a bad popularity',
      () => ({ popularity: 'x' }),
      ['popularity'],
      /^popularity "x" must be a whole number from 0 to 100$/,
    ],
    [
      'no Arabic name',
      () => ({ productName_ar: 'Gland' }),
      ['productName_ar'],
      /^missing Arabic: productName_ar has no Arabic letter$/,
    ],
    ['no Arabic details', () => ({ details_ar: ' ' }), ['details_ar'], /^missing Arabic: details_ar is empty$/],
    ['details that are not JSON', () => ({ details: '{"detail":' }), ['details'], /^details is not valid JSON: /],
    [
      'a control character in the name',
      () => ({ productName: 'Gland\u0007' }),
      ['productName'],
      /^productName contains characters that are not allowed$/,
    ],
    [
      'a control character deep in the details',
      (row) => ({ details: JSON.stringify({ ...details(row), description: [{ key: 'Size', value: 'M20\u0000' }] }) }),
      ['details', 'description', 0, 'value'],
      /^details\.description\.0\.value contains characters/,
    ],
    [
      'an unknown description section',
      (row) => ({
        details: JSON.stringify({ ...details(row), description: [{ key: '*No such section', value: '<p>x</p>' }] }),
      }),
      ['details', 'description', 0, 'key'],
      /^details: description\.0\.key: /,
    ],
    [
      'an empty specification block',
      (row) => ({ details_ar: JSON.stringify({ ...details(row), Specification: [{}] }) }),
      ['details_ar', 'Specification', 0],
      /^details_ar: Specification\.0: empty specification block$/,
    ],
    ['a bad date', () => ({ dateAdded: '2026-13-45' }), ['dateAdded'], /^dateAdded: /],
    [
      'a bad pack quantity',
      () => ({ packQuantity: 'ten' }),
      ['packQuantity'],
      /^packQuantity: Pack quantity must be a whole number, 2 or more, or empty \(not "ten"\)$/,
    ],
    [
      'a pack quantity of 1',
      () => ({ packQuantity: '1' }),
      ['packQuantity'],
      /^packQuantity: Pack quantity must be 2 or more, or empty$/,
    ],
    [
      'a published cell neither yes nor no',
      () => ({ published: 'maybe' }),
      ['published'],
      /^published "maybe" must be yes or no \(empty: yes\)$/,
    ],
    [
      'a variant label without its Arabic',
      () => ({ variantLabel: 'Size 25', variantLabel_ar: '' }),
      ['variantLabel_ar'],
      /^missing Arabic: variantLabel_ar is empty$/,
    ],
    [
      'a table row that is not JSON',
      () => ({ variantRow: '{"size":' }),
      ['variantRow'],
      /^variantRow is not valid JSON: /,
    ],
    [
      'a line break in an Arabic table cell (a cell is one line)',
      () => ({ variantRow_ar: JSON.stringify({ size: 'مقاس\n25' }) }),
      ['variantRow_ar', 'size'],
      /^variantRow_ar\.size contains characters that are not allowed$/,
    ],
    [
      'a direction control in an English table cell',
      () => ({ variantRow: JSON.stringify({ size: '\u202E25' }) }),
      ['variantRow', 'size'],
      /^variantRow\.size contains invisible text-direction characters/,
    ],
    [
      'markup in an Arabic table cell',
      () => ({ variantRow_ar: JSON.stringify({ size: '<b>25</b>' }) }),
      ['variantRow_ar', 'size'],
      /^variantRow_ar: size: /,
    ],
    [
      'a control character deep in the Arabic table row',
      () => ({ variantRow_ar: JSON.stringify({ size: 'M20\u0000' }) }),
      ['variantRow_ar', 'size'],
      /^variantRow_ar\.size contains characters/,
    ],
  ];
  for (const [what, change, path, message] of cases) {
    const problems = problemsOf(change);
    const found = problems.find((problem) => message.test(problem.message));
    assert.ok(found !== undefined, `${what}: ${JSON.stringify(problems)}`);
    assert.deepEqual(found.path, path, what);
  }
});

test("the import's report names the column of a problem's path, none for the row as a whole", () => {
  const cases: [(string | number)[], CatalogueColumn | null][] = [
    [['price'], 'price'],
    [['details_ar', 'description', 3, 'key'], 'details_ar'],
    [['id'], 'id'],
    [['variantRow_ar', 'size'], 'variantRow_ar'],
    [['packQuantity'], 'packQuantity'],
    [[], null],
    [['colour'], null],
  ];
  for (const [path, column] of cases) assert.equal(problemColumn(path), column, JSON.stringify(path));
});

test("a product's next row (its other variant) has its variant's problems at their columns, its product's said once", () => {
  const row = valid();
  const rows = [
    { line: 2, row },
    {
      line: 3,
      row: {
        ...row,
        code: 'GL\u0007-2',
        price: '12.5.0',
        packQuantity: '1x',
        variantLabel: 'Size 2',
        variantLabel_ar: 'Size 2',
      },
    },
  ];
  const memo: RowMemo = {};
  const [first, second] = rows.map((numbered) => checkRowWithKey(numbered, CATEGORIES, memo));
  assert.ok(first !== undefined && 'checked' in first, 'the first row is valid');
  assert.ok(second !== undefined && 'problems' in second, 'the second row is refused');
  // (the code's character is also the listing's code problem: at the same column)
  assert.deepEqual(
    [...new Set(second.problems.map(({ path }) => JSON.stringify(path)))],
    [['code'], ['price'], ['packQuantity'], ['variantLabel_ar']].map((path) => JSON.stringify(path)),
    JSON.stringify(second.problems),
  );
  // a product's columns wrong on its first row: its next row says so about the row as a whole, once
  const bad = { ...row, productName_ar: '' };
  const badMemo: RowMemo = {};
  const [, next] = [
    { line: 2, row: bad },
    { line: 3, row: { ...bad, code: `${row.code}-2` } },
  ].map((numbered) => checkRowWithKey(numbered, CATEGORIES, badMemo));
  assert.ok(next !== undefined && 'problems' in next);
  assert.deepEqual(next.problems, [{ path: [], message: "the product's columns have problems: see line 2" }]);
});
