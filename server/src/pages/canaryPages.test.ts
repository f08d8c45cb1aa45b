// A canary build of a remote in front of a share of visitors, through the server: the remotes map per visitor, the
// headers that keep caches from sharing it, the canary's files at /remotes/<name>/canary/, and the pages drawn and
// hinted from the build the visitor is on, cached apart per build.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { createShellResponder, type PageRemote } from './index.js';
import { writeFiles } from '../test-support/files.js';
import { inlineRemotesMap as inlineMap } from '../test-support/html.js';

const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';
const CANARY_ENTRY = '/remotes/catalogue/canary/mf-manifest.json';

const cohort = (n: number) => ({ cookie: `site_cohort=${n}` });
const varyFields = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase());

const STABLE_MAP = {
  remotes: [
    { name: 'catalogue', entry: STABLE_ENTRY },
    { name: 'company', entry: '/remotes/company/mf-manifest.json' },
    { name: 'contact', entry: '/remotes/contact/mf-manifest.json' },
    { name: 'chat', entry: '/remotes/chat/mf-manifest.json' },
  ],
};
const CANARY_MAP = {
  remotes: [{ name: 'catalogue', entry: CANARY_ENTRY, fallback: STABLE_ENTRY }, ...STABLE_MAP.remotes.slice(1)],
};

describe('the whole app with a catalogue canary on its disk', () => {
  const running: { app: FastifyInstance; fixture: Fixture; canaryDir: string }[] = [];
  async function site(percent: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
    const canaryDir = await mkdtemp(path.join(os.tmpdir(), 'catalogue-canary-'));
    await writeFiles(canaryDir, {
      'mf-manifest.json': '{"id":"catalogue","metaData":{"remoteEntry":{"name":"remoteEntry.js"}}}\n',
      'remoteEntry.js': 'var catalogue = { canary: true };\n',
      '456.cd34ef56.js': 'console.log("canary chunk");\n',
      'server-render.json': '{"module":"server/render.0a1b2c3d.js"}',
      'server/render.0a1b2c3d.js': 'exports.exposes = {};',
    });
    const fixture = await createFixture({
      env: {
        REMOTE_CATALOGUE_CANARY_DIR: canaryDir,
        REMOTE_CATALOGUE_CANARY_PERCENT: percent,
        SERVER_RENDERING: 'off',
        ...env,
      },
    });
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    running.push({ app, fixture, canaryDir });
    return app;
  }
  afterEach(async () => {
    for (const { app, fixture, canaryDir } of running.splice(0)) {
      await app.close();
      await fixture.cleanup();
      await rm(canaryDir, { recursive: true, force: true });
    }
  });

  test('/remotes.json per cohort: the canary entry with the stable one as fallback below the percent, unchanged above', async () => {
    const app = await site('50');
    const onCanary = await app.inject({ method: 'GET', url: '/remotes.json', headers: cohort(10) });
    assert.deepEqual(onCanary.json(), CANARY_MAP);
    const onStable = await app.inject({ method: 'GET', url: '/remotes.json', headers: cohort(90) });
    assert.deepEqual(onStable.json(), STABLE_MAP);
    for (const res of [onCanary, onStable]) {
      assert.equal(res.headers['cache-control'], 'private, no-cache');
      assert.ok(varyFields(res).includes('cookie'), String(res.headers.vary));
      assert.equal(res.headers['set-cookie'], undefined, 'a valid cohort is kept');
    }
  });

  test('a new visitor gets a cohort cookie with the first answer, and the map that cohort gives', async () => {
    const app = await site('50');
    for (let i = 0; i < 10; i += 1) {
      const res = await app.inject({ method: 'GET', url: i % 2 === 0 ? '/remotes.json' : '/our-products' });
      const setCookie = String(res.headers['set-cookie']);
      const match = /^site_cohort=(\d{1,2}); Path=\/; Max-Age=7776000; SameSite=Lax; HttpOnly$/.exec(setCookie);
      assert.ok(match !== null, setCookie);
      const map = i % 2 === 0 ? res.json<unknown>() : inlineMap(res.body);
      assert.deepEqual(map, Number(match[1]) < 50 ? CANARY_MAP : STABLE_MAP);
    }
    const invalid = await app.inject({ method: 'GET', url: '/home', headers: { cookie: 'site_cohort=abc' } });
    assert.match(String(invalid.headers['set-cookie']), /^site_cohort=\d{1,2};/, 'an invalid cohort is replaced');
    const https = await app.inject({ method: 'GET', url: '/home', headers: { 'x-forwarded-proto': 'https' } });
    assert.doesNotMatch(String(https.headers['set-cookie']), /Secure/, 'X-Forwarded-Proto is not trusted by default');
  });

  test('every page (200 and 404) carries the map of its visitor, as /remotes.json gives it; private, Vary: Cookie, one ETag per build', async () => {
    const app = await site('50');
    for (const url of ['/our-products', '/home', '/nope']) {
      const canary = await app.inject({ method: 'GET', url, headers: cohort(10) });
      const stable = await app.inject({ method: 'GET', url, headers: cohort(90) });
      assert.deepEqual(inlineMap(canary.body), CANARY_MAP, url);
      assert.deepEqual(inlineMap(stable.body), STABLE_MAP, url);
      for (const res of [canary, stable]) {
        assert.equal(res.headers['cache-control'], 'private, no-cache', url);
        assert.ok(varyFields(res).includes('cookie'), url);
      }
      assert.notEqual(canary.headers.etag, stable.headers.etag, url);
    }
    // revalidation: the visitor's own ETag gives 304, the other build's does not
    const stableTag = String((await app.inject({ method: 'GET', url: '/home', headers: cohort(90) })).headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { ...cohort(91), 'if-none-match': stableTag },
    });
    assert.equal(again.statusCode, 304);
    const other = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { ...cohort(10), 'if-none-match': stableTag },
    });
    assert.equal(other.statusCode, 200);
  });

  test("a visitor whose browser could not load the catalogue's canary is sent the stable build", async () => {
    const app = await site('100');
    const failed = await app.inject({
      method: 'GET',
      url: '/our-products',
      headers: { cookie: 'site_cohort=3; site_canary_failed=catalogue' },
    });
    assert.deepEqual(inlineMap(failed.body), STABLE_MAP);
    const json = await app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { cookie: 'site_cohort=3; site_canary_failed=chat%2Ccatalogue' },
    });
    assert.deepEqual(json.json(), STABLE_MAP);
    const garbage = await app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { cookie: 'site_cohort=3; site_canary_failed=%%%' },
    });
    assert.deepEqual(garbage.json(), CANARY_MAP);
  });

  test('percent 0 (the rollback): the map, headers and pages of a site without a canary, no cookie', async () => {
    const app = await site('0');
    for (const headers of [{}, cohort(0)]) {
      const json = await app.inject({ method: 'GET', url: '/remotes.json', headers });
      assert.deepEqual(json.json(), STABLE_MAP);
      assert.equal(json.headers['cache-control'], 'no-cache');
      assert.equal(json.headers['set-cookie'], undefined);
      const page = await app.inject({ method: 'GET', url: '/our-products', headers });
      assert.deepEqual(inlineMap(page.body), STABLE_MAP);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.equal(page.headers['set-cookie'], undefined);
      assert.ok(!varyFields(page).includes('cookie'));
    }
  });

  test("the canary's files at /remotes/catalogue/canary/ by the stable files' rules; its server files are not served", async () => {
    const app = await site('50');
    const entry = await app.inject({
      method: 'GET',
      url: '/remotes/catalogue/canary/remoteEntry.js',
      headers: { origin: 'https://other.example' },
    });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.body, 'var catalogue = { canary: true };\n');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.ok(entry.headers.etag);
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(entry.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(
      (await app.inject({ method: 'GET', url: '/remotes/catalogue/canary/mf-manifest.json' })).headers['cache-control'],
      'no-cache',
    );
    const chunk = await app.inject({ method: 'GET', url: '/remotes/catalogue/canary/456.cd34ef56.js' });
    assert.equal(chunk.statusCode, 200);
    assert.match(String(chunk.headers['cache-control']), /immutable/);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/remotes/catalogue/canary/mf-manifest.json',
      headers: { origin: 'https://other.example' },
    });
    assert.equal(preflight.statusCode, 204);
    for (const url of [
      '/remotes/catalogue/canary/server-render.json',
      '/remotes/catalogue/canary/server/render.0a1b2c3d.js',
      '/remotes/catalogue/canary/../../../secret.txt',
      '/remotes/catalogue/canary/missing.js',
    ]) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
    // the stable build is still the one at /remotes/catalogue/
    assert.equal(
      (await app.inject({ method: 'GET', url: '/remotes/catalogue/remoteEntry.js' })).body,
      'var catalogue = {};\n',
    );
  });

  test("a canary on another origin: its origin in the CSP's script-src and connect-src, its URL in the map", async () => {
    const app = await site('100', {
      REMOTE_CATALOGUE_CANARY_URL: 'https://canary.cdn.example/catalogue/v2/mf-manifest.json',
    });
    const res = await app.inject({ method: 'GET', url: '/remotes.json', headers: cohort(1) });
    assert.deepEqual(res.json<{ remotes: unknown[] }>().remotes[0], {
      name: 'catalogue',
      entry: 'https://canary.cdn.example/catalogue/v2/mf-manifest.json',
      fallback: STABLE_ENTRY,
    });
    const policy = String(res.headers['content-security-policy']);
    assert.match(policy, /script-src 'self' https:\/\/canary\.cdn\.example(;| )/);
    assert.match(policy, /connect-src 'self' https:\/\/canary\.cdn\.example(;| )/);
  });
});

// Server-render modules in the shape tools/webpack/server-render.cjs builds (see ssr/firstView.test.ts).
const SHELL_MODULE = `
exports.sharedUi = {};
exports.sharedStore = {};
exports.renderPage = async ({ url, modules }) => {
  globalThis.canaryRenders = (globalThis.canaryRenders ?? 0) + 1;
  return { html: '<main>' + [...modules.values()][0].default + '</main>', head: '', state: { page: { url } } };
};
`;
const catalogueModule = (heading: string) =>
  `exports.exposes = { './CategoryListPage': { default: ${JSON.stringify(heading)} } };`;
const manifest = (chunk: string) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [{ name: 'CategoryListPage', assets: { js: { sync: [chunk] } } }],
  });
const SHELL_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Shell</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>\n';

/** The build a catalogue dist folder holds: its server-render module and manifest. */
async function writeCatalogueBuild(
  distDir: string,
  hash: string,
  heading: string,
  chunk: string,
  secondsLater = 0,
): Promise<void> {
  await writeFiles(
    distDir,
    {
      [`server/render.${hash}.js`]: catalogueModule(heading),
      'server-render.json': JSON.stringify({ module: `server/render.${hash}.js` }),
    },
    secondsLater,
  );
  // the switch, last
  await writeFiles(distDir, { 'mf-manifest.json': manifest(chunk) }, secondsLater + 1);
}

describe('pages drawn and hinted from the build the visitor is on, cached apart', () => {
  let root: string;
  let app: FastifyInstance;
  let elsewhere: FastifyInstance;
  const renders = globalThis as unknown as { canaryRenders?: number };
  const preloadHrefs = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)"|<link rel="preload" as="script" href="([^"]+)"/g)].map(
      (m) => m[1] ?? m[2],
    );
  const page = (server: FastifyInstance, n: number) =>
    server.inject({ method: 'GET', url: '/our-products', headers: cohort(n) });
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'canary-pages-'));
    await writeFiles(root, {
      'shell/index.html': SHELL_HTML,
      'shell/server/render.aaaa0001.js': SHELL_MODULE,
      'shell/server-render.json': JSON.stringify({ module: 'server/render.aaaa0001.js' }),
    });
    await writeCatalogueBuild(path.join(root, 'stable'), 'bbbb0001', 'Our Products', 'expose.11111111.js');
    await writeCatalogueBuild(
      path.join(root, 'canary'),
      'cccc0001',
      'Our Products: canary build',
      'expose.22222222.js',
    );
    const remotes = (canaryEntry: string): PageRemote[] => [
      {
        name: 'catalogue',
        entry: STABLE_ENTRY,
        distDir: path.join(root, 'stable'),
        canary: { entry: canaryEntry, percent: 50, distDir: path.join(root, 'canary') },
      },
    ];
    const local = createShellResponder(path.join(root, 'shell'), {
      remotes: remotes(CANARY_ENTRY),
      manifestRecheckMs: 0,
    });
    const remote = createShellResponder(path.join(root, 'shell'), {
      remotes: remotes('https://canary.cdn.example/catalogue/mf-manifest.json'),
      manifestRecheckMs: 0,
    });
    app = Fastify();
    app.get('/*', (request, reply) => local(request, reply, 200));
    elsewhere = Fastify();
    elsewhere.get('/*', (request, reply) => remote(request, reply, 200));
    await Promise.all([app.ready(), elsewhere.ready()]);
  });
  after(async () => {
    await Promise.all([app.close(), elsewhere.close()]);
    await rm(root, { recursive: true, force: true });
  });

  test("canary and stable visitors, alternating: each gets its build's first view, hints and map; one render per build", async () => {
    renders.canaryRenders = 0;
    for (let round = 0; round < 3; round += 1) {
      for (const n of [10, 90, 49, 50]) {
        const res = await page(app, n);
        const onCanary = n < 50;
        assert.equal(
          rootOf(res.body),
          onCanary ? '<main>Our Products: canary build</main>' : '<main>Our Products</main>',
          `cohort ${n}`,
        );
        const hrefs = preloadHrefs(res.body).filter((href) => href?.startsWith('/remotes/'));
        assert.deepEqual(
          hrefs,
          onCanary
            ? [
                '/remotes/catalogue/canary/mf-manifest.json',
                '/remotes/catalogue/canary/remoteEntry.js',
                '/remotes/catalogue/canary/expose.22222222.js',
              ]
            : [
                '/remotes/catalogue/mf-manifest.json',
                '/remotes/catalogue/remoteEntry.js',
                '/remotes/catalogue/expose.11111111.js',
              ],
          `cohort ${n}`,
        );
        assert.equal(
          (inlineMap(res.body) as { remotes: { entry: string }[] }).remotes[0]?.entry,
          onCanary ? CANARY_ENTRY : STABLE_ENTRY,
        );
      }
    }
    assert.equal(renders.canaryRenders, 2, 'the page cache holds one page per build, never one for the other');
  });

  test('a new canary build released into its folder is drawn on the next page (its manifest is the switch); stable unchanged', async () => {
    await writeCatalogueBuild(
      path.join(root, 'canary'),
      'cccc0002',
      'Our Products: canary build 2',
      'expose.33333333.js',
      10,
    );
    const canary = await page(app, 10);
    assert.equal(rootOf(canary.body), '<main>Our Products: canary build 2</main>');
    assert.ok(preloadHrefs(canary.body).includes('/remotes/catalogue/canary/expose.33333333.js'));
    assert.equal(rootOf((await page(app, 90)).body), '<main>Our Products</main>');
  });

  test('a canary on another origin: its visitors get no first view and no hints (as for a stable remote there); stable visitors do', async () => {
    const canary = await page(elsewhere, 10);
    assert.equal(rootOf(canary.body), '');
    assert.deepEqual(
      preloadHrefs(canary.body).filter((href) => href?.startsWith('/remotes/')),
      [],
    );
    assert.equal(
      (inlineMap(canary.body) as { remotes: { entry: string }[] }).remotes[0]?.entry,
      'https://canary.cdn.example/catalogue/mf-manifest.json',
    );
    assert.match(rootOf((await page(elsewhere, 90)).body) ?? '', /<main>Our Products/);
  });
});
