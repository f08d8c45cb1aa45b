// The catalogue file at a row per variant: CATALOGUE_VARIANT_PRODUCTS products (100,000) of
// CATALOGUE_VARIANTS_PER_PRODUCT variants each (5: 500,000 rows), synthetic (`npm run catalogue -- generate`) with
// each product's row repeated per variant, on PostgreSQL (TEST_DATABASE_URL, a fresh schema) or else embedded PGlite.
// Printed: the rows' size as CSV, the time of the import's dry run (every row's check, done here on one thread as
// the worker does it, and the checks across rows), of the import that writes them, of a second dry run that
// compares every product and variant with what is stored (the staff app's report), and the process's peak RSS.
import { generateCatalogueRows, writeCsv } from '@site/server/test-support';
import { importCatalogueRows, runMigrations, seedCatalogue, type Database } from '@site/server/test-support/server';
import { withBenchDatabase } from './lib/bench-database.js';
import { positiveNumber } from './lib/env.js';

const PRODUCTS = Math.round(positiveNumber('CATALOGUE_VARIANT_PRODUCTS', 100_000));
const PER_PRODUCT = Math.round(positiveNumber('CATALOGUE_VARIANTS_PER_PRODUCT', 5));

let peakRss = 0;
const sampleRss = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

type Rows = ReturnType<typeof generateCatalogueRows>;

/** Each product's row once per variant: its code suffixed, a label in each language, prices rising. */
function variantRows(products: Rows): Rows {
  let line = 1;
  return products.flatMap(({ row }) =>
    Array.from({ length: PER_PRODUCT }, (_, index) => ({
      line: (line += 1),
      row: {
        ...row,
        code: `${row.code}-V${index + 1}`,
        price: row.price === '' ? '' : (Number(row.price) + index).toFixed(2),
        variantLabel: `Size ${index + 1}`,
        variantLabel_ar: `المقاس ${index + 1}`,
        packQuantity: index % 2 === 0 ? '10' : '',
      },
    })),
  );
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(
    `  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s (peak RSS so far ${Math.round(peakRss / 1024 / 1024)} MB)`,
  );
  return result;
}

async function measure(db: Database, where: string): Promise<void> {
  await runMigrations(db);
  await seedCatalogue(db);
  const categories = (
    await db.kysely.selectFrom('catalogue_categories').select('id').orderBy('position').execute()
  ).map((c) => c.id);
  const rows = variantRows(generateCatalogueRows(PRODUCTS, { seed: 1, categoryIds: categories }));
  const columns = Object.keys(rows[0]!.row);
  const csvBytes = rows.reduce(
    (sum, { row }) =>
      sum + Buffer.byteLength(writeCsv(columns, [Object.values(row)])) - Buffer.byteLength(writeCsv(columns, [])),
    0,
  );
  console.log(
    `${where}: ${PRODUCTS.toLocaleString('en')} products × ${PER_PRODUCT} variants = ${rows.length.toLocaleString('en')} rows, ${(csvBytes / 1024 / 1024).toFixed(0)} MB as CSV`,
  );
  const first = await timed('dry run (new products)', () =>
    importCatalogueRows(db, rows, { dryRun: true, countUnchanged: true }),
  );
  if (first.problems.length > 0) throw new Error(first.problems.slice(0, 5).join('\n'));
  await timed('import (written in one transaction)', () => importCatalogueRows(db, rows, { dryRun: false }));
  const again = await timed('dry run again (every product and variant compared)', () =>
    importCatalogueRows(db, rows, { dryRun: true, countUnchanged: true }),
  );
  console.log(
    `  unchanged ${again.unchanged.toLocaleString('en')} of ${again.updated.toLocaleString('en')} products, ${again.changes.length} changes`,
  );
}

withBenchDatabase('catalogue-variant-rows-', measure)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => clearInterval(sampleRss));
