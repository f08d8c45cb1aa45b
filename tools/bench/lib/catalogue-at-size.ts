// A database holding the site's catalogue and, past its 96 products, synthetic ones (`npm run catalogue -- generate`)
// added through the import as a spreadsheet would be: what the catalogue benchmarks measure at 10,000 and 100,000.
import { importCatalogueRows, generateCatalogueRows, seedCatalogue, runMigrations, type Database } from '@site/server/test-support/server';

/** Rows a transaction of the import takes (a file of 100,000 rows would be one transaction; ten keep each short). */
const IMPORT_BATCH = 10_000;

/** Migrates and seeds `db`, then imports products until it has `size`; the import's milliseconds. */
export async function fillCatalogue(db: Database, size: number): Promise<{ added: number; importMs: number }> {
  await runMigrations(db);
  await seedCatalogue(db);
  const categories = (await db.kysely.selectFrom('catalogue_categories').select('id').orderBy('position').execute()).map((c) => c.id);
  const added = Math.max(0, size - 96);
  const started = performance.now();
  const rows = generateCatalogueRows(added, { seed: 1, categoryIds: categories });
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const outcome = await importCatalogueRows(db, rows.slice(start, start + IMPORT_BATCH), { dryRun: false });
    if (outcome.problems.length > 0) throw new Error(outcome.problems.slice(0, 5).join('\n'));
  }
  return { added, importMs: performance.now() - started };
}
