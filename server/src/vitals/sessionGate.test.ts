// The caps of one address and one session over the shared Redis: two server processes (two connections) count as one,
// so a flood spread over the processes is held to the same caps; and nothing but hashes is kept there.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { memorySessionGate, redisSessionGate, SESSIONS_PER_ADDRESS, VIEWS_PER_SESSION } from './sessionGate.js';
import { REDIS_REQUIRED as required, redisReachable, TEST_REDIS_URL as url } from '../test-support/redis.js';


describe('the vitals caps over the shared Redis', () => {
  test('a flood from one address through two processes counts as its capped sessions; one session as its capped views', async (t) => {
    const unreachable = await redisReachable();
    if (unreachable !== undefined) {
      if (required) assert.fail(`${unreachable} (required in CI / REQUIRE_REDIS=1)`);
      t.skip(unreachable);
      return;
    }
    const namespace = `test-vitals-${randomBytes(6).toString('hex')}-`;
    const connections = [new Redis(url), new Redis(url)];
    const warnings: unknown[] = [];
    const gates = connections.map((redis) => redisSessionGate(redis, namespace, memorySessionGate(), (error) => warnings.push(error)));
    try {
      const hour = '2026-06-08T14';
      let counted = 0;
      for (let index = 0; index < 200; index += 1) {
        if ((await gates[index % 2]!.admit(hour, '203.0.113.9', `forged-session-${index}`, ['catalogue:v2'])).counted) counted += 1;
      }
      assert.equal(counted, SESSIONS_PER_ADDRESS);

      const views = [];
      for (let index = 0; index < VIEWS_PER_SESSION + 5; index += 1) views.push(await gates[index % 2]!.admit(hour, '198.51.100.4', 'one-visitor-tab', ['catalogue:v2', 'chat:v1']));
      assert.equal(views.filter(({ counted: yes }) => yes).length, VIEWS_PER_SESSION);
      assert.deepEqual(views[0]?.newSession, [true, true]);
      assert.deepEqual(views[1]?.newSession, [false, false]);
      assert.deepEqual(warnings, []);

      // what Redis keeps: hashes only, never the address or the session id, each expiring within two hours
      const keys = await connections[0]!.keys(`${namespace}*`);
      const kept = JSON.stringify([keys, ...(await Promise.all(keys.map(async (key) => [(await connections[0]!.type(key)) === 'set' ? await connections[0]!.smembers(key) : await connections[0]!.hkeys(key)])))]);
      for (const secret of ['203.0.113.9', '198.51.100.4', 'forged-session-1', 'one-visitor-tab']) assert.equal(kept.includes(secret), false, `${secret} kept in Redis`);
      for (const key of keys) {
        const ttl = await connections[0]!.ttl(key);
        assert.ok(ttl > 0 && ttl <= 7200, `${key} expires in ${ttl} s`);
      }
    } finally {
      const keys = await connections[0]!.keys(`${namespace}*`);
      if (keys.length > 0) await connections[0]!.del(...keys);
      for (const redis of connections) redis.disconnect();
    }
  });
});
