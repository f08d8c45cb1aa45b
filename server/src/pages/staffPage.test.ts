import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { onStaffOrigin } from '../test-support/staffSignIn.js';
import { writeFiles } from '../test-support/files.js';
import { remotesMaps as inlineMaps, REMOTES_MAP_TAG } from '../test-support/html.js';
import { staffPageHtml, staffPageTemplate } from './staffPage.js';
import { isStaffPath } from '../platform/http/staffSurface.js';

/** staff-host/dist/index.html as the build writes it (minified; its robots meta is in the template). */
const STAFF_HOST_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=robots content="noindex, nofollow"><title>Staff · Crescent Electrical Trading</title>' +
  '<script defer src=/staff/assets/main.0a1b2c3d.js></script></head><body><div id=root></div></body></html>';

const STAFF_FILES: Record<string, string> = {
  'staff-host/dist/index.html': STAFF_HOST_HTML,
  'staff-host/dist/main.0a1b2c3d.js': 'console.log("staff host");\n',
  'mfe-staff/dist/mf-manifest.json':
    '{"id":"staff","metaData":{"globalName":"staff","remoteEntry":{"name":"remoteEntry.js","path":""}}}\n',
  'mfe-staff/dist/remoteEntry.js': 'var staff = {};\n',
  'mfe-staff/dist/__federation_expose_StaffApp.9f8e7d6c.js': 'console.log("staff app");\n',
};

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]): [string, string[]] => [name ?? '', sources]),
  );
}

const headOf = (html: string): string => /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';

describe('the staff pages (/staff/*)', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture({ env: { PUBLIC_SITE_URL: 'https://www.crescent.test' } });
    await writeFiles(fixture.root, STAFF_FILES);
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  // the staff pages and their files on the staff origin, where they are served (staffSurface.ts); the public pages on the public one
  const get = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers:
        isStaffPath(new URL(url, 'http://x').pathname) || url.startsWith('/remotes/staff/') ? onStaffOrigin(app) : {},
    });

  test('every address under /staff answers the staff host page: noindex (header and meta), no-store, not framable', async () => {
    for (const url of [
      '/staff',
      '/staff/',
      '/staff/sign-in',
      '/staff/sign-in?next=%2Finbox',
      '/staff/inbox/quote/12',
      '/staff/not-a-page',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', url);
      assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow', url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
      assert.equal(res.headers.etag, undefined, url);
      assert.match(headOf(res.body), /<meta name=robots content="noindex, nofollow">/, url);
      assert.match(res.body, /<script defer src=\/staff\/assets\/main\.0a1b2c3d\.js><\/script>/, url);
    }
    assert.equal(
      (await app.inject({ method: 'HEAD', url: '/staff/inbox', headers: onStaffOrigin(app) })).headers['x-robots-tag'],
      'noindex, nofollow',
    );
  });

  test("its remotes map names the staff remote, preloaded, and the catalogue for the editor's preview, not preloaded; the public shell's page is not used", async () => {
    const res = await get('/staff/sign-in');
    assert.deepEqual(inlineMaps(res.body), [
      {
        remotes: [
          { name: 'staff', entry: '/remotes/staff/mf-manifest.json' },
          { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' },
        ],
      },
    ]);
    assert.match(
      headOf(res.body),
      /<link rel="preload" href="\/remotes\/staff\/mf-manifest\.json" as="fetch" crossorigin="anonymous">/,
    );
    assert.equal(headOf(res.body).match(/rel="preload"/g)?.length, 1);
    assert.ok(!res.body.includes('Fixture shell'));
  });

  test("its own strict CSP replaces the public one: styles only with the answer's own nonce, which the page hands styled-components", async () => {
    const res = await get('/staff/inbox');
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(headOf(res.body))?.[1];
    assert.ok(nonce !== undefined && /^[A-Za-z0-9+/]{22}==$/.test(nonce), 'a 128-bit nonce in the head');
    const policy = csp(res);
    assert.deepEqual(Object.fromEntries(policy), {
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'style-src': ["'self'", `'nonce-${nonce}'`],
      'frame-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'object-src': ["'none'"],
    });
    // A new nonce for every answer; the public pages keep their own policy.
    const again = await get('/staff/inbox');
    assert.ok(!again.body.includes(nonce));
    assert.ok(!String(again.headers['content-security-policy']).includes(nonce));
    assert.match(String((await get('/home')).headers['content-security-policy']), /^default-src 'self'/);
  });

  test('the public pages never name the staff remote: their inline map, /remotes.json, their HTML', async () => {
    for (const url of ['/home', '/ar/home', '/our-products/cables', '/no-such-page']) {
      const res = await get(url);
      const maps = inlineMaps(res.body) as { remotes: { name: string }[] }[];
      assert.equal(maps.length, 1, url);
      assert.deepEqual(
        maps[0]?.remotes.map((remote) => remote.name),
        ['catalogue', 'company', 'contact', 'chat'],
        url,
      );
      assert.ok(!/staff/i.test(res.body), `${url} mentions staff`);
      assert.equal(res.headers['x-robots-tag'], undefined, url);
    }
    const remotesJson = (await get('/remotes.json')).json<{ remotes: { name: string }[] }>();
    assert.ok(!remotesJson.remotes.some((remote) => remote.name === 'staff'));
  });

  test('the sitemap lists no staff page, and robots.txt disallows them', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    assert.ok(sitemap.includes('<loc>https://www.crescent.test/home</loc>'));
    assert.ok(!sitemap.includes('/staff'));
    assert.match((await get('/robots.txt')).body, /^Disallow: \/staff\/$/m);
  });

  test("serves the staff host's files and the staff remote's build; not the host's index.html as a file, nor files under /staff", async () => {
    const main = await get('/staff/assets/main.0a1b2c3d.js');
    assert.equal(main.statusCode, 200);
    assert.match(String(main.headers['cache-control']), /immutable/);
    const manifest = await get('/remotes/staff/mf-manifest.json');
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    assert.equal((await get('/remotes/staff/__federation_expose_StaffApp.9f8e7d6c.js')).statusCode, 200);
    for (const url of [
      '/staff/assets/index.html',
      '/staff/assets/missing.0a1b2c3d.js',
      '/staff/logo.png',
      '/remotes/staff/missing.js',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', url);
    }
    assert.equal(
      (await app.inject({ method: 'POST', url: '/staff/sign-in', headers: onStaffOrigin(app) })).statusCode,
      404,
    );
  });
});

describe('the staff pages, configured and not built', () => {
  const apps: { app: FastifyInstance; fixture: Fixture }[] = [];
  afterEach(async () => {
    for (const { app, fixture } of apps.splice(0)) {
      await app.close();
      await fixture.cleanup();
    }
  });
  async function site(env: Record<string, string> = {}, files: Record<string, string> = {}): Promise<FastifyInstance> {
    const fixture = await createFixture({ env });
    await writeFiles(fixture.root, files);
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    apps.push({ app, fixture });
    return app;
  }

  test('not built: 503 saying so, still noindex and no-store', async () => {
    const app = await site();
    const res = await app.inject({ method: 'GET', url: '/staff/sign-in', headers: onStaffOrigin(app) });
    assert.equal(res.statusCode, 503);
    assert.equal(res.body, 'The site is not built yet: run npm run build\n');
    assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  test('REMOTE_STAFF_URL on another origin: the staff map names it, the staff CSP allows its origin, the public CSP does not', async () => {
    const entry = 'https://staff.cdn.example/v3/mf-manifest.json';
    const app = await site({ REMOTE_STAFF_URL: entry }, STAFF_FILES);
    const res = await app.inject({ method: 'GET', url: '/staff/inbox', headers: onStaffOrigin(app) });
    assert.deepEqual(inlineMaps(res.body), [
      {
        remotes: [
          { name: 'staff', entry },
          { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' },
        ],
      },
    ]);
    const policy = csp(res);
    assert.deepEqual(policy.get('script-src'), ["'self'", 'https://staff.cdn.example']);
    assert.deepEqual(policy.get('connect-src'), ["'self'", 'https://staff.cdn.example']);
    const publicPolicy = String((await app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy']);
    assert.ok(!publicPolicy.includes('staff.cdn.example'));
  });

  test('the catalogue on another origin, with a canary: the staff map names its stable build, the staff CSP allows that origin and no other', async () => {
    const stable = 'https://catalogue.cdn.example/v7/mf-manifest.json';
    const canary = 'https://canary.cdn.example/v8/mf-manifest.json';
    const app = await site(
      { REMOTE_CATALOGUE_URL: stable, REMOTE_CATALOGUE_CANARY_URL: canary, REMOTE_CATALOGUE_CANARY_PERCENT: '100' },
      STAFF_FILES,
    );
    const res = await app.inject({ method: 'GET', url: '/staff/catalogue/gland_a', headers: onStaffOrigin(app) });
    assert.deepEqual(inlineMaps(res.body), [
      {
        remotes: [
          { name: 'staff', entry: '/remotes/staff/mf-manifest.json' },
          { name: 'catalogue', entry: stable },
        ],
      },
    ]);
    const policy = csp(res);
    assert.deepEqual(policy.get('script-src'), ["'self'", 'https://catalogue.cdn.example']);
    assert.deepEqual(policy.get('connect-src'), ["'self'", 'https://catalogue.cdn.example']);
    assert.deepEqual(policy.get('img-src'), ["'self'", 'data:']);
  });

  test('REMOTE_STAFF_URL must be a URL like the other remotes', async () => {
    await assert.rejects(
      () => site({ REMOTE_STAFF_URL: 'ftp://x' }),
      /REMOTE_STAFF_URL must be an absolute http\(s\) URL or a path starting with "\/"/,
    );
  });
});

describe('staffPageHtml', () => {
  test('puts the nonce, the map (escaped) and the preload before </head>; a remoteEntry.js gets no fetch preload', () => {
    const template = staffPageTemplate('<html><head><title>t</title></head><body></body></html>');
    assert.equal(
      staffPageHtml(template, 'n0nce+/==', {
        remotes: [{ name: 'staff', entry: '/remotes/staff/remoteEntry.js?</script>' }],
      }),
      `<html><head><title>t</title><meta property="csp-nonce" nonce="n0nce+/==">${REMOTES_MAP_TAG}{"remotes":[{"name":"staff","entry":"/remotes/staff/remoteEntry.js?\\u003c/script\\u003e"}]}</script></head><body></body></html>`,
    );
  });
});

describe('staffPageHtml on a canary', () => {
  test("preloads the canary's manifest (the one loaded first) and names the stable build as its fallback", () => {
    const template = staffPageTemplate('<html><head></head><body></body></html>');
    assert.equal(
      staffPageHtml(template, 'n', {
        remotes: [
          {
            name: 'staff',
            entry: '/remotes/staff/canary/mf-manifest.json',
            fallback: '/remotes/staff/mf-manifest.json',
          },
        ],
      }),
      '<html><head><meta property="csp-nonce" nonce="n"><link rel="preload" href="/remotes/staff/canary/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
        `${REMOTES_MAP_TAG}{"remotes":[{"name":"staff","entry":"/remotes/staff/canary/mf-manifest.json","fallback":"/remotes/staff/mf-manifest.json"}]}</script></head><body></body></html>`,
    );
  });
});
