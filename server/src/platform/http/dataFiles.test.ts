import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { registerCompression } from './compression.js';
import { DataFileCache, dataFileRoutes, isDataFileName } from './dataFiles.js';

const RECHECK_MS = 1000;

/** JSON big enough to be compressed (and compressible). */
const bigJson = (label: string) =>
  JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `${label} ${id}` })));

function decode(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  assert.equal(encoding, undefined, `unexpected content-encoding ${String(encoding)}`);
  return res.rawPayload.toString('utf8');
}

/** Writes `content` with the build's .br and .gz copies beside it (at `mtime`); returns the copies. */
async function writeWithCopies(file: string, content: string, mtime = new Date()) {
  const copies = { br: zlib.brotliCompressSync(content), gzip: zlib.gzipSync(content) };
  await writeFile(file, content);
  await writeFile(`${file}.br`, copies.br);
  await writeFile(`${file}.gz`, copies.gzip);
  for (const written of [file, `${file}.br`, `${file}.gz`]) await utimes(written, mtime, mtime);
  return copies;
}

/** Rewrites a file with a clearly newer mtime, so the change shows whatever the file system's time resolution. */
async function rewrite(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  const later = new Date(Date.now() + 10_000);
  await utimes(file, later, later);
}

describe('the data files as server rendering reads them', () => {
  let dir: string;
  let first: string;
  let second: string;
  let cache: DataFileCache;
  let clock = 0;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'data-files-'));
    first = path.join(dir, 'data');
    second = path.join(dir, 'generated', 'data');
    await mkdir(first, { recursive: true });
    await mkdir(second, { recursive: true });
    await writeFile(path.join(first, 'both.json'), '{"from":"first"}');
    await writeFile(path.join(second, 'both.json'), '{"from":"second"}');
    await writeFile(path.join(second, 'generated.json'), '{"generated":true}');
    cache = new DataFileCache([first, second], RECHECK_MS, () => clock);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const text = async (name: string) => (await cache.get(name))?.body.toString('utf8');
  /** Moves the cache's clock past the re-check interval. */
  const passInterval = () => {
    clock += RECHECK_MS + 1;
  };

  test('the first root wins; the second serves what the first lacks; a strong ETag of the bytes', async () => {
    assert.equal(await text('both.json'), '{"from":"first"}');
    assert.equal(await text('generated.json'), '{"generated":true}');
    assert.match(String((await cache.get('both.json'))?.etag), /^"[\w-]{27}"$/);
    assert.equal(await cache.get('missing.json'), undefined);
  });

  test('a rewritten file is read from memory until the re-check interval, then new (with a new ETag)', async () => {
    const file = path.join(first, 'rewritten.json');
    await writeFile(file, '{"version":1}');
    passInterval();
    const before = await cache.get('rewritten.json');
    assert.equal(before?.body.toString('utf8'), '{"version":1}');

    await rewrite(file, '{"version":2}');
    assert.equal(await text('rewritten.json'), '{"version":1}', 'no stat per read within the interval');

    passInterval();
    const fresh = await cache.get('rewritten.json');
    assert.equal(fresh?.body.toString('utf8'), '{"version":2}');
    assert.notEqual(fresh?.etag, before?.etag);
  });

  test('a file created after start is found; a deleted one is gone after the next re-check', async () => {
    assert.equal(await cache.get('later.json'), undefined);
    await writeFile(path.join(second, 'later.json'), '{"later":true}');
    passInterval();
    assert.equal(await text('later.json'), '{"later":true}');

    // created in the first root: it now wins over the second's
    await writeFile(path.join(first, 'later.json'), '{"later":"first"}');
    passInterval();
    assert.equal(await text('later.json'), '{"later":"first"}');

    await unlink(path.join(first, 'later.json'));
    await unlink(path.join(second, 'later.json'));
    passInterval();
    assert.equal(await cache.get('later.json'), undefined);
  });

  test("isDataFileName: plain .json names only, at the top or in the Arabic edition's folder", () => {
    for (const name of [
      'products.json',
      'product-details.json',
      'searchResults.json',
      'a.b.json',
      'x_1.json',
      'ar/products.json',
      'ar/searchResults.json',
    ]) {
      assert.ok(isDataFileName(name), name);
    }
    for (const name of [
      '',
      '.json',
      '.env.json',
      '../x.json',
      'a/b.json',
      'a\\b.json',
      'a..json',
      'x.txt',
      'x.json\u0000',
      'x y.json',
      '..',
      'x.json.br',
    ]) {
      assert.ok(!isDataFileName(name), JSON.stringify(name));
    }
    for (const name of [
      'en/products.json',
      'xx/products.json',
      'AR/products.json',
      'ar/',
      'ar/.json',
      'ar/.env.json',
      'ar/../x.json',
      'ar/ar/x.json',
      'ar/sub/x.json',
      'ar\\x.json',
      'ar/x.json.br',
      '/ar/x.json',
      'ar//x.json',
    ]) {
      assert.ok(!isDataFileName(name), JSON.stringify(name));
    }
  });

  test("an edition's file is found like any other (the build generates it into the second root)", async () => {
    await mkdir(path.join(second, 'ar'), { recursive: true });
    passInterval();
    assert.equal(await cache.get('ar/menu.json'), undefined, 'not built yet');
    await writeFile(path.join(second, 'ar', 'menu.json'), '[{"id":"home","name":"الرئيسية"}]'); // the built edition
    passInterval();
    assert.equal(await text('ar/menu.json'), '[{"id":"home","name":"الرئيسية"}]');
    assert.notEqual((await cache.get('ar/menu.json'))?.etag, (await cache.get('menu.json'))?.etag);
  });
});

describe('GET /data/:file', () => {
  let dir: string;
  let first: string;
  let second: string;
  let app: FastifyInstance;
  let clock = 0;
  let copies: { br: Buffer; gzip: Buffer };
  let arabicCopies: { br: Buffer; gzip: Buffer };

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'data-route-'));
    first = path.join(dir, 'data');
    second = path.join(dir, 'generated', 'data');
    await mkdir(first, { recursive: true });
    await mkdir(second, { recursive: true });
    copies = await writeWithCopies(path.join(first, 'products.json'), bigJson('Product'));
    await writeFile(path.join(first, 'small.json'), '{"small":true}\n');
    await writeFile(path.join(first, '.hidden.json'), '{"hidden":true}');
    await writeWithCopies(path.join(dir, 'secret.json'), '{"secret":"do not serve"}');
    // The Arabic edition: generated (second root) with its copies.
    await mkdir(path.join(second, 'ar'), { recursive: true });
    arabicCopies = await writeWithCopies(path.join(second, 'ar', 'products.json'), bigJson('منتج'));

    // The app's pieces that meet this route: compression hooks (which must not compress twice) and the JSON 404.
    app = Fastify();
    await registerCompression(app);
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
    await app.register(dataFileRoutes, {
      prefix: '/data',
      cache: new DataFileCache([first, second], RECHECK_MS, () => clock),
    });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const passInterval = () => {
    clock += RECHECK_MS + 1;
  };

  test("the build's brotli or gzip copy by Accept-Encoding, or the file; one ETag, no-cache, Vary", async () => {
    const plain = await get('/data/products.json');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.body, bigJson('Product'));
    assert.match(String(plain.headers.etag), /^"[\w-]{27}"$/, 'a strong ETag');
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await get('/data/products.json', { 'accept-encoding': acceptEncoding });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], expected, acceptEncoding);
      assert.deepEqual(
        res.rawPayload,
        expected === undefined ? plain.rawPayload : copies[expected],
        `${acceptEncoding}: the copy, byte for byte`,
      );
      assert.equal(Number(res.headers['content-length']), res.rawPayload.length, acceptEncoding);
      assert.equal(res.headers.etag, plain.headers.etag, acceptEncoding);
      assert.equal(res.headers.vary, 'accept-encoding', acceptEncoding);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
  });

  test('a copy older than its file is never sent: the new file is, compressed by the server', async () => {
    const file = path.join(first, 'regenerated.json');
    await writeWithCopies(file, bigJson('Old'));
    passInterval();
    assert.equal(decode(await get('/data/regenerated.json', { 'accept-encoding': 'br' })), bigJson('Old'));

    await rewrite(file, bigJson('New')); // the content rebuilt, its copies not (yet)
    passInterval();
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/data/regenerated.json', { 'accept-encoding': encoding });
      assert.equal(decode(res), bigJson('New'), encoding);
    }

    const later = new Date(Date.now() + 20_000);
    const newCopies = await writeWithCopies(file, bigJson('New'), later); // the copies made again
    passInterval();
    assert.deepEqual((await get('/data/regenerated.json', { 'accept-encoding': 'br' })).rawPayload, newCopies.br);
  });

  test('a file under 1 KB without copies is sent as it is', async () => {
    const res = await get('/data/small.json', { 'accept-encoding': 'br, gzip' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.body, '{"small":true}\n');
  });

  test('304 for a matching If-None-Match (also weak or in a list); 200 otherwise', async () => {
    const res = await get('/data/products.json', { 'accept-encoding': 'br' });
    const etag = String(res.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/data/products.json', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      assert.equal(again.statusCode, 304, ifNoneMatch);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['cache-control'], 'no-cache');
      assert.equal(again.headers['content-encoding'], undefined);
    }
    assert.equal((await get('/data/products.json', { 'if-none-match': '"other"' })).statusCode, 200);
  });

  test('HEAD: status and headers of the GET, no body', async () => {
    const full = await get('/data/products.json', { 'accept-encoding': 'gzip' });
    const head = await app.inject({
      method: 'HEAD',
      url: '/data/products.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'vary']) {
      assert.equal(head.headers[name], full.headers[name], name);
    }
    assert.equal((await app.inject({ method: 'HEAD', url: '/data/missing.json' })).statusCode, 404);
  });

  test('/data/ar/<file>: the generated Arabic edition, with its copies, ETag and 304', async () => {
    const plain = await get('/data/ar/products.json');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(plain.headers['cache-control'], 'no-cache');
    assert.equal(plain.body, bigJson('منتج'));
    assert.match(String(plain.headers.etag), /^"[\w-]{27}"$/);
    assert.notEqual(plain.headers.etag, (await get('/data/products.json')).headers.etag);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get('/data/ar/products.json', { 'accept-encoding': encoding });
      assert.equal(res.headers['content-encoding'], encoding);
      assert.deepEqual(res.rawPayload, arabicCopies[encoding], `the ${encoding} copy, byte for byte`);
      assert.equal(res.headers.etag, plain.headers.etag);
      assert.equal(res.headers.vary, 'accept-encoding');
      const again = await get('/data/ar/products.json', {
        'accept-encoding': encoding,
        'if-none-match': String(plain.headers.etag),
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.rawPayload.length, 0);
    }
    const head = await app.inject({
      method: 'HEAD',
      url: '/data/ar/products.json',
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], String(arabicCopies.br.length));
  });

  test('unknown editions and unknown Arabic files answer the JSON 404', async () => {
    for (const url of [
      '/data/ar/unknown.json',
      '/data/xx/products.json',
      '/data/en/products.json',
      '/data/AR/products.json',
      '/data/ar%2Fproducts.json',
      '/data/ar/..%2fproducts.json',
      '/data/ar/%2e%2e/%2e%2e/secret.json',
      '/data/ar/.hidden.json',
      '/data/ar/products.json.br',
      '/data/ar/sub/products.json',
      '/data/ar/',
      '/data/ar',
    ]) {
      for (const encoding of ['br', 'identity']) {
        const res = await get(url, { 'accept-encoding': encoding });
        assert.equal(res.statusCode, 404, `${url} (${encoding}) answered ${res.statusCode}`);
        assert.deepEqual(res.json(), { error: 'Not found' }, url);
      }
    }
  });

  test('traversal, dotfiles, subfolders, copies by name and other names answer the JSON 404, whatever the encoding', async () => {
    passInterval();
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const url of [
        '/data/../secret.json',
        '/data/%2e%2e/secret.json',
        '/data/..%2fsecret.json',
        '/data/%2e%2e%2fsecret.json',
        '/data/..%5csecret.json',
        '/data/%2e%2e%5csecret.json',
        '/data/.hidden.json',
        '/data/%2ehidden.json',
        '/data/sub/products.json',
        '/data/products.json%00.txt',
        '/data/products.json.br',
        '/data/products',
        '/data/missing.json',
        '/data/',
        '/data/..',
      ]) {
        const res = await get(url, { 'accept-encoding': encoding });
        assert.equal(res.statusCode, 404, `${url} (${encoding}) answered ${res.statusCode}`);
        assert.equal(res.headers['content-encoding'], undefined, `${url} (${encoding})`);
        assert.deepEqual(res.json(), { error: 'Not found' }, url);
      }
    }
  });
});

describe("/data/ar: the site's Arabic data as the content build writes it", () => {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
  const committed = path.join(repoRoot, 'content', 'data');
  let dir: string;
  let app: FastifyInstance;

  before(async () => {
    // The content build's step (content/scripts/generate-editions.ts), into a folder of the test's: the server's tests
    // run before the build on a fresh clone.
    dir = await mkdtemp(path.join(os.tmpdir(), 'data-arabic-'));
    const generated = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'content', 'scripts', 'generate-editions.ts'), dir],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    assert.equal(generated.status, 0, generated.stderr);
    // the build's copies of one file (scripts/precompress-content.mjs); the others are compressed by the server
    const products = await readFile(path.join(dir, 'data', 'ar', 'products.json'));
    await writeFile(path.join(dir, 'data', 'ar', 'products.json.br'), zlib.brotliCompressSync(products));
    await writeFile(path.join(dir, 'data', 'ar', 'products.json.gz'), zlib.gzipSync(products));

    app = Fastify();
    await registerCompression(app);
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
    // the app's roots (app.ts): the committed data, then the generated
    await app.register(dataFileRoutes, {
      prefix: '/data',
      cache: new DataFileCache([committed, path.join(dir, 'data')]),
    });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const ARABIC = /[\u0600-\u06FF]/;

  test('every data file and the search index: 200, JSON, the English records with Arabic texts', async () => {
    // Every data file (one Arabic dictionary each: content/translations/ar) and the search index.
    const dictionaries = (
      await readdir(path.resolve(import.meta.dirname, '../../../../content/translations/ar'))
    ).filter((file) => file.endsWith('.json'));
    assert.ok(dictionaries.length >= 11, 'the data files');
    for (const file of [...dictionaries, 'searchResults.json']) {
      const res = await get(`/data/ar/${file}`, { 'accept-encoding': 'br, gzip' });
      assert.equal(res.statusCode, 200, file);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', file);
      const arabic = JSON.parse(decode(res)) as unknown;
      assert.match(JSON.stringify(arabic), ARABIC, file);
      if (file === 'searchResults.json') continue; // generated only
      const english = JSON.parse(await readFile(path.join(committed, file), 'utf8')) as unknown;
      const ids = (json: unknown) =>
        Array.isArray(json) ? json.map((record: { id?: unknown }) => record.id) : Object.keys(json as object);
      assert.deepEqual(ids(arabic), ids(english), `${file}: the same records (not the dictionary)`);
    }
  });

  test('a product and its category in Arabic, with their price, picture and technical values', async () => {
    type Product = { id: string; productName: string; productCategory: string; price: number; image: string };
    const products = (await get('/data/ar/products.json')).json<Product[]>();
    const english = (await get('/data/products.json')).json<Product[]>();
    const cable = products.find((p) => p.id === 'oc_cu_xlpe_swa_pvc_cable');
    const englishCable = english.find((p) => p.id === 'oc_cu_xlpe_swa_pvc_cable');
    assert.equal(cable?.productCategory, 'الكابلات');
    assert.match(String(cable?.productName), /^(?=.*[\u0600-\u06FF])(?=.*0\.6\/1 kV)(?=.*BS 5467)/);
    assert.deepEqual([cable?.price, cable?.image], [englishCable?.price, englishCable?.image]);
    const search = (await get('/data/ar/searchResults.json')).json<{ id: string; title: string }[]>();
    assert.equal(search.find((entry) => entry.id === cable?.id)?.title, cable?.productName);
  });

  test("ETag and 304; the build's copies or the server's compression, the same JSON", async () => {
    for (const file of ['products.json', 'product-details.json']) {
      const plain = await get(`/data/ar/${file}`);
      const etag = String(plain.headers.etag);
      assert.match(etag, /^"[\w-]{27}"$/);
      for (const encoding of ['br', 'gzip']) {
        const res = await get(`/data/ar/${file}`, { 'accept-encoding': encoding });
        assert.equal(res.headers['content-encoding'], encoding, `${file} ${encoding}`);
        assert.ok(res.rawPayload.length < plain.rawPayload.length / 3, `${file} ${encoding}: compressed`);
        assert.equal(decode(res), plain.body, `${file} ${encoding}`);
        const again = await get(`/data/ar/${file}`, { 'accept-encoding': encoding, 'if-none-match': etag });
        assert.equal(again.statusCode, 304, `${file} ${encoding}`);
      }
    }
  });

  test('404 for an unknown Arabic file and an unknown edition', async () => {
    for (const url of ['/data/ar/unknown.json', '/data/xx/products.json', '/data/en/products.json']) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { error: 'Not found' }, url);
    }
  });
});

describe('/data/ar in the app (its roots, its static files)', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture();
    const write = async (file: string, content: string) => {
      await mkdir(path.dirname(path.join(fixture.root, file)), { recursive: true });
      await writeFile(path.join(fixture.root, file), content);
    };
    await write('content/translations/ar/products-category.json', '{"Cables":"الكابلات"}'); // the dictionary, committed
    await write('content/generated/data/ar/products-category.json', '[{"id":"cables","title":"الكابلات"}]'); // the edition, built
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  test('the generated edition, never the dictionary; no other edition', async () => {
    const res = await app.inject({ method: 'GET', url: '/data/ar/products-category.json' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), [{ id: 'cables', title: 'الكابلات' }]);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    for (const url of ['/data/ar/unknown.json', '/data/xx/products-category.json', '/data/en/products-category.json']) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
  });
});
