// The import's workbook reader (workbook.ts, through readCatalogueFile): the cells read as ExcelJS's reader read
// them (compared with it, on the export's workbooks and ExcelJS's own), Excel's layouts ExcelJS never writes (the
// shared strings after the sheet, prefixed elements, rows and cells without references, phonetic runs), and every
// limit refused in words, small limits given for speed: rows, columns, a cell's characters, the unzipped bytes
// (counted as they inflate whatever the archive declares), a text without markup, comments and DTDs, nesting. Then
// CSV's limits (csv.ts), and readCatalogueFile's answer past a limit (`limit: true`).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { repeated, sheetXml, workbookParts, zipArchive, type ZipPart } from '../../test-support/zipFiles.js';
import { CATALOGUE_COLUMNS } from './columns.js';
import { CsvLimitError, readCsv, writeCsv } from '../../platform/spreadsheet/csv.js';
import { IMPORT_LIMITS, readCatalogueFile, writeCatalogueFile } from './catalogueFiles.js';
import { generateCatalogueRows } from './generate.js';
import {
  readWorkbookRecords,
  WorkbookFormatError,
  WorkbookLimitError,
  type WorkbookLimits,
  type WorkbookRecord,
} from '../../platform/spreadsheet/workbook.js';

const dir = await mkdtemp(path.join(os.tmpdir(), 'workbook-test-'));
test.after(() => rm(dir, { recursive: true, force: true }));
let files = 0;
async function fileOf(content: Buffer | Promise<Buffer>, extension = 'xlsx'): Promise<string> {
  const file = path.join(dir, `${(files += 1)}.${extension}`);
  await writeFile(file, await content);
  return file;
}
const workbook = (parts: ZipPart[]) => fileOf(zipArchive(parts));

/** What ExcelJS's (whole-workbook) reader made of a workbook: the import's reader before workbook.ts. */
async function readWithExcelJs(file: string): Promise<WorkbookRecord[]> {
  const text = (value: ExcelJS.CellValue): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('formula' in value || 'sharedFormula' in value)
      return `=${'formula' in value ? value.formula : value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((run) => run.text).join('');
    if ('hyperlink' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  };
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const records: WorkbookRecord[] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(text(row.getCell(column).value));
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    if (cells.some((cell) => cell.trim() !== '')) records.push({ line, cells });
  });
  return records;
}

const read = (file: string, limits: Partial<WorkbookLimits> = {}) =>
  readWorkbookRecords(file, { ...IMPORT_LIMITS, ...limits });

async function refused(
  file: string,
  limits: Partial<WorkbookLimits>,
  kind: typeof WorkbookLimitError | typeof WorkbookFormatError,
  message: RegExp,
): Promise<void> {
  await assert.rejects(read(file, limits), (error: unknown) => {
    assert.ok(error instanceof kind, `a ${kind.name}, not ${String(error)}`);
    assert.match(error.message, message);
    return true;
  });
}

test('the export and ExcelJS workbooks read as ExcelJS read them', async () => {
  const rows = generateCatalogueRows(200, { seed: 3, categoryIds: ['cables', 'wires'] }).map(({ row }) => row);
  rows[0]!.productName = 'A &amp; B &gt; C < D "quoted" \'single\' and\r\na second line';
  rows[1]!.productName = 'a plain & ampersand';
  rows[2]!.details = JSON.stringify({ detail: ['<p>glands &amp; lugs</p>'] });
  rows[3]!.productName_ar = 'جلبة كابل نحاسية';
  const exported = path.join(dir, 'export.xlsx');
  await writeCatalogueFile(exported, rows);
  assert.deepEqual(await read(exported), await readWithExcelJs(exported));
  assert.equal(
    (await read(exported))[1]!.cells[2],
    rows[0]!.productName.replace('\r\n', '\n'),
    'entities decoded once',
  );

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  sheet.addRow(['id', 'price', 'dateAdded', 'flag', 'rich', 'formula']);
  sheet.addRow([
    'a1',
    12.5,
    new Date(Date.UTC(2024, 0, 5)),
    true,
    { richText: [{ text: 'bold ', font: { bold: true } }, { text: 'and &amp; plain' }] },
    { formula: '1+1', result: 2 },
  ]);
  sheet.getCell('C2').numFmt = 'yyyy-mm-dd';
  sheet.addRow(['a2', 0.1 + 0.2, 45000, false, 'shared text', { formula: 'A1&"x"', result: 'a1x' }]);
  sheet.getCell('G3').value = { error: '#N/A' };
  sheet.getCell('J3').value = 'far right';
  sheet.addRow([]);
  sheet.addRow(['shared text', 'shared text', '  ', '', null, 'x']);
  sheet.getCell('A6').value = { text: 'a link', hyperlink: 'https://example.com/' };
  book.addWorksheet('Second').addRow(['not read']);
  const made = path.join(dir, 'exceljs.xlsx');
  await book.xlsx.writeFile(made);
  const records = await read(made);
  assert.deepEqual(records, await readWithExcelJs(made));
  assert.deepEqual(records[1]!.cells, ['a1', '12.5', '2024-01-05', 'TRUE', 'bold and &amp; plain', '=1+1']);
  assert.deepEqual(
    records.map(({ line }) => line),
    [1, 2, 3, 5, 6],
  );
});

test("Excel's layouts: shared strings after the sheet, prefixed elements, no references, phonetic runs, 1904 dates", async () => {
  const parts = workbookParts(
    `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>` +
      `<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row>` +
      // no references: the row after 1, the cells one after another
      `<x:row><x:c t="inlineStr"><x:is><x:r><x:t>in</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">line </x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:is></x:c>` +
      `<x:c t="str"><x:v>a &amp;gt; b</x:v></x:c><x:c s="1"><x:v>0</x:v></x:c><x:c t="b"><x:v>0</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c></x:row>` +
      `<x:row r="7"><x:c r="B7"><x:f t="shared" ref="B7:B8" si="0">A7*2</x:f><x:v>2</x:v></x:c></x:row>` +
      `<x:row r="8"><x:c r="B8"><x:f t="shared" si="0"/><x:v>4</x:v></x:c><x:c r="Z8" s="1"/></x:row>` +
      `</x:sheetData></x:worksheet>`,
    [
      {
        name: 'xl/sharedStrings.xml',
        content:
          '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>plain</t></si>' +
          '<si><r><t>ru</t></r><r><rPr><i/></rPr><t>ns</t></r><rPh sb="0" eb="1"><t>phonetic</t></rPh></si></sst>',
      },
      {
        name: 'xl/styles.xml',
        content:
          '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
          '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>',
      },
    ],
  );
  const workbookXml = parts[1]!.content;
  assert.equal(typeof workbookXml, 'string');
  parts[1]!.content = (workbookXml as string).replace('<sheets>', '<workbookPr date1904="1"/><sheets>');
  const records = await read(await workbook(parts));
  assert.deepEqual(records, [
    { line: 1, cells: ['plain', '', 'runs'] },
    { line: 2, cells: ['inline ', 'a &gt; b', '1904-01-01', 'FALSE', '#DIV/0!'] },
    { line: 7, cells: ['', '=A7*2'] },
    { line: 8, cells: ['', '=A7*2'] },
  ]);
});

test('a workbook past a limit is refused in words: rows, columns, a cell, the unzipped bytes', async () => {
  const row = (line: number, cells: string) => `<row r="${line}">${cells}</row>`;
  const inline = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const fourRows = await workbook(
    workbookParts(sheetXml([1, 2, 3, 4].map((line) => row(line, inline(`A${line}`, `row ${line}`))).join(''))),
  );
  assert.equal((await read(fourRows, { rows: 3 })).length, 4, 'the header and 3 rows');
  await refused(
    fourRows,
    { rows: 2 },
    WorkbookLimitError,
    /^The workbook has more than 2 product rows: an import takes 2 at most\. Split it into several files\.$/,
  );

  // a styled empty cell far to the right is nothing; a value there is refused
  const far = await workbook(
    workbookParts(sheetXml(row(1, `${inline('A1', 'id')}<c r="XFD1" s="1"/>`) + row(2, inline('F2', 'note')))),
  );
  assert.deepEqual(await read(far, { columns: 6 }), [
    { line: 1, cells: ['id'] },
    { line: 2, cells: ['', '', '', '', '', 'note'] },
  ]);
  await refused(
    far,
    { columns: 5 },
    WorkbookLimitError,
    /^The workbook has something in column 6 of row 2: an import reads 5 columns at most/,
  );

  const long = await workbook(
    workbookParts(sheetXml(row(1, `${inline('A1', 'x'.repeat(10))}<c r="B1" t="s"><v>0</v></c>`)), [
      { name: 'xl/sharedStrings.xml', content: `<sst><si><t>${'y'.repeat(12)}</t></si></sst>` },
    ]),
  );
  await refused(
    long,
    { cellCharacters: 11 },
    WorkbookLimitError,
    /^The workbook has a cell of more than 11 characters, more than Excel holds: save the file as CSV instead\.$/,
  );
  await refused(long, { cellCharacters: 9 }, WorkbookLimitError, /a cell of more than 9 characters/);

  // 8 MB of markup that declares 100 bytes: counted as it inflates, refused before it is parsed
  const tag = Buffer.from('<c/>'.repeat(256 * 1024));
  const lying = await workbook(
    workbookParts([Buffer.from(sheetXml('').replace('</sheetData></worksheet>', '')), ...repeated(tag, 8)], [], {
      declaredSize: 100,
    }),
  );
  await refused(
    lying,
    { unzippedBytes: 4 * 1024 * 1024 },
    WorkbookLimitError,
    /^The workbook expands to more than 4 MB once unzipped: an import reads at most 4 MB of a workbook's content\. Split it into several files\.$/,
  );
  // an honest one is refused on its word
  const honest = await workbook(
    workbookParts([Buffer.from(sheetXml('').replace('</sheetData></worksheet>', '')), ...repeated(tag, 8)]),
  );
  await refused(honest, { unzippedBytes: 4 * 1024 * 1024 }, WorkbookLimitError, /expands to more than 4 MB/);
});

test('XML that would grow one string, or nest deep, is refused before the parser gathers it', async () => {
  const head = '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
  const spaces = await workbook(
    workbookParts([Buffer.from(head), ...repeated(Buffer.alloc(256 * 1024, 0x20), 8)], [], { declaredSize: 1000 }),
  );
  await refused(
    spaces,
    {},
    WorkbookLimitError,
    /^The workbook holds a text of more than 1 MB without markup \(an Excel cell holds 32,767 characters at most\)\.$/,
  );
  const comment = await workbook(workbookParts(sheetXml('<!-- <row r="1"> -->')));
  await refused(comment, {}, WorkbookFormatError, /holds a comment, CDATA or DTD/);
  const doctype = await workbook(
    workbookParts(`<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaa">]>${sheetXml('')}`),
  );
  await refused(doctype, {}, WorkbookFormatError, /holds a comment, CDATA or DTD/);
  const instruction = await workbook(workbookParts(sheetXml('<?pi <<<<?>')));
  await refused(instruction, {}, WorkbookFormatError, /processing instruction/);
  const deep = await workbook(workbookParts(sheetXml(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`)));
  await refused(deep, {}, WorkbookFormatError, /nests its XML more than 32 levels deep/);
});

test('archives that are no workbook say why', async () => {
  await refused(
    await workbook([{ name: 'word/document.xml', content: '<w/>' }]),
    {},
    WorkbookFormatError,
    /without xl\/workbook\.xml/,
  );
  await refused(
    await fileOf(Buffer.from('PK\u0003\u0004 and nothing else')),
    {},
    WorkbookFormatError,
    /^The workbook is not a readable zip archive: it is not a zip archive \(no central directory\)\.$/,
  );
  const parts = workbookParts(sheetXml(''));
  const archive = await zipArchive(parts);
  // the sheet's entry (the 4th of the directory) said to be compressed with method 12 (bzip2)
  let at = archive.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
  archive.writeUInt16LE(12, at + 10);
  await refused(
    await fileOf(archive),
    {},
    WorkbookFormatError,
    /compressed in a way workbooks do not use \(method 12\)/,
  );
  at = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  archive.writeUInt16LE(1, at + 8);
  await refused(await fileOf(archive), {}, WorkbookFormatError, /it is encrypted/);
});

test('CSV past a limit: rows and columns (empty cells past the last column are nothing)', () => {
  const limits = { records: 3, cells: 4 };
  assert.equal(readCsv('a\nb\nc\n', limits).length, 3);
  assert.throws(
    () => readCsv('a\nb\nc\nd\n', limits),
    new CsvLimitError('The file has more than 2 product rows: an import takes 2 at most. Split it into several files.'),
  );
  assert.deepEqual(readCsv('a,b,c,d,,,,,\n', limits), [{ line: 1, cells: ['a', 'b', 'c', 'd'] }]);
  assert.throws(
    () => readCsv('a,b\na,b,c,d,,x\n', limits),
    new CsvLimitError('Line 2 has something in column 6: an import reads 4 columns at most (the catalogue has 13).'),
  );
});

test('readCatalogueFile: past a limit is `limit`, with the sentence', async () => {
  const rows = Buffer.from(writeCsv(CATALOGUE_COLUMNS, []) + 'x\r\n'.repeat(IMPORT_LIMITS.rows + 1));
  const csv = await fileOf(rows, 'csv');
  assert.deepEqual(await readCatalogueFile(csv), {
    problems: [
      `${csv}: The file has more than 150,000 product rows: an import takes 150,000 at most. Split it into several files.`,
    ],
    limit: true,
  });
  const sheet = [
    Buffer.from(sheetXml('').replace('</sheetData></worksheet>', '')),
    ...repeated(Buffer.from('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1000)), 151),
  ];
  const xlsx = await workbook(workbookParts(sheet));
  assert.deepEqual(await readCatalogueFile(xlsx), {
    problems: [
      `${xlsx}: The workbook has more than 150,000 product rows: an import takes 150,000 at most. Split it into several files.`,
    ],
    limit: true,
  });
  const broken = await fileOf(Buffer.from('PK\u0003\u0004'));
  assert.deepEqual(await readCatalogueFile(broken), {
    problems: [
      `${broken}: The workbook is not a readable zip archive: it is not a zip archive (no central directory).`,
    ],
  });
});
