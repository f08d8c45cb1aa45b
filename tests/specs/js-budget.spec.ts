import { localizedPath } from '@site/contracts/locale';
import { test, expect } from '../support/fixtures';
import { EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { ARABIC, arabicFor } from '../support/ui-strings';
import { BASKET_JS_ALLOWANCE, HOME_JS_BEFORE_BASKET, HOME_JS_GUARD, visitorDownloads, type Downloads } from '../support/visitor-downloads';

// What /home downloads, guarded: a size, not a timing, so it holds on any machine. The measure is the benchmark's own
// (`npm run bench:size`): every script and manifest the page fetched in Chromium, the chat included, each body gzip -9.
// The guard (support/visitor-downloads.ts) is /home before the quote basket plus a 3 KB allowance for it: a
// change that makes every visitor download more fails here. The ratio to a build without federation is the benchmark's.
test('/home downloads at most 189.5 KB of JS (gzip): federation runtime, remote entries and the chat included', { tag: ['@site', '@shell', '@catalogue', '@company', '@chat'] }, async ({ baseURL }) => {
  test.setTimeout(90_000);
  const home = await visitorDownloads(baseURL!, '/home');
  expect(home.heading).toBe('Electrical Products & Industrial Solutions');
  // The page really was federated: the shell plus the company and chat remotes' entries and chunks.
  expect(home.byKind.get('remote entry / manifest') ?? 0).toBeGreaterThan(0);
  expect(home.byKind.get('remote chunk') ?? 0).toBeGreaterThan(0);
  const basket = home.gzip - HOME_JS_BEFORE_BASKET;
  test.info().annotations.push({
    type: 'result',
    description:
      `/home JS ${(home.gzip / 1024).toFixed(1)} KB gzip in ${home.files} files; ` +
      `${(basket / 1024).toFixed(1)} KB more than before the quote basket (allowed: ${BASKET_JS_ALLOWANCE / 1024} KB)`,
  });
  expect(home.gzip).toBeLessThanOrEqual(HOME_JS_GUARD);
});

// The Arabic edition costs its visitors at most 8 KB gzip more JS than the English one (its messages, the
// direction): the same measure on /ar/home and an Arabic product page beside their English twins. Fonts are not JS:
// each page's web fonts (the Arabic face on Arabic pages) are reported apart.
const ARABIC_JS_EXTRA = 8 * 1024;

test('Arabic pages download at most 8 KB gzip more JS than their English twins (fonts reported apart)', { tag: ['@site', '@shell', '@catalogue', '@company', '@chat'] }, async ({ baseURL }) => {
  test.setTimeout(180_000);
  const chatName = arabicFor('Crescent Assistant');
  for (const english of ['/home', EXAMPLE_PRODUCT_PATH]) {
    const arabic = localizedPath('ar', english);
    const en = await visitorDownloads(baseURL!, english);
    const ar = await visitorDownloads(baseURL!, arabic, { chatName });
    expect(ar.heading, `${arabic} rendered its Arabic heading`).toMatch(ARABIC);
    const extra = ar.gzip - en.gzip;
    const fonts = (d: Downloads) => `${d.fonts.files} font file(s) ${(d.fonts.bytes / 1024).toFixed(1)} KB`;
    test.info().annotations.push({
      type: 'result',
      description:
        `${english} JS ${(en.gzip / 1024).toFixed(1)} KB gzip (${en.files} files), ${fonts(en)}; ` +
        `${arabic} JS ${(ar.gzip / 1024).toFixed(1)} KB gzip (${ar.files} files), ${fonts(ar)}; ` +
        `Arabic extra JS ${(extra / 1024).toFixed(1)} KB` +
        (ar.fonts.urls.length > 0 ? ` (Arabic fonts: ${ar.fonts.urls.map((url) => new URL(url).pathname).join(', ')})` : ''),
    });
    expect.soft(extra, `${arabic} downloads ${(extra / 1024).toFixed(1)} KB gzip more JS than ${english}`).toBeLessThanOrEqual(ARABIC_JS_EXTRA);
  }
});

// The request page's code (the contact remote's ./QuoteRequestPage) loads only where it is used. Its files are
// read from the contact remote's manifest (the chunks of that module no other module of the remote needs): none on
// /home, all of them on /request-quote (so the names looked for are the ones a visitor really downloads).
test("/home does not download the request page's code; /request-quote does", { tag: ['@site', '@shell', '@catalogue', '@company', '@chat'] }, async ({ baseURL }) => {
  test.setTimeout(120_000);
  const manifest = (await (await fetch(`${baseURL}/remotes/contact/mf-manifest.json`)).json()) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const syncFiles = (path: string) => manifest.exposes.find((expose) => expose.path === path)?.assets.js.sync ?? [];
  const others = new Set(manifest.exposes.filter((expose) => expose.path !== './QuoteRequestPage').flatMap((expose) => expose.assets.js.sync));
  const requestPageFiles = syncFiles('./QuoteRequestPage').filter((file) => !others.has(file));
  expect(requestPageFiles, 'the contact remote exposes ./QuoteRequestPage with code of its own').not.toEqual([]);
  const fetched = (downloads: Downloads) => requestPageFiles.filter((file) => downloads.urls.some((url) => new URL(url).pathname.endsWith(`/remotes/contact/${file}`)));

  const home = await visitorDownloads(baseURL!, '/home');
  expect(fetched(home), '/home downloads none of the request page\'s files').toEqual([]);
  const requestPage = await visitorDownloads(baseURL!, '/request-quote');
  expect(requestPage.heading).toBe('Request a Quote');
  expect(fetched(requestPage), '/request-quote downloads them').toEqual(requestPageFiles);
  test.info().annotations.push({ type: 'result', description: `the request page's own code: ${requestPageFiles.join(', ')}` });
});
