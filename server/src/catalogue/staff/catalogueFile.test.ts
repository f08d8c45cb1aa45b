// The staff app's import and export of the whole catalogue, through the whole app (buildApp, real sessions and CSRF
// tokens), on both databases: the export as a download, the file types refused by their content (HTML named .csv, a
// zip that is no workbook), a workbook's formula read as its text, the 50 MB limit while streaming, a dry run that
// writes nothing, an import the public API shows at once, an export that imports back unchanged, and who may.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import { IMPORT_MAX_BYTES } from '@site/contracts/staff-catalogue-api';
import { readCsv, writeCsv } from '../../platform/spreadsheet/csv.js';
import { CATALOGUE_COLUMNS } from '../file/columns.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { addStaffAccount, onStaffOrigin, signInStaff, staffCall } from '../../test-support/staffSignIn.js';
import { importJobOf, importReportOf, sendCatalogueFile } from '../../test-support/importJobs.js';
import { lazyMultipartBody, MULTIPART_TYPE, partHead, partTail } from '../../test-support/multipart.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const STALE = { error: 'Your session has expired or the form is stale. Please reload the page.' };

const upload = sendCatalogueFile;

/** A zip archive of stored (uncompressed) entries: what a workbook is made of, here without a workbook in it. */
function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function fileSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const omar = await signInStaff(app, 'omar@crescent.example');
  const audited = async (action: string) =>
    (
      await db.query<{ detail: string }>('select detail from staff_audit_log where action = $1 order by id', [action])
    ).map((row) => row.detail);
  const version = async () =>
    Number((await db.query<{ version: string }>('select version from catalogue_state'))[0]!.version);
  const stored = async () =>
    db.query<Record<string, unknown>>(
      'select id, name, price::text as price, details, updated_at from catalogue_products order by id',
    );
  const productCount = (await stored()).length;
  const storedVariants = async () =>
    db.query<Record<string, unknown>>(
      'select product_id, position, code, mpn, label, label_ar, row::text, row_ar::text, price::text as price, unit, pack_quantity, published from catalogue_product_variants order by product_id, position',
    );
  const variantCount = (await storedVariants()).length;
  const exportAs = async (format: 'csv' | 'xlsx') => {
    const res = await app.inject({
      method: 'GET',
      url: `${STAFF_API.catalogueExport}?format=${format}`,
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res;
  };

  await t.test('the export downloads the whole catalogue as CSV or a workbook, audited', async () => {
    const csv = await exportAs('csv');
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(
      String(csv.headers['content-disposition']),
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    assert.equal(csv.headers['cache-control'], 'no-store');
    const records = readCsv(csv.body);
    assert.deepEqual(records[0]!.cells, [...CATALOGUE_COLUMNS]);
    // a row per variant, its product's columns on each
    assert.equal(records.length - 1, variantCount);
    assert.ok(variantCount > productCount, `${variantCount} variant rows of ${productCount} products`);
    const glandRows = records.filter((record) => record.cells[0] === PRODUCT);
    assert.deepEqual(
      glandRows.slice(0, 3).map((record) => record.cells[CATALOGUE_COLUMNS.indexOf('code')]),
      ['HEX-CW-20S', 'HEX-CW-20', 'HEX-CW-25'],
    );
    assert.equal(new Set(glandRows.map((record) => record.cells[CATALOGUE_COLUMNS.indexOf('productName')])).size, 1);
    const xlsx = await exportAs('xlsx');
    assert.match(String(xlsx.headers['content-disposition']), /filename="catalogue-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    assert.deepEqual([...xlsx.rawPayload.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
    const exports = await audited('catalogue.export');
    assert.deepEqual(
      exports.map((detail) => detail.replace(/ \(catalogue version \d+\)$/, '')),
      [`${variantCount} rows (a row per variant) as csv`, `${variantCount} rows (a row per variant) as xlsx`],
    );
    const bad = await app.inject({
      method: 'GET',
      url: `${STAFF_API.catalogueExport}?format=pdf`,
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    });
    assert.deepEqual(
      [bad.statusCode, bad.json()],
      [
        400,
        {
          error: 'format must be csv or xlsx',
          problems: [{ path: ['format'], message: 'format must be csv or xlsx' }],
        },
      ],
    );
  });

  await t.test(
    'the export imports back unchanged, as CSV and as a workbook, an Arabic table cell of its own among them',
    async () => {
      // a variant whose Arabic row differs from its English one (as the editor writes it): its cells go out and come back
      const [gland] = await db.query<{ row: Record<string, unknown> }>(
        'select row from catalogue_product_variants where product_id = $1 and row is not null order by position limit 1',
        [PRODUCT],
      );
      const arabicCell = 'مقاس ٢٠ خاص';
      const rowAr = { ...gland!.row, size: arabicCell };
      await db.query(
        'update catalogue_product_variants set row_ar = $1 where product_id = $2 and position = (select min(position) from catalogue_product_variants where product_id = $2 and row is not null)',
        [JSON.stringify(rowAr), PRODUCT],
      );
      // the workbook checked (its every row compared with the stored product), the CSV imported
      for (const format of ['xlsx', 'csv'] as const) {
        const dryRun = format === 'xlsx';
        const before = await stored();
        const variantsBefore = await storedVariants();
        assert.ok(
          variantsBefore.some((variant) => variant.row_ar === JSON.stringify(rowAr)),
          'the Arabic row as set',
        );
        const file = (await exportAs(format)).rawPayload;
        if (format === 'csv') {
          const glandRows = readCsv(file.toString('utf8')).filter((record) => record.cells[0] === PRODUCT);
          assert.ok(
            glandRows.some((record) => record.cells[CATALOGUE_COLUMNS.indexOf('variantRow_ar')]!.includes(arabicCell)),
            'the CSV has the Arabic cell in variantRow_ar',
          );
        }
        const report = await importReportOf(app, layla, dryRun, `catalogue.${format}`, file);
        assert.deepEqual(
          { ...report, version: null },
          {
            dryRun,
            written: !dryRun,
            format,
            rows: variantCount,
            added: 0,
            changed: 0,
            unchanged: productCount,
            badRows: 0,
            problems: [],
            problemCount: 0,
            version: null,
            changes: [],
            changeCount: 0,
          },
        );
        assert.deepEqual(
          (await stored()).map(({ updated_at: _updated, ...row }) => row),
          before.map(({ updated_at: _updated, ...row }) => row),
        );
        assert.deepEqual(await storedVariants(), variantsBefore, 'every variant as it was');
      }
    },
  );

  await t.test('only admins and the catalogue role, with the CSRF token', async () => {
    const csv = (await exportAs('csv')).rawPayload;
    const branchExport = await staffCall(app, omar, 'GET', `${STAFF_API.catalogueExport}?format=csv`);
    assert.deepEqual(
      [branchExport.statusCode, branchExport.json()],
      [403, { error: 'Only the catalogue role and administrators can edit the catalogue.' }],
    );
    const branchImport = await upload(app, omar, true, 'catalogue.csv', csv);
    assert.equal(branchImport.statusCode, 403, branchImport.body);
    const checks = (await audited('catalogue.import-check')).length;
    const noToken = await upload(app, layla, true, 'catalogue.csv', csv, { csrf: false });
    assert.deepEqual([noToken.statusCode, noToken.json()], [403, STALE]);
    assert.equal((await audited('catalogue.import-check')).length, checks, 'nothing ran');
  });

  await t.test(
    'files refused by their content, whatever their name: HTML, a zip that is no workbook, over 50 MB',
    async () => {
      const before = await version();
      // the upload is taken (202), and its job refuses the file in words
      const refusal = async (name: string, content: Buffer) => {
        const job = await importJobOf(app, layla, true, name, content);
        assert.deepEqual([job.state, job.phase, job.report], ['refused', 'finished', null]);
        return job.failure ?? '';
      };
      assert.match(
        await refusal(
          'catalogue.csv',
          Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        ),
        /^The file is not CSV: it looks like HTML or XML\..* Nothing was imported\.$/,
      );
      assert.match(
        await refusal('catalogue.xlsx', zipOf({ 'readme.txt': 'not a workbook', 'word/document.xml': '<w/>' })),
        /^The file is a zip archive but not an Excel workbook/,
      );
      assert.match(
        await refusal('catalogue.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe])),
        /^The file is neither an Excel workbook \(\.xlsx\) nor CSV text in UTF-8/,
      );
      const empty = await upload(app, layla, true, 'catalogue.csv', Buffer.alloc(0));
      assert.equal(empty.statusCode, 400, empty.body);
      assert.equal(
        await refusal('catalogue.csv', Buffer.from(writeCsv(CATALOGUE_COLUMNS, []))),
        'The file has its header but no product rows: nothing to import.',
      );
      assert.match(
        await refusal('catalogue.csv', Buffer.from(writeCsv([...CATALOGUE_COLUMNS, 'colour'], []))),
        /^The file could not be read: line 1: unknown column\(s\) colour .*Nothing was imported\.$/,
      );
      // announced larger: refused before the body is read
      const announced = await app.inject({
        method: 'POST',
        url: `${STAFF_API.catalogueImport}?dryRun=1`,
        headers: {
          ...onStaffOrigin(app),
          'content-type': MULTIPART_TYPE,
          'content-length': String(IMPORT_MAX_BYTES + 1024 * 1024),
          cookie: layla.cookie,
          [CSRF_HEADER]: layla.csrf,
        },
        payload: Buffer.concat([partHead('big.csv', 'text/csv'), partTail]),
      });
      assert.equal(announced.statusCode, 413, announced.body);
      // not announced (chunked): stopped as it streams past the limit
      const body = lazyMultipartBody(IMPORT_MAX_BYTES + 4 * 1024 * 1024, 'big.csv', 'text/csv');
      const streamed = await upload(app, layla, true, 'big.csv', body.stream);
      assert.equal(streamed.statusCode, 413, streamed.body);
      assert.equal(
        streamed.json<{ error: string }>().error,
        'The catalogue file is too large: at most 50 MB is taken. Nothing was kept.',
      );
      assert.equal(await version(), before);
    },
  );

  await t.test('a workbook formula is read as its text, never its result; the bad rows are a table', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow([...CATALOGUE_COLUMNS]);
    const exported = readCsv((await exportAs('csv')).body);
    const row = exported.find((record) => record.cells[0] === PRODUCT)!.cells;
    const price = CATALOGUE_COLUMNS.indexOf('price');
    sheet.addRow(row.map((cell, index) => (index === price ? { formula: '1+1', result: 2 } : cell)));
    const report = await importReportOf(
      app,
      layla,
      true,
      'catalogue.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    assert.equal(report.written, false);
    assert.equal(report.badRows, 1);
    assert.deepEqual(
      report.problems.map(({ line, id, column }) => ({ line, id, column })),
      [{ line: 2, id: PRODUCT, column: 'price' }],
    );
    assert.match(report.problems[0]!.reason, /^bad price "=1\+1"/);
  });

  await t.test(
    'a dry run reports and writes nothing; the import writes in one go and the public API shows it',
    async () => {
      const exported = readCsv((await exportAs('csv')).body);
      const header = exported[0]!.cells;
      const col = (name: (typeof CATALOGUE_COLUMNS)[number]) => header.indexOf(name);
      const rows = exported.slice(1).map((record) => [...record.cells]);
      // the product's name on each of its rows, its first variant's price
      for (const cells of rows.filter((candidate) => candidate[col('id')] === PRODUCT))
        cells[col('productName')] = 'CW brass cable gland, imported';
      const changed = rows.find((cells) => cells[col('id')] === PRODUCT)!;
      changed[col('price')] = '123.45';
      const added = [...changed];
      added[col('id')] = 'imported_gland';
      added[col('code')] = 'IMP-GLAND-1';
      const file = Buffer.from(writeCsv(header, [...rows, added]));
      const before = await stored();
      const versionBefore = await version();
      const line = rows.indexOf(changed) + 2;
      const DRY_RUN_CHANGES = [
        {
          line,
          id: PRODUCT,
          change: `product ${PRODUCT}: productName "CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)" → "CW brass cable gland, imported"`,
        },
        { line, id: PRODUCT, change: 'HEX-CW-20S: price 12 → 123.45' },
      ];

      assert.deepEqual(await importReportOf(app, layla, true, 'new.csv', file), {
        dryRun: true,
        written: false,
        format: 'csv',
        rows: variantCount + 1,
        added: 1,
        changed: 1,
        unchanged: productCount - 1,
        badRows: 0,
        problems: [],
        problemCount: 0,
        changes: DRY_RUN_CHANGES,
        changeCount: 2,
        version: null,
      });
      assert.deepEqual(await stored(), before, 'the dry run wrote nothing');
      assert.equal(await version(), versionBefore);

      // a bad row stops the whole import: nothing written
      const bad = [...added];
      bad[col('id')] = 'imported_bad';
      bad[col('code')] = 'IMP-BAD-1';
      bad[col('price')] = '1,200';
      const refusedReport = await importReportOf(
        app,
        layla,
        false,
        'bad.csv',
        Buffer.from(writeCsv(header, [...rows, added, bad])),
      );
      assert.equal(refusedReport.written, false);
      assert.deepEqual(
        refusedReport.problems.map(({ line, id, column }) => ({ line, id, column })),
        [{ line: variantCount + 3, id: 'imported_bad', column: 'price' }],
      );
      assert.deepEqual(await stored(), before, 'a refused import wrote nothing');

      const report = await importReportOf(app, layla, false, 'new.csv', file);
      assert.equal(report.written, true);
      assert.deepEqual([report.added, report.changed, report.unchanged], [1, 1, productCount - 1]);
      assert.ok(report.version !== null && report.version > versionBefore, `the version moved on: ${report.version}`);
      assert.equal(await version(), report.version);
      const live = (await app.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>();
      // the variant's price is its own; the product's is its variants' lowest (the listing's "from" price)
      assert.deepEqual(
        live.variants.slice(0, 2).map((variant) => [variant.code, variant.price]),
        [
          ['HEX-CW-20S', 123.45],
          ['HEX-CW-20', 13.5],
        ],
      );
      assert.equal(live.listing.price, 13.5);
      assert.equal(live.listing.code, 'HEX-CW-20S');
      assert.equal(live.product.productName, 'CW brass cable gland, imported');
      assert.equal((await app.inject({ url: catalogueProductApiPath('imported_gland') })).statusCode, 200);
      const imports = await audited('catalogue.import');
      assert.equal(imports.length, 3, imports.join('\n'));
      assert.match(
        imports.at(-2)!,
        /^refused, csv "bad\.csv" of \d+ bytes \(sha256 [a-f0-9]{64}, job [a-f0-9-]{36}\); \d+ rows: .* 1 with problems$/,
      );
      assert.match(
        imports.at(-1)!,
        new RegExp(
          `^imported, csv "new\\.csv" of \\d+ bytes \\(sha256 [a-f0-9]{64}, job [a-f0-9-]{36}\\); ${variantCount + 1} rows: 1 new, 1 changed, ${productCount - 1} unchanged, 0 with problems$`,
        ),
      );
    },
  );
}

test('the catalogue file from the staff app on embedded PGlite', async (t) => {
  await fileSuite(t, pgliteTarget);
});

test('the catalogue file from the staff app on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => fileSuite(t, target));
});
