// A prober asks every served folder for the files a build writes for itself (mf-stats.json names the build machine's
// folders, source maps would hold the sources): each gets the site's own 404, like a file that is not there, while
// every file a browser needs (manifests, entries, chunks, licences, fonts, images) still loads. Folders too: a
// directory's address is the site's 404, never @fastify/static's 403.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { onStaffOrigin } from '../../test-support/staffSignIn.js';
import { isStaffPath } from './staffSurface.js';

/** A path only a build machine has: it must never reach a visitor. */
const BUILD_PATH = '/home/builder/ci/crescent/shell/src/bootstrap.tsx';
const STATS = JSON.stringify({
  id: 'x',
  metaData: { buildInfo: { buildVersion: '1.0.0' } },
  exposes: [{ path: BUILD_PATH }],
});
const MAP = JSON.stringify({ version: 3, sources: [`webpack://${BUILD_PATH}`], mappings: '' });

/** Each served folder (in the fixture), where the site serves it, and a file of it a browser loads. */
const FOLDERS = [
  { dir: 'shell/dist', url: '/', browserFile: 'main.3f2a9c1b.js' },
  { dir: 'mfe-catalogue/dist', url: '/remotes/catalogue/', browserFile: 'remoteEntry.js' },
  { dir: 'mfe-staff/dist', url: '/remotes/staff/', browserFile: 'remoteEntry.js' },
  { dir: 'staff-host/dist', url: '/staff/assets/', browserFile: 'main.0badc0de.js' },
] as const;

/** What a build writes beside the browser's files, for itself or the server. */
const BUILD_FILES: Record<string, string> = {
  'mf-stats.json': STATS,
  'mf-stats.json.br': STATS,
  'mf-stats.json.gz': STATS,
  'main.3f2a9c1b.js.map': MAP,
  '264.a1b2c3d4.js.map.gz': MAP,
  'fonts.json': `{"ar":["/assets/x.woff2"],"from":"${BUILD_PATH}"}`,
  'arabic-font.json': `{"files":["/assets/x.woff2"],"from":"${BUILD_PATH}"}`,
  'server-render.json': `{"module":"server/render.0a1b2c3d.js","from":"${BUILD_PATH}"}`,
  'server/render.0a1b2c3d.js': `// ${BUILD_PATH}`,
};

/** What a browser loads from them. */
const BROWSER_FILES: Record<string, string> = {
  'mf-manifest.json': '{"id":"x","metaData":{"remoteEntry":{"name":"remoteEntry.js"}}}',
  'remoteEntry.js': 'var x = {};',
  '123.ab12cd34.js': 'console.log("chunk");',
  'main.3f2a9c1b.js': 'console.log("main");',
  'main.0badc0de.js': 'console.log("staff host");',
  'main.3f2a9c1b.js.LICENSE.txt': '/*! licence */',
  'assets/noto-sans-arabic-400.a0a27609.woff2': 'wOF2',
};

describe('build files are not served', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture();
    for (const folder of FOLDERS) {
      for (const [file, content] of Object.entries({ ...BUILD_FILES, ...BROWSER_FILES })) {
        const full = path.join(fixture.root, folder.dir, file);
        await mkdir(path.dirname(full), { recursive: true });
        await writeFile(full, content);
      }
    }
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  /** Asked as a browser (compressed copies welcome) and as a plain client (curl, a scanner): both paths of the handler. */
  const ENCODINGS = ['br, gzip', null] as const;
  // the staff app's files (/staff/assets/) on its own origin, where they are served (platform/http/staffSurface.ts)
  const get = (url: string, encoding: (typeof ENCODINGS)[number]) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        ...(isStaffPath(url) ? onStaffOrigin(app) : {}),
        ...(encoding === null ? {} : { 'accept-encoding': encoding }),
      },
    });

  test("mf-stats.json, source maps, the font lists and the server's files answer the site's 404 in every served folder", async () => {
    for (const folder of FOLDERS) {
      const missing = await get(`${folder.url}no-such-file.json`, null);
      assert.equal(missing.statusCode, 404);
      for (const [file, encoding] of Object.keys(BUILD_FILES).flatMap((name) =>
        ENCODINGS.map((each) => [name, each] as const),
      )) {
        const url = `${folder.url}${file}`;
        const res = await get(url, encoding);
        assert.equal(res.statusCode, 404, `${url} answered ${res.statusCode}`);
        assert.equal(
          res.body,
          missing.body,
          `${url} (${encoding ?? 'no encoding'}): the same answer as a file that is not there`,
        );
        assert.equal(res.headers['content-type'], missing.headers['content-type'], url);
        assert.ok(!res.body.includes('builder'), `${url} shows no build path`);
      }
    }
  });

  test('the files a browser needs still load from every served folder', async () => {
    for (const folder of FOLDERS) {
      for (const file of [
        'mf-manifest.json',
        'remoteEntry.js',
        '123.ab12cd34.js',
        'main.3f2a9c1b.js.LICENSE.txt',
        'assets/noto-sans-arabic-400.a0a27609.woff2',
      ]) {
        const url = `${folder.url}${file}`;
        for (const encoding of ENCODINGS)
          assert.equal((await get(url, encoding)).statusCode, 200, `${url} (${encoding ?? 'no encoding'})`);
      }
      assert.equal((await get(`${folder.url}${folder.browserFile}`, null)).statusCode, 200);
    }
  });

  test("a folder's own address (/assets/, /remotes/catalogue/server/) is the site's 404, never a 403", async () => {
    for (const encoding of ENCODINGS) {
      for (const url of [
        '/assets/',
        '/assets/.',
        '/assets',
        '/remotes/catalogue/',
        '/remotes/catalogue/assets/',
        '/remotes/catalogue/server/',
        '/staff/assets/assets/',
        '/remotes/staff/assets/',
        '/images/',
      ]) {
        const res = await get(url, encoding);
        assert.equal(
          res.statusCode,
          404,
          `${url} (${encoding ?? 'no encoding'}) answered ${res.statusCode} ${res.body.slice(0, 80)}`,
        );
      }
      const page = await get('/assets/', encoding);
      assert.equal(page.body, (await get('/no-such-page-here/', encoding)).body, "the site's own not-found page");
    }
  });
});
