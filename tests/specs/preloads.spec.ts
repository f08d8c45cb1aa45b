// The server's preload hints (server/src/pages/remoteHints.ts, shellResponder.ts): the page's remote files and the data it starts
// by fetching download with the shell's own scripts. A hint the page does not use is a wasted download and a console
// warning; a hint that does not match the page's own request makes the browser fetch the file twice.
import type { APIRequestContext, Response } from '@playwright/test';
import { escapeRegExp } from '@site/server/test-support';
import { test, expect } from '../support/fixtures';
import { buildFolder, pageRemotesMap, remoteIn, sitePath } from '../support/site-facts';
import { preloadedFiles } from '../support/page-checks';
import { EXAMPLE_CATEGORY_PATH, EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';

/** Arabic pages that could ask for the Arabic web font. */
const ARABIC_PAGES = ['/ar/home', `/ar${EXAMPLE_PRODUCT_PATH}`];

/**
 * Where the page at `path` loads `remote`'s build from, for this browser (a pinned canary's own folder, the stable
 * build's, a CDN's), read from the remotes map the page is served with: a file of that build is `folder + name`, as
 * `sitePath` writes it.
 */
async function remoteFolder(
  request: APIRequestContext,
  path: string,
  remote: 'catalogue' | 'company',
  site: string,
): Promise<string> {
  return sitePath(buildFolder(new URL(remoteIn(await pageRemotesMap(request, path), remote).entry, site).href), site);
}

// That every preload of a page is used once and none is fetched twice: every route in specs/every-page.spec.ts, every
// Arabic one in arabic-pages.spec.ts (each in its one visit of the page).

// The Arabic web font is not preloaded for a visitor without its cookie (shell/src/frame/ArabicFont.tsx): a first visit
// draws in the system's Arabic face and asks for no font while it loads; only a page marked for the font (the browser
// holds it) preloads it, from the cache (arabic-font.spec.ts).
test('no page preloads a font, the Arabic ones included', { tag: ['@site', '@shell', '@catalogue'] }, async ({
  request,
}) => {
  for (const path of [...ARABIC_PAGES, '/home']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<link[^>]*rel="?preload"?[^>]*as="?font/);
    expect(
      preloadedFiles(html).filter((file) => /\.woff2?$/.test(file)),
      path,
    ).toEqual([]);
  }
});

test("the shell's and the page remote's catalogs are preloaded in the page's language only", {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ request, baseURL }) => {
  const site = baseURL!;
  const catalogs = async (path: string) =>
    preloadedFiles(await (await request.get(path)).text())
      .filter((file) => /messages[-_]/.test(file))
      .map((file) => sitePath(file, site).replace(/\.[0-9a-f]{8}\.js$/, ''));
  const arabicListing = `/ar${EXAMPLE_CATEGORY_PATH}`;
  expect(await catalogs('/home')).toEqual([
    `${await remoteFolder(request, '/home', 'company', site)}__federation_expose_messages_en`,
    '/messages-en',
  ]);
  // a listing shows quantities (Add to quote): the catalogue's catalog with shared-ui's quantity words, in Arabic only
  expect(await catalogs(arabicListing)).toEqual([
    `${await remoteFolder(request, arabicListing, 'catalogue', site)}__federation_expose_messages_ar_with_quantities`,
    '/messages-ar',
  ]);
});

test("the data a page fetches as it starts is preloaded; the site's data files a server-drawn page brings in its state are not", {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ request, baseURL }) => {
  const site = baseURL!;
  const preloadsOf = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map(
      (match) => sitePath(match[1]!, site),
    );
  // the page's remote's manifest: the one its remotes map names for this browser
  const manifestOf = async (path: string, remote: 'catalogue' | 'company') =>
    `${await remoteFolder(request, path, remote, site)}mf-manifest.json`;
  expect(await preloadsOf(EXAMPLE_PRODUCT_PATH)).toEqual([
    await manifestOf(EXAMPLE_PRODUCT_PATH, 'catalogue'),
    `/api/products/${encodeURIComponent(EXAMPLE_PRODUCT.productId)}/reviews`,
  ]);
  expect(await preloadsOf(EXAMPLE_CATEGORY_PATH)).toEqual([
    await manifestOf(EXAMPLE_CATEGORY_PATH, 'catalogue'),
    '/api/products/ratings',
  ]);
  expect(await preloadsOf('/management')).toEqual([await manifestOf('/management', 'company')]);
});

// The product's picture is the page's largest element: a page the server drew asks for it from its own <img> and the
// preload React writes into its head, both at high priority and read by the parser's look-ahead at once. The server's
// own hints arrive with the scripts, after the first paint: one for the picture there would only come too late.
test('a server-drawn product page asks for its picture once, at high priority, before its first paint', {
  tag: ['@site', '@catalogue'],
}, async ({ request }) => {
  const html = await (await request.get(EXAMPLE_PRODUCT_PATH)).text();
  const picture = /<img src="([^"]+)" alt="[^"]*" width="480" height="360" fetchPriority="high"/.exec(html)?.[1];
  expect(picture, "the summary's picture, eager at high priority").toMatch(/^\/images\/products\//);
  const hints = [...html.matchAll(/<link\b[^>]*rel="?preload"?[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(picture!));
  expect(hints).toEqual([`<link rel="preload" as="image" href="${picture}" fetchPriority="high"/>`]);
  // ... and that one in the head, before the page's first element
  expect(html.indexOf(hints[0]!)).toBeLessThan(html.indexOf('</head>'));
});

// tools/webpack/compile-hints.cjs: the scripts a page runs as it starts are compiled off the main thread (V8 compiles
// a file marked so while it streams in); without the mark, compiling them blocked the page for ~100 ms at 4x CPU.
test('every script a product page runs carries the compile hint on its first line', {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ page, baseURL }) => {
  const site = baseURL!;
  // read with the browser's own cookies, so that the page is then drawn for the same visitor, from the same build
  const catalogue = await remoteFolder(page.request, EXAMPLE_PRODUCT_PATH, 'catalogue', site);
  const scripts: Promise<{ url: string; firstLine: string }>[] = [];
  const readScript = (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.push(
        response.text().then((body) => ({ url: sitePath(response.url(), site), firstLine: body.split('\n', 1)[0]! })),
      );
    }
  };
  page.on('response', readScript);
  await page.goto(EXAMPLE_PRODUCT_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  // No reading starts after this: one still running when the test ends would fail it ('Test ended').
  page.off('response', readScript);
  const loaded = await Promise.all(scripts);
  // The shell, the catalogue's entry and page module, the chat after the load event (its own remote).
  // (the catalogue's files from the build this browser's remotes map names: a pinned canary's has a folder of its own)
  expect(loaded.map((script) => script.url)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/main\./),
      `${catalogue}remoteEntry.js`,
      expect.stringMatching(new RegExp(`^${escapeRegExp(catalogue)}__federation_expose_ProductDetailsPage`)),
    ]),
  );
  const ours = loaded.filter((script) => !script.url.startsWith('/ssr/'));
  expect(
    ours.filter((script) => script.firstLine !== '//# allFunctionsCalledOnLoad').map((script) => script.url),
  ).toEqual([]);
});
