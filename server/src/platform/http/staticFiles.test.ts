// Static files as browsers get them: the brotli/gzip copies the build wrote beside each file (sent as they are), the
// Cache-Control of each kind of file, ETag/304, HEAD, and nothing outside the served folders whatever the encoding.
import assert from 'node:assert/strict';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';

/** Text big enough to be worth compressing (and compressible). */
const bigText = (label: string, lines = 400) =>
  Array.from({ length: lines }, (_, i) => `console.log(${JSON.stringify(`${label} line ${i}`)});`).join('\n');
const bigJson = (label: string) =>
  JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `${label} ${id}` })));

function decode(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  assert.equal(encoding, undefined, `unexpected content-encoding ${String(encoding)}`);
  return res.rawPayload.toString('utf8');
}

describe('static files', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  /** The copies written beside each file, as the build writes them: file -> encoding -> bytes. */
  const copies = new Map<string, { br: Buffer; gzip: Buffer }>();

  /** Writes `content` at `file` (relative to the fixture) with its .br and .gz copies beside it, all with one mtime. */
  async function writeBuilt(file: string, content: string, mtime = new Date()): Promise<void> {
    const full = path.join(fixture.root, file);
    await mkdir(path.dirname(full), { recursive: true });
    const made = { br: zlib.brotliCompressSync(content), gzip: zlib.gzipSync(content) };
    await writeFile(full, content);
    await writeFile(`${full}.br`, made.br);
    await writeFile(`${full}.gz`, made.gzip);
    for (const written of [full, `${full}.br`, `${full}.gz`]) await utimes(written, mtime, mtime);
    copies.set(file, made);
  }

  before(async () => {
    fixture = await createFixture();
    await writeBuilt('shell/dist/big.0123abcd.js', bigText('shell'));
    await writeBuilt('mfe-catalogue/dist/remoteEntry.js', bigText('catalogue entry'));
    await writeBuilt('content/data/products.json', bigJson('Product'));
    await writeBuilt('content/data/both.json', bigJson('first root'));
    await writeBuilt('content/generated/data/both.json', bigJson('second root'));
    await writeBuilt(
      'content/public/images/big.svg',
      `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`,
    );
    // No copies: a file the build left as it is, and one released without its copies.
    await writeFile(path.join(fixture.root, 'shell/dist/plain.89abcdef.js'), bigText('no copies'));
    await writeFile(path.join(fixture.root, 'content/data/small.json'), '{"small":true}\n');
    // Outside every served folder, with copies beside it: an encoding must never reach it either.
    await writeBuilt('content/secret.json', '{"secret":"do not serve"}');
    await writeBuilt('content/data/.hidden.json', '{"hidden":true}');
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  test('the brotli copy for browsers offering it, the gzip copy for gzip-only clients, the file for the others', async () => {
    const file = 'shell/dist/big.0123abcd.js';
    const br = await get('/big.0123abcd.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(br.rawPayload, copies.get(file)?.br, 'the copy beside the file, byte for byte');
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.match(String(br.headers['content-type']), /^text\/javascript|^application\/javascript/);

    const gz = await get('/big.0123abcd.js', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gz.rawPayload, copies.get(file)?.gzip);

    const plain = await get('/big.0123abcd.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, bigText('shell'));
    for (const res of [br, gz, plain]) {
      assert.equal(res.headers['cache-control'], IMMUTABLE);
      assert.match(String(res.headers.vary), /accept-encoding/i);
    }
  });

  test("Cache-Control by kind of file, the copies' the same as their file's", async () => {
    for (const encoding of ['br', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      assert.equal((await get('/remotes/catalogue/remoteEntry.js', headers)).headers['cache-control'], 'no-cache');
      assert.equal((await get('/data/products.json', headers)).headers['cache-control'], 'no-cache');
      assert.equal((await get('/images/big.svg', headers)).headers['cache-control'], ONE_DAY);
      assert.equal((await get('/big.0123abcd.js', headers)).headers['cache-control'], IMMUTABLE);
    }
    assert.equal((await get('/mf-manifest.json')).headers['cache-control'], 'no-cache');
  });

  test('remote bundles: CORS on every encoding; a rebuilt file (with its new copies) is sent new, with a new ETag', async () => {
    const first = await get('/remotes/catalogue/remoteEntry.js', { 'accept-encoding': 'br' });
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(first.headers['access-control-allow-origin'], '*');
    assert.equal(first.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(decode(first), bigText('catalogue entry'));

    await writeBuilt('mfe-catalogue/dist/remoteEntry.js', bigText('catalogue entry v2'), new Date(Date.now() + 5000));
    const second = await get('/remotes/catalogue/remoteEntry.js', { 'accept-encoding': 'br' });
    assert.equal(decode(second), bigText('catalogue entry v2'));
    assert.notEqual(second.headers.etag, first.headers.etag);
  });

  test('ETag and 304: for the file and for its copies, with Cache-Control kept', async () => {
    for (const [url, encoding] of [
      ['/remotes/catalogue/remoteEntry.js', 'br'],
      ['/data/products.json', 'gzip'],
      ['/data/products.json', 'identity'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': encoding });
      assert.ok(res.headers.etag, `${url} ${encoding}: an ETag`);
      const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': String(res.headers.etag) });
      assert.equal(again.statusCode, 304, `${url} ${encoding}`);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers['cache-control'], 'no-cache');
      assert.equal((await get(url, { 'accept-encoding': encoding, 'if-none-match': '"other"' })).statusCode, 200);
    }
  });

  test('data files: JSON type, the first root wins, the second serves what the first lacks', async () => {
    const res = await get('/data/products.json', { 'accept-encoding': 'br, gzip' });
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(decode(res), bigJson('Product'));
    assert.equal(decode(await get('/data/both.json', { 'accept-encoding': 'br' })), bigJson('first root'));
    assert.deepEqual((await get('/data/search-index.json')).json(), { generated: true });
  });

  test('a file without copies is still sent right: compressed on the fly, or as it is', async () => {
    const res = await get('/plain.89abcdef.js', { 'accept-encoding': 'br' });
    assert.equal(res.statusCode, 200);
    assert.equal(decode(res), bigText('no copies'));
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    const small = await get('/data/small.json', { 'accept-encoding': 'br' });
    assert.equal(decode(small), '{"small":true}\n');
    const png = await get('/images/logo.png', { 'accept-encoding': 'br' });
    assert.equal(png.headers['content-encoding'], undefined);
    assert.equal(png.body, 'png');
  });

  // (/data's HEAD is dataFiles.test.ts's: those files are served from memory.)
  test('HEAD: status and headers of the GET, no body', async () => {
    const full = await get('/big.0123abcd.js', { 'accept-encoding': 'br' });
    const head = await app.inject({ method: 'HEAD', url: '/big.0123abcd.js', headers: { 'accept-encoding': 'br' } });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'vary']) {
      assert.equal(head.headers[name], full.headers[name], name);
    }
    assert.equal((await app.inject({ method: 'HEAD', url: '/missing.0123abcd.js' })).statusCode, 404);
  });

  test('missing files answer 404 whatever the encoding asked for', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const url of [
        '/data/missing.json',
        '/missing.0123abcd.js',
        '/remotes/catalogue/missing.js',
        '/images/missing.svg',
      ]) {
        assert.equal((await get(url, { 'accept-encoding': encoding })).statusCode, 404, `${url} ${encoding}`);
      }
    }
  });

  test('traversal, dotfiles, subfolders and copies asked for by name reach nothing outside the served folders', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const url of [
        '/data/../secret.json',
        '/data/%2e%2e/secret.json',
        '/data/..%2fsecret.json',
        '/data/%2e%2e%2fsecret.json',
        '/data/..%5csecret.json',
        '/data/.hidden.json',
        '/data/%2ehidden.json',
        '/data/sub/products.json',
        '/data/products.json%00.txt',
        '/data/products.json.br',
        '/data/',
        '/../package.json',
        '/%2e%2e/package.json',
        '/remotes/catalogue/%2e%2e/%2e%2e/content/secret.json',
        '/remotes/catalogue/..%2f..%2fcontent%2fsecret.json',
      ]) {
        const res = await get(url, { 'accept-encoding': encoding });
        assert.ok([400, 404].includes(res.statusCode), `${url} (${encoding}) answered ${res.statusCode}`);
        assert.equal(res.headers['content-encoding'], undefined, `${url} (${encoding})`);
        assert.ok(
          !res.body.includes('do not serve') && !res.body.includes('hidden') && !res.body.includes('workspaces'),
          url,
        );
      }
    }
  });
});
