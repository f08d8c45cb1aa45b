// `npx tsx tools/bench/catalogue-search-server.ts`: the search's own time in the database, for catalogues kept by
// `bench:catalogue-search` (SEARCH_BENCH_KEEP, required): each search's statements, recorded as the store runs them,
// run again under EXPLAIN ANALYZE (timing off), their planning and execution times summed. On a machine whose
// sessions share a CPU cgroup, the elapsed time of a call counts the waits for the group's next slice; this counts the
// server's work alone (on PostgreSQL the server is not in the group; PGlite's times are its WASM's, in this process).
// Each text is asked in turn with its broad matches kept (migration 025) and read afresh from the search rows
// (`kept: false`), alternating, so both are measured in the same minutes. A benchmark: it prints and exits 0.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CatalogueStore,
  openDatabase,
  runMigrations,
  searchNeedle,
  withKysely,
  type Database,
} from '@site/server/test-support/server';
import { positiveNumber } from './lib/env.js';
import { printTable } from './lib/format.js';
import { percentile } from './lib/timed-calls.js';

const KEEP = process.env.SEARCH_BENCH_KEEP?.trim();
const RUNS = Math.round(positiveNumber('CATALOGUE_SEARCH_RUNS', 20));
const TEXTS = (process.env.SEARCH_BENCH_TEXTS ?? 'cable,armourd cabel,armoured cable,gland,mcb').split(',');
const DATABASES = new Set(
  (process.env.SEARCH_BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim()),
);

type Recorded = [string, readonly unknown[]];

/** `db` with every statement run outside a transaction written to `log` (a search runs none inside one). */
function recording(db: Database, log: Recorded[]): Database {
  const tapped = Object.create(db) as Database;
  tapped.run = async (text, params) => {
    log.push([text, params ?? []]);
    return db.run(text, params);
  };
  return withKysely(tapped);
}

/** The planning and execution milliseconds of the statements, each run again under EXPLAIN ANALYZE. */
async function serverMs(db: Database, log: readonly Recorded[]): Promise<number> {
  let total = 0;
  for (const [text, params] of log) {
    const [row] = await db.query<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(
      `explain (analyze, timing off, summary, format json) ${text}`,
      params,
    );
    const plan = row!['QUERY PLAN'][0];
    total += plan['Planning Time'] + plan['Execution Time'];
  }
  return total;
}

const fine = (values: number[]): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} ms`;
};

async function benchOne(label: string, db: Database): Promise<string[][]> {
  await runMigrations(db);
  const log: Recorded[] = [];
  const tapped = recording(db, log);
  const stores = {
    kept: new CatalogueStore(tapped.kysely),
    afresh: new CatalogueStore(tapped.kysely, undefined, { search: { kept: false } }),
  };
  const rows: string[][] = [];
  for (const text of TEXTS) {
    for (const locale of ['en', 'ar'] as const) {
      for (const facets of [false, true]) {
        const query = { needle: searchNeedle(text)!, offset: 0, limit: 24, locale, facets };
        // kept (or found not broad) before measuring
        await stores.kept.search(query);
        const times = { kept: [] as number[], afresh: [] as number[] };
        let total = 0;
        for (let run = 0; run < RUNS; run += 1) {
          for (const which of run % 2 === 0 ? (['kept', 'afresh'] as const) : (['afresh', 'kept'] as const)) {
            log.length = 0;
            total = (await stores[which].search(query)).total;
            times[which].push(await serverMs(db, log));
          }
        }
        rows.push([
          label,
          `"${text}" (${locale})${facets ? ' with its filters counted' : ''}`,
          String(total),
          fine(times.afresh),
          fine(times.kept),
        ]);
      }
    }
  }
  return rows;
}

async function main(): Promise<void> {
  if (KEEP === undefined || !existsSync(KEEP))
    throw new Error('SEARCH_BENCH_KEEP must name the folder bench:catalogue-search filled');
  const table: string[][] = [['database', 'search', 'matches', 'afresh p50 / p95', 'kept p50 / p95']];
  if (DATABASES.has('pglite')) {
    const embedded = await openDatabase({ dataDir: KEEP, databaseUrl: undefined });
    try {
      table.push(...(await benchOne('PGlite', embedded)));
    } finally {
      await embedded.close();
    }
  }
  const schemaFile = path.join(KEEP, 'postgres-url');
  if (DATABASES.has('postgres') && existsSync(schemaFile)) {
    const postgres = await openDatabase({
      databaseUrl: (await readFile(schemaFile, 'utf8')).trim(),
      dataDir: os.tmpdir(),
    });
    try {
      table.push(...(await benchOne('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
    }
  }
  printTable(
    `The search's statements in the database (EXPLAIN ANALYZE, planning and execution summed; ${RUNS} calls each, alternating)`,
    table,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
