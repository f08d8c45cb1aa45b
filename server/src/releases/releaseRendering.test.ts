// The server rendering of registry releases, on the built site (the real shell and catalogue builds), on two app
// instances sharing one database (each with its own cache of render modules, as two processes have): a second
// catalogue build registered from the canary folder is rendered for its visitors after register, canary, promote and
// rollback on both; a third build written into that same folder and registered too leaves the second's pages as they
// were; and a build whose render module changed on its CDN after its registration is never run.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../app/config.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { startLoopbackHttp } from '../test-support/ports.js';
import { RELEASES_API } from './releaseRoutes.js';
import { createReleaseToken } from './tokens.js';
import { waitFor } from '../test-support/waitFor.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STABLE_HEADING = 'Our Products';
const SECOND_HEADING = 'Our Products: second build';
const THIRD_HEADING = 'Our Products: third build';
const FOURTH_HEADING = 'Our Products: fourth build';
const CANARY_FOLDER_ENTRY = '/remotes/catalogue/canary/mf-manifest.json';
const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';
/** What a page the server could not draw says (the shell's <noscript> for the catalogue). */
const NO_SSR = 'needs JavaScript';

/** A copy of the built catalogue into `dir` (replacing what is there) whose category list heading is `heading`. */
function writeBuild(dir: string, heading: string): void {
  rmSync(dir, { recursive: true, force: true });
  const built = path.join(REPO_ROOT, 'mfe-catalogue', 'dist');
  // npm test builds the site before the server tests; run alone, this says what is missing
  if (!existsSync(path.join(built, 'server-render.json')))
    throw new Error(`${built} has no build: run npm run build first`);
  cpSync(built, dir, { recursive: true });
  const from = `"catalogue.categories.heading":["${STABLE_HEADING}"]`;
  const messages = readdirSync(dir).find((file) => /^__federation_expose_messages_en\.[0-9a-f]+\.js$/.test(file));
  const render = (JSON.parse(readFileSync(path.join(dir, 'server-render.json'), 'utf8')) as { module: string }).module;
  assert.ok(messages !== undefined, `no English messages chunk in ${dir}`);
  for (const file of [path.join(dir, messages), path.join(dir, render)]) {
    const text = readFileSync(file, 'utf8');
    // the render module holds each English catalog: the catalogue's, and the one with the quantity words
    assert.ok(text.includes(from), `${from} in ${file}`);
    // the compressed copies would be the first build's: without them the server sends the file itself
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    writeFileSync(file, text.replaceAll(from, `"catalogue.categories.heading":["${heading}"]`));
  }
}

/** The loopback CDN: serves `root`'s files, and whatever `replaced` says for a path instead. */
async function startCdn(root: string, replaced: Map<string, string>) {
  return startLoopbackHttp((request, response) => {
    const url = request.url ?? '';
    const swapped = replaced.get(url);
    if (swapped !== undefined) return void response.writeHead(200).end(swapped);
    try {
      response.writeHead(200).end(readFileSync(path.join(root, path.normalize(url).replace(/^(\.\.[/\\])+/, ''))));
    } catch {
      response.writeHead(404).end();
    }
  });
}

/** The category list's heading as the server drew it for a new visitor of `cohort`; undefined when it drew none. */
async function drawnHeading(app: FastifyInstance, cohort: number): Promise<string | undefined> {
  const page = await app.inject({ method: 'GET', url: '/our-products', headers: { cookie: `site_cohort=${cohort}` } });
  assert.equal(page.statusCode, 200);
  // the shell's page has no heading of its own: one is the first view's
  const heading = /<h1\b[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1];
  if (heading === undefined)
    assert.ok(page.body.includes(NO_SSR), 'a page drawn in the browser says it needs JavaScript');
  return heading;
}

type Entry = { name: string; entry: string; fallback?: string };
const catalogueEntry = async (app: FastifyInstance, cohort: number): Promise<Entry | undefined> =>
  (await app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: `site_cohort=${cohort}` } }))
    .json<{ remotes: Entry[] }>()
    .remotes.find((remote) => remote.name === 'catalogue');

async function renderingSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'release-rendering-'));
  const canaryDir = path.join(work, 'canary');
  const cdnBuild = path.join(work, 'cdn', 'catalogue', 'v4');
  writeBuild(canaryDir, SECOND_HEADING);
  writeBuild(cdnBuild, FOURTH_HEADING);
  const replaced = new Map<string, string>();
  const cdn = await startCdn(path.join(work, 'cdn'), replaced);
  // not about the promote gate (pinnedRuns.test.ts is)
  const config = loadConfig({
    REPO_ROOT,
    DATA_DIR: path.join(work, 'data'),
    REMOTE_CATALOGUE_CANARY_DIR: canaryDir,
    REMOTE_ORIGINS: cdn.origin,
    RELEASE_REQUIRE_PASSED_RUN: '0',
  });
  let apps: FastifyInstance[] = [];
  const database: TestDatabase = await target.fresh();
  t.after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.cleanup();
    cdn.server.close();
    rmSync(work, { recursive: true, force: true });
  });
  // two processes: one store of registered builds (shared storage), a cache of render modules each
  apps = [
    await buildApp(config, database.db, { catalogue: 'files' }),
    await buildApp(
      {
        ...config,
        remoteBuilds: { storeDir: config.remoteBuilds.storeDir, cacheDir: path.join(work, 'second-cache') },
      },
      await database.openAnother(),
      { catalogue: 'files' },
    ),
  ];
  const [first, second] = apps as [FastifyInstance, FastifyInstance];
  const { token } = await createReleaseToken(database.db.kysely, 'test', {
    name: 'catalogue pipeline',
    remotes: ['catalogue'],
    expiresInDays: 1,
  });
  const api = async (url: string, body?: unknown, app = first) => {
    const answer = await app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
  };
  /** The heading each process draws for a visitor of the canary's half (0) and of the other half (99). */
  const headings = async () => ({
    canaryHalf: await Promise.all(apps.map((app) => drawnHeading(app, 0))),
    otherHalf: await Promise.all(apps.map((app) => drawnHeading(app, 99))),
  });
  const everywhere = (heading: string) => [heading, heading];

  let secondEntry = '';
  await t.test(
    'register, canary, promote, roll back: each process draws every page with the build its visitor is on',
    async () => {
      const registered = await api(RELEASES_API.releases('catalogue'), { version: 'v2', entry: CANARY_FOLDER_ENTRY });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      assert.equal(registered.body.serverRendered, true);
      secondEntry = (registered.body.release as { entry: string }).entry;
      assert.match(
        secondEntry,
        /^\/remotes\/catalogue\/builds\/[0-9a-f]{64}\/mf-manifest\.json$/,
        'registered as its own copy',
      );
      assert.equal(
        (await second.inject({ method: 'GET', url: secondEntry })).statusCode,
        200,
        'the copy is served by every process',
      );
      const module = (registered.body.release as { build: { renderModule: string } }).build.renderModule;
      for (const file of [module, 'server-render.json', 'mf-stats.json']) {
        assert.equal(
          (await second.inject({ method: 'GET', url: secondEntry.replace('mf-manifest.json', file) })).statusCode,
          404,
          `${file} is not for browsers`,
        );
      }
      assert.deepEqual(
        await headings(),
        { canaryHalf: everywhere(STABLE_HEADING), otherHalf: everywhere(STABLE_HEADING) },
        'registered, not live',
      );

      assert.equal((await api(RELEASES_API.canary('catalogue'), { version: 'v2', percent: 50 })).status, 200);
      for (const app of apps)
        await waitFor(
          'the canary reaches every process',
          async () => (await catalogueEntry(app, 0))?.entry === secondEntry,
        );
      assert.deepEqual(
        await headings(),
        { canaryHalf: everywhere(SECOND_HEADING), otherHalf: everywhere(STABLE_HEADING) },
        'canary at 50 %',
      );

      assert.equal((await api(RELEASES_API.promote('catalogue'), undefined, second)).status, 200);
      for (const app of apps)
        await waitFor(
          'the promotion reaches every process',
          async () => (await catalogueEntry(app, 99))?.entry === secondEntry,
        );
      assert.deepEqual(
        await headings(),
        { canaryHalf: everywhere(SECOND_HEADING), otherHalf: everywhere(SECOND_HEADING) },
        'promoted',
      );
      for (const app of apps) {
        const page = await app.inject({ method: 'GET', url: '/our-products', headers: { cookie: 'site_cohort=99' } });
        assert.ok(
          page.body.includes(`<link rel="preload" href="${secondEntry}"`),
          'the preload hints name its stored copy',
        );
      }

      assert.equal((await api(RELEASES_API.rollback('catalogue'))).status, 200);
      for (const app of apps)
        await waitFor(
          'the rollback reaches every process',
          async () => (await catalogueEntry(app, 0))?.entry === STABLE_ENTRY,
        );
      assert.deepEqual(
        await headings(),
        { canaryHalf: everywhere(STABLE_HEADING), otherHalf: everywhere(STABLE_HEADING) },
        'rolled back',
      );
    },
  );

  await t.test(
    'a later build written into the same folder and registered again leaves the first one its own files',
    async () => {
      writeBuild(canaryDir, THIRD_HEADING);
      const registered = await api(RELEASES_API.releases('catalogue'), { version: 'v3', entry: CANARY_FOLDER_ENTRY });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      assert.notEqual((registered.body.release as { entry: string }).entry, secondEntry);
      assert.equal((await api(RELEASES_API.canary('catalogue'), { version: 'v2', percent: 50 })).status, 200);
      for (const app of apps)
        await waitFor(
          'v2 is the canary on every process',
          async () => (await catalogueEntry(app, 0))?.entry === secondEntry,
        );
      assert.deepEqual(
        await headings(),
        { canaryHalf: everywhere(SECOND_HEADING), otherHalf: everywhere(STABLE_HEADING) },
        'v2 still draws its own heading',
      );
      assert.equal((await api(RELEASES_API.canary('catalogue'), { version: 'v3', percent: 50 })).status, 200);
      for (const app of apps)
        await waitFor(
          'v3 is the canary on every process',
          async () => (await catalogueEntry(app, 0))?.entry !== secondEntry,
        );
      assert.deepEqual(await headings(), {
        canaryHalf: everywhere(THIRD_HEADING),
        otherHalf: everywhere(STABLE_HEADING),
      });
      assert.equal((await api(RELEASES_API.rollback('catalogue'))).status, 200);
    },
  );

  await t.test(
    'a render module changed on its CDN after the registration is never run: the page is drawn in the browser',
    async () => {
      const entry = `${cdn.origin}/catalogue/v4/mf-manifest.json`;
      const registered = await api(RELEASES_API.releases('catalogue'), { version: 'v4', entry });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      const module = (registered.body.release as { build: { renderModule: string } }).build.renderModule;
      const original = readFileSync(path.join(cdnBuild, module), 'utf8');
      replaced.set(
        `/catalogue/v4/${module}`,
        `globalThis.tamperedModuleRan = true;\n${original.replace(FOURTH_HEADING, 'Tampered')}`,
      );
      assert.equal((await api(RELEASES_API.canary('catalogue'), { version: 'v4', percent: 50 })).status, 200);
      for (const app of apps)
        await waitFor('v4 is the canary on every process', async () => (await catalogueEntry(app, 0))?.entry === entry);
      assert.deepEqual(await headings(), { canaryHalf: [undefined, undefined], otherHalf: everywhere(STABLE_HEADING) });
      assert.equal(
        (globalThis as { tamperedModuleRan?: boolean }).tamperedModuleRan,
        undefined,
        'the changed module never ran',
      );
    },
  );
}

describe('server rendering of registry releases', () => {
  test('on embedded PGlite', async (t) => renderingSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => renderingSuite(t, target)));
});
