import assert from 'node:assert/strict';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { preferredEncoding } from './compression.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text big enough to be worth compressing (and compressible). */
const bigText = (label: string, lines = 400) =>
  Array.from({ length: lines }, (_, i) => `console.log(${JSON.stringify(`${label} line ${i}`)});`).join('\n');

function decode(res: LightMyRequestResponse): string {
  const body = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  assert.equal(encoding, undefined, `unexpected content-encoding ${String(encoding)}`);
  return body.toString('utf8');
}

describe('preferredEncoding', () => {
  test('brotli when offered, gzip otherwise, nothing for identity-only clients', () => {
    assert.equal(preferredEncoding('gzip, deflate, br'), 'br');
    assert.equal(preferredEncoding('gzip, deflate'), 'gzip');
    assert.equal(preferredEncoding('br;q=0.5, gzip;q=0.9'), 'gzip');
    assert.equal(preferredEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(preferredEncoding('*'), 'br');
    assert.equal(preferredEncoding('identity'), undefined);
    assert.equal(preferredEncoding('gzip;q=0, br;q=0'), undefined);
    assert.equal(preferredEncoding(''), undefined);
    assert.equal(preferredEncoding(undefined), undefined);
  });
});

describe('compression', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  const files = {
    hashed: 'shell/dist/big.0123abcd.js',
    remoteEntry: 'mfe-catalogue/dist/remoteEntry.js',
    data: 'content/data/big-data.json',
    svg: 'content/public/images/big.svg',
    tiny: 'shell/dist/tiny.89abcdef.js',
  };

  before(async () => {
    fixture = await createFixture();
    await writeFile(path.join(fixture.root, files.hashed), bigText('shell'));
    await writeFile(path.join(fixture.root, files.remoteEntry), bigText('catalogue entry'));
    await writeFile(path.join(fixture.root, files.data), JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `Product ${id}` }))));
    await writeFile(path.join(fixture.root, files.svg), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`);
    await writeFile(path.join(fixture.root, files.tiny), 'console.log(1);\n');
    // A shell page big enough to be compressed whatever head the server writes into it.
    await writeFile(
      path.join(fixture.root, 'shell/dist/index.html'),
      `<!doctype html><html><head><title>Fixture shell</title></head><body><div id="root"></div><noscript>${'This site needs JavaScript. '.repeat(80)}</noscript></body></html>\n`,
    );
    app = await buildApp(fixture.config, stubDatabase());
    app.get('/api/test/big-json', async () => ({ items: Array.from({ length: 200 }, (_, id) => ({ id, label: `item ${id}` })) }));
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  test('hashed shell chunks: brotli, same bytes once decoded, immutable cache kept, Vary set', async () => {
    const res = await get('/big.0123abcd.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
    assert.equal(decode(res), bigText('shell'));
    assert.ok(res.rawPayload.length < bigText('shell').length / 4, `compressed to ${res.rawPayload.length} bytes`);
  });

  test('gzip for clients without brotli; plain bytes for clients without either', async () => {
    const gz = await get('/big.0123abcd.js', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(decode(gz), bigText('shell'));
    const plain = await get('/big.0123abcd.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, bigText('shell'));
    assert.match(String(plain.headers.vary), /accept-encoding/i);
  });

  test('remote entries keep no-cache and CORS; a rebuilt file is recompressed on its next request', async () => {
    const first = await get('/remotes/catalogue/remoteEntry.js', { 'accept-encoding': 'br' });
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(first.headers['cache-control'], 'no-cache');
    assert.equal(first.headers['access-control-allow-origin'], '*');
    assert.equal(decode(first), bigText('catalogue entry'));

    const file = path.join(fixture.root, files.remoteEntry);
    await writeFile(file, bigText('catalogue entry v2'));
    const later = new Date(Date.now() + 5000);
    await utimes(file, later, later);
    const second = await get('/remotes/catalogue/remoteEntry.js', { 'accept-encoding': 'br' });
    assert.equal(decode(second), bigText('catalogue entry v2'));
    assert.notEqual(second.headers.etag, first.headers.etag);
  });

  test('revalidation still answers 304 without a body', async () => {
    const first = await get('/remotes/catalogue/remoteEntry.js', { 'accept-encoding': 'br' });
    const again = await get('/remotes/catalogue/remoteEntry.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });

  test('data JSON and SVG images are compressed; tiny files and range requests are not', async () => {
    const data = await get('/data/big-data.json', { 'accept-encoding': 'br, gzip' });
    assert.equal(data.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(decode(data)).length, 300);
    const svg = await get('/images/big.svg', { 'accept-encoding': 'gzip' });
    assert.equal(svg.headers['content-encoding'], 'gzip');
    assert.match(decode(svg), /^<svg/);
    const tiny = await get('/tiny.89abcdef.js', { 'accept-encoding': 'br' });
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.body, 'console.log(1);\n');
    const range = await get('/big.0123abcd.js', { 'accept-encoding': 'br', range: 'bytes=0-99' });
    assert.equal(range.statusCode, 206);
    assert.equal(range.headers['content-encoding'], undefined);
    assert.equal(range.rawPayload.length, 100);
  });

  test('dynamic answers (API JSON) are compressed on the fly above 1 KB; small ones are not', async () => {
    const big = await get('/api/test/big-json', { 'accept-encoding': 'br' });
    assert.equal(big.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(decode(big)).items.length, 200);
    const small = await get('/remotes.json', { 'accept-encoding': 'br' });
    assert.equal(small.statusCode, 200);
    assert.equal(small.headers['content-encoding'], undefined);
  });

  test("the routes' HTML is compressed (once per ETag) and decodes to the same page", async () => {
    const plain = await get('/home');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    for (const encoding of ['br', 'gzip', 'br']) {
      const res = await get('/home', { 'accept-encoding': encoding });
      assert.equal(res.headers['content-encoding'], encoding);
      assert.equal(res.headers.etag, plain.headers.etag);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.equal(decode(res), plain.body);
    }
    const other = await get('/about', { 'accept-encoding': 'br' });
    assert.equal(decode(other), (await get('/about')).body);
  });

  test('images that are compressed already are sent as they are', async () => {
    const res = await get('/images/logo.png', { 'accept-encoding': 'br' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
  });
});
