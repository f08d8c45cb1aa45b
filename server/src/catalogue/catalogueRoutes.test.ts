import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { dataEdition } from '@site/content/arabic-edition';
import {
  CATALOGUE_CATEGORIES_API_PATH,
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_LOOKUP_API_PATH,
  CATALOGUE_SEARCH_API_PATH,
  catalogueListingApiPath,
  catalogueProductApiPath,
} from '@site/contracts/api';
import { normalizedProductCode } from '@site/content/validation';
import {
  LOOKUP_CODES_MAX,
  type CompareResponse,
  type ListingResponse,
  type LookupResponse,
  type ProductResponse,
  type SearchResponse,
} from '@site/contracts/catalogue-api';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import { listenOnLoopback } from '../test-support/ports.js';
import { seedCatalogue } from './seed.js';
import { stopwatch } from '../test-support/eventually.js';

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
  const page2 = (
    await get(`${catalogueListingApiPath('industrial_cable_glands')}?pageSize=4&page=2`)
  ).json<ListingResponse>();
  assert.deepEqual([...page1.products, ...page2.products], glands.slice(0, 8));

  const cheapest = (await get(`${catalogueListingApiPath('industrial_cable_glands')}?sort=5`)).json<ListingResponse>();
  const prices = cheapest.products.map((p) => p.price ?? Number.POSITIVE_INFINITY);
  assert.deepEqual(
    prices,
    [...prices].sort((a, b) => a - b),
  );

  const arabic = (await get(`${catalogueListingApiPath('cables')}?lang=ar`)).json<ListingResponse>();
  assert.deepEqual(
    arabic.products,
    dataEdition('ar', 'products.json').filter((p) => p.productCategoryId === 'cables'),
  );
});

test('a listing narrowed by brand and price range: its total, its products, and the brands with their counts', async () => {
  const res = await get(`${catalogueListingApiPath('wiring_devices')}?brand=Legrand,Nobody&maxPrice=40&sort=5`);
  assert.equal(res.statusCode, 200);
  const view = res.json<ListingResponse>();
  assert.deepEqual(
    view.products.map((p) => p.id),
    ['legrand_plexo_weatherproof_switch'],
  );
  assert.equal(view.total, 1);
  assert.deepEqual(view.brands, ['Legrand']);
  assert.deepEqual(view.facets.brands, [
    { name: 'Legrand', count: 1 },
    { name: 'MK', count: 4 },
  ]);
  assert.deepEqual(view.facets.price, { min: 28, max: 45 });
  const sized = (
    await get(`${catalogueListingApiPath('wires')}?size=16%20mm%C2%B2,1.5%20mm%C2%B2`)
  ).json<ListingResponse>();
  assert.deepEqual(sized.attributes, { size: ['1.5 mm²', '16 mm²'] });
  assert.ok(sized.total >= 1 && sized.products.every((p) => p.productCategoryId === 'wires'));
});

test('a comparison: each product named once, the first four, an unknown id as not found; too long a list is a 400', async () => {
  const res = await get(
    `${CATALOGUE_COMPARE_API_PATH}?ids=abb_s200_mcb,nobody,abb_s200_mcb,hager_rccb_30ma,hager_modular_isolator,siemens_sirius_3rv2_motor_protection_breaker&lang=ar`,
  );
  assert.equal(res.statusCode, 200);
  const { products } = res.json<CompareResponse>();
  assert.deepEqual(
    products.map((item) => [item.id, item.found]),
    [
      ['abb_s200_mcb', true],
      ['nobody', false],
      ['hager_rccb_30ma', true],
      ['hager_modular_isolator', true],
    ],
  );
  const first = products[0]!;
  assert.ok(first.found);
  assert.deepEqual(
    first.product,
    dataEdition('ar', 'product-details.json').find((d) => d.id === 'abb_s200_mcb'),
  );
  assert.equal((await get(`${CATALOGUE_COMPARE_API_PATH}?ids=${'a,'.repeat(20_000)}`)).statusCode, 400);
  assert.equal((await get(`${CATALOGUE_COMPARE_API_PATH}?ids=a&ids=b`)).statusCode, 400);
  assert.deepEqual((await get(CATALOGUE_COMPARE_API_PATH)).json(), { products: [] });
});

test("a comparison carries each product's published variants in order: code, label, price and unit (no table row)", async () => {
  const { products } = (
    await get(`${CATALOGUE_COMPARE_API_PATH}?ids=hex_cw_brass_cable_gland,abb_s200_mcb`)
  ).json<CompareResponse>();
  const [gland, mcb] = products;
  assert.ok(gland?.found && mcb?.found);
  assert.equal(gland.variants.length, 11);
  assert.deepEqual(gland.variants.slice(0, 3), [
    { code: 'HEX-CW-20S', label: 'Size 20S (M20)', price: 12, unit: 'piece' },
    { code: 'HEX-CW-20', label: 'Size 20 (M20)', price: 13.5, unit: 'piece' },
    { code: 'HEX-CW-25', label: 'Size 25 (M25)', price: 16.75, unit: 'piece' },
  ]);
  // the product page's answer lists the same variants
  const answer = (await get(catalogueProductApiPath('hex_cw_brass_cable_gland'))).json<ProductResponse>();
  assert.deepEqual(
    gland.variants.map((variant) => variant.code),
    answer.variants.map((variant) => variant.code),
  );
  assert.deepEqual(mcb.variants, [
    {
      code: mcb.listing.code,
      label: '',
      ...(mcb.listing.price === undefined ? {} : { price: mcb.listing.price }),
      unit: mcb.listing.unit,
    },
  ]);
  const arabic = (
    await get(`${CATALOGUE_COMPARE_API_PATH}?ids=hex_cw_brass_cable_gland&lang=ar`)
  ).json<CompareResponse>().products[0];
  assert.ok(arabic?.found);
  assert.equal(arabic.variants[2]?.label, 'المقاس 25 (M25)');
});

test('search with facets=1: the filters over every match; a brand and a specification value narrow the matches', async () => {
  const all = (await get(`${CATALOGUE_SEARCH_API_PATH}?q=socket&facets=1`)).json<SearchResponse>();
  assert.ok(all.total > 2);
  assert.ok(all.facets!.brands.some((brand) => brand.name === 'PCE'));
  const ip = all.facets!.attributes.find((facet) => facet.attribute === 'ip')!;
  const ip67 = ip.values.find((value) => value.value === 'IP67')!;
  const narrowed = (await get(`${CATALOGUE_SEARCH_API_PATH}?q=socket&facets=1&ip=IP67`)).json<SearchResponse>();
  assert.equal(narrowed.total, ip67.count);
  assert.deepEqual(narrowed.attributes, { ip: ['IP67'] });
  const pce = (await get(`${CATALOGUE_SEARCH_API_PATH}?q=socket&facets=1&ip=IP67&brand=PCE`)).json<SearchResponse>();
  assert.ok(pce.total <= narrowed.total && pce.results.every((result) => result.company === 'PCE'));
  // the modal asks no facets, and gets none
  assert.equal((await get(`${CATALOGUE_SEARCH_API_PATH}?q=socket`)).json<SearchResponse>().facets, undefined);
  // nothing left under the filters is no misspelling
  assert.equal(
    (await get(`${CATALOGUE_SEARCH_API_PATH}?q=socket&brand=PCE&minPrice=999999`)).json<SearchResponse>().suggestion,
    undefined,
  );
});

test('a product page gets its own product only (detail and listing record): a few KB, not the catalogue', async () => {
  const res = await get(catalogueProductApiPath('oc_cu_xlpe_swa_pvc_cable'));
  assert.equal(res.statusCode, 200);
  const { product, listing } = res.json<ProductResponse>();
  assert.deepEqual(
    product,
    dataEdition('en', 'product-details.json').find((d) => d.id === 'oc_cu_xlpe_swa_pvc_cable'),
  );
  assert.deepEqual(
    listing,
    dataEdition('en', 'products.json').find((p) => p.id === 'oc_cu_xlpe_swa_pvc_cable'),
  );
  assert.ok(res.body.length < 10_000, `${res.body.length} bytes`);

  const arabic = (await get(`${catalogueProductApiPath('oc_cu_xlpe_swa_pvc_cable')}?lang=ar`)).json<ProductResponse>();
  assert.deepEqual(
    arabic.product,
    dataEdition('ar', 'product-details.json').find((d) => d.id === 'oc_cu_xlpe_swa_pvc_cable'),
  );
  assert.deepEqual(
    arabic.listing,
    dataEdition('ar', 'products.json').find((p) => p.id === 'oc_cu_xlpe_swa_pvc_cable'),
  );
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
    [`${listing}?minPrice=-1`, /minPrice must be a whole number/],
    [`${listing}?maxPrice=9.5`, /maxPrice must be a whole number/],
    [`${listing}?brand=A&brand=B`, /brand/],
    [`${listing}?brand=${'x'.repeat(10_000)}`, /brand may name at most 30 values/],
    [`${listing}?ip=${'x'.repeat(10_000)}`, /ip may name at most 30 values/],
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
    assert.deepEqual(res.json(), {
      error: 'The catalogue could not be loaded right now. Please try again in a few minutes.',
    });
  } finally {
    await broken.close();
  }
});

/** The spec's search over the whole index, as the modal did it in the browser: the expected answer. */
function expectedMatches(lang: 'en' | 'ar', text: string): string[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [];
  const titles = new Map(dataEdition(lang, 'products-category.json').map((c) => [c.id, c.title]));
  return dataEdition(lang, 'products.json')
    .filter((p) =>
      [p.productName, titles.get(p.productCategoryId) ?? '', p.company ?? ''].some((field) =>
        field.toLocaleLowerCase().includes(needle),
      ),
    )
    .map((p) => p.id);
}

const search = (params: Record<string, string>) =>
  get(`${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams(params).toString()}`);

test('search: everything the modal found in the whole index, and more, one page at a time from the server, best first', async () => {
  for (const [lang, q] of [
    ['en', 'gland'],
    ['en', ' HEX '],
    ['en', 'Cable Ties'],
    ['ar', 'كابل'],
    ['ar', 'Hex'],
  ] as const) {
    const expected = expectedMatches(lang, q);
    assert.ok(expected.length > 0, q);
    const first = (await search({ lang, q, limit: '5' })).json<SearchResponse>();
    const rest = (await search({ lang, q, limit: '100', offset: '5' })).json<SearchResponse>();
    const found = [...first.results, ...rest.results];
    assert.equal(first.total, found.length, q);
    assert.equal(new Set(found.map((r) => r.id)).size, found.length, `${q}: a product once`);
    // every name, category or brand holding the text; the specification's text and synonyms may find more
    for (const id of expected)
      assert.ok(
        found.some((r) => r.id === id),
        `${q}: ${id}`,
      );
    // products whose own name holds the text come before those found through their category or brand
    const inName = found.map((r) => r.title.toLocaleLowerCase().includes(q.trim().toLocaleLowerCase()));
    assert.deepEqual(
      inName,
      [...inName].sort((a, b) => Number(b) - Number(a)),
      q,
    );
  }
  const [hit] = (await search({ q: 'Armoured Power Cable (BS 5467)' })).json<SearchResponse>().results;
  assert.deepEqual(hit, {
    id: 'oc_cu_xlpe_swa_pvc_cable',
    title: '0.6/1 kV Cu/XLPE/SWA/PVC Armoured Power Cable (BS 5467)',
    productCategory: 'Cables',
    productCategoryId: 'cables',
    company: 'Oxford Cavi',
    image: 'cable_armoured',
  });
  // past the last match: nothing more, the same total
  const past = (await search({ q: 'gland', offset: '500' })).json<SearchResponse>();
  assert.deepEqual([past.total, past.results.length], [expectedMatches('en', 'gland').length, 0]);
});

test('search knows codes: the exact code first, then codes starting with the text, spaces, dashes and case ignored', async () => {
  const exact = (await search({ q: 'hex cw 20s' })).json<SearchResponse>();
  assert.equal(exact.results[0]?.id, 'hex_cw_brass_cable_gland');
  const prefix = (await search({ q: 'oc-swa' })).json<SearchResponse>();
  assert.deepEqual(
    prefix.results.slice(0, 2).map((r) => r.id),
    ['oc_cu_xlpe_swa_pvc_cable', 'oc_cu_xlpe_swa_lszh_cable'],
  );
});

test('search: several words each found somewhere, in any order; a misspelt word finds the closest and says which', async () => {
  const words = (await search({ q: 'ip68 brass gland' })).json<SearchResponse>();
  assert.ok(words.total > 0);
  assert.equal(words.results[0]?.id, 'hex_e1w_brass_cable_gland');
  const details = new Map(
    dataEdition('en', 'product-details.json').map((detail) => [detail.id, JSON.stringify(detail).toLowerCase()]),
  );
  for (const result of words.results) assert.match(details.get(result.id) ?? '', /brass/, result.id);
  assert.equal(words.suggestion, undefined);

  const misspelt = (await search({ q: 'armourd cabel' })).json<SearchResponse>();
  assert.equal(misspelt.suggestion, 'armoured cable');
  assert.ok(misspelt.results.some((r) => r.id === 'oc_cu_xlpe_swa_pvc_cable'));
  assert.equal(misspelt.total, (await search({ q: 'armoured cable' })).json<SearchResponse>().total);
  // nothing close: nothing found, nothing offered
  assert.deepEqual((await search({ q: 'qqqqzzzz' })).json(), {
    total: 0,
    offset: 0,
    results: [],
    highlight: ['qqqqzzzz'],
  });
});

test('search in Arabic: alef forms, taa marbuta, diacritics and Arabic-Indic digits as typed', async () => {
  const ids = async (q: string) => (await search({ lang: 'ar', q })).json<SearchResponse>().results.map((r) => r.id);
  // 'كابل أرضي' typed without the hamza
  assert.ok((await ids('كابل ارضي')).includes('oc_green_yellow_earth_cable'));
  // 'لفّة' typed without the shadda, its taa marbuta as haa
  assert.ok((await ids('سلك لفه')).includes('oc_6491x_pvc_single_core_wire'));
  assert.deepEqual((await ids('٦٤٩١')).slice(0, 2).sort(), [
    'oc_6491b_lszh_single_core_wire',
    'oc_6491x_pvc_single_core_wire',
  ]);
});

test("look-up: a buyer's list of codes and ids finds its products, in the order asked, in either language", async () => {
  const products = dataEdition('en', 'products.json');
  const [first, second] = [products[3]!, products[40]!];
  // as the page sends them: normalised (case, spaces and dashes gone); an id names its product too
  const codes = [
    normalizedProductCode(second.code),
    'nosuchcode',
    normalizedProductCode(first.id),
    normalizedProductCode(second.id),
  ];
  const res = await get(`${CATALOGUE_LOOKUP_API_PATH}?codes=${codes.join(',')}`);
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json<LookupResponse>().products, [second, first]);
  const arabic = (await get(`${CATALOGUE_LOOKUP_API_PATH}?codes=${codes.join(',')}&lang=ar`)).json<LookupResponse>();
  assert.deepEqual(
    arabic.products.map((product) => product.productName),
    [second, first].map((product) => dataEdition('ar', 'products.json').find((p) => p.id === product.id)!.productName),
  );
  assert.deepEqual((await get(CATALOGUE_LOOKUP_API_PATH)).json(), { products: [] });
  assert.ok(res.body.length < 2_000, 'the products asked for, not the catalogue');
});

test('look-up: a code not normalised, or too many, is a 400 that says so', async () => {
  const bad = await get(`${CATALOGUE_LOOKUP_API_PATH}?codes=${encodeURIComponent('OC-SWA-416')}`);
  assert.equal(bad.statusCode, 400);
  assert.match(bad.json<{ error: string }>().error, /normalised model codes or ids/);
  const many = await get(
    `${CATALOGUE_LOOKUP_API_PATH}?codes=${Array.from({ length: LOOKUP_CODES_MAX + 1 }, (_, index) => `c${index}`).join(',')}`,
  );
  assert.equal(many.statusCode, 400);
  assert.match(many.json<{ error: string }>().error, /at most 200 products/);
});

test('search: 10 KB of Arabic, or of emoji, arrives over HTTP (the header limit allows it) and answers 200, in bounded time', async () => {
  const served = await buildApp(fixture.config, database.db);
  try {
    const base = `http://127.0.0.1:${await listenOnLoopback(served)}`;
    for (const q of ['كابل '.repeat(2_048), '🔌'.repeat(2_560)]) {
      assert.ok(Buffer.byteLength(q) >= 10_000);
      const elapsed = stopwatch();
      const res = await fetch(`${base}${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams({ q }).toString()}`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { total: 0, offset: 0, results: [], highlight: [] }); // longer than any name: nothing matches
      const took = elapsed();
      assert.ok(took < 5_000, `${took} ms`);
    }
  } finally {
    await served.close();
  }
});

test('search: any text answers 200 with results or none, never an error', async () => {
  const texts = [
    '',
    '   ',
    '%',
    '_',
    '%_%',
    "' or 1=1 --",
    'gland\\',
    '\u0000',
    'a\u0000b',
    'glan\u202Ed',
    '\u202E',
    '🔌 gland',
    '😀',
    '\uD800',
    'x\uDC00y',
    'x'.repeat(10_000),
    'كابل'.repeat(50),
    '<script>alert(1)</script>',
  ];
  for (const q of texts) {
    const res = await search({ q });
    assert.equal(res.statusCode, 200, JSON.stringify(q.slice(0, 20)));
    const body = res.json<SearchResponse>();
    assert.equal(body.results.length <= 20, true);
    assert.equal(body.total >= body.results.length, true);
  }
  // `%` and `_` are text, not patterns: as patterns these would find every gland; as text nothing holds them, and
  // the glands come only as what the closest text finds
  for (const q of ['gl%nd', 'gl_nd']) assert.equal((await search({ q })).json<SearchResponse>().suggestion, 'gland', q);
  // a raw lone surrogate and a NUL in the address as the browser would send them
  for (const raw of ['%ED%A0%80', '%00', '%F0%9F', 'gland%C0%AF']) {
    assert.equal((await get(`${CATALOGUE_SEARCH_API_PATH}?q=${raw}`)).statusCode, 200, raw);
  }
  assert.equal((await search({ q: 'gland', limit: '0' })).statusCode, 400);
  assert.equal((await search({ q: 'gland', offset: '-1' })).statusCode, 400);
});
