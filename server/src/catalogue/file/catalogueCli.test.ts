import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { dataEdition } from '@site/content/arabic-edition';
import { seededProductVariants } from '@site/content/product-variants';
import ExcelJS from 'exceljs';
import { openDatabase, pgliteDir } from '../../platform/db/index.js';
import { CatalogueStore } from '../catalogueStore.js';
import { readCatalogueVersion } from '../state.js';
import { keepVersionsBefore, recordImportVersions } from '../staff/imports/importVersions.js';
import { catalogueCli } from './catalogueCli.js';
import { CATALOGUE_COLUMNS, LONE_VARIANT } from './columns.js';
import { placeMigratedDatabase } from '../../test-support/databases.js';
import { readCsv, writeCsv } from '../../platform/spreadsheet/csv.js';

let folder: string;
let env: Record<string, string>;

before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'site-catalogue-cli-'));
  env = { DATA_DIR: path.join(folder, 'data') };
  await placeMigratedDatabase(env.DATA_DIR!);
});
after(() => rm(folder, { recursive: true, force: true }));

/** Runs the command as `npm run catalogue -- …` would, with what it printed. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await catalogueCli(argv, env, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** Opens the CLI's database between commands (PGlite: one process, one handle at a time). */
async function inDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: env.DATA_DIR!, databaseUrl: undefined });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

const file = (name: string) => path.join(folder, name);

test('an export imports back unchanged, as CSV and as an Excel workbook', async () => {
  for (const name of ['catalogue.csv', 'catalogue.xlsx']) {
    const first = await run('export', file(name));
    assert.equal(first.code, 0, first.err);
    // a row per variant: the seeded products and the variants of those with several
    const variantRows = seededProductVariants().reduce((sum, entry) => sum + entry.variants.length - 1, 0);
    assert.equal(
      first.out,
      `Exported ${dataEdition('en', 'products.json').length + variantRows} rows (a row per variant) to ${file(name)}\n`,
    );
    const imported = await run('import', file(name));
    assert.equal(imported.code, 0, imported.err);
    assert.equal(imported.out, `Imported 0 new, ${dataEdition('en', 'products.json').length} updated products.\n`);
    const again = file(`again-${name}`);
    assert.equal((await run('export', again)).code, 0);
    if (name.endsWith('.csv')) assert.equal(await readFile(again, 'utf8'), await readFile(file(name), 'utf8'));
  }
  // and the site's records are still the content files, byte for byte
  await inDatabase(async (db) => {
    const store = new CatalogueStore(db.kysely);
    for (const locale of ['en', 'ar'] as const) {
      assert.equal(
        JSON.stringify(await store.allDetails(locale)),
        JSON.stringify(dataEdition(locale, 'product-details.json')),
      );
      assert.equal(
        JSON.stringify(await store.allProducts(locale)),
        JSON.stringify(dataEdition(locale, 'products.json')),
      );
    }
  });
});

test('an import of a file is in the history of each product it changes: by the command line, named by the file', async () => {
  const exported = file('cli-export.csv');
  assert.equal((await run('export', exported)).code, 0);
  const [header, ...records] = readCsv(await readFile(exported, 'utf8'));
  const column = (name: string) => header!.cells.indexOf(name);
  const cells = records.map((record) => [...record.cells]);
  const row = cells.find((candidate) => candidate[column('code')] === 'HEX-CW-25')!;
  row[column('price')] = String(Number(row[column('price')]) + 3);
  const prices = file('cli-prices.csv');
  await writeFile(prices, writeCsv(header!.cells, cells));
  let err = '';
  const code = await catalogueCli(
    ['import', prices],
    env,
    { out: () => undefined, err: (text) => (err += text) },
    {
      before: keepVersionsBefore,
      record: (trx, touched, fileName) => recordImportVersions(trx, touched, { by: null, fileName, jobId: null }),
    },
  );
  assert.equal(code, 0, err);
  const history = await inDatabase((db) =>
    db.query<{ product_id: string; version: string; action: string; note: string | null; by: string | null }>(
      'select product_id, version::text, action, note, published_by_email as by from catalogue_product_history order by product_id, version',
    ),
  );
  assert.deepEqual(
    history.map(({ product_id, version, action, note, by }) => [product_id, version, action, note, by]),
    [
      ['hex_cw_brass_cable_gland', '0', 'publish', null, null],
      ['hex_cw_brass_cable_gland', '1', 'import', 'cli-prices.csv', null],
    ],
  );
});

test('a bad file: every bad row with its line and reason, and nothing written', async () => {
  const base = {
    ...LONE_VARIANT,
    id: 'new_gland_one',
    productCategoryId: 'industrial_cable_glands',
    productName: 'New Brass Gland 20S',
    productName_ar: 'جلبة نحاسية جديدة 20S',
    code: 'NEW-GL-001',
    company: 'Hex',
    price: '12.5',
    unit: 'piece',
    popularity: '40',
    dateAdded: '2026-11-01',
    image: 'gland_brass',
    details: JSON.stringify({ detail: ['<p>A gland.</p>'], description: [{ key: 'Size', value: '20S' }] }),
    details_ar: JSON.stringify({ detail: ['<p>جلبة.</p>'], description: [{ key: 'المقاس', value: '20S' }] }),
  };
  const rows = [
    base,
    { ...base, id: 'unknown_category', code: 'NEW-GL-002', productCategoryId: 'no_such_category' },
    { ...base, id: 'taken_code', code: 'OC-SWA-416' },
    { ...base, id: 'bad_price', code: 'NEW-GL-004', price: '12,50' },
    { ...base, id: 'formula_price', code: 'NEW-GL-005', price: '=1+1' },
    {
      ...base,
      id: 'bad_details',
      code: 'NEW-GL-006',
      details: JSON.stringify({ detail: ['<p>unclosed'], description: [{ key: 'Size', value: '20S' }] }),
    },
    { ...base, id: 'no_arabic', code: 'NEW-GL-007', productName_ar: '' },
    { ...base, id: 'english_only', code: 'NEW-GL-008', productName_ar: 'New Brass Gland' },
    { ...base, id: 'not_json', code: 'NEW-GL-009', details_ar: '{"detail": [' },
    // a second row of one product (its second variant) whose product columns differ from its first's
    { ...base, id: 'new_gland_one', code: 'NEW-GL-010', productName: 'New Brass Gland 20S, renamed' },
    // the stored-text rule: a control character in a one-line column, a direction override in a code, and a control
    // written as a JSON escape inside a detail text
    { ...base, id: 'control_name', code: 'NEW-GL-011', productName: 'Gland\u0007 20S' },
    { ...base, id: 'direction_code', code: 'NEW-GL-\u202E012' },
    {
      ...base,
      id: 'escaped_control',
      code: 'NEW-GL-013',
      details: '{"detail": ["<p>A gland.\\u0000</p>"], "description": [{"key": "Size", "value": "20S"}]}',
    },
  ];
  await writeFile(
    file('bad.csv'),
    writeCsv(
      CATALOGUE_COLUMNS,
      rows.map((row) => CATALOGUE_COLUMNS.map((column) => row[column])),
    ),
  );
  const before = await inDatabase(async (db) => ({
    version: await readCatalogueVersion(db.kysely),
    count: (
      await db.kysely
        .selectFrom('catalogue_products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  }));
  for (const argv of [
    ['import', file('bad.csv')],
    ['import', file('bad.csv'), '--dry-run'],
  ]) {
    const result = await run(...argv);
    assert.equal(result.code, 1);
    const expected = [
      /^line 3 \(id unknown_category\): unknown category "no_such_category"$/m,
      /^line 4 \(id taken_code\): variant code "OC-SWA-416" is already product oc_cu_xlpe_swa_pvc_cable's \(OC-SWA-416\): each variant code is unique over the catalogue$/m,
      /^line 5 \(id bad_price\): bad price "12,50"/m,
      /^line 6 \(id formula_price\): bad price "=1\+1"/m,
      /^line 7 \(id bad_details\): details: .*unclosed <p>/m,
      /^line 8 \(id no_arabic\): missing Arabic: productName_ar is empty$/m,
      /^line 9 \(id english_only\): missing Arabic: productName_ar has no Arabic letter$/m,
      /^line 10 \(id not_json\): details_ar is not valid JSON/m,
      /^line 11 \(id new_gland_one\): product columns differ from line 2, the product's first row/m,
      /^line 12 \(id control_name\): productName contains characters that are not allowed$/m,
      /^line 13 \(id direction_code\): code contains invisible text-direction characters/m,
      /^line 14 \(id escaped_control\): details\.detail\.0 contains characters that are not allowed$/m,
      /^12 of 13 rows have problems: nothing was imported\.$/m,
    ];
    for (const pattern of expected) assert.match(result.err, pattern);
    assert.doesNotMatch(result.err, /^line 2 /m);
  }
  const afterwards = await inDatabase(async (db) => ({
    version: await readCatalogueVersion(db.kysely),
    count: (
      await db.kysely
        .selectFrom('catalogue_products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  }));
  assert.deepEqual(afterwards, before);

  // the good row alone: a dry run counts it and writes nothing, then the import adds it at the end of its category
  await writeFile(file('good.csv'), writeCsv(CATALOGUE_COLUMNS, [CATALOGUE_COLUMNS.map((column) => base[column])]));
  assert.equal(
    (await run('import', file('good.csv'), '--dry-run')).out,
    'Dry run: 1 new, 0 updated products; nothing was written.\n',
  );
  assert.equal(await inDatabase((db) => new CatalogueStore(db.kysely).product('new_gland_one', 'en')), undefined);
  assert.equal((await run('import', file('good.csv'))).out, 'Imported 1 new, 0 updated products.\n');
  const listing = await inDatabase((db) =>
    new CatalogueStore(db.kysely).listing({
      categoryId: 'industrial_cable_glands',
      sort: 1,
      offset: 0,
      limit: 100,
      locale: 'ar',
    }),
  );
  assert.equal(listing?.products.at(-1)?.productName, 'جلبة نحاسية جديدة 20S');
  assert.equal(await inDatabase(async (db) => readCatalogueVersion(db.kysely)), before.version + 1);
});

test("a value's own leading apostrophe survives export and import; only the formula guard is taken off", async () => {
  const texts = ["'quoted", "'-5 mm gland", "''=x", '=1+1', '-20 °C', "it's", "'"];
  assert.deepEqual(
    readCsv(
      writeCsv(
        ['text'],
        texts.map((text) => [text]),
      ),
    )
      .slice(1)
      .map((record) => record.cells[0]),
    texts,
  );
  // a spreadsheet shows a guarded cell without the apostrophe, as its text: the file holds one more than the value
  assert.equal(
    writeCsv(['text'], [['=1+1'], ["'-5 mm gland"], ["'quoted"]]),
    "\uFEFFtext\r\n'=1+1\r\n''-5 mm gland\r\n'quoted\r\n",
  );

  // through the catalogue: products named so, imported, exported and imported again, unchanged
  const names = ["'Quoted' Brass Gland", "'-5 mm Brass Gland"];
  const row = (name: string, index: number) => ({
    ...LONE_VARIANT,
    id: `apostrophe_gland_${index}`,
    productCategoryId: 'industrial_cable_glands',
    productName: name,
    productName_ar: 'جلبة نحاسية',
    code: `APOS-${index}`,
    company: 'Hex',
    price: '',
    unit: 'piece',
    popularity: '10',
    dateAdded: '2026-11-02',
    image: 'gland_brass',
    details: JSON.stringify({ detail: ['<p>A gland.</p>'], description: [{ key: 'Size', value: '20S' }] }),
    details_ar: JSON.stringify({ detail: ['<p>جلبة.</p>'], description: [{ key: 'المقاس', value: '20S' }] }),
  });
  const storedNames = () =>
    inDatabase(async (db) =>
      Promise.all(
        names.map(
          async (_, index) =>
            (await new CatalogueStore(db.kysely).product(`apostrophe_gland_${index}`, 'en'))?.listing.productName,
        ),
      ),
    );
  const rows = names.map(row);
  await writeFile(
    file('apostrophes.csv'),
    writeCsv(
      CATALOGUE_COLUMNS,
      rows.map((one) => CATALOGUE_COLUMNS.map((column) => one[column])),
    ),
  );
  const imported = await run('import', file('apostrophes.csv'));
  assert.equal(imported.code, 0, imported.err);
  assert.deepEqual(await storedNames(), names);
  // exported and read back as the import reads it (the whole catalogue's import is the first test's)
  assert.equal((await run('export', file('apostrophes-out.csv'))).code, 0);
  const [header, ...records] = readCsv(await readFile(file('apostrophes-out.csv'), 'utf8'));
  const [idColumn, nameColumn] = [header!.cells.indexOf('id'), header!.cells.indexOf('productName')];
  const exported = names.map(
    (_, index) => records.find((record) => record.cells[idColumn] === `apostrophe_gland_${index}`)?.cells[nameColumn],
  );
  assert.deepEqual(exported, names);
});

test('a workbook formula is read as its text, never as what it computes', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow([...CATALOGUE_COLUMNS]);
  const row = sheet.addRow(CATALOGUE_COLUMNS.map(() => ''));
  row.getCell(CATALOGUE_COLUMNS.indexOf('id') + 1).value = 'formula_row';
  row.getCell(CATALOGUE_COLUMNS.indexOf('price') + 1).value = { formula: '2*6', result: 12 };
  await workbook.xlsx.writeFile(file('formula.xlsx'));
  const result = await run('import', file('formula.xlsx'), '--dry-run');
  assert.equal(result.code, 1);
  assert.match(result.err, /^line 2 \(id formula_row\): bad price "=2\*6"/m);
});

test('a file over 50 MB, an unknown type or a missing column is refused before any row is read', async () => {
  await writeFile(file('huge.csv'), '');
  await truncate(file('huge.csv'), 51 * 1024 * 1024);
  const huge = await run('import', file('huge.csv'));
  assert.equal(huge.code, 1);
  assert.match(huge.err, /huge\.csv is 51\.0 MB: an import takes files of 50\.0 MB at most\nNothing was imported\./);

  const wrongType = await run('import', file('catalogue.json'));
  assert.equal(wrongType.code, 2);
  assert.match(wrongType.err, /catalogue\.json: the file must end in \.csv or \.xlsx/);

  await writeFile(file('columns.csv'), 'id,productName,colour\r\nx,y,z\r\n');
  const columns = await run('import', file('columns.csv'));
  assert.equal(columns.code, 1);
  assert.match(columns.err, /line 1: missing column\(s\) productCategoryId, productName_ar, code/);
  assert.match(columns.err, /line 1: unknown column\(s\) colour/);
});

test('generate: the same seed gives the same catalogue; imported, it shows in the listing', async () => {
  assert.equal((await run('generate', '40', '--seed', '7', '--out', file('gen-a.csv'))).code, 0);
  assert.equal((await run('generate', '40', '--seed', '7', '--out', file('gen-b.csv'))).code, 0);
  assert.equal(await readFile(file('gen-a.csv'), 'utf8'), await readFile(file('gen-b.csv'), 'utf8'));
  const generated = await run('generate', '40', '--seed', '7');
  assert.equal(generated.code, 0, generated.err);
  assert.equal(generated.out, 'Imported 40 new, 0 updated products.\n');
  const cables = await inDatabase((db) =>
    new CatalogueStore(db.kysely).listing({ categoryId: 'cables', sort: 1, offset: 0, limit: 100, locale: 'en' }),
  );
  assert.ok(cables!.products.some((product) => /Armoured Power Cable, \dC x \d+ mm²$/.test(product.productName)));
  assert.equal(
    cables!.total,
    dataEdition('en', 'products.json').filter((p) => p.productCategoryId === 'cables').length + 3,
  );
});

test('on the embedded database while a server holds it: refused, saying to stop the server or use PostgreSQL, nothing written', async () => {
  const held = path.join(folder, 'held');
  await mkdir(held, { recursive: true });
  // what a running server leaves beside its folder: its pid (here a live process other than this one, the test runner)
  await writeFile(`${pgliteDir(held)}.lock`, `${process.ppid}\n`);
  let err = '';
  const code = await catalogueCli(
    ['export', file('held.csv')],
    { DATA_DIR: held },
    { out: () => undefined, err: (text) => (err += text) },
  );
  assert.equal(code, 1);
  assert.match(err, new RegExp(`in use by another process \\(pid ${process.ppid}\\)`));
  assert.match(
    err,
    /\nThe embedded database can be opened by one process at a time: stop the server first, or run the site on PostgreSQL \(DATABASE_URL\) to change the catalogue while it runs\.\n$/,
  );
  assert.equal(existsSync(file('held.csv')), false);
});
