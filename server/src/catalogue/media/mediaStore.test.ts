// The disk store on its own: only names the server makes are keys (no path of a request reaches the disk), a file is
// moved in whole, and the temp files of uploads that never finished are swept, never one another process still writes.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DiskMediaStore, isMediaKey, STALE_UPLOAD_MS } from './mediaStore.js';

const HASH = 'ab'.repeat(32);

test('keys: a product id and a name the server makes; anything else is none', () => {
  for (const name of [`${HASH}.pdf`, `${HASH}-320.avif`, `${HASH}-1280.webp`])
    assert.ok(isMediaKey({ productId: 'hex_cw_brass_cable_gland', name }), name);
  for (const [productId, name] of [
    ['..', `${HASH}.pdf`],
    ['a/b', `${HASH}.pdf`],
    ['.uploading', `${HASH}.pdf`],
    ['p', '../../etc/passwd'],
    ['p', `${HASH}.pdf\u0000.html`],
    ['p', `${HASH}.svg`],
    ['p', `${HASH.toUpperCase()}.pdf`],
    ['p', `${HASH}-320.png`],
    ['', `${HASH}.pdf`],
  ]) {
    assert.equal(isMediaKey({ productId: productId!, name: name! }), false, `${productId} ${name}`);
  }
});

test('put moves a temp file in; open and has read it; a key that is none is refused', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'media-store-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const store = new DiskMediaStore(root);
  const temp = await store.tempFile();
  await writeFile(temp, '%PDF-1.4 test');
  await store.put({ productId: 'p1', name: `${HASH}.pdf` }, temp);
  assert.deepEqual(await readdir(path.join(root, '.uploading')), [], 'moved, not copied');
  assert.equal(await readFile(path.join(root, 'p1', `${HASH}.pdf`), 'utf8'), '%PDF-1.4 test');
  assert.equal(await store.has({ productId: 'p1', name: `${HASH}.pdf` }), true);
  assert.equal(await store.has({ productId: 'p2', name: `${HASH}.pdf` }), false);
  const opened = await store.open({ productId: 'p1', name: `${HASH}.pdf` });
  assert.equal(opened?.bytes, 13);
  opened?.stream.destroy();
  assert.equal(await store.open({ productId: '..', name: 'p1' }), undefined);
  await assert.rejects(store.put({ productId: '../..', name: 'passwd' }, temp), /not a media key/);
});

test('sweepTemp removes temp files older than an hour, and leaves younger ones', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'media-store-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const store = new DiskMediaStore(root);
  assert.equal(await store.sweepTemp(), 0, 'no folder yet');
  const old = await store.tempFile();
  const fresh = await store.tempFile();
  await writeFile(old, 'x');
  await writeFile(fresh, 'y');
  const longAgo = new Date(Date.now() - STALE_UPLOAD_MS - 60_000);
  await utimes(old, longAgo, longAgo);
  assert.equal(await store.sweepTemp(), 1);
  assert.deepEqual(await readdir(path.join(root, '.uploading')), [path.basename(fresh)]);
});
