import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { CanaryAssignment } from '../canary.js';
import { RemotesMaps } from '../remotes.js';
import { createShellResponder, type RemotesState } from '../index.js';
import { AFTER_FIRST_PAINT_ID } from './afterFirstPaint.js';
import { INLINE_SCRIPT_SOURCE } from './inlineScript.js';
import { DataFileCache } from '../../platform/http/dataFiles.js';
import { FirstViewRenderer } from './firstView.js';

// Server-render modules written by hand in the shape tools/webpack/server-render.cjs builds: CommonJS, the shell's
// exporting renderPage + its shared packages, a remote's exporting its exposes and reading the shell's shared-store
// copy from the global every server-render module reads (a remote bundles its own shared-ui).
const shellModule = (marker: string) => `
exports.sharedUi = {};
exports.sharedStore = { marker: ${JSON.stringify(marker)} };
exports.renderPage = async ({ url, params, modules, fetch }) => {
  globalThis.firstViewRenders = (globalThis.firstViewRenders ?? 0) + 1;
  const module = [...modules.values()][0];
  if (module.default === 'throw') throw new Error('the page threw');
  let data = '';
  if (module.loadFirstView) {
    for (const href of module.loadFirstView(params)) {
      const response = await fetch(href);
      data += ' ' + href + ':' + response.status + ':' + (response.ok ? await response.text() : '');
    }
  }
  return { html: '<main>' + url + ' ' + module.default + data + '</main>', head: '<style data-styled="active">.a{color:red}</style>', state: { page: { url } } };
};
`;
const remoteModule = (text: string) => `
const sharedStore = globalThis.__siteServerShared['@site/shared-store'];
exports.exposes = { './HomePage': { default: ${JSON.stringify(text)} + ' with ' + sharedStore.marker } };
`;
const MANIFEST = '{"metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""},"publicPath":"auto"},"exposes":[]}';
const SHELL_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Shell</title><script defer src="/main.0123abcd.js"></script>' +
  '<link rel="preload" href="/362.0a0b0c0d.js" as="script" fetchpriority="low"></head><body><div id="root"></div></body></html>\n';

/** Writes a server-render module as a build does: server/render.<hash>.js, named by server-render.json. */
async function writeModule(distDir: string, hash: string, source: string, secondsLater = 0): Promise<void> {
  await write(path.join(distDir, 'server', `render.${hash}.js`), source, secondsLater);
  await write(
    path.join(distDir, 'server-render.json'),
    JSON.stringify({ module: `server/render.${hash}.js` }),
    secondsLater,
  );
}

async function write(file: string, content: string, secondsLater = 0): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  // A clearly different mtime, whatever the file system's time resolution (the renderer compares mtime and size).
  const at = new Date(Date.now() + secondsLater * 1000);
  await utimes(file, at, at);
}

describe('FirstViewRenderer', () => {
  let root: string;
  let shellDist: string;
  let companyDist: string;
  let warnings: string[];
  let renderer: FirstViewRenderer;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'first-view-'));
    shellDist = path.join(root, 'shell');
    companyDist = path.join(root, 'company');
    await writeModule(shellDist, 'aaaa0001', shellModule('store-1'));
    await writeModule(companyDist, 'bbbb0001', remoteModule('home v1'));
    await write(path.join(companyDist, 'mf-manifest.json'), MANIFEST);
    await write(path.join(root, 'data', 'products-category.json'), '["cables"]');
    warnings = [];
    renderer = new FirstViewRenderer(
      shellDist,
      [
        { name: 'company', entry: '/remotes/company/mf-manifest.json', distDir: companyDist },
        { name: 'contact', entry: 'https://contact.example.com/mf-manifest.json', distDir: path.join(root, 'contact') },
        { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json', distDir: path.join(root, 'catalogue') },
      ],
      {
        recheckMs: 0,
        warn: (message) => warnings.push(message),
        dataFiles: new DataFileCache([path.join(root, 'data')], 0),
      },
    );
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test("renders a page with the shell's module and the page's remote module, which gets the shell's shared packages", async () => {
    const view = await renderer.viewFor('/home');
    assert.ok(view !== undefined);
    assert.deepEqual(await view.render(), {
      html: '<main>/home home v1 with store-1</main>',
      head: '<style data-styled="active">.a{color:red}</style>',
      state: { page: { url: '/home' } },
    });
  });

  test("a page that loads data gets the site's data files, and only those; new data, a new key", async () => {
    await write(path.join(root, 'catalogue', 'mf-manifest.json'), MANIFEST);
    await writeModule(
      path.join(root, 'catalogue'),
      'cccc0001',
      'exports.exposes = { "./CategoryListPage": { default: "categories", loadFirstView: () => ["/data/products-category.json", "/api/products/ratings", "/data/../x.json"] } };',
    );
    const view = (await renderer.viewFor('/our-products'))!;
    assert.equal(
      (await view.render())?.html,
      '<main>/our-products categories /data/products-category.json:200:["cables"] /api/products/ratings:404: /data/../x.json:404:</main>',
    );
    await write(path.join(root, 'data', 'products-category.json'), '["cables","glands"]', 10);
    const newData = (await renderer.viewFor('/our-products'))!;
    assert.notEqual(newData.key, view.key);
    assert.match((await newData.render())?.html ?? '', /\["cables","glands"\]/);
  });

  test("an Arabic company page is keyed on the texts it loads (the route table's startDataAr): new texts, a new key", async () => {
    await writeModule(
      companyDist,
      'bbbb0002',
      'exports.exposes = { "./AboutPage": { default: "about", loadFirstView: () => ["/data/ar/home.json", "/data/ar/company.json"] } };',
      10,
    );
    await write(path.join(root, 'data', 'ar', 'home.json'), '{"home":1}');
    await write(path.join(root, 'data', 'ar', 'company.json'), '{"company":1}');
    const view = (await renderer.viewFor('/ar/about'))!;
    assert.match((await view.render())?.html ?? '', /\/data\/ar\/company\.json:200:\{"company":1\}/);
    await write(path.join(root, 'data', 'ar', 'company.json'), '{"company":2}', 20);
    const newTexts = (await renderer.viewFor('/ar/about'))!;
    assert.notEqual(newTexts.key, view.key);
    assert.match((await newTexts.render())?.html ?? '', /\{"company":2\}/);
  });

  test("a product page reads the catalogue API's answers (its own product, in its edition); a new catalogue version, a new key", async () => {
    await write(path.join(root, 'catalogue', 'mf-manifest.json'), MANIFEST);
    await writeModule(
      path.join(root, 'catalogue'),
      'cccc0002',
      'exports.exposes = { "./ProductDetailsPage": { default: "product", loadFirstView: (params) => ["/api/catalogue/products/" + params.productId + "?lang=ar", "/api/products/ratings"] } };',
    );
    let version = 7;
    const asked: string[] = [];
    const withApi = new FirstViewRenderer(
      shellDist,
      [{ name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json', distDir: path.join(root, 'catalogue') }],
      {
        recheckMs: 0,
        warn: (message) => warnings.push(message),
        dataFiles: new DataFileCache([path.join(root, 'data')], 0),
        catalogueApi: {
          get: async (href) => {
            asked.push(href);
            // the answer as the contract's object: the page's text() of it is its JSON
            return { status: 200, body: { v: version } };
          },
          version: () => version,
        },
      },
    );
    const view = (await withApi.viewFor('/ar/our-products/cables/lv_cable'))!;
    assert.equal(
      (await view.render())?.html,
      '<main>/ar/our-products/cables/lv_cable product /api/catalogue/products/lv_cable?lang=ar:200:{"v":7} /api/products/ratings:404:</main>',
    );
    assert.deepEqual(asked, ['/api/catalogue/products/lv_cable?lang=ar'], 'never another API');
    version = 8;
    assert.notEqual((await withApi.viewFor('/ar/our-products/cables/lv_cable'))!.key, view.key);
    // without the catalogue API the page is drawn in the browser (never as a product the server did not find)
    assert.equal(await renderer.viewFor('/ar/our-products/cables/lv_cable'), undefined);
  });

  test("a release promoted from where this server cannot render it: the pages are drawn by the remote's own build, with a warning", async () => {
    const promoted = (standIns?: Map<string, string>) =>
      new FirstViewRenderer(
        shellDist,
        [{ name: 'company', entry: 'https://company.cdn.example/v2/mf-manifest.json', distDir: companyDist }],
        {
          recheckMs: 0,
          warn: (message) => warnings.push(message),
          standIns,
        },
      );
    assert.equal(
      await promoted().viewFor('/home'),
      undefined,
      'without a stand-in: none, as for any build on another origin',
    );
    const drawn = promoted(new Map([['company', companyDist]]));
    assert.match((await (await drawn.viewFor('/home'))!.render())!.html, /home v1/);
    assert.equal(warnings.length, 1, 'warned once');
    assert.match(
      warnings[0] ?? '',
      /company build visitors load \(https:\/\/company\.cdn\.example\/v2\/mf-manifest\.json\) is not on this server's disk/,
    );
  });

  test('no view for a remote on another origin or an unknown address', async () => {
    assert.equal(await renderer.viewFor('/contact-us'), undefined, 'contact is on another origin');
    assert.equal(await renderer.viewFor('/no-such-page'), undefined);
  });

  test("a remote's release is taken at its manifest (the release's switch), not before", async () => {
    assert.match((await (await renderer.viewFor('/home'))!.render())!.html, /home v1/);
    const before = (await renderer.viewFor('/home'))!.key;
    await writeModule(companyDist, 'bbbb0002', remoteModule('home v2'), 10);
    assert.match(
      (await (await renderer.viewFor('/home'))!.render())!.html,
      /home v1/,
      'the new files are there, the switch is not',
    );
    await write(path.join(companyDist, 'mf-manifest.json'), `${MANIFEST} `, 20);
    const released = (await renderer.viewFor('/home'))!;
    assert.match((await released.render())!.html, /home v2/);
    assert.notEqual(released.key, before, 'a new key: the page cache does not serve the old HTML');

    // rollback: the old entry files back (server-render.json, then mf-manifest.json)
    await write(
      path.join(companyDist, 'server-render.json'),
      JSON.stringify({ module: 'server/render.bbbb0001.js' }),
      30,
    );
    await write(path.join(companyDist, 'mf-manifest.json'), MANIFEST, 40);
    assert.match((await (await renderer.viewFor('/home'))!.render())!.html, /home v1/);
  });

  test("a new shell release reloads the remotes too (they hold the shell's shared packages)", async () => {
    assert.match((await (await renderer.viewFor('/home'))!.render())!.html, /with store-1/);
    await writeModule(shellDist, 'aaaa0002', shellModule('store-2'), 10);
    assert.match((await (await renderer.viewFor('/home'))!.render())!.html, /home v1 with store-2/);
  });

  test('a page that throws while rendering: no view (the browser draws it), and the failure is logged', async () => {
    await writeModule(companyDist, 'bbbb0003', "exports.exposes = { './HomePage': { default: 'throw' } };", 20);
    await write(path.join(companyDist, 'mf-manifest.json'), `${MANIFEST} `, 30);
    const view = await renderer.viewFor('/home');
    assert.equal(await view?.render(), undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /Server rendering of \/home failed/);
  });

  test('server-render.json must name a file under server/', async () => {
    await write(
      path.join(companyDist, 'server-render.json'),
      JSON.stringify({ module: '../../shell/server/render.aaaa0001.js' }),
      10,
    );
    await write(path.join(companyDist, 'mf-manifest.json'), `${MANIFEST} `, 20);
    assert.equal(await renderer.viewFor('/home'), undefined);
  });

  test('no server-render module (an older release, or not built): no view, no warning; a broken one is logged', async () => {
    await rm(path.join(companyDist, 'server'), { recursive: true });
    await rm(path.join(companyDist, 'server-render.json'));
    await write(path.join(companyDist, 'mf-manifest.json'), `${MANIFEST} `, 10);
    assert.equal(await renderer.viewFor('/home'), undefined);
    assert.deepEqual(warnings, []);
    await writeModule(companyDist, 'bbbb0004', 'this is not javascript', 20);
    await write(path.join(companyDist, 'mf-manifest.json'), `${MANIFEST}  `, 30);
    assert.equal(await renderer.viewFor('/home'), undefined);
    assert.equal(warnings.length, 1);
  });
});

describe('a server-rendered page', () => {
  let root: string;
  let app: FastifyInstance;
  let appOff: FastifyInstance;
  const remotesOf = (root: string) => [
    { name: 'company', entry: '/remotes/company/mf-manifest.json', distDir: path.join(root, 'company') },
  ];

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'spa-ssr-'));
    await write(path.join(root, 'shell', 'index.html'), SHELL_HTML);
    await writeModule(path.join(root, 'shell'), 'aaaa0001', shellModule('store-1'));
    await writeModule(path.join(root, 'company'), 'bbbb0001', remoteModule('home v1'));
    await write(path.join(root, 'company', 'mf-manifest.json'), MANIFEST);
    const rendering = createShellResponder(path.join(root, 'shell'), {
      remotes: remotesOf(root),
      manifestRecheckMs: 0,
    });
    const off = createShellResponder(path.join(root, 'shell'), {
      remotes: remotesOf(root),
      manifestRecheckMs: 0,
      serverRendering: false,
    });
    app = Fastify();
    app.get('/*', (request, reply) => rendering(request, reply, 200));
    appOff = Fastify();
    appOff.get('/*', (request, reply) => off(request, reply, 200));
    await Promise.all([app.ready(), appOff.ready()]);
  });
  after(async () => {
    await Promise.all([app.close(), appOff.close()]);
    await rm(root, { recursive: true, force: true });
  });

  test('requests for a page arriving together while it renders get one render', async () => {
    const counter = globalThis as unknown as { firstViewRenders?: number };
    counter.firstViewRenders = 0;
    const answers = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/home' })));
    assert.deepEqual(
      answers.map((res) => res.statusCode),
      [200, 200, 200],
    );
    assert.equal(new Set(answers.map((res) => res.body)).size, 1);
    assert.equal(counter.firstViewRenders, 1);
  });

  test('has the view in its root and its styles in the head; the scripts wait in a template for the first paint', async () => {
    const res = await app.inject({ method: 'GET', url: '/home' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<div id="root"><main>\/home home v1 with store-1<\/main><\/div>/);
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)?.[1] ?? '';
    assert.ok(head.includes('<style data-styled="active">'), 'styles in the head');
    assert.ok(
      head.includes('<script type="application/json" id="first-view-state">{"page":{"url":"/home"}}</script>'),
      'the store state',
    );
    const template = new RegExp(`<template id="${AFTER_FIRST_PAINT_ID}">([\\s\\S]*?)</template>`).exec(head)?.[1] ?? '';
    assert.ok(
      template.includes('<script defer src="/main.0123abcd.js"></script>'),
      "the shell's script is in the template",
    );
    assert.ok(template.includes('href="/362.0a0b0c0d.js"'), "and its chunk's preload");
    assert.ok(template.includes('/remotes/company/mf-manifest.json'), "and the remote's preload hints");
    assert.equal(head.replace(template, '').includes('/main.0123abcd.js'), false, 'nowhere else');
    assert.ok(head.includes(`<script>${INLINE_SCRIPT_SOURCE}</script>`), 'the script that inserts it, inline');
  });

  test("after a promote of a build this server cannot render, the page keeps the view of the remote's own build (warned)", async (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const stateOf = (generation: number, entry: string): RemotesState => {
      const remotes = [{ ...remotesOf(root)[0]!, entry }];
      return { generation, remotes, canaries: new CanaryAssignment(remotes), maps: new RemotesMaps(remotes) };
    };
    let state = stateOf(1, '/remotes/company/mf-manifest.json');
    const responder = (standIns?: Map<string, string>) => {
      const respond = createShellResponder(path.join(root, 'shell'), {
        live: { current: () => state },
        manifestRecheckMs: 0,
        standIns,
      });
      const server = Fastify();
      server.get('/*', (request, reply) => respond(request, reply, 200));
      t.after(() => server.close());
      return server;
    };
    const standIn = responder(new Map([['company', path.join(root, 'company')]]));
    const without = responder();
    assert.match((await standIn.inject({ method: 'GET', url: '/home' })).body, /<div id="root"><main>\/home home v1/);
    // promoted: the canary folder's build (no canary folder here), as a registered release's promote leaves it
    state = stateOf(2, '/remotes/company/canary/mf-manifest.json');
    const promoted = await standIn.inject({ method: 'GET', url: '/home' });
    assert.match(promoted.body, /<div id="root"><main>\/home home v1/);
    assert.ok(
      promoted.body.includes('/remotes/company/canary/mf-manifest.json'),
      'the browser loads the promoted build',
    );
    assert.match(
      String(warn.mock.calls[0]?.arguments[0]),
      /company build visitors load \(\/remotes\/company\/canary\/mf-manifest\.json\) is not on this server's disk/,
    );
    assert.match(
      (await without.inject({ method: 'GET', url: '/home' })).body,
      /<div id="root"><\/div>/,
      'without it, none (as before)',
    );
  });

  test("not at an address the browser moves away from ('/' goes to /home), nor with SERVER_RENDERING=off", async () => {
    for (const [url, server] of [
      ['/', app],
      ['/home', appOff],
    ] as const) {
      const res = await server.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<div id="root"><\/div>/, url);
      assert.match(res.body, /<head>[\s\S]*<script defer src="\/main.0123abcd.js"><\/script>[\s\S]*<\/head>/, url);
      assert.equal(res.body.includes(AFTER_FIRST_PAINT_ID), false, url);
    }
  });
});
