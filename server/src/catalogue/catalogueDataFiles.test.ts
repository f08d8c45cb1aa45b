// /data's catalogue files as a browser gets them from a server over the database: streamed (never a statement reading
// every product), the same bytes in every encoding, 304 on the catalogue version's ETag without reading a row, HEAD
// without reading one, a new file once an import moves the version, and a read cut off when the version moves under it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { databaseCatalogueFeed, type DatabaseCatalogueFeed } from './catalogueFeed.js';
import { CatalogueStore } from './catalogueStore.js';
import { seedCatalogue } from './seed.js';
import { pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import { renameSeededProduct, RENAMED_PRODUCT_NAME } from '../test-support/catalogueChanges.js';
import { eventually } from '../test-support/eventually.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { logStatements, type LoggedDatabase } from '../test-support/statementLog.js';
import { CatalogueMovedError, withStreamedCatalogueDataFiles } from './catalogueDataFiles.js';
import { isStreamed } from '../platform/http/dataFiles.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A statement that reads products with no bound on how many: the whole catalogue at once. */
const readsEveryProduct = (statement: string): boolean =>
  /from "catalogue_products"/.test(statement) && !/\blimit\b/.test(statement);
const readsProducts = (statement: string): boolean => /from "catalogue_products"/.test(statement);

describe('/data/<catalogue file> streamed from a server over a seeded PGlite database', () => {
  let database: TestDatabase;
  let logged: LoggedDatabase;
  let fixture: Fixture;
  let app: FastifyInstance;
  const committed = (file: string) => readFile(path.join(repoRoot, 'content', 'data', file), 'utf8');

  before(async () => {
    database = await pgliteTarget.fresh();
    await seedCatalogue(database.db);
    logged = logStatements(database.db);
    fixture = await createFixture();
    // streamed whatever the catalogue's size (96 products are otherwise made whole: below)
    app = await buildApp(fixture.config, logged.db, { wholeDataFilesMaxProducts: 0 });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  });

  test('the committed bytes, as they are and brotli- or gzip-compressed, read without a statement over every product', async () => {
    for (const file of ['products.json', 'product-details.json', 'products-category.json']) {
      logged.clear();
      const plain = await app.inject({ method: 'GET', url: `/data/${file}` });
      assert.equal(plain.statusCode, 200, file);
      assert.equal(plain.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body, await committed(file), file);
      assert.deepEqual(logged.statements.filter(readsEveryProduct), [], `${file}: products read a page at a time`);
      for (const [encoding, decompress] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const compressed = await app.inject({
          method: 'GET',
          url: `/data/${file}`,
          headers: { 'accept-encoding': encoding },
        });
        assert.equal(compressed.headers['content-encoding'], encoding, `${file} ${encoding}`);
        assert.equal(compressed.headers.vary, 'accept-encoding');
        assert.equal(decompress(compressed.rawPayload).toString('utf8'), plain.body, `${file} ${encoding}`);
      }
    }
  });

  test("304 on the version's ETag, and HEAD, without reading a product", async () => {
    const first = await app.inject({ method: 'GET', url: '/data/ar/product-details.json' });
    const etag = first.headers.etag;
    assert.match(String(etag), /^W\/"catalogue-\d+"$/);
    logged.clear();
    const again = await app.inject({
      method: 'GET',
      url: '/data/ar/product-details.json',
      headers: { 'if-none-match': String(etag) },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const head = await app.inject({ method: 'HEAD', url: '/data/ar/product-details.json' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers.etag, etag);
    assert.equal(head.body, '');
    assert.deepEqual(logged.statements.filter(readsProducts), [], 'no product read for a 304 or a HEAD');
  });

  test('an import moves the version: a new ETag, the new name in both editions, the old ETag no longer fresh', async () => {
    const before = await app.inject({ method: 'GET', url: '/data/products.json' });
    await renameSeededProduct(database);
    const after = await eventually(
      () =>
        app.inject({
          method: 'GET',
          url: '/data/products.json',
          headers: { 'if-none-match': String(before.headers.etag) },
        }),
      (answer) => answer.statusCode === 200,
    );
    assert.equal(after.statusCode, 200, 'the older ETag is not fresh any more');
    assert.notEqual(after.headers.etag, before.headers.etag);
    assert.ok(after.body.includes(RENAMED_PRODUCT_NAME), 'the renamed product');
    assert.ok(!before.body.includes(RENAMED_PRODUCT_NAME));
    const search = await app.inject({ method: 'GET', url: '/data/searchResults.json' });
    assert.ok(search.body.includes(RENAMED_PRODUCT_NAME), 'the search index too');
  });
});

describe('a /data file read while an import moves the catalogue', () => {
  let database: TestDatabase;
  let feed: DatabaseCatalogueFeed;

  before(async () => {
    database = await pgliteTarget.fresh();
    await seedCatalogue(database.db);
    feed = databaseCatalogueFeed(database.db);
  });
  after(async () => {
    await feed.stop();
    await database.cleanup();
  });

  test('is cut off rather than finished from two versions', async () => {
    const files = withStreamedCatalogueDataFiles(
      { get: async () => undefined },
      feed,
      new CatalogueStore(database.db.kysely),
      { pageSize: 10, wholeMaxProducts: 0 },
    );
    const file = await files.get('product-details.json');
    assert.ok(file !== undefined && isStreamed(file));
    const stream: Readable = (await file.open()).body;
    const chunks = stream[Symbol.asyncIterator]();
    assert.equal((await chunks.next()).done, false, 'the first page is sent');
    await renameSeededProduct(database);
    await assert.rejects(async () => {
      for (let next = await chunks.next(); next.done !== true; next = await chunks.next());
    }, CatalogueMovedError);
  });
});

describe("a small catalogue's /data files: made whole once per version and sent from memory", () => {
  let database: TestDatabase;
  let logged: LoggedDatabase;
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    database = await pgliteTarget.fresh();
    await seedCatalogue(database.db);
    logged = logStatements(database.db);
    fixture = await createFixture();
    app = await buildApp(fixture.config, logged.db);
    await app.ready();
  });
  after(async () => {
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  });

  test('the committed bytes; asked again, not a statement over the products; after an import, the new file', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/data/product-details.json',
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(first.statusCode, 200);
    assert.equal(
      zlib.brotliDecompressSync(first.rawPayload).toString(),
      await readFile(path.join(repoRoot, 'content', 'data', 'product-details.json'), 'utf8'),
    );
    assert.doesNotMatch(String(first.headers.etag), /catalogue-/, "its bytes' ETag, not the version's");
    logged.clear();
    const again = await app.inject({
      method: 'GET',
      url: '/data/product-details.json',
      headers: { 'accept-encoding': 'br' },
    });
    assert.deepEqual([again.statusCode, again.headers.etag], [200, first.headers.etag]);
    assert.deepEqual(logged.statements.filter(readsProducts), [], 'sent from memory');
    await renameSeededProduct(database);
    const renamed = await eventually(
      () => app.inject({ method: 'GET', url: '/data/products.json' }),
      (answer) => answer.body.includes(RENAMED_PRODUCT_NAME),
    );
    assert.ok(renamed.body.includes(RENAMED_PRODUCT_NAME), 'the renamed product');
  });
});
