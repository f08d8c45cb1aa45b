// `npm run catalogue -- <command>` (server/scripts/catalogue.ts): the whole catalogue as a file, for the people who
// keep it in a spreadsheet. Works on the database the server is configured with: DATABASE_URL (PostgreSQL, beside a
// running server: the servers pick the change up), else the embedded one in DATA_DIR (the server stopped: one process
// at a time).
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { runMigrations, describeError, type DatabaseSchema } from '../../platform/db/index.js';
import { openCliDatabase, type CliIo } from '../../platform/cli/cliDatabase.js';
import { seedCatalogue } from '../seed.js';
import { exportCatalogueFile, importCatalogueRows, type ImportOutcome } from './catalogueImport.js';
import { fileFormat, readCatalogueFile, writeCatalogueFile } from './catalogueFiles.js';
import { CATALOGUE_COLUMNS } from './columns.js';
import { generateCatalogueRows } from './generate.js';

export const CATALOGUE_USAGE = `Usage: npm run catalogue -- <command>
  export FILE                  every product to FILE (.csv or .xlsx), one row each, in the catalogue's order
  import FILE [--dry-run]      adds and updates products from FILE (.csv or .xlsx, 50 MB at most) by id, in one
                               transaction: any bad row and nothing is written; every bad row is listed with its line.
                               --dry-run checks and counts without writing.
  generate N [--seed S] [--out FILE]
                               N synthetic products (names, codes, brands and specifications per category, Arabic
                               too) imported into the catalogue, or written to FILE; the same S gives the same rows.
Columns: ${CATALOGUE_COLUMNS.join(', ')}.
details and details_ar are JSON objects: a product's detail record (as /data/product-details.json has it) without
id, productName, image, productCategory and categoryName. Columns ending in _ar hold the Arabic text.
Reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default <repo>/.data).`;

class UsageError extends Error {}

interface Args {
  command: 'export' | 'import' | 'generate';
  target: string;
  dryRun: boolean;
  seed: number;
  out: string | undefined;
}

const GENERATE_MAX = 1_000_000;

function parseCommandLine(argv: string[]): Args | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      seed: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) return 'help';
  const [command, target, ...extra] = positionals;
  if (command === undefined) throw new UsageError('Name a command: export, import or generate.');
  if (command !== 'export' && command !== 'import' && command !== 'generate')
    throw new UsageError(`Unknown command "${command}".`);
  if (target === undefined)
    throw new UsageError(
      command === 'generate' ? 'generate needs the number of products.' : `${command} needs a FILE.`,
    );
  if (extra.length > 0) throw new UsageError(`Unexpected argument(s): ${extra.join(' ')}.`);
  if (values['dry-run'] && command !== 'import') throw new UsageError('--dry-run is for import.');
  if ((values.seed !== undefined || values.out !== undefined) && command !== 'generate')
    throw new UsageError('--seed and --out are for generate.');
  if (command !== 'generate' && fileFormat(target) === undefined)
    throw new UsageError(`${target}: the file must end in .csv or .xlsx.`);
  if (values.out !== undefined && fileFormat(values.out) === undefined)
    throw new UsageError(`${values.out}: the file must end in .csv or .xlsx.`);
  if (command === 'generate' && !(/^\d{1,7}$/.test(target) && Number(target) >= 1 && Number(target) <= GENERATE_MAX)) {
    throw new UsageError(`generate takes a number of products from 1 to ${GENERATE_MAX.toLocaleString('en')}.`);
  }
  if (values.seed !== undefined && !/^\d{1,9}$/.test(values.seed)) throw new UsageError('--seed takes a whole number.');
  return { command, target, dryRun: values['dry-run'], seed: Number(values.seed ?? 1), out: values.out };
}

/** Runs one command; the exit code: 0 done, 1 refused (bad rows, a database error), 2 a usage error. */
/**
 * How an import keeps its versions in the products' history (the catalogue editor's importVersions.ts, handed in by
 * the command's entry so that this lower layer imports nothing of the editor): what the rows replace, before they are
 * written; the version of each product changed or added, once written.
 */
export interface ImportVersionKeeping {
  before(trx: Kysely<DatabaseSchema>, touched: ImportOutcome['touched']): Promise<void>;
  record(trx: Kysely<DatabaseSchema>, touched: ImportOutcome['touched'], fileName: string): Promise<void>;
}

export async function catalogueCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
  versions?: ImportVersionKeeping,
): Promise<number> {
  let args: Args | 'help';
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${CATALOGUE_USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    io.out(`${CATALOGUE_USAGE}\n`);
    return 0;
  }
  const db = await openCliDatabase(env, io, 'to change the catalogue while it runs');
  if (db === undefined) return 1;
  try {
    await runMigrations(db);
    await seedCatalogue(db); // a database never started yet holds the site's catalogue first, as the server would
    if (args.command === 'export') {
      // written a batch at a time, as the staff app's export is (the same function)
      const { products } = await exportCatalogueFile(db.kysely, args.target, fileFormat(args.target) ?? 'csv');
      io.out(`Exported ${products.toLocaleString('en')} rows (a row per variant) to ${args.target}\n`);
      return 0;
    }
    let rows;
    if (args.command === 'generate') {
      const categories = await db.kysely.selectFrom('catalogue_categories').select('id').orderBy('position').execute();
      rows = generateCatalogueRows(Number(args.target), { seed: args.seed, categoryIds: categories.map((c) => c.id) });
      if (args.out !== undefined) {
        await writeCatalogueFile(
          args.out,
          rows.map(({ row }) => row),
        );
        io.out(`Wrote ${rows.length.toLocaleString('en')} synthetic products to ${args.out}\n`);
        return 0;
      }
    } else {
      const read = await readCatalogueFile(args.target);
      if ('problems' in read) {
        io.err(`${read.problems.join('\n')}\nNothing was imported.\n`);
        return 1;
      }
      rows = read.rows;
    }
    // an import of a file is in the products' history, as the staff app's is (not the synthetic rows of generate)
    const keeping = args.command === 'import' ? versions : undefined;
    const fileName = path.basename(args.target);
    const outcome = await importCatalogueRows(db, rows, {
      dryRun: args.command === 'import' && args.dryRun,
      ...(keeping === undefined
        ? {}
        : {
            countUnchanged: true,
            beforeWrite: keeping.before,
            alsoInTransaction: async (trx, result) => {
              if (result.written) await keeping.record(trx, result.touched, fileName);
            },
          }),
    });
    if (outcome.problems.length > 0) {
      io.err(
        `${outcome.problems.join('\n')}\n${outcome.badRows.toLocaleString('en')} of ${rows.length.toLocaleString('en')} rows have problems: nothing was imported.\n`,
      );
      return 1;
    }
    const counts = `${outcome.added.toLocaleString('en')} new, ${outcome.updated.toLocaleString('en')} updated`;
    io.out(outcome.written ? `Imported ${counts} products.\n` : `Dry run: ${counts} products; nothing was written.\n`);
    return 0;
  } catch (error) {
    io.err(`${describeError(error)}\n`);
    return 1;
  } finally {
    await db.close();
  }
}
