// The staff app's access, attacked, on both databases through the whole app (buildApp): every staff
// address refuses a visitor without a session (401; GET session answers {session: null}) or outside its role (403), state changes need the session's CSRF
// token, sign-in hands out a new session id at every step and sign-out ends it on the server, failed sign-ins lock per
// account and per address (also across two processes through Redis), admins never get an active session from a
// password alone, recovery codes work once, TOTP codes once, and an unknown e-mail is answered exactly like a wrong
// password, in the same time.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import {
  CSRF_HEADER,
  STAFF_API,
  staffApiPath,
  type AuditPage,
  type SessionAnswer,
  type StaffAccountSummary,
  type StaffSession,
  type TotpSetup,
} from '@site/contracts/staff-api';
import { buildApp } from '../app.js';
import { loadConfig } from '../app/config.js';
import { openDatabase, runMigrations, type Database } from '../platform/db/index.js';
import { freshAddresses } from '../test-support/addresses.js';
import {
  onPostgres,
  pgliteTarget,
  placeMigratedDatabase,
  type DatabaseTarget,
  type TestDatabase,
} from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { codeAt, currentStep, onStaffOrigin, sessionCookieOf } from '../test-support/staffSignIn.js';
import { assertTakesAsLong } from '../test-support/timing.js';
import { ACCOUNT_FAILURE_LIMIT, ACCOUNT_PASSWORD_LIMIT, ADDRESS_FAILURE_LIMIT, PAIR_FAILURE_LIMIT } from './lockout.js';
import { hashPassword } from './passwords.js';
import { MESSAGES, staffRoutes } from './staffRoutes.js';
import { sharedRedis } from '../platform/http/redis.js';
import { recoveryCodeHash } from './totp.js';
import { REDIS_REQUIRED as required, redisReachable, TEST_REDIS_URL as url } from '../test-support/redis.js';

const PASSWORD = 'amber falcon quietly 71';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every address of the contract with its :params filled, so an address added to STAFF_API is covered here at once. */
const STAFF_ADDRESSES = Object.entries(STAFF_API).map(([name, pattern]) => ({
  name,
  url: staffApiPath(pattern, { kind: 'contact', id: 1, version: 1, remote: 'catalogue' }),
}));
type StaffAddressName = keyof typeof STAFF_API;
/** The catalogue editor's calls and their methods: admins and the catalogue role only. */
const CATALOGUE_CALLS: Partial<Record<StaffAddressName, readonly string[]>> = {
  catalogueProducts: ['GET'],
  catalogueProduct: ['GET'],
  catalogueDraft: ['PUT'],
  cataloguePublish: ['POST'],
  catalogueVersions: ['GET'],
  catalogueDiff: ['GET'],
  catalogueRestore: ['POST'],
  catalogueArchive: ['POST'],
  catalogueUnarchive: ['POST'],
  catalogueSchedule: ['PUT'],
  catalogueScheduleCancel: ['POST'],
  catalogueSchedules: ['GET'],
  cataloguePictures: ['POST'],
  catalogueDatasheets: ['POST'],
  catalogueCreate: ['POST'],
  catalogueDuplicate: ['POST'],
  catalogueDeleteNew: ['POST'],
  catalogueExport: ['GET'],
  catalogueImport: ['POST'],
  catalogueImportJobs: ['GET'],
  catalogueImportJob: ['GET'],
  catalogueImportUndo: ['POST'],
  catalogueBulkEdit: ['POST'],
  catalogueMissingArabic: ['GET'],
  catalogueCategories: ['GET', 'POST'],
  catalogueCategory: ['GET', 'PUT'],
  catalogueCategoryDuplicate: ['POST'],
  catalogueCategoryArchive: ['POST'],
  catalogueCategoryPublish: ['POST'],
};
/** The inbox's and the reviews' calls (and whom work is assigned to, and the admins' own): never the catalogue role's. */
const NOT_CATALOGUE_ROLE_CALLS: Partial<Record<StaffAddressName, readonly string[]>> = {
  accounts: ['GET'],
  inbox: ['GET'],
  inboxCsv: ['GET'],
  inboxItem: ['GET', 'DELETE'],
  inboxStatus: ['POST'],
  inboxAssign: ['POST'],
  inboxNote: ['POST'],
  inboxResend: ['POST'],
  reviews: ['GET'],
  reviewVisibility: ['POST'],
  audit: ['GET'],
  buyerAudit: ['GET'],
};
/** The releases console's registry calls (admins: every remote; the release role: its own remotes only). */
const RELEASE_CALLS: Partial<Record<StaffAddressName, readonly string[]>> = {
  releaseRemotes: ['GET'],
  releaseRemote: ['GET'],
  releaseRegister: ['POST'],
  releaseCanary: ['POST'],
  releasePromote: ['POST'],
  releaseRollback: ['POST'],
  releaseVitals: ['GET'],
  siteVitals: ['GET'],
};
/** The pipelines' release tokens: admins only. */
const RELEASE_TOKEN_CALLS: Partial<Record<StaffAddressName, readonly string[]>> = {
  releaseTokens: ['GET', 'POST'],
  releaseTokenRevoke: ['POST'],
};
/** A fixed second factor for accounts the role matrix signs in (admins need one for an active session). */
const MATRIX_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The calls a session half-way through signing in may make. */
const SIGN_IN_STEPS = new Set<string>([
  STAFF_API.signIn,
  STAFF_API.secondFactor,
  STAFF_API.signOut,
  STAFF_API.session,
  STAFF_API.totpSetup,
  STAFF_API.totpConfirm,
]);

async function addAccount(
  db: Database,
  email: string,
  role: 'admin' | 'branch' | 'catalogue' | 'release',
  branch: string | null = null,
  password = PASSWORD,
  remotes: string | null = null,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into staff_accounts (email, password_hash, role, branch, remotes) values ($1, $2, $3, $4, $5) returning id',
    [
      email.toLowerCase(), // as the CLI keeps them
      await hashPassword(password),
      role,
      branch,
      remotes,
    ],
  );
  return row!.id;
}

/** A client address no other test uses (the per-address lock must not leak between tests). */
const freshAddress = freshAddresses();

interface Call {
  cookie?: string;
  csrf?: string;
  body?: unknown;
  address?: string;
  headers?: Record<string, string>;
}

/** `db`: for the accounts with a second factor (MATRIX_TOTP_SECRET), whose last used step signedIn forgets first. */
function client(app: FastifyInstance, db?: Database) {
  const call = (method: InjectOptions['method'], url: string, options: Call = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: options.address ?? '203.0.113.1',
      headers: {
        ...onStaffOrigin(app),
        ...(options.body === undefined ? {} : JSON_HEADERS),
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
        ...(options.csrf === undefined ? {} : { [CSRF_HEADER]: options.csrf }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
  const signIn = (email: string, password = PASSWORD, options: Call = {}) =>
    call('POST', STAFF_API.signIn, { address: freshAddress(), ...options, body: { email, password } });
  /** Signs an account in: with its password, then a code of MATRIX_TOTP_SECRET when it has a second factor. */
  const signedIn = async (email: string, options: Call = {}) => {
    const res = await signIn(email, PASSWORD, options);
    assert.equal(res.statusCode, 200, res.body);
    let session = res.json<StaffSession>();
    let cookie = sessionCookieOf(res);
    if (session.state === 'second-factor' && db !== undefined) {
      // another test may have used this step's code: a code works once
      await db.query('update staff_accounts set totp_last_step = null where email = $1', [email.toLowerCase()]);
      const second = await call('POST', STAFF_API.secondFactor, {
        ...options,
        cookie,
        body: { code: codeAt(MATRIX_TOTP_SECRET, currentStep()) },
      });
      assert.equal(second.statusCode, 200, second.body);
      session = second.json<StaffSession>();
      cookie = sessionCookieOf(second);
    }
    assert.equal(session.state, 'active');
    return { cookie, session };
  };
  /**
   * GET session's answer for `cookie`: always 200 and no cookie set; the session, or null when the cookie opens none
   * (the guards below are checked through this null, where other addresses answer 401).
   */
  const sessionFor = async (cookie: string | undefined, options: Call = {}) => {
    const res = await call('GET', STAFF_API.session, { ...options, cookie });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['set-cookie'], undefined, 'GET session sets no cookie');
    assert.equal(res.headers['cache-control'], 'no-store');
    return res.json<SessionAnswer>().session;
  };
  return { call, signIn, signedIn, sessionFor };
}

// ---------------------------------------------------------------- the suite, run on each database

async function accessSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  let db: Database;
  const ids: Record<string, number> = {};

  t.before(async () => {
    // the test clients' addresses stand for a trusted balancer's (X-Forwarded-Proto: https for the cookie tests)
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0', TRUST_PROXY: '198.18.0.0/15,203.0.113.0/24' } });
    database = await target.fresh();
    db = database.db;
    app = await buildApp(fixture.config, db);
    api = client(app, db);
    ids.admin = await addAccount(db, 'admin@crescent.example', 'admin');
    ids.dubai = await addAccount(db, 'dubai@crescent.example', 'branch', 'Dubai');
    ids.dubai2 = await addAccount(db, 'dubai.two@crescent.example', 'branch', 'Dubai');
    ids.oman = await addAccount(db, 'oman@crescent.example', 'branch', 'Oman');
    ids.gone = await addAccount(db, 'gone@crescent.example', 'branch', 'Oman');
    ids.catalogue = await addAccount(db, 'catalogue@crescent.example', 'catalogue');
    ids.release = await addAccount(db, 'release@crescent.example', 'release', null, PASSWORD, 'catalogue');
    ids.matrixAdmin = await addAccount(db, 'matrix.admin@crescent.example', 'admin');
    // the roles that must have a second factor, as after their first sign-in's set-up
    await db.query('update staff_accounts set totp_secret = $1, totp_enabled_at = now() where id = any($2)', [
      MATRIX_TOTP_SECRET,
      [ids.matrixAdmin, ids.catalogue, ids.release],
    ]);
    await db.query('update staff_accounts set disabled = true where id = $1', [ids.gone]);
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });
  const forgetFailures = () => db.query('delete from staff_sign_in_failures');

  await t.test(
    'every staff address answers 401 without a session, with a made-up one, and with one still signing in',
    async () => {
      const { call, signIn, sessionFor } = api;
      // a session waiting for its second factor: an admin with TOTP on (the secret is never used here)
      const halfway = await addAccount(db, 'halfway@crescent.example', 'admin');
      await db.query(
        `update staff_accounts set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1`,
        [halfway],
      );
      const pending = await signIn('halfway@crescent.example');
      assert.equal(pending.json<StaffSession>().state, 'second-factor');
      const pendingCookie = sessionCookieOf(pending);
      const { csrfToken } = pending.json<StaffSession>();

      const visitors: { who: string; cookie?: string; skip?: Set<string> }[] = [
        { who: 'no cookie' },
        { who: 'a made-up token', cookie: `staff_session=${randomBytes(32).toString('base64url')}` },
        { who: 'a malformed cookie', cookie: 'staff_session=../../etc/passwd' },
        { who: 'a session waiting for its second factor', cookie: pendingCookie, skip: SIGN_IN_STEPS },
      ];
      let checked = 0;
      for (const visitor of visitors) {
        for (const { name, url } of STAFF_ADDRESSES) {
          if (visitor.skip?.has(STAFF_API[name as keyof typeof STAFF_API])) continue;
          for (const method of METHODS) {
            if (name === 'signIn' && method === 'POST') continue; // the one open door
            // GET session answers 200 {session: null} instead (checked below): it reveals nothing but whether the
            // caller's own cookie is a session, and a 401 there is a console error on every signed-out page
            if (name === 'session' && method === 'GET') continue;
            const withBody = method === 'GET' ? {} : { body: {} };
            const res = await call(method, url, {
              cookie: visitor.cookie,
              csrf: visitor.cookie === pendingCookie ? csrfToken : undefined,
              ...withBody,
            });
            assert.equal(res.statusCode, 401, `${method} ${url} with ${visitor.who}: ${res.statusCode} ${res.body}`);
            assert.deepEqual(res.json(), { error: MESSAGES.signIn }, `${method} ${url}`);
            assert.equal(res.headers['cache-control'], 'no-store', `${method} ${url}`);
            checked += 1;
          }
        }
      }
      assert.ok(checked > 200, `${checked} calls checked`);
      for (const visitor of visitors) {
        if (visitor.cookie === pendingCookie) continue;
        const res = await call('GET', STAFF_API.session, { cookie: visitor.cookie });
        assert.equal(res.statusCode, 200, `GET session with ${visitor.who}: ${res.body}`);
        assert.deepEqual(res.json(), { session: null }, `GET session with ${visitor.who}`);
        assert.equal(res.headers['set-cookie'], undefined, `GET session with ${visitor.who} sets no cookie`);
        assert.equal(res.headers['cache-control'], 'no-store');
      }
      // the session half-way through signing in is told its step (the app shows it)
      assert.deepEqual(await sessionFor(pendingCookie), pending.json<StaffSession>());
      // an address the contract does not list is no different
      assert.equal((await call('GET', '/api/staff/no-such-thing')).statusCode, 401);
      assert.equal(
        (await call('POST', STAFF_API.secondFactor, { body: { code: '123456' } })).statusCode,
        401,
        'second factor without a session',
      );
    },
  );

  await t.test('a branch account gets 403 for admin-only calls and sees only its branch and the admins', async () => {
    const { call, signedIn } = api;
    const { cookie, session } = await signedIn('dubai@crescent.example');
    assert.deepEqual(session.account, {
      id: ids.dubai,
      email: 'dubai@crescent.example',
      role: 'branch',
      branch: 'Dubai',
    });
    const audit = await call('GET', STAFF_API.audit, { cookie });
    assert.equal(audit.statusCode, 403, audit.body);
    assert.deepEqual(audit.json(), { error: MESSAGES.adminsOnly });
    assert.equal((await call('GET', `${STAFF_API.audit}?page=2`, { cookie })).statusCode, 403);
    // the buyers' accounts' log too
    const buyers = await call('GET', STAFF_API.buyerAudit, { cookie });
    assert.equal(buyers.statusCode, 403, buyers.body);
    assert.deepEqual(buyers.json(), { error: MESSAGES.adminsOnly });
    const settings = await call('PUT', STAFF_API.settings, {
      cookie,
      csrf: session.csrfToken,
      body: { holdNewReviews: true },
    });
    assert.equal(settings.statusCode, 403, `PUT settings: ${settings.body}`);

    const accounts = await call('GET', STAFF_API.accounts, { cookie });
    assert.equal(accounts.statusCode, 200, accounts.body);
    const emails = accounts
      .json<{ accounts: StaffAccountSummary[] }>()
      .accounts.map((account) => account.email)
      .sort();
    assert.ok(
      emails.includes('admin@crescent.example') &&
        emails.includes('dubai@crescent.example') &&
        emails.includes('dubai.two@crescent.example'),
      emails.join(),
    );
    assert.ok(!emails.includes('oman@crescent.example'), 'another branch is not listed');
    assert.ok(!emails.includes('gone@crescent.example'), 'a disabled account is not listed');
  });

  await t.test(
    'the catalogue editor: admins and the catalogue role only; the catalogue role never reads the inbox or reviews',
    async () => {
      const { call, signIn, signedIn } = api;
      const admin = await (async () => {
        const first = await signIn('matrix.admin@crescent.example');
        assert.equal(first.json<StaffSession>().state, 'second-factor');
        const res = await call('POST', STAFF_API.secondFactor, {
          cookie: sessionCookieOf(first),
          body: { code: codeAt(MATRIX_TOTP_SECRET, currentStep()) },
        });
        assert.equal(res.statusCode, 200, res.body);
        return { cookie: sessionCookieOf(res), session: res.json<StaffSession>() };
      })();
      const catalogue = await signedIn('catalogue@crescent.example');
      assert.deepEqual(catalogue.session.account, {
        id: ids.catalogue,
        email: 'catalogue@crescent.example',
        role: 'catalogue',
        branch: null,
      });
      const branch = await signedIn('dubai.two@crescent.example');
      const roles = [
        { who: 'admin', ...admin, edits: true },
        { who: 'catalogue role', ...catalogue, edits: true },
        { who: 'branch staff', ...branch, edits: false },
      ];
      const urlOf = (name: StaffAddressName) => STAFF_ADDRESSES.find((address) => address.name === name)!.url;
      for (const [name, methods] of Object.entries(CATALOGUE_CALLS) as [StaffAddressName, readonly string[]][]) {
        for (const method of METHODS) {
          for (const role of roles) {
            const res = await call(method, urlOf(name), {
              cookie: role.cookie,
              csrf: role.session.csrfToken,
              ...(method === 'GET' ? {} : { body: {} }),
            });
            const what = `${role.who} ${method} ${name}: ${res.statusCode} ${res.body}`;
            if (!methods.includes(method)) assert.equal(res.statusCode, 404, what);
            else if (role.edits)
              assert.ok(res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500, what);
            else
              assert.deepEqual(
                [res.statusCode, res.json()],
                [403, { error: 'Only the catalogue role and administrators can edit the catalogue.' }],
                what,
              );
          }
        }
      }
      for (const [name, methods] of Object.entries(NOT_CATALOGUE_ROLE_CALLS) as [
        StaffAddressName,
        readonly string[],
      ][]) {
        for (const method of methods) {
          const res = await call(method, urlOf(name), {
            cookie: catalogue.cookie,
            csrf: catalogue.session.csrfToken,
            ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
          });
          assert.equal(res.statusCode, 403, `catalogue role ${method} ${name}: ${res.body}`);
        }
      }
      // what every signed-in account may do stays open to it
      assert.equal((await call('GET', STAFF_API.settings, { cookie: catalogue.cookie })).statusCode, 200);
      assert.equal(
        (
          await call('PUT', STAFF_API.settings, {
            cookie: catalogue.cookie,
            csrf: catalogue.session.csrfToken,
            body: { holdNewReviews: true },
          })
        ).statusCode,
        403,
        'admins only',
      );
      // and an inbox row of any branch stays closed to it, asked for by its own address
      const [row] = await db.query<{ id: number }>(
        "insert into contact_messages (name, email, phone, message, country, company_name, company_location) values ('A', 'a@example.com', '+971 4 000 0000', 'Hello', 'Dubai', 'Co', 'Dubai') returning id",
      );
      const item = await call('GET', staffApiPath(STAFF_API.inboxItem, { kind: 'contact', id: row!.id }), {
        cookie: catalogue.cookie,
      });
      assert.equal(item.statusCode, 403, item.body);
    },
  );

  await t.test(
    'the releases console: admins every remote, the release role its own remotes only (others 403, audited); tokens admins only',
    async () => {
      const { call, signIn, signedIn } = api;
      // the catalogue test above may have used this step's code: a code works once
      await db.query('update staff_accounts set totp_last_step = null where id = $1', [ids.matrixAdmin]);
      const first = await signIn('matrix.admin@crescent.example');
      const second = await call('POST', STAFF_API.secondFactor, {
        cookie: sessionCookieOf(first),
        body: { code: codeAt(MATRIX_TOTP_SECRET, currentStep()) },
      });
      assert.equal(second.statusCode, 200, second.body);
      const admin = { cookie: sessionCookieOf(second), session: second.json<StaffSession>() };
      const release = await signedIn('release@crescent.example');
      assert.deepEqual(release.session.account, {
        id: ids.release,
        email: 'release@crescent.example',
        role: 'release',
        branch: null,
        remotes: ['catalogue'],
      });
      const roles = [
        { who: 'admin', ...admin, remotes: ['catalogue', 'chat'], tokens: true },
        { who: 'release role (catalogue)', ...release, remotes: ['catalogue'], tokens: false },
        { who: 'catalogue role', ...(await signedIn('catalogue@crescent.example')), remotes: [], tokens: false },
        { who: 'branch staff', ...(await signedIn('dubai@crescent.example')), remotes: [], tokens: false },
      ];
      const noConsole = { error: 'Only administrators and the release role can release remotes.' };
      let checked = 0;
      for (const remote of ['catalogue', 'chat']) {
        for (const [name, methods] of Object.entries(RELEASE_CALLS) as [StaffAddressName, readonly string[]][]) {
          const url = staffApiPath(STAFF_API[name], { remote });
          for (const method of METHODS) {
            for (const role of roles) {
              const res = await call(method, url, {
                cookie: role.cookie,
                csrf: role.session.csrfToken,
                ...(method === 'GET' ? {} : { body: {} }),
              });
              const what = `${role.who} ${method} ${name} ${remote}: ${res.statusCode} ${res.body}`;
              checked += 1;
              if (!methods.includes(method)) assert.equal(res.statusCode, 404, what);
              else if (role.remotes.length === 0)
                assert.deepEqual([res.statusCode, res.json()], [403, noConsole], what);
              else if (name === 'releaseRemotes' || name === 'siteVitals' || role.remotes.includes(remote))
                assert.ok(res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500, what);
              else
                assert.deepEqual(
                  [res.statusCode, res.json()],
                  [403, { error: `Your account may not act on ${remote}: only on catalogue` }],
                  what,
                );
            }
          }
        }
      }
      for (const [name, methods] of Object.entries(RELEASE_TOKEN_CALLS) as [StaffAddressName, readonly string[]][]) {
        const url = staffApiPath(STAFF_API[name], { id: 1 });
        for (const method of METHODS) {
          for (const role of roles) {
            const res = await call(method, url, {
              cookie: role.cookie,
              csrf: role.session.csrfToken,
              ...(method === 'GET' ? {} : { body: {} }),
            });
            const what = `${role.who} ${method} ${name}: ${res.statusCode} ${res.body}`;
            checked += 1;
            if (!methods.includes(method)) assert.equal(res.statusCode, 404, what);
            else if (role.tokens)
              assert.ok(res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500, what);
            else
              assert.deepEqual(
                [res.statusCode, res.json()],
                [403, { error: 'Only administrators can manage release tokens.' }],
                what,
              );
          }
        }
      }
      assert.ok(checked > 200, `${checked} calls checked`);
      // the list holds only the caller's remotes
      const listed = await call('GET', STAFF_API.releaseRemotes, { cookie: release.cookie });
      assert.deepEqual(
        listed.json<{ remotes: { remote: string }[] }>().remotes.map(({ remote }) => remote),
        ['catalogue'],
      );
      // each try at another team's remote is in the registry's audit, with who and what
      const refused = await db.query<{ actor: string; remote: string; detail: string }>(
        "select actor, remote, detail from release_audit where action = 'refused' order by id",
      );
      assert.equal(refused.length, 5, 'the release role’s five calls on chat');
      assert.ok(
        refused.every(
          (row) =>
            row.actor === 'staff release@crescent.example' && row.remote === 'chat' && row.detail.endsWith('→ 403'),
        ),
        JSON.stringify(refused),
      );
      // the release role works on nothing else: not the inbox, the reviews, the audit log or the catalogue
      for (const calls of [NOT_CATALOGUE_ROLE_CALLS, CATALOGUE_CALLS]) {
        for (const [name, methods] of Object.entries(calls) as [StaffAddressName, readonly string[]][]) {
          for (const method of methods) {
            const url = STAFF_ADDRESSES.find((address) => address.name === name)!.url;
            const res = await call(method, url, {
              cookie: release.cookie,
              csrf: release.session.csrfToken,
              ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
            });
            assert.equal(res.statusCode, 403, `release role ${method} ${name}: ${res.body}`);
          }
        }
      }
    },
  );

  await t.test(
    'a call outside the role, or a release of another remote, is its 403 whatever its body or query (checked before them)',
    async () => {
      const { call, signedIn } = api;
      const refusals: [string, 'GET' | 'POST' | 'PUT', string, unknown][] = [
        ['dubai@crescent.example', 'PUT', STAFF_API.settings, { holdNewReviews: 'yes', extra: 1 }],
        ['dubai@crescent.example', 'GET', `${STAFF_API.audit}?page=abc&extra=1`, undefined],
        ['dubai@crescent.example', 'POST', staffApiPath(STAFF_API.reviewVisibility, { id: 1 }), { hidden: 'no' }],
        ['dubai@crescent.example', 'GET', `${STAFF_API.reviews}?stars=9&stars=1&extra=1`, undefined],
        // another branch's inbox, or the inbox in a role without one
        ['dubai@crescent.example', 'GET', `${STAFF_API.inbox}?branch=Oman&limit=0&extra=1`, undefined],
        ['dubai@crescent.example', 'GET', `${STAFF_API.inboxCsv}?branch=Qatar&from=never`, undefined],
        ['catalogue@crescent.example', 'GET', `${STAFF_API.inbox}?kind=order&kind=quote`, undefined],
        ['dubai@crescent.example', 'POST', STAFF_API.releaseTokens, { name: 42 }],
        [
          'catalogue@crescent.example',
          'POST',
          staffApiPath(STAFF_API.inboxStatus, { kind: 'contact', id: 1 }),
          { status: 'done' },
        ],
        ['catalogue@crescent.example', 'POST', staffApiPath(STAFF_API.inboxNote, { kind: 'contact', id: 1 }), {}],
        [
          'release@crescent.example',
          'POST',
          staffApiPath(STAFF_API.releaseCanary, { remote: 'chat' }),
          { percent: 'all' },
        ],
      ];
      for (const [email, method, url, body] of refusals) {
        const { cookie, session } = await signedIn(email);
        const res = await call(method, url, {
          cookie,
          csrf: session.csrfToken,
          ...(body === undefined ? {} : { body }),
        });
        assert.equal(res.statusCode, 403, `${email}: ${method} ${url}: ${res.body}`);
      }
    },
  );

  await t.test(
    'CSRF: a state change without the token, or with a wrong one, is refused (403) and changes nothing',
    async () => {
      const { call, signedIn, sessionFor } = api;
      const { cookie, session } = await signedIn('oman@crescent.example');
      const wrong = randomBytes(32).toString('base64url');
      for (const csrf of [undefined, '', wrong, session.csrfToken.slice(0, -1)]) {
        const res = await call('POST', STAFF_API.signOut, { cookie, csrf });
        assert.equal(res.statusCode, 403, `sign-out with csrf ${JSON.stringify(csrf)}: ${res.body}`);
        assert.deepEqual(res.json(), { error: MESSAGES.stale });
      }
      assert.deepEqual(await sessionFor(cookie), session, 'still signed in');
      // every state-changing staff address of the contract, with a signed-in session but no token (or another session's)
      const other = await signedIn('dubai.two@crescent.example');
      for (const { name, url } of STAFF_ADDRESSES) {
        if (name === 'signIn' || name === 'secondFactor') continue; // no session to forge yet: Origin + SameSite guard these
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          for (const csrf of [undefined, other.session.csrfToken]) {
            const res = await call(method, url, { cookie, csrf, body: {} });
            assert.equal(
              res.statusCode,
              403,
              `${method} ${url} with csrf ${csrf === undefined ? 'missing' : "another session's"}: ${res.statusCode} ${res.body}`,
            );
          }
        }
      }
      assert.deepEqual(await sessionFor(cookie), session, 'still signed in after all that');
      const ok = await call('POST', STAFF_API.signOut, { cookie, csrf: session.csrfToken });
      assert.equal(ok.statusCode, 204, 'with the right token');
    },
  );

  await t.test('a request from another site is refused, sign-in included (Origin, Sec-Fetch-Site)', async () => {
    const { call, signIn } = api;
    // the public site's own origin too: every team's remote runs there (platform/http/staffSurface.ts)
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await signIn('dubai@crescent.example', PASSWORD, { headers });
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      assert.deepEqual(res.json(), { error: MESSAGES.crossSite });
      assert.equal(res.headers['set-cookie'], undefined, 'no session');
    }
    const sameOrigin = await signIn('dubai@crescent.example', PASSWORD, {
      headers: { origin: app.staffSurface.origin(), 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(sameOrigin.statusCode, 200, sameOrigin.body);
    const { csrfToken } = sameOrigin.json<StaffSession>();
    const crossSignOut = await call('POST', STAFF_API.signOut, {
      cookie: sessionCookieOf(sameOrigin),
      csrf: csrfToken,
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(crossSignOut.statusCode, 403, 'even with the right token');
  });

  await t.test(
    'session fixation: a cookie from before sign-in is never the one after; each sign-in step gets a new id',
    async () => {
      const { signIn, signedIn, sessionFor } = api;
      const planted = `staff_session=${randomBytes(32).toString('base64url')}`;
      const res = await signIn('dubai@crescent.example', PASSWORD, { cookie: planted });
      assert.equal(res.statusCode, 200);
      const after = sessionCookieOf(res);
      assert.notEqual(after, planted);
      assert.equal(await sessionFor(planted), null, 'the planted id opens nothing');
      assert.equal((await sessionFor(after))?.account.email, 'dubai@crescent.example');

      // signing in again (same browser, same or another account) replaces the session: the old id is dead
      const again = await signIn(' Dubai.Two@Crescent.example ', PASSWORD, { cookie: after }); // as typed: any case, spaces around
      assert.equal(again.statusCode, 200);
      assert.notEqual(sessionCookieOf(again), after);
      assert.equal(await sessionFor(after), null, 'the session from before sign-in ended');
      assert.equal((await sessionFor(sessionCookieOf(again)))?.account.email, 'dubai.two@crescent.example');

      // the database keeps the token's hash, never the token
      const { cookie } = await signedIn('oman@crescent.example');
      const token = cookie.split('=')[1]!;
      const rows = await db.query<{ id: string }>('select id from staff_sessions');
      assert.ok(rows.length > 0 && rows.every((row) => row.id !== token && /^[0-9a-f]{64}$/.test(row.id)));
    },
  );

  await t.test(
    'sign-out ends the session on the server: its cookie is cleared and the old cookie opens nothing',
    async () => {
      const { call, signedIn, sessionFor } = api;
      const { cookie, session } = await signedIn('oman@crescent.example');
      assert.equal((await call('GET', STAFF_API.accounts, { cookie })).statusCode, 200);
      assert.equal((await sessionFor(cookie))?.account.id, ids.oman);
      const out = await call('POST', STAFF_API.signOut, { cookie, csrf: session.csrfToken });
      assert.equal(out.statusCode, 204);
      assert.match(
        String(out.headers['set-cookie']),
        /^staff_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict$/,
      );
      assert.equal(await sessionFor(cookie), null, 'session after sign-out');
      assert.equal((await call('GET', STAFF_API.accounts, { cookie })).statusCode, 401, 'accounts after sign-out');
      assert.equal(
        (await call('POST', STAFF_API.signOut, { cookie, csrf: session.csrfToken })).statusCode,
        401,
        'signing out twice',
      );
    },
  );

  await t.test(
    'cookies: HttpOnly, SameSite=Strict, Path=/; over HTTPS __Host- and Secure, and only that one counts there',
    async () => {
      const { signIn, sessionFor } = api;
      const plain = await signIn('dubai@crescent.example');
      assert.match(
        String(plain.headers['set-cookie']),
        /^staff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
      );
      assert.equal(plain.headers['cache-control'], 'no-store');

      const https = { 'x-forwarded-proto': 'https' };
      const secure = await signIn('dubai@crescent.example', PASSWORD, { headers: https });
      assert.match(
        String(secure.headers['set-cookie']),
        /^__Host-staff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      );
      const value = sessionCookieOf(secure).split('=')[1]!;
      assert.equal((await sessionFor(`__Host-staff_session=${value}`, { headers: https }))?.account.id, ids.dubai);
      // a cookie without the prefix could have been planted by a sibling host: over https it is not read
      assert.equal(await sessionFor(`staff_session=${value}`, { headers: https }), null);
    },
  );

  await t.test(
    'sessions end after 30 idle minutes and 12 hours after sign-in; a disabled account is out at once',
    async () => {
      const { call, signedIn, sessionFor } = api;
      const { cookie } = await signedIn('dubai@crescent.example');
      const [row] = await db.query<{ hours: number }>(
        `select extract(epoch from (expires_at - created_at)) / 3600 as hours from staff_sessions order by created_at desc limit 1`,
      );
      assert.equal(Number(row?.hours), 12, 'absolute end: 12 hours after sign-in');
      const setLastSeen = (minutesAgo: number) =>
        db.query(`update staff_sessions set last_seen_at = now() - make_interval(mins => $1) where account_id = $2`, [
          minutesAgo,
          ids.dubai,
        ]);
      await setLastSeen(29);
      assert.equal(
        (await call('GET', STAFF_API.accounts, { cookie })).statusCode,
        200,
        'used 29 minutes ago: still on (and used now)',
      );
      await setLastSeen(29);
      assert.equal(
        (await call('GET', STAFF_API.accounts, { cookie })).statusCode,
        200,
        'each use restarts the idle clock',
      );
      await setLastSeen(31);
      assert.equal((await call('GET', STAFF_API.accounts, { cookie })).statusCode, 401, 'idle 31 minutes: ended');
      assert.equal(await sessionFor(cookie), null, 'and GET session says so');

      const busy = await signedIn('dubai@crescent.example');
      assert.equal((await sessionFor(busy.cookie))?.account.id, ids.dubai);
      await db.query(`update staff_sessions set expires_at = now() - interval '1 second' where account_id = $1`, [
        ids.dubai,
      ]);
      assert.equal(
        (await call('GET', STAFF_API.accounts, { cookie: busy.cookie })).statusCode,
        401,
        'past its absolute end, however busy',
      );
      assert.equal(await sessionFor(busy.cookie), null, 'past its absolute end: GET session too');

      const { cookie: omanCookie } = await signedIn('oman@crescent.example');
      assert.equal((await sessionFor(omanCookie))?.account.id, ids.oman);
      await db.query('update staff_accounts set disabled = true where id = $1', [ids.oman]);
      try {
        assert.equal(await sessionFor(omanCookie), null, 'disabled: the open session stops working');
        assert.equal(
          (await call('GET', STAFF_API.accounts, { cookie: omanCookie })).statusCode,
          401,
          'disabled: nor any other call',
        );
        assert.equal((await api.signIn('oman@crescent.example')).statusCode, 401, 'and cannot sign in');
      } finally {
        await db.query('update staff_accounts set disabled = false where id = $1', [ids.oman]);
        await forgetFailures();
      }
    },
  );

  await t.test('STAFF_SESSION_IDLE_MINUTES and STAFF_SESSION_MAX_HOURS set those ends', async () => {
    const configured = await createFixture({
      env: { SUBMIT_RATE_LIMIT_MAX: '0', STAFF_SESSION_IDLE_MINUTES: '5', STAFF_SESSION_MAX_HOURS: '1' },
    });
    const other = await buildApp(configured.config, db);
    try {
      const { signedIn, sessionFor } = client(other);
      const { cookie } = await signedIn('dubai.two@crescent.example');
      const [row] = await db.query<{ hours: number }>(
        `select extract(epoch from (expires_at - created_at)) / 3600 as hours from staff_sessions where account_id = $1 order by created_at desc limit 1`,
        [ids.dubai2],
      );
      assert.equal(Number(row?.hours), 1);
      await db.query(`update staff_sessions set last_seen_at = now() - interval '4 minutes' where account_id = $1`, [
        ids.dubai2,
      ]);
      assert.equal((await sessionFor(cookie))?.account.id, ids.dubai2, 'idle 4 of 5 minutes: still on');
      await db.query(`update staff_sessions set last_seen_at = now() - interval '6 minutes' where account_id = $1`, [
        ids.dubai2,
      ]);
      assert.equal(await sessionFor(cookie), null, 'idle 6 of 5 minutes: ended');
    } finally {
      await other.close();
      await configured.cleanup();
    }
    assert.throws(
      () => loadConfig({ STAFF_SESSION_IDLE_MINUTES: '0' }),
      /STAFF_SESSION_IDLE_MINUTES must be a whole number of minutes, 1 or more \(got "0"\)/,
    );
    assert.throws(
      () => loadConfig({ STAFF_SESSION_MAX_HOURS: '1.5' }),
      /STAFF_SESSION_MAX_HOURS must be a whole number of hours, 1 or more/,
    );
    assert.throws(
      () => loadConfig({ STAFF_SESSION_IDLE_MINUTES: '90', STAFF_SESSION_MAX_HOURS: '1' }),
      /STAFF_SESSION_IDLE_MINUTES must not be more than STAFF_SESSION_MAX_HOURS/,
    );
  });

  await t.test(
    'no enumeration: unknown e-mail, wrong password and disabled account get the same answer in the same time',
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const unknown = await signIn('nobody@crescent.example', PASSWORD);
      const wrong = await signIn('dubai@crescent.example', 'not the password at all');
      const disabled = await signIn('gone@crescent.example', PASSWORD);
      const malformed = await signIn('not an address', PASSWORD);
      for (const res of [unknown, wrong, disabled, malformed]) {
        assert.equal(res.statusCode, 401);
        assert.equal(res.body, JSON.stringify({ error: MESSAGES.wrongPassword }));
        assert.equal(res.headers['set-cookie'], undefined);
      }
      // timing: an unknown e-mail runs an argon2 verify too (against a dummy hash)
      const wrongPassword = async (email: string, i: number) =>
        assert.equal((await signIn(email, `wrong password ${i}`)).statusCode, 401);
      await assertTakesAsLong(
        { name: 'unknown e-mail', run: (i, round) => wrongPassword(`nobody${round}.${i}@crescent.example`, i) },
        { name: 'wrong password', run: (i) => wrongPassword('dubai@crescent.example', i) },
        { atLeast: 0.6, runs: 9, before: forgetFailures },
      );
      await forgetFailures();
    },
  );

  await t.test(
    'lockout per account and address: five wrong passwords from one address lock that address out, not the colleague at another desk',
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const attacker = freshAddress();
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) {
        assert.equal(
          (await signIn('dubai.two@crescent.example', `guess ${i}`, { address: attacker })).statusCode,
          401,
          `guess ${i}`,
        );
      }
      const locked = await signIn('dubai.two@crescent.example', PASSWORD, { address: attacker });
      assert.equal(locked.statusCode, 429, 'the 6th try from that address, even with the right password');
      assert.deepEqual(locked.json(), { error: 'Too many failed sign-ins. Please wait 15 minutes and try again.' });
      assert.equal(locked.headers['retry-after'], '900');
      assert.equal(locked.headers['set-cookie'], undefined);
      // the attack the old account-wide wall allowed: the colleague, at their own desk, with the right password
      assert.equal(
        (await signIn('dubai.two@crescent.example', PASSWORD, { address: freshAddress() })).statusCode,
        200,
        'the account owner gets in',
      );
      assert.equal(
        (await signIn('dubai.two@crescent.example', PASSWORD, { address: attacker })).statusCode,
        429,
        'the attacker still does not',
      );
      // an unknown e-mail locks the same way: the lock tells nothing about which accounts exist
      const prober = freshAddress();
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1)
        assert.equal((await signIn('ghost@crescent.example', `guess ${i}`, { address: prober })).statusCode, 401);
      assert.equal((await signIn('ghost@crescent.example', 'again', { address: prober })).statusCode, 429);
      const [locks] = await db.query<{ n: number }>(
        `select count(*)::int as n from staff_audit_log where action = 'sign-in locked'`,
      );
      assert.equal(locks?.n, 2, 'each lock is written to the audit log once');
      // 15 minutes later it opens again
      await db.query(`update staff_sign_in_failures set at = at - interval '15 minutes 1 second'`);
      assert.equal((await signIn('dubai.two@crescent.example', PASSWORD, { address: attacker })).statusCode, 200);
    },
  );

  await t.test(
    'guesses from many addresses: past 5 failures of an account, an address that failed on it is refused, a new one gets one try',
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const guessers = Array.from({ length: ACCOUNT_FAILURE_LIMIT }, freshAddress);
      for (const [i, address] of guessers.entries()) {
        assert.equal((await signIn('dubai.two@crescent.example', `spread guess ${i}`, { address })).statusCode, 401);
      }
      assert.equal(
        (await signIn('dubai.two@crescent.example', 'second guess', { address: guessers[0] })).statusCode,
        429,
        'an address that failed once',
      );
      const newcomer = freshAddress();
      assert.equal(
        (await signIn('dubai.two@crescent.example', 'one more guess', { address: newcomer })).statusCode,
        401,
        'a new address: one try',
      );
      assert.equal(
        (await signIn('dubai.two@crescent.example', PASSWORD, { address: newcomer })).statusCode,
        429,
        'then refused, the right password too',
      );
      assert.equal(
        (await signIn('dubai.two@crescent.example', PASSWORD, { address: freshAddress() })).statusCode,
        200,
        'the owner from an address that never failed',
      );
      await forgetFailures();
    },
  );

  await t.test(
    `past ${ACCOUNT_PASSWORD_LIMIT} failures of an account, its password alone signs nobody in; a second factor still opens the way to itself`,
    async () => {
      const { signIn } = api;
      await forgetFailures();
      // as many failures as that many addresses could make (each refused after its first)
      const manyFailures = async (email: string) =>
        db.query(
          `insert into staff_sign_in_failures (key, at) select $1, now() from generate_series(1, ${ACCOUNT_PASSWORD_LIMIT})`,
          [`account:${email}`],
        );
      await manyFailures('dubai.two@crescent.example');
      const refused = await signIn('dubai.two@crescent.example', PASSWORD, { address: freshAddress() });
      assert.equal(refused.statusCode, 429, 'no second factor: refused, the right password from a new address too');
      assert.equal(refused.headers['set-cookie'], undefined);
      ids.guarded = await addAccount(db, 'guarded@crescent.example', 'branch', 'Bahrain');
      await db.query(
        `update staff_accounts set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1`,
        [ids.guarded],
      );
      await manyFailures('guarded@crescent.example');
      assert.equal(
        (await signIn('guarded@crescent.example', 'a wrong guess', { address: freshAddress() })).statusCode,
        429,
        'a wrong password: the refusal',
      );
      const onward = await signIn('guarded@crescent.example', PASSWORD, { address: freshAddress() });
      assert.equal(onward.statusCode, 200, onward.body);
      assert.equal(
        onward.json<StaffSession>().state,
        'second-factor',
        'on to the second factor, never an active session',
      );
      await forgetFailures();
    },
  );

  await t.test(
    'lockout holds against a burst of guesses sent at once from one address: at most 5 are checked',
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const attacker = freshAddress();
      // (the requests overlap on PostgreSQL; in-process PGlite answers each query at once, so there they take turns)
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_unused, i) =>
          signIn('dubai.two@crescent.example', `parallel guess ${i}`, { address: attacker }),
        ),
      );
      const statuses = burst.map((res) => res.statusCode);
      assert.ok(
        statuses.every((status) => status === 401 || status === 429),
        statuses.join(),
      );
      assert.ok(
        statuses.filter((status) => status === 401).length <= PAIR_FAILURE_LIMIT,
        `checked: ${statuses.join()}`,
      );
      assert.equal(
        (await signIn('dubai.two@crescent.example', PASSWORD, { address: attacker })).statusCode,
        429,
        'then locked, the right password too',
      );
      await forgetFailures();
    },
  );

  await t.test(
    'control characters in the sign-in e-mail or a code: a 400 in words, nothing counted or written to the audit log',
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const count = async (table: string) =>
        (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n;
      const auditBefore = await count('staff_audit_log');
      const attacks = [
        // NUL: PostgreSQL refused it where the lockout counter was written (a 500)
        ['dubai@crescent.example\u0000', 'email contains characters that are not allowed'],
        ['\u0000', 'email contains characters that are not allowed'],
        // a line break and U+202E: a forged audit line ("address 10.0.0.1", the real address shown reversed)
        ['x@crescent.example; address 10.0.0.1\n', 'email contains characters that are not allowed'],
        [
          'x@crescent.example\u202e',
          'email contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed',
        ],
        ['x@crescent.example\u0007\u001b[31m', 'email contains characters that are not allowed'],
      ] as const;
      for (const [email, message] of attacks) {
        const res = await signIn(email, PASSWORD);
        assert.equal(res.statusCode, 400, `${JSON.stringify(email)}: ${res.body}`);
        // the sentence, and its one problem at the e-mail
        assert.deepEqual(res.json(), { error: message, problems: [{ path: ['email'], message }] });
      }
      assert.equal(await count('staff_sign_in_failures'), 0, 'no lockout row');
      assert.equal(await count('staff_audit_log'), auditBefore, 'no audit line');
    },
  );

  await t.test(
    "an e-mail written to forge the audit line ('; address 10.9.9.9') stays that one field's value",
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const forged = 'admin@rt.test; address 10.9.9.9';
      const res = await signIn(forged, 'wrong password', { address: '127.0.3.1' });
      assert.equal(res.statusCode, 401, res.body);
      const [line] = await db.query<{ detail: string | null; fields: Record<string, unknown> | null }>(
        "select detail, fields from staff_audit_log where action = 'sign-in failed' order by id desc limit 1",
      );
      assert.deepEqual(line, { detail: null, fields: { step: 'password', email: forged, address: '127.0.3.1' } });
      await forgetFailures();
    },
  );

  await t.test(
    'lockout per address: 20 failures from one address lock it for every account; other addresses go on',
    async () => {
      const { signIn } = api;
      await forgetFailures();
      const address = freshAddress();
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
        assert.equal(
          (await signIn(`spray${i}@crescent.example`, 'Password123!', { address })).statusCode,
          401,
          `try ${i}`,
        );
      }
      const locked = await signIn('dubai@crescent.example', PASSWORD, { address });
      assert.equal(locked.statusCode, 429, 'the right password from that address');
      assert.equal(
        (await signIn('dubai@crescent.example', PASSWORD, { address: freshAddress() })).statusCode,
        200,
        'from another address',
      );
      // a successful sign-in from that address does not reset its count
      await db.query(`delete from staff_sign_in_failures where key like 'account:%'`);
      assert.equal((await signIn('dubai@crescent.example', PASSWORD, { address })).statusCode, 429);
      await forgetFailures();
    },
  );

  await t.test(
    'branch staff may set up a second factor once signed in; from then on the password is only the first step',
    async () => {
      const { call, signIn, signedIn, sessionFor } = api;
      await addAccount(db, 'oman.careful@crescent.example', 'branch', 'Oman');
      const { cookie, session } = await signedIn('oman.careful@crescent.example');
      assert.equal(
        (await call('POST', STAFF_API.totpSetup, { cookie })).statusCode,
        403,
        'set-up without the CSRF token',
      );
      const setupRes = await call('POST', STAFF_API.totpSetup, { cookie, csrf: session.csrfToken });
      assert.equal(setupRes.statusCode, 200, setupRes.body);
      const { secret } = setupRes.json<TotpSetup>();
      const confirmed = await call('POST', STAFF_API.totpConfirm, {
        cookie,
        csrf: session.csrfToken,
        body: { code: codeAt(secret, currentStep()) },
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes.length, 10);
      assert.equal(await sessionFor(cookie), null, 'the session before the set-up ended (a new id)');
      const again = confirmed.json<{ session: StaffSession }>().session;
      assert.equal(
        (await call('POST', STAFF_API.totpSetup, { cookie: sessionCookieOf(confirmed), csrf: again.csrfToken }))
          .statusCode,
        409,
        'set up once',
      );
      const next = await signIn('oman.careful@crescent.example');
      assert.equal(next.json<StaffSession>().state, 'second-factor', 'the password alone no longer signs in');
      const second = await call('POST', STAFF_API.secondFactor, {
        cookie: sessionCookieOf(next),
        body: { code: codeAt(secret, currentStep() + 1) },
      });
      assert.equal(second.json<StaffSession>().state, 'active');
    },
  );

  await t.test(
    'admins: the password alone never gives an active session; TOTP set-up with a QR code, codes once',
    async () => {
      const { call, signIn, sessionFor } = api;
      const first = await signIn('admin@crescent.example');
      assert.equal(first.statusCode, 200);
      const setupSession = first.json<StaffSession>();
      assert.equal(setupSession.state, 'totp-setup');
      const setupCookie = sessionCookieOf(first);
      assert.deepEqual(await sessionFor(setupCookie), setupSession, 'GET session tells the step');
      for (const url of [STAFF_API.accounts, STAFF_API.audit])
        assert.equal((await call('GET', url, { cookie: setupCookie })).statusCode, 401, `${url} before TOTP`);

      assert.equal(
        (await call('POST', STAFF_API.totpSetup, { cookie: setupCookie })).statusCode,
        403,
        'set-up without the CSRF token',
      );
      const setupRes = await call('POST', STAFF_API.totpSetup, { cookie: setupCookie, csrf: setupSession.csrfToken });
      assert.equal(setupRes.statusCode, 200, setupRes.body);
      const setup = setupRes.json<TotpSetup>();
      assert.match(setup.secret, /^[A-Z2-7]{32}$/, '160 bits, base32');
      assert.match(
        setup.otpauthUrl,
        /^otpauth:\/\/totp\/Crescent%20Electrical%20staff:admin%40crescent\.example\?.*secret=/,
      );
      assert.match(setup.qrSvg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
      assert.equal(
        (
          await call('POST', STAFF_API.totpConfirm, {
            cookie: setupCookie,
            body: { code: codeAt(setup.secret, currentStep()) },
          })
        ).statusCode,
        403,
        'confirm without CSRF',
      );
      const badConfirm = await call('POST', STAFF_API.totpConfirm, {
        cookie: setupCookie,
        csrf: setupSession.csrfToken,
        body: { code: codeAt(setup.secret, currentStep() + 5) },
      });
      assert.equal(badConfirm.statusCode, 401, 'a code from 2.5 minutes ahead');

      const step = currentStep();
      const confirmed = await call('POST', STAFF_API.totpConfirm, {
        cookie: setupCookie,
        csrf: setupSession.csrfToken,
        body: { code: codeAt(setup.secret, step) },
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const { recoveryCodes, session } = confirmed.json<{ recoveryCodes: string[]; session: StaffSession }>();
      assert.equal(session.state, 'active');
      assert.equal(recoveryCodes.length, 10);
      assert.equal(new Set(recoveryCodes).size, 10);
      let adminCookie = sessionCookieOf(confirmed);
      assert.notEqual(adminCookie, setupCookie, 'a new session id once TOTP is on');
      assert.equal(await sessionFor(setupCookie), null, 'the set-up session ended');
      assert.equal((await call('GET', STAFF_API.audit, { cookie: adminCookie })).statusCode, 200, 'now an admin');
      const stored = await db.query<{ code_hash: string }>(
        'select code_hash from staff_recovery_codes where account_id = $1',
        [ids.admin],
      );
      assert.equal(stored.length, 10);
      assert.ok(
        stored.every((row) => !recoveryCodes.some((code) => row.code_hash.includes(code.replace('-', '')))),
        'codes kept as hashes only',
      );
      assert.equal(
        (await call('POST', STAFF_API.totpSetup, { cookie: adminCookie, csrf: session.csrfToken })).statusCode,
        409,
        'set up once',
      );

      const signOut = async () => {
        const current = await sessionFor(adminCookie);
        assert.ok(current?.state === 'active', `signed in (${JSON.stringify(current)})`);
        assert.equal(
          (await call('POST', STAFF_API.signOut, { cookie: adminCookie, csrf: current.csrfToken })).statusCode,
          204,
        );
      };
      /** Password, then `code`: the answer of the second step. */
      const withCode = async (code: string) => {
        const res = await signIn('admin@crescent.example');
        assert.equal(res.statusCode, 200);
        assert.equal(res.json<StaffSession>().state, 'second-factor', 'the password alone is only the first step');
        const pendingCookie = sessionCookieOf(res);
        assert.equal((await sessionFor(pendingCookie))?.state, 'second-factor');
        assert.equal(
          (await call('GET', STAFF_API.audit, { cookie: pendingCookie })).statusCode,
          401,
          'nothing but the second step',
        );
        const second = await call('POST', STAFF_API.secondFactor, { cookie: pendingCookie, body: { code } });
        if (second.statusCode === 200) {
          assert.notEqual(sessionCookieOf(second), pendingCookie, 'a new session id after the second factor');
          assert.equal(await sessionFor(pendingCookie), null, 'the half-way session ended');
          adminCookie = sessionCookieOf(second);
        }
        return second;
      };

      await signOut();
      const replayed = await withCode(codeAt(setup.secret, step));
      assert.equal(replayed.statusCode, 401, 'the set-up code again');
      assert.deepEqual(replayed.json(), { error: MESSAGES.wrongCode });
      const next = codeAt(setup.secret, step + 1);
      const ok = await withCode(next);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json<StaffSession>().state, 'active');
      await signOut();
      assert.equal((await withCode(next)).statusCode, 401, 'a TOTP code works once');

      const recovered = await withCode(recoveryCodes[0]!);
      assert.equal(recovered.statusCode, 200, recovered.body);
      await signOut();
      assert.equal((await withCode(recoveryCodes[0]!)).statusCode, 401, 'a recovery code works once');
      const typed = ` ${recoveryCodes[1]!.toUpperCase().replace('-', ' ')} `;
      assert.equal((await withCode(typed)).statusCode, 200, 'typed in capitals with a space');
      await signOut();

      assert.equal((await withCode(recoveryCodes[2]!)).statusCode, 200);
      const audit = await call('GET', STAFF_API.audit, { cookie: adminCookie });
      const actions = audit.json<AuditPage>().entries.map((entry) => entry.action);
      for (const action of ['totp enabled', 'recovery code used', 'sign-in', 'sign-out', 'sign-in failed'])
        assert.ok(actions.includes(action), `audit has ${action}`);
      await forgetFailures();
    },
  );

  await t.test(
    'the catalogue and release roles, as admins: the password alone reaches only the set-up; import and promote answer 401 until it is done',
    async () => {
      const { call, signIn, sessionFor } = api;
      // accounts from before the rule (or reset with --reset-totp): no second factor yet
      const catalogueId = await addAccount(db, 'catalogue.new@crescent.example', 'catalogue');
      await addAccount(db, 'release.new@crescent.example', 'release', null, PASSWORD, 'catalogue');
      const promote = staffApiPath(STAFF_API.releasePromote, { remote: 'catalogue' });
      const privileged: [string, string][] = [
        ['catalogue.new@crescent.example', STAFF_API.catalogueImport],
        ['release.new@crescent.example', promote],
      ];
      for (const [email, url] of privileged) {
        const first = await signIn(email);
        assert.equal(first.statusCode, 200, first.body);
        const pending = first.json<StaffSession>();
        assert.deepEqual([pending.state, pending.secondFactor], ['totp-setup', false], `${email}: set-up first`);
        const cookie = sessionCookieOf(first);
        const res = await call('POST', url, { cookie, csrf: pending.csrfToken, body: {} });
        assert.deepEqual(
          [res.statusCode, res.json()],
          [401, { error: MESSAGES.signIn }],
          `${email} POST ${url} before its second factor`,
        );
        // a session signed in before the rule, still marked active: the same set-up step, the same 401
        await db.query(
          "update staff_sessions set state = 'active' where account_id = (select id from staff_accounts where email = $1)",
          [email],
        );
        assert.equal(
          (await sessionFor(cookie))?.state,
          'totp-setup',
          `${email}: an old active session is told to set up`,
        );
        const old = await call('POST', url, { cookie, csrf: pending.csrfToken, body: {} });
        assert.equal(
          old.statusCode,
          401,
          `${email} POST ${url} in an old session without a second factor: ${old.body}`,
        );
      }
      // the set-up done, the catalogue role works again
      const first = await signIn('catalogue.new@crescent.example');
      const pending = first.json<StaffSession>();
      const setup = await call('POST', STAFF_API.totpSetup, {
        cookie: sessionCookieOf(first),
        csrf: pending.csrfToken,
      });
      assert.equal(setup.statusCode, 200, setup.body);
      const confirmed = await call('POST', STAFF_API.totpConfirm, {
        cookie: sessionCookieOf(first),
        csrf: pending.csrfToken,
        body: { code: codeAt(setup.json<TotpSetup>().secret, currentStep()) },
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const { session } = confirmed.json<{ session: StaffSession }>();
      assert.deepEqual([session.state, session.secondFactor], ['active', true]);
      const imported = await call('POST', STAFF_API.catalogueImport, {
        cookie: sessionCookieOf(confirmed),
        csrf: session.csrfToken,
        body: {},
      });
      assert.ok(
        imported.statusCode !== 401 && imported.statusCode !== 403 && imported.statusCode < 500,
        `import once signed in: ${imported.statusCode} ${imported.body}`,
      );
      const [row] = await db.query<{ on: boolean }>(
        'select totp_enabled_at is not null as on from staff_accounts where id = $1',
        [catalogueId],
      );
      assert.equal(row?.on, true);
    },
  );

  await t.test(
    'the audit log: who, what, when, newest first, 50 a page, admins only; its query is an allow-list',
    async () => {
      const { call } = api;
      for (let i = 0; i < 60; i += 1)
        await db.query(
          `insert into staff_audit_log (actor_id, actor_email, action, target, detail, at) values (null, null, 'filler', $1, 'cli', now() - interval '1 day')`,
          [`row:${i}`],
        );
      // the admin has TOTP now: sign in with a recovery code minted here for the test
      await db.query(`insert into staff_recovery_codes (account_id, code_hash) values ($1, $2)`, [
        ids.admin,
        recoveryCodeHash('testx-codex'),
      ]);
      const first = await api.signIn('admin@crescent.example');
      const second = await call('POST', STAFF_API.secondFactor, {
        cookie: sessionCookieOf(first),
        body: { code: 'testx-codex' },
      });
      assert.equal(second.statusCode, 200, second.body);
      const cookie = sessionCookieOf(second);

      const page1 = (await call('GET', STAFF_API.audit, { cookie })).json<AuditPage>();
      assert.equal(page1.page, 1);
      assert.equal(page1.entries.length, 50);
      assert.ok(page1.pageCount >= 2);
      const newest = page1.entries[0]!;
      assert.equal(newest.action, 'sign-in');
      assert.equal(newest.actor, 'admin@crescent.example');
      assert.match(String(newest.fields?.step), /recovery code/);
      assert.ok(Date.now() - Date.parse(newest.at) < 60_000, 'when');
      const at = page1.entries.map((entry) => Date.parse(entry.at));
      assert.deepEqual(
        at,
        [...at].sort((a, b) => b - a),
        'newest first',
      );
      const last = (await call('GET', `${STAFF_API.audit}?page=${page1.pageCount}`, { cookie })).json<AuditPage>();
      assert.ok(last.entries.length > 0 && last.entries.length <= 50);
      assert.equal(last.entries.at(-1)?.action, 'filler');
      for (const query of ['?page=0', '?page=abc', '?page=1&page=2', '?actor=x']) {
        const res = await call('GET', `${STAFF_API.audit}${query}`, { cookie });
        assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      }
      const accounts = (await call('GET', STAFF_API.accounts, { cookie })).json<{ accounts: StaffAccountSummary[] }>()
        .accounts;
      assert.ok(
        accounts.some((account) => account.branch === 'Oman') && accounts.some((account) => account.branch === 'Dubai'),
        'an admin sees every branch',
      );
      assert.ok(!accounts.some((account) => account.email === 'gone@crescent.example'));
    },
  );

  await t.test('bodies: JSON only, small, exactly the allowed fields', async () => {
    const { call } = api;
    const cases: { options: Call & { raw?: string; type?: string }; status: number; error: RegExp }[] = [
      {
        options: { body: { email: 'dubai@crescent.example', password: PASSWORD, admin: true } },
        status: 400,
        error: /^Unknown field "admin": expected only email, password$/,
      },
      {
        options: { body: { email: ['dubai@crescent.example'], password: PASSWORD } },
        status: 400,
        error: /^email must be text$/,
      },
      { options: { body: [] }, status: 400, error: /JSON object/ },
      { options: { body: { email: 'a@b.example', password: 'x'.repeat(20_000) } }, status: 413, error: /too large/ },
      { options: { raw: 'email=a&password=b', type: 'application/x-www-form-urlencoded' }, status: 415, error: /JSON/ },
      { options: { raw: '{"email":', type: 'application/json' }, status: 400, error: /not valid JSON/ },
    ];
    for (const { options, status, error } of cases) {
      const res =
        options.raw === undefined
          ? await call('POST', STAFF_API.signIn, { ...options, address: freshAddress() })
          : await app.inject({
              method: 'POST',
              url: STAFF_API.signIn,
              headers: { ...onStaffOrigin(app), 'content-type': options.type! },
              payload: options.raw,
            });
      assert.equal(res.statusCode, status, res.body);
      assert.match(res.json<{ error: string }>().error, error);
      assert.equal(res.headers['cache-control'], 'no-store');
    }
  });
}

// ---------------------------------------------------------------- runs

test('staff access on embedded PGlite', async (t) => {
  await accessSuite(t, pgliteTarget);
});

test('staff access on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => accessSuite(t, target));
});

// ---------------------------------------------------------------- two processes, one Redis

describe('the sign-in lockout shared through Redis', () => {
  /** A server process of its own: its own embedded database, the shared Redis. */
  async function instance(namespace: string, redisUrl: string) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-staff-redis-'));
    await placeMigratedDatabase(dataDir);
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    await runMigrations(db);
    const app = Fastify();
    await app.register(sharedRedis, { url: redisUrl });
    await app.register(staffRoutes, {
      db,
      redisNamespace: namespace,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      totpKeys: undefined,
      totpKeyFile: path.join(dataDir, 'staff-totp.key'),
    });
    await app.ready();
    return {
      app,
      db,
      async close() {
        await app.close();
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  test('two server processes on different databases count one account and one address together', async (t) => {
    const unreachable = await redisReachable();
    if (unreachable !== undefined) {
      if (required) assert.fail(`${unreachable} (required in CI / REQUIRE_REDIS=1)`);
      console.log(`Redis tests skipped: ${unreachable}`);
      t.skip(unreachable);
      return;
    }
    const namespace = `test-staff-lock-${randomBytes(6).toString('hex')}-`;
    const [a, b] = [await instance(namespace, url), await instance(namespace, url)];
    const cleaner = new Redis(url);
    try {
      for (const { db } of [a, b]) await addAccount(db, 'shared@crescent.example', 'branch', 'Bahrain');
      const tryOn = (app: FastifyInstance, email: string, password: string, address: string) =>
        app.inject({
          method: 'POST',
          url: STAFF_API.signIn,
          remoteAddress: address,
          headers: { ...onStaffOrigin(app), ...JSON_HEADERS },
          payload: JSON.stringify({ email, password }),
        });
      // per account and address: 3 failures on A, 2 on B, from one address: its 6th try is locked on both
      const attacker = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1)
        statuses.push(
          (await tryOn(i % 2 === 0 ? a.app : b.app, 'shared@crescent.example', `guess ${i}`, attacker)).statusCode,
        );
      assert.deepEqual(statuses, [401, 401, 401, 401, 401]);
      assert.equal(
        (await tryOn(a.app, 'shared@crescent.example', PASSWORD, attacker)).statusCode,
        429,
        'locked on A by failures on both',
      );
      assert.equal((await tryOn(b.app, 'shared@crescent.example', PASSWORD, attacker)).statusCode, 429, 'and on B');
      // the account is under attack on both: an address that failed once on A is refused on B
      const once = freshAddress();
      assert.equal((await tryOn(a.app, 'shared@crescent.example', 'another guess', once)).statusCode, 401);
      assert.equal((await tryOn(b.app, 'shared@crescent.example', PASSWORD, once)).statusCode, 429);
      assert.equal(
        (await tryOn(b.app, 'shared@crescent.example', PASSWORD, freshAddress())).statusCode,
        200,
        'the owner at another desk',
      );
      // per address: 20 failures split over both processes lock the address on both
      const address = freshAddress();
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1)
        assert.equal(
          (await tryOn(i % 2 === 0 ? a.app : b.app, `spray${i}@crescent.example`, 'x', address)).statusCode,
          401,
        );
      await cleaner.del(`${namespace}account:shared@crescent.example`);
      assert.equal(
        (await tryOn(b.app, 'shared@crescent.example', PASSWORD, address)).statusCode,
        429,
        'the address is locked',
      );
      assert.equal(
        (await tryOn(b.app, 'shared@crescent.example', PASSWORD, freshAddress())).statusCode,
        200,
        'another address is not',
      );
      for (const { db } of [a, b]) {
        const [row] = await db.query<{ n: number }>('select count(*)::int as n from staff_sign_in_failures');
        assert.equal(row?.n, 0, 'counted in Redis, not in either database');
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
      const keys = await cleaner.keys(`${namespace}*`);
      if (keys.length > 0) await cleaner.del(...keys);
      cleaner.disconnect();
    }
  });

  test('with Redis down, failures are counted in the database instead: still locked, never a 500', async () => {
    const down = await instance('test-staff-down-', 'redis://127.0.0.1:1');
    try {
      const address = freshAddress();
      const tries: number[] = [];
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT + 1; i += 1) {
        const res = await down.app.inject({
          method: 'POST',
          url: STAFF_API.signIn,
          remoteAddress: address,
          headers: { ...onStaffOrigin(down.app), ...JSON_HEADERS },
          payload: JSON.stringify({ email: 'x@crescent.example', password: 'wrong' }),
        });
        tries.push(res.statusCode);
      }
      assert.deepEqual(tries, [401, 401, 401, 401, 401, 429]);
    } finally {
      await down.close();
    }
  });
});
