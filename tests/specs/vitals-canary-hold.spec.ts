// The canary-hold rule on real visitors' page speed, in a real browser: a catalogue canary that is slow on purpose (a
// copy of the built catalogue whose category list chunk holds the main thread 300 ms at every click) is in front of
// half of the visitors. The stable release's field data is 40 earlier visitors' page views of the category list
// (beacons sent to the site from addresses of their own, through the trusted proxy, as a browser sends them); the
// canary's is five visitors of its half in the browser, each clicking once, whose pages send their beacons when left
// (counted under the canary's release: their pages loaded it).
// With RELEASE_VITALS_MIN_SAMPLES low, the rule holds the canary: its promote is refused with the sentence giving both
// releases' figures, and the releases console shows it and each release's vitals.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { STAFF_API, CSRF_HEADER } from '@site/contracts/staff-api';
import { VITALS_PATH, type RemoteVitalsReport, type VitalsBeacon } from '@site/contracts/vitals-api';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { slowDownClicks } from '../support/release';
import { REPO_ROOT } from '../support/site-server';
import {
  CATALOGUE_RELEASER,
  confirmCodesSaved,
  setUpTotp,
  staffSession,
  startStaffSite,
  submitPassword,
  type StaffSite,
} from '../support/staff';

localOnly('starts its own server with a slow catalogue canary and a release account it creates');

const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';
/** How long the canary holds the main thread at each click. */
const SLOW_CLICK_MS = 300;
const CANARY_VISITORS = 5;
/** The stable release's visitors, each from a network of its own (one network counts for at most 5 % of a release's). */
const STABLE_VISITORS = 40;
const stableAddress = (visitor: number) => `10.51.${visitor}.1`;
/** The canary's visitors' networks: each its own too, as the trusted proxy (this test) tells the site. */
const canaryAddress = (visitor: number) => `10.52.${visitor}.1`;

let work: string | undefined;
let staffSite: StaffSite | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000); // the staff CLI and the server's start on a loaded 2-core machine
  work = mkdtempSync(path.join(tmpdir(), 'site-vitals-hold-'));
  const canaryDir = path.join(work, 'canary', 'mfe-catalogue');
  cpSync(path.join(REPO_ROOT, 'mfe-catalogue', 'dist'), canaryDir, { recursive: true });
  slowDownClicks(canaryDir, './CategoryListPage', SLOW_CLICK_MS);
  staffSite = await startStaffSite([CATALOGUE_RELEASER], {
    REMOTE_CATALOGUE_CANARY_DIR: canaryDir,
    REMOTE_CATALOGUE_CANARY_PERCENT: '50',
    // judged on a handful of sessions from a handful of networks, not the default 200 from 20; the promote waits for no
    // pinned test run
    RELEASE_VITALS_MIN_SAMPLES: '3',
    RELEASE_VITALS_MIN_NETWORKS: '3',
    RELEASE_REQUIRE_PASSED_RUN: '0',
    // this test is the proxy in front of the site: the stable visitors' addresses are its X-Forwarded-For
    TRUST_PROXY: 'loopback',
  });
});

test.afterAll(async () => {
  await staffSite?.stop();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

/** A stable visitor's page view of the category list, as its page would have sent it: quick, answering in 40–120 ms. */
function stableView(visitor: number): VitalsBeacon {
  return {
    route: 'our-products',
    edition: 'en',
    viewportWidth: 1280,
    session: randomBytes(16).toString('hex'),
    remotes: { catalogue: STABLE_ENTRY },
    metrics: { LCP: 900 + 15 * visitor, INP: 40 + 2 * visitor, CLS: 0 },
  };
}

/** A visitor of the canary's half opens the category list, clicks once and leaves the site (its page sends its beacon). */
async function canaryVisit(browser: Browser, url: string, address: string): Promise<void> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  await context.addCookies([{ name: 'site_cohort', value: '0', url }]);
  const page = await context.newPage();
  try {
    const chunk = page.waitForResponse((response) => /\/vitals[^/]*\.js$/.test(new URL(response.url()).pathname), {
      timeout: 15_000,
    });
    await page.goto(`${url}/our-products`);
    await waitUntilStarted(page);
    await chunk;
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    // the click's timing entry comes after the next paint: the beacon goes once the page has it
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          new PerformanceObserver((list, observer) => {
            if (
              list.getEntries().some((entry) => (entry as PerformanceEntry & { interactionId?: number }).interactionId)
            ) {
              observer.disconnect();
              resolve();
            }
          }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit),
        ),
    );
    // the visitor leaves: the page sends its beacon as it is hidden. Sent while the page still lives, as a tab put in
    // the background sends it: one sent as the document goes carries none of the context's headers, and this test (the
    // trusted proxy) names the visitor's network in them
    const beacon = page.waitForRequest((request) => new URL(request.url()).pathname === VITALS_PATH);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    expect(await (await (await beacon).response())?.json()).toEqual({ counted: true });
    await page.goto('about:blank');
  } finally {
    await context.close();
  }
}

test("a canary slower for real visitors is held: its promote refused with both releases' figures, the console showing them", {
  tag: ['@local', '@staff', '@catalogue'],
}, async ({ browser, page, request }) => {
  test.setTimeout(90_000); // five visitors' page loads on a loaded machine
  const url = staffSite?.url ?? '';
  const at = (address: string) => `${url}${address}`;
  const staffAt = (address: string) => `${staffSite?.staffUrl ?? ''}${address}`;

  const sent = await Promise.all(
    Array.from({ length: STABLE_VISITORS }, (_, visitor) =>
      request.post(at(VITALS_PATH), {
        data: stableView(visitor),
        headers: { 'x-forwarded-for': stableAddress(visitor) },
      }),
    ),
  );
  for (const answer of sent) expect(await answer.json()).toEqual({ counted: true });

  for (let visitor = 0; visitor < CANARY_VISITORS; visitor += 1)
    await canaryVisit(browser, url, canaryAddress(visitor));

  await page.goto(staffAt('/staff/sign-in'));
  await submitPassword(page, CATALOGUE_RELEASER);
  // the release role's first sign-in sets up its second factor
  await setUpTotp(page);
  await confirmCodesSaved(page);
  await expect(page).toHaveURL(staffAt('/staff/releases'));
  const vitalsAddress = staffAt(STAFF_API.releaseVitals.replace(':remote', 'catalogue'));
  await expect
    .poll(async () => {
      const report = (await (await page.request.get(vitalsAddress)).json()) as RemoteVitalsReport;
      return {
        stable: report.stable.sessions,
        canary: report.canary?.sessions,
        held: report.hold?.held,
        slowClicks: (report.canary?.all.INP.p75 ?? 0) >= SLOW_CLICK_MS,
      };
    })
    .toEqual({ stable: STABLE_VISITORS, canary: CANARY_VISITORS, held: true, slowClicks: true });

  // the promote is refused, with the sentence naming both releases' figures
  const { csrfToken } = await staffSession(page.request, staffSite?.staffUrl ?? '');
  const promote = await page.request.post(staffAt(STAFF_API.releasePromote.replace(':remote', 'catalogue')), {
    headers: { [CSRF_HEADER]: csrfToken },
  });
  expect(promote.status()).toBe(409);
  const { error: sentence } = (await promote.json()) as { error: string };
  expect(sentence).toMatch(/^The catalogue canary is held: its pages are slower than stable's by more than 10 %: /);
  expect(sentence).toMatch(/p75 INP [\d.]+ m?s on the canary against \d+ ms on stable \(p [<=] [\d.]+, \+\d+ %\)/);
  expect(sentence).toContain(
    `${CANARY_VISITORS} sessions on the canary variables-canary and ${STABLE_VISITORS} on stable variables`,
  );

  // the console: the rule's sentence, and each release's vitals on the category list
  await page.reload();
  await expect(page.getByText(sentence)).toBeVisible();
  const table = page.getByRole('table', { name: 'Field vitals of catalogue, stable beside canary' });
  await expect(table.getByRole('row', { name: /^our-products variables \(stable\)/ })).toContainText(
    `(${STABLE_VISITORS} views)`,
  );
  await expect(table.getByRole('row', { name: /^our-products variables-canary \(canary\)/ })).toContainText(
    `(${CANARY_VISITORS} views)`,
  );
});
