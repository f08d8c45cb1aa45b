// The pages written from the database's rows as they are asked for (databaseSite.ts): every head, its JSON-LD and the
// sitemap as the committed files give them, on PGlite and PostgreSQL; a product page read from its own rows (never
// every record), kept until the catalogue's version moves, and a change seen by the next visitor.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../app.js';
import { databaseCatalogueFeed, type DatabaseCatalogueFeed } from '../catalogue/catalogueFeed.js';
import { CatalogueStore } from '../catalogue/catalogueStore.js';
import { seedCatalogue } from '../catalogue/seed.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { renameSeededProduct, RENAMED_PRODUCT, RENAMED_PRODUCT_NAME } from '../test-support/catalogueChanges.js';
import { eventually } from '../test-support/eventually.js';
import { createFixture } from '../test-support/fixture.js';
import { parseHead } from '../test-support/html.js';
import { logStatements, type LoggedDatabase } from '../test-support/statementLog.js';
import { sitemapXml } from './sitemap.js';
import { databaseSeoPages } from './databaseSite.js';
import { renderHead } from './head.js';
import { allSitemapEntries, siteSeo, type CurrentSeoPages, type SitemapEntry } from './pages.js';

const ORIGIN = 'https://www.example.test';

/** A statement that reads every product (the whole catalogue's records, not a page's rows). */
const readsEveryProduct = (statement: string): boolean =>
  /from "catalogue_products"/.test(statement) && !/\bwhere\b/.test(statement);

function seededPages(target: () => DatabaseTarget) {
  const state = {} as {
    database: TestDatabase;
    logged: LoggedDatabase;
    feed: DatabaseCatalogueFeed;
    pages: CurrentSeoPages;
  };
  before(async () => {
    state.database = await target().fresh();
    await seedCatalogue(state.database.db);
    state.logged = logStatements(state.database.db);
    state.feed = databaseCatalogueFeed(state.database.db);
    state.pages = databaseSeoPages(new CatalogueStore(state.logged.db.kysely), state.feed);
  });
  after(async () => {
    await state.feed.stop();
    await state.database.cleanup();
  });
  return state;
}

async function assertCommittedPages(pages: CurrentSeoPages): Promise<void> {
  const site = await pages();
  const committed = siteSeo();
  assert.deepEqual(await allSitemapEntries(site.sitemap), committed.sitemap);
  assert.equal(sitemapXml({ sitemap: await allSitemapEntries(site.sitemap) }, ORIGIN), sitemapXml(committed, ORIGIN));
  assert.deepEqual(site.noscript, committed.noscript);
  assert.deepEqual(site.mapOrigins, committed.mapOrigins);
  assert.equal(site.siteName, committed.siteName);
  for (const locale of ['en', 'ar'] as const)
    assert.equal(renderHead(site.notFound[locale], ORIGIN), renderHead(committed.notFound[locale], ORIGIN));
  const paths = [
    ...committed.sitemap.map((entry) => entry.path),
    '/our-products/cables/nope',
    '/our-products/nope',
    '/ar/nope',
    '/',
    '/ar',
    '/search',
    '/ar/compare',
  ];
  for (const pathname of paths) {
    const { structuredData, ...head } = await site.page(pathname);
    const { structuredData: committedData, ...committedHead } = committed.resolve(pathname);
    assert.deepEqual(head, committedHead, pathname);
    assert.deepEqual(structuredData(ORIGIN), committedData(ORIGIN), pathname);
    assert.equal(
      renderHead(await site.page(pathname), ORIGIN),
      renderHead(committed.resolve(pathname), ORIGIN),
      pathname,
    );
  }
}

describe('pages from the rows of a seeded PGlite database', () => {
  const state = seededPages(() => pgliteTarget);

  test('every head, its JSON-LD and the sitemap, in both editions, as the committed files give them', () =>
    assertCommittedPages(state.pages));

  test("a product page's head is read from its own rows, then kept until the version moves", async () => {
    const site = await state.pages();
    const path = `/our-products/x/${RENAMED_PRODUCT}`; // the client loads a product under any category segment
    state.logged.clear();
    const english = await site.page(path);
    const arabic = await site.page(`/ar${path}`);
    assert.equal(english.path?.startsWith('/our-products/'), true);
    assert.equal(arabic.locale, 'ar');
    const read = [...state.logged.statements];
    assert.deepEqual(read.filter(readsEveryProduct), [], 'no statement reads every product');
    assert.ok(read.length <= 4, `a product and its category in each edition: ${read.join('\n')}`);
    state.logged.clear();
    assert.equal(await site.page(path), english, 'kept');
    assert.deepEqual(state.logged.statements, [], 'nothing read again');
  });

  test("the sitemap read a run at a time: any slice is the committed sitemap's, no statement returning every product", async () => {
    const site = await state.pages();
    const committed = siteSeo().sitemap;
    assert.equal(await site.sitemap.count(), committed.length);
    state.logged.clear();
    // slices across the facts pages, categories and products of both editions, and past the end
    for (const [from, count] of [
      [0, 5],
      [3, 40],
      [committed.length / 2 - 10, 25],
      [committed.length - 7, 30],
    ] as const) {
      const entries: SitemapEntry[] = [];
      for await (const piece of site.sitemap.entries(from, count)) entries.push(...piece);
      assert.deepEqual(entries, committed.slice(from, from + count), `${from}+${count}`);
    }
    const unbounded = state.logged.statements.filter(
      (statement) => readsEveryProduct(statement) && !/\b(limit|group by)\b/.test(statement),
    );
    assert.deepEqual(unbounded, [], 'products read a page at a time (the dates in one aggregate)');
  });

  test('a category page: its row, the first page of its listing and its count', async () => {
    const site = await state.pages();
    state.logged.clear();
    const page = await site.page('/our-products/cables');
    assert.equal(page.status, 200);
    assert.deepEqual(state.logged.statements.filter(readsEveryProduct), []);
    assert.ok(state.logged.statements.length <= 3, state.logged.statements.join('\n'));
  });

  test('after an import renames the product, its page (both editions) is read again, with the new name', async () => {
    const before = await (await state.pages()).page(`/our-products/x/${RENAMED_PRODUCT}`);
    assert.notEqual(before.title, RENAMED_PRODUCT_NAME);
    const version = state.feed.version();
    await renameSeededProduct(state.database);
    await eventually(
      async () => state.feed.version(),
      (now) => now > version,
    );
    const site = await state.pages();
    assert.equal((await site.page(`/our-products/x/${RENAMED_PRODUCT}`)).title, RENAMED_PRODUCT_NAME);
    assert.ok((await allSitemapEntries(site.sitemap)).some((entry) => entry.path.endsWith(`/${RENAMED_PRODUCT}`)));
  });
});

test('pages from the rows of a seeded PostgreSQL database: every head and the sitemap as the committed files give them', (t) =>
  onPostgres(t, async (postgres) => {
    const database = await postgres.fresh();
    const feed = databaseCatalogueFeed(database.db);
    try {
      await seedCatalogue(database.db);
      await assertCommittedPages(databaseSeoPages(new CatalogueStore(database.db.kysely), feed));
    } finally {
      await feed.stop();
      await database.cleanup();
    }
  }));

test("the app over the database: a product page's head without reading every record, and the new name after an import", async () => {
  const fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
  const database = await pgliteTarget.fresh();
  const logged = logStatements(database.db);
  const app = await buildApp(fixture.config, logged.db);
  try {
    await seedCatalogue(database.db);
    const path = `/our-products/x/${RENAMED_PRODUCT}`;
    const title = async (url: string) => parseHead((await app.inject({ method: 'GET', url })).body).titles[0] ?? '';
    logged.clear();
    const [english, arabic] = [await title(path), await title(`/ar${path}`)];
    assert.ok(english.length > 0 && !english.startsWith('Page not found'), english);
    assert.ok(arabic.length > 0 && arabic !== english, arabic);
    assert.deepEqual(logged.statements.filter(readsEveryProduct), [], 'no statement read every product');
    assert.ok(
      !logged.statements.some((statement) => /repeatable read/.test(statement)),
      "the feed's records were not read",
    );

    await renameSeededProduct(database);
    const renamed = await eventually(
      () => title(path),
      (now) => now.startsWith(RENAMED_PRODUCT_NAME),
    );
    assert.ok(renamed.startsWith(`${RENAMED_PRODUCT_NAME} | `), renamed);
  } finally {
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  }
});

/**
 * The sitemap over a catalogue of variants: a product's page is one URL whatever its variants (decision 034: a variant
 * is selected on its product's page by ?variant=, never a page of its own), in each edition.
 */
async function oneUrlPerProduct(target: DatabaseTarget): Promise<void> {
  const fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
  const database = await target.fresh();
  const app = await buildApp(fixture.config, database.db);
  try {
    await seedCatalogue(database.db);
    const products = await database.db.query<{ id: string; category_id: string; variants: number }>(
      'select p.id, p.category_id, (select count(*)::int from catalogue_product_variants as v where v.product_id = p.id) as variants from catalogue_products as p',
    );
    assert.ok(
      products.some((product) => product.variants >= 11),
      'a product with many variants (the CW gland)',
    );
    const res = await app.inject({ url: '/sitemap.xml' });
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /<sitemapindex/, 'the seeded catalogue fits one file');
    assert.doesNotMatch(res.body, /variant/i, 'no ?variant= address, nor any other naming a variant');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
    const productLocs = locs.filter((loc) => /\/our-products\/[^/]+\/[^/]+$/.test(loc));
    assert.equal(productLocs.length, 2 * products.length, 'one URL per product in each edition');
    assert.equal(new Set(productLocs).size, productLocs.length, 'each once');
    for (const { id, category_id: category } of products) {
      for (const prefix of ['', '/ar'])
        assert.ok(productLocs.includes(`${ORIGIN}${prefix}/our-products/${category}/${id}`), `${prefix}/${id}`);
    }
  } finally {
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  }
}

test('the sitemap over the database: one URL per product in each edition, never one per variant (PGlite)', () =>
  oneUrlPerProduct(pgliteTarget));
test('the sitemap over the database: one URL per product in each edition, never one per variant (PostgreSQL)', (t) =>
  onPostgres(t, oneUrlPerProduct));
