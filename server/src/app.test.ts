import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { REMOTES_MAP_ELEMENT_ID, VITALS_SAMPLE_ATTRIBUTE } from '@site/contracts/dom-ids';
import { buildApp } from './app.js';
import { createFixture, stubDatabase, type Fixture } from './test-support/fixture.js';
import { inlineRemotesMap as inlineMap } from './test-support/html.js';
import { onStaffOrigin } from './test-support/staffSignIn.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The fixture's index.html around the page head the server writes (its own <title> replaced). */
const SHELL_AROUND_HEAD =
  '<!doctype html><html lang="en" dir="ltr"><head></head><body><div id="root"></div></body></html>\n';
/** The same on a page of the Arabic edition. */
const ARABIC_SHELL_AROUND_HEAD =
  '<!doctype html><html lang="ar" dir="rtl"><head></head><body><div id="root"></div></body></html>\n';
const ARABIC_SITE_NAME = 'الهلال للتجارة الكهربائية';
const withoutHead = (html: string): string => html.replace(/<head>[\s\S]*<\/head>/, '<head></head>');

/** Concrete paths for every route of the spec's table, with and without a trailing slash. */
const ENGLISH_ROUTE_PATHS = [
  '/home',
  '/our-products',
  '/our-products/cables',
  '/our-products/cables/oc_cu_xlpe_swa_pvc_cable',
  '/about',
  '/certificates',
  '/management',
  '/our-projects',
  '/career-opportunities',
  '/contact-us',
];
const ROUTE_TABLE_PATHS = ENGLISH_ROUTE_PATHS.flatMap((p) => [p, `${p}/`]);
/** Their Arabic twins ('/ar/home'), with and without a trailing slash. */
const ARABIC_ROUTE_PATHS = ENGLISH_ROUTE_PATHS.flatMap((p) => [`/ar${p}`, `/ar${p}/`]);

describe('site server', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture();
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    // routes that fail, to check the error handler
    app.get('/api/test/boom', async () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    app.get('/api/test/teapot', async () => {
      throw Object.assign(new Error('Short and stout'), { statusCode: 418 });
    });
    app.post('/api/test/echo', async (request) => ({ got: request.body }));
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'GET', url, headers });

  describe('/remotes.json', () => {
    test('lists the four remotes with their default entries, not cached', async () => {
      const res = await get('/remotes.json');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.deepEqual(res.json(), {
        remotes: [
          { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' },
          { name: 'company', entry: '/remotes/company/mf-manifest.json' },
          { name: 'contact', entry: '/remotes/contact/mf-manifest.json' },
          { name: 'chat', entry: '/remotes/chat/mf-manifest.json' },
        ],
      });
    });

    test('follows REMOTE_*_URL overrides', async () => {
      const other = await createFixture({
        env: {
          REMOTE_CATALOGUE_URL: 'https://catalogue.cdn.example/v42/mf-manifest.json',
          REMOTE_CHAT_URL: 'http://localhost:9000/remoteEntry.js',
        },
      });
      const otherApp = await buildApp(other.config, stubDatabase(), { catalogue: 'files' });
      try {
        const res = await otherApp.inject({ method: 'GET', url: '/remotes.json' });
        assert.deepEqual(res.json(), {
          remotes: [
            { name: 'catalogue', entry: 'https://catalogue.cdn.example/v42/mf-manifest.json' },
            { name: 'company', entry: '/remotes/company/mf-manifest.json' },
            { name: 'contact', entry: '/remotes/contact/mf-manifest.json' },
            { name: 'chat', entry: 'http://localhost:9000/remoteEntry.js' },
          ],
        });
      } finally {
        await otherApp.close();
        await other.cleanup();
      }
    });
  });

  describe('the inline remotes map', () => {
    test('every page (200 and 404) carries exactly the body of /remotes.json', async () => {
      const served = (await get('/remotes.json')).json<unknown>();
      for (const url of ['/home', '/our-products/cables', '/contact-us/', '/nope']) {
        assert.deepEqual(inlineMap((await get(url)).body), served, url);
      }
    });

    test('follows REMOTE_*_URL overrides, and no entry can close the element', async () => {
      const hostile = '/x</script><script>alert(1)</script><!--&';
      const other = await createFixture({
        env: { REMOTE_CATALOGUE_URL: 'https://catalogue.cdn.example/v42/mf-manifest.json', REMOTE_CHAT_URL: hostile },
      });
      const otherApp = await buildApp(other.config, stubDatabase(), { catalogue: 'files' });
      try {
        const page = (await otherApp.inject({ method: 'GET', url: '/about' })).body;
        assert.deepEqual(inlineMap(page), (await otherApp.inject({ method: 'GET', url: '/remotes.json' })).json());
        assert.equal(page.match(/<script\b/g)?.length, 2, 'the JSON-LD block and the map: nothing injected');
        assert.ok(!page.includes('<script>alert') && !page.includes('<!--'));
        assert.ok(page.includes('\\u003c/script\\u003e'), '< and > written as \\u003c / \\u003e');
      } finally {
        await otherApp.close();
        await other.cleanup();
      }
    });

    test('carries VITALS_SAMPLE_PERCENT for the vitals beacon when it is under 100, and nothing at 100', async () => {
      assert.ok(!(await get('/home')).body.includes(VITALS_SAMPLE_ATTRIBUTE), 'the default, 100: no attribute');
      const other = await createFixture({ env: { VITALS_SAMPLE_PERCENT: '12.5' } });
      const otherApp = await buildApp(other.config, stubDatabase(), { catalogue: 'files' });
      try {
        for (const url of ['/home', '/ar/our-products/cables']) {
          const page = (await otherApp.inject({ method: 'GET', url })).body;
          assert.match(
            page,
            new RegExp(
              `<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}" ${VITALS_SAMPLE_ATTRIBUTE}="12.5">`,
            ),
            url,
          );
        }
      } finally {
        await otherApp.close();
        await other.cleanup();
      }
    });
  });

  describe('caching', () => {
    for (const url of [
      '/main.3f2a9c1b.js',
      '/remotes/catalogue/123.ab12cd34.js',
      '/images/generated-banner.0a1b2c3d4e.webp',
    ]) {
      test(`hashed file ${url} is cached for a year, immutable`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['cache-control'], IMMUTABLE);
      });
    }

    for (const [url, type] of [
      ['/remoteEntry.js', 'application/javascript'],
      ['/mf-manifest.json', 'application/json'],
      ['/remotes/catalogue/remoteEntry.js', 'application/javascript'],
      ['/remotes/catalogue/mf-manifest.json', 'application/json'],
      ['/remotes/contact/mf-manifest.json', 'application/json'],
      ['/data/products-category.json', 'application/json'],
      ['/data/search-index.json', 'application/json'],
    ] as const) {
      test(`stable file ${url} is revalidated on every use (no-cache + ETag, 304 when unchanged)`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['cache-control'], 'no-cache');
        assert.ok(String(res.headers['content-type']).startsWith(type), String(res.headers['content-type']));
        const etag = res.headers.etag;
        assert.ok(typeof etag === 'string' && etag.length > 2, 'has an ETag');
        const again = await get(url, { 'if-none-match': etag });
        assert.equal(again.statusCode, 304);
        assert.equal(again.headers['cache-control'], 'no-cache');
        assert.equal(again.body, '');
      });
    }

    for (const url of ['/images/logo.png', '/brochure.pdf']) {
      test(`media without a hash ${url} is cached for a day`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      });
    }

    test('data comes from content/data first, then content/generated/data', async () => {
      assert.deepEqual((await get('/data/products-category.json')).json(), [{ id: 'cables' }]);
      assert.deepEqual((await get('/data/search-index.json')).json(), { generated: true });
    });
  });

  describe('remote bundles', () => {
    test('are served with CORS for any origin and without CORP same-origin', async () => {
      const res = await get('/remotes/catalogue/remoteEntry.js', { origin: 'https://other.example' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, 'var catalogue = {};\n');
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.notEqual(res.headers['cross-origin-resource-policy'], 'same-origin');
    });

    test('a 404 under /remotes also carries CORS (the loader sees the status, not a CORS error)', async () => {
      const res = await get('/remotes/catalogue/missing.js');
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['access-control-allow-origin'], '*');
    });

    test('a remote whose dist is missing simply 404s', async () => {
      for (const url of ['/remotes/company/mf-manifest.json', '/remotes/chat/remoteEntry.js']) {
        const res = await get(url);
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(res.json(), { error: 'Not found' });
      }
    });

    test('answers the CORS preflight', async () => {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/remotes/catalogue/mf-manifest.json',
        headers: {
          origin: 'https://other.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-requested-with',
        },
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.match(String(res.headers['access-control-allow-methods']), /GET/);
      assert.equal(res.headers['access-control-allow-headers'], 'x-requested-with');
    });

    test('no other address answers a foreign origin: pages, data, the APIs and their preflights carry no Access-Control-Allow-Origin', async () => {
      const origin = 'https://attacker.example';
      for (const url of [
        '/home',
        '/data/products-category.json',
        '/remotes.json',
        '/healthz',
        '/api/catalogue/categories',
      ]) {
        const res = await get(url, { origin });
        assert.equal(res.headers['access-control-allow-origin'], undefined, url);
      }
      // the staff API: none on the public origin; on its own origin it answers, but no foreign page may read it
      const publicSession = await get('/api/staff/session', { origin });
      assert.equal(publicSession.statusCode, 404, publicSession.body);
      assert.equal(publicSession.headers['access-control-allow-origin'], undefined);
      const session = await get('/api/staff/session', { ...onStaffOrigin(app), origin });
      assert.equal(session.statusCode, 200, session.body);
      assert.equal(session.headers['access-control-allow-origin'], undefined);
      for (const [url, staff] of [
        ['/api/send-contact-form', false],
        ['/api/chat', false],
        ['/api/staff/sign-in', true],
        ['/home', false],
      ] as const) {
        const preflight = await app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            ...(staff ? onStaffOrigin(app) : {}),
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, x-csrf-token',
          },
        });
        assert.equal(preflight.headers['access-control-allow-origin'], undefined, url);
        assert.equal(preflight.headers['access-control-allow-methods'], undefined, url);
        assert.equal(preflight.headers['access-control-allow-headers'], undefined, url);
      }
      // a simple POST is answered (a server cannot stop it being sent), but the foreign page may not read the answer
      const post = await app.inject({
        method: 'POST',
        url: '/api/send-contact-form',
        headers: { origin, 'content-type': 'application/json' },
        payload: '{}',
      });
      assert.equal(post.headers['access-control-allow-origin'], undefined);
    });

    test('never serves files outside the dist folder', async () => {
      for (const url of [
        '/remotes/catalogue/../../secret.txt',
        '/remotes/catalogue/%2e%2e/%2e%2e/secret.txt',
        '/remotes/catalogue/..%2f..%2fsecret.txt',
        '/%2e%2e/secret.txt',
        '/.env',
      ]) {
        const res = await get(url);
        assert.ok([400, 403, 404].includes(res.statusCode), `${url} answered ${res.statusCode}`);
        assert.ok(!res.body.includes('do not serve') && !res.body.includes('SECRET'), url);
      }
    });
  });

  describe('client routes', () => {
    for (const url of ROUTE_TABLE_PATHS) {
      test(`${url} answers the shell's index.html (200)`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(res.headers['cache-control'], 'no-cache');
        assert.equal(withoutHead(res.body), SHELL_AROUND_HEAD);
        assert.match(res.body, /<title>[^<]+ \| Crescent Electrical Trading<\/title>/);
        assert.ok(!res.body.includes('Fixture shell'), "the shell's own title is replaced");
      });
    }

    for (const url of ARABIC_ROUTE_PATHS) {
      test(`${url} answers the shell's index.html in Arabic (200)`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(res.headers['cache-control'], 'no-cache');
        assert.ok(!/cookie|accept-language/i.test(String(res.headers.vary ?? '')), 'the same page for everyone');
        assert.equal(withoutHead(res.body), ARABIC_SHELL_AROUND_HEAD);
        assert.match(res.body, new RegExp(`<title>[^<]+ \\| ${ARABIC_SITE_NAME}</title>`));
      });
    }

    test('query strings do not matter, HEAD works, and an unchanged page answers 304', async () => {
      const res = await get('/our-products/cables?sort=name');
      assert.equal(res.statusCode, 200);
      const head = await app.inject({ method: 'HEAD', url: '/contact-us' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      const etag = String(res.headers.etag);
      assert.equal((await get('/our-products/cables/', { 'if-none-match': etag })).statusCode, 304);
    });

    for (const url of [
      '/nope',
      '/home/extra',
      '/our-products/a/b/c',
      '/Home',
      '/products/cables',
      '/our-products/nope',
      '/our-products/cables/XLPE_cable_2.5',
    ]) {
      test(`unknown route ${url} answers the same HTML with 404`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 404);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(res.headers['cache-control'], 'no-cache');
        assert.equal(withoutHead(res.body), SHELL_AROUND_HEAD);
        assert.match(res.body, /<title>Page not found \| Crescent Electrical Trading<\/title>/);
      });
    }

    for (const url of [
      '/ar/nope',
      '/ar/home/extra',
      '/ar/our-products/nope',
      '/ar/Home',
      '/ar/ar/home',
      '/ar/api/x',
      '/ar/data',
    ]) {
      test(`unknown Arabic route ${url} answers the Arabic HTML with 404`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 404);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(withoutHead(res.body), ARABIC_SHELL_AROUND_HEAD);
        assert.match(res.body, new RegExp(`<title>الصفحة غير موجودة \\| ${ARABIC_SITE_NAME}</title>`));
      });
    }

    for (const url of ['/api/nope', '/api', '/api/send-nothing?x=1']) {
      test(`unknown API path ${url} answers 404 JSON`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 404);
        assert.match(String(res.headers['content-type']), /^application\/json/);
        assert.deepEqual(res.json(), { error: 'Not found' });
      });
    }

    for (const url of [
      '/missing.js',
      '/our-products/cables/photo.png',
      '/data/missing.json',
      '/images/missing',
      '/uploads/x',
      '/remotes/catalogue',
    ]) {
      test(`unknown file ${url} answers a plain 404`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 404);
        assert.ok(!res.body.includes('<html'), 'not the shell');
      });
    }

    test('a POST to a client route is a 404, not the shell', async () => {
      const res = await app.inject({ method: 'POST', url: '/home', payload: {} });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { error: 'Not found' });
    });
  });

  describe('errors', () => {
    test('a 500 never leaks the message or stack', async () => {
      const res = await get('/api/test/boom');
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), { error: 'Internal server error' });
      assert.ok(!res.body.includes('secret'));
    });

    test('a 4xx keeps its message', async () => {
      const res = await get('/api/test/teapot');
      assert.equal(res.statusCode, 418);
      assert.deepEqual(res.json(), { error: 'Short and stout' });
    });

    test('malformed JSON is a 400 with a clear message', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      });
      assert.equal(res.statusCode, 400);
      const body: unknown = res.json();
      assert.ok(typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string');
      assert.ok(body.error.length > 0);
      assert.equal(Object.keys(body).length, 1);
    });
  });

  describe('/healthz', () => {
    test('200 when the database answers', async () => {
      const res = await get('/healthz');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { status: 'ok', database: 'ok' });
    });

    test('503 with the database error when it does not', async () => {
      const failing = await buildApp(fixture.config, stubDatabase(new Error('connection refused')));
      try {
        const res = await failing.inject({ method: 'GET', url: '/healthz' });
        assert.equal(res.statusCode, 503);
        assert.deepEqual(res.json(), { status: 'error', database: 'connection refused' });
      } finally {
        await failing.close();
      }
    });
  });
});

describe('site server before the shell is built', () => {
  test('client routes answer 503 with a clear message; the rest still works', async () => {
    const fixture = await createFixture({ withoutShell: true });
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    try {
      for (const url of ['/home', '/ar/home', '/our-products/cables', '/unknown', '/ar/unknown']) {
        const res = await app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 503, url);
        assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
        assert.equal(res.body, 'The site is not built yet: run npm run build\n');
      }
      assert.equal((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/remotes/catalogue/remoteEntry.js' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/main.3f2a9c1b.js' })).statusCode, 404);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});
