// (f) Product pages while the ERP's stock feed applies (docs/stock.md, "Bench"): on each database (embedded PGlite; and
// PostgreSQL when reachable, a fresh database dropped afterwards) the built server, its catalogue the seed's plus
// BENCH_STOCK_VARIANTS (10,000) more variant codes on one product no row asks for, answers
//   - one product page again and again (the page cache's),
//   - product pages each asked for once (every product's page and every variant's, both editions: drawn afresh),
//   - the product page's stock read (GET /api/stock/availability for its variants' codes),
// first with no feed, then while a snapshot of every code at the 3 locations arrives over HTTP every
// BENCH_STOCK_FEED_SECONDS (10) with a stock token an admin made, each changing 1 % of its rows (so each bumps the
// stock's version). The two runs are on the same data, each on a server started afresh (the page cache empty). Target:
// each row's p95 with feeds at most 1.5 times its p95 without. autocannon on one client thread (its per-request times
// give the p95; the same client as the load rows when wrk is not installed).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { localizedPath } from '@site/contracts/locale';
import { productViewSearch } from '@site/contracts/product-view';
import { STOCK_API, STOCK_LOCATIONS, type StockFeedReport } from '@site/contracts/stock-api';
import { openDatabase, type Database } from '@site/server/test-support/server';
import { findPostgres, freshDatabase } from '../../../tests/support/services';
import { startSite, type RunningSite } from '../../../tests/support/site-server';
import { addStaffAccount, ADMIN, makeStockToken } from '../../../tests/support/staff';
import { meets, printTable } from './format';
import { productPagePath } from './pages';
import { percentile } from './timed-calls';

/** The most a row's p95 may grow while feeds apply. */
export const STOCK_LOAD_P95_RATIO = 1.5;

export interface StockLoadRow {
  label: string;
  quiet: { requestsPerSecond: number; p95: number; requests: number; non2xx: number };
  feeding: { requestsPerSecond: number; p95: number; requests: number; non2xx: number };
}

export interface StockLoadFigures {
  database: 'PGlite' | 'PostgreSQL';
  codes: number;
  rows: StockLoadRow[];
  /** The feeds sent during the second run: how many, and their answers' times (ms). */
  feeds: { count: number; p50: number; max: number; refused: number };
}

export interface StockLoadSettings {
  durationSeconds: number;
  connections: number;
  variants: number;
  feedSeconds: number;
  env: Record<string, string>;
}

/** A request of a row: its address, asked of the server at `siteUrl`. */
interface LoadCase {
  label: string;
  /** The addresses asked, one after the other (one: the same again and again). */
  paths: string[];
  accept: string;
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** A run of `connections` connections for `durationSeconds` over `paths` in turn: req/s and p95 of every answer. */
async function measure(
  siteUrl: string,
  load: LoadCase,
  durationSeconds: number,
  connections: number,
): Promise<StockLoadRow['quiet']> {
  let next = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: siteUrl,
        connections,
        duration: durationSeconds,
        // the uncached row: each page once, and no more than there are
        ...(load.paths.length > 1 ? { amount: load.paths.length } : {}),
        requests: [
          {
            method: 'GET',
            headers: { ...BROWSER, accept: load.accept },
            setupRequest: (request) => ({ ...request, path: load.paths[next++ % load.paths.length]! }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    p95: percentile(times, 95),
    requests: result.requests.total,
    non2xx: result.non2xx,
  };
}

/** What the catalogue holds, read while no server runs: the product pages (both editions) and every variant code. */
interface Catalogue {
  pages: string[];
  codes: string[];
  /** The benched product page's variants' codes (its stock read). */
  productCodes: string[];
}

/**
 * Adds `count` variant codes to the catalogue's last product (whose page no row asks for) and reads the product pages
 * and codes. The server must not be running on an embedded database.
 */
async function prepareCatalogue(db: Database, count: number): Promise<Catalogue> {
  const products = await db.query<{ id: string; category_id: string }>(
    'select id, category_id from catalogue_products order by id',
  );
  const holder = products.at(-1);
  if (holder === undefined) throw new Error('the catalogue has no product');
  await db.query(
    `insert into catalogue_product_variants (product_id, position, code, unit)
     select $1, 100000 + g, 'BENCH-STOCK-' || g, 'pcs' from generate_series(1, $2::int) as g
     on conflict do nothing`,
    [holder.id, count],
  );
  await db.query('analyze catalogue_product_variants');
  const variants = await db.query<{ product_id: string; code: string }>(
    'select product_id, code from catalogue_product_variants order by product_id, position',
  );
  const benched = productPagePath();
  const pages: string[] = [];
  for (const product of products) {
    if (product.id === holder.id) continue;
    const page = `/our-products/${product.category_id}/${product.id}`;
    const own = variants.filter((variant) => variant.product_id === product.id);
    // the product's page, and each of its variants' (a product of one variant has none of its own)
    const addresses = [
      page,
      ...(own.length > 1 ? own.map((variant) => `${page}${productViewSearch(variant.code)}`) : []),
    ];
    for (const address of addresses) pages.push(address, localizedPath('ar', address));
  }
  const benchedId = benched.split('/').at(-1);
  return {
    pages,
    codes: variants.map((variant) => variant.code),
    productCodes: variants.filter((variant) => variant.product_id === benchedId).map((variant) => variant.code),
  };
}

/** The ERP's snapshot of round `round`: every code at every location, 1 % of the rows changed from the round before. */
function snapshot(codes: readonly string[], round: number): string {
  const lines = ['code,location,on_hand,incoming,incoming_date,lead_time_days'];
  codes.forEach((code, index) => {
    const moved = index % 100 === round % 100 ? 1 : 0;
    for (const location of STOCK_LOCATIONS)
      lines.push(`${code},${location},${(index % 50) + moved},,,${index % 50 === 0 ? 21 : ''}`);
  });
  return `${lines.join('\r\n')}\r\n`;
}

async function sendSnapshot(
  siteUrl: string,
  token: string,
  body: string,
): Promise<{ ms: number; report: StockFeedReport }> {
  const started = performance.now();
  const answer = await fetch(`${siteUrl}${STOCK_API.feed}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`the stock feed answered ${answer.status}: ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, report: JSON.parse(text) as StockFeedReport };
}

/** The rows on a server of `where`, started afresh for each of the two runs. */
async function runOn(
  database: StockLoadFigures['database'],
  begin: () => Promise<RunningSite>,
  token: string,
  catalogue: Catalogue,
  settings: StockLoadSettings,
): Promise<StockLoadFigures> {
  const cases: LoadCase[] = [
    { label: `GET ${productPagePath()} (cached)`, paths: [productPagePath()], accept: 'text/html' },
    {
      label: `product pages, each drawn afresh (${catalogue.pages.length})`,
      paths: catalogue.pages,
      accept: 'text/html',
    },
    {
      label: `GET ${STOCK_API.availability} (the page's ${catalogue.productCodes.length} codes)`,
      paths: [`${STOCK_API.availability}?codes=${catalogue.productCodes.join(',')}`],
      accept: 'application/json',
    },
  ];
  const figures: StockLoadFigures = {
    database,
    codes: catalogue.codes.length,
    rows: [],
    feeds: { count: 0, p50: 0, max: 0, refused: 0 },
  };
  const runs: Record<'quiet' | 'feeding', StockLoadRow['quiet'][]> = { quiet: [], feeding: [] };
  let round = 0;
  for (const phase of ['quiet', 'feeding'] as const) {
    const site = await begin();
    try {
      // the same stock in both runs: a snapshot first, then (second run) one every feedSeconds
      await sendSnapshot(site.url, token, snapshot(catalogue.codes, (round += 1)));
      const feedTimes: number[] = [];
      let refused = 0;
      let feeding: Promise<void> = Promise.resolve();
      const timer =
        phase === 'feeding'
          ? setInterval(() => {
              // one at a time, as an ERP's job would: a feed still applying delays the next
              feeding = feeding.then(async () => {
                const { ms, report } = await sendSnapshot(site.url, token, snapshot(catalogue.codes, (round += 1)));
                feedTimes.push(ms);
                refused += report.refused;
              });
            }, settings.feedSeconds * 1000)
          : undefined;
      try {
        // warm-up, not counted: the cached page drawn once (it may take seconds on a busy machine, and a run counts only
        // the answers that arrive within it), then asked again and again (JIT)
        for (const load of [cases[0]!, cases[2]!])
          await fetch(site.url + load.paths[0]!, { headers: { ...BROWSER, accept: load.accept } }).then((answer) =>
            answer.arrayBuffer(),
          );
        await measure(site.url, cases[0]!, 2, settings.connections);
        for (const load of cases) {
          process.stdout.write(
            `  ${database}, ${phase === 'quiet' ? 'no feed' : `a feed every ${settings.feedSeconds} s`}: ${load.label}...`,
          );
          const figuresOfRun = await measure(site.url, load, settings.durationSeconds, settings.connections);
          runs[phase].push(figuresOfRun);
          console.log(` ${Math.round(figuresOfRun.requestsPerSecond)} req/s, p95 ${figuresOfRun.p95.toFixed(1)} ms`);
        }
      } finally {
        if (timer !== undefined) clearInterval(timer);
        await feeding;
      }
      if (phase === 'feeding') {
        feedTimes.sort((a, b) => a - b);
        figures.feeds = {
          count: feedTimes.length,
          p50: percentile(feedTimes, 50),
          max: feedTimes.at(-1) ?? 0,
          refused,
        };
      }
    } finally {
      await site.stop();
    }
  }
  figures.rows = cases.map((load, index) => ({
    label: load.label,
    quiet: runs.quiet[index]!,
    feeding: runs.feeding[index]!,
  }));
  return figures;
}

/** How a database is reached: a server started on it, the admin's account added, the database opened from here. */
interface Target {
  database: StockLoadFigures['database'];
  begin: () => Promise<RunningSite>;
  /** Adds the admin; on the embedded database, before any server holds it. */
  addAdmin: (site: RunningSite) => Promise<void>;
  open: () => Promise<Database>;
}

/** The admin's stock token (made on a first start: migrations, seed), the bench's codes added, then the two runs. */
async function runTarget(target: Target, settings: StockLoadSettings): Promise<StockLoadFigures> {
  const first = await target.begin();
  let token: string;
  try {
    await target.addAdmin(first);
    token = await makeStockToken(first.url);
  } finally {
    await first.stop();
  }
  const db = await target.open();
  let catalogue: Catalogue;
  try {
    catalogue = await prepareCatalogue(db, settings.variants);
  } finally {
    await db.close();
  }
  return runOn(target.database, target.begin, token, catalogue, settings);
}

/** On embedded PGlite, a folder of its own: the admin added with the staff CLI before the first start. */
async function onPglite(settings: StockLoadSettings): Promise<StockLoadFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-stock-load-'));
  try {
    await addStaffAccount(dataDir, ADMIN);
    return await runTarget(
      {
        database: 'PGlite',
        begin: () => startSite(settings.env, { dataDir }),
        addAdmin: async () => undefined,
        open: () => openDatabase({ dataDir, databaseUrl: undefined }),
      },
      settings,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** On PostgreSQL: a database of its own (the feeds take turns database-wide, with other benchmarks' feeds too). */
async function onPostgres(baseUrl: string, settings: StockLoadSettings): Promise<StockLoadFigures> {
  const database = await freshDatabase(baseUrl, 'benchstock');
  try {
    return await runTarget(
      {
        database: 'PostgreSQL',
        begin: () => startSite({ ...settings.env, DATABASE_URL: database.url }),
        addAdmin: (site) => addStaffAccount(site.dataDir, ADMIN, database.url),
        open: () => openDatabase({ databaseUrl: database.url, dataDir: os.tmpdir() }),
      },
      settings,
    );
  } finally {
    await database.drop();
  }
}

export async function runStockLoad(settings: StockLoadSettings): Promise<StockLoadFigures[]> {
  const figures = [await onPglite(settings)];
  const postgres = await findPostgres();
  if ('url' in postgres) figures.push(await onPostgres(postgres.url, settings));
  else console.log(`  PostgreSQL skipped: ${postgres.reason}`);
  return figures;
}

export function printStockLoad(
  figures: readonly StockLoadFigures[],
  settings: Pick<StockLoadSettings, 'durationSeconds' | 'connections' | 'feedSeconds'>,
): void {
  const rows = [
    [
      'database',
      'request',
      'req/s, no feed',
      'p95',
      `req/s, feeds`,
      'p95',
      `target p95 <= ${STOCK_LOAD_P95_RATIO}x`,
      'requests (non-2xx)',
    ],
  ];
  const notes: string[] = [];
  for (const f of figures) {
    for (const row of f.rows) {
      const measured = row.quiet.requests > 0 && row.feeding.requests > 0;
      const ratio = row.feeding.p95 / row.quiet.p95;
      rows.push([
        f.database,
        row.label,
        String(Math.round(row.quiet.requestsPerSecond)),
        `${row.quiet.p95.toFixed(1)} ms`,
        String(Math.round(row.feeding.requestsPerSecond)),
        `${row.feeding.p95.toFixed(1)} ms`,
        measured ? `${ratio.toFixed(2)}x ${meets(ratio <= STOCK_LOAD_P95_RATIO)}` : 'no answer in a run',
        `${row.quiet.requests} (${row.quiet.non2xx}) | ${row.feeding.requests} (${row.feeding.non2xx})`,
      ]);
    }
    notes.push(
      `${f.database}: ${f.feeds.count} feeds of ${(f.codes * STOCK_LOCATIONS.length).toLocaleString('en')} rows answered in ${Math.round(f.feeds.p50)} ms (median), ${Math.round(f.feeds.max)} ms at most; ${f.feeds.refused} rows refused.`,
    );
  }
  printTable(
    `(f) Product pages while a stock snapshot arrives every ${settings.feedSeconds} s (${settings.connections} connections, ${settings.durationSeconds} s per figure, autocannon, one client thread)`,
    rows,
    [
      ...notes,
      'Each run on a server started afresh (the page cache empty) on the same data; the uncached row asks each page once, no more.',
      'A snapshot names every code at the 3 locations and changes 1 % of its rows: each one bumps the stock version.',
    ],
  );
}
