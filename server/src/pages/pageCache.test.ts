// The rendered-page cache is bounded by evicting the least recently used page: a run of rare addresses pushes out
// other rare ones, never the pages visitors keep asking for (it used to drop everything when full).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { PageCache, pageKey, type PageKey } from './pageCache.js';
import type { RenderedPage } from './shellResponder.js';

const key = (path: string, extra: Partial<PageKey> = {}): PageKey => ({
  shell: '1:100',
  origin: 'http://localhost:8080',
  path,
  visitor: '',
  hints: '',
  view: '',
  ...extra,
});

describe('PageCache', () => {
  test('full, it evicts the least recently used entry and keeps the one just read', () => {
    const cache = new PageCache<{ html: string }>(3);
    cache.set(key('/home'), { html: 'home' });
    cache.set(key('/about'), { html: 'about' });
    cache.set(key('/certificates'), { html: 'certificates' });
    assert.equal(cache.get(key('/home'))?.html, 'home'); // /home is now the most recent
    cache.set(key('/management'), { html: 'management' });
    assert.equal(cache.size, 3);
    assert.equal(cache.get(key('/about')), undefined, 'the least recently used went');
    assert.equal(cache.get(key('/home'))?.html, 'home');
    assert.equal(cache.get(key('/certificates'))?.html, 'certificates');
  });

  test('every part of the key tells pages apart', () => {
    const base = key('/home');
    const variants: PageKey[] = [
      { ...base, shell: '2:100' },
      { ...base, origin: 'https://www.example.com' },
      { ...base, path: '/about' },
      { ...base, visitor: 'catalogue' },
      { ...base, hints: 'v2' },
      { ...base, view: 'r2' },
      { ...base, remotes: '2' },
      { ...base, arabicFont: true },
    ];
    assert.equal(new Set([base, ...variants].map(pageKey)).size, variants.length + 1);
  });
});

/** Counts the pages rendered (each render stores a new entry). */
class CountingCache extends PageCache<Promise<RenderedPage>> {
  readonly stored: string[] = [];
  override set(k: PageKey, value: Promise<RenderedPage>): void {
    this.stored.push(k.path);
    super.set(k, value);
  }
}

describe('the page cache in front of the pages: hot pages survive a stream of other addresses', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  const cache = new CountingCache(3);

  before(async () => {
    fixture = await createFixture();
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files', pageCache: cache });
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  test('/home asked between each of eight other pages is rendered once; the cache never holds more than 3', async () => {
    const others = [
      '/about',
      '/certificates',
      '/management',
      '/our-projects',
      '/career-opportunities',
      '/contact-us',
      '/our-products',
      '/our-products/cables',
    ];
    const home = await app.inject({ method: 'GET', url: '/home' });
    assert.equal(home.statusCode, 200);
    for (const url of others) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200, url);
      const again = await app.inject({ method: 'GET', url: '/home' });
      assert.equal(again.body, home.body);
      assert.ok(cache.size <= 3);
    }
    assert.equal(cache.stored.filter((path) => path === '/home').length, 1, `renders: ${cache.stored.join(' ')}`);
    assert.equal(cache.stored.length, 1 + others.length);
  });
});
