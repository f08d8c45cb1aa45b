// The per-process cache of registered builds' server-render modules: only the bytes recorded at registration are
// kept (and so ever run), by their SHA-256; a page waits for a slow fetch a bounded time only.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sha256Hex } from '../../platform/http/buildStore.js';
import { BuildCache, type RegisteredBuild } from './buildCache.js';
import { stopwatch } from '../../test-support/eventually.js';

const MODULE = 'server/render.0123abcd.js';
const SOURCE = 'exports.exposes = {};\n';
const STORED_ID = 'a'.repeat(64);

describe('BuildCache', () => {
  let root: string;
  let warnings: string[];
  let cache: BuildCache;
  const held: ServerResponse[] = [];
  const slow = createServer((_request, response) => void held.push(response));

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'build-cache-'));
    // a build stored at registration (buildStore.ts)
    await mkdir(path.join(root, 'store', 'catalogue', STORED_ID, 'server'), { recursive: true });
    await writeFile(path.join(root, 'store', 'catalogue', STORED_ID, MODULE), SOURCE);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    warnings = [];
    cache = new BuildCache({
      dir: path.join(root, 'cache'),
      buildsDir: path.join(root, 'store'),
      warn: (message) => warnings.push(message),
    });
  });
  after(async () => {
    for (const response of held) response.destroy();
    slow.close();
    await rm(root, { recursive: true, force: true });
  });

  const stored = (renderSha256: string): RegisteredBuild => ({
    entry: `/remotes/catalogue/builds/${STORED_ID}/mf-manifest.json`,
    renderModule: MODULE,
    renderSha256,
  });

  test('the recorded bytes are kept under their SHA-256, with the pointer that names them', async () => {
    const sha = sha256Hex(SOURCE);
    const file = await cache.fileOf(stored(sha));
    assert.equal(file, path.join(root, 'cache', sha, MODULE));
    assert.equal(await readFile(file, 'utf8'), SOURCE);
    assert.deepEqual(JSON.parse(await readFile(path.join(root, 'cache', sha, 'server-render.json'), 'utf8')), {
      module: MODULE,
    });
  });

  test('bytes that are not the ones recorded are refused and never kept', async () => {
    const other = 'b'.repeat(64);
    assert.equal(await cache.fileOf(stored(other)), undefined);
    assert.ok(
      warnings.some((warning) => warning.includes('is not the one registered')),
      warnings.join('\n'),
    );
    assert.ok(!(await readdir(path.join(root, 'cache'))).includes(other));
  });

  test('a page waits for a module that is slow to come at most the time it was given', async () => {
    const { port } = slow.address() as AddressInfo;
    const build: RegisteredBuild = {
      entry: `http://127.0.0.1:${port}/catalogue/mf-manifest.json`,
      renderModule: MODULE,
      renderSha256: 'c'.repeat(64),
    };
    const elapsed = stopwatch();
    assert.equal(await cache.fileWithin(build, 100), undefined);
    assert.ok(elapsed() < 2000, 'it did not wait for the fetch');
  });
});
