// `npm run remotes` against a running site (a real listening server on PGlite): each command, and its refusals as
// the site words them.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { pgliteTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { requiredExposes } from './manifestCheck.js';
import { remotesCli } from './remotesCli.js';
import { createReleaseToken } from './tokens.js';

describe('npm run remotes', () => {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let site = '';
  let token = '';

  before(async () => {
    // ALLOWED_HOSTS: the check of a manifest on this site asks the site under one of its own names
    // the gate off (RELEASE_REQUIRE_PASSED_RUN=0) but where a test turns it on
    fixture = await createFixture({
      env: { SERVER_RENDERING: 'off', ALLOWED_HOSTS: 'www.example.com,127.0.0.1', RELEASE_REQUIRE_PASSED_RUN: '0' },
    });
    const manifest = (names: string[]) => JSON.stringify({ id: 'catalogue', exposes: names.map((name) => ({ name })) });
    await mkdir(path.join(fixture.root, 'mfe-catalogue/dist/v2'), { recursive: true });
    await writeFile(
      path.join(fixture.root, 'mfe-catalogue/dist/v2/mf-manifest.json'),
      manifest(requiredExposes('catalogue')),
    );
    await mkdir(path.join(fixture.root, 'mfe-catalogue/dist/broken'), { recursive: true });
    await writeFile(path.join(fixture.root, 'mfe-catalogue/dist/broken/mf-manifest.json'), manifest(['HomePage']));
    database = await pgliteTarget.fresh();
    app = await buildApp(fixture.config, database.db, { catalogue: 'files' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    site = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = (
      await createReleaseToken(database.db.kysely, 'admin@crescent.example', {
        name: 'cli',
        remotes: ['catalogue'],
        expiresInDays: 1,
      })
    ).token;
  });
  after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  async function run(args: string[], env: Record<string, string | undefined> = { SITE_RELEASE_TOKEN: token }) {
    let out = '';
    let err = '';
    const code = await remotesCli(args, env, { out: (text) => (out += text), err: (text) => (err += text) });
    return { code, out, err };
  }
  const remotesJson = async () =>
    (await (await fetch(`${site}/remotes.json`, { headers: { cookie: 'site_cohort=10' } })).json()) as {
      remotes: { name: string; entry: string; fallback?: string }[];
    };

  test('register, canary, promote, rollback and list, each seen by the site at once', async () => {
    const registered = await run([
      'register',
      'catalogue',
      'v2',
      '/remotes/catalogue/v2/mf-manifest.json',
      '--notes',
      'new heading',
      '--site',
      site,
    ]);
    assert.equal(registered.code, 0, registered.err);
    assert.match(registered.out, /Registered catalogue v2/);

    const canary = await run(['canary', 'catalogue', '--percent', '50', '--release', 'v2', '--site', site]);
    assert.equal(canary.code, 0, canary.err);
    assert.match(canary.out, /canary v2 at 50 %/);
    assert.deepEqual((await remotesJson()).remotes[0], {
      name: 'catalogue',
      entry: '/remotes/catalogue/v2/mf-manifest.json',
      fallback: '/remotes/catalogue/mf-manifest.json',
    });

    const promoted = await run(['promote', 'catalogue', '--site', site]);
    assert.equal(promoted.code, 0, promoted.err);
    assert.match(promoted.out, /stable v2/);
    assert.deepEqual((await remotesJson()).remotes[0], {
      name: 'catalogue',
      entry: '/remotes/catalogue/v2/mf-manifest.json',
    });

    const listed = await run(['list', '--site', site]);
    assert.equal(listed.code, 0, listed.err);
    assert.match(listed.out, /^catalogue: stable v2/);
    assert.match(listed.out, /- v2 .* new heading/);

    const rolledBack = await run(['rollback', 'catalogue', '--site', site]);
    assert.equal(rolledBack.code, 0, rolledBack.err);
    assert.match(rolledBack.out, /stable variables/);
    assert.deepEqual((await remotesJson()).remotes[0], {
      name: 'catalogue',
      entry: '/remotes/catalogue/mf-manifest.json',
    });
  });

  test('refusals are printed as the site words them, with exit code 1; usage errors exit 2', async () => {
    const broken = await run([
      'register',
      'catalogue',
      'v3',
      '/remotes/catalogue/broken/mf-manifest.json',
      '--site',
      site,
    ]);
    assert.equal(broken.code, 1);
    assert.match(broken.err, /Refused \(400\): .*missing \.\/CategoryListPage/);
    const otherRemote = await run(['promote', 'chat', '--site', site]);
    assert.equal(otherRemote.code, 1);
    assert.match(otherRemote.err, /Refused \(403\): This token may not act on chat/);
    const badToken = await run(['list', '--site', site], { SITE_RELEASE_TOKEN: `${token}x` });
    assert.equal(badToken.code, 1);
    assert.match(badToken.err, /Refused \(401\)/);
    const percent = await run(['canary', 'catalogue', '--percent', '101', '--site', site]);
    assert.equal(percent.code, 1);
    assert.match(percent.err, /percent must be a whole number from 0 to 100/);

    assert.equal((await run(['list', '--site', site], {})).code, 2, 'no token');
    assert.equal((await run(['list'])).code, 2, 'no site');
    assert.equal((await run(['deploy', 'catalogue', '--site', site])).code, 2);
    assert.equal((await run(['canary', 'catalogue', '--percent', 'half', '--site', site])).code, 2);
    assert.equal((await run(['register', 'catalogue', '--site', site])).code, 2);
    const unreachable = await run(['list', '--site', 'http://127.0.0.1:9']);
    assert.equal(unreachable.code, 1);
    assert.match(unreachable.err, /Could not reach/);
  });

  test('record-run tells the site how the run pinned to the live canary went', async () => {
    const noCanary = await run(['record-run', 'catalogue', '--passed', '--site', site]);
    assert.equal(noCanary.code, 1);
    assert.match(noCanary.err, /Refused \(409\): catalogue has no live canary/);
    assert.equal((await run(['canary', 'catalogue', '--percent', '10', '--release', 'v2', '--site', site])).code, 0);
    const passed = await run([
      'record-run',
      'catalogue',
      '--passed',
      '--report',
      'https://ci.example.com/runs/7',
      '--site',
      site,
    ]);
    assert.equal(passed.code, 0, passed.err);
    assert.equal(passed.out, "Recorded a passed run pinned to catalogue's canary v2\n");
    assert.equal((await run(['record-run', 'catalogue', '--site', site])).code, 2, 'neither --passed nor --failed');
    assert.equal((await run(['record-run', 'catalogue', '--passed', '--failed', '--site', site])).code, 2, 'both');
  });

  test('qa-token prints a QA token for the remote’s pinned run, alone on stdout, that the release API refuses', async () => {
    const made = await run(['qa-token', 'catalogue', '--site', site]);
    assert.equal(made.code, 0, made.err);
    assert.match(made.out, /^srt_[A-Za-z0-9_-]{43}\n$/);
    assert.match(made.err, /^A QA token for catalogue's pinned run, until \d{4}-/);
    const asRelease = await run(['list', '--site', site], { SITE_RELEASE_TOKEN: made.out.trim() });
    assert.equal(asRelease.code, 1);
    assert.match(asRelease.err, /This is a qa token: it cannot release/);
    assert.equal((await run(['qa-token', 'chat', '--site', site])).code, 1, 'not this token’s remote');
    assert.equal((await run(['qa-token', '--site', site])).code, 2, 'no remote');
  });

  test("list prints each remote's promote gate: whether a passed pinned run is required, and the latest run recorded", async (t) => {
    // the same site with RELEASE_REQUIRE_PASSED_RUN=catalogue
    const gated = await buildApp({ ...fixture.config, requirePassedRun: ['catalogue'] }, database.db, {
      catalogue: 'files',
    });
    t.after(() => gated.close());
    await gated.listen({ port: 0, host: '127.0.0.1' });
    const gatedSite = `http://127.0.0.1:${(gated.server.address() as AddressInfo).port}`;
    const gateLine = (out: string) => out.split('\n').find((line) => line.startsWith('  promote '));

    // v2 is the live canary, with the passed run recorded above
    const listed = await run(['list', '--site', site]);
    assert.equal(listed.code, 0, listed.err);
    assert.match(
      gateLine(listed.out) ?? '',
      /^ {2}promote needs no pinned run; latest run on canary v2: passed \S+ by .+ \(https:\/\/ci\.example\.com\/runs\/7\)$/,
    );
    assert.match(
      gateLine((await run(['list', 'catalogue', '--site', gatedSite])).out) ?? '',
      /^ {2}promote waits for a passed pinned run; latest run on canary v2: passed /,
    );

    assert.equal((await run(['record-run', 'catalogue', '--failed', '--site', site])).code, 0);
    const failed = gateLine((await run(['list', 'catalogue', '--site', gatedSite])).out) ?? '';
    assert.match(failed, /^ {2}promote waits for a passed pinned run; latest run on canary v2: failed \S+ by .+$/);
    assert.doesNotMatch(failed, /\(/, 'a run recorded without a report shows none');

    // a new canary release: the earlier release's runs are not its own
    assert.equal(
      (await run(['register', 'catalogue', 'v3', '/remotes/catalogue/v2/mf-manifest.json', '--site', site])).code,
      0,
    );
    assert.equal((await run(['canary', 'catalogue', '--percent', '10', '--release', 'v3', '--site', site])).code, 0);
    assert.equal(
      gateLine((await run(['list', 'catalogue', '--site', gatedSite])).out),
      '  promote waits for a passed pinned run; no run recorded for canary v3',
    );
    // a change's answer carries no gate: none printed
    assert.equal(gateLine((await run(['canary', 'catalogue', '--percent', '0', '--site', site])).out), undefined);
  });
});
