// The browser's load reports through the whole app (buildApp), on both databases: refused reports (never a 5xx),
// the counts per live release, the rate limit, and the automatic rollback of a failing canary (exactly once under
// concurrent reports, with its audit row and the team's mail in the outbox).
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { buildApp } from '../app.js';
import type { ReleaseSafetyConfig } from '../config.js';
import type { Database } from '../db/index.js';
import { composeOutboxMail } from '../mail/outboxMail.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { recordRenderError } from './releaseHealth.js';
import { listRemotes, registerRelease, setCanary } from './registry.js';

const PAGE = 'http://localhost:8080';
const STABLE = `${PAGE}/remotes/catalogue/mf-manifest.json`;
const CANARY = 'https://cdn.example.com/catalogue/v2/mf-manifest.json';
const TEAM = 'web-team@crescent.example';
const SAFETY: ReleaseSafetyConfig = { rollbackWindow: 10, rollbackFailurePercent: 30, alertEmail: TEAM, reportsPerMinute: 0 };

async function healthSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let limitedApp: FastifyInstance;
  let mailsWoken = 0;

  t.before(async () => {
    fixture = await createFixture({ env: { SERVER_RENDERING: 'off' } });
    database = await target.fresh();
    db = database.db;
    app = await buildApp({ ...fixture.config, releaseSafety: SAFETY }, db, { catalogue: 'files', onOutboxWrite: () => (mailsWoken += 1) });
    limitedApp = await buildApp({ ...fixture.config, releaseSafety: { ...SAFETY, reportsPerMinute: 2 } }, db, { catalogue: 'files' });
  });
  t.after(async () => {
    await app?.close();
    await limitedApp?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const report = (body: unknown, on = app, contentType = 'application/json') =>
    on.inject({ method: 'POST', url: REMOTE_LOAD_REPORT_PATH, headers: { 'content-type': contentType }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
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
      [{ remote: 'catalogue', entry: STABLE, outcome: 'loaded', kind: 'entry' }, 400, /kind goes with a failed outcome/],
      [{ remote: 'catalogue', entry: STABLE, outcome: 'failed', kind: 'disk' }, 400, /kind must be one of manifest, entry, module/],
      [{ remote: 'catalogue', entry: STABLE, outcome: 'loaded', token: 'x' }, 400, /send \{ "remote", "entry", "outcome", "kind"\? \}/],
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

  await t.test("each live release's loads, failures and render errors are counted; a release not live is not", async () => {
    assert.deepEqual((await report({ remote: 'catalogue', entry: STABLE, outcome: 'loaded' })).json(), { counted: true });
    // the page's host does not matter for a release on the site itself: its path does
    assert.equal((await report({ remote: 'catalogue', entry: 'https://www.example.com/remotes/catalogue/mf-manifest.json', outcome: 'loaded' })).statusCode, 202);
    assert.equal((await report({ remote: 'catalogue', entry: STABLE, outcome: 'failed', kind: 'module' })).statusCode, 202);
    assert.deepEqual((await report({ remote: 'catalogue', entry: CANARY, outcome: 'loaded' })).json(), { counted: false }, 'not registered yet');
    assert.deepEqual((await report({ remote: 'catalogue', entry: 'not a url', outcome: 'loaded' })).json(), { counted: false });
    await recordRenderError(db.kysely, 'catalogue', 'stable');
    const listing = await catalogue();
    assert.deepEqual(listing.health, { stable: { loads: 2, failures: 1, renderErrors: 1 }, canary: undefined });
  });

  await t.test('the rate limit: past its reports per minute a client gets 429', async () => {
    const body = { remote: 'chat', entry: `${PAGE}/remotes/chat/mf-manifest.json`, outcome: 'loaded' };
    assert.equal((await report(body, limitedApp)).statusCode, 202);
    assert.equal((await report(body, limitedApp)).statusCode, 202);
    const third = await report(body, limitedApp);
    assert.equal(third.statusCode, 429);
    assert.match(third.json<{ error: string }>().error, /Too many load reports/);
  });

  await t.test('a canary failing past the threshold is rolled back once, under concurrent reports, with an audit row and the mail', async () => {
    await registerRelease(db.kysely, 'test', 'catalogue', { version: 'v2', entry: CANARY });
    await setCanary(db.kysely, 'test', 'catalogue', { version: 'v2', percent: 50 });
    const canary = (outcome: 'loaded' | 'failed') => report(outcome === 'loaded' ? { remote: 'catalogue', entry: CANARY, outcome } : { remote: 'catalogue', entry: CANARY, outcome, kind: 'entry' });
    for (let i = 0; i < 7; i += 1) assert.deepEqual((await canary('loaded')).json(), { counted: true });
    await canary('failed');
    await canary('failed');
    // 2 failures of 9 loads: fewer loads than the window, nothing happens
    assert.equal((await catalogue()).canaryPercent, 50);
    const answers = await Promise.all(Array.from({ length: 10 }, () => canary('failed')));
    assert.ok(answers.every((answer) => answer.statusCode === 202), answers.map((answer) => answer.body).join());

    const after = await catalogue();
    assert.equal(after.canaryPercent, 0, 'the canary is out');
    assert.equal(after.stable.entry, '/remotes/catalogue/mf-manifest.json', 'the stable release stays');
    assert.equal(after.health.canary?.loads, 7);
    assert.ok((after.health.canary?.failures ?? 0) >= 3);
    const audit = await db.query<{ actor: string; detail: string }>("select actor, detail from release_audit where action = 'auto-rollback'");
    assert.equal(audit.length, 1, 'rolled back exactly once');
    assert.equal(audit[0]?.actor, 'automatic rollback');
    assert.match(audit[0]?.detail ?? '', /^v2: \d+ of its last 10 loads failed \(threshold 30%\), canary at 0%$/);
    const mails = await db.query<{ id: number; kind: string; ref_id: number | null; recipient: string; payload: unknown }>(
      "select id, kind, ref_id, recipient, payload from outbox where kind = 'release_rollback'",
    );
    assert.equal(mails.length, 1, 'one mail');
    assert.equal(mails[0]?.recipient, TEAM);
    assert.ok(mailsWoken >= 1, 'the outbox worker was woken');
    const mail = await composeOutboxMail(mails[0], 'Website <website@crescent.example>');
    assert.equal(mail.subject, 'Canary v2 of catalogue was rolled back automatically');
    assert.match(mail.text, /of the last 10 loads of catalogue's canary release v2 failed/);

    // every visitor is on the stable build again, and later failures of the old canary are not counted
    const map = (await app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: 'site_cohort=1' } })).json<{ remotes: { name: string; entry: string }[] }>();
    assert.equal(map.remotes.find((remote) => remote.name === 'catalogue')?.entry, '/remotes/catalogue/mf-manifest.json');
    assert.deepEqual((await canary('failed')).json(), { counted: false });
    assert.equal((await db.query("select id from release_audit where action = 'auto-rollback'")).length, 1);
  });
}

describe('the load reports of remotes and the automatic rollback', () => {
  test('on embedded PGlite', async (t) => healthSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => healthSuite(t, target)));
});
