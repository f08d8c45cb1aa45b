// `npx tsx tools/bench/stock-feed.ts`: the ERP's stock feed at size (docs/stock.md). A benchmark, not a test: it prints
// seconds and exits 0 whatever they are (non-zero only if it could not run).
//
// On a fresh database of each kind (embedded PGlite in a temp folder; PostgreSQL too when reachable, a fresh schema
// dropped afterwards) holding the site's catalogue and STOCK_BENCH_VARIANTS (500,000) more variant codes: a snapshot
// of every code at the 3 locations as CSV (applied on an empty stock, then the same again: nothing changes), then a
// delta of STOCK_BENCH_DELTA (1,000) changed rows as JSON. The feed is applied as the server applies it
// (applyStockFeed, from the file), without HTTP. Targets: snapshot ≤ 10 s on PostgreSQL, ≤ 30 s on PGlite; the delta ≤ 1 s.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { STOCK_LOCATIONS } from '@site/contracts/stock-api';
import { findPostgres } from '@site/server/test-support';
import {
  applyStockFeed,
  freshSchema,
  openDatabase,
  runMigrations,
  seedCatalogue,
  type Database,
} from '@site/server/test-support/server';
import { positiveNumber } from './lib/env.js';
import { meets, printTable } from './lib/format.js';

const VARIANTS = Math.round(positiveNumber('STOCK_BENCH_VARIANTS', 500_000));
const DELTA = Math.round(positiveNumber('STOCK_BENCH_DELTA', 1_000));
const codeOf = (index: number) => `BENCH-${index}`;

/** The bench's variants: one product of the catalogue gets VARIANTS more (no trigger runs for a variant's row). */
async function addVariants(db: Database): Promise<void> {
  const [product] = await db.query<{ id: string }>('select id from catalogue_products order by id limit 1');
  if (product === undefined) throw new Error('the catalogue has no product');
  await db.query(
    `insert into catalogue_product_variants (product_id, position, code, unit)
     select $1, 1000 + g, 'BENCH-' || g, 'pcs' from generate_series(1, $2::int) as g`,
    [product.id, VARIANTS],
  );
  await db.query('analyze catalogue_product_variants');
}

/** The snapshot as CSV: every code at every location, written a row at a time. */
async function writeSnapshot(file: string): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('code,location,on_hand,incoming,incoming_date,lead_time_days\r\n');
  for (let index = 1; index <= VARIANTS; index += 1) {
    for (const location of STOCK_LOCATIONS)
      await write(
        `${codeOf(index)},${location},${index % 50},${index % 7 === 0 ? '20' : ''},${index % 7 === 0 ? '2099-01-31' : ''},${index % 50 === 0 ? '21' : ''}\r\n`,
      );
  }
  out.end();
  await once(out, 'finish');
  return (await stat(file)).size;
}

async function run(kind: string, db: Database, dir: string): Promise<string[][]> {
  await runMigrations(db);
  await seedCatalogue(db);
  await addVariants(db);
  const snapshot = path.join(dir, 'snapshot.csv');
  const bytes = await writeSnapshot(snapshot);
  const feed = { strict: false, source: 'cli', actor: 'bench', tokenId: null } as const;
  const limits = { maxRows: VARIANTS * STOCK_LOCATIONS.length + 1 };
  const timed = async (
    what: string,
    apply: () => Promise<{ changed: number; cleared: number; refused: number }>,
    targetSeconds: number,
  ) => {
    const started = performance.now();
    const report = await apply();
    const seconds = (performance.now() - started) / 1000;
    return [
      what,
      seconds.toFixed(2),
      String(report.changed),
      String(report.refused),
      `${targetSeconds} s ${meets(seconds <= targetSeconds)}`,
    ];
  };
  const snapshotTarget = kind === 'PostgreSQL' ? 10 : 30;
  const rows: string[][] = [];
  rows.push(
    await timed(
      `snapshot, empty stock (${(bytes / 1024 / 1024).toFixed(1)} MB)`,
      () => applyStockFeed(db, snapshot, { ...feed, kind: 'snapshot', format: 'csv' }, limits),
      snapshotTarget,
    ),
  );
  rows.push(
    await timed(
      'snapshot again (no change)',
      () => applyStockFeed(db, snapshot, { ...feed, kind: 'snapshot', format: 'csv' }, limits),
      snapshotTarget,
    ),
  );
  const delta = path.join(dir, 'delta.json');
  const count = Math.min(DELTA, VARIANTS);
  await writeFile(
    delta,
    JSON.stringify(
      Array.from({ length: count }, (_, index) => ({
        code: codeOf(index + 1),
        location: 'dubai',
        onHand: 1_000 + index,
      })),
    ),
  );
  rows.push(
    await timed(
      `delta of ${count.toLocaleString('en')} rows`,
      () => applyStockFeed(db, delta, { ...feed, kind: 'delta', format: 'json' }, limits),
      1,
    ),
  );
  return rows;
}

const header = ['feed', 'seconds', 'changed', 'refused', 'target'];

async function main(): Promise<void> {
  const pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'bench-stock-'));
  try {
    const db = await openDatabase({ dataDir: pgliteDir, databaseUrl: undefined });
    try {
      printTable(
        `Stock feed, embedded PGlite, ${VARIANTS.toLocaleString('en')} variants × ${STOCK_LOCATIONS.length} locations`,
        [header, ...(await run('PGlite', db, pgliteDir))],
      );
    } finally {
      await db.close();
    }
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }

  const postgres = await findPostgres();
  if ('url' in postgres) {
    const schema = await freshSchema(postgres.url);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-stock-pg-'));
    try {
      const db = await openDatabase({ databaseUrl: schema.url, dataDir: dir });
      try {
        printTable(
          `Stock feed, PostgreSQL, ${VARIANTS.toLocaleString('en')} variants × ${STOCK_LOCATIONS.length} locations`,
          [header, ...(await run('PostgreSQL', db, dir))],
        );
      } finally {
        await db.close();
      }
    } finally {
      await schema.drop();
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    console.log(`\nPostgreSQL skipped: ${postgres.reason}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
