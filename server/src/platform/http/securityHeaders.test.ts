import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { REMOTES_MAP_TAG } from '../../test-support/html.js';
import { HSTS_VALUE, remoteOrigins } from './securityHeaders.js';
import { INLINE_SCRIPT_CSP_SOURCE, INLINE_SCRIPT_SOURCE } from '../../pages/index.js';

const CATALOGUE_CDN = 'https://catalogue.cdn.example';
const CHAT_DEV = 'http://localhost:9000';

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  assert.equal(typeof header, 'string', 'has a Content-Security-Policy');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d): [string, string[]] => {
        const [name, ...values] = d.split(/\s+/);
        return [name as string, values];
      }),
  );
}

async function withApp(env: Record<string, string>, run: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const fixture = await createFixture({ env });
  const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  try {
    await run(app);
  } finally {
    await app.close();
    await fixture.cleanup();
  }
}

describe('security headers', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({
      env: {
        REMOTE_CATALOGUE_URL: `${CATALOGUE_CDN}/v42/mf-manifest.json`,
        REMOTE_CHAT_URL: `${CHAT_DEV}/remoteEntry.js`,
        REMOTE_COMPANY_URL: `${CATALOGUE_CDN}/company/mf-manifest.json`, // same origin twice: listed once
      },
    });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  test('the CSP: scripts only from the site and the configured remote origins, never eval or inline', async () => {
    const policy = csp(await get('/home'));
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    assert.deepEqual(policy.get('script-src'), ["'self'", CATALOGUE_CDN, CHAT_DEV, INLINE_SCRIPT_CSP_SOURCE]);
    assert.deepEqual(policy.get('script-src-attr'), ["'none'"]);
    assert.deepEqual(policy.get('connect-src'), ["'self'", CATALOGUE_CDN, CHAT_DEV]);
    assert.deepEqual(policy.get('img-src'), ["'self'", 'data:', CATALOGUE_CDN, CHAT_DEV]);
    assert.deepEqual(policy.get('style-src'), ["'self'", "'unsafe-inline'"]);
    assert.deepEqual(policy.get('frame-src'), ['https://www.google.com']); // the map embeds of content/data
    assert.deepEqual(policy.get('frame-ancestors'), ["'self'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    assert.deepEqual(policy.get('base-uri'), ["'self'"]);
    assert.deepEqual(policy.get('form-action'), ["'self'"]);
    const all = [...policy.values()].flat();
    assert.ok(!all.includes("'unsafe-eval'"), 'no unsafe-eval anywhere');
    assert.ok(!policy.get('script-src')?.includes("'unsafe-inline'"), 'no inline scripts');
    assert.ok(!policy.has('upgrade-insecure-requests'), 'plain-http deployments (and http remotes) keep working');
  });

  test('one inline script may run, by its hash: the one that keeps early taps and starts the scripts after the first paint', async () => {
    const expected = [`'sha256-${createHash('sha256').update(INLINE_SCRIPT_SOURCE).digest('base64')}'`];
    const allowed = new Set([`<script>${INLINE_SCRIPT_SOURCE}</script>`]);
    for (const url of ['/home', '/nope']) {
      const res = await get(url);
      assert.ok(res.body.includes(REMOTES_MAP_TAG), `${url} has the remotes map`);
      // Every other inline <script> of the page is a data block (a non-JavaScript type), which script-src does not
      // govern; the policy has no 'unsafe-inline' or nonce, and one hash: that script's text exactly.
      for (const [tag, body] of res.body.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        if (allowed.has(tag)) continue;
        assert.match(
          tag,
          /\btype="application\/(?:json|ld\+json)"/,
          `${url}: ${tag.slice(0, 80)} is a data block (${body!.length} chars)`,
        );
      }
      const scriptSrc = csp(res).get('script-src') ?? [];
      assert.ok(!scriptSrc.some((source) => /^'(?:unsafe-inline|nonce-)/.test(source)), scriptSrc.join(' '));
      assert.deepEqual(
        scriptSrc.filter((source) => /^'sha\d+-/.test(source)),
        expected,
      );
    }
  });

  test('with the default remotes (served here) the CSP is self only', async () => {
    await withApp({}, async (local) => {
      const policy = csp(await local.inject({ method: 'GET', url: '/about' }));
      assert.deepEqual(policy.get('script-src'), ["'self'", INLINE_SCRIPT_CSP_SOURCE]);
      assert.deepEqual(policy.get('connect-src'), ["'self'"]);
    });
  });

  test('every answer carries the headers: pages, 404 pages, JSON, API 404s, static files', async () => {
    for (const url of [
      '/home',
      '/nope',
      '/remotes.json',
      '/api/nope',
      '/data/products-category.json',
      '/main.3f2a9c1b.js',
    ]) {
      const res = await get(url);
      assert.ok(res.headers['content-security-policy'], `${url} has a CSP`);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', url);
    }
  });

  test('Permissions-Policy: every answer denies camera, microphone, geolocation, payment... to the page and its frames', async () => {
    for (const url of [
      '/home',
      '/nope',
      '/remotes.json',
      '/api/nope',
      '/data/products-category.json',
      '/main.3f2a9c1b.js',
      '/remotes/catalogue/remoteEntry.js',
    ]) {
      const header = (await get(url)).headers['permissions-policy'];
      assert.equal(typeof header, 'string', `${url} has a Permissions-Policy`);
      const directives = new Map(
        String(header)
          .split(',')
          .map((d): [string, string] => {
            const [feature, allow] = d.trim().split('=');
            return [feature ?? '', allow ?? ''];
          }),
      );
      for (const feature of [
        'camera',
        'microphone',
        'geolocation',
        'payment',
        'usb',
        'serial',
        'hid',
        'display-capture',
      ]) {
        assert.equal(directives.get(feature), '()', `${url}: ${feature} is denied to everyone`);
      }
      // The site copies its phone number to the clipboard (Call Us): that stays allowed.
      assert.equal(directives.has('clipboard-write'), false);
    }
  });

  test('pages are same-origin resources; /remotes/* stay loadable from other origins (files, 404s, preflight)', async () => {
    assert.equal((await get('/home')).headers['cross-origin-resource-policy'], 'same-origin');
    const file = await get('/remotes/catalogue/remoteEntry.js', { origin: 'https://shop.example' });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(file.headers['access-control-allow-origin'], '*');
    const missing = await get('/remotes/catalogue/missing.js');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(missing.headers['access-control-allow-origin'], '*');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/remotes/catalogue/mf-manifest.json',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
  });

  test('no HSTS over plain http, nor for an X-Forwarded-Proto nobody said to trust', async () => {
    assert.equal((await get('/home')).headers['strict-transport-security'], undefined);
    assert.equal(
      (await get('/home', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'],
      undefined,
    );
  });

  for (const trust of ['1', '127.0.0.1', '127.0.0.0/8, 10.0.0.0/8']) {
    test(`HSTS behind a trusted HTTPS proxy (TRUST_PROXY=${trust}), and only for https requests`, async () => {
      await withApp({ TRUST_PROXY: trust }, async (proxied) => {
        const https = await proxied.inject({ method: 'GET', url: '/home', headers: { 'x-forwarded-proto': 'https' } });
        assert.equal(https.headers['strict-transport-security'], HSTS_VALUE);
        const api = await proxied.inject({
          method: 'GET',
          url: '/remotes.json',
          headers: { 'x-forwarded-proto': 'https' },
        });
        assert.equal(api.headers['strict-transport-security'], HSTS_VALUE);
        const http = await proxied.inject({ method: 'GET', url: '/home', headers: { 'x-forwarded-proto': 'http' } });
        assert.equal(http.headers['strict-transport-security'], undefined);
      });
    });
  }

  test('a proxy outside the trusted list cannot switch HSTS on', async () => {
    await withApp({ TRUST_PROXY: '10.0.0.0/8' }, async (proxied) => {
      const res = await proxied.inject({
        method: 'GET',
        url: '/home',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.9',
      });
      assert.equal(res.headers['strict-transport-security'], undefined);
    });
  });

  test('remoteOrigins: absolute entries give their origin once; site paths give none', () => {
    assert.deepEqual(
      remoteOrigins([
        '/remotes/catalogue/mf-manifest.json',
        'https://cdn.example/a/mf-manifest.json',
        'https://cdn.example:443/b/remoteEntry.js',
        'http://127.0.0.1:3001/mf-manifest.json',
      ]),
      ['https://cdn.example', 'http://127.0.0.1:3001'],
    );
  });
});
