import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadPlatformConfig } from '../config.js';
import { fastifyTrustProxy } from './trustProxy.js';

describe('PUBLIC_SITE_URL and TRUST_PROXY', () => {
  test("defaults: no configured origin (the server's own address is used), every host served, no proxy trusted", () => {
    const { timeouts, ...rest } = loadPlatformConfig({}).http;
    assert.deepEqual(rest, {
      publicSiteUrl: undefined,
      allowedHosts: undefined,
      trustProxy: false,
      serverRendering: true,
    });
    assert.ok(timeouts.requestMs > 0);
  });

  test('PUBLIC_SITE_URL is kept as an origin', () => {
    assert.equal(
      loadPlatformConfig({ PUBLIC_SITE_URL: 'https://www.crescent.example/' }).http.publicSiteUrl,
      'https://www.crescent.example',
    );
    assert.equal(
      loadPlatformConfig({ PUBLIC_SITE_URL: 'http://localhost:8080' }).http.publicSiteUrl,
      'http://localhost:8080',
    );
  });

  for (const bad of [
    'www.crescent.example',
    'ftp://crescent.example',
    'https://crescent.example/shop',
    'https://crescent.example/?a=1',
    'https://u:p@crescent.example',
  ]) {
    test(`PUBLIC_SITE_URL "${bad}" is refused with a clear message`, () => {
      assert.throws(
        () => loadPlatformConfig({ PUBLIC_SITE_URL: bad }),
        (error: unknown) =>
          error instanceof ConfigError && error.problems.some((p) => p.startsWith('PUBLIC_SITE_URL must be')),
      );
    });
  }

  test('TRUST_PROXY: false, a hop count, or proxy addresses', () => {
    assert.equal(loadPlatformConfig({ TRUST_PROXY: 'FALSE' }).http.trustProxy, false);
    assert.equal(loadPlatformConfig({ TRUST_PROXY: '2' }).http.trustProxy, 2);
    assert.equal(loadPlatformConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).http.trustProxy, '10.0.0.0/8,127.0.0.1');
    assert.equal(loadPlatformConfig({ TRUST_PROXY: '::1' }).http.trustProxy, '::1');
    assert.equal(loadPlatformConfig({ TRUST_PROXY: 'loopback,fd00::/8' }).http.trustProxy, 'loopback,fd00::/8');
  });

  for (const spoofable of ['true', 'TRUE', ' true ']) {
    test(`TRUST_PROXY "${spoofable}" is refused: it would believe any X-Forwarded-For a client writes`, () => {
      assert.throws(
        () => loadPlatformConfig({ TRUST_PROXY: spoofable }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.some(
            (p) => p.startsWith('TRUST_PROXY must not be true') && p.includes('1 behind one load balancer'),
          ),
      );
    });
  }

  for (const bad of ['0.0.0.0/0', '::/0', 'yes', 'proxy.internal', 'dead.beef', '10.0.0.0/33', '1.2.3.4; rm -rf']) {
    test(`TRUST_PROXY "${bad}" is refused with a clear message`, () => {
      assert.throws(
        () => loadPlatformConfig({ TRUST_PROXY: bad }),
        (error: unknown) =>
          error instanceof ConfigError && error.problems.some((p) => p.startsWith('TRUST_PROXY must be')),
      );
    });
  }

  // `true` by another name: a start with any of these would believe any X-Forwarded-For a client writes.
  for (const [wide, named] of [
    ['999', 'at most 5 proxy hops (got 999)'],
    ['6', 'at most 5 proxy hops (got 6)'],
    ['0.0.0.0/1,128.0.0.0/1', 'wider than /8 (IPv4) or /32 (IPv6) (got 0.0.0.0/1, 128.0.0.0/1)'],
    ['::/1', '(got ::/1)'],
    ['10.0.0.1,2001:db8::/16', '(got 2001:db8::/16)'],
    ['::ffff:0.0.0.0/97', '(got ::ffff:0.0.0.0/97)'],
  ] as const) {
    test(`TRUST_PROXY "${wide}" is refused at start unless TRUST_PROXY_WIDE=1 says it is meant`, () => {
      assert.throws(
        () => loadPlatformConfig({ TRUST_PROXY: wide }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.some(
            (p) => p.startsWith('TRUST_PROXY must') && p.includes(named) && p.includes('TRUST_PROXY_WIDE=1'),
          ),
      );
      assert.ok(loadPlatformConfig({ TRUST_PROXY: wide, TRUST_PROXY_WIDE: '1' }).http.trustProxy);
    });
  }

  test('TRUST_PROXY: up to 5 hops, /8 (IPv4) and /32 (IPv6) ranges and private IPv6 blocks of any width start without TRUST_PROXY_WIDE', () => {
    assert.equal(loadPlatformConfig({ TRUST_PROXY: '5' }).http.trustProxy, 5);
    for (const narrow of [
      '10.0.0.0/8',
      '2001:db8::/32',
      '::ffff:10.0.0.0/104',
      'fc00::/7',
      'fe80::/10',
      'uniquelocal',
    ]) {
      assert.equal(loadPlatformConfig({ TRUST_PROXY: narrow }).http.trustProxy, narrow);
    }
    assert.throws(
      () => loadPlatformConfig({ TRUST_PROXY: '2', TRUST_PROXY_WIDE: 'maybe' }),
      (error: unknown) =>
        error instanceof ConfigError && error.problems.some((p) => p.startsWith('TRUST_PROXY_WIDE must be 1 or 0')),
    );
  });

  test('a hop count becomes a function trusting that many hops', () => {
    const trust = fastifyTrustProxy(2);
    assert.equal(typeof trust, 'function');
    if (typeof trust === 'function') {
      assert.equal(trust('10.0.0.1', 0), true);
      assert.equal(trust('10.0.0.1', 1), true);
      assert.equal(trust('10.0.0.1', 2), false);
    }
    assert.equal(fastifyTrustProxy(true), true);
    assert.equal(fastifyTrustProxy('10.0.0.0/8'), '10.0.0.0/8');
  });
});
