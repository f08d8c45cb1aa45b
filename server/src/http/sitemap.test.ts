import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { decodeEntities, parseHead } from '../test-support/html.js';
import { createSeoSite, siteSeoSource } from './seo/pages.js';
import { sitemapXml } from './sitemap.js';

const DATA = path.resolve(import.meta.dirname, '../../../content/data');
const readData = <T>(file: string): T => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as T;
const categories = readData<{ id: string }[]>('products-category.json');
const products = readData<{ id: string; productCategoryId: string; dateAdded?: string }[]>('products.json');

const ORIGIN = 'https://www.crescent.test';
const STATIC_ROUTES = ['/home', '/our-products', '/about', '/certificates', '/management', '/our-projects', '/career-opportunities', '/contact-us'];

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
}

function parseSitemap(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => {
    const body = m[1] ?? '';
    const loc = /<loc>([^<]*)<\/loc>/.exec(body)?.[1];
    assert.ok(loc !== undefined, 'every <url> has a <loc>');
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1];
    return { loc: decodeEntities(loc), lastmod };
  });
}

describe('robots.txt and sitemap.xml', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
    app = await buildApp(fixture.config, stubDatabase());
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  test('robots.txt allows everything and names the sitemap by its absolute URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.body, `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    assert.equal((await app.inject({ method: 'GET', url: '/robots.txt', headers: { 'if-none-match': String(res.headers.etag) } })).statusCode, 304);
  });

  test('the Host and X-Forwarded-Host a client sends never reach them (the origin is configured)', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
    assert.equal(robots.body, `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: forged });
    assert.ok(!sitemap.body.includes('evil.example'));
    assert.ok(parseSitemap(sitemap.body).every(({ loc }) => loc.startsWith(`${ORIGIN}/`)));
  });

  test('without PUBLIC_SITE_URL the origin is the server\'s own address (HOST and PORT), not the request\'s', async () => {
    const other = await createFixture({ env: { HOST: '127.0.0.1', PORT: '8123', TRUST_PROXY: 'true' } });
    const otherApp = await buildApp(other.config, stubDatabase());
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

  test('sitemap.xml: every static route, every category and every product, once each', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(res.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
    const urls = parseSitemap(res.body);
    const locs = urls.map((u) => u.loc);
    assert.equal(new Set(locs).size, locs.length, 'no duplicates');
    assert.equal(urls.length, STATIC_ROUTES.length + categories.length + products.length);
    for (const route of STATIC_ROUTES) assert.ok(locs.includes(`${ORIGIN}${route}`), route);
    for (const category of categories) assert.ok(locs.includes(`${ORIGIN}/our-products/${category.id}`), category.id);
    for (const product of products) {
      const url = urls.find((u) => u.loc === `${ORIGIN}/our-products/${product.productCategoryId}/${product.id}`);
      assert.ok(url, product.id);
      assert.equal(url.lastmod, product.dateAdded, `${product.id} lastmod is its dateAdded`);
    }
    // a category's lastmod is its newest product's dateAdded
    const cables = urls.find((u) => u.loc === `${ORIGIN}/our-products/cables`);
    const newest = products.filter((p) => p.productCategoryId === 'cables').map((p) => p.dateAdded ?? '').sort().at(-1);
    assert.equal(cables?.lastmod, newest);
  });

  test('every sitemap URL answers 200 with itself as the canonical URL', async () => {
    const urls = parseSitemap((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    for (const { loc } of urls) {
      const res = await app.inject({ method: 'GET', url: loc.slice(ORIGIN.length) });
      assert.equal(res.statusCode, 200, loc);
      assert.equal(parseHead(res.body).canonical, loc);
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
    assert.ok(!xml.includes(odd));
  });
});
