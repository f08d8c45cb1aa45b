// Addresses a prober tries: broken percent escapes, names longer than any file, the shell's own index.html. Each gets
// the site's own answer (its not-found page or JSON, with every security header), never a framework's internals.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { parseHead } from '../../test-support/html.js';
import { withLiteralPercents } from './malformedUrls.js';
import { hasOverlongSegment } from './staticFiles.js';

describe('odd addresses', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture();
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  /** The site's 404 page: the shell with the not-found head, and the headers every page has. */
  function assertNotFoundPage(res: LightMyRequestResponse, url: string): void {
    assert.equal(res.statusCode, 404, url);
    assert.match(String(res.headers['content-type']), /^text\/html/, url);
    assert.match(parseHead(res.body).titles[0] ?? '', /^Page not found \|/, url);
    assertSiteHeaders(res, url);
  }

  function assertSiteHeaders(res: LightMyRequestResponse, url: string): void {
    assert.ok(res.headers['content-security-policy'], `${url}: CSP`);
    assert.ok(res.headers['permissions-policy'], `${url}: Permissions-Policy`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    assert.ok(!res.body.includes('FST_'), `${url}: no framework error code`);
    assert.ok(!res.body.includes('is not a valid url component'), `${url}: no framework message`);
  }

  describe('broken percent escapes', () => {
    for (const url of [
      '/our-products/%ZZ',
      '/%ZZ',
      '/home%',
      '/our-products/cables/%E0%A4%A',
      '/our-products/%C0%AF',
      '/about%ZZ?x=1',
    ]) {
      test(`${url}: the site's 404 page, not Fastify's FST_ERR_BAD_URL`, async () => {
        assertNotFoundPage(await get(url), url);
      });
    }

    for (const url of [
      '/api/%ZZ',
      '/api/products/%ZZ/reviews/x',
      '/data/%ZZ.json',
      '/remotes/catalogue/%ZZ.js',
      '/images/%ZZ.png',
    ]) {
      test(`${url}: a plain 404 with the site's headers`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 404, url);
        assertSiteHeaders(res, url);
      });
    }

    test('a POST to a broken address is a 404 JSON answer', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/chat%ZZ', payload: { question: 'hi' } });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(JSON.parse(res.body), { error: 'Not found' });
      assertSiteHeaders(res, 'POST /api/chat%ZZ');
    });

    test('a broken escape in the query alone leaves the page as it is', async () => {
      assert.equal((await get('/home?q=%ZZ')).statusCode, 200);
    });

    test('withLiteralPercents: only a path that cannot be decoded changes, and only its path', () => {
      assert.equal(withLiteralPercents('/our-products/%ZZ?q=%41'), '/our-products/%25ZZ?q=%41');
      assert.equal(withLiteralPercents('/a%20b/%C3%A9'), '/a%20b/%C3%A9');
      assert.equal(withLiteralPercents('/home?q=%ZZ'), '/home?q=%ZZ');
      assert.equal(withLiteralPercents('/x/%C0%AF'), '/x/%25C0%25AF');
    });
  });

  describe('a path segment longer than any file name', () => {
    const long = 'a'.repeat(256);
    for (const url of [`/${long}`, `/our-products/cables/${long}`, `/${'%C3%A9'.repeat(128)}`]) {
      test(`${url.slice(0, 30)}…: the site's 404 page, not 403`, async () => {
        assertNotFoundPage(await get(url), url);
      });
    }

    for (const url of [`/${long}.png`, `/images/${long}.png`]) {
      test(`${url.slice(0, 30)}…: a missing file, the plain 404 of any missing file, not 403`, async () => {
        const res = await get(url);
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(JSON.parse(res.body), { error: 'Not found' });
        assertSiteHeaders(res, url);
      });
    }

    test('under /remotes and /data: 404 (with CORS for the remotes), not 403', async () => {
      const remote = await get(`/remotes/catalogue/${long}.js`);
      assert.equal(remote.statusCode, 404);
      assert.equal(remote.headers['access-control-allow-origin'], '*');
      assert.equal((await get(`/data/${long}.json`)).statusCode, 404);
    });

    test('255 bytes is still a name: looked up, and simply missing', async () => {
      assert.equal(hasOverlongSegment(`/${'a'.repeat(255)}`), false);
      assert.equal(hasOverlongSegment(`/x/${'a'.repeat(256)}/y`), true);
      assert.equal(hasOverlongSegment(`/${'%C3%A9'.repeat(128)}`), true, '128 é are 256 bytes');
      assertNotFoundPage(await get(`/${'a'.repeat(255)}`), '255');
    });
  });

  describe('/index.html', () => {
    test('redirects to /home (the shell file alone has no page head), keeping the query', async () => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: '/index.html' });
        assert.equal(res.statusCode, 301, method);
        assert.equal(res.headers.location, '/home');
        assert.ok(!res.body.includes('<div id="root">'), 'not the shell');
      }
      assert.equal((await get('/index.html?utm_source=x')).headers.location, '/home?utm_source=x');
    });

    test('/home itself carries the head /index.html lacked', async () => {
      const head = parseHead((await get('/home')).body);
      assert.match(head.titles[0] ?? '', /^Home \|/);
      assert.ok(head.canonical?.endsWith('/home'));
    });
  });
});
