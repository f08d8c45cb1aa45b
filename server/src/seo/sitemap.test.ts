import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { decodeEntities, parseHead } from '../test-support/html.js';
import { createSeoSite, siteSeoSource } from './pages.js';
import { sitemapRoutes, sitemapXml } from './sitemap.js';

const DATA = path.resolve(import.meta.dirname, '../../../content/data');
const readData = <T>(file: string): T => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as T;
const categories = readData<{ id: string }[]>('products-category.json');
const products = readData<{ id: string; productCategoryId: string; dateAdded?: string }[]>('products.json');

const ORIGIN = 'https://www.crescent.test';

/** The hreflang alternates of a page head, in order: [hreflang, href]. */
const hreflangLinks = (head: string): [string, string][] =>
  [...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m): [string, string] => [
    m[1] ?? '',
    decodeEntities(m[2] ?? ''),
  ]);
const STATIC_ROUTES = [
  '/home',
  '/our-products',
  '/about',
  '/certificates',
  '/management',
  '/our-projects',
  '/career-opportunities',
  '/contact-us',
];

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
  /** hreflang → href of its xhtml:link alternates, in order. */
  alternates: [string, string][];
}

function parseSitemap(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => {
    const body = m[1] ?? '';
    const loc = /<loc>([^<]*)<\/loc>/.exec(body)?.[1];
    assert.ok(loc !== undefined, 'every <url> has a <loc>');
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1];
    const alternates = [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map(
      (link): [string, string] => [link[1] ?? '', decodeEntities(link[2] ?? '')],
    );
    return { loc: decodeEntities(loc), lastmod, alternates };
  });
}

describe('robots.txt and sitemap.xml', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  test('robots.txt allows everything but the staff pages (both editions) and names the sitemap by its absolute URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.body, `User-agent: *\nDisallow: /staff/\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/robots.txt', headers: { 'if-none-match': String(res.headers.etag) } }))
        .statusCode,
      304,
    );
  });

  test('the Host and X-Forwarded-Host a client sends never reach them (the origin is configured)', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
    assert.equal(robots.body, `User-agent: *\nDisallow: /staff/\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: forged });
    assert.ok(!sitemap.body.includes('evil.example'));
    assert.ok(parseSitemap(sitemap.body).every(({ loc }) => loc.startsWith(`${ORIGIN}/`)));
  });

  test("without PUBLIC_SITE_URL the origin is the server's own address (HOST and PORT), not the request's", async () => {
    const other = await createFixture({ env: { HOST: '127.0.0.1', PORT: '8123', TRUST_PROXY: 'loopback' } });
    const otherApp = await buildApp(other.config, stubDatabase(), { catalogue: 'files' });
    try {
      const headers = { host: 'shop.example:8080', 'x-forwarded-host': 'proxy.example' };
      const robots = await otherApp.inject({ method: 'GET', url: '/robots.txt', headers });
      assert.match(robots.body, /^Sitemap: http:\/\/127\.0\.0\.1:8123\/sitemap\.xml$/m);
      const sitemap = await otherApp.inject({ method: 'GET', url: '/sitemap.xml', headers });
      assert.ok(parseSitemap(sitemap.body).every(({ loc }) => loc.startsWith('http://127.0.0.1:8123/')));
    } finally {
      await otherApp.close();
      await other.cleanup();
    }
  });

  test('sitemap.xml: every static route, every category and every product, once each in each edition', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(
      res.body,
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">\n/,
    );
    const urls = parseSitemap(res.body);
    const locs = urls.map((u) => u.loc);
    assert.equal(new Set(locs).size, locs.length, 'no duplicates');
    const perEdition = STATIC_ROUTES.length + categories.length + products.length;
    assert.equal(urls.length, 2 * perEdition);
    for (const base of ['', '/ar']) {
      for (const route of STATIC_ROUTES) assert.ok(locs.includes(`${ORIGIN}${base}${route}`), `${base}${route}`);
      for (const category of categories)
        assert.ok(locs.includes(`${ORIGIN}${base}/our-products/${category.id}`), category.id);
      for (const product of products) {
        const url = urls.find(
          (u) => u.loc === `${ORIGIN}${base}/our-products/${product.productCategoryId}/${product.id}`,
        );
        assert.ok(url, `${base} ${product.id}`);
        assert.equal(url.lastmod, product.dateAdded, `${product.id} lastmod is its dateAdded`);
      }
      // a category's lastmod is its newest product's dateAdded
      const cables = urls.find((u) => u.loc === `${ORIGIN}${base}/our-products/cables`);
      const newest = products
        .filter((p) => p.productCategoryId === 'cables')
        .map((p) => p.dateAdded ?? '')
        .sort()
        .at(-1);
      assert.equal(cables?.lastmod, newest);
    }
    assert.equal(urls.filter((u) => u.loc.startsWith(`${ORIGIN}/ar/`)).length, perEdition);
  });

  test('sitemap.xml: each URL names itself and its twin in the other edition (en, ar, x-default: English)', async () => {
    const urls = parseSitemap((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const locs = new Set(urls.map((u) => u.loc));
    for (const { loc, alternates } of urls) {
      const english = loc.replace(`${ORIGIN}/ar/`, `${ORIGIN}/`);
      const arabic = `${ORIGIN}/ar${english.slice(ORIGIN.length)}`;
      assert.deepEqual(
        alternates,
        [
          ['en', english],
          ['ar', arabic],
          ['x-default', english],
        ],
        loc,
      );
      assert.ok(locs.has(english) && locs.has(arabic), `${loc}: both listed`);
    }
    assert.deepEqual(urls.find((u) => u.loc === `${ORIGIN}/ar/contact-us`)?.alternates, [
      ['en', `${ORIGIN}/contact-us`],
      ['ar', `${ORIGIN}/ar/contact-us`],
      ['x-default', `${ORIGIN}/contact-us`],
    ]);
  });

  test('every sitemap URL answers 200 with itself as the canonical URL, its language, and the same alternates as the sitemap', async () => {
    const urls = parseSitemap((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    for (const { loc, alternates } of urls) {
      const res = await app.inject({ method: 'GET', url: loc.slice(ORIGIN.length) });
      assert.equal(res.statusCode, 200, loc);
      const head = parseHead(res.body);
      assert.equal(head.canonical, loc);
      assert.deepEqual(hreflangLinks(head.head), alternates, loc);
      assert.match(
        res.body,
        loc.startsWith(`${ORIGIN}/ar/`) ? /<html lang="ar" dir="rtl">/ : /<html lang="en" dir="ltr">/,
        loc,
      );
    }
  });

  test('ids are URL-encoded and XML-escaped', () => {
    const source = siteSeoSource();
    const odd = 'a&b<c"d';
    const site = createSeoSite({
      ...source,
      categories: [...source.categories, { ...source.categories[0]!, id: odd }],
    });
    const xml = sitemapXml(site, 'https://x.test');
    assert.ok(xml.includes('<loc>https://x.test/our-products/a%26b%3Cc%22d</loc>'));
    assert.ok(xml.includes('<loc>https://x.test/ar/our-products/a%26b%3Cc%22d</loc>'));
    assert.ok(
      xml.includes('<xhtml:link rel="alternate" hreflang="ar" href="https://x.test/ar/our-products/a%26b%3Cc%22d"/>'),
    );
    assert.ok(!xml.includes(odd));
  });

  test('more pages than a file holds: /sitemap.xml is an index of files that list every page once, in order; no other file exists', async () => {
    const whole = parseSitemap((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const split = Fastify();
    await split.register(sitemapRoutes, { origin: () => ORIGIN, urlsPerFile: 50 });
    try {
      const index = await split.inject({ method: 'GET', url: '/sitemap.xml' });
      assert.equal(index.statusCode, 200);
      assert.equal(index.headers['content-type'], 'application/xml; charset=utf-8');
      const files = [...index.body.matchAll(/<sitemap>\s*<loc>([^<]*)<\/loc>\s*<\/sitemap>/g)].map((m) => m[1] ?? '');
      assert.match(
        index.body,
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      assert.deepEqual(
        files,
        Array.from({ length: Math.ceil(whole.length / 50) }, (_, index) => `${ORIGIN}/sitemap-${index + 1}.xml`),
      );
      const listed: SitemapUrl[] = [];
      for (const file of files) {
        const res = await split.inject({ method: 'GET', url: file.slice(ORIGIN.length) });
        assert.equal(res.statusCode, 200, file);
        const urls = parseSitemap(res.body);
        assert.ok(urls.length <= 50 && urls.length > 0, file);
        listed.push(...urls);
      }
      assert.deepEqual(listed, whole);
      for (const url of [
        '/sitemap-0.xml',
        `/sitemap-${files.length + 1}.xml`,
        '/sitemap-1234567.xml',
        '/sitemap-x.xml',
      ]) {
        assert.equal((await split.inject({ method: 'GET', url })).statusCode, 404, url);
      }
      // a query string is the same file, not another body to make and keep
      assert.equal(
        (await split.inject({ method: 'GET', url: '/sitemap-1.xml?x=1' })).body,
        (await split.inject({ method: 'GET', url: '/sitemap-1.xml' })).body,
      );
    } finally {
      await split.close();
    }
    // while the pages fit in one file there is no other
    assert.equal((await app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode, 404);
  });
});
