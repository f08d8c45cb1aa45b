// A catalogue canary whose remoteEntry.js downloads and then throws as it runs, in front of every visitor: the browser
// falls back to the stable build, reports the failure, and the server (a rollback window of one load) takes the canary
// out on that report. The canary is a copy of the built catalogue with a throw put first in its remoteEntry.js (and its
// brotli/gzip copies, which browsers get): no second build is needed.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, localOnly } from '../support/fixtures';
import { breakRemoteEntry, copyBuiltSite, failedLoadReport } from '../support/release';
import { REPO_ROOT, startSite, type RunningSite } from '../support/site-server';

localOnly('starts its own server with a broken canary, which that server then rolls back');

const STABLE_HEADING = 'Our Products';
const CANARY_ERROR = 'broken canary build';
const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';
const CANARY_ENTRY = '/remotes/catalogue/canary/mf-manifest.json';

type RemotesMap = { remotes: { name: string; entry: string; fallback?: string }[] };

let work: string | undefined;
let site: RunningSite | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = mkdtempSync(path.join(tmpdir(), 'site-broken-canary-'));
  const siteRoot = path.join(work, 'site');
  const canaryDir = path.join(work, 'canary', 'mfe-catalogue');
  copyBuiltSite(siteRoot);
  cpSync(path.join(REPO_ROOT, 'mfe-catalogue', 'dist'), canaryDir, { recursive: true });
  breakRemoteEntry(canaryDir, CANARY_ERROR);
  site = await startSite({
    REPO_ROOT: siteRoot,
    REMOTE_CATALOGUE_CANARY_DIR: canaryDir,
    REMOTE_CATALOGUE_CANARY_PERCENT: '100',
    // the first failed load of the canary is enough, from this one browser (the failure percent is the default)
    RELEASE_ROLLBACK_WINDOW: '1',
    RELEASE_ROLLBACK_MIN_LOADS: '1',
    RELEASE_ROLLBACK_MIN_ADDRESSES: '1',
  });
});

test.afterAll(async () => {
  await site?.stop();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

async function catalogueInMap(url: string): Promise<RemotesMap['remotes'][number] | undefined> {
  const response = await fetch(`${url}/remotes.json`);
  return ((await response.json()) as RemotesMap).remotes.find((remote) => remote.name === 'catalogue');
}

test('a catalogue canary whose remoteEntry.js throws: the page shows the stable build, the failure is reported, and the canary is rolled back', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser }) => {
  const url = site?.url ?? '';
  expect(await catalogueInMap(url), 'the canary is live for every visitor').toEqual({
    name: 'catalogue',
    entry: CANARY_ENTRY,
    fallback: STABLE_ENTRY,
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  const failedReport = failedLoadReport(page);

  const response = await page.goto(`${url}/our-products`);
  expect(response?.status()).toBe(200);
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1, name: STABLE_HEADING, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);

  // the browser ran the canary's entry, which threw, and then the stable build's code
  const report = await failedReport;
  // (the page's remotes map has the addresses in full)
  // with the tab's session id, so that the server counts this visitor once
  expect(report.request().postDataJSON()).toEqual({
    remote: 'catalogue',
    entry: `${url}${CANARY_ENTRY}`,
    outcome: 'failed',
    kind: 'entry',
    session: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  expect(report.status()).toBe(202);
  expect(await report.json()).toEqual({ counted: true });
  const catalogueFiles = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith('/remotes/catalogue/') && pathname.endsWith('.js')),
  );
  expect(catalogueFiles).toContain('/remotes/catalogue/canary/remoteEntry.js');
  expect(catalogueFiles).toContain('/remotes/catalogue/remoteEntry.js');
  // the cards work: they lead to a listing
  await page
    .getByRole('list', { name: 'Product categories' })
    .getByRole('link', { name: /Industrial Cable Glands/ })
    .first()
    .click();
  await expect(page.getByText(/^Showing \d+ results?$/)).toBeVisible();
  // the canary's own throw reaches the window (a script that throws as it runs); nothing else went wrong
  expect(problems.filter((problem) => !problem.includes(CANARY_ERROR))).toEqual([]);
  await context.close();

  // that one failed load was the whole window: the canary is out, every visitor gets the stable build
  await expect
    .poll(async () => catalogueInMap(url), { timeout: 5_000 })
    .toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
});
