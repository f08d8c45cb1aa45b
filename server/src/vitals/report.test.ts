// The releases console's read of the field vitals, through the whole app on both databases: beacons posted through
// POST /api/vitals, then read back by the staff API (STAFF_API.releaseVitals, STAFF_API.siteVitals) as the release
// role: the stable release beside the held canary (p75, samples, share of good, per route pattern, the rule's
// sentence), the site's pages over 28 days per edition and device (a page view that loaded two remotes counted once,
// tablets and older views left out), and who may read what.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import {
  VITALS_PATH,
  type RemoteVitalsReport,
  type SiteVitalsReport,
  type VitalsBeacon,
} from '@site/contracts/vitals-api';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { registerRelease, setCanary } from '../releases/registry.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import {
  addStaffAccount,
  onStaffOrigin,
  signInStaff,
  staffCall,
  type StaffCaller,
} from '../test-support/staffSignIn.js';

const STABLE = 'http://localhost:8080/remotes/catalogue/mf-manifest.json';
const CHAT = 'http://localhost:8080/remotes/chat/mf-manifest.json';
const CANARY = 'https://cdn.example.com/catalogue/v2/mf-manifest.json';

/** Within `percent` of `expected` (a p75 is read within its bucket: about ±4 %). */
const near = (actual: number | null, expected: number, percent = 6) =>
  assert.ok(
    actual !== null && Math.abs(actual / expected - 1) * 100 <= percent,
    `${actual} is not within ${percent} % of ${expected}`,
  );

async function reportSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let releaser: StaffCaller;
  let chatReleaser: StaffCaller;
  let branch: StaffCaller;
  let clock = Date.parse('2026-06-08T14:10:00.000Z');
  let visitors = 0;

  t.before(async () => {
    fixture = await createFixture({
      env: { SERVER_RENDERING: 'off', RELEASE_REQUIRE_PASSED_RUN: '0', VITALS_BEACONS_PER_MINUTE: '0' },
    });
    database = await target.fresh();
    db = database.db;
    app = await buildApp(
      { ...fixture.config, releaseVitals: { tolerancePercent: 10, minSessions: 20, rollback: false } },
      db,
      { catalogue: 'files', vitalsClock: () => new Date(clock) },
    );
    for (const [email, remotes] of [
      ['nadia@crescent.example', 'catalogue'],
      ['sami@crescent.example', 'chat'],
    ] as const) {
      await addStaffAccount(db, email, 'release', null, remotes);
    }
    await addStaffAccount(db, 'branch@crescent.example', 'branch', 'Dubai');
    releaser = await signInStaff(app, 'nadia@crescent.example');
    chatReleaser = await signInStaff(app, 'sami@crescent.example');
    branch = await signInStaff(app, 'branch@crescent.example');
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  /** One visitor's page view (their own address and tab), posted as sendBeacon posts it. */
  const visit = async (overrides: Partial<VitalsBeacon>) => {
    visitors += 1;
    const beacon: VitalsBeacon = {
      route: 'our-products',
      edition: 'en',
      viewportWidth: 1280,
      session: `report-visitor-${visitors}`,
      remotes: { catalogue: STABLE },
      metrics: { LCP: 1600, INP: 90, CLS: 0.02 },
      ...overrides,
    };
    const sent = await app.inject({
      method: 'POST',
      url: VITALS_PATH,
      remoteAddress: `10.${visitors >> 8}.${visitors & 255}.1`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(beacon),
    });
    assert.equal(sent.json<{ counted: boolean }>().counted, true, sent.body);
  };
  const remoteUrl = (remote: string) => staffApiPath(STAFF_API.releaseVitals, { remote });

  await t.test(
    "a remote's stable release beside its held canary: p75, samples and share of good, all pages and per route pattern, with the rule's sentence",
    async () => {
      // a page view of stable 40 days ago, and one in an hour the canary had none: neither is compared
      clock = Date.parse('2026-04-29T10:10:00.000Z');
      await visit({ metrics: { LCP: 30_000 } });
      clock = Date.parse('2026-06-08T13:10:00.000Z');
      await visit({ metrics: { LCP: 30_000 } });

      clock = Date.parse('2026-06-08T14:10:00.000Z');
      await registerRelease(db.kysely, 'test', 'catalogue', { version: 'v2', entry: CANARY });
      await setCanary(db.kysely, 'test', 'catalogue', { version: 'v2', percent: 10 });
      for (let index = 0; index < 25; index += 1)
        await visit({
          route: index < 20 ? 'our-products' : 'our-products/:productCategoryId',
          metrics: { LCP: 1600 + index * 15, INP: 90, CLS: 0.02 },
        });
      for (let index = 0; index < 25; index += 1)
        await visit({
          remotes: { catalogue: CANARY },
          metrics: { LCP: 3200 + index * 30, INP: index < 20 ? 150 : 400, CLS: 0.3 },
        });

      const answer = await staffCall(app, releaser, 'GET', remoteUrl('catalogue'));
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(answer.headers['cache-control'], 'no-store');
      const report = answer.json<RemoteVitalsReport>();
      assert.equal(report.remote, 'catalogue');
      assert.equal(report.until, '2026-06-08T14:10:00.000Z');
      assert.equal(report.since, '2026-06-07T14:10:00.000Z');
      assert.equal(report.stable.version, 'variables');
      assert.equal(report.stable.sessions, 25);
      assert.equal(report.stable.all.LCP.samples, 25);
      near(report.stable.all.LCP.p75, 1600 + 18 * 15);
      assert.equal(report.stable.all.LCP.goodShare, 1);
      assert.equal(report.stable.all.CLS.goodShare, 1);
      assert.deepEqual(
        report.stable.routes.map(({ route, vitals }) => [route, vitals.LCP.samples]),
        [
          ['our-products', 20],
          ['our-products/:productCategoryId', 5],
        ],
      );
      const canary = report.canary;
      assert.ok(canary !== null);
      assert.equal(canary.version, 'v2');
      assert.equal(canary.sessions, 25);
      near(canary.all.LCP.p75, 3200 + 18 * 30);
      assert.equal(canary.all.LCP.goodShare, 0);
      assert.equal(canary.all.INP.goodShare, 0.8);
      assert.equal(canary.all.CLS.goodShare, 0);
      assert.equal(report.hold?.held, true);
      assert.match(
        report.hold?.sentence ?? '',
        /^The catalogue canary is held: its pages are slower than stable's by more than 10 %: p75 LCP \d\.\d\d s on the canary against \d\.\d\d s on stable .*25 sessions on the canary v2 and 25 on stable variables\.$/,
      );
    },
  );

  await t.test('a remote without a canary: its stable release alone, no verdict', async () => {
    await visit({
      remotes: { catalogue: STABLE, chat: CHAT },
      edition: 'ar',
      viewportWidth: 390,
      metrics: { LCP: 2000 },
    });
    const report = (await staffCall(app, chatReleaser, 'GET', remoteUrl('chat'))).json<RemoteVitalsReport>();
    assert.equal(report.canary, null);
    assert.equal(report.hold, null);
    assert.equal(report.stable.all.LCP.samples, 1);
    assert.equal(report.stable.all.INP.p75, null);
    assert.equal(report.stable.all.INP.goodShare, null);
  });

  await t.test(
    "the site's pages over 28 days, per edition and device: a view counted once whatever it loaded; tablets and older views out",
    async () => {
      for (let index = 0; index < 2; index += 1)
        await visit({
          remotes: { catalogue: STABLE, chat: CHAT },
          edition: 'ar',
          viewportWidth: 390,
          metrics: { LCP: 2600 },
        });
      await visit({ viewportWidth: 800, metrics: { LCP: 9000 } });
      const answer = await staffCall(app, chatReleaser, 'GET', STAFF_API.siteVitals);
      assert.equal(answer.statusCode, 200, answer.body);
      const site = answer.json<SiteVitalsReport>();
      assert.equal(site.days, 28);
      assert.equal(site.since, '2026-05-11T14:10:00.000Z');
      assert.deepEqual(
        site.pages.map(({ route, edition, device, vitals }) => [route, edition, device, vitals.LCP.samples]),
        [
          ['our-products', 'en', 'desktop', 46],
          ['our-products', 'ar', 'phone', 3],
          ['our-products/:productCategoryId', 'en', 'desktop', 5],
        ],
      );
      const arabicPhones = site.pages.find((page) => page.edition === 'ar');
      assert.equal(arabicPhones?.vitals.LCP.goodShare, 1 / 3);
    },
  );

  await t.test(
    'who may read: the release role its own remotes (and the site), others 403; an unknown remote 400',
    async () => {
      assert.deepEqual((await staffCall(app, chatReleaser, 'GET', remoteUrl('catalogue'))).json(), {
        error: 'Your account may not act on catalogue: only on chat',
      });
      const refused = await staffCall(app, branch, 'GET', remoteUrl('catalogue'));
      assert.deepEqual(
        [refused.statusCode, refused.json()],
        [403, { error: 'Only administrators and the release role can release remotes.' }],
      );
      assert.equal((await staffCall(app, branch, 'GET', STAFF_API.siteVitals)).statusCode, 403);
      assert.equal(
        (await app.inject({ method: 'GET', url: STAFF_API.siteVitals, headers: onStaffOrigin(app) })).statusCode,
        401,
      );
      const unknown = await staffCall(app, releaser, 'GET', remoteUrl('%3Cscript%3E'));
      assert.equal(unknown.statusCode, 400, unknown.body);
    },
  );
}

describe("the releases console's field vitals", () => {
  test('on embedded PGlite', async (t) => reportSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => reportSuite(t, target)));
});
