// A database holding the site's catalogue and, past its 96 products, synthetic ones (`npm run catalogue -- generate`)
// added through the import as a spreadsheet would be: what the catalogue benchmarks measure at 10,000 and 100,000.
import { generateCatalogueRows } from '@site/server/test-support';
import { importCatalogueRows, seedCatalogue, runMigrations, type Database } from '@site/server/test-support/server';

/** Rows a transaction of the import takes (a file of 100,000 rows would be one transaction; batches keep each short). */
const IMPORT_BATCH = 10_000;
/** The site's own products, which the seed writes. */
const SEEDED = 96;

export interface Fill {
  /** Products the database holds past the seed's. */
  added: number;
  /** Products this fill imported (0: the database had them all already, from a kept run). */
  imported: number;
  /** Variant rows this fill imported. */
  importedRows: number;
  importMs: number;
  /** The process's CPU time (user + system) during the import: the machine is shared, its wall time is not the import's own. */
  importCpuMs: number;
  variants: number;
}

/**
 * Migrates and seeds `db`, then imports products until it has `size`, each with `variants` variants (one row each, as a
 * file's): the import's path (checks, upserts, triggers), a batch of whole products a transaction. A database that has
 * some of them already (a kept one: CATALOGUE_BENCH_KEEP) gets only the rest; one that has them all is measured as is.
 */
export async function fillCatalogue(db: Database, size: number, variants = 1): Promise<Fill> {
  await runMigrations(db);
  await seedCatalogue(db);
  const categories = (
    await db.kysely.selectFrom('catalogue_categories').select('id').orderBy('position').execute()
  ).map((c) => c.id);
  const have = Number(
    (
      await db.kysely
        .selectFrom('catalogue_products')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const added = Math.max(0, size - SEEDED);
  const done = Math.max(0, have - SEEDED);
  const rows =
    done >= added
      ? []
      : generateCatalogueRows(added, { seed: 1, categoryIds: categories, variants }).slice(done * variants);
  const batch = Math.max(1, Math.floor(IMPORT_BATCH / variants)) * variants;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let start = 0; start < rows.length; start += batch) {
    const outcome = await importCatalogueRows(db, rows.slice(start, start + batch), { dryRun: false });
    if (outcome.problems.length > 0) throw new Error(outcome.problems.slice(0, 5).join('\n'));
  }
  const importMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    added,
    imported: rows.length / variants,
    importedRows: rows.length,
    importMs,
    importCpuMs: (used.user + used.system) / 1000,
    variants,
  };
}
