// Canary release of one remote: a second build of the catalogue, with a different visible text, is put in front of a
// share of visitors by configuration alone (REMOTE_CATALOGUE_CANARY_DIR + REMOTE_CATALOGUE_CANARY_PERCENT), on servers
// at 0, 50 and 100 %. Each visitor is assigned once (the site_cohort cookie) and stays on that build across pages and
// reloads; the server draws the page with the build the browser then hydrates; a canary that does not load in the
// browser falls back to the stable build for that visitor. One canary build and one copy of the built site serve every
// test (the real dist folders, which other runs use, are only read).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from '@playwright/test';
import { inlineRemotesMap } from '@site/server/test-support';
import { test, expect, waitUntilStarted, localOnly } from '../support/fixtures';
import { buildRemote, copyBuiltSite, copyRemoteSources, editSource } from '../support/release';
import { startSite, type RunningSite } from '../support/site-server';

localOnly('builds a second catalogue and starts its own servers with it as the canary');

const REMOTE = 'mfe-catalogue';
const LISTING = '/our-products/industrial_cable_glands';

/** The canary's visible differences: the category list's heading and the listing's result count. */
const STABLE_HEADING = 'Our Products';
const CANARY_HEADING = 'Our Products: canary build';
const CANARY_RESULTS = / results? from the canary build$/;
/** The remote's English messages (its texts live in its catalog: src/i18n/en.json). */
const EDITS = [
  {
    file: path.join('src', 'i18n', 'en.json'),
    from: `"catalogue.categories.heading": "${STABLE_HEADING}"`,
    to: `"catalogue.categories.heading": "${CANARY_HEADING}"`,
  },
  {
    file: path.join('src', 'i18n', 'en.json'),
    from: '"catalogue.listing.count": "{count, plural, one {Showing {count} result} other {Showing {count} results}}"',
    to: '"catalogue.listing.count": "{count, plural, one {Showing {count} result from the canary build} other {Showing {count} results from the canary build}}"',
  },
];

type Build = 'stable' | 'canary';
type Percent = 0 | 50 | 100;

// One worker runs this file's tests in order: the build and the servers are made once for all of them.
test.describe.configure({ mode: 'default' });

let work: string | undefined;
let appDir: string | undefined;
const sites = new Map<Percent, RunningSite>();
const site = (percent: Percent): RunningSite => {
  const running = sites.get(percent);
  if (running === undefined) throw new Error(`no site at ${percent} %`);
  return running;
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = mkdtempSync(path.join(tmpdir(), 'site-canary-'));
  const siteRoot = path.join(work, 'site');
  const canaryDir = path.join(work, 'canary', REMOTE);
  // the catalogue's sources with the two texts changed, built as its team would (same folder depth as the real one)
  appDir = copyRemoteSources(REMOTE);
  for (const { file, from, to } of EDITS) editSource(path.join(appDir, file), from, to);
  copyBuiltSite(siteRoot);
  // The servers start while the canary builds (no page is asked for before it is done; each server reads the canary's
  // manifest on the first page after that, as after a release): a shorter suite.
  mkdirSync(canaryDir, { recursive: true });
  const starting = ([0, 50, 100] as const).map(async (percent) => {
    const running = await startSite({
      REPO_ROOT: siteRoot,
      REMOTE_CATALOGUE_CANARY_DIR: canaryDir,
      REMOTE_CATALOGUE_CANARY_PERCENT: String(percent),
    });
    sites.set(percent, running); // stopped in afterAll, even when another one failed to start
  });
  const [build, ...started] = await Promise.allSettled([buildRemote(appDir, canaryDir), ...starting]);
  for (const result of [build, ...started]) if (result?.status === 'rejected') throw result.reason;
});

test.afterAll(async () => {
  await Promise.all([...sites.values()].map((running) => running.stop()));
  sites.clear();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
  if (appDir !== undefined) rmSync(appDir, { recursive: true, force: true });
});

/** A page in `context` that records console errors, and a load that waits until the shell has taken the page over. */
async function openPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  return { page, problems };
}

async function load(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await waitUntilStarted(page);
}

/** Which catalogue build the category list page on screen comes from (waits until one of the two headings shows). */
async function categoryListBuild(page: Page): Promise<Build> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(new RegExp(`^(${STABLE_HEADING}|${CANARY_HEADING})$`), { timeout: 20_000 });
  return (await heading.textContent()) === CANARY_HEADING ? 'canary' : 'stable';
}

/** Which build the listing on screen comes from (its "Showing N results" line). */
async function listingBuild(page: Page): Promise<Build> {
  const line = page.getByText(/^Showing \d+ results?/);
  await expect(line).toBeVisible({ timeout: 20_000 });
  return CANARY_RESULTS.test((await line.textContent()) ?? '') ? 'canary' : 'stable';
}

const cohortCookie = (cookies: Cookie[]) => cookies.find((cookie) => cookie.name === 'site_cohort');
const expectedBuild = (cohort: number, percent: Percent): Build => (cohort < percent ? 'canary' : 'stable');

async function contextWithCohort(browser: Browser, percent: Percent, cohort?: number): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (cohort !== undefined)
    await context.addCookies([{ name: 'site_cohort', value: String(cohort), url: site(percent).url }]);
  return context;
}

type RemotesMap = { remotes: { name: string; entry: string; fallback?: string }[] };
const catalogueEntry = (map: RemotesMap) => map.remotes.find((remote) => remote.name === 'catalogue');
const inlineMap = (html: string): RemotesMap => inlineRemotesMap(html) as RemotesMap;

test('at 0 %: every new visitor gets the stable catalogue, and no cohort is given out', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser }) => {
  for (let visitor = 0; visitor < 2; visitor += 1) {
    const context = await browser.newContext();
    const { page, problems } = await openPage(context);
    await load(page, `${site(0).url}/our-products`);
    expect(await categoryListBuild(page)).toBe('stable');
    await expect(page.getByText(CANARY_HEADING)).toHaveCount(0);
    expect(cohortCookie(await context.cookies()), 'no cohort cookie while no canary is live').toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  }
  // a cohort given out earlier changes nothing at 0 % (this is the rollback), and the answers stay shared-cacheable
  const response = await fetch(`${site(0).url}/remotes.json`, { headers: { cookie: 'site_cohort=0' } });
  expect(catalogueEntry((await response.json()) as RemotesMap)).toEqual({
    name: 'catalogue',
    entry: '/remotes/catalogue/mf-manifest.json',
  });
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('set-cookie')).toBeNull();
});

test('at 100 %: every new visitor gets the canary, with a cohort cookie', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser }) => {
  for (let visitor = 0; visitor < 2; visitor += 1) {
    const context = await browser.newContext();
    const { page, problems } = await openPage(context);
    await load(page, `${site(100).url}/our-products`);
    expect(await categoryListBuild(page)).toBe('canary');
    const cookie = cohortCookie(await context.cookies());
    expect(cookie?.value).toMatch(/^\d{1,2}$/);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(problems).toEqual([]);
    await context.close();
  }
});

test('at 50 %: new visitors split between both builds by their cohort', {
  tag: ['@local', '@catalogue', '@shell'],
}, async () => {
  // many new visitors over HTTP: each gets a cohort, and the page drawn for it by the build that cohort gives
  const seen = new Set<Build>();
  for (let visitor = 0; visitor < 40; visitor += 1) {
    const response = await fetch(`${site(50).url}/our-products`);
    const cohort = Number(/^site_cohort=(\d+);/.exec(response.headers.get('set-cookie') ?? '')?.[1]);
    expect(cohort).toBeGreaterThanOrEqual(0);
    expect(cohort).toBeLessThan(100);
    const html = await response.text();
    const build: Build = html.includes(CANARY_HEADING) ? 'canary' : 'stable';
    expect(build, `cohort ${cohort}`).toBe(expectedBuild(cohort, 50));
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary') ?? '').toMatch(/cookie/i);
    seen.add(build);
  }
  expect([...seen].sort()).toEqual(['canary', 'stable']);
});

test('at 50 %: fresh browsers too, each on the build its cohort gives, until both builds have been seen', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser }) => {
  test.slow(); // a new browser context and a whole page start for each visitor, as many as chance takes (three on average)
  // one in 2^20 would see one build only
  const inBrowsers = new Set<Build>();
  for (let visitor = 0; visitor < 20 && inBrowsers.size < 2; visitor += 1) {
    const context = await browser.newContext();
    const { page } = await openPage(context);
    await load(page, `${site(50).url}/our-products`);
    const build = await categoryListBuild(page);
    const cohort = Number(cohortCookie(await context.cookies())?.value);
    expect(build, `cohort ${cohort}`).toBe(expectedBuild(cohort, 50));
    inBrowsers.add(build);
    await context.close();
  }
  expect([...inBrowsers].sort()).toEqual(['canary', 'stable']);
  // deterministically by cohort (10 on the canary, 90 on stable, the cookie kept): the server-drawn page tests below
});

test('a visitor stays on one build: home → Products → a listing in the browser, then reload, then a new load', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser }) => {
  test.slow(); // a journey by nature: two visitors, each through three page loads and two moves inside the site
  // a visitor assigned by the server (whichever cohort it draws), then one on the other build
  let firstBuild: Build | undefined;
  for (let visitor = 0; visitor < 2; visitor += 1) {
    const preset = firstBuild === undefined ? undefined : firstBuild === 'canary' ? 90 : 10;
    const context = await contextWithCohort(browser, 50, preset);
    const { page, problems } = await openPage(context);
    await load(page, `${site(50).url}/home`);
    const cohort = Number(cohortCookie(await context.cookies())?.value);
    const build = expectedBuild(cohort, 50);
    firstBuild ??= build;
    const label = `cohort ${cohort} (${build})`;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/our-products$/);
    expect(await categoryListBuild(page), label).toBe(build);
    await page
      .getByRole('list', { name: 'Product categories' })
      .getByRole('link', { name: /Industrial Cable Glands/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${LISTING}$`));
    expect(await listingBuild(page), label).toBe(build);

    await page.reload();
    await waitUntilStarted(page);
    expect(await listingBuild(page), `${label} after reload`).toBe(build);
    await load(page, `${site(50).url}/our-products`);
    expect(await categoryListBuild(page), `${label} on a new load`).toBe(build);
    expect(cohortCookie(await context.cookies())?.value, 'the cohort never changes').toBe(String(cohort));
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();
  }
});

// One page load a test (each holds the shell's script, then waits for the whole hydration): four in one test came
// close to the 30 s limit on a loaded 2-core machine.
for (const [cohort, build] of [
  [10, 'canary'],
  [90, 'stable'],
] as const) {
  for (const url of ['/our-products', LISTING]) {
    const label = `${url}, cohort ${cohort} (${build})`;
    test(`the server draws ${label} with the build the browser then hydrates it with: same text, no mismatch`, {
      tag: ['@local', '@catalogue', '@shell'],
    }, async ({ browser }) => {
      const context = await contextWithCohort(browser, 50, cohort);
      const { page, problems } = await openPage(context);
      // Hold the shell's script until the server's elements are marked: hydration must keep them as they are.
      let releaseShell = () => undefined as void;
      const shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
      await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
        await shellHeld;
        await route.continue();
      });
      const response = await page.goto(`${site(50).url}${url}`, { waitUntil: 'domcontentloaded' });
      const html = (await response?.text()) ?? '';
      expect(html.includes('canary build'), label).toBe(build === 'canary');
      expect(catalogueEntry(inlineMap(html))?.entry, label).toBe(
        build === 'canary' ? '/remotes/catalogue/canary/mf-manifest.json' : '/remotes/catalogue/mf-manifest.json',
      );

      // what the server drew, before any script ran
      const drawn = url === LISTING ? page.getByText(/^Showing \d+ results?/) : page.getByRole('heading', { level: 1 });
      const serverText = await drawn.textContent();
      expect(serverText === CANARY_HEADING || CANARY_RESULTS.test(serverText ?? ''), label).toBe(build === 'canary');
      await drawn.evaluate((element) => element.setAttribute('data-from-server', ''));

      releaseShell();
      await page.locator('html[data-started]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // a mismatch would have made React draw the part again: a new element, without the mark
      await expect(drawn).toHaveAttribute('data-from-server', '');
      await expect(drawn).toHaveText(serverText ?? '');
      // the browser ran that build's code: its files came from that build's folder
      const catalogueFiles = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.startsWith('/remotes/catalogue/')),
      );
      expect(catalogueFiles.length, label).toBeGreaterThan(0);
      expect(
        catalogueFiles.every((file) => file.startsWith('/remotes/catalogue/canary/') === (build === 'canary')),
        `${label}: ${catalogueFiles.join(', ')}`,
      ).toBe(true);
      expect(cohortCookie(await context.cookies())?.value, `${label}: the cookie is kept as it was`).toBe(
        String(cohort),
      );
      expect(problems, label).toEqual([]);
      await context.close();
    });
  }
}

test('a canary that does not load in the browser: the visitor gets the stable catalogue, stays on it, and the page works', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser }) => {
  const context = await browser.newContext();
  // the canary's files are unreachable for this browser (its CDN down, a broken upload...)
  await context.route('**/remotes/catalogue/canary/**', (route) => route.abort());
  const canaryRequests: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/remotes/catalogue/canary/')) canaryRequests.push(request.url());
  });
  const { page, problems } = await openPage(context);

  // At 100 % this visitor is on the canary: the server's page and map say so, the browser cannot load it
  await load(page, `${site(100).url}/our-products`);
  expect(canaryRequests.length, 'the browser tried the canary first').toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: STABLE_HEADING, exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(CANARY_HEADING)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  // it works: the category cards lead to a listing, drawn by the stable build
  await page
    .getByRole('list', { name: 'Product categories' })
    .getByRole('link', { name: /Industrial Cable Glands/ })
    .first()
    .click();
  expect(await listingBuild(page)).toBe('stable');

  // the browser remembered it, so the server sends this visitor the stable build from now on
  const failed = (await context.cookies()).find((cookie) => cookie.name === 'site_canary_failed');
  expect(failed, 'the site_canary_failed cookie').toBeDefined();
  expect(decodeURIComponent(failed?.value ?? '').split(',')).toContain('catalogue');

  canaryRequests.length = 0;
  problems.length = 0;
  const response = await page.goto(`${site(100).url}/our-products`);
  await waitUntilStarted(page);
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain(CANARY_HEADING);
  expect(catalogueEntry(inlineMap(html))).toEqual({ name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' });
  expect(await categoryListBuild(page)).toBe('stable');
  expect(canaryRequests, 'the canary is not tried again').toEqual([]);
  expect(problems, 'a stable page, drawn and hydrated by one build').toEqual([]);
  await context.close();
});
