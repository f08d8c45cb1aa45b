// The browser's load reports through the whole app (buildApp), on both databases: refused reports (never a 5xx),
// the counts per live release, the rate limit, and the automatic rollback of a failing canary (exactly once under
// concurrent reports, with its audit row and the team's mail in the outbox; not for forged failures from one address;
// at a canary's 1 visitor a minute, by an injected clock), and the refused promote of the build it took out.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { buildApp } from '../app.js';
import { RELEASE_SAFETY_DEFAULTS } from '../platform/config.js';
import type { ReleaseSafetyConfig } from './settings.js';
import type { Database } from '../platform/db/index.js';
import { composeOutboxMail } from '../outboxMail.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { recordRenderError } from './releaseHealth.js';
import { listRemotes, registerRelease, setCanary } from './registry.js';
import { createReleaseToken } from './tokens.js';
import { RELEASES_API } from './releaseRoutes.js';

const PAGE = 'http://localhost:8080';
const STABLE = `${PAGE}/remotes/catalogue/mf-manifest.json`;
const CANARY = 'https://cdn.example.com/catalogue/v2/mf-manifest.json';
const TEAM = 'web-team@crescent.example';
// the site's defaults (the last 50 visitors within 10 minutes; 3 at least, 20 % failing, from 3 networks), no rate limit
const SAFETY: ReleaseSafetyConfig = { ...RELEASE_SAFETY_DEFAULTS, alertEmail: TEAM, reportsPerMinute: 0 };
const START = Date.parse('2026-06-08T14:00:00.000Z');

async function healthSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let limitedApp: FastifyInstance;
  let mailsWoken = 0;
  /** The time the app receives reports at: moved by the tests, never waited for. */
  let clock = START;

  t.before(async () => {
    // the promote gate off: a promote here is refused for its rollback or not at all (pinnedRuns.test.ts has the gate)
    fixture = await createFixture({ env: { SERVER_RENDERING: 'off', RELEASE_REQUIRE_PASSED_RUN: '0' } });
    database = await target.fresh();
    db = database.db;
    app = await buildApp({ ...fixture.config, releaseSafety: SAFETY }, db, {
      catalogue: 'files',
      onOutboxWrite: () => (mailsWoken += 1),
      releaseClock: () => new Date(clock),
    });
    limitedApp = await buildApp({ ...fixture.config, releaseSafety: { ...SAFETY, reportsPerMinute: 2 } }, db, {
      catalogue: 'files',
    });
  });
  t.after(async () => {
    await app?.close();
    await limitedApp?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const report = (
    body: unknown,
    on = app,
    contentType = 'application/json',
    from = '127.0.0.1',
    headers: Record<string, string> = {},
  ) =>
    on.inject({
      method: 'POST',
      url: REMOTE_LOAD_REPORT_PATH,
      remoteAddress: from,
      headers: { 'content-type': contentType, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  let visitors = 0;
  /** A new visitor's report of the catalogue build `entry`: their own address (10.<n>) and session id. */
  const visitorReport = (entry: string, outcome: 'loaded' | 'failed') => {
    visitors += 1;
    const from = `10.${Math.floor(visitors / 250)}.${visitors % 250}.1`;
    return report(
      {
        remote: 'catalogue',
        entry,
        outcome,
        ...(outcome === 'failed' ? { kind: 'entry' } : {}),
        session: `visitor-${visitors}`,
      },
      app,
      'application/json',
      from,
    );
  };
  /** A release `version` of the catalogue registered and put in front of 10 % of visitors; its manifest address. */
  const newCanary = async (version: string): Promise<string> => {
    const entry = `https://cdn.example.com/catalogue/${version}/mf-manifest.json`;
    await registerRelease(db.kysely, 'test', 'catalogue', { version, entry });
    await setCanary(db.kysely, 'test', 'catalogue', { version, percent: 10 });
    return entry;
  };
  const catalogue = async () => {
    const [listing] = await listRemotes(db.kysely, ['catalogue']);
    assert.ok(listing !== undefined);
    return listing;
  };

  await t.test('a bad report is refused with a 400, 413 or 415 saying what to fix, never a 5xx', async () => {
    const refusals: [unknown, number, RegExp, string?][] = [
      [{ remote: 'billing', entry: STABLE, outcome: 'loaded' }, 400, /Unknown remote "billing"/],
      [{ remote: 'catalogue', entry: STABLE, outcome: 'exploded' }, 400, /outcome must be "loaded" or "failed"/],
      [{ remote: 'catalogue', entry: STABLE, outcome: 'failed' }, 400, /kind goes with a failed outcome/],
      [
        { remote: 'catalogue', entry: STABLE, outcome: 'loaded', kind: 'entry' },
        400,
        /kind goes with a failed outcome/,
      ],
      [
        { remote: 'catalogue', entry: STABLE, outcome: 'failed', kind: 'disk' },
        400,
        /kind must be one of manifest, entry, module/,
      ],
      [
        { remote: 'catalogue', entry: STABLE, outcome: 'loaded', token: 'x' },
        400,
        /send \{ "remote", "entry", "outcome", "kind"\?, "session"\? \}/,
      ],
      [
        { remote: 'catalogue', entry: STABLE, outcome: 'loaded', session: 'a b' },
        400,
        /session must be the page's session id/,
      ],
      [{ remote: 'catalogue', entry: 'x'.repeat(700), outcome: 'loaded' }, 400, /entry must be at most 600 characters/],
      [[1, 2], 400, /send \{ "remote"/],
      ['{"remote":', 400, /not valid JSON/],
      [{ remote: 'catalogue', entry: `${STABLE}?${'x'.repeat(2000)}`, outcome: 'loaded' }, 413, /too large/],
      ['remote=catalogue', 415, /as JSON/, 'application/x-www-form-urlencoded'],
    ];
    for (const [body, status, message, contentType] of refusals) {
      const answer = await report(body, app, contentType);
      assert.equal(answer.statusCode, status, `${JSON.stringify(body).slice(0, 80)}: ${answer.body}`);
      assert.match(answer.json<{ error: string }>().error, message);
    }
    const { health } = await catalogue();
    assert.deepEqual(health.stable, { loads: 0, failures: 0, renderErrors: 0 }, 'nothing refused was counted');
  });

  await t.test(
    "each live release's loads, failures and render errors are counted; a release not live is not",
    async () => {
      assert.deepEqual((await report({ remote: 'catalogue', entry: STABLE, outcome: 'loaded' })).json(), {
        counted: true,
      });
      // the page's host does not matter for a release on the site itself: its path does
      assert.equal(
        (
          await report({
            remote: 'catalogue',
            entry: 'https://www.example.com/remotes/catalogue/mf-manifest.json',
            outcome: 'loaded',
          })
        ).statusCode,
        202,
      );
      assert.equal(
        (await report({ remote: 'catalogue', entry: STABLE, outcome: 'failed', kind: 'module' })).statusCode,
        202,
      );
      assert.deepEqual(
        (await report({ remote: 'catalogue', entry: CANARY, outcome: 'loaded' })).json(),
        { counted: false },
        'not registered yet',
      );
      assert.deepEqual((await report({ remote: 'catalogue', entry: 'not a url', outcome: 'loaded' })).json(), {
        counted: false,
      });
      await recordRenderError(db.kysely, 'catalogue', 'stable');
      const listing = await catalogue();
      assert.deepEqual(listing.health, { stable: { loads: 2, failures: 1, renderErrors: 1 }, canary: undefined });
    },
  );

  await t.test('the rate limit: past its reports per minute a client gets 429', async () => {
    const body = { remote: 'chat', entry: `${PAGE}/remotes/chat/mf-manifest.json`, outcome: 'loaded' };
    assert.equal((await report(body, limitedApp)).statusCode, 202);
    assert.equal((await report(body, limitedApp)).statusCode, 202);
    const third = await report(body, limitedApp);
    assert.equal(third.statusCode, 429);
    assert.match(third.json<{ error: string }>().error, /Too many load reports/);
  });

  await t.test(
    'a canary failing past the threshold is rolled back once, under concurrent reports, with an audit row and the mail',
    async () => {
      await registerRelease(db.kysely, 'test', 'catalogue', { version: 'v2', entry: CANARY });
      await setCanary(db.kysely, 'test', 'catalogue', { version: 'v2', percent: 50 });
      const canary = (outcome: 'loaded' | 'failed') => visitorReport(CANARY, outcome);
      for (let i = 0; i < 7; i += 1) assert.deepEqual((await canary('loaded')).json(), { counted: true });
      await canary('failed');
      await canary('failed');
      // 2 failures of 9 visitors (22 %), but from 2 addresses only: nothing happens
      assert.equal((await catalogue()).canaryPercent, 50);
      const answers = await Promise.all(Array.from({ length: 10 }, () => canary('failed')));
      assert.ok(
        answers.every((answer) => answer.statusCode === 202),
        answers.map((answer) => answer.body).join(),
      );

      const after = await catalogue();
      assert.equal(after.canaryPercent, 0, 'the canary is out');
      assert.equal(after.stable.entry, '/remotes/catalogue/mf-manifest.json', 'the stable release stays');
      assert.equal(after.health.canary?.loads, 7);
      assert.ok((after.health.canary?.failures ?? 0) >= 3);
      const audit = await db.query<{ actor: string; detail: string }>(
        "select actor, detail from release_audit where action = 'auto-rollback'",
      );
      assert.equal(audit.length, 1, 'rolled back exactly once');
      assert.equal(audit[0]?.actor, 'automatic rollback');
      assert.match(
        audit[0]?.detail ?? '',
        /^v2: \d+ of its last \d+ loads failed \(from \d+ networks in \d+ wide networks within 600 s; threshold 20%\), canary at 0%$/,
      );
      const mails = await db.query<{
        id: number;
        kind: string;
        ref_id: number | null;
        recipient: string;
        payload: unknown;
      }>("select id, kind, ref_id, recipient, payload from outbox where kind = 'release_rollback'");
      assert.equal(mails.length, 1, 'one mail');
      assert.equal(mails[0]?.recipient, TEAM);
      assert.ok(mailsWoken >= 1, 'the outbox worker was woken');
      const mail = await composeOutboxMail(mails[0], 'Website <website@crescent.example>');
      assert.equal(mail.subject, 'Canary v2 of catalogue was rolled back automatically');
      assert.match(mail.text, /of the last \d+ loads of catalogue's canary release v2 failed/);

      // every visitor is on the stable build again, and later failures of the old canary are not counted
      const map = (
        await app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: 'site_cohort=1' } })
      ).json<{ remotes: { name: string; entry: string }[] }>();
      assert.equal(
        map.remotes.find((remote) => remote.name === 'catalogue')?.entry,
        '/remotes/catalogue/mf-manifest.json',
      );
      assert.deepEqual((await canary('failed')).json(), { counted: false });
      assert.equal((await db.query("select id from release_audit where action = 'auto-rollback'")).length, 1);
    },
  );

  await t.test(
    'forged failures from one address do not roll back a canary that loads for its visitors; failures from several addresses do',
    async () => {
      const entry = await newCanary('v3');
      for (let i = 0; i < 40; i += 1) assert.equal((await visitorReport(entry, 'loaded')).statusCode, 202);
      // one address posts a burst of failures, each with another session id and an invented X-Forwarded-For
      for (let i = 0; i < 10; i += 1) {
        const forged = { remote: 'catalogue', entry, outcome: 'failed', kind: 'entry', session: `forged-session-${i}` };
        const answer = await report(forged, app, 'application/json', '203.0.113.7', {
          'x-forwarded-for': `198.51.100.${i + 1}`,
        });
        assert.deepEqual(answer.json(), { counted: true });
      }
      const forgedAt = await catalogue();
      assert.equal(forgedAt.canaryPercent, 10, 'the canary stays: one address weighs as 3 visitors at most');
      assert.deepEqual(
        forgedAt.health.canary,
        { loads: 40, failures: 10, renderErrors: 0 },
        'every report is in the totals',
      );
      assert.equal(forgedAt.canary?.rolledBack, null);

      for (let i = 0; i < 10; i += 1) assert.equal((await visitorReport(entry, 'failed')).statusCode, 202);
      const after = await catalogue();
      assert.equal(after.canaryPercent, 0, 'failing for visitors on several addresses, it is out');
      assert.match(
        after.canary?.rolledBack?.reason ?? '',
        /^\d+ of its last 50 loads failed \(from \d+ networks in \d+ wide networks within 600 s; threshold 20%\)$/,
      );
    },
  );

  await t.test(
    'a canary failing everyone on a site of 10 visitors a minute, at 10 % (its 1 visitor a minute), is out at its third failing visitor; older loads do not count',
    async () => {
      const entry = await newCanary('v4');
      // an hour of loads that worked: they do not hide what the canary does now
      for (let i = 0; i < 45; i += 1) await visitorReport(entry, 'loaded');
      clock += 3_600_000;
      const failingSince = clock;
      for (let i = 1; i <= 2; i += 1) {
        await visitorReport(entry, 'failed');
        assert.equal((await catalogue()).canaryPercent, 10, `${i} failing visitors: fewer than 3, nothing happens`);
        clock += 60_000;
      }
      await visitorReport(entry, 'failed');
      const after = await catalogue();
      assert.equal(after.canaryPercent, 0, 'the third failing visitor takes it out');
      assert.equal(clock - failingSince, 120_000, 'two minutes after the first failure, within the 10-minute window');
      const reason = '3 of its last 3 loads failed (from 3 networks in 3 wide networks within 600 s; threshold 20%)';
      assert.deepEqual(after.canary?.rolledBack, { at: new Date(clock).toISOString(), reason });
      assert.deepEqual(
        (
          await db.query<{ detail: string }>(
            "select detail from release_audit where action = 'auto-rollback' order by id desc limit 1",
          )
        )[0]?.detail,
        `v4: ${reason}, canary at 0%`,
      );
    },
  );

  await t.test(
    'the build the automatic rollback took out is refused promote, saying why, until an admin registers it again',
    async () => {
      const { token } = await createReleaseToken(db.kysely, 'test', {
        name: 'catalogue pipeline',
        remotes: ['catalogue'],
        expiresInDays: 1,
      });
      const promote = () =>
        app.inject({
          method: 'POST',
          url: RELEASES_API.promote('catalogue'),
          headers: { authorization: `Bearer ${token}` },
        });
      const refused = await promote();
      assert.equal(refused.statusCode, 409);
      const at = new Date(clock).toISOString().slice(11, 16);
      assert.equal(
        refused.json<{ error: string }>().error,
        `This build (v4) was rolled back automatically at ${at} UTC because 3 of its last 3 loads failed (from 3 networks in 3 wide networks within 600 s; threshold 20%); a person must decide to promote it: an admin or a release account, signed in to the releases console`,
      );
      assert.equal((await catalogue()).stable.version, 'variables', 'the stable release stays');

      const v4 = { version: 'v4', entry: 'https://cdn.example.com/catalogue/v4/mf-manifest.json' };
      await assert.rejects(
        registerRelease(db.kysely, 'release staff', 'catalogue', v4),
        /v4 of catalogue was rolled back automatically: only an admin can register it again/,
      );
      await assert.rejects(
        registerRelease(db.kysely, 'admin', 'catalogue', { ...v4, entry: CANARY }, true),
        /already has a release "v4"/,
        'another build under its label is not it',
      );
      const again = await registerRelease(db.kysely, 'staff admin@crescent.example', 'catalogue', v4, true);
      assert.equal(again.rolledBack, null);
      const promoted = await promote();
      assert.equal(promoted.statusCode, 200, promoted.body);
      assert.equal(promoted.json<{ stable: { version: string } }>().stable.version, 'v4');
      const audit = await db.query<{ actor: string; action: string }>(
        "select actor, action from release_audit where action in ('register-again', 'promote') order by id",
      );
      assert.deepEqual(
        audit.map(({ action }) => action),
        ['register-again', 'promote'],
      );
      assert.equal(audit[0]?.actor, 'staff admin@crescent.example');
    },
  );

  await t.test(
    'failure reports from one IPv6 /64, or from the /64s of one /48, do not roll back a canary; as many from distinct networks do',
    async () => {
      const failedFrom = (entry: string, address: string, session: string) =>
        report(
          { remote: 'catalogue', entry, outcome: 'failed', kind: 'entry', session },
          app,
          'application/json',
          address,
        );
      const forgedAt = await newCanary('v5');
      for (let i = 1; i <= 50; i += 1) {
        assert.deepEqual((await failedFrom(forgedAt, `2001:db8:64:1::${i.toString(16)}`, `one-64-${i}`)).json(), {
          counted: true,
        });
        if (i === 5 || i === 50)
          assert.equal(
            (await catalogue()).canaryPercent,
            10,
            `${i} failures from ${i} addresses of one /64: one visitor network`,
          );
      }
      for (let i = 1; i <= 50; i += 1) {
        assert.deepEqual((await failedFrom(forgedAt, `2001:db8:48:${i.toString(16)}::1`, `one-48-${i}`)).json(), {
          counted: true,
        });
        if (i === 5 || i === 50)
          assert.equal(
            (await catalogue()).canaryPercent,
            10,
            `${i} failures from ${i} /64s of one /48: one wide network`,
          );
      }
      assert.equal((await catalogue()).canary?.rolledBack, null);

      const failingAt = await newCanary('v6');
      for (let i = 1; i <= 5; i += 1)
        await failedFrom(failingAt, `2001:db8:${(0x100 + i).toString(16)}::1`, `distinct-${i}`);
      const after = await catalogue();
      assert.equal(after.canaryPercent, 0, 'failing from 5 networks in 5 /48s, it is out');
      assert.match(
        after.canary?.rolledBack?.reason ?? '',
        /loads failed \(from \d+ networks in \d+ wide networks within \d+ s; threshold 20%\)$/,
      );
    },
  );

  await t.test(
    "a build the automatic rollback took out is not put back by a token; a person's decision returns it with its failures counted afresh",
    async () => {
      // v6, taken out above for failing from 5 networks, is the canary at 0 %
      assert.equal((await catalogue()).canary?.version, 'v6');
      const v6 = 'https://cdn.example.com/catalogue/v6/mf-manifest.json';
      const { token } = await createReleaseToken(db.kysely, 'test', {
        name: 'catalogue pipeline',
        remotes: ['catalogue'],
        expiresInDays: 1,
      });
      const withToken = (url: string, body?: unknown) =>
        app.inject({
          method: 'POST',
          url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      for (const [what, answer] of [
        ['by version', await withToken(RELEASES_API.canary('catalogue'), { version: 'v6', percent: 10 })],
        ['as the current canary', await withToken(RELEASES_API.canary('catalogue'), { percent: 50 })],
        ['promoted', await withToken(RELEASES_API.promote('catalogue'))],
      ] as const) {
        assert.equal(answer.statusCode, 409, `${what}: ${answer.body}`);
        assert.match(
          answer.json<{ error: string }>().error,
          /^This build \(v6\) was rolled back automatically at \d\d:\d\d UTC because .+; a person must decide to (put it in front of visitors again|promote it): an admin or a release account, signed in to the releases console$/,
          what,
        );
      }
      const refused = await catalogue();
      assert.equal(refused.canaryPercent, 0, 'still out');
      assert.notEqual(refused.canary?.rolledBack, null, 'still marked');
      // taking it further out is anyone's to do
      assert.equal((await withToken(RELEASES_API.canary('catalogue'), { percent: 0 })).statusCode, 200);

      // a release account (signed in: the staff API's actor) puts it back: the mark goes, and its old failures with it
      await setCanary(db.kysely, 'staff release@crescent.example', 'catalogue', { version: 'v6', percent: 10 });
      const returned = await catalogue();
      assert.equal(returned.canaryPercent, 10);
      assert.equal(returned.canary?.rolledBack, null);
      const [audit] = await db.query<{ actor: string; detail: string }>(
        "select actor, detail from release_audit where action = 'canary' order by id desc limit 1",
      );
      assert.deepEqual(audit, {
        actor: 'staff release@crescent.example',
        detail: 'v6 at 10%: v6 had been rolled back automatically, returned by a person; its failures count afresh',
      });
      assert.equal((await visitorReport(v6, 'failed')).statusCode, 202);
      assert.equal((await catalogue()).canaryPercent, 10, 'one new failure is one failure, not the sixth');
    },
  );
}

describe('the load reports of remotes and the automatic rollback', () => {
  test('on embedded PGlite', async (t) => healthSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => healthSuite(t, target)));
});
