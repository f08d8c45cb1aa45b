import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { registerCompression } from './compression.js';
import { dataFileRoutes, isDataFileName } from './dataFiles.js';

const RECHECK_MS = 1000;

/** JSON big enough to be compressed (and compressible). */
const bigJson = (label: string) => JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `${label} ${id}` })));

function decode(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  assert.equal(encoding, undefined, `unexpected content-encoding ${String(encoding)}`);
  return res.rawPayload.toString('utf8');
}

/** Rewrites a file with a clearly newer mtime, so the change shows whatever the file system's time resolution. */
async function rewrite(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  const later = new Date(Date.now() + 10_000);
  await utimes(file, later, later);
}

describe('/data/:file from memory', () => {
  let dir: string;
  let first: string;
  let second: string;
  let app: FastifyInstance;
  let clock = 0;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'data-files-'));
    first = path.join(dir, 'data');
    second = path.join(dir, 'generated', 'data');
    await mkdir(first, { recursive: true });
    await mkdir(second, { recursive: true });
    await writeFile(path.join(first, 'products.json'), bigJson('Product'));
    await writeFile(path.join(first, 'small.json'), '{"small":true}\n');
    await writeFile(path.join(first, 'both.json'), '{"from":"first"}');
    await writeFile(path.join(second, 'both.json'), '{"from":"second"}');
    await writeFile(path.join(second, 'generated.json'), '{"generated":true}');
    await writeFile(path.join(first, '.hidden.json'), '{"hidden":true}');
    await writeFile(path.join(dir, 'secret.json'), '{"secret":"do not serve"}');

    // The app's pieces that meet this route: compression hooks (which must not compress twice) and the JSON 404.
    app = Fastify();
    await registerCompression(app);
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
    await app.register(dataFileRoutes, { prefix: '/data', roots: [first, second], recheckMs: RECHECK_MS, now: () => clock });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  /** Moves the route's clock past the re-check interval. */
  const passInterval = () => {
    clock += RECHECK_MS + 1;
  };

  test('contents and headers', async () => {
    const res = await get('/data/products.json');
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, bigJson('Product'));
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers.vary, 'accept-encoding');
    assert.match(String(res.headers.etag), /^"[\w-]{27}"$/, 'a strong ETag');
    assert.equal(Number(res.headers['content-length']), Buffer.byteLength(bigJson('Product')));
    assert.equal(res.headers['content-encoding'], undefined);
  });

  test('brotli, gzip or identity by Accept-Encoding, each decoding to the same bytes with the same ETag', async () => {
    const plain = await get('/data/products.json');
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
      assert.equal(Number(res.headers['content-length']), res.rawPayload.length, acceptEncoding);
      assert.equal(res.headers.etag, plain.headers.etag, acceptEncoding);
      assert.equal(res.headers.vary, 'accept-encoding', acceptEncoding);
      // decoded once: the compression hooks did not encode it a second time
      assert.equal(decode(res), bigJson('Product'), acceptEncoding);
      if (expected !== undefined) assert.ok(res.rawPayload.length < plain.rawPayload.length / 4, `${expected}: ${res.rawPayload.length} bytes`);
    }
    const brotli = await get('/data/products.json', { 'accept-encoding': 'br' });
    const best = zlib.brotliCompressSync(bigJson('Product'), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    assert.equal(brotli.rawPayload.length, best.length, 'brotli at quality 11');
  });

  test('a file under 1 KB is sent as it is', async () => {
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

  test('the first root wins; the second serves what the first lacks', async () => {
    assert.deepEqual((await get('/data/both.json')).json(), { from: 'first' });
    assert.deepEqual((await get('/data/generated.json')).json(), { generated: true });
  });

  test('HEAD: status and headers of the GET, no body', async () => {
    const full = await get('/data/products.json', { 'accept-encoding': 'gzip' });
    const head = await app.inject({ method: 'HEAD', url: '/data/products.json', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'vary']) {
      assert.equal(head.headers[name], full.headers[name], name);
    }
    assert.equal((await app.inject({ method: 'HEAD', url: '/data/missing.json' })).statusCode, 404);
  });

  test('a rewritten file is served from memory until the re-check interval, then new (with a new ETag)', async () => {
    const file = path.join(first, 'rewritten.json');
    await writeFile(file, bigJson('Old'));
    passInterval();
    const before = await get('/data/rewritten.json', { 'accept-encoding': 'br' });
    assert.equal(decode(before), bigJson('Old'));

    await rewrite(file, bigJson('New product'));
    const stale = await get('/data/rewritten.json', { 'accept-encoding': 'br' });
    assert.equal(decode(stale), bigJson('Old'), 'no stat per request: the file is not looked at again within the interval');

    passInterval();
    const fresh = await get('/data/rewritten.json', { 'accept-encoding': 'br' });
    assert.equal(decode(fresh), bigJson('New product'));
    assert.notEqual(fresh.headers.etag, before.headers.etag);
    assert.equal((await get('/data/rewritten.json', { 'if-none-match': String(before.headers.etag) })).statusCode, 200);
    const gz = await get('/data/rewritten.json', { 'accept-encoding': 'gzip' });
    assert.equal(decode(gz), bigJson('New product'), 'every encoding is of the new version');
  });

  test('a file created after start is served; a deleted one answers 404', async () => {
    assert.equal((await get('/data/later.json')).statusCode, 404);
    await writeFile(path.join(second, 'later.json'), '{"later":true}');
    passInterval();
    assert.deepEqual((await get('/data/later.json')).json(), { later: true });

    // created in the first root: it now wins over the second's
    await writeFile(path.join(first, 'later.json'), '{"later":"first"}');
    passInterval();
    assert.deepEqual((await get('/data/later.json')).json(), { later: 'first' });

    await unlink(path.join(first, 'later.json'));
    await unlink(path.join(second, 'later.json'));
    passInterval();
    const gone = await get('/data/later.json');
    assert.equal(gone.statusCode, 404);
    assert.deepEqual(gone.json(), { error: 'Not found' });
  });

  test('traversal, dotfiles, subfolders and other names answer the JSON 404', async () => {
    passInterval();
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
      '/data/products',
      '/data/',
      '/data/..',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, `${url} answered ${res.statusCode}`);
      assert.ok(!res.body.includes('do not serve') && !res.body.includes('hidden'), url);
      if (res.headers['content-type']?.toString().startsWith('application/json')) assert.deepEqual(res.json(), { error: 'Not found' }, url);
    }
  });

  test('isDataFileName: plain .json names only', () => {
    for (const name of ['products.json', 'product-details.json', 'searchResults.json', 'a.b.json', 'x_1.json']) assert.ok(isDataFileName(name), name);
    for (const name of ['', '.json', '.env.json', '../x.json', 'a/b.json', 'a\\b.json', 'a..json', 'x.txt', 'x.json\u0000', 'x y.json', '..']) {
      assert.ok(!isDataFileName(name), JSON.stringify(name));
    }
  });
});
