import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { preferredEncoding } from './compression.js';

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

describe('compression of what the server makes', () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  before(async () => {
    fixture = await createFixture();
    // A shell page big enough to be compressed whatever head the server writes into it.
    await writeFile(
      path.join(fixture.root, 'shell/dist/index.html'),
      `<!doctype html><html><head><title>Fixture shell</title></head><body><div id="root"></div><noscript>${'This site needs JavaScript. '.repeat(80)}</noscript></body></html>\n`,
    );
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    app.get('/api/test/big-json', async () => ({
      items: Array.from({ length: 200 }, (_, id) => ({ id, label: `item ${id}` })),
    }));
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  test('dynamic answers (API JSON) are compressed on the fly above 1 KB; small ones are not', async () => {
    const big = await get('/api/test/big-json', { 'accept-encoding': 'br' });
    assert.equal(big.headers['content-encoding'], 'br');
    assert.equal((JSON.parse(decode(big)) as { items: unknown[] }).items.length, 200);
    const gz = await get('/api/test/big-json', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal((JSON.parse(decode(gz)) as { items: unknown[] }).items.length, 200);
    const plain = await get('/api/test/big-json');
    assert.equal(plain.headers['content-encoding'], undefined);
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
      assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
      assert.equal(decode(res), plain.body);
    }
    const other = await get('/about', { 'accept-encoding': 'br' });
    assert.equal(decode(other), (await get('/about')).body);
  });

  test("a page's ETag answers 304 (also in a list or weak), with no body", async () => {
    const page = await get('/home', { 'accept-encoding': 'br' });
    const etag = String(page.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/home', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      assert.equal(again.statusCode, 304, ifNoneMatch);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers.etag, etag);
    }
    assert.equal((await get('/home', { 'if-none-match': '"other"' })).statusCode, 200);
  });
});
