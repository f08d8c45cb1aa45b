// The catalogue's export as a spreadsheet opens it (writeCatalogueFileFrom: the staff app's download and `npm run
// catalogue -- export` alike): a cell starting with what a spreadsheet runs as a formula opens as text, in the CSV
// whichever separator the spreadsheet splits on, in the workbook as a text cell; and the file imports back as it was.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { FORMULA_LIKE_TEXTS, formulasOpened, workbookCells } from '../../test-support/spreadsheet.js';
import { CATALOGUE_COLUMNS, type CatalogueFileRow } from './columns.js';
import { readCatalogueFile, writeCatalogueFileFrom } from './catalogueFiles.js';
import { generateCatalogueRows } from './generate.js';

let folder: string;
before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'catalogue-export-'));
});
after(() => rm(folder, { recursive: true, force: true }));

// a product per text, the text in a column of words (the name) and one of numbers as a spreadsheet would see them
const base = generateCatalogueRows(1, { seed: 7, categoryIds: ['cables'] })[0]!.row;
const rows: CatalogueFileRow[] = FORMULA_LIKE_TEXTS.map((text, index) => ({
  ...base,
  id: `formula_${index}`,
  code: `FORMULA-${index}`,
  productName: text,
  price: text,
}));

const readBack = async (file: string) => {
  const read = await readCatalogueFile(file);
  assert.ok('rows' in read, JSON.stringify(read));
  return read.rows.map(({ row }) => row);
};

test('CSV: no field a spreadsheet makes of it, whatever its separator, starts a formula; it imports back as written', async () => {
  const file = path.join(folder, 'catalogue.csv');
  assert.equal(await writeCatalogueFileFrom(file, 'csv', [rows]), rows.length);
  assert.deepEqual(formulasOpened(await readFile(file, 'utf8')), []);
  assert.deepEqual(await readBack(file), rows);
});

test('workbook: every cell is a text cell, a formula-like one an inline string, none a formula; it imports back as written', async () => {
  const file = path.join(folder, 'catalogue.xlsx');
  assert.equal(await writeCatalogueFileFrom(file, 'xlsx', [rows]), rows.length);
  const cells = await workbookCells(await readFile(file));
  assert.equal(cells.length, (rows.length + 1) * CATALOGUE_COLUMNS.length);
  assert.deepEqual(
    cells.filter((cell) => cell.formula),
    [],
  );
  // in a workbook only a cell's start counts: no separator splits a text cell
  const startsFormula = (text: string) => /^[=+\-@\t\r;]/.test(text);
  const formulaLike = cells.filter((cell) => startsFormula(cell.text));
  assert.equal(formulaLike.length, 2 * FORMULA_LIKE_TEXTS.filter(startsFormula).length, JSON.stringify(formulaLike));
  assert.deepEqual(
    formulaLike.filter((cell) => cell.type !== 'inlineStr'),
    [],
  );
  // XML reads a line end as LF (a CR in a workbook's text comes back as one, as it did before this guard)
  const asXmlReadsIt = (row: CatalogueFileRow) =>
    Object.fromEntries(Object.entries(row).map(([column, text]) => [column, text.replace(/\r\n?/g, '\n')]));
  assert.deepEqual(await readBack(file), rows.map(asXmlReadsIt));
});
