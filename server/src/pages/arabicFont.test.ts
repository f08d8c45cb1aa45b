// Arabic pages are marked for the web font (<html data-arabic-font>) only for a visitor whose cookie holds the exact
// fingerprint of the served build's font files; the page cache, the ETag and shared caches keep the two apart, and
// English pages are the same for everyone.
import assert from 'node:assert/strict';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ARABIC_FONT_COOKIE, arabicFontFingerprint } from '@site/contracts/arabic-font';
import { ARABIC_FONT_MANIFEST } from '@site/contracts/build-file-names';
import { buildApp } from '../app.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { arabicFontOf, usesArabicFont, withArabicFontMark } from './arabicFont.js';
import { PageCache, type PageKey } from './pageCache.js';
import type { RenderedPage } from './shellResponder.js';

const FILES = ['/assets/noto-sans-arabic-400.0a1b2c3d.woff2', '/assets/noto-sans-arabic-700.4e5f6a7b.woff2'];
const NEXT_FILES = ['/assets/noto-sans-arabic-400.99aa88bb.woff2', '/assets/noto-sans-arabic-700.4e5f6a7b.woff2'];
const FINGERPRINT = arabicFontFingerprint(FILES);
const manifest = (files: unknown) => JSON.stringify({ files });

const htmlTag = (html: string): string => /<html\b[^>]*>/.exec(html)?.[0] ?? '';
/** The head's font preloads. */
const fontPreloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => m[0]);
const FONT_PRELOADS = FILES.map(
  (file) => `<link rel="preload" href="${file}" as="font" type="font/woff2" crossorigin>`,
);
const varies = (headers: LightMyRequestResponse['headers']) =>
  String(headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .includes('cookie');

describe('the font files fingerprint and the cookie', () => {
  test("the build's list gives the fingerprint of its files (the same the browser computes from their addresses)", () => {
    assert.deepEqual(arabicFontOf(manifest(FILES)), { files: FILES, fingerprint: FINGERPRINT });
    assert.match(FINGERPRINT, /^[0-9a-z]{1,7}$/);
    // file names only: the same files under another public path
    assert.equal(arabicFontFingerprint(FILES.map((file) => `https://cdn.example${file}`)), FINGERPRINT);
    // another build of one file: another fingerprint
    assert.notEqual(arabicFontFingerprint(NEXT_FILES), FINGERPRINT);
    for (const bad of [
      '',
      'not json',
      'null',
      '[]',
      '{}',
      manifest([]),
      manifest('x.woff2'),
      manifest([42]),
      manifest(['/a.ttf']),
      manifest(['/a"><x.woff2']),
    ]) {
      assert.equal(arabicFontOf(bad), undefined, bad);
    }
  });

  test('only an Arabic page with the exact current fingerprint is marked', () => {
    const cookie = (value: string) => ({ cookie: `a=1; ${ARABIC_FONT_COOKIE}=${value}; b=2` });
    assert.equal(usesArabicFont(cookie(FINGERPRINT), 'ar', FINGERPRINT), true);
    assert.equal(usesArabicFont(cookie(FINGERPRINT), 'en', FINGERPRINT), false);
    assert.equal(usesArabicFont(cookie(FINGERPRINT), 'ar', undefined), false, 'a build without the list marks nothing');
    for (const value of [
      '',
      '1',
      'x',
      `${FINGERPRINT}x`,
      `x${FINGERPRINT}`,
      FINGERPRINT.toUpperCase(),
      arabicFontFingerprint(NEXT_FILES),
    ]) {
      assert.equal(usesArabicFont(cookie(value), 'ar', FINGERPRINT), false, value);
    }
    assert.equal(usesArabicFont({}, 'ar', FINGERPRINT), false);
    assert.equal(usesArabicFont({ cookie: `other_${ARABIC_FONT_COOKIE}=${FINGERPRINT}` }, 'ar', FINGERPRINT), false);
  });

  test('the mark goes on the <html> element, wherever the template has it', () => {
    assert.deepEqual(
      withArabicFontMark({ before: '<!doctype html><html lang="ar" dir="rtl"><head>', after: '</head></html>' }),
      {
        before: '<!doctype html><html data-arabic-font lang="ar" dir="rtl"><head>',
        after: '</head></html>',
      },
    );
    assert.deepEqual(withArabicFontMark({ before: '', after: '<HTML lang=ar><body></body></HTML>' }), {
      before: '',
      after: '<HTML data-arabic-font lang=ar><body></body></HTML>',
    });
  });
});

/** Counts the pages rendered, by the key's path and mark. */
class CountingCache extends PageCache<Promise<RenderedPage>> {
  readonly stored: string[] = [];
  override set(key: PageKey, value: Promise<RenderedPage>): void {
    this.stored.push(`${key.path}${key.arabicFont === true ? ' marked' : ''}`);
    super.set(key, value);
  }
}

describe('pages marked for the Arabic web font (the whole app)', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  const cache = new CountingCache();

  before(async () => {
    fixture = await createFixture();
    await writeFile(path.join(fixture.root, 'shell/dist', ARABIC_FONT_MANIFEST), manifest(FILES));
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files', pageCache: cache });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: cookie === undefined ? headers : { ...headers, cookie } });
  const withFont = `${ARABIC_FONT_COOKIE}=${FINGERPRINT}`;

  test('an Arabic page has the mark and the font preloads with the exact cookie only; the cache never hands one to the other', async () => {
    for (const url of ['/ar/home', '/ar/about', '/ar/no-such-page']) {
      // the marked one first, then the plain one, then the marked one again: each from its own cache entry
      const marked = await get(url, withFont);
      const plain = await get(url);
      const again = await get(url, `x=1; ${withFont}`);
      assert.equal(htmlTag(marked.body), '<html data-arabic-font lang="ar" dir="rtl">', url);
      assert.equal(htmlTag(plain.body), '<html lang="ar" dir="rtl">', url);
      assert.equal(again.body, marked.body, url);
      assert.equal(marked.statusCode, plain.statusCode, url);
      assert.notEqual(marked.headers.etag, plain.headers.etag, `${url}: each its own ETag`);
      // a marked page asks for the files (in the visitor's cache) with the HTML, in its head
      assert.deepEqual(fontPreloads(marked.body), FONT_PRELOADS, url);
      assert.ok(marked.body.indexOf(FONT_PRELOADS[0]!) < marked.body.indexOf('</head>'), url);
      assert.deepEqual(fontPreloads(plain.body), [], url);
      assert.equal(
        marked.body.replace(' data-arabic-font', '').replace(FONT_PRELOADS.join(''), ''),
        plain.body,
        `${url}: nothing else differs`,
      );
      for (const res of [marked, plain]) assert.ok(varies(res.headers), `${url} is sent with Vary: Cookie`);
    }
    // the other way round: plain first
    const plain = await get('/ar/certificates');
    assert.doesNotMatch(htmlTag((await get('/ar/certificates', withFont)).body), /^<html lang/);
    assert.equal((await get('/ar/certificates')).body, plain.body);
  });

  test('any other value of the cookie gives the plain page and makes no page of its own', async () => {
    await get('/ar/management');
    const rendered = cache.stored.length;
    for (const value of ['1', 'true', `${FINGERPRINT}0`, arabicFontFingerprint(NEXT_FILES), 'a'.repeat(200)]) {
      const res = await get('/ar/management', `${ARABIC_FONT_COOKIE}=${value}`);
      assert.equal(htmlTag(res.body), '<html lang="ar" dir="rtl">', value);
      assert.deepEqual(fontPreloads(res.body), [], value);
    }
    assert.equal(cache.stored.length, rendered, `no new page rendered: ${cache.stored.slice(rendered).join(', ')}`);
  });

  test('a browser that revalidates the plain page with the cookie set gets the marked one', async () => {
    const plain = await get('/ar/our-projects');
    assert.equal(
      (await get('/ar/our-projects', undefined, { 'if-none-match': String(plain.headers.etag) })).statusCode,
      304,
    );
    const revalidated = await get('/ar/our-projects', withFont, { 'if-none-match': String(plain.headers.etag) });
    assert.equal(revalidated.statusCode, 200);
    assert.match(htmlTag(revalidated.body), /data-arabic-font/);
  });

  test('English pages are the same page for everyone, from one cache entry, without Vary: Cookie', async () => {
    for (const url of ['/home', '/about', '/no-such-page']) {
      const before = cache.stored.length;
      const plain = await get(url);
      const withCookie = await get(url, withFont);
      assert.equal(withCookie.body, plain.body, url);
      assert.equal(withCookie.headers.etag, plain.headers.etag, url);
      assert.doesNotMatch(htmlTag(plain.body), /data-arabic-font/, url);
      assert.deepEqual(fontPreloads(plain.body), [], url);
      assert.equal(varies(plain.headers), false, `${url}: no Vary: Cookie`);
      assert.equal(cache.stored.length, before + 1, `${url}: one entry`);
    }
  });

  test('a new build of the font: the older cookie is ignored; the new fingerprint marks the page', async () => {
    await writeFile(path.join(fixture.root, 'shell/dist', ARABIC_FONT_MANIFEST), manifest(NEXT_FILES));
    // the list is read with the shell's index.html: a new build of the shell
    const indexPath = path.join(fixture.root, 'shell/dist/index.html');
    await writeFile(
      indexPath,
      '<!doctype html><html><head><title>Next</title></head><body><div id="root"></div></body></html>\n',
    );
    const later = new Date(Date.now() + 10_000);
    await utimes(indexPath, later, later);
    assert.equal(htmlTag((await get('/ar/home', withFont)).body), '<html lang="ar" dir="rtl">');
    const next = `${ARABIC_FONT_COOKIE}=${arabicFontFingerprint(NEXT_FILES)}`;
    const marked = (await get('/ar/home', next)).body;
    assert.equal(htmlTag(marked), '<html data-arabic-font lang="ar" dir="rtl">');
    assert.match(fontPreloads(marked)[0] ?? '', /noto-sans-arabic-400\.99aa88bb\.woff2/);
  });
});

describe('a shell build without the font list', () => {
  test('no page is marked, whatever the cookie, and none varies by it', async () => {
    const fixture = await createFixture();
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/ar/home',
        headers: { cookie: `${ARABIC_FONT_COOKIE}=${FINGERPRINT}` },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(htmlTag(res.body), '<html lang="ar" dir="rtl">');
      assert.equal(varies(res.headers), false);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});
