// The canary-hold rule in promote, through the whole app on both databases: a canary whose visitors' pages are slower
// than stable's is not promoted (409 with the rule's sentence), with RELEASE_VITALS_ROLLBACK=1 it is also taken out
// (0 %, audited); a canary as fast as stable is promoted.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VITALS_PATH } from '@site/contracts/vitals-api';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { listRemotes, registerRelease, setCanary } from './registry.js';
import { RELEASES_API } from './releaseRoutes.js';
import { VITALS_RULE_ACTOR } from './releaseStateCalls.js';
import { createReleaseToken } from './tokens.js';

const STABLE = 'http://localhost:8080/remotes/catalogue/mf-manifest.json';
const canaryEntry = (version: string) => `https://cdn.example.com/catalogue/${version}/mf-manifest.json`;

async function holdSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let rollbackApp: FastifyInstance;
  let token: string;
  let clock = Date.parse('2026-06-08T09:20:00.000Z');
  let visitors = 0;

  t.before(async () => {
    fixture = await createFixture({
      env: { SERVER_RENDERING: 'off', RELEASE_REQUIRE_PASSED_RUN: '0', VITALS_BEACONS_PER_MINUTE: '0' },
    });
    database = await target.fresh();
    db = database.db;
    const releaseVitals = { tolerancePercent: 10, minSessions: 20, rollback: false };
    app = await buildApp({ ...fixture.config, releaseVitals }, db, {
      catalogue: 'files',
      vitalsClock: () => new Date(clock),
    });
    rollbackApp = await buildApp({ ...fixture.config, releaseVitals: { ...releaseVitals, rollback: true } }, db, {
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
    await rollbackApp?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const promote = (on: FastifyInstance) =>
    on.inject({
      method: 'POST',
      url: RELEASES_API.promote('catalogue'),
      headers: { authorization: `Bearer ${token}` },
    });
  /** `count` visitors (each their own address and tab) whose pages of `entry` drew their LCP around `lcp`. */
  const visits = async (entry: string, count: number, lcp: number) => {
    for (let index = 0; index < count; index += 1) {
      visitors += 1;
      const beacon = {
        route: 'our-products',
        edition: 'en',
        viewportWidth: 1280,
        session: `hold-visitor-${visitors}`,
        remotes: { catalogue: entry },
        metrics: { LCP: lcp + index * 15, INP: 90 },
      };
      const sent = await app.inject({
        method: 'POST',
        url: VITALS_PATH,
        remoteAddress: `10.${visitors >> 8}.${visitors & 255}.1`,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(beacon),
      });
      assert.equal(sent.json<{ counted: boolean }>().counted, true);
    }
  };
  const newCanary = async (version: string) => {
    await registerRelease(db.kysely, 'test', 'catalogue', { version, entry: canaryEntry(version) });
    await setCanary(db.kysely, 'test', 'catalogue', { version, percent: 10 });
    await app.ready();
  };
  const catalogue = async () => (await listRemotes(db.kysely, ['catalogue']))[0]!;

  await t.test("a canary slower than stable is not promoted: 409 with the rule's sentence", async () => {
    await newCanary('v2');
    await visits(STABLE, 25, 1600);
    await visits(canaryEntry('v2'), 25, 3200);
    const refused = await promote(app);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.match(
      refused.json<{ error: string }>().error,
      /^The catalogue canary is held: its pages are slower than stable's by more than 10 %: p75 LCP \d\.\d\d s on the canary against \d\.\d\d s on stable .*25 sessions on the canary v2 and 25 on stable variables\.$/,
    );
    const state = await catalogue();
    assert.equal(state.stable.version, 'variables');
    assert.equal(state.canary?.version, 'v2');
    assert.equal(state.canaryPercent, 10);
  });

  await t.test('with RELEASE_VITALS_ROLLBACK=1 the held canary is also taken out (0 %), in the audit', async () => {
    const refused = await promote(rollbackApp);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.match(
      refused.json<{ error: string }>().error,
      /Its canary was taken out \(0 % of visitors\): RELEASE_VITALS_ROLLBACK is on\.$/,
    );
    const state = await catalogue();
    assert.equal(state.canaryPercent, 0);
    assert.equal(state.stable.version, 'variables');
    const [audit] = await db.query<{ actor: string; action: string; detail: string }>(
      'select actor, action, detail from release_audit where actor = $1',
      [VITALS_RULE_ACTOR],
    );
    assert.deepEqual(audit, { actor: VITALS_RULE_ACTOR, action: 'canary', detail: 'current canary at 0%' });
  });

  await t.test('a canary as fast as stable is promoted', async () => {
    clock = Date.parse('2026-06-08T12:20:00.000Z');
    await newCanary('v3');
    await visits(STABLE, 25, 1600);
    await visits(canaryEntry('v3'), 25, 1610);
    // counted as v3's: the registry's new release is known to the beacons
    const [counted] = await db.query<{ sessions: string | number }>(
      "select sum(sessions) as sessions from vitals_sessions where remote = 'catalogue' and release = 'v3'",
    );
    assert.equal(Number(counted?.sessions), 25);
    const promoted = await promote(app);
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal((await catalogue()).stable.version, 'v3');
  });
}

describe('the canary-hold rule in promote', () => {
  test('on embedded PGlite', async (t) => holdSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => holdSuite(t, target)));
});
