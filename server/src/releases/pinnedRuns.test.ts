// The promote gate of a canary pinned for a test run, through the whole app on both databases: with
// RELEASE_REQUIRE_PASSED_RUN naming the catalogue, its canary is promoted only after a passed run was recorded for that
// very release (not for an earlier canary, not when a failed run came later); a remote not named promotes as before.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { PromoteGate } from '@site/contracts/releases-api';
import { buildApp } from '../app.js';
import { loadConfig } from '../app/config.js';
import { ConfigError } from '../platform/config.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { requiredExposes } from './manifestCheck.js';
import { PINNED_RUN_ACTION } from './pinnedRuns.js';
import { registerRelease } from './registry.js';
import { RELEASES_API } from './releaseRoutes.js';
import { createReleaseToken } from './tokens.js';

type Answer = { status: number; error: string; body: Record<string, unknown> };

async function gateSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let token = '';
  let catalogueOnly = '';

  t.before(async () => {
    fixture = await createFixture({ env: { SERVER_RENDERING: 'off', RELEASE_REQUIRE_PASSED_RUN: 'catalogue' } });
    database = await target.fresh();
    db = database.db;
    app = await buildApp(fixture.config, db, { catalogue: 'files' });
    token = (
      await createReleaseToken(db.kysely, 'test', {
        name: 'pipeline',
        remotes: ['catalogue', 'chat'],
        expiresInDays: 1,
      })
    ).token;
    catalogueOnly = (
      await createReleaseToken(db.kysely, 'test', {
        name: 'catalogue pipeline',
        remotes: ['catalogue'],
        expiresInDays: 1,
      })
    ).token;
    for (const version of ['v2', 'v3'])
      await registerRelease(db.kysely, 'test', 'catalogue', {
        version,
        entry: `https://cdn.example.com/catalogue/${version}/mf-manifest.json`,
      });
    await registerRelease(db.kysely, 'test', 'chat', {
      version: 'v2',
      entry: 'https://cdn.example.com/chat/v2/mf-manifest.json',
    });
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const call = async (url: string, body: unknown, bearer = token): Promise<Answer> => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const json = res.json<Record<string, unknown>>();
    return { status: res.statusCode, error: typeof json.error === 'string' ? json.error : '', body: json };
  };
  const gateOf = async (remote: string) =>
    (
      await app.inject({
        method: 'GET',
        url: RELEASES_API.remote(remote),
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ promoteGate: PromoteGate }>().promoteGate;
  const stableOf = async (remote: string) =>
    (
      await app.inject({
        method: 'GET',
        url: RELEASES_API.remote(remote),
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ stable: { version: string } }>().stable.version;

  await t.test('a run is recorded only against a live canary: at 0 % there was nothing to pin', async () => {
    assert.equal((await call(RELEASES_API.canary('catalogue'), { version: 'v2', percent: 0 })).status, 200);
    const refused = await call(RELEASES_API.runs('catalogue'), { passed: true });
    assert.equal(refused.status, 409);
    assert.match(refused.error, /^catalogue has no live canary, so no run was pinned to one/);
  });

  await t.test('the catalogue canary is promoted only after its latest pinned run passed', async () => {
    assert.equal((await call(RELEASES_API.canary('catalogue'), { percent: 5 })).status, 200);
    const noRun = await call(RELEASES_API.promote('catalogue'), {});
    assert.equal(noRun.status, 409);
    assert.equal(
      noRun.error,
      "catalogue's canary is promoted only after a test run pinned to it passes: run the suites with --site <URL> --canary catalogue, then npm run remotes -- record-run catalogue --passed",
    );
    assert.deepEqual(
      await gateOf('catalogue'),
      { requiresPassedRun: true },
      'required, no run yet (latestRun undefined: left out)',
    );
    const failed = await call(RELEASES_API.runs('catalogue'), {
      passed: false,
      report: 'https://ci.example.com/runs/41',
    });
    assert.equal(failed.status, 201);
    assert.deepEqual(failed.body, { run: { remote: 'catalogue', version: 'v2', passed: false } });
    const afterFailedRun = await gateOf('catalogue');
    assert.deepEqual(
      { ...afterFailedRun.latestRun, recordedAt: undefined },
      {
        version: 'v2',
        passed: false,
        report: 'https://ci.example.com/runs/41',
        recordedBy: 'token 1 "pipeline"',
        recordedAt: undefined,
      },
    );
    assert.ok(
      Math.abs(Date.parse(afterFailedRun.latestRun?.recordedAt ?? '') - Date.now()) < 60_000,
      afterFailedRun.latestRun?.recordedAt,
    );
    const afterFailure = await call(RELEASES_API.promote('catalogue'), {});
    assert.equal(afterFailure.status, 409);
    assert.match(afterFailure.error, /failed its latest pinned test run/);
    assert.equal(await stableOf('catalogue'), 'variables', 'still the old stable release');

    assert.equal((await call(RELEASES_API.runs('catalogue'), { passed: true })).status, 201);
    // a failed run after the passed one is the latest: it counts
    assert.equal((await call(RELEASES_API.runs('catalogue'), { passed: false })).status, 201);
    assert.equal((await call(RELEASES_API.promote('catalogue'), {})).status, 409);
    assert.equal(
      (await call(RELEASES_API.runs('catalogue'), { passed: true, report: 'https://ci.example.com/runs/43' })).status,
      201,
    );
    assert.deepEqual((await gateOf('catalogue')).latestRun?.passed, true);
    assert.equal((await gateOf('catalogue')).latestRun?.report, 'https://ci.example.com/runs/43');
    const promoted = await call(RELEASES_API.promote('catalogue'), {});
    assert.equal(promoted.status, 200, promoted.error);
    assert.equal(await stableOf('catalogue'), 'v2');
    assert.deepEqual(await gateOf('catalogue'), { requiresPassedRun: true }, 'no canary now: no run to show');

    const runs = await db.query<{ actor: string; detail: string }>(
      'select actor, detail from release_audit where action = $1 order by id',
      [PINNED_RUN_ACTION],
    );
    assert.deepEqual(
      runs.map((run) => run.detail.replace(/^release \d+ /, '')),
      ['failed: https://ci.example.com/runs/41', 'passed', 'failed', 'passed: https://ci.example.com/runs/43'],
    );
    assert.ok(
      runs.every((run) => run.actor === 'token 1 "pipeline"'),
      runs[0]?.actor,
    );
  });

  await t.test('a passed run of an earlier canary does not let the next one through', async () => {
    assert.equal((await call(RELEASES_API.canary('catalogue'), { version: 'v3', percent: 10 })).status, 200);
    assert.equal((await call(RELEASES_API.promote('catalogue'), {})).status, 409);
    assert.equal(await stableOf('catalogue'), 'v2');
    assert.deepEqual(await gateOf('catalogue'), { requiresPassedRun: true }, "v2's runs are not v3's");
  });

  await t.test('a remote the setting does not name promotes without a run', async () => {
    assert.equal((await call(RELEASES_API.canary('chat'), { version: 'v2', percent: 10 })).status, 200);
    assert.deepEqual(await gateOf('chat'), { requiresPassedRun: false });
    const listed = (
      await app.inject({ method: 'GET', url: RELEASES_API.remotes, headers: { authorization: `Bearer ${token}` } })
    ).json<{ remotes: { remote: string; promoteGate: PromoteGate }[] }>();
    assert.deepEqual(
      listed.remotes.map(({ remote, promoteGate }) => [remote, promoteGate.requiresPassedRun]),
      [
        ['catalogue', true],
        ['chat', false],
      ],
      'the listing of every remote says it too',
    );
    const promoted = await call(RELEASES_API.promote('chat'), {});
    assert.equal(promoted.status, 200, promoted.error);
    assert.equal(await stableOf('chat'), 'v2');
  });

  await t.test("bad run reports are a clear 400, another remote's token a 403; nothing is recorded", async () => {
    const before = (await db.query('select id from release_audit where action = $1', [PINNED_RUN_ACTION])).length;
    for (const [body, message] of [
      [{ passed: 'yes' }, /passed must be true or false/],
      [{}, /passed must be true or false/],
      [{ passed: true, extra: 1 }, /send \{ "passed", "report"\? \}/],
      [{ passed: true, report: 'line\nbreak' }, /report/],
      [{ passed: true, report: 'x'.repeat(501) }, /report/],
      ['[true]', /send \{ "passed", "report"\? \}/],
    ] as const) {
      const res = await call(RELEASES_API.runs('catalogue'), body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.error}`);
      assert.match(res.error, message);
    }
    assert.equal((await call(RELEASES_API.runs('nosuch'), { passed: true })).status, 400);
    assert.equal((await call(RELEASES_API.runs('chat'), { passed: true }, catalogueOnly)).status, 403);
    assert.equal(
      (await db.query('select id from release_audit where action = $1', [PINNED_RUN_ACTION])).length,
      before,
    );
  });

  await t.test(
    'the token that registered the canary cannot record its passing run: it alone cannot get its build promoted',
    async () => {
      // a build uploaded to this site, registered, made the canary and "tested" by one token
      const manifest = JSON.stringify({
        id: 'catalogue',
        exposes: requiredExposes('catalogue').map((name) => ({ name })),
      });
      await mkdir(path.join(fixture.root, 'mfe-catalogue/dist/v4'), { recursive: true });
      await writeFile(path.join(fixture.root, 'mfe-catalogue/dist/v4/mf-manifest.json'), manifest);
      const registered = await call(
        RELEASES_API.releases('catalogue'),
        { version: 'v4', entry: '/remotes/catalogue/v4/mf-manifest.json' },
        catalogueOnly,
      );
      assert.equal(registered.status, 201, registered.error);
      assert.equal(
        (await call(RELEASES_API.canary('catalogue'), { version: 'v4', percent: 10 }, catalogueOnly)).status,
        200,
      );
      const ownRun = await call(RELEASES_API.runs('catalogue'), { passed: true }, catalogueOnly);
      assert.equal(ownRun.status, 403);
      assert.equal(
        ownRun.error,
        'v4 was registered with this token: its test run is recorded with another token or by a member of staff with the release role',
      );
      assert.equal(
        (await call(RELEASES_API.promote('catalogue'), {}, catalogueOnly)).status,
        409,
        'no run recorded: still not promoted',
      );
      assert.deepEqual(await gateOf('catalogue'), { requiresPassedRun: true });
      // QA's token records it: then the promote goes through
      assert.equal((await call(RELEASES_API.runs('catalogue'), { passed: true })).status, 201);
      assert.equal((await call(RELEASES_API.promote('catalogue'), {}, catalogueOnly)).status, 200);
      assert.equal(await stableOf('catalogue'), 'v4');
    },
  );
}

describe('a canary promoted only after its pinned test run passed', () => {
  test('RELEASE_REQUIRE_PASSED_RUN: every remote unless 0 turns the gate off; or known remotes only', () => {
    assert.deepEqual(
      loadConfig({}).requirePassedRun,
      ['catalogue', 'company', 'contact', 'chat', 'staff'],
      'on by default',
    );
    assert.deepEqual(loadConfig({ RELEASE_REQUIRE_PASSED_RUN: '0' }).requirePassedRun, []);
    assert.throws(
      () => loadConfig({ RELEASE_REQUIRE_PASSED_RUN: 'off' }),
      /RELEASE_REQUIRE_PASSED_RUN must be all, 0 \(no remote\) or comma-separated remote names/,
    );
    assert.deepEqual(loadConfig({ RELEASE_REQUIRE_PASSED_RUN: 'all' }).requirePassedRun, [
      'catalogue',
      'company',
      'contact',
      'chat',
      'staff',
    ]);
    assert.deepEqual(loadConfig({ RELEASE_REQUIRE_PASSED_RUN: 'chat, catalogue,chat' }).requirePassedRun, [
      'chat',
      'catalogue',
    ]);
    assert.deepEqual(
      loadConfig({ RELEASE_REQUIRE_PASSED_RUN: 'staff' }).requirePassedRun,
      ['staff'],
      'the staff remote is released like the others',
    );
    assert.throws(
      () => loadConfig({ RELEASE_REQUIRE_PASSED_RUN: 'catalogue,admin' }),
      (error: unknown) => error instanceof ConfigError && /RELEASE_REQUIRE_PASSED_RUN/.test(error.message),
    );
  });
  test('on embedded PGlite', async (t) => gateSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => gateSuite(t, target)));
});
