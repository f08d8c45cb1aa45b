// A QA run's token through the whole app over real HTTP, every request from 127.0.0.1 as a pinned run from one machine
// is: who may make one (a release token of the remote, an admin, the remote's release staff; no one else), that it
// lifts the per-address limits for the requests that bear it and for no others (a made-up, expired or revoked one
// lifts nothing), that its page loads and vitals are not counted as a visitor's, that it opens nothing else (the release API: 403),
// and that recording the remote's run ends it.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CHAT_API_PATH } from '@site/contracts/api';
import {
  QA_TOKEN_HEADER,
  QA_TOKEN_HOURS,
  REMOTE_LOAD_REPORT_PATH,
  type CreatedQaToken,
  type ReleaseTokenInfo,
} from '@site/contracts/releases-api';
import { CSRF_HEADER, STAFF_API, staffApiPath, type StaffSession } from '@site/contracts/staff-api';
import { VITALS_PATH } from '@site/contracts/vitals-api';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { listenOnLoopback, listenStaffOnLoopback } from '../test-support/ports.js';
import { hashPassword } from '../staff/passwords.js';
import {
  addStaffAccount,
  codeAt,
  currentStep,
  STAFF_TEST_PASSWORD,
  STAFF_TEST_TOTP_SECRET,
} from '../test-support/staffSignIn.js';
import { registerRelease, setCanary } from './registry.js';
import { RELEASES_API } from './releaseRoutes.js';
import { createReleaseToken } from './tokens.js';

/** Each per-address limit of the app, low: the third request from one address within a minute is refused. */
const LIMIT = 2;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  setCookie: string | null;
}

async function qaSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let site = '';
  let staff = '';
  let catalogueToken = '';
  let chatToken = '';
  /** The catalogue's live canary: a visitor's report of it is weighed towards its rollback (remote_load_outcomes). */
  const CANARY = 'https://cdn.example.com/catalogue/v2/mf-manifest.json';

  t.before(async () => {
    fixture = await createFixture({
      env: {
        SERVER_RENDERING: 'off',
        RELEASE_REQUIRE_PASSED_RUN: '0',
        SUBMIT_RATE_LIMIT_MAX: String(LIMIT),
        CHAT_RATE_LIMIT_MAX: String(LIMIT),
        RELEASE_REPORTS_PER_MINUTE: String(LIMIT),
        VITALS_BEACONS_PER_MINUTE: String(LIMIT),
      },
    });
    database = await target.fresh();
    db = database.db;
    app = await buildApp(fixture.config, db, { catalogue: 'files' });
    site = `http://127.0.0.1:${await listenOnLoopback(app)}`;
    staff = await listenStaffOnLoopback(app);
    catalogueToken = (
      await createReleaseToken(db.kysely, 'test', {
        name: 'catalogue pipeline',
        remotes: ['catalogue'],
        expiresInDays: 1,
      })
    ).token;
    chatToken = (
      await createReleaseToken(db.kysely, 'test', { name: 'chat pipeline', remotes: ['chat'], expiresInDays: 1 })
    ).token;
    await db.query(
      "insert into staff_accounts (email, password_hash, role, totp_secret, totp_enabled_at) values ('admin@crescent.example', $1, 'admin', $2, now())",
      [await hashPassword(STAFF_TEST_PASSWORD), STAFF_TEST_TOTP_SECRET],
    );
    await registerRelease(db.kysely, 'test', 'catalogue', { version: 'v2', entry: CANARY });
    await setCanary(db.kysely, 'test', 'catalogue', { version: 'v2', percent: 5 });
    await addStaffAccount(db, 'chat.release@crescent.example', 'release', null, 'chat');
    await addStaffAccount(db, 'dubai@crescent.example', 'branch', 'Dubai');
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const send = async (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> => {
    const res = await fetch(url, {
      method: init.method ?? 'POST',
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
      setCookie: res.headers.get('set-cookie'),
    };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const qa = (token: string) => ({ [QA_TOKEN_HEADER]: token });
  /** A QA token for `remote`, made by the catalogue pipeline's token. */
  const mint = async (remote = 'catalogue'): Promise<CreatedQaToken> => {
    const made = await send(`${site}${RELEASES_API.qaToken(remote)}`, {
      headers: bearer(remote === 'chat' ? chatToken : catalogueToken),
      body: {},
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return made.body as unknown as CreatedQaToken;
  };
  /** A staff member signed in on the staff origin over HTTP: the cookie and the CSRF token. */
  const signIn = async (email: string): Promise<{ cookie: string; csrf: string }> => {
    const first = await send(`${staff}${STAFF_API.signIn}`, { body: { email, password: STAFF_TEST_PASSWORD } });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    let cookie = (first.setCookie ?? '').split(';')[0]!;
    let session = first.body as unknown as StaffSession;
    if (session.state === 'second-factor') {
      await db.query('update staff_accounts set totp_last_step = null where email = $1', [email]);
      const second = await send(`${staff}${STAFF_API.secondFactor}`, {
        headers: { cookie },
        body: { code: codeAt(STAFF_TEST_TOTP_SECRET, currentStep()) },
      });
      assert.equal(second.status, 200, JSON.stringify(second.body));
      cookie = (second.setCookie ?? '').split(';')[0]!;
      session = second.body as unknown as StaffSession;
    }
    assert.equal(session.state, 'active');
    return { cookie, csrf: session.csrfToken };
  };
  const staffMint = async (who: { cookie: string; csrf: string }, remote: string) =>
    send(`${staff}${staffApiPath(STAFF_API.releaseQaToken, { remote })}`, {
      headers: { cookie: who.cookie, [CSRF_HEADER]: who.csrf },
    });

  let visitor = 0;
  /** A load report of the catalogue's canary, from 127.0.0.1 (a session of its own each), with `headers`. */
  const loadReport = (headers: Record<string, string> = {}) =>
    send(`${site}${REMOTE_LOAD_REPORT_PATH}`, {
      headers,
      body: { remote: 'catalogue', entry: CANARY, outcome: 'loaded', session: `qa-visitor-${(visitor += 1)}` },
    });
  const chat = (headers: Record<string, string> = {}) =>
    send(`${site}${CHAT_API_PATH}`, { headers, body: { question: 'Do you stock cable glands?', history: [] } });
  /** A page view's vitals as sendBeacon posts them (text/plain), from 127.0.0.1. */
  const beacon = (headers: Record<string, string> = {}) =>
    fetch(`${site}${VITALS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      body: JSON.stringify({
        route: 'our-products',
        edition: 'en',
        viewportWidth: 1280,
        session: `qa-view-${(visitor += 1)}`,
        remotes: { catalogue: CANARY },
        metrics: { LCP: 1600, INP: 90, CLS: 0.02 },
      }),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      setCookie: res.headers.get('set-cookie'),
    }));
  const outcomes = async () =>
    Number((await db.query<{ n: string }>('select count(*) as n from remote_load_outcomes'))[0]!.n);

  await t.test(
    'a release token of the remote, an admin and the remote’s release staff make one (shown once, kept hashed); no one else',
    async () => {
      const made = await mint();
      assert.match(made.token, /^srt_[A-Za-z0-9_-]{43}$/);
      assert.equal(made.remote, 'catalogue');
      const lives = Date.parse(made.expiresAt) - Date.now();
      assert.ok(lives > (QA_TOKEN_HOURS * 60 - 1) * 60_000 && lives <= QA_TOKEN_HOURS * 3_600_000, made.expiresAt);
      const [row] = await db.query<{ scope: string; remotes: string; token_hash: string }>(
        'select scope, remotes, token_hash from release_tokens where id = $1',
        [made.id],
      );
      assert.deepEqual({ scope: row?.scope, remotes: row?.remotes }, { scope: 'qa', remotes: 'catalogue' });
      assert.ok(row !== undefined && !row.token_hash.includes(made.token.slice(4)), 'kept as a hash only');

      // a release token of another remote: its 403, as for any call on that remote
      const otherRemote = await send(`${site}${RELEASES_API.qaToken('catalogue')}`, {
        headers: bearer(chatToken),
        body: {},
      });
      assert.equal(otherRemote.status, 403, JSON.stringify(otherRemote.body));
      assert.equal((await send(`${site}${RELEASES_API.qaToken('catalogue')}`, { body: {} })).status, 401, 'no token');

      const admin = await signIn('admin@crescent.example');
      const byAdmin = await staffMint(admin, 'catalogue');
      assert.equal(byAdmin.status, 201, JSON.stringify(byAdmin.body));
      const chatStaff = await signIn('chat.release@crescent.example');
      assert.equal((await staffMint(chatStaff, 'chat')).status, 201, 'its own remote');
      assert.equal((await staffMint(chatStaff, 'catalogue')).status, 403, 'another team’s remote');
      assert.equal((await staffMint(await signIn('dubai@crescent.example'), 'catalogue')).status, 403, 'branch staff');
      assert.equal(
        (await send(`${staff}${staffApiPath(STAFF_API.releaseQaToken, { remote: 'catalogue' })}`)).status,
        401,
        'no session',
      );
      // not among the pipelines' tokens an admin lists: it ends with its run
      const listed = await send(`${staff}${STAFF_API.releaseTokens}`, {
        method: 'GET',
        headers: { cookie: admin.cookie },
      });
      assert.deepEqual(
        (listed.body.tokens as ReleaseTokenInfo[]).map((token) => token.name),
        ['chat pipeline', 'catalogue pipeline'],
      );
    },
  );

  await t.test(
    'its bearer skips the per-address limits (load reports, chat), which hold for every other request from the same address',
    async () => {
      const { token } = await mint();
      const counted = await outcomes();
      for (let i = 0; i < LIMIT; i += 1)
        assert.deepEqual(await loadReport(), { status: 202, body: { counted: true }, setCookie: null });
      assert.equal(await outcomes(), counted + LIMIT, 'a visitor’s page loads are counted');
      assert.equal((await loadReport()).status, 429, 'the address is over its limit');
      for (let i = 0; i < LIMIT; i += 1) assert.notEqual((await chat()).status, 429);
      assert.equal((await chat()).status, 429);

      const before = await outcomes();
      for (let i = 0; i < LIMIT * 3; i += 1) {
        const answer = await loadReport(qa(token));
        assert.deepEqual([answer.status, answer.body], [202, { counted: false }], `QA load report ${i + 1}`);
        assert.notEqual((await chat(qa(token))).status, 429, `QA question ${i + 1}`);
      }
      assert.equal(await outcomes(), before, 'a QA run’s page loads are not a visitor’s');
      // its page views' vitals: never counted (the canary-hold rule reads only visitors'), past the limit; the first of
      // this address's visitors' views are (a network's first sessions count)
      for (let i = 0; i < LIMIT * 2; i += 1)
        assert.deepEqual(await beacon(qa(token)), { status: 202, body: { counted: false }, setCookie: null });
      assert.deepEqual(await beacon(), { status: 202, body: { counted: true }, setCookie: null });
      assert.notEqual((await beacon()).status, 429);
      assert.equal((await beacon()).status, 429);
      // the same address without the token: still refused
      assert.equal((await loadReport()).status, 429);
      assert.equal((await chat()).status, 429);
    },
  );

  await t.test('a made-up or expired QA token, or another scope’s token in its place, lifts nothing', async () => {
    const { token, id } = await mint();
    const madeUp = `srt_${'A'.repeat(43)}`;
    for (const header of [madeUp, catalogueToken, `${token}x`, token.toLowerCase()]) {
      assert.equal((await loadReport(qa(header))).status, 429, `x-qa-token ${header.slice(0, 8)}…`);
      assert.equal((await chat(qa(header))).status, 429);
    }
    assert.equal((await loadReport(qa(token))).status, 202, 'the token itself, in force');
    await db.query("update release_tokens set expires_at = now() - interval '1 second' where id = $1", [id]);
    assert.equal((await loadReport(qa(token))).status, 429, 'expired');
    assert.equal((await chat(qa(token))).status, 429, 'expired');
  });

  await t.test('it opens nothing else: the release API answers 403, the staff API 401', async () => {
    const { token } = await mint();
    const asRelease = await send(`${site}${RELEASES_API.remotes}`, { method: 'GET', headers: bearer(token) });
    assert.equal(asRelease.status, 403, JSON.stringify(asRelease.body));
    assert.match(String(asRelease.body.error), /^This is a qa token: it cannot release/);
    const promote = await send(`${site}${RELEASES_API.promote('catalogue')}`, { headers: bearer(token), body: {} });
    assert.equal(promote.status, 403);
    assert.equal(
      (await send(`${staff}${STAFF_API.releaseRemotes}`, { method: 'GET', headers: qa(token) })).status,
      401,
    );
  });

  await t.test('recording the remote’s pinned run ends its QA token', async () => {
    const { token, id } = await mint();
    const chatRun = await mint('chat');
    assert.equal((await loadReport(qa(token))).status, 202);
    const recorded = await send(`${site}${RELEASES_API.runs('catalogue')}`, {
      headers: bearer(catalogueToken),
      body: { passed: true },
    });
    assert.equal(recorded.status, 201, JSON.stringify(recorded.body));
    assert.equal((await loadReport(qa(token))).status, 429, 'the run is over');
    const [row] = await db.query<{ revoked: boolean }>(
      'select revoked_at is not null as revoked from release_tokens where id = $1',
      [id],
    );
    assert.equal(row?.revoked, true);
    assert.notEqual((await chat(qa(chatRun.token))).status, 429, 'another remote’s run goes on');
  });
}

describe('QA tokens', () => {
  test('on embedded PGlite', (t) => qaSuite(t, pgliteTarget));
  test('on PostgreSQL', (t) => onPostgres(t, (target) => qaSuite(t, target)));
});
