// Rate limiting of the form POSTs (in memory, and shared through Redis), and the window wording.
// Storage, validation and mail are covered on both databases in submissions/submissions.test.ts.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { submissionRoutes } from './submissionRoutes.js';
import { describeWindow } from '../platform/http/rateLimit.js';
import { sharedRedis } from '../platform/http/redis.js';
import { REDIS_REQUIRED as required, redisReachable, TEST_REDIS_URL as url } from '../test-support/redis.js';

const TOO_MANY = 'Too many requests, please try again in a minute.';
/** Invalid on purpose: the limit counts every request, and a 400 needs no database. */
const BAD_BODY = { name: 'Aisha' };

const send = (app: FastifyInstance, url: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url, payload: BAD_BODY, remoteAddress });

describe('rate limit on the form POSTs (in memory)', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '3', SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '60' } });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  test('the 4th request in a minute from one client gets 429 with a clear message and Retry-After', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const res = await send(app, '/api/send-contact-form');
      assert.equal(res.statusCode, 400, `request ${i}`);
      assert.equal(res.headers['x-ratelimit-remaining'], String(3 - i));
    }
    const limited = await send(app, '/api/send-contact-form');
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { error: TOO_MANY });
    assert.match(String(limited.headers['retry-after']), /^\d+$/);
  });

  test('counts each client and each endpoint separately; the rest of the site is not limited', async () => {
    assert.equal((await send(app, '/api/send-contact-form', '198.51.100.20')).statusCode, 400, 'another client');
    assert.equal((await send(app, '/api/send-inquiry')).statusCode, 400, 'another endpoint');
    for (let i = 0; i < 5; i += 1)
      assert.equal(
        (await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.7' })).statusCode,
        200,
      );
  });

  test('SUBMIT_RATE_LIMIT_MAX=0 turns it off', async () => {
    const other = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
    const unlimited = await buildApp(other.config, stubDatabase(), { catalogue: 'files' });
    try {
      for (let i = 0; i < 30; i += 1)
        assert.equal((await send(unlimited, '/api/send-user-registration')).statusCode, 400);
    } finally {
      await unlimited.close();
      await other.cleanup();
    }
  });
});

describe('rate limit shared through Redis', () => {
  test('two server processes share one count per client (a limit holds across instances)', async (t) => {
    const unreachable = await redisReachable();
    if (unreachable !== undefined) {
      if (required) assert.fail(`${unreachable} (required in CI / REQUIRE_REDIS=1)`);
      console.log(`Redis tests skipped: ${unreachable}`);
      t.skip(unreachable);
      return;
    }
    const namespace = `test-rate-${randomBytes(6).toString('hex')}-`;
    const options = { db: stubDatabase(), rateLimitMax: 4, rateLimitWindowMs: 60_000, redisNamespace: namespace };
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const app = (await import('fastify')).default();
        await app.register(sharedRedis, { url });
        await app.register(submissionRoutes, options);
        await app.ready();
        return app;
      }),
    );
    const cleaner = new Redis(url);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await send(apps[i % 2]!, '/api/send-inquiry')).statusCode);
      assert.deepEqual(statuses, [400, 400, 400, 400, 429, 429]);
      const keys = await cleaner.keys(`${namespace}*`);
      assert.equal(keys.length, 1, 'one counter in Redis for this client and endpoint');
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      const keys = await cleaner.keys(`${namespace}*`);
      if (keys.length > 0) await cleaner.del(...keys);
      cleaner.disconnect();
    }
  });

  test('the whole server opens one Redis connection for every limit and the lockout, and closes it with itself', async (t) => {
    const unreachable = await redisReachable();
    if (unreachable !== undefined) {
      if (required) assert.fail(`${unreachable} (required in CI / REQUIRE_REDIS=1)`);
      t.skip(unreachable);
      return;
    }
    // The server's connection named, and its keys prefixed, for this test alone: test files beside this one open
    // connections named `site` and count in the same Redis. ioredis takes both from REDIS_URL's query, ahead of the
    // server's own `connectionName: 'site'` (a name it ignored would leave none to count, and fail the test).
    const tag = `test-whole-server-${randomBytes(6).toString('hex')}`;
    const redisUrl = new URL(url);
    redisUrl.searchParams.set('connectionName', tag);
    redisUrl.searchParams.set('keyPrefix', `${tag}:`);
    const counter = new Redis(url);
    const siteConnections = async () =>
      String(await counter.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(` name=${tag} `)).length;
    const other = await createFixture({ env: { REDIS_URL: redisUrl.toString() } });
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const before = await siteConnections();
      app = await buildApp(other.config, stubDatabase(), { catalogue: 'files' });
      await app.ready();
      // a form, a review and a question: each limiter counts, all through the one connection
      assert.equal((await send(app, '/api/send-contact-form', '198.51.100.77')).statusCode, 400);
      assert.equal(
        (
          await app.inject({
            method: 'POST',
            url: '/api/chat',
            payload: { question: 'hi' },
            remoteAddress: '198.51.100.77',
          })
        ).statusCode,
        200,
      );
      assert.equal(await siteConnections(), before + 1, 'one connection for the whole server');
      await app.close();
      assert.equal(await siteConnections(), before, 'closed with the server');
      assert.ok((await counter.keys(`${tag}:*`)).length > 0, 'its counters under its own prefix');
    } finally {
      await app?.close(); // closed already when the test passed; a failed one must not keep the process open
      const keys = await counter.keys(`${tag}:*`);
      if (keys.length > 0) await counter.del(...keys);
      counter.disconnect();
      await other.cleanup();
    }
  });

  test('with Redis down the forms still answer (not limited, never a 500)', async () => {
    const app = (await import('fastify')).default();
    await app.register(sharedRedis, { url: 'redis://127.0.0.1:1' });
    await app.register(submissionRoutes, { db: stubDatabase(), rateLimitMax: 1, rateLimitWindowMs: 60_000 });
    await app.ready();
    try {
      for (let i = 0; i < 3; i += 1) assert.equal((await send(app, '/api/send-contact-form')).statusCode, 400);
    } finally {
      await app.close();
    }
  });
});

test('describeWindow words the rate-limit window', () => {
  assert.equal(describeWindow(60_000), 'a minute');
  assert.equal(describeWindow(300_000), '5 minutes');
  assert.equal(describeWindow(30_000), '30 seconds');
  assert.equal(describeWindow(1_000), 'a second');
});
