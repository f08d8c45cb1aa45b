// The staff remote in the remotes registry, through the whole app on both databases: seeded from REMOTE_STAFF_URL,
// registered (refused without the module the staff host renders), put in front of a share of staff as a canary,
// promoted and rolled back with a pipeline's token like the public remotes; the staff pages' own remotes map, preload
// and CSP follow each change a person made (a release account's: never a token's alone) per visitor (cohort,
// failed-canaries cookie), and no public page ever names it. The staff host's load reports are counted per staff
// release, and a failing staff canary is rolled back automatically.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CANARY_FAILED_COOKIE } from '@site/contracts/federation';
import { STAFF_RELEASES_PREFIX } from '@site/contracts/staff-api';
import { REMOTE_LOAD_REPORT_PATH, type RemoteListing } from '@site/contracts/releases-api';
import { buildApp } from '../app.js';
import { composeOutboxMail } from '../outboxMail.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { writeFiles } from '../test-support/files.js';
import { inlineRemotesMap } from '../test-support/html.js';
import { startLoopbackHttp } from '../test-support/ports.js';
import {
  addStaffAccount,
  onStaffOrigin,
  signInStaff,
  staffCall,
  type StaffCaller,
} from '../test-support/staffSignIn.js';
import { RELEASES_API } from './releaseRoutes.js';
import { createReleaseToken } from './tokens.js';

const STABLE = '/remotes/staff/mf-manifest.json';
const TEAM = 'staff-team@crescent.example';
/** The rollback looks at the canary's last 4 loads and takes it out at half of them failing. */
// the test's reports all come from one address, without session ids: each is a visitor, and that address may be all four
const RELEASE_SAFETY = {
  rollbackWindow: 4,
  rollbackWindowSeconds: 60,
  rollbackMinLoads: 4,
  rollbackFailurePercent: 50,
  rollbackMinFailingAddresses: 1,
  countedPerAddress: 4,
  alertEmail: TEAM,
  reportsPerMinute: 0,
};
const STAFF_FILES: Record<string, string> = {
  'staff-host/dist/index.html':
    '<!doctype html><html lang=en><head><title>Staff</title><script defer src=/staff/assets/main.0a1b2c3d.js></script></head><body><div id=root></div></body></html>',
  'mfe-staff/dist/mf-manifest.json':
    '{"id":"staff","metaData":{"globalName":"staff","remoteEntry":{"name":"remoteEntry.js","path":""}},"exposes":[{"name":"StaffApp","path":"./StaffApp"}]}\n',
};

/** A CDN of staff builds: one exposing the StaffApp the staff host renders, one without it (a test adds more). */
async function startCdn() {
  const manifest = (names: string[]) =>
    JSON.stringify({
      id: 'staff',
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      exposes: names.map((name) => ({ name, path: `./${name}` })),
    });
  const files: Record<string, string> = {
    '/staff/v2/mf-manifest.json': manifest(['StaffApp']),
    '/staff/broken/mf-manifest.json': manifest(['Inbox']),
  };
  const { origin, server } = await startLoopbackHttp((request, response) => {
    const body = files[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? '{}');
  });
  return { origin, server, files };
}

type Entry = { name: string; entry: string; fallback?: string };
/** The staff remote's entries in the staff page's map (which also names the catalogue's stable build, for the editor's preview). */
const inlineMap = (html: string): Entry[] =>
  (inlineRemotesMap(html) as { remotes: Entry[] }).remotes.filter((remote) => remote.name === 'staff');
const scriptSrc = (res: LightMyRequestResponse): string =>
  String(res.headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src ')) ?? '';

async function staffRemoteSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let cdn: Awaited<ReturnType<typeof startCdn>>;
  let staffToken = '';
  let catalogueToken = '';
  /** A release account of the staff remote, signed in: a person with the role. */
  let releaser: StaffCaller;

  t.before(async () => {
    cdn = await startCdn();
    // not about the promote gate (pinnedRuns.test.ts is)
    fixture = await createFixture({
      env: { SERVER_RENDERING: 'off', REMOTE_ORIGINS: cdn.origin, RELEASE_REQUIRE_PASSED_RUN: '0' },
    });
    await writeFiles(fixture.root, STAFF_FILES);
    database = await target.fresh();
    app = await buildApp({ ...fixture.config, releaseSafety: RELEASE_SAFETY }, database.db, { catalogue: 'files' });
    staffToken = (
      await createReleaseToken(database.db.kysely, 'test', {
        name: 'staff pipeline',
        remotes: ['staff'],
        expiresInDays: 1,
      })
    ).token;
    catalogueToken = (
      await createReleaseToken(database.db.kysely, 'test', {
        name: 'catalogue pipeline',
        remotes: ['catalogue'],
        expiresInDays: 1,
      })
    ).token;
    await addStaffAccount(database.db, 'karim@crescent.example', 'release', null, 'staff');
    releaser = await signInStaff(app, 'karim@crescent.example');
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
    cdn?.server.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = staffToken) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const staffPage = (cookie?: string) =>
    app.inject({
      method: 'GET',
      url: '/staff/inbox',
      headers: { ...onStaffOrigin(app), ...(cookie === undefined ? {} : { cookie }) },
    });
  /** The release account's call of the console (the same handlers as the token's). */
  const byPerson = async (change: 'canary' | 'promote', body?: unknown) => {
    const res = await staffCall(app, releaser, 'POST', `${STAFF_RELEASES_PREFIX}/remotes/staff/${change}`, body);
    assert.equal(res.statusCode, 200, res.body);
  };

  await t.test(
    'the registry lists the staff remote, seeded as configured; its page names the stable build',
    async () => {
      const listed = await call('GET', RELEASES_API.remotes);
      assert.equal(listed.status, 200);
      const [staff] = (listed.body as { remotes: RemoteListing[] }).remotes;
      assert.equal(staff?.remote, 'staff');
      assert.equal(staff?.source, 'variables');
      assert.equal(staff?.stable.entry, STABLE);
      assert.deepEqual(staff?.promoteGate, { requiresPassedRun: false });
      const page = await staffPage();
      assert.deepEqual(inlineMap(page.body), [{ name: 'staff', entry: STABLE }]);
      assert.equal(page.headers['set-cookie'], undefined, 'no canary: no cohort given out');
    },
  );

  await t.test(
    'a build without the StaffApp the staff host renders is refused, saying so; a good one is registered',
    async () => {
      const refused = await call('POST', RELEASES_API.releases('staff'), {
        version: 'broken',
        entry: `${cdn.origin}/staff/broken/mf-manifest.json`,
      });
      assert.equal(refused.status, 400);
      assert.equal(
        refused.body.error,
        'The staff release does not expose what the staff host uses: missing ./StaffApp',
      );
      const registered = await call('POST', RELEASES_API.releases('staff'), {
        version: 'v2',
        entry: `${cdn.origin}/staff/v2/mf-manifest.json`,
        notes: 'new inbox',
      });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
    },
  );

  await t.test("another remote's token may not touch it (403), and a staff token no public remote", async () => {
    const other = await call('POST', RELEASES_API.canary('staff'), { version: 'v2', percent: 50 }, catalogueToken);
    assert.equal(other.status, 403);
    assert.equal(other.body.error, 'This token may not act on staff: only on catalogue');
    assert.equal((await call('POST', RELEASES_API.rollback('catalogue'))).status, 403);
  });

  await t.test(
    'a staff token alone puts its build in front of no member of staff: not as a canary, not promoted',
    async () => {
      const canary = await call('POST', RELEASES_API.canary('staff'), { version: 'v2', percent: 100 });
      assert.equal(canary.status, 200, JSON.stringify(canary.body));
      const onStable = { map: [{ name: 'staff', entry: STABLE }], scripts: "script-src 'self'" };
      assert.deepEqual(
        {
          map: inlineMap((await staffPage('site_cohort=10')).body),
          scripts: scriptSrc(await staffPage('site_cohort=10')),
        },
        onStable,
      );
      assert.equal((await call('POST', RELEASES_API.promote('staff'))).status, 200);
      assert.deepEqual(
        {
          map: inlineMap((await staffPage('site_cohort=10')).body),
          scripts: scriptSrc(await staffPage('site_cohort=10')),
        },
        onStable,
      );
      // back as it was: the build seeded from the variables stable, no canary
      assert.equal((await call('POST', RELEASES_API.rollback('staff'))).status, 200);
    },
  );

  await t.test(
    'as the canary for 50 % (set by a release account): staff of the lower half get it with the stable build as fallback, the CSP allowing its origin',
    async () => {
      await byPerson('canary', { version: 'v2', percent: 50 });
      const v2 = `${cdn.origin}/staff/v2/mf-manifest.json`;

      const onCanary = await staffPage('site_cohort=10');
      assert.deepEqual(inlineMap(onCanary.body), [{ name: 'staff', entry: v2, fallback: STABLE }]);
      assert.ok(
        onCanary.body.includes(`<link rel="preload" href="${v2}" as="fetch" crossorigin="anonymous">`),
        'the canary is preloaded',
      );
      assert.equal(scriptSrc(onCanary), `script-src 'self' ${cdn.origin}`);
      assert.equal(onCanary.headers['cache-control'], 'no-store');

      const onStable = await staffPage('site_cohort=90');
      assert.deepEqual(inlineMap(onStable.body), [{ name: 'staff', entry: STABLE }]);
      assert.equal(scriptSrc(onStable), "script-src 'self'", 'no other origin for staff not on it');
      // a browser that could not load the canary is on stable from then on
      const failed = await staffPage(`site_cohort=10; ${CANARY_FAILED_COOKIE}=staff`);
      assert.deepEqual(inlineMap(failed.body), [{ name: 'staff', entry: STABLE }]);
      // a new visitor is given a cohort, as on the public pages
      assert.match(
        String((await staffPage()).headers['set-cookie']),
        /^site_cohort=\d{1,2}; Path=\/; Max-Age=7776000; SameSite=Lax; HttpOnly$/,
      );

      // the public pages never name it, whatever the cohort
      const remotesJson = (
        await app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: 'site_cohort=10' } })
      ).json<{ remotes: Entry[] }>();
      assert.ok(!remotesJson.remotes.some((remote) => remote.name === 'staff'));
      const home = await app.inject({ method: 'GET', url: '/home', headers: { cookie: 'site_cohort=10' } });
      assert.ok(!home.body.includes('/staff/v2/'));
      assert.ok(!String(home.headers['content-security-policy']).includes(cdn.origin));
    },
  );

  await t.test(
    'promoted: every member of staff gets it; rolled back: the build seeded from the variables again',
    async () => {
      const v2 = `${cdn.origin}/staff/v2/mf-manifest.json`;
      await byPerson('promote');
      assert.deepEqual(inlineMap((await staffPage('site_cohort=90')).body), [{ name: 'staff', entry: v2 }]);
      const rolledBack = await call('POST', RELEASES_API.rollback('staff'));
      assert.equal(rolledBack.status, 200);
      assert.equal((rolledBack.body as { stable: { version: string } }).stable.version, 'variables');
      assert.deepEqual(inlineMap((await staffPage('site_cohort=10')).body), [{ name: 'staff', entry: STABLE }]);
    },
  );

  // sent from the staff pages, so to the staff origin (platform/http/staffSurface.ts)
  const report = (body: unknown) =>
    app.inject({
      method: 'POST',
      url: REMOTE_LOAD_REPORT_PATH,
      headers: { ...onStaffOrigin(app), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const staffListing = async () => (await call('GET', RELEASES_API.remote('staff'))).body as unknown as RemoteListing;

  await t.test("the staff host's load reports are counted per staff release, as the public remotes' are", async () => {
    // the staff host reports the map's address made absolute with the page's origin
    const stable = `${app.staffSurface.origin()}${STABLE}`;
    assert.deepEqual((await report({ remote: 'staff', entry: stable, outcome: 'loaded' })).json(), { counted: true });
    assert.deepEqual((await report({ remote: 'staff', entry: stable, outcome: 'failed', kind: 'module' })).json(), {
      counted: true,
    });
    // a build that is not live (v2 after the rollback, or an unknown address) is not counted
    assert.deepEqual(
      (await report({ remote: 'staff', entry: `${cdn.origin}/staff/v2/mf-manifest.json`, outcome: 'loaded' })).json(),
      { counted: false },
    );
    assert.deepEqual((await staffListing()).health.stable, { loads: 1, failures: 1, renderErrors: 0 });
    const refused = await report({ remote: 'staff', entry: stable, outcome: 'failed' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json<{ error: string }>().error, /kind goes with a failed outcome/);
  });

  await t.test(
    'a staff canary failing past the threshold is rolled back by itself: audited, mailed, off the staff pages',
    async () => {
      const v3 = `${cdn.origin}/staff/v3/mf-manifest.json`;
      cdn.files['/staff/v3/mf-manifest.json'] = cdn.files['/staff/v2/mf-manifest.json'] ?? '';
      assert.equal((await call('POST', RELEASES_API.releases('staff'), { version: 'v3', entry: v3 })).status, 201);
      await byPerson('canary', { version: 'v3', percent: 50 });
      assert.deepEqual(inlineMap((await staffPage('site_cohort=10')).body), [
        { name: 'staff', entry: v3, fallback: STABLE },
      ]);

      // what the staff host sends for a member of staff on the canary whose canary failed: its failure, then the stable
      // build's load
      const failed = { remote: 'staff', entry: v3, outcome: 'failed', kind: 'entry' };
      assert.deepEqual((await report({ remote: 'staff', entry: v3, outcome: 'loaded' })).json(), { counted: true });
      assert.deepEqual((await report(failed)).json(), { counted: true });
      assert.equal((await staffListing()).canaryPercent, 50, 'fewer loads than the window: nothing happens');
      await Promise.all([report(failed), report(failed), report(failed)]);

      const after = await staffListing();
      assert.equal(after.canaryPercent, 0, 'the staff canary is out');
      assert.equal(after.stable.entry, STABLE, 'the stable release stays');
      assert.equal(after.health.canary?.loads, 1);
      assert.ok((after.health.canary?.failures ?? 0) >= 3);
      const audit = await database.db.query<{ actor: string; remote: string; detail: string }>(
        "select actor, remote, detail from release_audit where action = 'auto-rollback'",
      );
      assert.deepEqual(
        audit.map(({ actor, remote }) => `${actor} ${remote}`),
        ['automatic rollback staff'],
        'rolled back once',
      );
      assert.match(
        audit[0]?.detail ?? '',
        /^v3: [34] of its last 4 loads failed \(from 1 network in 1 wide network within 60 s; threshold 50%\), canary at 0%$/,
      );
      const mails = await database.db.query<{
        id: number;
        kind: string;
        ref_id: number | null;
        recipient: string;
        payload: unknown;
      }>("select id, kind, ref_id, recipient, payload from outbox where kind = 'release_rollback'");
      assert.equal(mails.length, 1);
      assert.equal(mails[0]?.recipient, TEAM);
      assert.equal(
        (await composeOutboxMail(mails[0], 'Website <website@crescent.example>')).subject,
        'Canary v3 of staff was rolled back automatically',
      );

      // every member of staff gets the stable build again; later reports of the old canary are not counted
      assert.deepEqual(inlineMap((await staffPage('site_cohort=10')).body), [{ name: 'staff', entry: STABLE }]);
      assert.deepEqual((await report(failed)).json(), { counted: false });
    },
  );
}

describe('the staff remote in the remotes registry', () => {
  test('on embedded PGlite', async (t) => staffRemoteSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => staffRemoteSuite(t, target)));

  test('REMOTE_STAFF_URL still seeds it, as REMOTE_<NAME>_URL does a public remote', async (t) => {
    const entry = 'https://staff.cdn.example/v3/mf-manifest.json';
    const fixture = await createFixture({ env: { SERVER_RENDERING: 'off', REMOTE_STAFF_URL: entry } });
    const database = await pgliteTarget.fresh();
    const app = await buildApp(fixture.config, database.db, { catalogue: 'files' });
    t.after(async () => {
      await app.close();
      await database.cleanup();
      await fixture.cleanup();
    });
    const token = (
      await createReleaseToken(database.db.kysely, 'test', {
        name: 'staff pipeline',
        remotes: ['staff'],
        expiresInDays: 1,
      })
    ).token;
    const res = await app.inject({
      method: 'GET',
      url: RELEASES_API.remote('staff'),
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      { source: res.json<RemoteListing>().source, entry: res.json<RemoteListing>().stable.entry },
      { source: 'variables', entry },
    );
  });
});
