// The staff remote's canary in a real browser: a second staff build (a copy of the built staff remote whose sign-in
// heading says so, with its brotli/gzip copies) served as the canary from REMOTE_STAFF_CANARY_DIR to half of the staff.
// The staff page of a member of staff in that half (cohort 0, as a pinned test run has it) loads the canary, the other
// half the stable build. Then the canary's remoteEntry.js is replaced in its folder, without a restart, by one that
// throws as it runs: the staff host falls back to the stable build, reports the failure, and the server (a rollback
// window of one load) takes the staff canary out.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { inlineRemotesMap } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { writeBuiltFile } from '../support/release';
import { REPO_ROOT, startSite, type RunningSite } from '../support/site-server';
import { heading } from '../support/staff';

/** The tab's session id each load report carries (the server counts a visitor once by it). */
const TAB_SESSION = expect.stringMatching(/^[0-9a-f]{32}$/);

localOnly('starts its own server with a staff canary, which it then breaks and the server rolls back');

const STABLE_HEADING = 'Staff sign-in';
const CANARY_HEADING = 'Staff sign-in (canary build)';
const CANARY_ERROR = 'broken staff canary build';
const STABLE_ENTRY = '/remotes/staff/mf-manifest.json';
const CANARY_ENTRY = '/remotes/staff/canary/mf-manifest.json';

type MapEntry = { name: string; entry: string; fallback?: string };

// One worker runs this file's tests in order: the canary is broken by the second.
test.describe.configure({ mode: 'default' });

let work: string | undefined;
let canaryDir = '';
let site: RunningSite | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = mkdtempSync(path.join(tmpdir(), 'site-staff-canary-'));
  canaryDir = path.join(work, 'canary', 'mfe-staff');
  cpSync(path.join(REPO_ROOT, 'mfe-staff', 'dist'), canaryDir, { recursive: true });
  const from = `title:"${STABLE_HEADING}"`;
  const edited = readdirSync(canaryDir).filter(
    (name) => name.endsWith('.js') && readFileSync(path.join(canaryDir, name), 'utf8').includes(from),
  );
  expect(edited.length, `the built staff remote draws "${STABLE_HEADING}"`).toBeGreaterThan(0);
  for (const name of edited)
    writeBuiltFile(
      path.join(canaryDir, name),
      readFileSync(path.join(canaryDir, name), 'utf8').replace(from, `title:"${CANARY_HEADING}"`),
    );
  site = await startSite({
    REMOTE_STAFF_CANARY_DIR: canaryDir,
    REMOTE_STAFF_CANARY_PERCENT: '50',
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

/** The staff remote's entry in the staff page's map for a member of staff of `cohort`. */
async function staffInMap(cohort: number): Promise<MapEntry | undefined> {
  const html = await (
    await fetch(`${site?.staffUrl}/staff/sign-in`, { headers: { cookie: `site_cohort=${cohort}` } })
  ).text();
  return (inlineRemotesMap(html) as { remotes: MapEntry[] }).remotes.find((remote) => remote.name === 'staff');
}

/** A member of staff of `cohort` opens the sign-in page: the staff remote's JS files it fetched, and what went wrong. */
async function openSignIn(browser: Browser, cohort: number, expectedHeading: string) {
  // the staff app's own origin: its pages, their remotes and their load reports are all there
  const url = site?.staffUrl ?? '';
  const context = await browser.newContext();
  await context.addCookies([{ name: 'site_cohort', value: String(cohort), url }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  const reports: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === REMOTE_LOAD_REPORT_PATH) reports.push(request.postDataJSON());
  });
  const response = await page.goto(`${url}/staff/sign-in`);
  expect(response?.status()).toBe(200);
  await expect(heading(page, expectedHeading)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const staffFiles = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith('/remotes/staff/') && pathname.endsWith('.js')),
  );
  return { page, context, problems, reports, staffFiles };
}

test('the staff canary at 50 %: the lower half (and a pinned run, cohort 0) loads it, the upper half the stable build', {
  tag: ['@local', '@staff'],
}, async ({ browser }) => {
  test.setTimeout(60_000); // two browsers' first loads of the staff app on a shared machine
  const url = site?.staffUrl ?? '';
  expect(await staffInMap(0)).toEqual({ name: 'staff', entry: CANARY_ENTRY, fallback: STABLE_ENTRY });
  expect(await staffInMap(99)).toEqual({ name: 'staff', entry: STABLE_ENTRY });

  const onCanary = await openSignIn(browser, 0, CANARY_HEADING);
  expect(
    onCanary.staffFiles.every((file) => file.startsWith('/remotes/staff/canary/')),
    onCanary.staffFiles.join(', '),
  ).toBe(true);
  await expect
    .poll(() => onCanary.reports)
    .toEqual([{ remote: 'staff', entry: `${url}${CANARY_ENTRY}`, outcome: 'loaded', session: TAB_SESSION }]);
  expect(onCanary.problems).toEqual([]);
  await onCanary.context.close();

  const onStable = await openSignIn(browser, 99, STABLE_HEADING);
  expect(
    onStable.staffFiles.some((file) => file.startsWith('/remotes/staff/canary/')),
    onStable.staffFiles.join(', '),
  ).toBe(false);
  await expect
    .poll(() => onStable.reports)
    .toEqual([{ remote: 'staff', entry: `${url}${STABLE_ENTRY}`, outcome: 'loaded', session: TAB_SESSION }]);
  expect(onStable.problems).toEqual([]);
  await onStable.context.close();
});

test('a staff canary whose remoteEntry.js throws: the stable build is drawn, the failure reported, the canary rolled back', {
  tag: ['@local', '@staff'],
}, async ({ browser }) => {
  test.setTimeout(60_000);
  const url = site?.staffUrl ?? '';
  // a broken build put into the canary's folder, as a release would be (no restart)
  const entryFile = path.join(canaryDir, 'remoteEntry.js');
  writeBuiltFile(entryFile, `throw new Error(${JSON.stringify(CANARY_ERROR)});\n${readFileSync(entryFile, 'utf8')}`);
  expect(await staffInMap(0), 'still live').toEqual({ name: 'staff', entry: CANARY_ENTRY, fallback: STABLE_ENTRY });

  const member = await openSignIn(browser, 0, STABLE_HEADING);
  // the browser ran the canary's entry (twice: it is tried once more), which threw, and then the stable build's code
  expect(member.staffFiles).toContain('/remotes/staff/canary/remoteEntry.js');
  expect(member.staffFiles).toContain('/remotes/staff/remoteEntry.js');
  await expect
    .poll(() => member.reports)
    .toEqual([
      { remote: 'staff', entry: `${url}${CANARY_ENTRY}`, outcome: 'failed', kind: 'entry', session: TAB_SESSION },
      { remote: 'staff', entry: `${url}${STABLE_ENTRY}`, outcome: 'loaded', session: TAB_SESSION },
    ]);
  // the failed-canaries cookie keeps this browser on the stable build
  expect((await member.context.cookies()).find((cookie) => cookie.name === 'site_canary_failed')?.value).toBe('staff');
  // the canary's own throw reaches the window (a script that throws as it runs); nothing else went wrong
  expect(member.problems.filter((problem) => !problem.includes(CANARY_ERROR))).toEqual([]);
  await member.context.close();

  // that one failed load was the whole window: the staff canary is out, every member of staff gets the stable build
  await expect.poll(() => staffInMap(0), { timeout: 5_000 }).toEqual({ name: 'staff', entry: STABLE_ENTRY });
  const after = await openSignIn(browser, 0, STABLE_HEADING);
  expect(
    after.staffFiles.some((file) => file.startsWith('/remotes/staff/canary/')),
    after.staffFiles.join(', '),
  ).toBe(false);
  await after.context.close();
});
