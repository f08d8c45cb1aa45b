import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../config.js';
import { fastifyTrustProxy } from './trustProxy.js';

describe('PUBLIC_SITE_URL and TRUST_PROXY', () => {
  test('defaults: no configured origin (the server\'s own address is used), every host served, no proxy trusted', () => {
    const { timeouts, ...rest } = loadConfig({}).http;
    assert.deepEqual(rest, { publicSiteUrl: undefined, allowedHosts: undefined, trustProxy: false, serverRendering: true });
    assert.ok(timeouts.requestMs > 0);
  });

  test('PUBLIC_SITE_URL is kept as an origin', () => {
    assert.equal(loadConfig({ PUBLIC_SITE_URL: 'https://www.crescent.example/' }).http.publicSiteUrl, 'https://www.crescent.example');
    assert.equal(loadConfig({ PUBLIC_SITE_URL: 'http://localhost:8080' }).http.publicSiteUrl, 'http://localhost:8080');
  });

  for (const bad of ['www.crescent.example', 'ftp://crescent.example', 'https://crescent.example/shop', 'https://crescent.example/?a=1', 'https://u:p@crescent.example']) {
    test(`PUBLIC_SITE_URL "${bad}" is refused with a clear message`, () => {
      assert.throws(
        () => loadConfig({ PUBLIC_SITE_URL: bad }),
        (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith('PUBLIC_SITE_URL must be')),
      );
    });
  }

  test('TRUST_PROXY: false, a hop count, or proxy addresses', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'FALSE' }).http.trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy, 2);
    assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).http.trustProxy, '10.0.0.0/8,127.0.0.1');
    assert.equal(loadConfig({ TRUST_PROXY: '::1' }).http.trustProxy, '::1');
    assert.equal(loadConfig({ TRUST_PROXY: 'loopback,fd00::/8' }).http.trustProxy, 'loopback,fd00::/8');
  });

  for (const spoofable of ['true', 'TRUE', ' true ']) {
    test(`TRUST_PROXY "${spoofable}" is refused: it would believe any X-Forwarded-For a client writes`, () => {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: spoofable }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.some((p) => p.startsWith('TRUST_PROXY must not be true') && p.includes('1 behind one load balancer')),
      );
    });
  }

  for (const bad of ['0.0.0.0/0', '::/0', 'yes', 'proxy.internal', 'dead.beef', '10.0.0.0/33', '1.2.3.4; rm -rf']) {
    test(`TRUST_PROXY "${bad}" is refused with a clear message`, () => {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith('TRUST_PROXY must be')),
      );
    });
  }

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
