// `npm run bench:catalogue`: the catalogue in the database at several sizes. A benchmark, not a test: it prints figures
// and exits 0 whatever they are (non-zero only if it could not run).
//
// For each size in CATALOGUE_SIZES (96,10000,100000: the site's own 96 products, then synthetic ones from
// `npm run catalogue -- generate` added through the import), on embedded PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL: the import's time, then through the server's own routes (Fastify inject, no network) the answers' bytes
// and server-side times, p50 and p95 of CATALOGUE_RUNS requests (200) each: a product (a different one each time), a
// listing page (the biggest category, each of the six orders, pages across it), a search (SEARCHES, in each language
// in turn; with the results page's filter counts; and each text alone, CATALOGUE_SEARCH_RUNS) and the category grid,
// through the routes (which keep a listing's counts and a search's pages per catalogue version) and read afresh; then the process's RSS. Run it alone on a quiet machine.
//
// CATALOGUE_VARIANTS (1): each synthetic product's variants (5: 500,000 variants at 100,000 products). CATALOGUE_DATABASES
// (pglite,postgresql): which to bench. CATALOGUE_BENCH_KEEP=1: each size's database is kept (a PGlite folder in the
// temporary folder, a PostgreSQL schema, both named by size and variants) and a later run measures it as it is, or
// imports only what an interrupted fill left out: a fill of 100,000 products runs once. The machine's load average is
// printed beside the figures.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CATALOGUE_CATEGORIES_API_PATH,
  CATALOGUE_SEARCH_API_PATH,
  catalogueListingApiPath,
  catalogueProductApiPath,
} from '@site/contracts/api';
import type { ListingResponse } from '@site/contracts/catalogue-api';
import { listingFiltersOf } from '@site/contracts/listing-view';
import { adminQuery } from '@site/server/test-support';
import {
  createFixture,
  freshSchema,
  buildApp,
  loadConfig,
  CatalogueStore,
  searchNeedle,
  type ListingSort,
  openDatabase,
  type Database,
} from '@site/server/test-support/server';
import { buildIfNeeded } from '../../tests/support/build-if-needed.js';
import { REPO_ROOT } from '../../tests/support/site-server.js';
import { fillCatalogue } from './lib/catalogue-at-size.js';
import { positiveNumber } from './lib/env.js';
import { kb, ms, printTable } from './lib/format.js';
import { percentile, timedCalls as timedCallsOf } from './lib/timed-calls.js';

/** Server-side times are a few milliseconds: one decimal. */
const fine = (value: number): string => `${value.toFixed(1)} ms`;

const SIZES = (process.env.CATALOGUE_SIZES ?? '96,10000,100000').split(',').map((size) => Math.round(Number(size)));
const RUNS = Math.round(positiveNumber('CATALOGUE_RUNS', 200));
/** Requests per search text for the per-text rows (both languages in turn). */
const SEARCH_RUNS = Math.round(positiveNumber('CATALOGUE_SEARCH_RUNS', 20));
/** Words, a brand, a code and a code's start, the trade's way of writing a size, an abbreviation, a misspelling (found
 * again as its closest words), Arabic typed without its marks, a text nothing is close to, and a word that names six
 * categories and a third of the catalogue ('cable'). */
const VARIANTS = Math.round(positiveNumber('CATALOGUE_VARIANTS', 1));
const DATABASES = (process.env.CATALOGUE_DATABASES ?? 'pglite,postgresql').toLowerCase().split(',');
const KEEP = process.env.CATALOGUE_BENCH_KEEP === '1';
/** CATALOGUE_FILL_ONLY=1: fill (or complete) the kept databases, measure nothing (a fill may run niced, the measures not). */
const FILL_ONLY = process.env.CATALOGUE_FILL_ONLY === '1';
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

interface Timed {
  p50: number;
  p95: number;
  bytes: number;
}

async function timed(
  requests: number,
  url: (run: number) => string,
  inject: (url: string) => Promise<{ statusCode: number; body: string }>,
): Promise<Timed> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = -5; run < requests; run += 1) {
    const started = performance.now();
    const res = await inject(url(run < 0 ? 0 : run));
    const took = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url(run)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (run >= 0) {
      times.push(took);
      bytes = Math.max(bytes, Buffer.byteLength(res.body));
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** The same over direct calls (the store, not the routes): p50 and p95 of `requests` after 5 warm-ups. */
const timedCalls = async (requests: number, call: (run: number) => Promise<unknown>): Promise<Timed> => ({
  ...(await timedCallsOf(requests, call)),
  bytes: 0,
});

async function benchSize(label: string, db: Database, size: number): Promise<string[][]> {
  const fill = await fillCatalogue(db, size, VARIANTS);
  const variantCount = Number(
    (
      await db.kysely
        .selectFrom('catalogue_product_variants')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const loadBefore = os.loadavg();
  const fillRow = (label: string, products: number) =>
    fill.imported === 0
      ? [
          label,
          products.toLocaleString('en'),
          `kept database (${fill.added.toLocaleString('en')} products past the seed's): no import`,
          '',
          '',
          '',
        ]
      : [
          label,
          products.toLocaleString('en'),
          `import of ${fill.imported.toLocaleString('en')} products (${fill.importedRows.toLocaleString('en')} rows), CPU ${ms(fill.importCpuMs)}`,
          '',
          ms(fill.importMs),
          '',
        ];
  if (FILL_ONLY)
    return [fillRow(label, fill.added + 96), [label, '', `variants: ${variantCount.toLocaleString('en')}`, '', '', '']];
  const ids = (await db.kysely.selectFrom('catalogue_products').select('id').orderBy('position').execute()).map(
    (p) => p.id,
  );
  const biggest = await db.kysely
    .selectFrom('catalogue_products')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();

  const fixture = await createFixture();
  const started = performance.now();
  const app = await buildApp(fixture.config, db);
  await app.ready();
  const inject = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { statusCode: res.statusCode, body: res.body };
  };
  const firstAnswer = await inject(catalogueProductApiPath(ids[0]!));
  const coldMs = performance.now() - started;
  if (firstAnswer.statusCode !== 200) throw new Error(`first product: ${firstAnswer.statusCode}`);
  const row = (what: string, t: Timed) => [
    label,
    ids.length.toLocaleString('en'),
    what,
    t.bytes > 0 ? kb(t.bytes) : '',
    fine(t.p50),
    fine(t.p95),
  ];
  try {
    const pages = Math.max(1, Math.ceil(biggest.n / 24));
    const product = await timed(RUNS, (run) => catalogueProductApiPath(ids[(run * 7919) % ids.length]!), inject);
    const listing = await timed(
      RUNS,
      (run) => `${catalogueListingApiPath(biggest.category_id)}?sort=${1 + (run % 6)}&page=${1 + ((run * 31) % pages)}`,
      inject,
    );
    // the same category narrowed by one of its brands and one of its specification values, with every filter's counts
    const offered = JSON.parse((await inject(catalogueListingApiPath(biggest.category_id))).body) as ListingResponse;
    const facet = offered.facets.attributes[0];
    const narrowed = new URLSearchParams({
      brand: offered.facets.brands[0]?.name ?? '',
      ...(facet ? { [facet.attribute]: facet.values[0]!.value } : {}),
    });
    const filtered = await timed(
      RUNS,
      (run) => `${catalogueListingApiPath(biggest.category_id)}?${narrowed}&sort=${1 + (run % 6)}`,
      inject,
    );
    // each text in both languages in turn (the language changes every round of the texts)
    const searchUrl = (run: number, extra = '') =>
      `${CATALOGUE_SEARCH_API_PATH}?q=${encodeURIComponent(SEARCHES[run % SEARCHES.length]!)}&lang=${Math.floor(run / SEARCHES.length) % 2 ? 'ar' : 'en'}${extra}`;
    const searchTimes = await timed(RUNS, (run) => searchUrl(run), inject);
    const searchPageTimes = await timed(RUNS, (run) => searchUrl(run, '&facets=1'), inject);
    // Read afresh, as by the first visitor after a catalogue change: the store with nothing kept (the routes keep a
    // listing's counts and a search's pages until the version moves).
    const afresh = new CatalogueStore(db.kysely);
    const filters = listingFiltersOf(narrowed);
    const sortOf = (run: number) => (1 + (run % 6)) as ListingSort;
    const listingAfresh = await timedCalls(RUNS, (run) =>
      afresh.listing({
        categoryId: biggest.category_id,
        sort: sortOf(run),
        offset: ((run * 31) % pages) * 24,
        limit: 24,
        locale: 'en',
      }),
    );
    const filteredAfresh = await timedCalls(RUNS, (run) =>
      afresh.listing({
        categoryId: biggest.category_id,
        sort: sortOf(run),
        filters,
        offset: 0,
        limit: 24,
        locale: 'en',
      }),
    );
    const searchQuery = (run: number) => ({
      needle: searchNeedle(SEARCHES[run % SEARCHES.length]!)!,
      offset: 0,
      limit: 20,
      locale: Math.floor(run / SEARCHES.length) % 2 ? ('ar' as const) : ('en' as const),
    });
    const searchAfresh = await timedCalls(RUNS, (run) => afresh.search(searchQuery(run)));
    const searchPageAfresh = await timedCalls(RUNS, (run) =>
      afresh.search({ ...searchQuery(run), limit: 24, facets: true }),
    );
    // each text on its own: which kind of text is slow
    const perTextAfresh: string[][] = [];
    for (const [index, text] of SEARCHES.entries()) {
      const t = await timedCalls(SEARCH_RUNS, (run) => afresh.search(searchQuery(index + run * SEARCHES.length)));
      perTextAfresh.push([
        label,
        ids.length.toLocaleString('en'),
        `  search "${text}", read afresh`,
        '',
        fine(t.p50),
        fine(t.p95),
      ]);
    }
    const grid = await timed(RUNS, () => `${CATALOGUE_CATEGORIES_API_PATH}?lang=en`, inject);
    // The product page's HTML as the server draws it with the built remotes: a different product each request, so
    // each is drawn afresh (the page cache keeps a page once drawn); at most one request a product.
    const site = await buildApp(loadConfig({ ...process.env, REPO_ROOT, DATA_DIR: fixture.config.dataDir }), db);
    let pageRows: string[][];
    try {
      const categoryOf = new Map(
        (await db.kysely.selectFrom('catalogue_products').select(['id', 'category_id']).execute()).map((p) => [
          p.id,
          p.category_id,
        ]),
      );
      const pageOf = (run: number) => {
        const id = ids[(run * 7919) % ids.length]!;
        return `/our-products/${categoryOf.get(id)!}/${id}`;
      };
      const pageRuns = Math.min(RUNS, ids.length - 5);
      const page = await timed(
        pageRuns,
        (run) => pageOf(run + 5),
        async (url) => {
          const res = await site.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          return { statusCode: res.statusCode, body: res.body };
        },
      );
      pageRows = [row(`product page HTML, drawn afresh (${pageRuns} products)`, page)];
    } finally {
      await site.close();
    }
    const rss = process.memoryUsage().rss;
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
    return [
      fillRow(label, ids.length),
      [
        label,
        ids.length.toLocaleString('en'),
        `variants: ${variantCount.toLocaleString('en')}; load average before / after: ${load(loadBefore)} / ${load(os.loadavg())}`,
        '',
        '',
        '',
      ],
      [label, ids.length.toLocaleString('en'), 'cold start (app built, first product)', '', ms(coldMs), ''],
      row('product (JSON)', product),
      row(`listing page of ${biggest.n.toLocaleString('en')} (24, six orders)`, listing),
      row(
        `the same, narrowed by a brand and a ${facet?.attribute ?? '(no)'} value, with the filters' counts`,
        filtered,
      ),
      row(`search (${SEARCHES.length} texts, both languages)`, searchTimes),
      row(`the same with the results page's filters counted (facets=1)`, searchPageTimes),
      row(`listing page, read afresh (its filters counted each time)`, listingAfresh),
      row(`narrowed listing, read afresh`, filteredAfresh),
      row(`search, read afresh`, searchAfresh),
      row(`search with its filters counted (facets), read afresh`, searchPageAfresh),
      ...perTextAfresh,
      row('category grid', grid),
      ...pageRows,
      [
        label,
        ids.length.toLocaleString('en'),
        'process RSS after the above',
        `${(rss / 1024 / 1024).toFixed(0)} MB`,
        '',
        '',
      ],
    ];
  } finally {
    await app.close();
    await fixture.cleanup();
  }
}

/** A schema kept between runs (created when missing, never dropped): the URL that selects it. */
async function keptSchema(baseUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await adminQuery(baseUrl, `create schema if not exists ${name}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${name},public`);
  return { url: url.toString(), drop: async () => {} };
}

async function main(): Promise<void> {
  if (!FILL_ONLY) buildIfNeeded(); // the product page's HTML is drawn with the built remotes
  const table: string[][] = [['database', 'products', 'what', 'bytes', 'p50', 'p95']];
  for (const size of SIZES) {
    const kept = `catalogue_bench_${size}_${VARIANTS}v`;
    if (DATABASES.includes('pglite')) {
      const keptDir = path.join(os.tmpdir(), kept);
      const dataDir = KEEP ? keptDir : await mkdtemp(path.join(os.tmpdir(), 'catalogue-bench-'));
      if (KEEP && !existsSync(dataDir)) await mkdir(dataDir, { recursive: true });
      const embedded = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        table.push(...(await benchSize('PGlite', embedded, size)));
      } finally {
        await embedded.close();
        if (!KEEP) await rm(dataDir, { recursive: true, force: true });
      }
    }
    const url = process.env.TEST_DATABASE_URL?.trim();
    if (url === undefined || url === '' || !DATABASES.includes('postgresql')) continue;
    const schema = KEEP ? await keptSchema(url, kept) : await freshSchema(url);
    const postgres = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    try {
      table.push(...(await benchSize('PostgreSQL', postgres, size)));
    } finally {
      await postgres.close();
      await schema.drop();
    }
  }
  printTable(
    `The catalogue's API by catalogue size (server-side, ${RUNS} requests each after 5 warm-ups; one process)`,
    table,
  );
  if (!process.env.TEST_DATABASE_URL) console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to bench it too)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
