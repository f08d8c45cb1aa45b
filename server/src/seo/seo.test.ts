import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { entityOfType, jsonLdEntities, parseHead, type Entity } from '../test-support/html.js';
import { createSeoSite, siteSeoSource, type SeoSource } from './pages.js';
import { jsonForScript, truncateText } from '../platform/http/escape.js';

// The expectations come from the data files themselves, not from the code under test.
const DATA = path.resolve(import.meta.dirname, '../../../content/data');
const readData = <T>(file: string): T => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as T;
const company = readData<{ name: string; founded: number; mainPhone: string; address: string }>('company.json');
const branches = readData<{ id: string; label: string; email: string }[]>('branches.json');
const categories = readData<{ id: string; title: string; info: string; image: string }[]>('products-category.json');
const products =
  readData<{ id: string; code: string; productCategoryId: string; productName: string; dateAdded?: string }[]>(
    'products.json',
  );
const details =
  readData<{ id: string; productName: string; categoryName: string; company?: string[]; image: string }[]>(
    'product-details.json',
  );

const SUFFIX = ` | ${company.name}`;
const ORIGIN = 'https://www.crescent.test';
const COMPANY_PAGES: [string, string][] = [
  ['/home', 'Home'],
  ['/about', 'About Us'],
  ['/certificates', 'Certificates'],
  ['/management', 'Management'],
  ['/our-projects', 'Our Projects'],
  ['/career-opportunities', 'Career Opportunities'],
  ['/contact-us', 'Contact Us'],
];

describe('page heads', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { res, head: parseHead(res.body) };
  };

  /** One title, description, canonical and the Open Graph set, in the head before the shell's scripts. */
  function assertCommonHead(head: ReturnType<typeof parseHead>, title: string, canonicalPath: string): void {
    assert.deepEqual(head.titles, [`${title}${SUFFIX}`]);
    const description = head.meta.get('description');
    assert.ok(
      description !== undefined && description.length >= 40 && description.length <= 160,
      `description: ${description}`,
    );
    assert.equal(head.canonical, `${ORIGIN}${canonicalPath}`);
    assert.equal(head.meta.get('og:title'), `${title}${SUFFIX}`);
    assert.equal(head.meta.get('og:description'), description);
    assert.equal(head.meta.get('og:url'), `${ORIGIN}${canonicalPath}`);
    assert.match(head.meta.get('og:image') ?? '', new RegExp(`^${ORIGIN}/images/\\S+\\.(svg|jpg|webp|png)$`));
    assert.equal(head.jsonLd.length, 1, 'one JSON-LD block');
    assert.equal((head.jsonLd[0] as Record<string, unknown>)['@context'], 'https://schema.org');
  }

  function assertBreadcrumb(entity: Entity | undefined, trail: [string, string][]): void {
    assert.ok(entity, 'has a BreadcrumbList');
    const items = entity.itemListElement as { position: number; name: string; item: string }[];
    assert.deepEqual(
      items.map(({ position, name, item }) => [position, name, item]),
      [['Home', '/home'], ...trail].map(([name, p], index) => [index + 1, name, `${ORIGIN}${p}`]),
    );
  }

  for (const [url, title] of COMPANY_PAGES) {
    test(`${url}: its own head with the Organization (founded ${company.founded}, a contact point per branch)`, async () => {
      const { res, head } = await page(url);
      assert.equal(res.statusCode, 200);
      assertCommonHead(head, title, url);
      assert.equal(head.meta.get('og:type'), 'website');
      const org = entityOfType(head, 'Organization');
      assert.ok(org, 'has an Organization');
      assert.equal(org.name, company.name);
      assert.equal(org.url, `${ORIGIN}/home`);
      assert.equal(org.logo, `${ORIGIN}/images/logo.svg`);
      assert.equal(org.foundingDate, String(company.founded));
      assert.equal(org.telephone, company.mainPhone);
      assert.equal((org.address as Record<string, string>).streetAddress, company.address);
      const contactPoints = org.contactPoint as Record<string, string>[];
      assert.deepEqual(
        contactPoints.map((c) => [c['@type'], c.name, c.email]),
        branches.map((b) => ['ContactPoint', b.label, b.email]),
      );
      for (const point of contactPoints) {
        if (point.telephone !== undefined) assert.match(point.telephone, /^\+\d[\d ]+$/, 'no placeholder numbers');
      }
      if (url === '/home') assert.equal(entityOfType(head, 'BreadcrumbList'), undefined);
      else assertBreadcrumb(entityOfType(head, 'BreadcrumbList'), [[title, url]]);
    });
  }

  test('a trailing slash or a query keeps the canonical without it', async () => {
    const slash = await page('/about/');
    assertCommonHead(slash.head, 'About Us', '/about');
    const query = await page('/contact-us?region=oman');
    assertCommonHead(query.head, 'Contact Us', '/contact-us');
  });

  test('/our-products: a CollectionPage listing every category', async () => {
    const { res, head } = await page('/our-products');
    assert.equal(res.statusCode, 200);
    assertCommonHead(head, 'Our Products', '/our-products');
    const collection = entityOfType(head, 'CollectionPage');
    assert.ok(collection);
    const list = collection.mainEntity as {
      '@type': string;
      numberOfItems: number;
      itemListElement: { url: string; name: string }[];
    };
    assert.equal(list['@type'], 'ItemList');
    assert.equal(list.numberOfItems, categories.length);
    assert.deepEqual(
      list.itemListElement.map((item) => [item.name, item.url]),
      categories.map((c) => [c.title, `${ORIGIN}/our-products/${c.id}`]),
    );
    assertBreadcrumb(entityOfType(head, 'BreadcrumbList'), [['Our Products', '/our-products']]);
  });

  for (const category of categories) {
    test(`category ${category.id}: '${category.title}' head, its image, an ItemList of its products`, async () => {
      const url = `/our-products/${category.id}`;
      const { res, head } = await page(url);
      assert.equal(res.statusCode, 200);
      assertCommonHead(head, category.title, url);
      assert.equal(head.meta.get('description'), truncateText(category.info, 160));
      assert.equal(head.meta.get('og:image'), `${ORIGIN}/images/categories/${category.image}.svg`);
      const collection = entityOfType(head, 'CollectionPage');
      assert.ok(collection);
      assert.equal(collection.name, category.title);
      assert.equal(collection.description, category.info);
      const list = collection.mainEntity as { numberOfItems: number; itemListElement: { url: string }[] };
      const own = products.filter((p) => p.productCategoryId === category.id);
      assert.equal(list.numberOfItems, own.length);
      assert.deepEqual(
        list.itemListElement.map((item) => item.url),
        own.map((p) => `${ORIGIN}/our-products/${category.id}/${p.id}`),
      );
      assertBreadcrumb(entityOfType(head, 'BreadcrumbList'), [
        ['Our Products', '/our-products'],
        [category.title, url],
      ]);
    });
  }

  test('every product: "{productName} | company" and a Product (a ProductGroup of several variants) with brand, category, image and description', async () => {
    assert.equal(products.length, details.length);
    for (const product of products) {
      const detail = details.find((d) => d.id === product.id);
      assert.ok(detail, product.id);
      const url = `/our-products/${product.productCategoryId}/${product.id}`;
      const { res, head } = await page(url);
      assert.equal(res.statusCode, 200, url);
      assertCommonHead(head, product.productName, url);
      assert.equal(head.meta.get('og:type'), 'product');
      assert.equal(head.meta.get('og:image'), `${ORIGIN}/images/products/${detail.image}.svg`);
      const ld = entityOfType(head, 'Product') ?? entityOfType(head, 'ProductGroup');
      assert.ok(ld, `${url} has a Product or a ProductGroup`);
      assert.equal(ld.name, product.productName);
      // a product's code is its first variant's
      assert.equal(ld['@type'] === 'Product' ? ld.sku : (ld.hasVariant as Entity[])[0]!.sku, product.code);
      assert.equal(ld.url, `${ORIGIN}${url}`);
      assert.equal(ld.image, `${ORIGIN}/images/products/${detail.image}.svg`);
      assert.equal(ld.category, detail.categoryName);
      assert.ok(typeof ld.description === 'string' && ld.description.length > 20);
      const brands = ([] as { '@type': string; name: string }[]).concat((ld.brand ?? []) as never);
      if (detail.company?.length)
        assert.deepEqual(
          brands.map((b) => [b['@type'], b.name]),
          detail.company.map((n) => ['Brand', n]),
        );
      assertBreadcrumb(entityOfType(head, 'BreadcrumbList'), [
        ['Our Products', '/our-products'],
        [detail.categoryName, `/our-products/${product.productCategoryId}`],
        [product.productName, url],
      ]);
    }
  });

  for (const { base, label } of [
    { base: '', label: 'Size 25 (M25)' },
    { base: '/ar', label: 'المقاس 25 (M25)' },
  ]) {
    test(`the CW gland (${base || '/'}): a ProductGroup of its sizes, each a Product with its code, label and AED offer`, async () => {
      const url = `${base}/our-products/industrial_cable_glands/hex_cw_brass_cable_gland`;
      const { res, head } = await page(url);
      assert.equal(res.statusCode, 200);
      assert.equal(entityOfType(head, 'Product'), undefined);
      const group = entityOfType(head, 'ProductGroup');
      assert.ok(group);
      assert.equal(group.productGroupID, 'HEX-CW-20S');
      assert.ok(Array.isArray(group.variesBy) && group.variesBy.length > 0);
      const variants = group.hasVariant as Entity[];
      assert.equal(variants.length, 11);
      const size25 = variants.find((variant) => variant.sku === 'HEX-CW-25');
      assert.ok(size25);
      assert.equal(size25.name, `${group.name as string} — ${label}`);
      assert.equal(size25.url, `${ORIGIN}${url}?variant=HEX-CW-25`);
      assert.deepEqual(size25.offers, {
        '@type': 'Offer',
        price: '16.75',
        priceCurrency: 'AED',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}${url}?variant=HEX-CW-25`,
      });
    });
  }

  test('a product under another category segment still answers (the client shows it) with its real canonical URL', async () => {
    const product = products[0]!;
    const { res, head } = await page(`/our-products/wires/${product.id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(head.canonical, `${ORIGIN}/our-products/${product.productCategoryId}/${product.id}`);
  });

  for (const url of [
    '/our-products/no_such_category',
    '/our-products/no_such_category/',
    '/our-products/cables/no_such_product',
    '/nope',
    '/home/extra',
    '/our-products/%3Cscript%3E',
  ]) {
    test(`${url}: 404 with a 'Page not found' head, noindex, no canonical or JSON-LD`, async () => {
      const { res, head } = await page(url);
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.deepEqual(head.titles, [`Page not found${SUFFIX}`]);
      assert.equal(head.meta.get('robots'), 'noindex');
      assert.ok(head.meta.get('description'));
      assert.equal(head.canonical, undefined);
      assert.equal(head.meta.get('og:url'), undefined);
      assert.deepEqual(head.jsonLd, []);
    });
  }

  test("the head comes before the shell's scripts, after <meta charset>; the shell's own title and description are gone", async () => {
    const res = await app.inject({ method: 'GET', url: '/home' });
    const body = res.body;
    assert.match(body, /^<!doctype html><html lang="en" dir="ltr"><head><title>Home \| /);
    assert.equal(body.match(/<title>/g)?.length, 1);
    assert.equal(body.match(/name="description"/g)?.length, 1);
    assert.ok(!body.includes('Fixture shell'));
  });

  test('ETag: one per page, 304 when unchanged, a new one when the shell is rebuilt', async () => {
    const home = await app.inject({ method: 'GET', url: '/home' });
    const about = await app.inject({ method: 'GET', url: '/about' });
    assert.notEqual(home.headers.etag, about.headers.etag);
    assert.equal(home.headers['cache-control'], 'no-cache');
    const again = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'if-none-match': String(home.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    // another page's ETag is not this page's
    assert.equal(
      (await app.inject({ method: 'GET', url: '/about', headers: { 'if-none-match': String(home.headers.etag) } }))
        .statusCode,
      200,
    );
    // a rebuilt shell: a different file (size and mtime change) → new ETag, full answer
    const indexPath = path.join(fixture.root, 'shell/dist/index.html');
    await writeFile(
      indexPath,
      '<!doctype html><html><head><meta charset="utf-8"><title>New build</title></head><body><div id="root"></div><script src="/main.0123abcd.js"></script></body></html>\n',
    );
    const later = new Date(Date.now() + 5000);
    await utimes(indexPath, later, later);
    const rebuilt = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'if-none-match': String(home.headers.etag) },
    });
    assert.equal(rebuilt.statusCode, 200);
    assert.notEqual(rebuilt.headers.etag, home.headers.etag);
    assert.match(rebuilt.body, /^<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Home \| /);
    assert.ok(!rebuilt.body.includes('New build'));
  });

  test("a big category's page lists the products of its first page in its JSON-LD, and counts them all", () => {
    const source = siteSeoSource();
    const cable = source.products.find((p) => p.productCategoryId === 'cables')!;
    const detail = source.productDetails.find((d) => d.id === cable.id)!;
    const copies = Array.from({ length: 60 }, (_, index) => `${cable.id}_${index}`);
    const big = createSeoSite({
      ...source,
      products: [
        ...source.products,
        ...copies.map((id) => ({ ...cable, id, code: `${cable.code}-${id.length}-${id}` })),
      ],
      productDetails: [...source.productDetails, ...copies.map((id) => ({ ...detail, id }))],
    });
    const collection = big
      .resolve('/our-products/cables')
      .structuredData(ORIGIN)
      .find((entity) => entity['@type'] === 'CollectionPage');
    const list = collection?.mainEntity as { numberOfItems: number; itemListElement: { url: string }[] };
    const own = source.products.filter((p) => p.productCategoryId === 'cables').length + copies.length;
    assert.equal(list.numberOfItems, own);
    assert.equal(list.itemListElement.length, 24);
  });

  test('ETag changes when the content a head is built from changes', async () => {
    const source = siteSeoSource();
    const changed: SeoSource = {
      ...source,
      categories: source.categories.map((c) =>
        c.id === 'cables' ? { ...c, info: `${c.info} Now also in aluminium.` } : c,
      ),
    };
    const other = await buildApp(fixture.config, stubDatabase(), {
      catalogue: 'files',
      seoSite: createSeoSite(changed),
    });
    try {
      const before = await app.inject({ method: 'GET', url: '/our-products/cables' });
      const after = await other.inject({ method: 'GET', url: '/our-products/cables' });
      assert.notEqual(before.headers.etag, after.headers.etag);
      // an unchanged page keeps its ETag
      const homeA = await app.inject({ method: 'GET', url: '/certificates' });
      const homeB = await other.inject({ method: 'GET', url: '/certificates' });
      assert.equal(homeA.headers.etag, homeB.headers.etag);
    } finally {
      await other.close();
    }
  });

  test('HEAD answers the status and headers without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/our-products/cables' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
    assert.equal((await app.inject({ method: 'HEAD', url: '/our-products/nope' })).statusCode, 404);
  });
});

describe('canonical origin without PUBLIC_SITE_URL', () => {
  let fixture: Fixture;
  let plain: FastifyInstance;
  let proxied: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { HOST: '127.0.0.1', PORT: '8123' } });
    plain = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    const behindProxy = await createFixture({ env: { TRUST_PROXY: 'loopback', PORT: '8123' } });
    proxied = await buildApp(behindProxy.config, stubDatabase(), { catalogue: 'files' });
    proxied.addHook('onClose', () => behindProxy.cleanup());
  });
  after(async () => {
    await plain.close();
    await proxied.close();
    await fixture.cleanup();
  });

  const canonical = async (app: FastifyInstance, headers: Record<string, string>) =>
    parseHead((await app.inject({ method: 'GET', url: '/about', headers })).body).canonical;

  test("is the server's own address (HOST and PORT), whatever Host the request names", async () => {
    assert.equal(await canonical(plain, { host: 'shop.example:8080' }), 'http://127.0.0.1:8123/about');
  });

  test('X-Forwarded-Proto/-Host do not change it, even from a proxy TRUST_PROXY trusts', async () => {
    const forwarded = { host: 'internal:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.shop.example' };
    assert.equal(await canonical(plain, forwarded), 'http://127.0.0.1:8123/about');
    // HOST 0.0.0.0 (the default: every interface) is named localhost
    assert.equal(await canonical(proxied, forwarded), 'http://localhost:8123/about');
  });

  test('a malformed Host never reaches the page', async () => {
    const url = await canonical(plain, { host: 'evil.example"><script>alert(1)</script>' });
    assert.equal(url, 'http://127.0.0.1:8123/about');
  });
});

describe('hostile content is escaped', () => {
  const HOSTILE = `</script><script>alert("x")</script><!-- "'&<b>`;
  let fixture: Fixture;
  let app: FastifyInstance;
  const source = siteSeoSource();
  const product = source.products.find((p) => p.productCategoryId === 'cables')!;

  before(async () => {
    const hostile: SeoSource = {
      ...source,
      company: { ...source.company, tagline: HOSTILE, address: HOSTILE },
      categories: source.categories.map((c) =>
        c.id === 'cables' ? { ...c, title: HOSTILE, info: `${HOSTILE} info` } : c,
      ),
      products: source.products.map((p) => (p.id === product.id ? { ...p, productName: HOSTILE } : p)),
      productDetails: source.productDetails.map((d) =>
        d.id === product.id
          ? {
              ...d,
              productName: HOSTILE,
              categoryName: HOSTILE,
              company: [HOSTILE],
              detail: [`<p>${HOSTILE.replace(/</g, '&lt;')}</p>`],
            }
          : d,
      ),
    };
    fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files', seoSite: createSeoSite(hostile) });
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  for (const url of ['/our-products/cables', `/our-products/cables/${product.id}`, '/about']) {
    test(`${url}: the hostile string shows as text, never as markup`, async () => {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200);
      const head = parseHead(res.body);
      // exactly the JSON-LD block, the remotes map and the shell's own script; no script or comment the data opened
      assert.equal(res.body.match(/<script\b/g)?.length, 2 + (res.body.includes('/main.') ? 1 : 0));
      assert.ok(!res.body.includes('<script>alert'), 'no injected script element');
      assert.ok(!res.body.includes('<!--'), 'no injected comment');
      assert.ok(!res.body.includes('<b>'), 'no injected tag');
      for (const raw of head.jsonLdRaw) {
        assert.ok(!raw.includes('<'), 'JSON-LD holds no "<" at all');
        assert.ok(!/<\/script/i.test(raw));
      }
      // ... and reads back as exactly the data
      const all = JSON.stringify(jsonLdEntities(head));
      assert.ok(all.includes(JSON.stringify(HOSTILE).slice(1, -1)), 'JSON-LD carries the text unchanged');
      if (url !== '/about') {
        assert.equal(head.titles[0], `${HOSTILE}${SUFFIX}`);
        assert.equal(head.meta.get('og:title'), `${HOSTILE}${SUFFIX}`);
        assert.ok(head.meta.get('description')?.startsWith(HOSTILE.slice(0, 20)));
      } else {
        assert.equal(entityOfType(head, 'Organization')?.slogan, HOSTILE);
      }
    });
  }

  test('jsonForScript escapes <, >, & and the JavaScript line separators, and stays the same JSON', () => {
    const value = { a: '</script><!--', b: 'x & y', c: '\u2028\u2029' };
    const text = jsonForScript(value);
    assert.ok(!/[<>&\u2028\u2029]/.test(text));
    assert.deepEqual(JSON.parse(text), value);
  });
});
