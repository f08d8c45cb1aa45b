// A file that expands past what an import reads (a security finding), sent to the staff app's import as the
// catalogue role would, is refused in words (its job's) and the server goes on: before, a 19 MB workbook of the
// site's own row 200,000 times took the process past 4 GB and killed it, and 300 KB of workbook holding 300 MB of
// whitespace held every request 6.6 s. Made here: the site's first product 100,000 times (300 MB unzipped, 7 MB
// zipped: refused on what it declares), 300 MB of whitespace in one cell (300 KB, declared as 1 KB: refused by the
// count as it inflates), a text of 4 MB, 150,001 one-cell rows (a workbook, and CSV), a CSV cell in column 71.
// Embedded PGlite (nothing here depends on the database).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STAFF_API } from '@site/contracts/staff-api';
import { CATALOGUE_COLUMNS } from '../file/columns.js';
import { readCsv, writeCsv } from '../../platform/spreadsheet/csv.js';
import { pgliteTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { importJobOf, importReportOf } from '../../test-support/importJobs.js';
import { addStaffAccount, onStaffOrigin, signInStaff } from '../../test-support/staffSignIn.js';
import { repeated, sheetXml, workbookParts, zipArchive } from '../../test-support/zipFiles.js';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rowXml = (cells: readonly string[]) =>
  `<row>${cells.map((cell) => `<c t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`).join('')}</row>`;
/** A sheet's XML cut in two around its rows, to put the rows between as pieces. */
const [SHEET_HEAD, SHEET_TAIL] = sheetXml('|').split('|') as [string, string];

test('a workbook or CSV past the import limits is refused in words, and the server goes on', {
  timeout: 120_000,
}, async (t) => {
  const { app, db } = await catalogueEditorApp(t, pgliteTarget);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const exported = await app.inject({
    method: 'GET',
    url: `${STAFF_API.catalogueExport}?format=csv`,
    headers: { ...onStaffOrigin(app), cookie: layla.cookie },
  });
  assert.equal(exported.statusCode, 200);
  const [header, first] = readCsv(exported.body);

  const refusal = async (name: string, content: Buffer, expected: RegExp) => {
    const started = performance.now();
    // the upload is taken; its job refuses the file in words
    const job = await importJobOf(app, layla, true, name, content);
    assert.equal(job.state, 'refused', `${name}: ${JSON.stringify(job)}`);
    assert.match(job.failure ?? '', expected, name);
    assert.match(job.failure ?? '', / Nothing was imported\.$/);
    const health = await app.inject({ url: '/healthz' });
    assert.deepEqual(
      [health.statusCode, health.json()],
      [200, { status: 'ok', database: 'ok' }],
      'the server still answers',
    );
    t.diagnostic(
      `${name} (${(content.length / 1024).toFixed(0)} KB): refused in ${Math.round(performance.now() - started)} ms`,
    );
  };

  // the finding's file: the site's own first row again and again (100,000 times: 300 MB unzipped, and said so)
  const copies = Buffer.from(rowXml(first!.cells).repeat(100));
  await refusal(
    'copies.xlsx',
    await zipArchive(
      workbookParts([
        Buffer.from(SHEET_HEAD + rowXml(header!.cells)),
        ...repeated(copies, 1_000),
        Buffer.from(SHEET_TAIL),
      ]),
    ),
    /^The workbook expands to more than 256 MB once unzipped: an import reads at most 256 MB of a workbook's content\. Split it into several files\./,
  );
  // 300 MB of whitespace in one cell, declared as 1 KB
  const cell = `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>`;
  await refusal(
    'whitespace.xlsx',
    await zipArchive(
      workbookParts(
        [
          Buffer.from(cell),
          ...repeated(Buffer.alloc(1024 * 1024, 0x20), 300),
          Buffer.from(`</t></is></c></row>${SHEET_TAIL}`),
        ],
        [],
        { declaredSize: 1024 },
      ),
    ),
    /^The workbook expands to more than 256 MB once unzipped/,
  );
  // whitespace within the limit: one text of 4 MB is refused as it comes (the parser would gather it whole)
  await refusal(
    'text.xlsx',
    await zipArchive(
      workbookParts(
        [
          Buffer.from(cell),
          ...repeated(Buffer.alloc(1024 * 1024, 0x20), 4),
          Buffer.from(`</t></is></c></row>${SHEET_TAIL}`),
        ],
        [],
        { declaredSize: 1024 },
      ),
    ),
    /^The workbook holds a text of more than 1 MB without markup \(an Excel cell holds 32,767 characters at most\)\./,
  );
  // rows past the limit: 150,001 rows of one cell below the header, as a workbook and as CSV
  const oneCellRows = Buffer.from('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1_000));
  await refusal(
    'rows.xlsx',
    await zipArchive(
      workbookParts([
        Buffer.from(SHEET_HEAD + rowXml(header!.cells)),
        ...repeated(oneCellRows, 150),
        Buffer.from(rowXml(['x']) + SHEET_TAIL),
      ]),
    ),
    /^The workbook has more than 150,000 product rows: an import takes 150,000 at most\. Split it into several files\./,
  );
  await refusal(
    'rows.csv',
    Buffer.from(writeCsv(CATALOGUE_COLUMNS, []) + 'x\r\n'.repeat(150_001)),
    /^The file has more than 150,000 product rows: an import takes 150,000 at most\./,
  );
  await refusal(
    'columns.csv',
    Buffer.from(`${writeCsv(CATALOGUE_COLUMNS, [])}${',x'.repeat(70)}\r\n`),
    /^Line 2 has something in column 65: an import reads 64 columns at most/,
  );

  // nothing was audited, and the import still takes its own export
  const audited = await db.query<{ n: string }>(
    "select count(*)::text as n from staff_audit_log where action like 'catalogue.import%'",
  );
  assert.equal(audited[0]!.n, '0');
  const dryRun = await importReportOf(app, layla, true, 'catalogue.csv', exported.rawPayload);
  assert.equal(dryRun.badRows, 0);
});
