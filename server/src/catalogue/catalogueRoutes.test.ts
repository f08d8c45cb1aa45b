import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { dataEdition } from '@site/content/arabic-edition';
import { CATALOGUE_CATEGORIES_API_PATH, catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import type { ListingResponse, ProductResponse } from '@site/contracts/catalogue-api';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import { seedCatalogue } from './seed.js';

let fixture: Fixture;
let database: TestDatabase;
let app: FastifyInstance;

before(async () => {
  fixture = await createFixture();
  database = await pgliteTarget.fresh();
  await seedCatalogue(database.db);
  app = await buildApp(fixture.config, database.db);
});
after(async () => {
  await app.close();
  await database.cleanup();
  await fixture.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const glands = dataEdition('en', 'products.json').filter((p) => p.productCategoryId === 'industrial_cable_glands');

test('the category grid in either language, as content/data has it', async () => {
  for (const lang of ['en', 'ar'] as const) {
    const res = await get(`${CATALOGUE_CATEGORIES_API_PATH}?lang=${lang}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { categories: dataEdition(lang, 'products-category.json') });
  }
});

test('a listing page: the category, its total and one page; the next page goes on where it stopped', async () => {
  const first = await get(`${catalogueListingApiPath('industrial_cable_glands')}?pageSize=4`);
  assert.equal(first.statusCode, 200);
  const page1 = first.json<ListingResponse>();
  assert.equal(page1.total, glands.length);
  assert.deepEqual([page1.page, page1.pageSize], [1, 4]);
  assert.equal(page1.category.title, 'Industrial Cable Glands');
  const page2 = (await get(`${catalogueListingApiPath('industrial_cable_glands')}?pageSize=4&page=2`)).json<ListingResponse>();
  assert.deepEqual([...page1.products, ...page2.products], glands.slice(0, 8));

  const cheapest = (await get(`${catalogueListingApiPath('industrial_cable_glands')}?sort=5`)).json<ListingResponse>();
  const prices = cheapest.products.map((p) => p.price ?? Number.POSITIVE_INFINITY);
  assert.deepEqual(prices, [...prices].sort((a, b) => a - b));

  const arabic = (await get(`${catalogueListingApiPath('cables')}?lang=ar`)).json<ListingResponse>();
  assert.deepEqual(arabic.products, dataEdition('ar', 'products.json').filter((p) => p.productCategoryId === 'cables'));
});

test('a product page gets its own product only: a few KB, not the catalogue', async () => {
  const res = await get(catalogueProductApiPath('oc_cu_xlpe_swa_pvc_cable'));
  assert.equal(res.statusCode, 200);
  const { product } = res.json<ProductResponse>();
  assert.deepEqual(product, dataEdition('en', 'product-details.json').find((d) => d.id === 'oc_cu_xlpe_swa_pvc_cable'));
  assert.ok(res.body.length < 10_000, `${res.body.length} bytes`);
});

test('an unchanged answer is a 304 to a client that holds it', async () => {
  const url = catalogueProductApiPath('oc_cu_xlpe_swa_pvc_cable');
  const first = await get(url);
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[\w-]{27}"$/);
  assert.equal(first.headers['cache-control'], 'no-cache');
  const again = await get(url, { 'if-none-match': etag });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
});

test('unknown ids are 404s that name what was not found', async () => {
  const category = await get(catalogueListingApiPath('no_such_category'));
  assert.equal(category.statusCode, 404);
  assert.deepEqual(category.json(), { error: 'There is no category "no_such_category" in the catalogue' });
  const product = await get(catalogueProductApiPath('no_such_product'));
  assert.equal(product.statusCode, 404);
  assert.deepEqual(product.json(), { error: 'There is no product "no_such_product" in the catalogue' });
});

test('paging and sort out of range, repeated or unknown parameters are 400s that say which and why', async () => {
  const listing = catalogueListingApiPath('cables');
  const cases: [string, RegExp][] = [
    [`${listing}?sort=7`, /sort must be at most 6/],
    [`${listing}?sort=0`, /sort must be at least 1/],
    [`${listing}?sort=abc`, /sort must be a whole number/],
    [`${listing}?sort=1e3`, /sort must be a whole number/],
    [`${listing}?page=0`, /page must be at least 1/],
    [`${listing}?pageSize=1000`, /pageSize must be at most 100/],
    [`${listing}?sort=1&sort=2`, /sort/],
    [`${listing}?lang=fr`, /lang/],
    [`${listing}?colour=red`, /colour/],
  ];
  for (const [url, message] of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, 400, url);
    assert.match(res.json<{ error: string }>().error, message, url);
  }
  // longer than any id can be: not found, like any unknown id
  assert.equal((await get(catalogueListingApiPath('x'.repeat(101)))).statusCode, 404);
  assert.equal((await get(catalogueProductApiPath('x'.repeat(10_000)))).statusCode, 404);
});

test('the database down: a 503 with a sentence, never a stack', async () => {
  const broken = await buildApp(fixture.config, stubDatabase(new Error('connection refused')));
  try {
    const res = await broken.inject({ method: 'GET', url: catalogueProductApiPath('oc_cu_xlpe_swa_pvc_cable') });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { error: 'The catalogue could not be loaded right now. Please try again in a few minutes.' });
  } finally {
    await broken.close();
  }
});
