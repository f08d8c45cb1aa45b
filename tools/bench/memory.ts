// `npm run bench:memory`: what a server's process holds as a catalogue grows. A benchmark, not a test: it prints figures
// and exits 0 whatever they are (non-zero only if it could not run).
//
// For each size in MEMORY_SIZES (96,100000), a catalogue of that size (lib/catalogue-at-size.ts) on PostgreSQL when
// TEST_DATABASE_URL is set (a fresh schema, dropped after), else on embedded PGlite; the site's app built over it in
// this process (with the built remotes, as `npm start` serves them); then, step by step, what a visitor asks for. After
// each step a garbage collection (twice, the process run with --expose-gc) and the process's RSS, V8's heap and the
// memory outside it (Buffers, compressed copies). Run it alone on a quiet machine: the import of 100,000 products takes
// two minutes or so. The app shares the process with the import's own garbage, so read the steps' differences.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { catalogueListingApiPath } from '@site/contracts/api';
import {
  createFixture,
  freshSchema,
  buildApp,
  loadConfig,
  openDatabase,
  type Database,
} from '@site/server/test-support/server';
import { buildIfNeeded } from '../../tests/support/build-if-needed.js';
import { REPO_ROOT } from '../../tests/support/site-server.js';
import { fillCatalogue } from './lib/catalogue-at-size.js';
import { printTable } from './lib/format.js';

const SIZES = (process.env.MEMORY_SIZES ?? '96,100000').split(',').map((size) => Math.round(Number(size)));

const collect = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`;

/** The process's memory once what is no longer reachable has been collected. */
async function settled(): Promise<NodeJS.MemoryUsage> {
  collect?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  collect?.();
  return process.memoryUsage();
}

async function stepsAt(
  label: string,
  db: Database,
  databaseUrl: string | undefined,
  size: number,
): Promise<string[][]> {
  await fillCatalogue(db, size);
  const fixture = await createFixture();
  const rows: string[][] = [];
  const record = async (what: string) => {
    const memory = await settled();
    rows.push([
      label,
      size.toLocaleString('en'),
      what,
      mb(memory.rss),
      mb(memory.heapUsed),
      mb(memory.external + memory.arrayBuffers),
    ]);
  };
  await record('catalogue filled, before the app');
  // no AI provider: the chat's step answers from the knowledge base, on this machine
  const { GEMINI_API_KEY: _key, ...env } = process.env;
  const app = await buildApp(
    loadConfig({
      ...env,
      REPO_ROOT,
      DATA_DIR: fixture.config.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    db,
  );
  try {
    await app.ready();
    await record('app ready');
    // read off as a client reads a socket: the answer whole in this process (inject's buffered payload) would be the
    // client's memory counted as the server's, tens of MB for a /data file at 100,000 products
    const get = async (url: string): Promise<void> => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, payloadAsStream: true });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      for await (const chunk of res.stream()) void chunk;
    };
    // products from the middle of the catalogue, as a search engine or a link would ask for them
    const products = await db.kysely
      .selectFrom('catalogue_products')
      .select(['id', 'category_id'])
      .orderBy('position')
      .offset(Math.floor(size / 2))
      .limit(2)
      .execute();
    const [first, second] = [products[0] ?? products[1], products[1] ?? products[0]];
    if (first === undefined || second === undefined) throw new Error('no product to ask for');
    await get(`/our-products/${first.category_id}/${first.id}`);
    await record('after a product page');
    await get(`/ar/our-products/${second.category_id}/${second.id}`);
    await get(`/our-products/${second.category_id}`);
    await get('/api/catalogue/search?q=cable&lang=en');
    await get(`${catalogueListingApiPath(second.category_id)}?sort=2`);
    await record('after an Arabic product page, a category, a search, a listing');
    await get('/sitemap.xml');
    await record('after /sitemap.xml');
    // answered from the knowledge base (no provider key here): the categories' sample and what the question finds
    for (const question of ['Do you have armoured cable?', 'هل لديكم كابلات مدرعة؟']) {
      const res = await app.inject({ method: 'POST', url: '/api/chat', payload: { question, history: [] } });
      if (res.statusCode !== 200) throw new Error(`/api/chat: ${res.statusCode} ${res.body}`);
    }
    await record('after a chat question in each language');
    await get('/data/products.json');
    await record('after /data/products.json');
  } finally {
    await app.close();
    await fixture.cleanup();
  }
  return rows;
}

async function main(): Promise<void> {
  if (collect === undefined) throw new Error('run with node --expose-gc (npm run bench:memory does)');
  buildIfNeeded(); // the pages are drawn with the built remotes
  const table: string[][] = [['database', 'products', 'step', 'RSS', 'heap', 'outside the heap']];
  const url = process.env.TEST_DATABASE_URL?.trim();
  for (const size of SIZES) {
    if (url) {
      const schema = await freshSchema(url);
      const db = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
      try {
        table.push(...(await stepsAt('PostgreSQL', db, schema.url, size)));
      } finally {
        await db.close();
        await schema.drop();
      }
    } else {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'memory-bench-'));
      const db = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        table.push(...(await stepsAt('PGlite', db, undefined, size)));
      } finally {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  printTable(
    "A server's memory by catalogue size (the app in this process; after a garbage collection at each step)",
    table,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
