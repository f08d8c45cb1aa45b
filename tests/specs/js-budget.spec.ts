import { localizedPath } from '@site/contracts/locale';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { buildFolder, remoteIn, type FileKind } from '../support/site-facts';
import { canaryPin, deployedSite } from '../support/site-mode';
import { EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { ARABIC, arabicFor } from '../support/ui-strings';
import {
  HOME_JS_GUARD,
  visitorDownloads as freshVisitorDownloads,
  type DownloadOptions,
  type Downloads,
} from '../support/visitor-downloads';

// Each measure is a fresh visitor's; with a canary pinned for the run, one on that canary (the build being tested).
const pin = canaryPin(deployedSite());
const visitorDownloads = (site: string, path: string, options: DownloadOptions = {}): Promise<Downloads> =>
  freshVisitorDownloads(site, path, pin === undefined ? options : { ...options, storageState: pin });

// What /home downloads, guarded: a size, not a timing, so it holds on any machine. The measure is the benchmark's own
// (`npm run bench:size`): every script and manifest the page fetched in Chromium, the chat included, each body gzip -9.
// first-view-budgets.spec.ts holds the same page's bytes on the wire with the other pages' bytes and counts.
test('/home downloads at most 188.9 KB of JS (gzip): federation runtime, remote entries and the chat included', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@chat'],
}, async ({ baseURL }) => {
  test.setTimeout(90_000);
  const home = await visitorDownloads(baseURL!, '/home');
  expect(home.heading).toBe('Electrical Products & Industrial Solutions');
  // The page really was federated: the shell plus the company and chat remotes' entries and chunks, each file told
  // apart by the remotes map the page was served with (a canary's folder, a CDN's origin: site-facts.ts fileKind).
  const kb = (kind: FileKind) => ((home.byKind.get(kind) ?? 0) / 1024).toFixed(1);
  expect(home.byKind.get('remote entry / manifest') ?? 0).toBeGreaterThan(0);
  expect(home.byKind.get('remote chunk') ?? 0).toBeGreaterThan(0);
  test.info().annotations.push({
    type: 'result',
    description: `/home JS ${(home.gzip / 1024).toFixed(1)} KB gzip in ${home.files} files (shell ${kb('shell')}, remote entries ${kb('remote entry / manifest')}, remote chunks ${kb('remote chunk')})`,
  });
  expect(home.gzip).toBeLessThanOrEqual(HOME_JS_GUARD);
});

// this file also keeps what is measured between pages and files

// The Arabic edition costs its visitors at most 8 KB gzip more JS than the English one (its messages, the
// direction): the same measure on /ar/home and an Arabic product page beside their English twins. Fonts are not JS:
// each page's web fonts (the Arabic face on Arabic pages) are reported apart.
const ARABIC_JS_EXTRA = 8 * 1024;

test('Arabic pages download at most 8 KB gzip more JS than their English twins (fonts reported apart)', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@chat'],
}, async ({ baseURL }) => {
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
        (ar.fonts.urls.length > 0
          ? ` (Arabic fonts: ${ar.fonts.urls.map((url) => new URL(url).pathname).join(', ')})`
          : ''),
    });
    expect
      .soft(extra, `${arabic} downloads ${(extra / 1024).toFixed(1)} KB gzip more JS than ${english}`)
      .toBeLessThanOrEqual(ARABIC_JS_EXTRA);
  }
});

// The request page's code (the contact remote's ./QuoteRequestPage) loads only where it is used. Its files are
// read from the manifest of the contact build the visitor was served (the page's remotes map: the site's own folder,
// a canary's or a CDN's), the chunks of that module no other module of the remote needs: none on /home, all of them on
// /request-quote (so the names looked for are the ones a visitor really downloads).
async function requestPageFiles(request: APIRequestContext, site: string, downloads: Downloads): Promise<string[]> {
  const manifestUrl = new URL(remoteIn(downloads.remotesMap, 'contact').entry, site).href;
  const response = await request.get(manifestUrl);
  if (!response.ok()) throw new Error(`${manifestUrl} answered ${response.status()}`);
  const manifest = (await response.json()) as { exposes: { path: string; assets: { js: { sync: string[] } } }[] };
  const others = new Set(
    manifest.exposes
      .filter((expose) => expose.path !== './QuoteRequestPage')
      .flatMap((expose) => expose.assets.js.sync),
  );
  const own = manifest.exposes.find((expose) => expose.path === './QuoteRequestPage')?.assets.js.sync ?? [];
  return own.filter((file) => !others.has(file)).map((file) => new URL(file, new URL(buildFolder(manifestUrl))).href);
}

test("/home does not download the request page's code; /request-quote does", {
  tag: ['@site', '@shell', '@catalogue', '@company', '@chat'],
}, async ({ baseURL, request }) => {
  test.setTimeout(120_000);
  const withoutQuery = (url: string) => `${new URL(url).origin}${new URL(url).pathname}`;
  const fetched = (downloads: Downloads, files: string[]) =>
    files.filter((file) => downloads.urls.some((url) => withoutQuery(url) === file));

  const home = await visitorDownloads(baseURL!, '/home');
  const homeFiles = await requestPageFiles(request, baseURL!, home);
  expect(homeFiles, 'the contact remote exposes ./QuoteRequestPage with code of its own').not.toEqual([]);
  expect(fetched(home, homeFiles), "/home downloads none of the request page's files").toEqual([]);
  const requestPage = await visitorDownloads(baseURL!, '/request-quote');
  expect(requestPage.heading).toBe('Request a Quote');
  const files = await requestPageFiles(request, baseURL!, requestPage);
  expect(fetched(requestPage, files), '/request-quote downloads them').toEqual(files);
  test.info().annotations.push({
    type: 'result',
    description: `the request page's own code: ${files.map((file) => new URL(file).pathname).join(', ')}`,
  });
});
