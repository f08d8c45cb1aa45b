// A catalogue change reaches what visitors get from every server: the listing's and the search's answers, the product's
// own, /data/products.json, the product's page head, the sitemap and the quote form's check of the product. On PostgreSQL two servers, each on its own connections, follow an
// import made through a third connection (LISTEN/NOTIFY); on PGlite one process follows its own import. And at a
// distributor's size: 10,000 products imported by the catalogue command beside a running server on PostgreSQL.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { Product } from '@site/content';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_SEARCH_API_PATH, catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import type { ListingResponse, ProductResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { productPath } from '@site/contracts/paths';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { parseHead } from '../test-support/html.js';
import { listenOnLoopback } from '../test-support/ports.js';
import { quoteRequestBody } from '../test-support/quoteRequest.js';
import { timeUntil } from '../test-support/eventually.js';
import { catalogueCli } from './file/catalogueCli.js';
import { readCatalogueFile } from './file/catalogueFiles.js';
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
    post: (path, body) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

const productPage = (product: { productCategoryId: string; id: string }) =>
  productPath(product.productCategoryId, product.id);

/** What a server says of the two products now. */
async function seenBy(server: Server, categoryId: string) {
  const products = (await (await server.get('/data/products.json')).json()) as Product[];
  const renamedTitle = parseHead(
    await (await server.get(productPage({ productCategoryId: categoryId, id: RENAMED }))).text(),
  ).titles[0];
  const added = await server.get(productPage({ productCategoryId: categoryId, id: ADDED }));
  const addedTitle = added.status === 200 ? parseHead(await added.text()).titles[0] : undefined;
  const sitemap = await (await server.get('/sitemap.xml')).text();
  const quote = await server.post('/api/quote-requests', quoteRequestBody([{ productId: ADDED, quantity: 10 }]));
  const listing = (await (await server.get(`${catalogueListingApiPath(categoryId)}?sort=4`)).json()) as ListingResponse;
  const search = (await (
    await server.get(`${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams({ q: ADDED_NAME }).toString()}`)
  ).json()) as SearchResponse;
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
    addedStatus: added.status,
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

/** How long `read` took to show `holds`; fails with the last state seen when not within WITHIN_MS. */
const within = <T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<number> =>
  timeUntil(read, holds, WITHIN_MS);

const current = (seen: Awaited<ReturnType<typeof seenBy>>) =>
  seen.inListing &&
  seen.searchFinds.join() === ADDED &&
  seen.productName === NEW_NAME &&
  seen.listed === NEW_NAME &&
  seen.added &&
  seen.renamedTitle?.startsWith(NEW_NAME) === true &&
  seen.addedTitle?.startsWith(ADDED_NAME) === true &&
  seen.inSitemap &&
  seen.quote === 200;

async function followersSuite(t: TestContext, servers: Server[], changeThrough: Database): Promise<void> {
  const categoryId =
    (await exportCatalogueRows(changeThrough.kysely)).find((row) => row.id === RENAMED)?.productCategoryId ?? '';
  const before = await Promise.all(servers.map((server) => seenBy(server, categoryId)));
  for (const seen of before) {
    assert.notEqual(seen.listed, NEW_NAME);
    assert.equal(seen.added, false);
    assert.equal(seen.inListing, false);
    assert.deepEqual(seen.searchFinds, []);
    assert.notEqual(seen.productName, NEW_NAME);
    assert.equal(seen.addedStatus, 404, 'the product page is the not-found page before the import');
    assert.equal(seen.addedTitle, undefined);
    assert.equal(seen.inSitemap, false);
    assert.equal(seen.quote, 400, 'a product not in the catalogue is refused');
  }
  for (const unknown of [
    '/our-products/no_such_category',
    `/our-products/${categoryId}/no_such_product`,
    '/ar/our-products/no_such_category',
  ]) {
    assert.equal((await servers[0]!.get(unknown)).status, 404, `${unknown}: the server's HTML is a 404`);
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
    assert.ok(
      arabic.some((product) => product.id === ADDED),
      'the Arabic edition follows too',
    );
  }
}

/** Runs `body` with a fixture and a seeded database, closing the servers it started, then the database. */
async function withSeededDatabase(
  fresh: () => Promise<TestDatabase>,
  body: (fixture: Fixture, database: TestDatabase, started: FastifyInstance[]) => Promise<void>,
) {
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
    async (fixture, database, started) =>
      followersSuite(t, [await startServer(fixture, database.db, started)], database.db),
  ));

test('two servers on PostgreSQL follow an import made through a third connection, within 2 s', (t) =>
  onPostgres(t, (postgres) =>
    withSeededDatabase(
      () => postgres.fresh(),
      async (fixture, database, started) => {
        // each server on a pool of its own (its own LISTEN connection); the import through the test's own
        const servers = [
          await startServer(fixture, await database.openAnother(), started),
          await startServer(fixture, await database.openAnother(), started),
        ];
        await followersSuite(t, servers, database.db);
      },
    ),
  ));

const GENERATED = 10_000;
const LISTING_PAGE_SIZE = 100;

/** Runs `npm run catalogue -- …` as the command does (its own pool on `env`'s database); fails with what it printed. */
async function catalogueCommand(env: Record<string, string>, ...argv: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await catalogueCli(argv, env, { out: (text) => (out += text), err: (text) => (err += text) });
  assert.equal(code, 0, `catalogue ${argv.join(' ')}: ${err}`);
  return out;
}

/** Every product page of the sitemap: its one file, or each file its index names. */
async function sitemapText(server: Server): Promise<string> {
  const root = await (await server.get('/sitemap.xml')).text();
  if (!root.includes('<sitemapindex')) return root;
  const files = [...root.matchAll(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
  assert.ok(files.length > 1, root);
  return (await Promise.all(files.map(async (file) => (await server.get(file)).text()))).join('\n');
}

test(
  '10,000 products imported by the catalogue command beside a running server on PostgreSQL: its listing, search and sitemap show them without a restart',
  { timeout: 240_000 },
  (t) =>
    onPostgres(t, (postgres) =>
      withSeededDatabase(
        () => postgres.fresh(),
        async (fixture, database, started) => {
          const folder = await mkdtemp(path.join(os.tmpdir(), 'site-catalogue-10k-'));
          try {
            const server = await startServer(fixture, await database.openAnother(), started);
            const file = path.join(folder, 'generated.csv');
            await catalogueCommand(database.env, 'generate', String(GENERATED), '--seed', '31', '--out', file);
            const read = await readCatalogueFile(file);
            assert.ok('rows' in read, JSON.stringify(read));
            const cables = read.rows.filter(({ row }) => row.productCategoryId === 'cables').map(({ row }) => row);
            const last = cables.at(-1)!; // a new product goes to the end of the catalogue's order
            const listingTotal = async () =>
              ((await (await server.get(`${catalogueListingApiPath('cables')}?pageSize=1`)).json()) as ListingResponse)
                .total;
            const before = await listingTotal();
            const sitemapBefore = await sitemapText(server);
            assert.equal(sitemapBefore.includes(`/our-products/cables/${last.id}</loc>`), false);

            const importStarted = Date.now();
            assert.equal(
              await catalogueCommand(database.env, 'import', file),
              `Imported ${GENERATED.toLocaleString('en')} new, 0 updated products.\n`,
            );
            t.diagnostic(`the command imported ${GENERATED} products in ${Date.now() - importStarted} ms`);
            // the server heard of it (NOTIFY) and reads the new version: no restart, no rebuild
            const took = await within(listingTotal, (total) => total === before + cables.length);
            t.diagnostic(`the listing counted them ${took} ms after the command ended`);

            const lastPage = Math.ceil((before + cables.length) / LISTING_PAGE_SIZE);
            const listing = (await (
              await server.get(`${catalogueListingApiPath('cables')}?pageSize=${LISTING_PAGE_SIZE}&page=${lastPage}`)
            ).json()) as ListingResponse;
            assert.equal(listing.products.at(-1)?.id, last.id, 'the last imported cable ends the listing');
            const page = await server.get(productPage({ productCategoryId: 'cables', id: last.id }));
            assert.equal(page.status, 200);
            assert.ok(
              parseHead(await page.text()).titles[0]?.startsWith(last.productName),
              'its page is drawn from its row',
            );
            const search = (await (
              await server.get(`${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams({ q: last.code }).toString()}`)
            ).json()) as SearchResponse;
            assert.equal(search.results[0]?.id, last.id, 'the search finds it by its code first');
            const sitemap = await sitemapText(server);
            for (const { row } of [read.rows[0]!, read.rows.at(-1)!]) {
              assert.ok(
                sitemap.includes(`${productPath(row.productCategoryId, row.id)}</loc>`),
                `${row.id} in the sitemap`,
              );
            }
            assert.ok(sitemap.includes(`/ar/our-products/cables/${last.id}</loc>`), 'and its Arabic page');
          } finally {
            await rm(folder, { recursive: true, force: true });
          }
        },
      ),
    ),
);
