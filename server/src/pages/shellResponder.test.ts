import assert from 'node:assert/strict';
import { mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { writeFiles } from '../test-support/files.js';
import { inlineRemotesMap as inlineMap, REMOTES_MAP_TAG } from '../test-support/html.js';
import { parseManifest, RemotePreloadHints } from './remoteHints.js';
import { createShellResponder } from './shellResponder.js';

/** A manifest shaped like the build's (mfe-company/dist/mf-manifest.json), with the fields the hints use. */
function manifest(name: string, exposes: Record<string, string[]>, metaData: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: name,
    name,
    metaData: {
      name,
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      ...metaData,
    },
    shared: [],
    remotes: [],
    exposes: Object.entries(exposes).map(([expose, sync]) => ({
      id: `${name}:${expose}`,
      name: expose,
      assets: { js: { sync, async: ['623.0fe973f0.js'] }, css: { sync: [], async: [] } },
      path: `./${expose}`,
    })),
  });
}

const COMPANY_MANIFEST = manifest('company', {
  HomePage: ['__federation_expose_HomePage.bc6fe5f6.js'],
  AboutPage: ['__federation_expose_AboutPage.5af52e53.js', '71.4cb95001.js'],
});

const HOME_HINTS = [
  '<link rel="preload" href="/remotes/company/mf-manifest.json" as="fetch" crossorigin="anonymous">',
  '<link rel="preload" href="/remotes/company/remoteEntry.js" as="script">',
  '<link rel="preload" as="script" href="/remotes/company/__federation_expose_HomePage.bc6fe5f6.js">',
];
/** The English home's data hint: the teaser's categories (contracts' startData), whatever the remote's manifest says. */
const TEASER_HINT = '<link rel="preload" href="/data/products-category.json" as="fetch" crossorigin="anonymous">';

/** The <head> of a page. */
const headOf = (html: string): string => /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
/** Every <link rel="preload"> of the head, in order. */
const preloads = (html: string): string[] => [...headOf(html).matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);

/** Rewrites a file with a clearly newer mtime (whatever the file system's time resolution). */
async function rewrite(file: string, content: string, secondsLater: number): Promise<void> {
  await writeFile(file, content);
  const later = new Date(Date.now() + secondsLater * 1000);
  await utimes(file, later, later);
}

describe('page HTML: inline remotes map and preload hints (the whole app)', () => {
  const apps: { app: FastifyInstance; fixture: Fixture }[] = [];
  /** The app over a fixture whose company remote is built (with COMPANY_MANIFEST) unless `withoutCompany`. */
  async function site(env: Record<string, string> = {}, withoutCompany = false): Promise<FastifyInstance> {
    const fixture = await createFixture({ env });
    if (!withoutCompany) {
      await writeFiles(fixture.root, {
        'mfe-company/dist/mf-manifest.json': COMPANY_MANIFEST,
        'mfe-company/dist/remoteEntry.js': 'var company = {};\n',
      });
    }
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    apps.push({ app, fixture });
    return app;
  }
  afterEach(async () => {
    for (const { app, fixture } of apps.splice(0)) {
      await app.close();
      await fixture.cleanup();
    }
  });

  test("/home: the map and the three kinds of hints, in the head before the shell's own tags", async () => {
    const app = await site();
    const res = await app.inject({ method: 'GET', url: '/home' });
    assert.equal(res.statusCode, 200);
    const dataHint = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`;
    assert.deepEqual(preloads(res.body), [...HOME_HINTS, TEASER_HINT]);
    assert.deepEqual(inlineMap(res.body), (await app.inject({ method: 'GET', url: '/remotes.json' })).json());
    // the Arabic home page: the same remote, the same hints, its edition's data (with the texts the English bundle
    // holds), its own page (and ETag)
    const arabic = await app.inject({ method: 'GET', url: '/ar/home' });
    assert.deepEqual(preloads(arabic.body), [
      ...HOME_HINTS,
      dataHint('/data/ar/products-category.json'),
      dataHint('/data/ar/home.json'),
    ]);
    assert.deepEqual(inlineMap(arabic.body), inlineMap(res.body));
    assert.notEqual(arabic.headers.etag, res.headers.etag);
  });

  test("the server-render files are the server's: not served", async () => {
    const app = await site();
    const fixture = apps.at(-1)!.fixture;
    await writeFiles(fixture.root, {
      'mfe-company/dist/server-render.json': '{"module":"server/render.0a1b2c3d.js"}',
      'mfe-company/dist/server/render.0a1b2c3d.js': 'exports.exposes = {};',
      'shell/dist/server/render.0a1b2c3d.js': 'exports.renderPage = () => ({});',
    });
    for (const url of [
      '/remotes/company/server-render.json',
      '/remotes/company/server/render.0a1b2c3d.js',
      '/server/render.0a1b2c3d.js',
    ]) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
    assert.equal((await app.inject({ method: 'GET', url: '/remotes/company/remoteEntry.js' })).statusCode, 200);
  });

  test("each page gets its own expose's chunks, and only its own remote's hints (never the chat's)", async () => {
    const app = await site();
    const about = preloads((await app.inject({ method: 'GET', url: '/about/' })).body);
    assert.deepEqual(about.slice(2), [
      '<link rel="preload" as="script" href="/remotes/company/__federation_expose_AboutPage.5af52e53.js">',
      '<link rel="preload" as="script" href="/remotes/company/71.4cb95001.js">',
    ]);
    // an expose the manifest does not list: the manifest and the entry only
    assert.deepEqual(
      preloads((await app.inject({ method: 'GET', url: '/certificates' })).body),
      HOME_HINTS.slice(0, 2),
    );
    // the catalogue's fixture manifest has no publicPath and no exposes: manifest and entry
    const category = preloads((await app.inject({ method: 'GET', url: '/our-products/cables' })).body);
    assert.deepEqual(category, [
      '<link rel="preload" href="/remotes/catalogue/mf-manifest.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/remotes/catalogue/remoteEntry.js" as="script">',
      // and the data the listing starts by fetching: its first page from the catalogue API
      '<link rel="preload" href="/api/catalogue/categories/cables/products" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/products/ratings" as="fetch" crossorigin="anonymous">',
    ]);
    for (const url of ['/home', '/about', '/our-products/cables']) {
      const tags = preloads((await app.inject({ method: 'GET', url })).body);
      assert.ok(!tags.some((tag) => tag.includes('/remotes/chat/')), url);
    }
  });

  test("the remote's catalog in the page's language is preloaded with the page's chunks, each file once", async () => {
    const app = await site();
    const fixture = apps.at(-1)!.fixture;
    await rewrite(
      path.join(fixture.root, 'mfe-company/dist/mf-manifest.json'),
      manifest('company', {
        HomePage: ['__federation_expose_HomePage.bc6fe5f6.js', '71.4cb95001.js'],
        'messages-en': ['71.4cb95001.js', '__federation_expose_messages_en.823be4e1.js'],
        'messages-ar': ['__federation_expose_messages_ar.ff33eaa0.js'],
      }),
      10,
    );
    const chunk = (file: string) => `<link rel="preload" as="script" href="/remotes/company/${file}">`;
    assert.deepEqual(preloads((await app.inject({ method: 'GET', url: '/home' })).body).slice(2, 5), [
      chunk('__federation_expose_HomePage.bc6fe5f6.js'),
      chunk('71.4cb95001.js'),
      chunk('__federation_expose_messages_en.823be4e1.js'),
    ]);
    const arabic = preloads((await app.inject({ method: 'GET', url: '/ar/home' })).body);
    assert.deepEqual(arabic.slice(2, 5), [
      chunk('__federation_expose_HomePage.bc6fe5f6.js'),
      chunk('71.4cb95001.js'),
      chunk('__federation_expose_messages_ar.ff33eaa0.js'),
    ]);
    assert.ok(!arabic.some((tag) => tag.includes('messages_en')), 'never the other language');
  });

  test("the shell's catalog is preloaded in the page's language only, with the shell's scripts", async () => {
    const app = await site();
    const fixture = apps.at(-1)!.fixture;
    // as html-webpack-plugin writes it, minified (tools/webpack/preload-startup-chunks.cjs)
    await rewrite(
      path.join(fixture.root, 'shell/dist/index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>Shell</title><script defer src=/main.3f2a9c1b.js></script>' +
        '<link rel=preload href=/675.d0a9bb03.js as=script fetchpriority=low>' +
        '<link rel=preload href=/messages-ar.38c140e5.js as=script hreflang=ar fetchpriority=low>' +
        '<link rel=preload href=/messages-en.38dc8522.js as=script hreflang=en fetchpriority=low></head><body><div id="root"></div></body></html>\n',
      10,
    );
    const catalogs = (html: string) =>
      [...html.matchAll(/<link rel=preload href=(\/messages-[^ ]+) as=script hreflang=(\w+)/g)].map(
        (m) => `${m[2]} ${m[1]}`,
      );
    const english = (await app.inject({ method: 'GET', url: '/home' })).body;
    assert.deepEqual(catalogs(english), ['en /messages-en.38dc8522.js']);
    assert.deepEqual(catalogs((await app.inject({ method: 'GET', url: '/ar/about' })).body), [
      'ar /messages-ar.38c140e5.js',
    ]);
    // the other start-up preloads stay
    assert.match(english, /<link rel=preload href=\/675\.d0a9bb03\.js as=script fetchpriority=low>/);
  });

  test("the data a page starts by fetching is preloaded too, with the address's product id", async () => {
    const app = await site({}, true);
    const dataPreloads = async (url: string) =>
      preloads((await app.inject({ method: 'GET', url })).body).filter((tag) => !tag.includes('/remotes/'));
    const product = '/our-products/industrial_cable_glands/hex_cw_brass_cable_gland';
    assert.equal((await app.inject({ method: 'GET', url: product })).statusCode, 200);
    assert.deepEqual(await dataPreloads(product), [
      // its own records only (the detail, and the listing record with the code and unit "Add to quote" needs)
      '<link rel="preload" href="/api/catalogue/products/hex_cw_brass_cable_gland" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/products/hex_cw_brass_cable_gland/reviews" as="fetch" crossorigin="anonymous">',
      // and its picture, the page's largest element (a page the browser draws: a server-drawn one asks from its <img>)
      '<link rel="preload" href="/images/products/gland_brass.svg" as="image" fetchpriority="high">',
    ]);
    assert.deepEqual(await dataPreloads('/management'), [
      '<link rel="preload" href="/data/our-team.json" as="fetch" crossorigin="anonymous">',
    ]);
    assert.deepEqual(await dataPreloads('/our-products'), [
      '<link rel="preload" href="/data/products-category.json" as="fetch" crossorigin="anonymous">',
    ]);
    // the home's teaser categories (the catalogue's, in both editions)
    assert.deepEqual(await dataPreloads('/home'), [
      '<link rel="preload" href="/data/products-category.json" as="fetch" crossorigin="anonymous">',
    ]);
    assert.deepEqual(await dataPreloads('/about'), []);
    assert.deepEqual(await dataPreloads('/no-such-page'), []);
    // an Arabic page reads the Arabic edition of the data files (/data/ar/…) and of the catalogue's answers
    // (?lang=ar); visitors' data is the same API
    assert.deepEqual(await dataPreloads(`/ar${product}`), [
      '<link rel="preload" href="/api/catalogue/products/hex_cw_brass_cable_gland?lang=ar" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/products/hex_cw_brass_cable_gland/reviews" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/images/products/gland_brass.svg" as="image" fetchpriority="high">',
    ]);
    assert.deepEqual(await dataPreloads('/ar/management'), [
      '<link rel="preload" href="/data/ar/our-team.json" as="fetch" crossorigin="anonymous">',
    ]);
    // an Arabic company page's texts, which the English page has in its bundle
    assert.deepEqual(await dataPreloads('/ar/about'), [
      '<link rel="preload" href="/data/ar/home.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/data/ar/company.json" as="fetch" crossorigin="anonymous">',
    ]);
    assert.deepEqual(await dataPreloads('/ar/contact-us'), [
      '<link rel="preload" href="/data/ar/branches.json" as="fetch" crossorigin="anonymous">',
    ]);
    assert.deepEqual(await dataPreloads('/ar/our-products/cables'), [
      '<link rel="preload" href="/api/catalogue/categories/cables/products?lang=ar" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/products/ratings" as="fetch" crossorigin="anonymous">',
    ]);
    // a listing's order and page, as its address names them, in their one spelling; any other query changes nothing
    assert.deepEqual(await dataPreloads('/our-products/cables?page=2&ref=mail&sort=5'), [
      '<link rel="preload" href="/api/catalogue/categories/cables/products?sort=5&amp;page=2" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/products/ratings" as="fetch" crossorigin="anonymous">',
    ]);
    assert.deepEqual(
      await dataPreloads('/our-products/cables?sort=99&page=abc'),
      await dataPreloads('/our-products/cables'),
    );
    assert.deepEqual(await dataPreloads('/ar/no-such-page'), []);
  });

  test("no page preloads a web font for a visitor without the font's cookie: Arabic pages paint in the system face first", async () => {
    const app = await site();
    const fixture = apps.at(-1)!.fixture;
    const fontPreloads = async (url: string) =>
      preloads((await app.inject({ method: 'GET', url })).body).filter((tag) => tag.includes('as="font"'));
    const pages = [
      '/ar/home',
      '/ar/our-products/cables',
      '/ar/about',
      '/ar/no-such-page',
      '/home',
      '/our-products/cables',
      '/no-such-page',
    ];
    for (const url of pages) assert.deepEqual(await fontPreloads(url), [], url);
    // an older shell build's list of fonts beside its index.html changes nothing (the server no longer reads it), nor
    // does the list it reads to mark pages for the font without the cookie (arabicFont.test.ts: with it)
    await writeFiles(fixture.root, {
      'shell/dist/fonts.json': JSON.stringify({ ar: ['/noto-sans-arabic-400.0a1b2c3d.woff2'] }),
      'shell/dist/arabic-font.json': JSON.stringify({ files: ['/assets/noto-sans-arabic-400.0a1b2c3d.woff2'] }),
    });
    await rewrite(
      path.join(fixture.root, 'shell/dist/index.html'),
      '<!doctype html><html lang=en><head><meta charset=utf-8><title>x</title></head><body><div id=root></div></body></html>',
      5,
    );
    for (const url of pages) {
      assert.deepEqual(await fontPreloads(url), [], url);
      assert.doesNotMatch(
        (await app.inject({ method: 'GET', url })).body,
        /<link[^>]*\.woff2/,
        `${url} links no font file`,
      );
    }
  });

  test('an unknown route or an unknown category (404 page) has the map but no hints', async () => {
    const app = await site();
    for (const url of ['/nope', '/our-products/no_such_category']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(preloads(res.body), [], url);
      assert.ok(inlineMap(res.body), url);
    }
  });

  test("the buyer's quotation, outside the route table: its own 200 page, noindex, no-store, naming no address, never kept", async () => {
    const app = await site();
    const token = 'Tk3n-of-one-buyer_0123456789abcdefghijklmnopq';
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(headOf(html))?.[1];
    // the not-found page first: the quotation's answer must not be taken for it, nor it for the quotation's
    const before = await app.inject({ method: 'GET', url: '/nope' });
    for (const [url, title] of [
      [`/quotation/${token}`, 'Quotation | '],
      [`/ar/quotation/${token}/`, 'عرض السعر | '],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
      assert.equal(res.headers['x-robots-tag'], 'noindex', url);
      const head = headOf(res.body);
      assert.ok(titleOf(res.body)?.startsWith(title), `${url}: ${titleOf(res.body)}`);
      assert.match(head, /<meta name="robots" content="noindex">/, url);
      assert.doesNotMatch(head, /rel="(canonical|alternate)"/, url);
      assert.ok(!res.body.includes(token), `${url}: the token is nowhere in the HTML`);
      assert.ok(inlineMap(res.body), url);
    }
    const after = await app.inject({ method: 'GET', url: '/nope' });
    assert.equal(after.statusCode, 404);
    assert.equal(after.body, before.body);
  });

  test("a missing manifest: no remote hints (the page's data only), a 200 page", async () => {
    const app = await site({}, true);
    const res = await app.inject({ method: 'GET', url: '/home' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(preloads(res.body), [TEASER_HINT]);
    assert.ok(inlineMap(res.body));
  });

  test('a manifest the server cannot use (the fixture contact one has no metaData): no hints, a 200 page', async () => {
    const app = await site();
    const res = await app.inject({ method: 'GET', url: '/contact-us' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(preloads(res.body), []);
  });

  test('a remote configured with a full https URL: no remote hints (its manifest is not on this disk), the map has the URL', async () => {
    const cdn = 'https://cdn.example/company/2026-11-01/mf-manifest.json';
    const app = await site({ REMOTE_COMPANY_URL: cdn });
    const res = await app.inject({ method: 'GET', url: '/home' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(preloads(res.body), [TEASER_HINT]);
    const map = inlineMap(res.body) as { remotes: { name: string; entry: string }[] };
    assert.equal(map.remotes.find((remote) => remote.name === 'company')?.entry, cdn);
  });
});

describe('preload hints follow a remote released while the server runs', () => {
  let root: string;
  let app: FastifyInstance;
  let manifestPath: string;

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'spa-hints-'));
    manifestPath = path.join(root, 'company-dist', 'mf-manifest.json');
    await writeFiles(root, {
      'shell/index.html':
        '<!doctype html><html><head><meta charset="utf-8"><title>Shell</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>\n',
      'company-dist/mf-manifest.json': COMPANY_MANIFEST,
    });
    const sendShell = createShellResponder(path.join(root, 'shell'), {
      remotes: [
        { name: 'company', entry: '/remotes/company/mf-manifest.json', distDir: path.join(root, 'company-dist') },
        { name: 'chat', entry: '/remotes/chat/mf-manifest.json', distDir: path.join(root, 'chat-dist') },
      ],
      manifestRecheckMs: 0, // look at the manifest on every page, so the test needs no waiting
    });
    app = Fastify();
    app.get('/*', (request, reply) => sendShell(request, reply, 200));
    await app.ready();
  });
  after(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const home = () => app.inject({ method: 'GET', url: '/home' });

  test("the hints go between the page head and the shell's own tags, with the map", async () => {
    const res = await home();
    assert.equal(res.statusCode, 200);
    const head = headOf(res.body);
    assert.ok(head.startsWith('<meta charset="utf-8"><title>'), head.slice(0, 40));
    const firstHint = head.indexOf(HOME_HINTS[0] as string);
    assert.ok(firstHint > head.indexOf('</title>'), 'after the title');
    assert.ok(firstHint < head.indexOf(REMOTES_MAP_TAG), 'before the map');
    assert.ok(head.indexOf(REMOTES_MAP_TAG) < head.indexOf('/main.0123abcd.js'), "the map before the shell's script");
    assert.deepEqual(preloads(res.body), [...HOME_HINTS, TEASER_HINT]);
  });

  test('a new manifest: new links and a new ETag; removed or broken: no links, still a 200 page; back: links again', async () => {
    const first = await home();
    assert.deepEqual(preloads(first.body), [...HOME_HINTS, TEASER_HINT]);
    const etag = String(first.headers.etag);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/home', headers: { 'if-none-match': etag } })).statusCode,
      304,
    );

    await rewrite(
      manifestPath,
      manifest('company', { HomePage: ['__federation_expose_HomePage.99999999.js', '5.aaaabbbb.js'] }),
      10,
    );
    const released = await home();
    assert.equal(released.statusCode, 200);
    assert.deepEqual(preloads(released.body).slice(2), [
      '<link rel="preload" as="script" href="/remotes/company/__federation_expose_HomePage.99999999.js">',
      '<link rel="preload" as="script" href="/remotes/company/5.aaaabbbb.js">',
      TEASER_HINT,
    ]);
    assert.notEqual(released.headers.etag, etag);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/home', headers: { 'if-none-match': etag } })).statusCode,
      200,
    );

    await unlink(manifestPath);
    const missing = await home();
    assert.equal(missing.statusCode, 200);
    assert.deepEqual(preloads(missing.body), [TEASER_HINT]);

    await rewrite(manifestPath, '{"metaData": {"remoteEntry": ', 20); // a release caught half-written
    const broken = await home();
    assert.equal(broken.statusCode, 200);
    assert.deepEqual(preloads(broken.body), [TEASER_HINT]);

    await rewrite(manifestPath, COMPANY_MANIFEST, 30); // rolled back
    const back = await home();
    assert.deepEqual(preloads(back.body), [...HOME_HINTS, TEASER_HINT]);
    assert.equal(back.headers.etag, etag, 'the same bytes as before the release: the same ETag');
  });
});

describe('RemotePreloadHints', () => {
  test('trusts a manifest for the re-check interval, then reads it again', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'remote-hints-'));
    try {
      let clock = 0;
      const hints = new RemotePreloadHints(
        [{ name: 'company', entry: '/remotes/company/mf-manifest.json', distDir: dir }],
        {
          recheckMs: 1000,
          now: () => clock,
        },
      );
      assert.equal((await hints.forModule('company', './HomePage')).html, '', 'not built yet');
      await writeFile(path.join(dir, 'mf-manifest.json'), COMPANY_MANIFEST);
      clock += 999;
      assert.equal((await hints.forModule('company', './HomePage')).html, '', 'within the interval: not looked at');
      clock += 1;
      const built = await hints.forModule('company', './HomePage');
      assert.equal(built.html, HOME_HINTS.join(''));
      assert.notEqual(built.key, '');
      assert.equal((await hints.forModule('chat', './Widget')).html, '', 'a remote not configured');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('remotes whose entry is not the manifest served here get none (other origin, remoteEntry.js)', async () => {
    const hints = new RemotePreloadHints([
      { name: 'company', entry: 'https://cdn.example/company/mf-manifest.json', distDir: '/nonexistent' },
      { name: 'catalogue', entry: '/remotes/catalogue/remoteEntry.js', distDir: '/nonexistent' },
    ]);
    assert.equal((await hints.forModule('company', './HomePage')).html, '');
    assert.equal((await hints.forModule('catalogue', './CategoryListPage')).html, '');
  });

  test('parseManifest: file names must stay inside the remote folder; another publicPath gives no hints', () => {
    const parsed = parseManifest(
      JSON.parse(
        manifest('company', {
          HomePage: [
            'ok.12345678.js',
            '../../secret.js',
            '/abs.js',
            'https://evil.example/x.js',
            'a"><script>.js',
            'sub/dir.js',
          ],
        }),
      ) as unknown,
    );
    assert.deepEqual(parsed?.exposes.get('HomePage'), ['ok.12345678.js', 'sub/dir.js']);
    assert.equal(parsed?.remoteEntry, 'remoteEntry.js');
    assert.equal(
      parseManifest(JSON.parse(manifest('company', {}, { publicPath: 'https://cdn.example/company/' })) as unknown),
      undefined,
    );
    assert.equal(
      parseManifest(
        JSON.parse(manifest('company', {}, { remoteEntry: { name: '../remoteEntry.js', path: '' } })) as unknown,
      ),
      undefined,
    );
    assert.equal(
      parseManifest(
        JSON.parse(manifest('company', {}, { remoteEntry: { name: 'remoteEntry.js', path: 'entry/' } })) as unknown,
      )?.remoteEntry,
      'entry/remoteEntry.js',
    );
    for (const bad of [null, [], 'x', {}, { metaData: {} }]) assert.equal(parseManifest(bad), undefined);
  });
});
