// The remotes registry through the whole app (buildApp), on both databases: seeding from the REMOTE_* variables, the
// release API with a pipeline's token (register, canary, promote, rollback), two app instances on one database
// following each change within 2 s with no restart, the staff API's token management, and the attacks on both: a
// leaked pipeline token trying to bring in a host of its own, to make the site fetch what it should not, or to reach the
// staff pages.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  CSRF_HEADER,
  STAFF_API,
  STAFF_RELEASES_PREFIX,
  staffApiPath,
  type StaffSession,
} from '@site/contracts/staff-api';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { inlineRemotesMap } from '../test-support/html.js';
import { startLoopbackHttp as startServer } from '../test-support/ports.js';
import {
  addStaffAccount,
  codeAt,
  currentStep,
  onStaffOrigin,
  sessionCookieOf,
  signInStaff,
  STAFF_TEST_PASSWORD,
} from '../test-support/staffSignIn.js';
import { hashPassword } from '../staff/passwords.js';
import { manifestNotLoaded, MANIFEST_MAX_BYTES, requiredExposes } from './manifestCheck.js';
import { RELEASES_API } from './releaseRoutes.js';
import { waitFor } from '../test-support/waitFor.js';

const ADMIN_TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';

const catalogueManifest = (names: string[]) =>
  JSON.stringify({
    id: 'catalogue',
    metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    exposes: names.map((name) => ({ name, path: `./${name}` })),
  });

/** What the endless manifest wrote before the reader hung up, and whether it got to its end. */
const endless = { written: 0, finished: false };

/**
 * A CDN of catalogue builds (an origin the test allows in REMOTE_ORIGINS): two exposing what the shell uses, one
 * without its search modal, and answers that are no manifest: not JSON, a 500, a redirect, a chunked body far past
 * the size limit.
 */
async function startCdn(): Promise<{ origin: string; server: Server }> {
  const files: Record<string, string> = {
    '/catalogue/v2/mf-manifest.json': catalogueManifest(requiredExposes('catalogue')),
    '/catalogue/v3/mf-manifest.json': catalogueManifest(requiredExposes('catalogue')),
    '/catalogue/v4/mf-manifest.json': catalogueManifest(requiredExposes('catalogue')),
    '/catalogue/no-search/mf-manifest.json': catalogueManifest(
      requiredExposes('catalogue').filter((name) => name !== 'SearchModal'),
    ),
    '/catalogue/not-json/mf-manifest.json': '<html>oops</html>',
  };
  return startServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/catalogue/error/mf-manifest.json') return void response.writeHead(500).end('{}');
    if (url.startsWith('/catalogue/redirect/'))
      return void response
        .writeHead(302, {
          location: decodeURIComponent(url.slice('/catalogue/redirect/'.length).replace(/\/mf-manifest\.json$/, '')),
        })
        .end();
    if (url === '/catalogue/endless/mf-manifest.json') {
      // no Content-Length (chunked), 16 times the limit, written as fast as the reader takes it
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = (left: number): void => {
        if (response.destroyed) return;
        if (left === 0) {
          endless.finished = true;
          return void response.end();
        }
        endless.written += chunk.length;
        if (response.write(chunk)) setImmediate(() => write(left - 1));
        else response.once('drain', () => write(left - 1));
      };
      return write((16 * MANIFEST_MAX_BYTES) / chunk.length);
    }
    const body = files[url];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? '{}');
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cohort = (n: number) => ({ cookie: `site_cohort=${n}` });

type Entry = { name: string; entry: string; fallback?: string };
const catalogueEntry = async (app: FastifyInstance, n: number): Promise<Entry | undefined> =>
  (await app.inject({ method: 'GET', url: '/remotes.json', headers: cohort(n) }))
    .json<{ remotes: Entry[] }>()
    .remotes.find((remote) => remote.name === 'catalogue');

async function registrySuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let cdn: { origin: string; server: Server };
  /** A host of the attacker's with a good catalogue manifest (no origin an admin allowed), or an internal service. */
  let elsewhere: Awaited<ReturnType<typeof startServer>>;
  let admin: { cookie: string; csrf: string };
  let catalogueToken = '';
  /** The pages' CSP with the configured remotes (all on this site). */
  let configuredCsp = '';
  let chatToken = '';

  t.before(async () => {
    cdn = await startCdn();
    elsewhere = await startServer(
      (_request, response) =>
        void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(catalogueManifest(requiredExposes('catalogue'))),
    );
    // the operator allows the CDN, and a second origin where nothing answers
    // not about the promote gate (pinnedRuns.test.ts is)
    fixture = await createFixture({
      env: {
        SERVER_RENDERING: 'off',
        REMOTE_ORIGINS: `${cdn.origin}, http://127.0.0.1:9`,
        RELEASE_REQUIRE_PASSED_RUN: '0',
      },
    });
    // the staff host's page, for the staff pages' remotes map
    await mkdir(path.join(fixture.root, 'staff-host/dist'), { recursive: true });
    await writeFile(
      path.join(fixture.root, 'staff-host/dist/index.html'),
      '<!doctype html><html lang=en><head><title>Staff</title></head><body><div id=root></div></body></html>',
    );
    database = await target.fresh();
    db = database.db;
    first = await buildApp(fixture.config, db, { catalogue: 'files' });
    // a second server process on the same database (on PGlite the same instance: one process holds its folder)
    second = await buildApp(fixture.config, await database.openAnother(), { catalogue: 'files' });
    const [row] = await db.query<{ id: number }>(
      'insert into staff_accounts (email, password_hash, role, totp_secret, totp_enabled_at) values ($1, $2, $3, $4, now()) returning id',
      ['admin@crescent.example', await hashPassword(STAFF_TEST_PASSWORD), 'admin', ADMIN_TOTP],
    );
    assert.ok(row !== undefined);
    await addStaffAccount(db, 'catalogue@crescent.example', 'catalogue');
    const signIn = await first.inject({
      method: 'POST',
      url: STAFF_API.signIn,
      headers: onStaffOrigin(first),
      payload: { email: 'admin@crescent.example', password: STAFF_TEST_PASSWORD },
    });
    const done = await first.inject({
      method: 'POST',
      url: STAFF_API.secondFactor,
      headers: { ...onStaffOrigin(first), cookie: sessionCookieOf(signIn) },
      payload: { code: codeAt(ADMIN_TOTP, currentStep()) },
    });
    assert.equal(done.statusCode, 200, done.body);
    admin = { cookie: sessionCookieOf(done), csrf: done.json<StaffSession>().csrfToken };
  });
  t.after(async () => {
    await first?.close();
    await second?.close();
    await database?.cleanup();
    await fixture?.cleanup();
    cdn?.server.close();
    elsewhere?.server.close();
  });

  const staffCall = (who: { cookie: string; csrf?: string }, method: 'GET' | 'POST', url: string, body?: unknown) =>
    first.inject({
      method,
      url,
      headers: {
        ...onStaffOrigin(first),
        cookie: who.cookie,
        ...(who.csrf === undefined ? {} : { [CSRF_HEADER]: who.csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const api = (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: unknown,
    app = first,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  await t.test(
    'the registry is seeded from the variables once, and the site answers as the variables say',
    async () => {
      const releases = await db.query<{ remote: string; version: string; entry: string }>(
        'select remote, version, entry from remote_releases order by remote',
      );
      assert.deepEqual(
        releases.map(({ remote, version, entry }) => `${remote} ${version} ${entry}`),
        // the four public remotes and the staff remote, which the registry releases like them
        ['catalogue', 'chat', 'company', 'contact', 'staff'].map(
          (name) => `${name} variables /remotes/${name}/mf-manifest.json`,
        ),
      );
      const pointers = await db.query<{ source: string; canary_percent: number }>(
        'select source, canary_percent from remote_pointers',
      );
      assert.equal(pointers.length, 5);
      assert.ok(pointers.every((row) => row.source === 'variables' && Number(row.canary_percent) === 0));
      assert.deepEqual(await catalogueEntry(first, 10), { name: 'catalogue', entry: STABLE_ENTRY });
      configuredCsp = String((await first.inject({ method: 'GET', url: '/about' })).headers['content-security-policy']);
      assert.match(configuredCsp, /^default-src 'self';script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
      // a third start on the same database adds nothing
      const third = await buildApp(fixture.config, db, { catalogue: 'files' });
      await third.close();
      assert.equal((await db.query('select id from remote_releases')).length, 5);
    },
  );

  await t.test('release tokens: admins only, with the CSRF token; shown once, listed without secrets', async () => {
    const body = { name: 'catalogue pipeline', remotes: ['catalogue'], expiresInDays: 30 };
    const withoutCsrf = await staffCall({ cookie: admin.cookie }, 'POST', STAFF_API.releaseTokens, body);
    assert.equal(withoutCsrf.statusCode, 403, withoutCsrf.body);
    const wrongCsrf = await staffCall(
      { cookie: admin.cookie, csrf: 'x'.repeat(43) },
      'POST',
      STAFF_API.releaseTokens,
      body,
    );
    assert.equal(wrongCsrf.statusCode, 403, wrongCsrf.body);
    const signedOut = await first.inject({
      method: 'POST',
      url: STAFF_API.releaseTokens,
      headers: onStaffOrigin(first),
      payload: body,
    });
    assert.equal(signedOut.statusCode, 401);
    // signed in all the way (the catalogue role's second step included): refused for its role, not for its session
    const editor = await signInStaff(first, 'catalogue@crescent.example');
    const byEditor = await staffCall(editor, 'POST', STAFF_API.releaseTokens, body);
    assert.equal(byEditor.statusCode, 403, byEditor.body);
    assert.equal((await staffCall(editor, 'GET', STAFF_API.releaseTokens)).statusCode, 403);

    for (const bad of [
      { ...body, remotes: ['shell'] },
      { ...body, remotes: [] },
      { ...body, expiresInDays: 0 },
      { ...body, expiresInDays: 366 },
      { ...body, name: 'a\u0000b' },
      { ...body, extra: 1 },
      'not json',
      [1],
    ]) {
      const res = await staffCall(admin, 'POST', STAFF_API.releaseTokens, bad);
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
    }
    // a name that looks like another: tag characters, a soft hyphen, a zero-width space or joiner inside it
    for (const [name, code] of [
      ['catalogue\u{E0041}\u{E0042} pipeline', 'E0041'],
      ['cata\u00adlogue pipeline', '00AD'],
      ['catalogue\u200b pipeline', '200B'],
      ['catalogue\u2063pipeline', '2063'],
    ] as const) {
      const res = await staffCall(admin, 'POST', STAFF_API.releaseTokens, { ...body, name });
      assert.equal(res.statusCode, 400, `${JSON.stringify(name)}: ${res.body}`);
      const message = `name contains an invisible character (U+${code}), which a name may not hold`;
      assert.deepEqual(res.json(), { error: message, problems: [{ path: ['name'], message }] });
    }

    const made = await staffCall(admin, 'POST', STAFF_API.releaseTokens, body);
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.headers['cache-control'], 'no-store');
    catalogueToken = made.json<{ token: string }>().token;
    assert.match(catalogueToken, /^srt_[\w-]{43}$/);
    chatToken = (
      await staffCall(admin, 'POST', STAFF_API.releaseTokens, { ...body, name: 'chat pipeline', remotes: ['chat'] })
    ).json<{ token: string }>().token;
    const listed = await staffCall(admin, 'GET', STAFF_API.releaseTokens);
    assert.equal(listed.statusCode, 200);
    assert.ok(
      !listed.body.includes(catalogueToken) && !listed.body.includes(catalogueToken.slice(4, 20)),
      'no secret in the list',
    );
    assert.deepEqual(
      listed
        .json<{ tokens: { name: string; remotes: string[] }[] }>()
        .tokens.map(({ name, remotes }) => `${name}: ${remotes.join()}`),
      ['chat pipeline: chat', 'catalogue pipeline: catalogue'],
    );
    const stored = await db.query<{ token_hash: string }>('select token_hash from release_tokens');
    assert.ok(
      stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash)),
      'only hashes are stored',
    );
  });

  await t.test(
    'the API refuses a missing, malformed, tampered or unknown token (401) and another remote\u2019s token (403)',
    async () => {
      assert.equal((await first.inject({ method: 'GET', url: RELEASES_API.remotes })).statusCode, 401);
      for (const token of [
        catalogueToken.slice(0, -1) + (catalogueToken.endsWith('A') ? 'B' : 'A'),
        'srt_' + 'A'.repeat(43),
        'nonsense',
        catalogueToken.slice(4),
      ]) {
        const res = await api('GET', RELEASES_API.remotes, token);
        assert.equal(res.statusCode, 401, `${token}: ${res.body}`);
      }
      for (const authorization of ['Basic abc', `bearer${catalogueToken}`, `Bearer ${catalogueToken} extra`]) {
        assert.equal(
          (await first.inject({ method: 'GET', url: RELEASES_API.remotes, headers: { authorization } })).statusCode,
          401,
          authorization,
        );
      }
      // an unknown address tells nothing without a token
      assert.equal((await first.inject({ method: 'GET', url: '/api/releases/nothing-here' })).statusCode, 401);
      assert.equal((await api('GET', '/api/releases/nothing-here', catalogueToken)).statusCode, 404);

      const listed = await api('GET', RELEASES_API.remotes, catalogueToken);
      assert.equal(listed.statusCode, 200, listed.body);
      assert.deepEqual(
        listed.json<{ remotes: { remote: string }[] }>().remotes.map(({ remote }) => remote),
        ['catalogue'],
        'a token sees its remotes only',
      );

      const entry = `${cdn.origin}/catalogue/v2/mf-manifest.json`;
      for (const [method, url, body] of [
        ['GET', RELEASES_API.remote('catalogue'), undefined],
        ['POST', RELEASES_API.releases('catalogue'), { version: 'v2', entry }],
        ['POST', RELEASES_API.canary('catalogue'), { version: 'v2', percent: 50 }],
        ['POST', RELEASES_API.promote('catalogue'), {}],
        ['POST', RELEASES_API.rollback('catalogue'), {}],
      ] as const) {
        const res = await api(method, url, chatToken, body);
        assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      }
      assert.equal(
        (await db.query('select id from remote_releases where remote = $1', ['catalogue'])).length,
        1,
        'nothing was registered',
      );
    },
  );

  await t.test('bad input is a clear 400 (or 413 for a huge body), never a 5xx', async () => {
    const entry = `${cdn.origin}/catalogue/v2/mf-manifest.json`;
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', RELEASES_API.releases('nosuch'), { version: 'v2', entry }, 400, /Unknown remote "nosuch"/],
      ['POST', RELEASES_API.releases('catalogue'), { version: 'v2' }, 400, /entry/],
      ['POST', RELEASES_API.releases('catalogue'), { version: 'v 2', entry }, 400, /version/],
      [
        'POST',
        RELEASES_API.releases('catalogue'),
        { version: 'variables', entry },
        400,
        /kept for the REMOTE_\* variables/,
      ],
      [
        'POST',
        RELEASES_API.releases('catalogue'),
        { version: 'v2', entry: 'javascript:alert(1)//mf-manifest.json' },
        400,
        /entry/,
      ],
      [
        'POST',
        RELEASES_API.releases('catalogue'),
        { version: 'v2', entry: `${cdn.origin}/catalogue/v2/remoteEntry.js` },
        400,
        /mf-manifest\.json/,
      ],
      ['POST', RELEASES_API.releases('catalogue'), { version: 'v2', entry, notes: 'x'.repeat(1001) }, 400, /notes/],
      ['POST', RELEASES_API.releases('catalogue'), { version: 'v2', entry, extra: true }, 400, /JSON object/],
      ['POST', RELEASES_API.releases('catalogue'), '{"version":', 400, /not valid JSON/],
      ['POST', RELEASES_API.releases('catalogue'), '[]', 400, /JSON object/],
      ['POST', RELEASES_API.releases('catalogue'), { version: 'v2', entry: 'x'.repeat(20_000) }, 413, /too large/],
      [
        'POST',
        RELEASES_API.canary('catalogue'),
        { version: 'v2', percent: 101 },
        400,
        /percent must be a whole number from 0 to 100/,
      ],
      ['POST', RELEASES_API.canary('catalogue'), { version: 'v2', percent: -1 }, 400, /percent/],
      ['POST', RELEASES_API.canary('catalogue'), { version: 'v2', percent: 12.5 }, 400, /percent/],
      ['POST', RELEASES_API.canary('catalogue'), { version: 'v2', percent: '50' }, 400, /percent/],
      [
        'POST',
        RELEASES_API.canary('catalogue'),
        { version: 'never-registered', percent: 10 },
        400,
        /no release "never-registered"/,
      ],
      ['POST', RELEASES_API.canary('catalogue'), { percent: 10 }, 400, /no canary release/],
      ['POST', RELEASES_API.promote('catalogue'), {}, 400, /no canary to promote/],
      ['POST', RELEASES_API.rollback('catalogue'), {}, 400, /nothing to roll back/],
      ['POST', RELEASES_API.promote('catalogue'), { force: true }, 400, /no body/],
    ];
    for (const [method, url, body, status, message] of cases) {
      const res = await api(method as 'POST', url, catalogueToken, body);
      assert.equal(res.statusCode, status, `${url} ${JSON.stringify(body).slice(0, 80)}: ${res.body}`);
      assert.match(res.json<{ error: string }>().error, message, url);
    }
  });

  await t.test(
    'a release whose manifest does not load or lacks an expose the shell uses is refused, naming what is missing',
    async () => {
      const missing = await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
        version: 'refused',
        entry: `${cdn.origin}/catalogue/no-search/mf-manifest.json`,
      });
      assert.equal(missing.statusCode, 400, missing.body);
      assert.match(missing.json<{ error: string }>().error, /missing \.\/SearchModal/);
      // every other failure says the same words, whatever it was: what answers where is not told
      for (const entry of [
        `${cdn.origin}/catalogue/gone/mf-manifest.json`,
        `${cdn.origin}/catalogue/not-json/mf-manifest.json`,
        `${cdn.origin}/catalogue/error/mf-manifest.json`,
        // the fixture's own stable build: its manifest lists no exposes
        STABLE_ENTRY,
        // an allowed origin where nothing answers
        'http://127.0.0.1:9/catalogue/mf-manifest.json',
      ]) {
        const res = await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
          version: 'refused',
          entry,
        });
        assert.equal(res.statusCode, 400, `${entry}: ${res.body}`);
        assert.equal(res.json<{ error: string }>().error, manifestNotLoaded(entry));
      }
      assert.equal((await db.query('select id from remote_releases where remote = $1', ['catalogue'])).length, 1);
    },
  );

  await t.test(
    'a token cannot register a build on an origin no admin allowed: nothing is fetched there, nothing registered',
    async () => {
      const port = new URL(elsewhere.origin).port;
      for (const entry of [
        `${elsewhere.origin}/catalogue/mf-manifest.json`,
        // the same host by other names
        `http://localhost:${port}/catalogue/mf-manifest.json`,
        `http://0x7f000001:${port}/catalogue/mf-manifest.json`,
        'https://cdn.attacker.example/catalogue/mf-manifest.json',
        // a path a browser reads as another host
        '/\\cdn.attacker.example/catalogue/mf-manifest.json',
      ]) {
        const res = await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
          version: 'elsewhere',
          entry,
        });
        assert.equal(res.statusCode, 400, `${entry}: ${res.body}`);
        assert.match(
          res.json<{ error: string }>().error,
          /^Remote builds are loaded only from this site and the origins an administrator allows \(REMOTE_ORIGINS\): \S+ is not one of them$/,
          entry,
        );
      }
      assert.deepEqual(elsewhere.requests, [], 'the host was never asked');
      assert.equal(
        (await db.query('select id from remote_releases where remote = $1', ['catalogue'])).length,
        1,
        'nothing was registered',
      );
    },
  );

  await t.test(
    'the manifest fetch follows no redirect and stops reading past the size limit, saying the same as any failure',
    async () => {
      const sessionUrl = encodeURIComponent(`${elsewhere.origin}/api/staff/session`);
      for (const entry of [
        `${cdn.origin}/catalogue/redirect/${sessionUrl}/mf-manifest.json`,
        `${cdn.origin}/catalogue/redirect/${encodeURIComponent('/catalogue/v2/mf-manifest.json')}/mf-manifest.json`,
      ]) {
        const res = await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
          version: 'redirected',
          entry,
        });
        assert.equal(res.statusCode, 400, `${entry}: ${res.body}`);
        assert.equal(res.json<{ error: string }>().error, manifestNotLoaded(entry));
      }
      assert.deepEqual(elsewhere.requests, [], 'the redirect was not followed');

      const huge = `${cdn.origin}/catalogue/endless/mf-manifest.json`;
      const res = await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
        version: 'huge',
        entry: huge,
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json<{ error: string }>().error, manifestNotLoaded(huge));
      await waitFor('the CDN sees the reader hang up', async () => endless.written > 0);
      assert.equal(endless.finished, false, `the answer was not read to its end (${endless.written} bytes written)`);
      assert.equal((await db.query('select id from remote_releases where remote = $1', ['catalogue'])).length, 1);
    },
  );

  await t.test(
    'register, canary 50 %, promote and roll back: both processes follow each change within 2 s, with no restart',
    async () => {
      const v2 = `${cdn.origin}/catalogue/v2/mf-manifest.json`;
      const registered = await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
        version: 'v2',
        entry: v2,
        notes: 'new heading\nand a fix',
      });
      assert.equal(registered.statusCode, 201, registered.body);
      assert.equal(
        (await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, { version: 'v2', entry: v2 }))
          .statusCode,
        409,
      );
      // registered is not live
      assert.deepEqual(await catalogueEntry(second, 10), { name: 'catalogue', entry: STABLE_ENTRY });

      const canary = await api('POST', RELEASES_API.canary('catalogue'), catalogueToken, {
        version: 'v2',
        percent: 50,
      });
      assert.equal(canary.statusCode, 200, canary.body);
      assert.equal(canary.json<{ canaryPercent: number }>().canaryPercent, 50);
      // the process that took the change applies it at once; the other within 2 s
      assert.deepEqual(await catalogueEntry(first, 10), { name: 'catalogue', entry: v2, fallback: STABLE_ENTRY });
      for (const app of [first, second]) {
        await waitFor('the canary reaches every process', async () => (await catalogueEntry(app, 10))?.entry === v2);
        assert.deepEqual(
          await catalogueEntry(app, 90),
          { name: 'catalogue', entry: STABLE_ENTRY },
          'a cohort above the percent stays on stable',
        );
        const page = await app.inject({ method: 'GET', url: '/about', headers: cohort(10) });
        assert.equal(page.statusCode, 200);
        assert.ok(
          page.body.includes(JSON.stringify({ name: 'catalogue', entry: v2, fallback: STABLE_ENTRY })),
          'the page\u2019s inline map has the canary',
        );
        assert.equal(page.headers['cache-control'], 'private, no-cache');
        // helmet's header, with the release's origin where the remotes' go
        const withOrigin = configuredCsp.replace(
          /(script-src|connect-src|img-src) ('self'(?: data:)?)/g,
          `$1 $2 ${cdn.origin}`,
        );
        assert.notEqual(withOrigin, configuredCsp);
        assert.equal(page.headers['content-security-policy'], withOrigin, 'the new origin is in the CSP');
        const stablePage = await app.inject({ method: 'GET', url: '/about', headers: cohort(90) });
        assert.ok(!stablePage.body.includes(v2), 'a stable visitor\u2019s page names no canary');
      }

      const promoted = await api('POST', RELEASES_API.promote('catalogue'), catalogueToken);
      assert.equal(promoted.statusCode, 200, promoted.body);
      for (const app of [first, second]) {
        await waitFor('the promotion reaches every process', async () => (await catalogueEntry(app, 90))?.entry === v2);
        assert.deepEqual(
          await catalogueEntry(app, 10),
          { name: 'catalogue', entry: v2 },
          'no canary after the promotion',
        );
        assert.equal(
          (await app.inject({ method: 'GET', url: '/remotes.json' })).headers['cache-control'],
          'no-cache',
          'shared caches may keep it again',
        );
      }

      const rolledBack = await api('POST', RELEASES_API.rollback('catalogue'), catalogueToken);
      assert.equal(rolledBack.statusCode, 200, rolledBack.body);
      for (const app of [first, second]) {
        await waitFor(
          'the rollback reaches every process',
          async () => (await catalogueEntry(app, 90))?.entry === STABLE_ENTRY,
        );
        const page = await app.inject({ method: 'GET', url: '/about', headers: cohort(10) });
        assert.ok(
          page.body.includes(JSON.stringify({ name: 'catalogue', entry: STABLE_ENTRY })),
          'the page is back on the first release',
        );
        assert.equal(page.headers['content-security-policy'], configuredCsp, 'the CSP follows back');
      }

      // a canary at 50 % taken back to 0 by a rollback with no earlier stable release
      assert.equal(
        (
          await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, {
            version: 'v3',
            entry: `${cdn.origin}/catalogue/v3/mf-manifest.json`,
          })
        ).statusCode,
        201,
      );
      assert.equal(
        (await api('POST', RELEASES_API.canary('catalogue'), catalogueToken, { version: 'v3', percent: 50 }))
          .statusCode,
        200,
      );
      await waitFor(
        'the v3 canary reaches the second process',
        async () => (await catalogueEntry(second, 10))?.entry.includes('/v3/') === true,
      );
      assert.equal((await api('POST', RELEASES_API.rollback('catalogue'), catalogueToken)).statusCode, 200);
      await waitFor(
        'the rollback of v3 reaches the second process',
        async () => (await catalogueEntry(second, 10))?.entry === STABLE_ENTRY,
      );

      const listing = (await api('GET', RELEASES_API.remote('catalogue'), catalogueToken)).json<{
        source: string;
        stable: { version: string };
        releases: { version: string }[];
      }>();
      assert.equal(listing.source, 'registry');
      assert.equal(listing.stable.version, 'variables');
      assert.deepEqual(
        listing.releases.map(({ version }) => version),
        ['v3', 'v2', 'variables'],
      );

      const audit = await db.query<{ action: string; actor: string; detail: string }>(
        'select action, actor, detail from release_audit where remote = $1 order by id',
        ['catalogue'],
      );
      const byPipeline = audit.filter((row) => row.actor.includes('"catalogue pipeline"'));
      assert.deepEqual(
        byPipeline.filter((row) => row.action !== 'api').map((row) => row.action),
        ['register', 'canary', 'promote', 'rollback', 'register', 'canary', 'rollback'],
      );
      assert.ok(byPipeline.filter((row) => row.action === 'api').length >= 10, 'every use of the token is audited');
      const attempts = audit.filter((row) => row.actor.includes('"chat pipeline"'));
      assert.equal(attempts.length, 5, 'the other remote’s token’s attempts are audited');
      assert.ok(attempts.every((row) => row.action === 'api' && row.detail.endsWith('→ 403')));
    },
  );

  await t.test(
    "a canary taken out (0 %, as the automatic rollback does) leaves the pages' CSP: only builds that can be served are in it",
    async () => {
      const cspOf = async (app: FastifyInstance) =>
        String(
          (await app.inject({ method: 'GET', url: '/about', headers: cohort(90) })).headers['content-security-policy'],
        );
      assert.equal(
        (await api('POST', RELEASES_API.canary('catalogue'), catalogueToken, { version: 'v3', percent: 50 }))
          .statusCode,
        200,
      );
      for (const app of [first, second])
        await waitFor('the canary\u2019s origin is allowed on every process', async () =>
          (await cspOf(app)).includes(cdn.origin),
        );
      assert.equal(
        (await api('POST', RELEASES_API.canary('catalogue'), catalogueToken, { percent: 0 })).statusCode,
        200,
      );
      for (const app of [first, second]) {
        await waitFor(
          'the canary at 0 % leaves the CSP of every process',
          async () => (await cspOf(app)) === configuredCsp,
        );
        assert.deepEqual(await catalogueEntry(app, 10), { name: 'catalogue', entry: STABLE_ENTRY });
      }
    },
  );

  await t.test('after the first change the registry, not the variables, decides for that remote', async () => {
    const restarted = await buildApp(fixture.config, db, { catalogue: 'files' });
    try {
      const pointer = await db.query<{ source: string }>('select source from remote_pointers where remote = $1', [
        'catalogue',
      ]);
      assert.equal(pointer[0]?.source, 'registry');
      assert.deepEqual(await catalogueEntry(restarted, 10), { name: 'catalogue', entry: STABLE_ENTRY });
    } finally {
      await restarted.close();
    }
  });

  await t.test(
    'admins release through the staff API with the same calls (their session and CSRF token); other roles cannot',
    async () => {
      const canary = `${STAFF_RELEASES_PREFIX}/remotes/catalogue/canary`;
      assert.equal(
        (await staffCall({ cookie: admin.cookie }, 'POST', canary, { version: 'v3', percent: 20 })).statusCode,
        403,
        'no CSRF token',
      );
      assert.equal(
        (
          await first.inject({
            method: 'POST',
            url: canary,
            headers: { ...onStaffOrigin(first), ...bearer(catalogueToken) },
            payload: { version: 'v3', percent: 20 },
          })
        ).statusCode,
        401,
        'a release token is no staff session',
      );
      // signed in all the way (the catalogue role's second step included): refused for its role, not for its session
      const editor = await signInStaff(first, 'catalogue@crescent.example');
      assert.equal((await staffCall(editor, 'POST', canary, { version: 'v3', percent: 20 })).statusCode, 403);
      assert.equal((await staffCall(editor, 'GET', `${STAFF_RELEASES_PREFIX}/remotes`)).statusCode, 403);

      const set = await staffCall(admin, 'POST', canary, { version: 'v3', percent: 20 });
      assert.equal(set.statusCode, 200, set.body);
      await waitFor(
        'the staff change reaches the second process',
        async () => (await catalogueEntry(second, 10))?.entry.includes('/v3/') === true,
      );
      assert.equal((await staffCall(admin, 'POST', canary, { version: 'v3', percent: 101 })).statusCode, 400);
      assert.equal(
        (await staffCall(admin, 'POST', `${STAFF_RELEASES_PREFIX}/remotes/catalogue/rollback`)).statusCode,
        200,
      );
      await waitFor(
        'the staff rollback reaches the second process',
        async () => (await catalogueEntry(second, 10))?.entry === STABLE_ENTRY,
      );
      const listed = await staffCall(admin, 'GET', `${STAFF_RELEASES_PREFIX}/remotes`);
      assert.deepEqual(
        listed.json<{ remotes: { remote: string }[] }>().remotes.map(({ remote }) => remote),
        ['catalogue', 'company', 'contact', 'chat', 'staff'],
      );
      const audit = await db.query<{ action: string }>(
        `select action from release_audit where actor = 'staff admin@crescent.example' order by id`,
      );
      assert.deepEqual(
        audit.map(({ action }) => action),
        ['canary', 'rollback'],
      );
    },
  );

  await t.test(
    "a catalogue token's promotion never reaches the staff pages (the editor's preview, their CSP); an admin's does",
    async () => {
      type StaffPage = { preview: string | undefined; scripts: string };
      const staffPage = async (app: FastifyInstance): Promise<StaffPage> => {
        const page = await app.inject({
          method: 'GET',
          url: '/staff/catalogue',
          headers: { ...onStaffOrigin(app), ...cohort(10) },
        });
        const map = inlineRemotesMap(page.body) as { remotes: Entry[] };
        const policy = String(page.headers['content-security-policy'])
          .split(';')
          .map((directive) => directive.trim());
        return {
          preview: map.remotes.find((remote) => remote.name === 'catalogue')?.entry,
          scripts: policy.filter((directive) => /^(script|connect)-src /.test(directive)).join('; '),
        };
      };
      const onlySelf = { preview: STABLE_ENTRY, scripts: "script-src 'self'; connect-src 'self'" };
      const v2 = `${cdn.origin}/catalogue/v2/mf-manifest.json`;
      // the token alone: canary, promote; the public pages take it, the staff pages do not
      assert.equal(
        (await api('POST', RELEASES_API.canary('catalogue'), catalogueToken, { version: 'v2', percent: 50 }))
          .statusCode,
        200,
      );
      assert.equal((await api('POST', RELEASES_API.promote('catalogue'), catalogueToken)).statusCode, 200);
      for (const app of [first, second]) {
        await waitFor('the promotion reaches every process', async () => (await catalogueEntry(app, 90))?.entry === v2);
        assert.deepEqual(
          await staffPage(app),
          onlySelf,
          'the staff pages keep the configured build and allow no other origin',
        );
      }

      // promoted by an admin: the staff pages take it
      const v4 = `${cdn.origin}/catalogue/v4/mf-manifest.json`;
      assert.equal(
        (await api('POST', RELEASES_API.releases('catalogue'), catalogueToken, { version: 'v4', entry: v4 }))
          .statusCode,
        201,
      );
      assert.equal(
        (await api('POST', RELEASES_API.canary('catalogue'), catalogueToken, { version: 'v4', percent: 10 }))
          .statusCode,
        200,
      );
      assert.deepEqual(await staffPage(first), onlySelf, 'nor does a canary reach them');
      assert.equal(
        (await staffCall(admin, 'POST', `${STAFF_RELEASES_PREFIX}/remotes/catalogue/promote`)).statusCode,
        200,
      );
      for (const app of [first, second]) {
        await waitFor(
          "the admin's promotion reaches every process",
          async () => (await catalogueEntry(app, 90))?.entry === v4,
        );
        assert.deepEqual(await staffPage(app), {
          preview: v4,
          scripts: `script-src 'self' ${cdn.origin}; connect-src 'self' ${cdn.origin}`,
        });
      }
    },
  );

  await t.test('an expired or revoked token is refused (401)', async () => {
    await db.query(`update release_tokens set expires_at = now() - interval '1 second' where name = $1`, [
      'chat pipeline',
    ]);
    assert.equal((await api('GET', RELEASES_API.remotes, chatToken)).statusCode, 401);
    assert.equal((await api('GET', RELEASES_API.remotes, catalogueToken)).statusCode, 200);
    const [row] = await db.query<{ id: number }>('select id from release_tokens where name = $1', [
      'catalogue pipeline',
    ]);
    const withoutCsrf = await staffCall(
      { cookie: admin.cookie },
      'POST',
      staffApiPath(STAFF_API.releaseTokenRevoke, { id: row!.id }),
    );
    assert.equal(withoutCsrf.statusCode, 403);
    assert.equal((await api('GET', RELEASES_API.remotes, catalogueToken)).statusCode, 200, 'still in force');
    const revoked = await staffCall(admin, 'POST', staffApiPath(STAFF_API.releaseTokenRevoke, { id: row!.id }));
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(
      (await staffCall(admin, 'POST', staffApiPath(STAFF_API.releaseTokenRevoke, { id: row!.id }))).statusCode,
      404,
    );
    assert.equal(
      (await staffCall(admin, 'POST', staffApiPath(STAFF_API.releaseTokenRevoke, { id: 'abc' }))).statusCode,
      400,
    );
    for (const app of [first, second])
      assert.equal((await api('POST', RELEASES_API.rollback('catalogue'), catalogueToken, {}, app)).statusCode, 401);
    const staffAudit = await db.query<{ action: string }>(
      "select action from staff_audit_log where action like 'release-token-%' order by id",
    );
    assert.deepEqual(
      staffAudit.map((entry) => entry.action),
      ['release-token-create', 'release-token-create', 'release-token-revoke'],
    );
  });
}

describe('the remotes registry', () => {
  test('on embedded PGlite', async (t) => registrySuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => registrySuite(t, target)));
});
