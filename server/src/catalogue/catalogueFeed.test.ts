// The seeded database gives every reader of the catalogue what the committed files gave: the /data files byte for
// byte in both editions (the committed English files, and the build's generated search index and Arabic edition), the
// pages' heads and sitemap, the chat's knowledge bases, the review and quote catalogues.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import {
  arabicKnowledgeBaseSources,
  buildKnowledgeBase,
  catalogueKnowledgeBases,
} from '../assistant/knowledge-base/index.js';
import {
  CATALOGUE_DATA_FILES,
  catalogueDataFiles,
  withCatalogueDataFiles,
  withStreamedCatalogueDataFiles,
} from './catalogueDataFiles.js';
import { isStreamed } from '../platform/http/dataFiles.js';
import { catalogueSeoSite } from '../seo/catalogueSite.js';
import { siteSeo } from '../seo/pages.js';
import { databaseQuoteCatalogue } from '../quote-requests/databaseQuoteCatalogue.js';
import { createQuoteCatalogue, siteQuoteCatalogue } from '../quote-requests/quoteCatalogue.js';
import { databaseReviewCatalogue } from '../reviews/databaseReviewCatalogue.js';
import { createReviewCatalogue, siteReviewCatalogue } from '../reviews/productCatalogue.js';
import { logStatements } from '../test-support/statementLog.js';
import { pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import {
  databaseCatalogueFeed,
  type CatalogueFeed,
  type CatalogueRecords,
  type DatabaseCatalogueFeed,
} from './catalogueFeed.js';
import { CatalogueStore } from './catalogueStore.js';
import { databaseProductLookup, productLookupOf } from './productLookup.js';
import { normalizedProductCode } from '@site/content/validation';
import { seedCatalogue } from './seed.js';
import { VersionedCache, VersionedMemo } from './versionedCache.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A stream's bytes as text. */
async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
const ORIGIN = 'https://www.example.test';

describe('the seeded database, read by every consumer, is the committed catalogue', () => {
  let database: TestDatabase;
  let feed: DatabaseCatalogueFeed;
  let records: CatalogueRecords;
  /** The content build's generated files (search index, Arabic edition), made into a folder of the test's. */
  let generated: string;

  before(async () => {
    generated = await mkdtemp(path.join(os.tmpdir(), 'catalogue-feed-'));
    for (const script of ['generate-search.ts', 'generate-editions.ts']) {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'content', 'scripts', script), generated],
        {
          cwd: repoRoot,
          encoding: 'utf8',
        },
      );
      assert.equal(run.status, 0, run.stderr);
    }
    database = await pgliteTarget.fresh();
    await seedCatalogue(database.db);
    feed = databaseCatalogueFeed(database.db);
    records = await feed.records();
  });
  after(async () => {
    await feed.stop();
    await database.cleanup();
    await rm(generated, { recursive: true, force: true });
  });

  test('the /data files, byte for byte: English as committed (and the generated index), Arabic as the build generates it', async () => {
    const files = await catalogueDataFiles(records);
    for (const file of CATALOGUE_DATA_FILES) {
      const english =
        file === 'searchResults.json'
          ? path.join(generated, 'data', file)
          : path.join(repoRoot, 'content', 'data', file);
      assert.equal(files.get(file)?.body.toString('utf8'), await readFile(english, 'utf8'), file);
      assert.equal(
        files.get(`ar/${file}`)?.body.toString('utf8'),
        await readFile(path.join(generated, 'data', 'ar', file), 'utf8'),
        `ar/${file}`,
      );
    }
    assert.equal(files.size, CATALOGUE_DATA_FILES.length * 2);
    for (const [name, { body, copies }] of files) {
      assert.deepEqual(zlib.brotliDecompressSync(copies.br ?? Buffer.alloc(0)), body, `${name}: its brotli copy`);
      assert.deepEqual(zlib.gunzipSync(copies.gzip ?? Buffer.alloc(0)), body, `${name}: its gzip copy`);
    }
  });

  test('the /data files streamed from the database a few products at a time, byte for byte the same', async () => {
    const files = withStreamedCatalogueDataFiles(
      { get: async () => undefined },
      feed,
      new CatalogueStore(database.db.kysely),
      { pageSize: 7, wholeMaxProducts: 0 },
    );
    for (const file of CATALOGUE_DATA_FILES) {
      const english =
        file === 'searchResults.json'
          ? path.join(generated, 'data', file)
          : path.join(repoRoot, 'content', 'data', file);
      for (const [name, expected] of [
        [file, english],
        [`ar/${file}`, path.join(generated, 'data', 'ar', file)],
      ] as const) {
        const streamed = await files.get(name);
        assert.ok(streamed !== undefined && isStreamed(streamed), name);
        assert.equal(streamed.etag, `W/"catalogue-${feed.version()}"`, `${name}: the catalogue's version is its ETag`);
        const opened = await streamed.open();
        assert.equal(opened.etag, streamed.etag, `${name}: read at the version it is tagged with`);
        assert.equal(await text(opened.body), await readFile(expected, 'utf8'), name);
      }
    }
  });

  test('/data through the feed: a file is made on its own request, not with the others', async () => {
    const read: string[] = [];
    const watched = (locale: 'en' | 'ar') =>
      Object.fromEntries(
        (['categories', 'products', 'details'] as const).map((part) => [
          part,
          {
            get() {
              read.push(`${locale}.${part}`);
              return records[locale][part];
            },
            enumerable: true,
          },
        ]),
      );
    const spied = {
      en: Object.defineProperties({}, watched('en')),
      ar: Object.defineProperties({}, watched('ar')),
    } as CatalogueRecords;
    const spiedFeed: CatalogueFeed = {
      version: () => 1,
      records: async () => spied,
      follow: (make) => async () => make(spied),
      stop: async () => undefined,
    };
    const files = withCatalogueDataFiles({ get: async () => undefined }, spiedFeed);
    const products = await files.get('products.json');
    assert.ok(products !== undefined && !isStreamed(products));
    assert.equal(
      products.body.toString('utf8'),
      await readFile(path.join(repoRoot, 'content', 'data', 'products.json'), 'utf8'),
    );
    assert.deepEqual(read, ['en.products'], 'only the English products were read out of the records');
    await files.get('ar/product-details.json');
    assert.deepEqual(read, ['en.products', 'ar.details']);
  });

  test('the pages: every head and the sitemap, in both editions', () => {
    const fromDatabase = catalogueSeoSite(records);
    const committed = siteSeo();
    assert.deepEqual(fromDatabase.sitemap, committed.sitemap);
    assert.deepEqual(fromDatabase.noscript, committed.noscript);
    assert.deepEqual(fromDatabase.mapOrigins, committed.mapOrigins);
    const paths = [...committed.sitemap.map((entry) => entry.path), '/our-products/cables/nope', '/ar/nope'];
    for (const pathname of paths) {
      const { structuredData, ...head } = fromDatabase.resolve(pathname);
      const { structuredData: committedData, ...committedHead } = committed.resolve(pathname);
      assert.deepEqual(head, committedHead, pathname);
      assert.deepEqual(structuredData(ORIGIN), committedData(ORIGIN), pathname);
    }
  });

  test("the chat's knowledge bases, the review and the quote catalogues", () => {
    assert.deepEqual(catalogueKnowledgeBases(records), {
      en: buildKnowledgeBase(),
      ar: buildKnowledgeBase(arabicKnowledgeBaseSources(), 'ar'),
    });
    const reviews = createReviewCatalogue(records.en.details);
    assert.deepEqual(reviews.seededProductIds(), siteReviewCatalogue.seededProductIds());
    const quotes = createQuoteCatalogue(records.en.products, records.ar.products);
    for (const { id } of records.en.products) {
      assert.ok(reviews.has(id), id);
      assert.deepEqual(reviews.seedReviews(id), siteReviewCatalogue.seedReviews(id), id);
      assert.deepEqual(quotes.find(id), siteQuoteCatalogue().find(id), id);
    }
  });

  test("the reviews' catalogue over the database answers as the records' does, a product at a time", async () => {
    const logged = logStatements(database.db);
    const reviews = databaseReviewCatalogue(logged.db.kysely, feed);
    assert.deepEqual([...(await reviews.seedTotals())], [...siteReviewCatalogue.seedTotals()]);
    const ids = records.en.products.map(({ id }) => id);
    assert.deepEqual(await reviews.known([...ids, 'nope']), new Set(ids));
    assert.equal(await reviews.has('nope'), false);
    assert.deepEqual(await reviews.seedReviews('nope'), []);
    logged.clear();
    for (const id of ids) {
      assert.equal(await reviews.has(id), true, id);
      assert.deepEqual(await reviews.seedReviews(id), siteReviewCatalogue.seedReviews(id), id);
    }
    assert.ok(
      logged.statements.every((statement) => /\bwhere "id" = \$1/.test(statement)),
      `each question reads its own product: ${logged.statements.find((statement) => !/\bwhere "id" = \$1/.test(statement))}`,
    );
  });

  test('the quote catalogue over the database: the products a request names, as the records give them, in one statement', async () => {
    const logged = logStatements(database.db);
    const ids = records.en.products.map(({ id }) => id).slice(0, 20);
    const quotes = await databaseQuoteCatalogue(logged.db.kysely)([...ids, 'nope', '__proto__']);
    for (const id of ids) assert.deepEqual(quotes.find(id), siteQuoteCatalogue().find(id), id);
    assert.equal(quotes.find('nope'), undefined);
    assert.equal(quotes.find('__proto__'), undefined);
    assert.equal(quotes.find(records.en.products[30]!.id), undefined, 'a product not named is not read');
    assert.equal(logged.statements.length, 1);
  });

  test("the code look-up over the database finds what the records' finds, from the named products' rows only", async () => {
    const logged = logStatements(database.db);
    const fromRows = databaseProductLookup(new CatalogueStore(logged.db.kysely));
    const fromRecords = productLookupOf(records);
    const products = records.en.products;
    // every product by its code and by its id, as the page sends them, in an order of their own, with unknown codes
    const codes = products.flatMap((product, index) =>
      index % 2 === 0 ? [normalizedProductCode(product.code)] : [normalizedProductCode(product.id), 'nosuchcode'],
    );
    for (const locale of ['en', 'ar'] as const) {
      for (const asked of [codes, [...codes].reverse(), codes.slice(5, 9), [], ['', '-']]) {
        assert.deepEqual(
          await fromRows(asked, locale),
          await fromRecords(asked, locale),
          `${locale} ${asked.slice(0, 3).join()}`,
        );
      }
    }
    assert.ok(
      logged.statements
        .filter((statement) => /from "catalogue_products"/.test(statement))
        .every((statement) => /regexp_replace/.test(statement)),
      'products read by the codes named',
    );
  });

  test('read once per version: the same records until the version moves', async () => {
    assert.equal(await feed.records(), records);
    const made = feed.follow((all) => ({ count: all.en.products.length }));
    assert.equal(await made(), await made());
  });
});

test('VersionedCache: made on first use, kept for its version, made again once after it moved, a failure not kept', async () => {
  let version = 1;
  let builds = 0;
  let fail = false;
  const cache = new VersionedCache(
    () => version,
    async (at) => {
      builds += 1;
      if (fail) throw new Error('database down');
      return { at, build: builds };
    },
  );
  assert.equal(builds, 0, 'nothing made before it is asked for');
  const [a, b] = await Promise.all([cache.get(), cache.get()]);
  assert.equal(a, b, 'callers asking at once share one build');
  assert.deepEqual(a, { at: 1, build: 1 });
  version = 3;
  version = 4;
  assert.deepEqual(await cache.get(), { at: 4, build: 2 }, 'two moves, one build');
  assert.equal(cache.builtFor(), 4);
  version = 5;
  fail = true;
  await assert.rejects(cache.get(), /database down/);
  fail = false;
  assert.deepEqual(await cache.get(), { at: 5, build: 4 }, 'tried again after a failure');
});

test('VersionedMemo: a value a key, shared while made, all dropped when the version moves, the least recently used first past the limit, a failure not kept', async () => {
  let version = 1;
  const builds: string[] = [];
  const memo = new VersionedMemo<string>(() => version, 2);
  const make = (key: string, fail = false) =>
    memo.get(key, async () => {
      builds.push(key);
      if (fail) throw new Error('database down');
      return `${key}@${version}`;
    });
  const [a, again] = await Promise.all([make('a'), make('a')]);
  assert.equal(a, 'a@1');
  assert.equal(again, 'a@1');
  assert.deepEqual(builds, ['a'], 'callers asking at once share one build');
  await make('b');
  await make('a'); // a used again: b is now the least recently used
  await make('c');
  assert.equal(memo.size, 2);
  await make('a');
  assert.deepEqual(builds, ['a', 'b', 'c'], 'a kept, b dropped for c');
  await make('b');
  assert.deepEqual(builds, ['a', 'b', 'c', 'b']);
  version = 2;
  assert.equal(await make('a'), 'a@2', 'made again once the version moved');
  assert.equal(memo.size, 1);
  await assert.rejects(make('d', true), /database down/);
  assert.equal(await make('d'), 'd@2', 'tried again after a failure');
  version = -1; // the version not known (the database was down): nothing kept, every call builds
  await make('e');
  await make('e');
  assert.deepEqual(builds.slice(-2), ['e', 'e']);
  assert.equal(memo.size, 0);
});
