// The staff app on an origin of its own, attacked as a public remote's script would: a catalogue build (which a
// catalogue-scoped pipeline token may register and canary) runs on public pages with the public origin's rights, in the
// browser of an admin who is signed in to the staff app. Browsers send a host's cookies to each of its ports and to
// every path, so the script's requests carry the admin's session cookie: what it may reach is what is tested here.
// Over real HTTP to both listeners of one app, as the browser would reach them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, STAFF_API, staffApiPath, type SessionAnswer } from '@site/contracts/staff-api';
import { buildApp } from '../../app.js';
import { pgliteTarget, type TestDatabase } from '../../test-support/databases.js';
import { createFixture, type Fixture } from '../../test-support/fixture.js';
import { listenOnLoopback, listenStaffOnLoopback } from '../../test-support/ports.js';
import { addStaffAccount, onStaffOrigin, signInStaff, type StaffCaller } from '../../test-support/staffSignIn.js';

/** What the attack's script did next with the admin's rights: promote a build of its own. */
const PROMOTE = staffApiPath(STAFF_API.releasePromote, { remote: 'catalogue' });

describe("the staff app on its own origin, against a public page's script", () => {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let publicOrigin: string;
  let staffOrigin: string;
  let releaser: StaffCaller;

  before(async () => {
    fixture = await createFixture({ env: { RELEASE_REQUIRE_PASSED_RUN: '0' } });
    database = await pgliteTarget.fresh();
    app = await buildApp(fixture.config, database.db);
    publicOrigin = `http://127.0.0.1:${await listenOnLoopback(app)}`;
    staffOrigin = await listenStaffOnLoopback(app);
    // a release account signed in on the staff origin: the role that may make release tokens and promote
    await addStaffAccount(database.db, 'release@crescent.example', 'release', null, 'catalogue,chat,staff');
    releaser = await signInStaff(app, 'release@crescent.example');
  });
  after(async () => {
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  });

  /** The registry's audit: every release action that reached the registry, refused or not. */
  const releaseActions = async (): Promise<number> =>
    (await database.db.query<{ n: number }>('select count(*)::int as n from release_audit'))[0]?.n ?? -1;

  test('the public origin answers nothing of the staff API: no session to read, no build to promote, whatever the cookie', async () => {
    // the script's own origin: same-origin fetches, the admin's cookie sent with them
    const session = await fetch(`${publicOrigin}${STAFF_API.session}`, { headers: { cookie: releaser.cookie } });
    assert.equal(session.status, 404);
    const body = await session.text();
    assert.ok(!body.includes(releaser.csrf), 'the CSRF token is nowhere in the answer');
    // even a script that somehow had the token: nothing there to take it
    const promoted = await fetch(`${publicOrigin}${PROMOTE}`, {
      method: 'POST',
      headers: {
        cookie: releaser.cookie,
        [CSRF_HEADER]: releaser.csrf,
        origin: publicOrigin,
        'sec-fetch-site': 'same-origin',
      },
    });
    assert.equal(promoted.status, 404);
    for (const url of [
      '/api/staff',
      '/api/staff/',
      `${STAFF_API.releaseTokens}/../session`,
      '/api/staff/%2e%2e/staff/session',
      STAFF_API.releaseRemotes,
    ]) {
      assert.equal((await fetch(`${publicOrigin}${url}`, { headers: { cookie: releaser.cookie } })).status, 404, url);
    }
    assert.equal(await releaseActions(), 0);
  });

  test('the staff pages are not drawn on the public origin: a bookmark is sent to the staff origin', async () => {
    for (const url of ['/staff', '/staff/releases?remote=catalogue', '/staff/preview/products/1']) {
      const res = await fetch(`${publicOrigin}${url}`, { redirect: 'manual', headers: { cookie: releaser.cookie } });
      assert.equal(res.status, 302, url);
      assert.equal(res.headers.get('location'), `${app.staffSurface.origin()}${url}`);
      assert.equal(new URL(app.staffSurface.origin()).port, new URL(staffOrigin).port);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.ok(!(await res.text()).includes('<script'), url);
    }
  });

  test('cross-origin from the public page to the staff origin: unreadable, and every change refused', async () => {
    // what Chromium sends for a fetch from http://127.0.0.1:<public port> to the staff port: same site, another origin
    const fromPublicPage = {
      cookie: releaser.cookie,
      origin: publicOrigin,
      'sec-fetch-site': 'same-site',
      'sec-fetch-mode': 'cors',
    };
    const read = await fetch(`${staffOrigin}${STAFF_API.session}`, { headers: fromPublicPage });
    assert.equal(read.headers.get('access-control-allow-origin'), null, 'the browser keeps the answer from the script');
    const preflight = await fetch(`${staffOrigin}${PROMOTE}`, {
      method: 'OPTIONS',
      headers: {
        origin: publicOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type, ${CSRF_HEADER}`,
      },
    });
    assert.equal(
      preflight.headers.get('access-control-allow-origin'),
      null,
      'no preflight passes: no JSON body, no CSRF header',
    );
    // a simple request the browser sends without asking (no-cors), and the worst case: a script holding the token
    const attempts: Record<string, string>[] = [{ 'content-type': 'text/plain' }, { [CSRF_HEADER]: releaser.csrf }];
    for (const headers of attempts) {
      const res = await fetch(`${staffOrigin}${PROMOTE}`, {
        method: 'POST',
        headers: { ...fromPublicPage, ...headers },
      });
      assert.equal(res.status, 403, JSON.stringify(headers));
    }
    assert.equal(await releaseActions(), 0);
    // the staff app itself, on its own origin, reaches the registry (which refuses: there is no canary to promote)
    const own = await fetch(`${staffOrigin}${PROMOTE}`, {
      method: 'POST',
      headers: {
        cookie: releaser.cookie,
        [CSRF_HEADER]: releaser.csrf,
        origin: staffOrigin,
        'sec-fetch-site': 'same-origin',
      },
    });
    assert.equal(own.status, 400);
    assert.match(((await own.json()) as { error: string }).error, /^catalogue has no canary to promote/);
    const answer = (await (
      await fetch(`${staffOrigin}${STAFF_API.session}`, { headers: { cookie: releaser.cookie } })
    ).json()) as SessionAnswer;
    assert.equal(answer.session?.account.email, 'release@crescent.example');
  });

  test('the staff origin draws no page of the public site and answers none of its calls: a remote never runs there but as the staff pages load it', async () => {
    for (const url of [
      '/api/catalogue/categories',
      '/api/send-contact-form',
      '/api/chat',
      '/remotes.json',
      '/sitemap.xml',
      '/index.html',
    ]) {
      const res = await fetch(`${staffOrigin}${url}`, { redirect: 'manual' });
      assert.equal(res.status, 404, url);
      assert.ok(!(await res.text()).includes('<script'), url);
    }
    // a public page's address (the editor's "Public page" link) is sent to the public origin, where it is drawn
    for (const url of ['/home', '/our-products/cables?sort=name', '/ar/home', '/quotation/abc']) {
      const res = await fetch(`${staffOrigin}${url}`, { redirect: 'manual' });
      assert.equal(res.status, 302, url);
      // the site's origin as the server knows it (HOST 0.0.0.0: localhost), never the request's Host
      assert.equal(res.headers.get('location'), `http://localhost:${new URL(publicOrigin).port}${url}`, url);
      assert.ok(!(await res.text()).includes('<script'), url);
    }
    const root = await fetch(`${staffOrigin}/`, { redirect: 'manual' });
    assert.equal(root.status, 302);
    assert.equal(root.headers.get('location'), '/staff');
    const robots = await fetch(`${staffOrigin}/robots.txt`);
    assert.equal(await robots.text(), 'User-agent: *\nDisallow: /\n');
    // files the staff pages load (a remote's bundle, the site's images) are served, sandboxed if opened on their own
    for (const url of ['/remotes/catalogue/remoteEntry.js', '/images/logo.png']) {
      const res = await fetch(`${staffOrigin}${url}`);
      assert.equal(res.status, 200, url);
      assert.match(String(res.headers.get('content-security-policy')), /(^|; )sandbox($|;)/, url);
    }
    assert.equal((await fetch(`${staffOrigin}/healthz`)).status, 200);
  });
});

describe('STAFF_ORIGIN: the staff app on a host of its own behind one port', () => {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({
      env: {
        PUBLIC_SITE_URL: 'https://www.crescent.example',
        STAFF_ORIGIN: 'https://staff.crescent.example',
        STAFF_PORT: 'off',
        ALLOWED_HOSTS: 'www.crescent.example',
      },
    });
    database = await pgliteTarget.fresh();
    app = await buildApp(fixture.config, database.db);
    await app.ready();
  });
  after(async () => {
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  });

  test('the staff host answers the staff API; the public host does not, and redirects its pages to the staff host', async () => {
    assert.deepEqual(onStaffOrigin(app), { host: 'staff.crescent.example' });
    const onStaff = await app.inject({ url: STAFF_API.session, headers: { host: 'staff.crescent.example' } });
    assert.equal(onStaff.statusCode, 200);
    assert.deepEqual(onStaff.json(), { session: null });
    const onPublic = await app.inject({ url: STAFF_API.session, headers: { host: 'www.crescent.example' } });
    assert.equal(onPublic.statusCode, 404);
    const page = await app.inject({ url: '/staff/inbox', headers: { host: 'www.crescent.example' } });
    assert.equal(page.statusCode, 302);
    assert.equal(page.headers.location, 'https://staff.crescent.example/staff/inbox');
    // the staff host is allowed (ALLOWED_HOSTS took it in), and draws no public page: it sends it to the public host
    const publicPage = await app.inject({ url: '/home', headers: { host: 'staff.crescent.example' } });
    assert.equal(publicPage.statusCode, 302);
    assert.equal(publicPage.headers.location, 'https://www.crescent.example/home');
    assert.equal(
      (await app.inject({ url: '/api/catalogue/categories', headers: { host: 'staff.crescent.example' } })).statusCode,
      404,
    );
    assert.equal((await app.inject({ url: '/home', headers: { host: 'evil.example' } })).statusCode, 421);
  });

  test('a change from the public site is refused on the staff host: the Origin must be STAFF_ORIGIN', async () => {
    const res = await app.inject({
      method: 'POST',
      url: STAFF_API.signIn,
      headers: {
        host: 'staff.crescent.example',
        origin: 'https://www.crescent.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: 'someone@crescent.example', password: 'x' }),
    });
    assert.equal(res.statusCode, 403);
  });
});
