// A catalogue change reaches what visitors get from every server: the listing's and the search's answers, the product's
// own, /data/products.json, the product's page head, the sitemap and the quote form's check of the product. On PostgreSQL two servers, each on its own connections, follow an
// import made through a third connection (LISTEN/NOTIFY); on PGlite one process follows its own import.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Product } from '@site/content';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_SEARCH_API_PATH, catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import type { ListingResponse, ProductResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { buildApp } from '../app.js';
import type { Database } from '../db/index.js';
import { onPostgres, pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { parseHead } from '../test-support/html.js';
import { listenOnLoopback } from '../test-support/ports.js';
import { quoteRequestBody } from '../test-support/quoteRequest.js';
import { exportCatalogueRows, importCatalogueRows } from './file/catalogueImport.js';
import { seedCatalogue } from './seed.js';

const RENAMED = 'oc_cu_xlpe_swa_pvc_cable';
const NEW_NAME = 'XLPE/SWA/PVC Power Cable, renamed by an import';
const ADDED = 'imported_test_cable';
const ADDED_NAME = 'Imported Test Cable 4 mm²';
const WITHIN_MS = 2_000;

/** A server as a visitor reaches it: over HTTP on its own port. */
interface Server {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
}

/** Starts a server on `db`; `started` collects it to be closed (before its database). */
async function startServer(fixture: Fixture, db: Database, started: FastifyInstance[]): Promise<Server> {
  const app = await buildApp(fixture.config, db);
  started.push(app);
  const base = `http://127.0.0.1:${await listenOnLoopback(app)}`;
  return {
    get: (path, headers = {}) => fetch(`${base}${path}`, { headers }),
    post: (path, body) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

const productPage = (product: { productCategoryId: string; id: string }) => `/our-products/${product.productCategoryId}/${product.id}`;

/** What a server says of the two products now. */
async function seenBy(server: Server, categoryId: string) {
  const products = (await (await server.get('/data/products.json')).json()) as Product[];
  const renamedTitle = parseHead(await (await server.get(productPage({ productCategoryId: categoryId, id: RENAMED }))).text()).titles[0];
  const added = await server.get(productPage({ productCategoryId: categoryId, id: ADDED }));
  const addedTitle = added.status === 200 ? parseHead(await added.text()).titles[0] : undefined;
  const sitemap = await (await server.get('/sitemap.xml')).text();
  const quote = await server.post('/api/quote-requests', quoteRequestBody([{ productId: ADDED, quantity: 10 }]));
  const listing = (await (await server.get(`${catalogueListingApiPath(categoryId)}?sort=4`)).json()) as ListingResponse;
  const search = (await (await server.get(`${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams({ q: ADDED_NAME }).toString()}`)).json()) as SearchResponse;
  const product = await server.get(catalogueProductApiPath(RENAMED));
  return {
    inListing: listing.products.some((listed) => listed.id === ADDED) && listing.products.length === listing.total,
    searchFinds: search.results.map((result) => result.id),
    productName: product.status === 200 ? ((await product.json()) as ProductResponse).product.productName : undefined,
    listed: products.find((product) => product.id === RENAMED)?.productName,
    added: products.some((product) => product.id === ADDED),
    renamedTitle,
    addedTitle,
    inSitemap: sitemap.includes(`${productPage({ productCategoryId: categoryId, id: ADDED })}</loc>`),
    quote: quote.status,
  };
}

/** Renames one product and adds one after the last, through `db` (the import's own transaction and NOTIFY). */
async function changeCatalogue(db: Database): Promise<void> {
  const rows = await exportCatalogueRows(db.kysely);
  const renamed = rows.find((row) => row.id === RENAMED);
  assert.ok(renamed, 'the seeded catalogue has the product');
  const added = { ...renamed, id: ADDED, productName: ADDED_NAME, code: 'IMPORTED-TEST-4' };
  const outcome = await importCatalogueRows(
    db,
    [
      { line: 2, row: { ...renamed, productName: NEW_NAME } },
      { line: 3, row: added },
    ],
    { dryRun: false },
  );
  assert.equal(outcome.written, true, JSON.stringify(outcome));
}

/** Polls `check` until it holds or WITHIN_MS passed; returns how long it took, or fails with the last state seen. */
async function within<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<number> {
  const started = Date.now();
  let last: T;
  do {
    last = await read();
    if (holds(last)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  } while (Date.now() - started < WITHIN_MS);
  assert.fail(`not within ${WITHIN_MS} ms: ${JSON.stringify(last)}`);
}

const current = (seen: Awaited<ReturnType<typeof seenBy>>) =>
  seen.inListing &&
  seen.searchFinds.join() === ADDED &&
  seen.productName === NEW_NAME &&
  seen.listed === NEW_NAME && seen.added && seen.renamedTitle?.startsWith(NEW_NAME) === true && seen.addedTitle?.startsWith(ADDED_NAME) === true && seen.inSitemap && seen.quote === 200;

async function followersSuite(t: TestContext, servers: Server[], changeThrough: Database): Promise<void> {
  const categoryId = (await exportCatalogueRows(changeThrough.kysely)).find((row) => row.id === RENAMED)?.productCategoryId ?? '';
  const before = await Promise.all(servers.map((server) => seenBy(server, categoryId)));
  for (const seen of before) {
    assert.notEqual(seen.listed, NEW_NAME);
    assert.equal(seen.added, false);
    assert.equal(seen.inListing, false);
    assert.deepEqual(seen.searchFinds, []);
    assert.notEqual(seen.productName, NEW_NAME);
    assert.equal(seen.addedTitle, undefined, 'the product page is the not-found page before the import');
    assert.equal(seen.inSitemap, false);
    assert.equal(seen.quote, 400, 'a product not in the catalogue is refused');
  }
  const etagBefore = (await servers[0]!.get('/data/products.json')).headers.get('etag') ?? '';

  await changeCatalogue(changeThrough);
  const took = await Promise.all(servers.map((server) => within(() => seenBy(server, categoryId), current)));
  t.diagnostic(`followed the import in ${took.join(', ')} ms`);

  for (const server of servers) {
    const res = await server.get('/data/products.json', { 'if-none-match': etagBefore });
    assert.equal(res.status, 200, "the older version's ETag is not fresh any more");
    assert.notEqual(res.headers.get('etag'), etagBefore);
    const arabic = (await (await server.get('/data/ar/products.json')).json()) as Product[];
    assert.ok(arabic.some((product) => product.id === ADDED), 'the Arabic edition follows too');
  }
}

/** Runs `body` with a fixture and a seeded database, closing the servers it started, then the database. */
async function withSeededDatabase(fresh: () => Promise<TestDatabase>, body: (fixture: Fixture, database: TestDatabase, started: FastifyInstance[]) => Promise<void>) {
  const fixture = await createFixture();
  const database = await fresh();
  const started: FastifyInstance[] = [];
  try {
    await seedCatalogue(database.db);
    await body(fixture, database, started);
  } finally {
    await Promise.all(started.map((app) => app.close()));
    await database.cleanup();
    await fixture.cleanup();
  }
}

test('one process on PGlite follows its own import: /data, the product page, the sitemap, the quote check', (t) =>
  withSeededDatabase(
    () => pgliteTarget.fresh(),
    async (fixture, database, started) => followersSuite(t, [await startServer(fixture, database.db, started)], database.db),
  ));

test('two servers on PostgreSQL follow an import made through a third connection, within 2 s', (t) =>
  onPostgres(t, (postgres) =>
    withSeededDatabase(
      () => postgres.fresh(),
      async (fixture, database, started) => {
        // each server on a pool of its own (its own LISTEN connection); the import through the test's own
        const servers = [await startServer(fixture, await database.openAnother(), started), await startServer(fixture, await database.openAnother(), started)];
        await followersSuite(t, servers, database.db);
      },
    ),
  ));
