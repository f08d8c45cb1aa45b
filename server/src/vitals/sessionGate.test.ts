// The gate's caps, in memory and over the shared Redis alike (there, two server processes, two connections, count as
// one, and nothing but hashes is kept): one network's sessions an hour, one wide network's (whatever /64s it draws
// from), one session's page views, and one wide network's share of a release's day.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import { Redis } from 'ioredis';
import {
  memorySessionGate,
  NETWORK_FIRST_SESSIONS,
  NETWORK_FIRST_VIEWS,
  redisSessionGate,
  SESSIONS_PER_NETWORK,
  SESSIONS_PER_WIDE_NETWORK,
  VIEWS_PER_SESSION,
  type SessionGate,
} from './sessionGate.js';
import { REDIS_REQUIRED as required, redisReachable, TEST_REDIS_URL as url } from '../test-support/redis.js';

const HOUR = '2026-06-08T14';
/** A visitor on a network of its own: an IPv4 address of its own /24. */
const visitor = (index: number) => ({
  network: `10.${index >> 8}.${index & 255}.1`,
  wideNetwork: `10.${index >> 8}.${index & 255}.0/24`,
});
/** An address of an attacker's one /48 (2001:db8:<wide>::/48), on its /64 number `subnet`. */
const forger = (subnet: number, wide = 66) => ({
  network: `2001:db8:${wide}:${subnet.toString(16)}::/64`,
  wideNetwork: `2001:db8:${wide}::/48`,
});

/** `count` visitors' sessions of one view each for `key`, from networks of their own (from `first` on): all counted. */
async function genuine(gate: SessionGate, key: string, count: number, first = 0, hour = HOUR): Promise<void> {
  for (let index = first; index < first + count; index += 1) {
    const admitted = await gate.admit(hour, visitor(index), `visitor-${key}-${index}`, [key]);
    assert.deepEqual(admitted.releases, [{ counted: true, newSession: true, newNetwork: true }]);
  }
}

/** How many of `count` beacons `beaconOf` describes are counted for `key`. */
async function countedOf(
  gate: SessionGate,
  key: string,
  count: number,
  beaconOf: (index: number) => { client: { network: string; wideNetwork: string }; session: string; hour?: string },
): Promise<number> {
  let counted = 0;
  for (let index = 0; index < count; index += 1) {
    const { client, session, hour = HOUR } = beaconOf(index);
    if ((await gate.admit(hour, client, session, [key])).releases[0]?.counted === true) counted += 1;
  }
  return counted;
}

async function capsSuite(t: TestContext, gates: () => SessionGate[]): Promise<void> {
  await t.test(
    'a burst from one /48 newly arrived, over 210 /64s and sessions, counts as its first 2 sessions of a release no one else sent',
    async () => {
      const [gate, other = gate] = gates();
      const admissions = [];
      for (let index = 0; index < 210; index += 1)
        admissions.push(
          await (index % 2 === 0 ? gate! : other!).admit(HOUR, forger(index), `forged-${index}`, ['catalogue:v2']),
        );
      assert.equal(admissions.filter(({ counted }) => counted).length, NETWORK_FIRST_SESSIONS);
      assert.deepEqual(admissions[0]?.releases, [{ counted: true, newSession: true, newNetwork: true }]);
      assert.deepEqual(admissions[1]?.releases, [{ counted: true, newSession: true, newNetwork: false }]);
      // another /48's views: the first few of a session's, however many it sends
      assert.equal(
        await countedOf(gate!, 'catalogue:v3', 30, () => ({ client: forger(1, 88), session: 'one-forged-tab' })),
        NETWORK_FIRST_VIEWS,
      );
    },
  );

  await t.test(
    "beside many networks' sessions, one /48 counts for at most 5 % of a release's; one /64 at most 10 an hour, one /48 at most 30",
    async () => {
      const [gate] = gates();
      await genuine(gate!, 'catalogue:v2', 300);
      // 5 % of 300 and its own: 15
      assert.equal(
        await countedOf(gate!, 'catalogue:v2', 200, (index) => ({ client: forger(index), session: `share-${index}` })),
        15,
      );
      await genuine(gate!, 'chat:v1', 1000);
      // another /48 (whose hour's sessions the share refused did not fill): one /64 of it
      assert.equal(
        await countedOf(gate!, 'chat:v1', 100, (index) => ({ client: forger(1000, 77), session: `one-net-${index}` })),
        SESSIONS_PER_NETWORK,
      );
      // its other /64s: up to its hour's 30, not the 50 its share of 1000 allows
      assert.equal(
        await countedOf(gate!, 'chat:v1', 100, (index) => ({
          client: forger(2000 + index, 77),
          session: `wide-${index}`,
        })),
        SESSIONS_PER_WIDE_NETWORK - SESSIONS_PER_NETWORK,
      );
      // the next hour, its share of the day still holds: 22 more, 52 of the day's 1052 sessions (under 5 %)
      assert.equal(
        await countedOf(gate!, 'chat:v1', 100, (index) => ({
          client: forger(3000 + index, 77),
          session: `next-hour-${index}`,
          hour: '2026-06-08T15',
        })),
        22,
      );
      // another network is not held back by it
      assert.equal((await gate!.admit(HOUR, visitor(5000), 'late-visitor', ['chat:v1'])).counted, true);
    },
  );

  await t.test(
    `one session counts at most ${VIEWS_PER_SESSION} page views an hour, and is a new session once per release`,
    async () => {
      const [gate] = gates();
      await genuine(gate!, 'company:v4', 2000);
      await genuine(gate!, 'contact:v5', 2000, 2000);
      const admissions = [];
      for (let index = 0; index < 100; index += 1)
        admissions.push(await gate!.admit(HOUR, visitor(9000), 'one-visitor', ['company:v4', 'contact:v5']));
      assert.equal(admissions.filter(({ counted }) => counted).length, VIEWS_PER_SESSION);
      assert.deepEqual(
        admissions[0]?.releases.map(({ newSession }) => newSession),
        [true, true],
      );
      assert.deepEqual(
        admissions[1]?.releases.map(({ newSession }) => newSession),
        [false, false],
      );
    },
  );
}

describe('the vitals caps', () => {
  test('in memory', async (t) => capsSuite(t, () => [memorySessionGate()]));

  test('over the shared Redis, through two processes; only hashes kept, each expiring', async (t) => {
    const unreachable = await redisReachable();
    if (unreachable !== undefined) {
      if (required) assert.fail(`${unreachable} (required in CI / REQUIRE_REDIS=1)`);
      t.skip(unreachable);
      return;
    }
    const namespaces: string[] = [];
    const connections = [new Redis(url), new Redis(url)];
    const warnings: unknown[] = [];
    try {
      await capsSuite(t, () => {
        const namespace = `test-vitals-${randomBytes(6).toString('hex')}-`;
        namespaces.push(namespace);
        return connections.map((redis) =>
          redisSessionGate(redis, namespace, memorySessionGate(), (error) => warnings.push(error)),
        );
      });
      assert.deepEqual(warnings, []);
      // what Redis keeps: hashes only, never an address, network or session id, each expiring within two days
      const keys = (await Promise.all(namespaces.map((namespace) => connections[0]!.keys(`${namespace}*`)))).flat();
      const kept = JSON.stringify([
        keys,
        ...(await Promise.all(
          keys.map(async (key) => [
            (await connections[0]!.type(key)) === 'set'
              ? await connections[0]!.smembers(key)
              : await connections[0]!.hgetall(key),
          ]),
        )),
      ]);
      for (const secret of ['2001:db8:66', '10.0.1.1', '10.0.1.0/24', 'forged-1', 'one-visitor'])
        assert.equal(kept.includes(secret), false, `${secret} kept in Redis`);
      for (const key of keys) {
        const ttl = await connections[0]!.ttl(key);
        assert.ok(ttl > 0 && ttl <= 2 * 86_400, `${key} expires in ${ttl} s`);
      }
    } finally {
      for (const namespace of namespaces) {
        const keys = await connections[0]!.keys(`${namespace}*`);
        if (keys.length > 0) await connections[0]!.del(...keys);
      }
      for (const redis of connections) redis.disconnect();
    }
  });
});
