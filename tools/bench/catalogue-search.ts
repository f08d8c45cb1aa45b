// `npm run bench:catalogue-search`: the catalogue's search alone at one size (CATALOGUE_SIZE, 100,000), read afresh
// (the store, nothing kept), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: each text of SEARCHES alone, the
// search as the modal asks it and as the results page asks it (its filters counted). The full `bench:catalogue` takes
// ten minutes and more at 100,000; this measures only what the search's changes move. A benchmark, not a test: it
// prints figures and exits 0 whatever they are.
//
// SEARCH_BENCH_KEEP=<directory> keeps the filled catalogues (PGlite's files there, PostgreSQL's schema named in it) and
// uses them again on the next run, migrated by the code of that run: before and after a change measured in the same
// hour on the same rows, and the upgrade of a catalogue already there timed.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  broadKeepsSettled,
  CatalogueStore,
  freshSchema,
  openDatabase,
  runMigrations,
  searchNeedle,
  type Database,
} from '@site/server/test-support/server';
import { fillCatalogue } from './lib/catalogue-at-size.js';
import { positiveNumber } from './lib/env.js';
import { printTable } from './lib/format.js';
import { percentile, timedCalls } from './lib/timed-calls.js';

const SIZE = Math.round(positiveNumber('CATALOGUE_SIZE', 100_000));
const RUNS = Math.round(positiveNumber('CATALOGUE_RUNS', 100));
const SEARCH_RUNS = Math.round(positiveNumber('CATALOGUE_SEARCH_RUNS', 20));
/** As `bench:catalogue`'s texts. */
const SEARCHES = [
  'gland',
  'Hex',
  'armoured cable',
  'hex cw 20s',
  'CB-',
  '4 core 16mm swa',
  'mcb',
  'armourd cabel',
  'كابل ارضي',
  'zzzz',
  'cable',
];
const KEEP = process.env.SEARCH_BENCH_KEEP?.trim() || undefined;
/** Which databases (SEARCH_BENCH_DATABASES=pglite,postgres; PostgreSQL only with TEST_DATABASE_URL). */
const DATABASES = new Set(
  (process.env.SEARCH_BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim()),
);

const fine = (value: number): string => `${value.toFixed(1)} ms`;

/**
 * p50 and p95 of `requests` calls, as the table shows them: elapsed, then this process's CPU (on PGlite the database's
 * own work, which a busy or CPU-capped machine does not inflate; on PostgreSQL only the client's share).
 */
async function timed(
  requests: number,
  call: (run: number) => Promise<unknown>,
): Promise<[string, string, string, string]> {
  const { p50, p95, cpuP50, cpuP95 } = await timedCalls(requests, call);
  return [fine(p50), fine(p95), fine(cpuP50), fine(cpuP95)];
}

/** As timed, without warm-ups: calls that each run once (p95 of 22 calls is the slowest but one). */
async function firstCalls(
  requests: number,
  call: (run: number) => Promise<unknown>,
): Promise<[string, string, string, string]> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < requests; run += 1) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await call(run);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
  }
  const [t, c] = [times.sort((a, b) => a - b), cpu.sort((a, b) => a - b)];
  return [fine(percentile(t, 50)), fine(percentile(t, 95)), fine(percentile(c, 50)), fine(percentile(c, 95))];
}

/** The catalogue at SIZE: filled now, or (kept) migrated by this code; what was done and how long it took. */
async function ready(db: Database): Promise<string> {
  const count = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('catalogue_products')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const started = performance.now();
  await runMigrations(db);
  if ((await count()) >= SIZE) return `kept, migrations ${((performance.now() - started) / 1000).toFixed(1)} s`;
  const { importMs } = await fillCatalogue(db, SIZE);
  return `filled, import ${(importMs / 1000).toFixed(0)} s`;
}

async function benchOne(label: string, db: Database): Promise<string[][]> {
  const how = await ready(db);
  const size = (
    await db.kysely
      .selectFrom('catalogue_products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  const store = new CatalogueStore(db.kysely);
  const query = (run: number, index = run % SEARCHES.length) => ({
    needle: searchNeedle(SEARCHES[index]!)!,
    offset: 0,
    limit: 24,
    locale: Math.floor(run / SEARCHES.length) % 2 ? ('ar' as const) : ('en' as const),
  });
  const rows: string[][] = [[label, String(size), `catalogue ${how}`, '', '', '', '']];
  // Each text's first search in each language, timed apart: a broad text's matches are kept then (migration 025), once
  // (a kept catalogue holds them already).
  rows.push([
    label,
    String(size),
    'first search of each text, both languages (a broad one kept after it)',
    ...(await firstCalls(SEARCHES.length * 2, (run) => store.search({ ...query(run), facets: true }))),
  ]);
  // the keeps those searches started, ended before the rest is timed
  await broadKeepsSettled();
  rows.push([
    label,
    String(size),
    `search, ${SEARCHES.length} texts, both languages`,
    ...(await timed(RUNS, (run) => store.search(query(run)))),
  ]);
  rows.push([
    label,
    String(size),
    'the same with its filters counted (results page)',
    ...(await timed(RUNS, (run) => store.search({ ...query(run), facets: true }))),
  ]);
  for (const [index, text] of SEARCHES.entries()) {
    const alone = (run: number) => query(index + run * SEARCHES.length, index);
    rows.push([label, String(size), `  "${text}"`, ...(await timed(SEARCH_RUNS, (run) => store.search(alone(run))))]);
    rows.push([
      label,
      String(size),
      `  "${text}" with its filters counted`,
      ...(await timed(SEARCH_RUNS, (run) => store.search({ ...alone(run), facets: true }))),
    ]);
  }
  return rows;
}

async function main(): Promise<void> {
  const table: string[][] = [['database', 'products', 'what', 'p50', 'p95', 'CPU p50', 'CPU p95']];
  if (KEEP !== undefined) await mkdir(KEEP, { recursive: true });
  if (DATABASES.has('pglite')) {
    const dataDir = KEEP ?? (await mkdtemp(path.join(os.tmpdir(), 'catalogue-search-bench-')));
    const embedded = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      table.push(...(await benchOne('PGlite', embedded)));
    } finally {
      await embedded.close();
      if (KEEP === undefined) await rm(dataDir, { recursive: true, force: true });
    }
  }
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (DATABASES.has('postgres') && url !== undefined && url !== '') {
    const schemaFile = KEEP === undefined ? undefined : path.join(KEEP, 'postgres-url');
    const kept =
      schemaFile !== undefined && existsSync(schemaFile) ? (await readFile(schemaFile, 'utf8')).trim() : undefined;
    const schema = kept !== undefined ? { url: kept, drop: async () => {} } : await freshSchema(url);
    if (schemaFile !== undefined && kept === undefined) await writeFile(schemaFile, schema.url);
    const postgres = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    try {
      table.push(...(await benchOne('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
      if (KEEP === undefined) await schema.drop();
    }
  }
  printTable(
    `The catalogue's search read afresh (p50 / p95; ${RUNS} calls over every text, ${SEARCH_RUNS} per text alone, after 5 warm-ups)`,
    table,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
