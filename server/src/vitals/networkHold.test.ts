// One network cannot move the canary-hold rule, through the whole app on both databases:
// beacons to the real POST /api/vitals through a trusted proxy (TRUST_PROXY, X-Forwarded-For: each forged beacon from
// an address of its own inside one IPv6 /48), a real canary in the registry, and its promote.
// - 210 forged slow beacons from one /48 (210 /64s, 210 sessions) do not hold a good canary: it is promoted;
// - 700 forged fast beacons from one /48 (70 /64s of 10 sessions) do not clear a canary held on many networks' slow
//   beacons: its promote stays refused;
// - many networks' page views still hold a slow canary and clear a good one; and a hold taken on hours an hour old is not
//   released by the page views since, however many networks send them, until they are an hour old too.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VITALS_PATH } from '@site/contracts/vitals-api';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { listRemotes, registerRelease, setCanary } from '../releases/registry.js';
import { RELEASES_API } from '../releases/releaseRoutes.js';
import { createReleaseToken } from '../releases/tokens.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';

const STABLE = 'http://localhost:8080/remotes/catalogue/mf-manifest.json';
const canaryEntry = (version: string) => `https://cdn.example.com/catalogue/${version}/mf-manifest.json`;
/** Genuine visitors a side gets: more than the 60 sessions and 20 networks the rule is set to need here. */
const VISITORS = 80;

async function networkSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  let clock = Date.parse('2026-06-08T09:10:00.000Z');
  let visitors = 0;
  let stableEntry = STABLE;

  t.before(async () => {
    // this test is the proxy in front of the site: each beacon's address is its X-Forwarded-For
    fixture = await createFixture({
      env: {
        SERVER_RENDERING: 'off',
        RELEASE_REQUIRE_PASSED_RUN: '0',
        VITALS_BEACONS_PER_MINUTE: '0',
        TRUST_PROXY: 'loopback',
      },
    });
    database = await target.fresh();
    db = database.db;
    const releaseVitals = { tolerancePercent: 10, minSessions: 60, minNetworks: 20, rollback: false };
    app = await buildApp({ ...fixture.config, releaseVitals }, db, {
      catalogue: 'files',
      vitalsClock: () => new Date(clock),
    });
    ({ token } = await createReleaseToken(db.kysely, 'test', {
      name: 'catalogue pipeline',
      remotes: ['catalogue'],
      expiresInDays: 1,
    }));
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const promote = () =>
    app.inject({
      method: 'POST',
      url: RELEASES_API.promote('catalogue'),
      headers: { authorization: `Bearer ${token}` },
    });
  /** One page view of `entry` from `address` (through the proxy) in tab `session`: whether it was counted. */
  const send = async (
    address: string,
    session: string,
    entry: string,
    metrics: { LCP: number; INP: number },
  ): Promise<boolean> => {
    const beacon = {
      route: 'our-products',
      edition: 'en',
      viewportWidth: 1280,
      session,
      remotes: { catalogue: entry },
      metrics,
    };
    const sent = await app.inject({
      method: 'POST',
      url: VITALS_PATH,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
      payload: JSON.stringify(beacon),
    });
    assert.equal(sent.statusCode, 202, sent.body);
    return sent.json<{ counted: boolean }>().counted;
  };
  /** `count` genuine visitors of `entry`, each from an IPv4 /24 of its own, INP around `inp` (LCP alike on every release). */
  const visits = async (entry: string, count: number, inp: number) => {
    for (let index = 0; index < count; index += 1) {
      visitors += 1;
      const counted = await send(`10.${visitors >> 8}.${visitors & 255}.7`, `visitor-${visitors}`, entry, {
        LCP: 1500 + (index % 40) * 20,
        INP: inp + (index % 20) * 4,
      });
      assert.equal(counted, true);
    }
  };
  /** `count` forged beacons from one /48 (2001:db8:<wide>::/48): `perNetwork` sessions on each /64. How many were counted. */
  const forged = async (
    wide: string,
    count: number,
    perNetwork: number,
    entry: string,
    metrics: { LCP: number; INP: number },
  ) => {
    let counted = 0;
    for (let index = 0; index < count; index += 1) {
      const subnet = Math.floor(index / perNetwork).toString(16);
      if (
        await send(`2001:db8:${wide}:${subnet}::${(index % perNetwork) + 1}`, `forged-${wide}-${index}`, entry, metrics)
      )
        counted += 1;
    }
    return counted;
  };
  const newCanary = async (version: string) => {
    await registerRelease(db.kysely, 'test', 'catalogue', { version, entry: canaryEntry(version) });
    await setCanary(db.kysely, 'test', 'catalogue', { version, percent: 10 });
  };
  const catalogue = async () => (await listRemotes(db.kysely, ['catalogue']))[0]!;

  await t.test('210 forged slow beacons from one /48 do not hold a good canary: it is promoted', async () => {
    await newCanary('v2');
    await visits(stableEntry, VISITORS, 100);
    await visits(canaryEntry('v2'), VISITORS, 100);
    const counted = await forged('66', 210, 1, canaryEntry('v2'), { LCP: 9000, INP: 900 });
    // the /48 counts for at most 5 % of the canary's sessions: 4 beside the 80 genuine
    assert.equal(counted, 4);
    const promoted = await promote();
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal((await catalogue()).stable.version, 'v2');
    stableEntry = canaryEntry('v2');
  });

  await t.test(
    "700 forged fast beacons from one /48 do not clear a canary held on many networks' slow ones: its promote stays refused",
    async () => {
      clock = Date.parse('2026-06-08T12:10:00.000Z');
      await newCanary('v3');
      await visits(stableEntry, VISITORS, 100);
      // its clicks 9 times slower, for visitors of 80 networks
      await visits(canaryEntry('v3'), VISITORS, 900);
      const held = await promote();
      assert.equal(held.statusCode, 409, held.body);
      assert.match(
        held.json<{ error: string }>().error,
        /^The catalogue canary is held: .*p75 INP .* on the canary against .* on stable/,
      );

      const counted = await forged('77', 700, 10, canaryEntry('v3'), { LCP: 1500, INP: 40 });
      assert.equal(counted, 4);
      const refused = await promote();
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(refused.json<{ error: string }>().error, /^The catalogue canary is held: /);
      const state = await catalogue();
      assert.equal(state.stable.version, 'v2');
      assert.equal(state.canary?.version, 'v3');
    },
  );

  await t.test(
    "a hold an hour old is not released by many networks' fast page views since, until they are an hour old",
    async () => {
      // two hours on: the slow hour (12:00–13:00) ended an hour ago; 300 networks' visitors now find the canary fast
      clock = Date.parse('2026-06-08T14:10:00.000Z');
      await visits(stableEntry, 100, 100);
      await visits(canaryEntry('v3'), 300, 60);
      const refused = await promote();
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(
        refused.json<{ error: string }>().error,
        /Judged on the hours before 13:00 UTC: page views of the last hour or two do not release a hold until they are an hour old\.$/,
      );
      // once they are an hour old, the window's evidence (mostly fast now) releases it
      clock = Date.parse('2026-06-08T16:05:00.000Z');
      const promoted = await promote();
      assert.equal(promoted.statusCode, 200, promoted.body);
      assert.equal((await catalogue()).stable.version, 'v3');
    },
  );
}

describe('one network cannot move the canary-hold rule', () => {
  test('on embedded PGlite', async (t) => networkSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => networkSuite(t, target)));
});
