// The field vitals through the whole app (buildApp), on both databases: a beacon as sendBeacon sends it counted into its
// hour's histograms, what is kept (and that no address, session id, cookie or user agent is), the attacks (an
// oversized beacon, forged routes, releases and values, a flood from one network, past the rate limit), and the
// canary-hold rule read from the stored histograms: a slower canary held, a flood of forged slow beacons not (the
// attacks of one network on the rule, both ways: networkHold.test.ts).
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VITALS_PATH, type VitalsBeacon } from '@site/contracts/vitals-api';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { liveVersions } from '../releases/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { bucketOf } from './buckets.js';
import { createVitalsVerdict } from './index.js';
import { NETWORK_FIRST_SESSIONS } from './sessionGate.js';

const PAGE = 'http://localhost:8080';
const STABLE = `${PAGE}/remotes/catalogue/mf-manifest.json`;
const CANARY = 'https://cdn.example.com/catalogue/v2/mf-manifest.json';

const beacon = (overrides: Partial<VitalsBeacon> = {}): VitalsBeacon => ({
  route: 'our-products/:productCategoryId',
  edition: 'en',
  viewportWidth: 390,
  connection: '4g',
  session: 'visitor-session-0001',
  remotes: { catalogue: STABLE },
  metrics: { LCP: 1800, INP: 120, CLS: 0.02, FCP: 1200, TTFB: 300 },
  ...overrides,
});

async function vitalsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let limitedApp: FastifyInstance;
  /** The time beacons are counted at: each test its own hour, so that its rows are its own. */
  let clock = Date.parse('2026-06-08T14:10:00.000Z');

  t.before(async () => {
    // the catalogue's stable build at its path, and a canary on a CDN (seeded as the releases "variables" and
    // "variables-canary"): both known to the registry
    fixture = await createFixture({
      env: {
        SERVER_RENDERING: 'off',
        RELEASE_REQUIRE_PASSED_RUN: '0',
        REMOTE_CATALOGUE_CANARY_URL: CANARY,
        REMOTE_CATALOGUE_CANARY_PERCENT: '10',
        VITALS_BEACONS_PER_MINUTE: '0',
      },
    });
    database = await target.fresh();
    db = database.db;
    app = await buildApp(fixture.config, db, { catalogue: 'files', vitalsClock: () => new Date(clock) });
    limitedApp = await buildApp({ ...fixture.config, vitals: { beaconsPerMinute: 3, samplePercent: 100 } }, db, {
      catalogue: 'files',
      vitalsClock: () => new Date(clock),
    });
  });
  t.after(async () => {
    await app?.close();
    await limitedApp?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const send = (
    body: unknown,
    {
      on = app,
      contentType = 'text/plain;charset=UTF-8',
      from = '198.51.100.1',
      headers = {},
    }: { on?: FastifyInstance; contentType?: string; from?: string; headers?: Record<string, string> } = {},
  ) =>
    on.inject({
      method: 'POST',
      url: VITALS_PATH,
      remoteAddress: from,
      headers: { 'content-type': contentType, ...headers },
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  /** The hour `at` is in, as the rows have it. */
  // counts are bigint: read as numbers
  const hourRows = async (hour: string) =>
    db.query<{
      remote: string;
      release: string;
      metric: string;
      route: string;
      edition: string;
      device: string;
      bucket: number;
      samples: number;
    }>(
      'select remote, release, metric, route, edition, device, bucket, samples::int as samples from vitals_histograms where hour = $1 order by remote, release, metric, bucket',
      [new Date(hour)],
    );
  const sessionRows = async (hour: string) =>
    db.query<{ remote: string; release: string; route: string; connection: string; views: number; sessions: number }>(
      'select remote, release, route, connection, views::int as views, sessions::int as sessions from vitals_sessions where hour = $1 order by remote, release, route, connection',
      [new Date(hour)],
    );

  await t.test(
    'a beacon as sendBeacon sends it (text/plain) is counted into its hour, by route pattern, edition, device, remote and release',
    async () => {
      clock = Date.parse('2026-06-08T14:10:00.000Z');
      const sent = await send(
        beacon({ remotes: { catalogue: STABLE, chat: `${PAGE}/remotes/chat/mf-manifest.json` } }),
      );
      assert.equal(sent.statusCode, 202, sent.body);
      assert.deepEqual(sent.json(), { counted: true });
      assert.equal(sent.headers['cache-control'], 'no-store');
      const rows = await hourRows('2026-06-08T14:00:00Z');
      // five metrics for each of the two remotes the page loaded
      assert.equal(rows.length, 10);
      const lcp = rows.find((row) => row.remote === 'catalogue' && row.metric === 'LCP');
      assert.deepEqual(lcp, {
        remote: 'catalogue',
        release: 'variables',
        metric: 'LCP',
        route: 'our-products/:productCategoryId',
        edition: 'en',
        device: 'phone',
        bucket: bucketOf('LCP', 1800),
        samples: 1,
      });
      assert.equal(rows.find((row) => row.remote === 'chat')?.release, 'variables');

      // the same tab's next page view, sent as JSON: a page view more, the same session
      const again = await send(beacon({ metrics: { LCP: 2400 } }), { contentType: 'application/json' });
      assert.equal(again.statusCode, 202, again.body);
      const sessions = await sessionRows('2026-06-08T14:00:00Z');
      assert.deepEqual(
        sessions.filter((row) => row.remote === 'catalogue'),
        [
          {
            remote: 'catalogue',
            release: 'variables',
            route: 'our-products/:productCategoryId',
            connection: '4g',
            views: 2,
            sessions: 1,
          },
        ],
      );
    },
  );

  await t.test(
    'forged values are counted as "other" (route, release, connection) or clamped (metrics), never stored as sent',
    async () => {
      clock = Date.parse('2026-06-08T15:10:00.000Z');
      const forged = beacon({
        route: "/etc/passwd'); drop table vitals_histograms; --",
        connection: 'quantum-link',
        remotes: {
          catalogue: 'https://attacker.example/catalogue/mf-manifest.json',
          company: `${PAGE}/remotes/company/evil/mf-manifest.json`,
        },
        metrics: { LCP: 1e12, INP: -50, CLS: 1e6 },
        viewportWidth: 1920,
      });
      const sent = await send(forged, { from: '198.51.100.2' });
      assert.equal(sent.statusCode, 202, sent.body);
      const rows = await hourRows('2026-06-08T15:00:00Z');
      assert.deepEqual(
        [...new Set(rows.map((row) => `${row.remote}:${row.release}:${row.route}:${row.device}`))],
        ['catalogue:other:other:desktop', 'company:other:other:desktop'],
      );
      const bucket = (metric: string) =>
        rows.find((row) => row.remote === 'catalogue' && row.metric === metric)?.bucket;
      assert.equal(bucket('LCP'), bucketOf('LCP', 120_000));
      assert.equal(bucket('INP'), 0);
      assert.equal(bucket('CLS'), bucketOf('CLS', 10));
      assert.deepEqual(
        (await sessionRows('2026-06-08T15:00:00Z')).map((row) => row.connection),
        ['other', 'other'],
      );
    },
  );

  await t.test('bad beacons are 4xx naming the problem, never a 5xx', async () => {
    // a byte that is not UTF-8 inside the route's string, as sendBeacon's text or as JSON: refused, not stored as U+FFFD
    const notUtf8 = (): Buffer => {
      const [before = '', after = ''] = JSON.stringify(beacon({ route: '/products/MARK' })).split('MARK');
      return Buffer.concat([Buffer.from(before), Buffer.from([0xff]), Buffer.from(after)]);
    };
    const cases: [unknown, string, number, RegExp][] = [
      [{ ...beacon(), edition: 'fr' }, 'application/json', 400, /edition must be one of en, ar/],
      [
        { ...beacon(), remotes: { evil: STABLE } },
        'application/json',
        400,
        /remotes must name remotes among catalogue, company, contact, chat/,
      ],
      [{ ...beacon(), cookie: 'site_session=abc' }, 'application/json', 400, /Unrecognized key|cookie/],
      [{ ...beacon(), metrics: {} }, 'application/json', 400, /metrics must hold at least one value/],
      [{ ...beacon(), metrics: { LCP: 'fast' } }, 'application/json', 400, /metrics\.LCP must be a number/],
      [{ ...beacon(), session: 'x' }, 'text/plain', 400, /session must be/],
      ['{"route":', 'text/plain', 400, /not valid JSON/],
      ['', 'text/plain', 400, /empty/],
      [beacon(), 'application/x-www-form-urlencoded', 415, /Content-Type: application\/json/],
      [notUtf8(), 'text/plain', 400, /not valid UTF-8/],
      [notUtf8(), 'application/json', 400, /not valid UTF-8/],
    ];
    for (const [body, contentType, status, message] of cases) {
      const answer = await send(body, { contentType, from: '198.51.100.3' });
      assert.equal(answer.statusCode, status, `${JSON.stringify(body).slice(0, 80)}: ${answer.body}`);
      assert.match(answer.json<{ error: string }>().error, message);
    }
  });

  await t.test('an oversized beacon is a 413 (2 KB), as sendBeacon or as JSON', async () => {
    const oversized = beacon({
      route: 'x'.repeat(150),
      remotes: {
        catalogue: `https://cdn.example.com/${'a'.repeat(560)}/mf-manifest.json`,
        company: `https://cdn.example.com/${'b'.repeat(560)}/mf-manifest.json`,
        contact: `https://cdn.example.com/${'c'.repeat(560)}/mf-manifest.json`,
      },
    });
    assert.ok(JSON.stringify(oversized).length > 2048);
    for (const contentType of ['text/plain', 'application/json']) {
      const answer = await send(oversized, { contentType, from: '198.51.100.4' });
      assert.equal(answer.statusCode, 413, answer.body);
      assert.equal(answer.json<{ error: string }>().error, 'The request body is too large: the limit is 2 KB');
    }
  });

  await t.test('nothing that names the visitor is kept: no address, session id, cookie or user agent', async () => {
    clock = Date.parse('2026-06-08T16:10:00.000Z');
    const sent = await send(beacon({ session: 'identifying-session-77' }), {
      from: '203.0.113.77',
      headers: {
        cookie: 'site_session=secret-cookie-77',
        'user-agent': 'Mozilla/5.0 (Unique Agent 77)',
        'x-forwarded-for': '192.0.2.77',
      },
    });
    assert.equal(sent.statusCode, 202, sent.body);
    const kept = JSON.stringify([
      await db.query('select * from vitals_histograms'),
      await db.query('select * from vitals_sessions'),
    ]);
    for (const secret of [
      '203.0.113.77',
      '192.0.2.77',
      'identifying-session-77',
      'secret-cookie-77',
      'Unique Agent 77',
    ])
      assert.equal(kept.includes(secret), false, `${secret} was stored`);
  });

  await t.test(
    `a flood from one network counts as its first ${NETWORK_FIRST_SESSIONS} sessions of a release few others sent, whatever session ids it invents`,
    async () => {
      clock = Date.parse('2026-06-08T17:10:00.000Z');
      const answers = [];
      for (let index = 0; index < 60; index += 1)
        answers.push(
          (await send(beacon({ session: `forged-session-${index}` }), { from: '198.18.0.9' })).json<{
            counted: boolean;
          }>().counted,
        );
      assert.equal(answers.filter(Boolean).length, NETWORK_FIRST_SESSIONS);
      const [row] = await sessionRows('2026-06-08T17:00:00Z');
      assert.equal(row?.sessions, NETWORK_FIRST_SESSIONS);
      assert.equal(row?.views, NETWORK_FIRST_SESSIONS);
      // an IPv6 client is known by its /64 and its /48: the addresses of one holder's block share its caps
      const v6 = [];
      for (let index = 0; index < 20; index += 1)
        v6.push(
          (await send(beacon({ session: `v6-session-${index}` }), { from: `2001:db8:1:${index}::${index + 1}` })).json<{
            counted: boolean;
          }>().counted,
        );
      assert.equal(v6.filter(Boolean).length, NETWORK_FIRST_SESSIONS);
    },
  );

  await t.test('past VITALS_BEACONS_PER_MINUTE from one address: 429', async () => {
    const statuses = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push(
        (await send(beacon({ session: `limited-${index}-session` }), { on: limitedApp, from: '203.0.113.50' }))
          .statusCode,
      );
    assert.deepEqual(statuses, [202, 202, 202, 429, 429]);
  });

  await t.test(
    'the canary-hold rule over the stored histograms: a slower canary held; forged slow beacons from one address not',
    async () => {
      clock = Date.parse('2026-06-09T10:10:00.000Z');
      const verdictOf = createVitalsVerdict(
        liveVersions,
        { tolerancePercent: 10, minSessions: 20 },
        () => new Date(clock),
      );
      // one address floods the canary with slow page views: capped at its sessions, too few to judge
      for (let index = 0; index < 40; index += 1)
        await send(
          beacon({ session: `slow-forger-${index}`, remotes: { catalogue: CANARY }, metrics: { LCP: 9000, INP: 900 } }),
          { from: '203.0.113.66' },
        );
      for (let visitor = 0; visitor < 30; visitor += 1)
        await send(beacon({ session: `stable-visitor-${visitor}`, metrics: { LCP: 1500 + visitor * 20, INP: 100 } }), {
          from: `10.1.${visitor}.1`,
        });
      const flooded = await verdictOf(db.kysely, 'catalogue');
      assert.equal(flooded.held, false);
      assert.equal(
        flooded.sentence,
        `Not judged yet: ${NETWORK_FIRST_SESSIONS} sessions from 1 network on the canary variables-canary and 30 from 30 networks on stable variables; the page speed rule needs 20 sessions from 20 networks on each side.`,
      );

      // real visitors of the canary, from their own addresses, whose pages are slower
      for (let visitor = 0; visitor < 30; visitor += 1) {
        await send(
          beacon({
            session: `canary-visitor-${visitor}`,
            remotes: { catalogue: CANARY },
            metrics: { LCP: 3000 + visitor * 40, INP: 110 },
          }),
          { from: `10.2.${visitor}.1` },
        );
      }
      const verdict = await verdictOf(db.kysely, 'catalogue');
      assert.equal(verdict.held, true, verdict.sentence);
      assert.match(
        verdict.sentence,
        /^The catalogue canary is held: its pages are slower than stable's by more than 10 %: p75 LCP \d\.\d\d s on the canary against \d\.\d\d s on stable/,
      );
      assert.match(
        verdict.sentence,
        new RegExp(
          `${30 + NETWORK_FIRST_SESSIONS} sessions on the canary variables-canary and 30 on stable variables\\.$`,
        ),
      );

      // hours the canary had no page views in are not compared: an hour of stable alone changes nothing
      clock = Date.parse('2026-06-09T11:10:00.000Z');
      for (let visitor = 0; visitor < 5; visitor += 1)
        await send(beacon({ session: `later-stable-${visitor}`, metrics: { LCP: 9000 } }), {
          from: `10.3.${visitor}.1`,
        });
      assert.match((await verdictOf(db.kysely, 'catalogue')).sentence, /and 30 on stable variables\.$/);
    },
  );
}

describe('the field vitals beacons and the canary-hold rule', () => {
  test('on embedded PGlite', async (t) => vitalsSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => vitalsSuite(t, target)));
});
