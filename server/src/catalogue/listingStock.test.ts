// "In stock at" on the listing and the search's results page, through the whole app on both databases: the filter
// read from the address (and refused when it names no location), each location's count under the other filters, the
// view narrowed by it, the cards' "In stock" (nothing for a code the ERP never named), a feed applied by one process
// changing the other's counts within 2 s, and a withdrawn product leaving the counts while its stock stays stored.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { catalogueListingApiPath, CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import type { ListingResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { listingViewOf, listingViewSearch } from '@site/contracts/listing-view';
import { searchViewOf, searchViewSearch } from '@site/contracts/search-view';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import type { StockFeedRow } from '@site/contracts/stock-api';
import { applyStockFeed } from '../stock/index.js';
import type { Database } from '../platform/db/index.js';
import { catalogueEditorApp } from '../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { eventually, stopwatch } from '../test-support/eventually.js';
import { bumpCatalogueVersion } from './state.js';
import { addStaffAccount, signInStaff, staffCall } from '../test-support/staffSignIn.js';

const CATEGORY = 'industrial_cable_glands';
const GLAND = 'hex_cw_brass_cable_gland';

/** A delta feed as the command line sends it (the same path as PATCH /api/stock). */
async function sendFeed(db: Database, rows: StockFeedRow[], kind: 'delta' | 'snapshot' = 'delta'): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'listing-stock-'));
  try {
    const file = path.join(dir, 'feed.json');
    await writeFile(file, JSON.stringify(rows));
    const report = await applyStockFeed(db, file, {
      kind,
      format: 'json',
      strict: true,
      source: 'cli',
      actor: 'test',
      tokenId: null,
    });
    assert.equal(report.outcome, 'applied', JSON.stringify(report));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function listingStockSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db, other } = await catalogueEditorApp(t, target, { anotherProcess: true });
  const listing = async (query: string, on: FastifyInstance = app, lang: 'en' | 'ar' = 'en') => {
    const res = await on.inject({ url: `${catalogueListingApiPath(CATEGORY)}?pageSize=100&lang=${lang}${query}` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<ListingResponse>();
  };
  const counts = (answer: Pick<ListingResponse, 'facets'>) =>
    Object.fromEntries((answer.facets.stock ?? []).map(({ location, count }) => [location, count]));
  const variantsOf = async (id: string) =>
    (
      await db.query<{ code: string }>(
        'select code from catalogue_product_variants where product_id = $1 and published order by position',
        [id],
      )
    ).map((row) => row.code);
  const products = await db.query<{ id: string; company: string }>(
    'select id, company from catalogue_products where category_id = $1 order by position',
    [CATEGORY],
  );
  assert.ok(products.length >= 3, 'the category has a few products');
  const [first, second] = products.filter((product) => product.id !== GLAND);
  const glandCodes = await variantsOf(GLAND);
  const firstCode = (await variantsOf(first!.id))[0]!;
  const secondCode = (await variantsOf(second!.id))[0]!;

  await t.test('the address: "stock" names locations, each once, in their order; an unknown one is a 400', async () => {
    assert.deepEqual(listingViewOf('?stock=muscat,dubai,nowhere,muscat').stock, ['dubai', 'muscat']);
    assert.equal(listingViewSearch(listingViewOf('?stock=muscat,dubai&sort=2')), '?sort=2&stock=dubai,muscat');
    assert.equal(listingViewOf('?stock=').stock, undefined);
    assert.equal(searchViewSearch(searchViewOf('?q=gland&stock=bahrain&page=2')), '?q=gland&stock=bahrain&page=2');
    const bad = await app.inject({ url: `${catalogueListingApiPath(CATEGORY)}?stock=riyadh` });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json<{ error: string }>().error, /stock/);
  });

  await t.test('before any feed: every count 0, no card in stock, and the filter narrows to nothing', async () => {
    const all = await listing('');
    assert.deepEqual(counts(all), { dubai: 0, muscat: 0, bahrain: 0 });
    assert.deepEqual(all.inStock, []);
    const atMuscat = await listing('&stock=muscat');
    assert.equal(atMuscat.total, 0);
    assert.deepEqual(atMuscat.stock, ['muscat']);
  });

  await t.test(
    'a feed: each location counts its products on hand, under the other filters; the filter narrows',
    async () => {
      await sendFeed(db, [
        // two variants of the gland at Muscat: one product, counted once
        { code: glandCodes[0]!, location: 'muscat', onHand: 5 },
        { code: glandCodes[1]!, location: 'muscat', onHand: 2 },
        { code: glandCodes[1]!, location: 'dubai', onHand: 0, leadTimeDays: 10 },
        { code: firstCode, location: 'muscat', onHand: 7 },
        { code: firstCode, location: 'dubai', onHand: 1 },
        // known, none on hand anywhere: no badge, counted nowhere
        { code: secondCode, location: 'bahrain', onHand: 0 },
      ]);
      assert.deepEqual(
        await eventually(
          async () => counts(await listing('')),
          (seen) => isDeepStrictEqual(seen, { dubai: 1, muscat: 2, bahrain: 0 }),
        ),
        { dubai: 1, muscat: 2, bahrain: 0 },
      );
      const all = await listing('');
      assert.deepEqual(new Set(all.inStock), new Set([GLAND, first!.id]));
      const atMuscat = await listing('&stock=muscat');
      assert.equal(atMuscat.total, 2);
      assert.deepEqual(new Set(atMuscat.products.map((product) => product.id)), new Set([GLAND, first!.id]));
      // a location's count is under the other filters, not its own: Dubai's stays 1 with Muscat chosen
      assert.deepEqual(counts(atMuscat), { dubai: 1, muscat: 2, bahrain: 0 });
      // a second location widens
      assert.equal((await listing('&stock=dubai,muscat')).total, 2);
      assert.equal((await listing('&stock=dubai')).total, 1);
      // the brands are counted among the products on hand there
      const brandTotal = (await listing('&stock=muscat')).facets.brands.reduce((sum, brand) => sum + brand.count, 0);
      assert.ok(brandTotal >= 2 && brandTotal <= 2 * 2, `brands counted among the 2 on hand: ${brandTotal}`);
      // another filter narrows the counts: the gland's brand only
      const glandBrand = products.find((product) => product.id === GLAND)!.company.split(', ')[0]!;
      const ofBrand = await listing(`&brand=${encodeURIComponent(glandBrand)}`);
      assert.equal(
        counts(ofBrand).muscat,
        ofBrand.products.filter((product) => [GLAND, first!.id].includes(product.id)).length,
      );
      // the Arabic edition counts the same
      assert.deepEqual(counts(await listing('', app, 'ar')), { dubai: 1, muscat: 2, bahrain: 0 });
    },
  );

  await t.test('the search results page: the same filter, counts and badges over the matches', async () => {
    const search = async (query: string) => {
      const res = await app.inject({ url: `${CATALOGUE_SEARCH_API_PATH}?q=gland&facets=1&limit=100${query}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<SearchResponse>();
    };
    const all = await search('');
    const inStockMatches = [GLAND, first!.id].filter((id) => all.results.some((result) => result.id === id));
    assert.ok(inStockMatches.includes(GLAND));
    assert.equal(counts({ facets: all.facets! }).muscat, inStockMatches.length);
    assert.deepEqual(new Set(all.inStock), new Set(inStockMatches));
    const atMuscat = await search('&stock=muscat');
    assert.equal(atMuscat.total, inStockMatches.length);
    assert.deepEqual(atMuscat.stock, ['muscat']);
    // the modal's matches (no facets) carry no stock
    const modal = (await app.inject({ url: `${CATALOGUE_SEARCH_API_PATH}?q=gland` })).json<SearchResponse>();
    assert.equal(modal.inStock, undefined);
  });

  await t.test('a feed from one process shows on the other within 2 s; the catalogue version stays', async () => {
    assert.deepEqual(counts(await listing('', other)), { dubai: 1, muscat: 2, bahrain: 0 });
    const catalogueVersion = (await db.query<{ version: number }>('select version from catalogue_state'))[0]!.version;
    const elapsed = stopwatch();
    await sendFeed(db, [{ code: secondCode, location: 'bahrain', onHand: 3 }]);
    assert.deepEqual(
      await eventually(
        async () => counts(await listing('', other)),
        (seen) => isDeepStrictEqual(seen, { dubai: 1, muscat: 2, bahrain: 1 }),
      ),
      { dubai: 1, muscat: 2, bahrain: 1 },
    );
    assert.ok(elapsed() < 2000, `seen after ${elapsed()} ms`);
    assert.ok((await listing('', other)).inStock?.includes(second!.id));
    assert.equal(
      (await db.query<{ version: number }>('select version from catalogue_state'))[0]!.version,
      catalogueVersion,
    );
  });

  await t.test('a withdrawn product leaves the counts and the filtered view; its stock stays stored', async () => {
    await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
    const layla = await signInStaff(app, 'layla@crescent.example');
    const { version } = (
      await staffCall(app, layla, 'GET', staffApiPath(STAFF_API.catalogueProduct, { id: GLAND }))
    ).json<EditorProduct>();
    const res = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueArchive, { id: GLAND }), {
      baseVersion: version,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      await eventually(
        async () => counts(await listing('')),
        (seen) => isDeepStrictEqual(seen, { dubai: 1, muscat: 1, bahrain: 1 }),
      ),
      { dubai: 1, muscat: 1, bahrain: 1 },
    );
    const atMuscat = await listing('&stock=muscat');
    assert.deepEqual(
      atMuscat.products.map((product) => product.id),
      [first!.id],
    );
    const kept = await db.query<{ n: number }>(
      "select count(*) as n from stock_levels where location = 'muscat' and on_hand > 0",
    );
    assert.equal(Number(kept[0]!.n), 3);
  });

  await t.test("an unpublished variant is not the product's stock", async () => {
    await db.query('update catalogue_product_variants set published = false where code = $1', [firstCode]);
    // the editor's write bumps the catalogue's version; here it is bumped as it does
    await db.kysely.transaction().execute((trx) => bumpCatalogueVersion(trx));
    assert.equal(
      await eventually(
        async () => counts(await listing('')).dubai,
        (dubai) => dubai === 0,
      ),
      0,
    );
  });
}

test('"In stock at" on the listing and search, on embedded PGlite', async (t) => listingStockSuite(t, pgliteTarget));
test('"In stock at" on the listing and search, on PostgreSQL', async (t) =>
  onPostgres(t, (target) => listingStockSuite(t, target)));
