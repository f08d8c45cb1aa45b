// The site's origin is the server's, never the request's: an attacker's Host (or X-Forwarded-Host) neither reaches the
// pages nor makes new ones to render; with ALLOWED_HOSTS other names are refused.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { ConfigError, loadPlatformConfig } from '../config.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { parseHead } from '../../test-support/html.js';
import { PageCache, type RenderedPage } from '../../pages/index.js';
import { localOrigin } from './siteOrigin.js';

/** An app over a fresh fixture, closed (and its folder removed) by `close`. */
async function site(env: Record<string, string>, pageCache?: PageCache<Promise<RenderedPage>>) {
  const fixture: Fixture = await createFixture({ env });
  const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files', pageCache });
  app.addHook('onClose', () => fixture.cleanup());
  return app;
}

describe('localOrigin: the origin of a server without PUBLIC_SITE_URL', () => {
  test('every interface is localhost; an address is itself; IPv6 in brackets; port 80 left out', () => {
    assert.equal(localOrigin('0.0.0.0', 8080), 'http://localhost:8080');
    assert.equal(localOrigin('::', 8080), 'http://localhost:8080');
    assert.equal(localOrigin('127.0.0.1', 3000), 'http://127.0.0.1:3000');
    assert.equal(localOrigin('::1', 3000), 'http://[::1]:3000');
    assert.equal(localOrigin('Shop.Internal', 80), 'http://shop.internal');
  });
});

describe('a flood of made-up Host names (the attack: one fresh render per name)', () => {
  let cache: PageCache<Promise<RenderedPage>>;
  let app: FastifyInstance;
  let proxied: FastifyInstance;

  before(async () => {
    cache = new PageCache(2000);
    app = await site({ PORT: '8123' }, cache);
    proxied = await site({ PORT: '8123', TRUST_PROXY: 'loopback' }, new PageCache(2000));
  });
  after(async () => {
    await app.close();
    await proxied.close();
  });

  test('300 Host values: one cached page, one canonical URL, one ETag', async () => {
    const canonicals = new Set<string | undefined>();
    const etags = new Set<unknown>();
    for (let i = 0; i < 300; i++) {
      const res = await app.inject({ method: 'GET', url: '/about', headers: { host: `x${i}.attacker.example` } });
      assert.equal(res.statusCode, 200);
      assert.ok(!res.body.includes('attacker.example'), 'the Host is nowhere in the page');
      canonicals.add(parseHead(res.body).canonical);
      etags.add(res.headers.etag);
    }
    assert.deepEqual([...canonicals], ['http://localhost:8123/about']);
    assert.equal(etags.size, 1);
    assert.equal(cache.size, 1, 'the cache did not grow with the Host values');
  });

  test('X-Forwarded-Host from a trusted proxy changes nothing either', async () => {
    const canonicals = new Set<string | undefined>();
    for (let i = 0; i < 50; i++) {
      const res = await proxied.inject({
        method: 'GET',
        url: '/about',
        headers: { 'x-forwarded-host': `y${i}.attacker.example`, 'x-forwarded-proto': 'https' },
      });
      canonicals.add(parseHead(res.body).canonical);
    }
    assert.deepEqual([...canonicals], ['http://localhost:8123/about']);
  });

  test('robots.txt and sitemap.xml never carry the Host', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'evil.attacker.example' } });
      assert.equal(res.statusCode, 200);
      assert.ok(!res.body.includes('attacker'), url);
      assert.ok(res.body.includes('http://localhost:8123/'), url);
    }
  });
});

describe('the default origin follows the port the server really listens on (PORT=0)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await site({ PORT: '0', HOST: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('canonical URL and robots.txt name http://127.0.0.1:<the real port>', async () => {
    const address = app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    const base = `http://127.0.0.1:${address.port}`;
    const page = await fetch(`${base}/about`);
    assert.equal(parseHead(await page.text()).canonical, `${base}/about`);
    assert.match(await (await fetch(`${base}/robots.txt`)).text(), new RegExp(`Sitemap: ${base}/sitemap\\.xml`));
  });
});

describe('ALLOWED_HOSTS', () => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;

  before(async () => {
    app = await site({
      ALLOWED_HOSTS: 'shop.example, Crescent.Example',
      PUBLIC_SITE_URL: 'https://www.crescent.example',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    proxied = await site({ ALLOWED_HOSTS: 'www.crescent.example', TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await proxied.close();
  });

  test('another Host gets 421 with a plain message (never echoing it) and the security headers', async () => {
    for (const url of ['/home', '/robots.txt', '/data/products-category.json', '/api/nope', '/remotes.json']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'evil.attacker.example' } });
      assert.equal(res.statusCode, 421, url);
      assert.ok(!res.body.includes('attacker'), 'the refused name is not echoed');
      assert.deepEqual(JSON.parse(res.body), { error: 'Misdirected request: this server does not serve that host' });
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.ok(res.headers['content-security-policy'], 'helmet ran first');
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { host: 'evil.attacker.example' },
      payload: { question: 'hi' },
    });
    assert.equal(post.statusCode, 421);
  });

  test("the listed names (any case, any port) and PUBLIC_SITE_URL's own are served", async () => {
    for (const host of [
      'shop.example',
      'SHOP.example:8080',
      'crescent.example',
      'www.crescent.example',
      'www.crescent.example.',
    ]) {
      const res = await app.inject({ method: 'GET', url: '/home', headers: { host } });
      assert.equal(res.statusCode, 200, host);
    }
  });

  test('/healthz answers the load balancer whatever Host it sends', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.0.3.7:8080' } });
    assert.equal(res.statusCode, 200);
  });

  test('no Host at all (HTTP/1.0) is a 400', async () => {
    const address = app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1', () => socket.write('GET /home HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.match(answer, /^HTTP\/1\.1 400 /);
  });

  test("behind a trusted proxy the name checked is the forwarded one, the visitor's", async () => {
    const forwarded = (host: string) =>
      proxied.inject({
        method: 'GET',
        url: '/home',
        headers: { host: 'app-3.internal:8080', 'x-forwarded-host': host },
        remoteAddress: '127.0.0.1',
      });
    assert.equal((await forwarded('www.crescent.example')).statusCode, 200);
    assert.equal((await forwarded('evil.attacker.example')).statusCode, 421);
    // from an address it does not trust, X-Forwarded-Host is ignored and the Host itself is checked
    const untrusted = await proxied.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'evil.attacker.example', 'x-forwarded-host': 'www.crescent.example' },
      remoteAddress: '203.0.113.9',
    });
    assert.equal(untrusted.statusCode, 421);
  });

  test('a malformed list is refused at start-up with a clear message', () => {
    for (const bad of ['https://shop.example', 'shop.example:8080', 'shop example', ',']) {
      assert.throws(
        () => loadPlatformConfig({ ALLOWED_HOSTS: bad }),
        (error: unknown) =>
          error instanceof ConfigError && error.problems.some((p) => p.startsWith('ALLOWED_HOSTS must be')),
        bad,
      );
    }
    assert.deepEqual(
      loadPlatformConfig({ ALLOWED_HOSTS: 'A.example,b.example.', PUBLIC_SITE_URL: 'https://www.a.example' }).http
        .allowedHosts,
      ['a.example', 'b.example', 'www.a.example'],
    );
  });
});
