// The Arabic edition's addresses and heads: '/' by language, '/ar' to its home page, every page's twin under
// /ar with <html lang="ar" dir="rtl">, an Arabic title, description, Open Graph and JSON-LD, and hreflang alternates on
// both editions. The expectations come from the data files and their Arabic dictionaries, not from the code under test.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { entityOfType, parseHead, type Entity, type ParsedHead } from '../test-support/html.js';
import { chosenLocale, localeFromAcceptLanguage } from '../platform/http/languageChoice.js';

const DATA = path.resolve(import.meta.dirname, '../../../content/data');
const readData = <T>(file: string): T => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as T;
const TRANSLATIONS = path.resolve(import.meta.dirname, '../../../content/translations/ar');
/** The Arabic text of an English one, from its data file's dictionary (content/translations/ar). */
const arabic = (file: string) => {
  const dictionary = JSON.parse(readFileSync(path.join(TRANSLATIONS, file), 'utf8')) as Record<string, string>;
  return (english: string): string => {
    const text = dictionary[english];
    assert.ok(text !== undefined, `${file} has an Arabic text for ${english}`);
    return text;
  };
};
const company = readData<{ name: string; mainPhone: string }>('company.json');
const categories = readData<{ id: string; title: string; info: string }[]>('products-category.json');
const products =
  readData<{ id: string; productCategoryId: string; productName: string; code: string }[]>('products.json');
const details = readData<{ id: string; categoryName: string }[]>('product-details.json');

const ORIGIN = 'https://www.crescent.test';
const ARABIC_NAME = arabic('company.json')(company.name);
const ARABIC_LETTERS = /[\u0600-\u06FF]/;

/** The table's pages without parameters: English title, Arabic title, schema.org page type. */
const FACTS_PAGES: [string, string, string, string][] = [
  ['/home', 'Home', 'الرئيسية', 'WebPage'],
  ['/our-products', 'Our Products', 'منتجاتنا', 'CollectionPage'],
  ['/about', 'About Us', 'من نحن', 'AboutPage'],
  ['/certificates', 'Certificates', 'الشهادات', 'WebPage'],
  ['/management', 'Management', 'الإدارة', 'WebPage'],
  ['/our-projects', 'Our Projects', 'مشاريعنا', 'WebPage'],
  ['/career-opportunities', 'Career Opportunities', 'الوظائف الشاغرة', 'WebPage'],
  ['/contact-us', 'Contact Us', 'اتصل بنا', 'ContactPage'],
];

/** The page's hreflang alternates, in order: [hreflang, href]. */
const hreflangs = (head: ParsedHead): [string, string][] =>
  [...head.head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m): [string, string] => [
    m[1] ?? '',
    m[2] ?? '',
  ]);
const htmlTag = (html: string): string => /<html\b[^>]*>/.exec(html)?.[0] ?? '';
/** Every og:locale:alternate (parseHead keeps one value per property). */
const ogAlternates = (head: ParsedHead): string[] =>
  [...head.head.matchAll(/<meta property="og:locale:alternate" content="([^"]*)">/g)].map((m) => m[1] ?? '');

describe('which edition / sends a visitor to', () => {
  test('Accept-Language: Arabic when it is wanted more than English (or as much, named first); English otherwise', () => {
    const cases: [string | undefined, 'en' | 'ar'][] = [
      [undefined, 'en'],
      ['', 'en'],
      ['ar', 'ar'],
      ['ar-AE', 'ar'],
      ['AR-sa,ar;q=0.9', 'ar'],
      ['ar-AE,ar;q=0.9,en-US;q=0.8,en;q=0.7', 'ar'],
      ['en-US,en;q=0.9,ar;q=0.8', 'en'],
      ['en, ar', 'en'],
      ['ar, en', 'ar'],
      ['en;q=0.5, ar;q=0.5', 'en'],
      ['fr-FR,fr;q=0.9,ar;q=0.4', 'ar'],
      ['fr-FR,fr;q=0.9', 'en'],
      ['fr, *;q=0.5', 'en'],
      ['*', 'en'],
      ['en;q=0.2, *', 'en'],
      ['ar;q=0.3, *', 'ar'],
      ['ar;q=0', 'en'],
      ['ar;q=0, en;q=0', 'en'],
      ['ar;q=2', 'en'],
      ['ar;q=abc', 'en'],
      ['arabic', 'en'],
      ['ar;q=0.001, en;q=0', 'ar'],
      [`${'x-'.repeat(1000)},ar`, 'en'],
    ];
    for (const [header, expected] of cases) assert.equal(localeFromAcceptLanguage(header), expected, String(header));
  });

  test('the site_lang cookie first (the header switch), then Accept-Language; a cookie of another value is ignored', () => {
    assert.equal(chosenLocale({ cookie: 'site_lang=ar', 'accept-language': 'en' }), 'ar');
    assert.equal(chosenLocale({ cookie: 'a=1; site_lang=en', 'accept-language': 'ar' }), 'en');
    assert.equal(chosenLocale({ cookie: 'site_lang=fr', 'accept-language': 'ar' }), 'ar');
    assert.equal(chosenLocale({ cookie: 'site_lang="ar"' }), 'ar');
    assert.equal(chosenLocale({ cookie: 'other_site_lang=ar' }), 'en');
    assert.equal(chosenLocale({}), 'en');
  });
});

describe('the Arabic edition on the server', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { PUBLIC_SITE_URL: ORIGIN } });
    // The shell's <html lang> and <noscript> as its build writes them: the server sets each edition's own.
    await writeFile(
      path.join(fixture.root, 'shell/dist/index.html'),
      '<!doctype html><html lang=en><head><meta charset=utf-8><title>Shell</title></head><body><div id=root></div>' +
        '<noscript>This site needs JavaScript.</noscript></body></html>',
    );
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const page = async (url: string) => {
    const res = await get(url);
    return { res, head: parseHead(res.body) };
  };

  describe('addresses', () => {
    const CHOICES: [Record<string, string>, string][] = [
      [{}, '/home'],
      [{ 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' }, '/ar/home'],
      [{ 'accept-language': 'en-GB,en;q=0.9,ar;q=0.8' }, '/home'],
      [{ 'accept-language': 'fr' }, '/home'],
      [{ cookie: 'site_lang=ar', 'accept-language': 'en' }, '/ar/home'],
      [{ cookie: 'site_lang=en', 'accept-language': 'ar' }, '/home'],
      [{ cookie: 'site_lang=de', 'accept-language': 'ar' }, '/ar/home'],
    ];
    for (const [headers, location] of CHOICES) {
      test(`/ with ${JSON.stringify(headers)} → ${location}: a temporary redirect that varies by cookie and language, never kept by a shared cache`, async () => {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url: '/', headers });
          assert.equal(res.statusCode, 302, method);
          assert.equal(res.headers.location, location);
          assert.equal(res.headers.vary, 'Cookie, Accept-Language');
          const cacheControl = String(res.headers['cache-control']);
          assert.match(cacheControl, /\bprivate\b/);
          assert.doesNotMatch(cacheControl, /\bpublic\b|max-age=[1-9]/);
        }
      });
    }

    test('/ keeps the query string', async () => {
      const res = await get('/?utm_source=x&a=%20b', { 'accept-language': 'ar' });
      assert.equal(res.headers.location, '/ar/home?utm_source=x&a=%20b');
    });

    test("/ar and /ar/ go to the Arabic home page, whatever the visitor's language", async () => {
      for (const url of ['/ar', '/ar/', '/ar?x=1']) {
        for (const headers of [{}, { cookie: 'site_lang=en', 'accept-language': 'en' }] as Record<string, string>[]) {
          const res = await get(url, headers);
          assert.ok(res.statusCode === 301 || res.statusCode === 308, `${url}: ${res.statusCode}`);
          assert.equal(res.headers.location, url.includes('?') ? '/ar/home?x=1' : '/ar/home', url);
          assert.doesNotMatch(String(res.headers.vary ?? ''), /cookie|accept-language/i, url);
        }
      }
    });

    // (this shell's build lists no web font: with one, an Arabic page also varies by the font's cookie, arabicFont.test.ts)
    test('no other address redirects by language: each edition answers as itself to everyone', async () => {
      const visitors: Record<string, string>[] = [
        { cookie: 'site_lang=ar', 'accept-language': 'ar' },
        { cookie: 'site_lang=en', 'accept-language': 'en' },
        {},
      ];
      for (const url of [
        '/home',
        '/about',
        '/our-products/cables',
        '/ar/home',
        '/ar/about',
        '/ar/our-products/cables',
      ]) {
        const bodies = new Set<string>();
        for (const headers of visitors) {
          const res = await get(url, headers);
          assert.equal(res.statusCode, 200, url);
          assert.equal(res.headers.location, undefined, url);
          assert.doesNotMatch(String(res.headers.vary ?? ''), /cookie|accept-language/i, url);
          assert.equal(res.headers['cache-control'], 'no-cache', url);
          assert.match(htmlTag(res.body), url.startsWith('/ar/') ? /lang="ar"/ : /lang="en"/, url);
          bodies.add(res.body);
        }
        assert.equal(bodies.size, 1, `${url}: one page for every visitor`);
      }
      for (const headers of visitors) {
        assert.equal((await get('/index.html', headers)).headers.location, '/home');
        assert.equal((await get('/nope', headers)).statusCode, 404);
        assert.equal((await get('/ar/nope', headers)).statusCode, 404);
      }
    });
  });

  describe('page heads', () => {
    for (const [url, title, titleAr, pageType] of FACTS_PAGES) {
      test(`/ar${url}: '${titleAr}', right to left, with its twin ${url} as alternates, and its JSON-LD in Arabic`, async () => {
        const arabicUrl = `/ar${url}`;
        const { res, head } = await page(arabicUrl);
        assert.equal(res.statusCode, 200);
        assert.equal(htmlTag(res.body), '<html lang="ar" dir="rtl">');
        assert.deepEqual(head.titles, [`${titleAr} | ${ARABIC_NAME}`]);
        const description = head.meta.get('description') ?? '';
        assert.match(description, ARABIC_LETTERS);
        assert.ok(description.length >= 40 && description.length <= 160, description);
        assert.equal(head.canonical, `${ORIGIN}${arabicUrl}`);
        assert.deepEqual(hreflangs(head), [
          ['en', `${ORIGIN}${url}`],
          ['ar', `${ORIGIN}${arabicUrl}`],
          ['x-default', `${ORIGIN}${url}`],
        ]);
        assert.equal(head.meta.get('og:locale'), 'ar_AE');
        assert.deepEqual(ogAlternates(head), ['en_GB']);
        assert.equal(head.meta.get('og:url'), `${ORIGIN}${arabicUrl}`);
        assert.equal(head.meta.get('og:title'), `${titleAr} | ${ARABIC_NAME}`);
        assert.equal(head.meta.get('og:site_name'), ARABIC_NAME);
        assert.equal(head.meta.get('og:description'), description);
        assert.equal(head.jsonLd.length, 1);
        const webPage = entityOfType(head, pageType);
        assert.ok(webPage, `a ${pageType}`);
        assert.equal(webPage.inLanguage, 'ar');
        assert.equal(webPage.url, `${ORIGIN}${arabicUrl}`);
        assert.equal(webPage.name, titleAr);
        if (pageType !== 'CollectionPage') {
          const org = entityOfType(head, 'Organization');
          assert.equal(org?.name, ARABIC_NAME);
          assert.equal(org?.url, `${ORIGIN}/ar/home`);
        }
        const crumbs = (entityOfType(head, 'BreadcrumbList')?.itemListElement ?? []) as {
          name: string;
          item: string;
        }[];
        if (url === '/home') assert.deepEqual(crumbs, []);
        else
          assert.deepEqual(
            crumbs.map(({ name, item }) => [name, item]),
            [
              ['الرئيسية', `${ORIGIN}/ar/home`],
              [titleAr, `${ORIGIN}${arabicUrl}`],
            ],
          );
        assert.ok(!title || !head.titles[0]?.includes(title), 'no English title');
      });

      test(`${url}: English, left to right, with its Arabic twin as an alternate and inLanguage en`, async () => {
        const { res, head } = await page(url);
        assert.equal(htmlTag(res.body), '<html lang="en" dir="ltr">');
        assert.deepEqual(head.titles, [`${title} | ${company.name}`]);
        assert.doesNotMatch(head.meta.get('description') ?? '', ARABIC_LETTERS);
        assert.equal(head.canonical, `${ORIGIN}${url}`);
        assert.deepEqual(hreflangs(head), [
          ['en', `${ORIGIN}${url}`],
          ['ar', `${ORIGIN}/ar${url}`],
          ['x-default', `${ORIGIN}${url}`],
        ]);
        assert.equal(head.meta.get('og:locale'), 'en_GB');
        assert.deepEqual(ogAlternates(head), ['ar_AE']);
        assert.equal(entityOfType(head, pageType)?.inLanguage, 'en');
      });
    }

    test('/ar/contact-us: the phone number and e-mail address stay left to right inside the Arabic description', async () => {
      const { head } = await page('/ar/contact-us');
      assert.ok(head.meta.get('description')?.includes(`\u2066${company.mainPhone}\u2069`));
    });

    test('an Arabic category page: its Arabic name and description, and its products by their Arabic names at /ar addresses', async () => {
      const category = categories.find((c) => c.id === 'cables')!;
      const inArabic = arabic('products-category.json');
      const productName = arabic('products.json');
      const url = `/ar/our-products/${category.id}`;
      const { res, head } = await page(url);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(head.titles, [`${inArabic(category.title)} | ${ARABIC_NAME}`]);
      assert.ok(inArabic(category.info).startsWith((head.meta.get('description') ?? '').replace(/…$/, '')));
      assert.deepEqual(
        hreflangs(head).map(([lang]) => lang),
        ['en', 'ar', 'x-default'],
      );
      const collection = entityOfType(head, 'CollectionPage');
      assert.ok(collection);
      assert.equal(collection.inLanguage, 'ar');
      assert.equal(collection.name, inArabic(category.title));
      assert.equal(collection.description, inArabic(category.info));
      const items = (collection.mainEntity as { itemListElement: { name: string; url: string }[] }).itemListElement;
      const own = products.filter((p) => p.productCategoryId === category.id);
      assert.deepEqual(
        items.map(({ name, url: itemUrl }) => [name, itemUrl]),
        own.map((p) => [productName(p.productName), `${ORIGIN}/ar/our-products/${category.id}/${p.id}`]),
      );
      const crumbs = (entityOfType(head, 'BreadcrumbList')?.itemListElement ?? []) as { name: string; item: string }[];
      assert.deepEqual(
        crumbs.map(({ name }) => name),
        ['الرئيسية', 'منتجاتنا', inArabic(category.title)],
      );
    });

    test('every Arabic product page: its Arabic name, an Arabic description, a Product and an ItemPage in Arabic', async () => {
      const productName = arabic('products.json');
      const categoryName = arabic('product-details.json');
      for (const product of products) {
        const url = `/ar/our-products/${product.productCategoryId}/${product.id}`;
        const { res, head } = await page(url);
        assert.equal(res.statusCode, 200, url);
        const name = productName(product.productName);
        assert.deepEqual(head.titles, [`${name} | ${ARABIC_NAME}`], url);
        assert.match(head.meta.get('description') ?? '', ARABIC_LETTERS, url);
        assert.equal(head.canonical, `${ORIGIN}${url}`);
        assert.equal(head.meta.get('og:type'), 'product');
        assert.equal(head.meta.get('og:image:alt'), name);
        // a product of several variants is a ProductGroup (its first variant's code its group id), one of one a Product (its code the sku)
        const group = entityOfType(head, 'ProductGroup');
        const ld = (group ?? entityOfType(head, 'Product')) as Entity;
        assert.equal(ld.name, name);
        assert.equal(group === undefined ? ld.sku : ld.productGroupID, product.code, url);
        assert.equal(ld.url, `${ORIGIN}${url}`);
        assert.match(String(ld.description), ARABIC_LETTERS);
        const detail = details.find((d) => d.id === product.id)!;
        assert.equal(ld.category, categoryName(detail.categoryName));
        const itemPage = entityOfType(head, 'ItemPage');
        assert.equal(itemPage?.inLanguage, 'ar');
        assert.deepEqual(itemPage?.mainEntity, { '@id': `${ORIGIN}${url}#product` });
      }
    });

    test('a product under another category segment: the canonical and alternates name its real address in each edition', async () => {
      const product = products[0]!;
      const { head } = await page(`/ar/our-products/wires/${product.id}`);
      const real = `/our-products/${product.productCategoryId}/${product.id}`;
      assert.equal(head.canonical, `${ORIGIN}/ar${real}`);
      assert.deepEqual(hreflangs(head), [
        ['en', `${ORIGIN}${real}`],
        ['ar', `${ORIGIN}/ar${real}`],
        ['x-default', `${ORIGIN}${real}`],
      ]);
    });

    for (const url of [
      '/ar/nope',
      '/ar/our-products/no_such_category',
      '/ar/our-products/cables/no_such_product',
      '/ar/home/extra',
      '/ar/ar/home',
    ]) {
      test(`${url}: 404 with the Arabic 'page not found' head, right to left, noindex, no canonical, alternates or JSON-LD`, async () => {
        const { res, head } = await page(url);
        assert.equal(res.statusCode, 404);
        assert.equal(htmlTag(res.body), '<html lang="ar" dir="rtl">');
        assert.deepEqual(head.titles, [`الصفحة غير موجودة | ${ARABIC_NAME}`]);
        assert.match(head.meta.get('description') ?? '', ARABIC_LETTERS);
        assert.equal(head.meta.get('robots'), 'noindex');
        assert.equal(head.canonical, undefined);
        assert.deepEqual(hreflangs(head), []);
        assert.deepEqual(head.jsonLd, []);
      });
    }

    test("the shell's <noscript> is in Arabic on Arabic pages, its phone number kept left to right; English pages keep the shell's", async () => {
      const arabicPage = (await get('/ar/about')).body;
      const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(arabicPage)?.[1] ?? '';
      assert.match(noscript, ARABIC_LETTERS);
      assert.ok(noscript.includes(`<bdi dir="ltr">${company.mainPhone}</bdi>`), noscript);
      assert.ok((await get('/about')).body.includes('<noscript>This site needs JavaScript.</noscript>'));
      assert.ok((await get('/ar/nope')).body.includes(noscript), 'the Arabic not-found page too');
    });

    test('each edition is its own cached page: its own ETag, 304 for itself only', async () => {
      const english = await get('/about');
      const arabicPage = await get('/ar/about');
      assert.notEqual(english.headers.etag, arabicPage.headers.etag);
      assert.equal((await get('/ar/about', { 'if-none-match': String(arabicPage.headers.etag) })).statusCode, 304);
      assert.equal((await get('/about', { 'if-none-match': String(arabicPage.headers.etag) })).statusCode, 200);
      const notFoundEn = await get('/nope');
      const notFoundAr = await get('/ar/nope');
      assert.notEqual(notFoundEn.body, notFoundAr.body);
      assert.equal((await get('/ar/other-nope')).body, notFoundAr.body);
    });

    test("the Content-Security-Policy allows the site's own fonts on every page", async () => {
      for (const url of ['/ar/home', '/home']) {
        const policy = String((await get(url)).headers['content-security-policy']);
        assert.match(policy, /font-src 'self'/);
      }
    });
  });
});
