// The buyer's currency through the whole app (buildApp over this repository's built shell and catalogue remote, the
// seeded catalogue) on both databases: prices converted at the staff-set rate to the currency's decimals, half-up once,
// checked against a calculation of this test's own; the listing's and the product's answers and pages in the currency
// the cookie names (the label in words in each edition, JSON-LD still AED); the page cache one page per currency and
// rate, never per visitor; the choice page's 303 back to a path of this site only, a bad currency refused in words;
// a product with quantity breaks 'from' its lowest break on the listing's and the search's cards, and the search's
// results and the comparison in the currency too (answers and server-drawn pages).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_SEARCH_API_PATH,
  catalogueListingApiPath,
  catalogueProductApiPath,
} from '@site/contracts/api';
import type { CompareResponse, ListingResponse, ProductResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { categoryPath, productPath } from '@site/contracts/paths';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../app/config.js';
import type { Database } from '../../platform/db/index.js';
import { PageCache, type RenderedPage } from '../../pages/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../../test-support/databases.js';
import { decodeEntities } from '../../test-support/html.js';
import { seedCatalogue } from '../seed.js';
import { AED_DISPLAY, displayAmount, productInCurrency, type DisplayRate } from './displayPrices.js';
import { CROSS_SITE_CHOICE, DISPLAY_CURRENCY_API_PATH, UNKNOWN_CURRENCY } from './currencyRoutes.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const CATEGORY = 'industrial_cable_glands';
const PRODUCT = 'hex_cw_brass_cable_gland';
/** A product of one size, given quantity breaks here (1+ 13.50, 50+ 12.50, 250+ 11.00): the seed has none. */
const BROKEN = 'hex_pvc_cable_gland_shroud';
const NOTE = {
  OMR: 'Indicative price in OMR: the quotation confirms it.',
  BHD: 'Indicative price in BHD: the quotation confirms it.',
  AED: 'Indicative price in AED: the quotation confirms it.',
  arOMR: 'سعر استرشادي بعملة الريال العُماني: يؤكده عرض السعر.',
};

/**
 * This test's own conversion: the AED price's digits times the rate's, rounded half up once to `decimals` (adding half
 * the divisor before dividing), written with all of them.
 */
function expected(price: number, rate: string, decimals: number): string {
  const [whole, fraction = ''] = String(price).split('.');
  const fils = BigInt(whole! + fraction.padEnd(2, '0'));
  const [rateWhole, rateFraction = ''] = rate.split('.');
  const rateDigits = BigInt(rateWhole! + rateFraction);
  const divisor = 10n ** BigInt(2 + rateFraction.length);
  const minor = (fils * rateDigits * 10n ** BigInt(decimals) * 2n + divisor) / (2n * divisor);
  const text = minor.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

const rate = (value: string): DisplayRate['rate'] => {
  const [, fraction = ''] = value.split('.');
  return { value: BigInt(value.replace('.', '')), scale: fraction.length };
};

/** What a reader sees of some HTML: its text, tags out, entities decoded, spaces as one. */
const textOf = (html: string): string =>
  decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
/** The first view: from <div id="root"> on, without the store's state. */
const rootOf = (html: string): string =>
  html.slice(Math.max(0, html.search(/<div id="?root"?>/))).replace(/<script[\s\S]*?<\/script>/g, '');

test('the conversion: exact, half up once, to each currency’s decimals', () => {
  const omr: DisplayRate = { currency: 'OMR', rate: rate('0.10477'), version: '1' };
  const sar: DisplayRate = { currency: 'SAR', rate: rate('1.0211'), version: '2' };
  // 12 AED × 0.10477 = 1.25724 OMR; 50 AED × 0.10477 = 5.2385: half up to 5.239 (half to even would be 5.238)
  assert.equal(displayAmount(12, omr), '1.257');
  assert.equal(displayAmount(50, omr), '5.239');
  assert.equal(displayAmount(0.1, omr), '0.010');
  // 12.5 AED × 1.0211 = 12.76375 SAR: two decimals
  assert.equal(displayAmount(12.5, sar), '12.76');
  assert.equal(displayAmount(999_999.99, sar), expected(999_999.99, '1.0211', 2));
  // floats would say otherwise: 1.1 × 0.10477 is 0.11524700000000001 as a number
  assert.equal(displayAmount(1.1, omr), '0.115');
  assert.equal(displayAmount(12, AED_DISPLAY), '12.00');
  for (const price of [0.01, 0.05, 1.15, 3.35, 17.45, 123.45, 4321.05])
    assert.equal(displayAmount(price, omr), expected(price, '0.10477', 3), `${price} AED`);
});

test('a product’s price breaks are converted as its prices are, keyed by the number’s text as the size table reads them', () => {
  const omr: DisplayRate = { currency: 'OMR', rate: rate('0.10477'), version: '1' };
  const body = {
    listing: { price: 13.5 },
    variants: [
      {
        code: 'A',
        price: 13.5,
        priceBreaks: [
          { quantity: 50, price: '12.50' },
          { quantity: 250, price: '11.00' },
        ],
      },
      { code: 'B' },
    ],
  } as unknown as ProductResponse;
  assert.deepEqual(productInCurrency(body, omr).display, {
    currency: 'OMR',
    amounts: {
      '13.5': expected(13.5, '0.10477', 3),
      '12.5': expected(12.5, '0.10477', 3),
      '11': expected(11, '0.10477', 3),
    },
  });
  assert.equal(productInCurrency(body, AED_DISPLAY), body, 'AED: the answer as it is');
});

async function currencySuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const built = path.join(REPO_ROOT, 'mfe-catalogue', 'dist', 'server-render.json');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const pageCache = new PageCache<Promise<RenderedPage>>();

  /** A rate as the rates/VAT page stores it (quotations/rateStore.ts: a new row per rate). */
  const setRate = (currency: 'OMR' | 'BHD' | 'SAR', value: string) =>
    db.query(
      `insert into quotation_currency_rates (currency, rate_value, rate_scale, set_by_email) values ($1, $2, $3, 'admin@crescent.example')`,
      [currency, rate(value).value.toString(), rate(value).scale],
    );
  const get = (url: string, cookie?: string) =>
    app.inject({ url, headers: { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }) } });
  const post = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  t.before(async () => {
    database = await target.fresh();
    db = database.db;
    await seedCatalogue(db);
    // before the app starts (nothing kept yet): as the editor's publish would write them
    await db.query(
      `update catalogue_product_variants set price = '13.50', price_breaks = $2 where product_id = $1 and published`,
      [
        BROKEN,
        JSON.stringify([
          { quantity: 50, price: '12.50' },
          { quantity: 250, price: '11.00' },
        ]),
      ],
    );
    await db.query(`update catalogue_products set price = '13.50' where id = $1`, [BROKEN]);
    await setRate('OMR', '0.10477');
    await setRate('BHD', '0.10265');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-currency-'));
    app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir }), db, { pageCache });
    await app.ready();
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  await t.test(
    'the API: the listing’s and the product’s prices in the cookie’s currency, at the staff rate',
    async () => {
      const listingUrl = `${catalogueListingApiPath(CATEGORY)}?pageSize=100`;
      const plain = await app.inject({ url: listingUrl });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.json<ListingResponse>().display, undefined, 'no cookie: AED, nothing converted');
      assert.match(String(plain.headers.vary), /Cookie/);
      const omr = await app.inject({ url: listingUrl, headers: { cookie: 'x=1; site-currency=OMR' } });
      const listing = omr.json<ListingResponse>();
      assert.equal(listing.display?.currency, 'OMR');
      const priced = listing.products.filter((product) => product.price !== undefined);
      assert.ok(priced.length >= 3, 'the category has priced products');
      for (const product of priced)
        assert.equal(
          listing.display.amounts[String(product.price)],
          expected(product.price!, '0.10477', 3),
          product.id,
        );
      assert.notEqual(omr.headers.etag, plain.headers.etag, 'another answer, another ETag');
      // the AED prices themselves are untouched (the real prices)
      assert.deepEqual(
        listing.products.map((product) => product.price),
        plain.json<ListingResponse>().products.map((product) => product.price),
      );

      const product = (
        await app.inject({ url: catalogueProductApiPath(PRODUCT), headers: { cookie: 'site-currency=BHD.b' } })
      ).json<ProductResponse>();
      assert.equal(product.display?.currency, 'BHD');
      for (const variant of product.variants.filter((one) => one.price !== undefined))
        assert.equal(
          product.display.amounts[String(variant.price)],
          expected(variant.price!, '0.10265', 3),
          variant.code,
        );

      // a currency with no rate set yet, or a value that is no currency: AED
      for (const cookie of ['site-currency=SAR', 'site-currency=XYZ', 'site-currency=omr'])
        assert.equal(
          (await app.inject({ url: listingUrl, headers: { cookie } })).json<ListingResponse>().display,
          undefined,
          cookie,
        );
      const told = await app.inject({ url: DISPLAY_CURRENCY_API_PATH, headers: { cookie: 'site-currency=OMR' } });
      assert.deepEqual(told.json(), { currency: 'OMR', rateVersion: '1' });
    },
  );

  await t.test('the pages: drawn in the currency, labelled indicative in each edition; JSON-LD stays AED', async () => {
    const gland = (
      await app.inject({ url: catalogueProductApiPath(PRODUCT), headers: { cookie: 'site-currency=OMR' } })
    ).json<ProductResponse>();
    const lowest = Math.min(
      ...gland.variants.flatMap((variant) => (variant.price === undefined ? [] : [variant.price])),
    );
    const page = await get(productPath(CATEGORY, PRODUCT), 'site-currency=OMR');
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers.vary), /Cookie/);
    const view = textOf(rootOf(page.body));
    assert.ok(view.includes(NOTE.OMR), 'the label');
    assert.ok(
      view.includes(`from OMR ${expected(lowest, '0.10477', 3)}`),
      `the lowest price in OMR: ${view.slice(0, 600)}`,
    );
    assert.ok(!/AED \d/.test(view), 'no price left in AED');
    const head = page.body.slice(0, page.body.search(/<div id="?root"?>/));
    const currencies = [...head.matchAll(/"priceCurrency":"([A-Z]+)"/g)].map((match) => match[1]);
    assert.ok(currencies.length > 0, 'the head has offers');
    assert.deepEqual(new Set(currencies), new Set(['AED']), 'JSON-LD offers the real price, in AED');
    assert.ok(
      textOf(rootOf(page.body)).includes('/currency') || page.body.includes('href="/currency?back='),
      'the way to choose',
    );
    assert.ok(page.body.includes(`href="/currency?back=${encodeURIComponent(productPath(CATEGORY, PRODUCT))}"`));

    const arabic = await get(`/ar${productPath(CATEGORY, PRODUCT)}`, 'site-currency=OMR');
    const arView = textOf(rootOf(arabic.body));
    assert.ok(arView.includes(NOTE.arOMR), `the Arabic label: ${arView.slice(0, 400)}`);
    assert.ok(arView.includes(`${expected(lowest, '0.10477', 3)} ريال عُماني`), 'the Arabic price');
    assert.ok(
      arabic.body.includes(`href="/ar/currency?back=${encodeURIComponent(`/ar${productPath(CATEGORY, PRODUCT)}`)}"`),
    );

    const aed = textOf(rootOf((await get(categoryPath(CATEGORY))).body));
    assert.ok(aed.includes(NOTE.AED), 'without a choice: AED, and the way to choose');
    const bhd = textOf(rootOf((await get(categoryPath(CATEGORY), 'site-currency=BHD')).body));
    assert.ok(bhd.includes(NOTE.BHD));
    assert.match(bhd, /BHD \d+\.\d{3}\b/);
  });

  await t.test(
    'a product with breaks: its card says “from” its lowest break, in AED and in the currency, drawn by the server',
    async () => {
      const listingUrl = `${catalogueListingApiPath(CATEGORY)}?pageSize=100`;
      const plain = (await app.inject({ url: listingUrl })).json<ListingResponse>();
      assert.ok(plain.priceFrom?.includes(BROKEN), 'said “from”');
      assert.deepEqual(plain.fromPrices, { [BROKEN]: 11 }, 'its lowest break, the only one below a price at 1');
      assert.equal(plain.products.find((product) => product.id === BROKEN)?.price, 13.5, 'its price at 1 stays');
      // sort and the price filter stay on the price at 1: 12 AED and up still finds it
      const filtered = (await app.inject({ url: `${listingUrl}&minPrice=12` })).json<ListingResponse>();
      assert.ok(filtered.products.some((product) => product.id === BROKEN));
      const omr = (
        await app.inject({ url: listingUrl, headers: { cookie: 'site-currency=OMR' } })
      ).json<ListingResponse>();
      assert.equal(omr.display?.amounts['11'], expected(11, '0.10477', 3));

      const from = `from OMR ${expected(11, '0.10477', 3)}`;
      const cases = [
        { path: categoryPath(CATEGORY), cookie: undefined, says: 'from AED 11' },
        { path: categoryPath(CATEGORY), cookie: 'site-currency=OMR', says: from },
        { path: `/ar${categoryPath(CATEGORY)}`, cookie: undefined, says: 'ابتداءً من 11 درهم' },
        {
          path: `/ar${categoryPath(CATEGORY)}`,
          cookie: 'site-currency=OMR',
          says: `ابتداءً من ${expected(11, '0.10477', 3)} ريال عُماني`,
        },
      ];
      for (const { path: at, cookie, says } of cases) {
        const view = textOf(rootOf((await get(at, cookie)).body));
        assert.ok(view.includes(says), `${at} ${cookie ?? 'AED'}: ${says}`);
        assert.ok(!view.includes('13.50'), `${at}: not its price at 1`);
      }
    },
  );

  await t.test('the search’s results and the comparison: answers and pages in the cookie’s currency', async () => {
    const searchUrl = `${CATALOGUE_SEARCH_API_PATH}?q=shroud&facets=1`;
    const plain = await app.inject({ url: searchUrl });
    const aed = plain.json<SearchResponse>();
    assert.equal(aed.prices?.[BROKEN], 11, 'the results page’s card price: its lowest break');
    assert.ok(aed.priceFrom?.includes(BROKEN));
    assert.equal(aed.display, undefined);
    assert.match(String(plain.headers.vary), /Cookie/);
    const omr = await app.inject({ url: searchUrl, headers: { cookie: 'site-currency=OMR' } });
    assert.equal(omr.json<SearchResponse>().display?.amounts['11'], expected(11, '0.10477', 3));
    assert.notEqual(omr.headers.etag, plain.headers.etag);
    // the header's modal shows no price: its answer is the same for every currency
    const modal = (
      await app.inject({ url: `${CATALOGUE_SEARCH_API_PATH}?q=shroud`, headers: { cookie: 'site-currency=OMR' } })
    ).json<SearchResponse>();
    assert.equal(modal.display, undefined);
    assert.equal(modal.prices, undefined);

    const compareUrl = `${CATALOGUE_COMPARE_API_PATH}?ids=${BROKEN},${PRODUCT}`;
    const compared = (
      await app.inject({ url: compareUrl, headers: { cookie: 'site-currency=BHD' } })
    ).json<CompareResponse>();
    assert.equal(compared.display?.currency, 'BHD');
    for (const item of compared.products)
      for (const variant of item.found ? item.variants : [])
        if (variant.price !== undefined)
          assert.equal(compared.display.amounts[String(variant.price)], expected(variant.price, '0.10265', 3));
    assert.equal((await app.inject({ url: compareUrl })).json<CompareResponse>().display, undefined);

    const searchPage = await get('/search?q=shroud', 'site-currency=OMR');
    assert.match(String(searchPage.headers.vary), /Cookie/);
    const searchView = textOf(rootOf(searchPage.body));
    assert.ok(searchView.includes(NOTE.OMR), `the label: ${searchView.slice(0, 500)}`);
    assert.ok(searchView.includes(`from OMR ${expected(11, '0.10477', 3)}`), 'the card’s price');
    assert.ok(!/AED \d/.test(searchView), 'no price left in AED');
    const plainSearch = await get('/search?q=shroud');
    assert.ok(textOf(rootOf(plainSearch.body)).includes('from AED 11'));
    assert.doesNotMatch(String(plainSearch.headers.vary ?? ''), /Cookie/, 'no cookie: one page for everyone');
    const arSearch = textOf(rootOf((await get('/ar/search?q=HEX-SHR-20-PVC', 'site-currency=OMR')).body));
    assert.ok(arSearch.includes(NOTE.arOMR), `the Arabic label: ${arSearch.slice(0, 400)}`);
    assert.ok(arSearch.includes(`ابتداءً من ${expected(11, '0.10477', 3)} ريال عُماني`), 'the Arabic card’s price');

    const comparePage = textOf(rootOf((await get(`/compare?ids=${BROKEN},${PRODUCT}`, 'site-currency=OMR')).body));
    assert.ok(comparePage.includes(NOTE.OMR), `the label: ${comparePage.slice(0, 500)}`);
    assert.ok(comparePage.includes(`OMR ${expected(13.5, '0.10477', 3)}`), 'its price at 1, converted');
    assert.ok(!/AED \d/.test(comparePage), 'no price left in AED');
  });

  await t.test('the page cache: one page per currency and rate, never one per visitor', async () => {
    pageCache.clear();
    const listing = categoryPath(CATEGORY);
    const aed = await get(listing);
    assert.equal(pageCache.size, 1);
    const omrA = await get(listing, 'site-currency=OMR; visitor=a');
    assert.equal(pageCache.size, 2, 'OMR: a page of its own');
    const omrB = await get(listing, 'visitor=b; site-currency=OMR.b');
    assert.equal(pageCache.size, 2, 'another visitor in OMR: the same page');
    assert.equal(omrB.headers.etag, omrA.headers.etag);
    assert.notEqual(omrA.headers.etag, aed.headers.etag);
    await get(listing, 'site-currency=BHD');
    assert.equal(pageCache.size, 3, 'BHD: a page of its own');
    // a cookie that names no currency (or one with no rate) is AED's page
    await get(listing, 'site-currency=<script>');
    await get(listing, 'site-currency=SAR');
    assert.equal(pageCache.size, 3);
    // a page that shows no price is one page whatever the currency
    await get('/about');
    // (a number: the asserts above narrowed the getter's type)
    const size: number = pageCache.size;
    await get('/about', 'site-currency=OMR');
    assert.equal(pageCache.size, size);
    // a new rate: a new page, with the new figures
    await setRate('OMR', '0.105');
    const newer = await get(listing, 'site-currency=OMR');
    assert.equal(pageCache.size, size + 1);
    assert.notEqual(newer.headers.etag, omrA.headers.etag);
  });

  await t.test('the choice page: four currencies; 303 back to a path of this site only, with the cookie', async () => {
    const page = await get('/currency?back=%2Four-products%2Findustrial_cable_glands%3Fsort%3D2', 'site-currency=OMR');
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['cache-control'], 'no-store');
    for (const currency of ['AED', 'OMR', 'BHD', 'SAR'])
      assert.ok(page.body.includes(`name="currency" value="${currency}"`), currency);
    assert.ok(page.body.includes('value="/our-products/industrial_cable_glands?sort=2"'));
    assert.ok(textOf(page.body).includes('OMR: Omani rial (shown now)'));

    const chosen = await post('/currency', { currency: 'OMR', back: '/our-products/industrial_cable_glands?sort=2' });
    assert.equal(chosen.statusCode, 303);
    assert.equal(chosen.headers.location, '/our-products/industrial_cable_glands?sort=2');
    assert.equal(chosen.headers['set-cookie'], 'site-currency=OMR; Path=/; Max-Age=31536000; SameSite=Lax');

    // another site is never where a choice leads: home instead
    for (const back of ['//evil.example', 'https://evil.example', '/\\evil.example', 'evil.example', ' /x', ''])
      assert.equal((await post('/currency', { currency: 'BHD', back })).headers.location, '/', back);
    assert.equal((await post('/ar/currency', { currency: 'BHD', back: '//evil.example' })).headers.location, '/ar');
    assert.ok((await get('/currency?back=%2F%2Fevil.example')).body.includes('name="back" value="/"'));

    for (const currency of ['XYZ', '', 'omr', 'AED<script>']) {
      const refused = await post('/currency', { currency, back: '/' });
      assert.equal(refused.statusCode, 400, currency);
      assert.equal(refused.body, `${UNKNOWN_CURRENCY}.\n`);
      assert.equal(refused.headers['set-cookie'], undefined);
    }
    // another site's page cannot choose for the visitor
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const forced = await app.inject({
        method: 'POST',
        url: '/currency',
        payload: 'currency=SAR&back=%2F',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      assert.equal(forced.statusCode, 403);
      assert.equal(forced.body, `${CROSS_SITE_CHOICE}.\n`);
      assert.equal(forced.headers['set-cookie'], undefined);
    }
    const arabic = await get('/ar/currency?back=%2Far%2Fhome');
    assert.match(arabic.body, /<html lang="ar" dir="rtl">/);
    assert.ok(arabic.body.includes('action="/ar/currency"'));
  });
}

test('the buyer’s currency, on embedded PGlite', async (t) => currencySuite(t, pgliteTarget));
test('the buyer’s currency, on PostgreSQL', async (t) => onPostgres(t, (target) => currencySuite(t, target)));
