// A pipeline releases the catalogue through the registry's HTTP API, on two server processes sharing one PostgreSQL
// (a fresh schema) and one Redis, as behind a load balancer, each started with README.md's "Deploy it" settings: the
// site's public origin (PUBLIC_SITE_URL), its names (ALLOWED_HOSTS: any other name gets 421) and the balancer trusted
// for the visitor's address (TRUST_PROXY). This test is that balancer: every request it or its browsers send names the
// site's public host (X-Forwarded-Host) and a visitor's address (X-Forwarded-For). Both processes first draw every kind
// of page in both editions. Then an admin makes a release token in the staff API (signed in with a password and a
// second factor, as the console does), and, with that token only, the pipeline registers a second catalogue build,
// puts it in front of 50 % of visitors, records its passed pinned run (the promote gate is on by default), promotes it
// and rolls it back. Each change is honoured by both processes within 2 s with no restart (the one it was not sent to
// hears of it by NOTIFY), and is seen by a page load on each, and in the HTML each process draws for a new visitor of
// either half on every kind of catalogue page (category list, listing, product, search) in both editions: drawn by the
// server, by the build that visitor is on. Last, a broken build (its remoteEntry.js throws) goes in front of 50 %, and
// new visitors of its half, 10 a minute from addresses of their own, load it on either process: the default policy
// takes it out within 60 s of the first failing load, the API says so with the reason, and its promote is refused.
// The builds are registered from the canary folder, and the site keeps a copy of each as it was then, at an address of
// its own. The second build is a copy of the built catalogue whose texts say so (its category list heading in English,
// its breadcrumb in both editions: messages and server-render module edited, with their brotli/gzip copies): no second
// webpack build is needed.
// Skipped, with the reason, when PostgreSQL or Redis is not reachable (REQUIRE_POSTGRES=1 / REQUIRE_REDIS=1 fail).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import type { CreatedReleaseToken, RemoteListing, RemotePointers } from '@site/contracts/releases-api';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { findPostgresAndRedis, freshSchema, type FreshSchema } from '../support/services';
import {
  CATALOGUE_PAGES,
  drawnText,
  EVERY_KIND_OF_PAGE,
  expectDrawnByServer,
  type DrawnPage,
} from '../support/drawn-pages';
import { breakRemoteEntry, copyCatalogueWithMessages, failedLoadReport, releaseInto } from '../support/release';
import { startSite, type RunningSite } from '../support/site-server';
import { addStaffAccount, ADMIN, firstAdminSignIn } from '../support/staff';

localOnly('starts two servers of its own on PostgreSQL and Redis and releases a catalogue build in them');

const STABLE_HEADING = 'Our Products';
const SECOND_HEADING = 'Our Products: second build';
/** In the second build's breadcrumb, on every catalogue page in both editions: the pages it drew say so. */
const SECOND_MARK = '[second build]';
const VERSION = '2026-11-26.7';
const BROKEN_VERSION = '2026-11-27.1';
const BROKEN_ERROR = 'broken catalogue build';
const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';
/** The second build sits in the configured canary folder (REMOTE_CATALOGUE_CANARY_DIR), served here. */
const SECOND_ENTRY = '/remotes/catalogue/canary/mf-manifest.json';
/** The copy of it the site registers: its own files, which no later build written into the canary folder changes. */
const STORED_ENTRY = /^\/remotes\/catalogue\/builds\/[0-9a-f]{64}\/mf-manifest\.json$/;
/** How long a change may take to reach every process. */
const APPLIED_WITHIN_MS = 2_000;

/** README.md, "Deploy it": the public origin, the site's names, the balancer's address (this test, on loopback). */
const PUBLIC_HOST = 'www.crescent-trading.test';
/** The staff app's own host, which the balancer sends to the same port (STAFF_PORT=off): no public remote runs there. */
const STAFF_HOST = 'staff.crescent-trading.test';
const DEPLOYMENT = {
  PUBLIC_SITE_URL: `http://${PUBLIC_HOST}`,
  ALLOWED_HOSTS: `${PUBLIC_HOST},crescent-trading.test`,
  TRUST_PROXY: 'loopback',
  STAFF_ORIGIN: `http://${STAFF_HOST}`,
  STAFF_PORT: 'off',
};

/**
 * What the balancer adds to a request of the visitor at `address`: the name the visitor asked for and the visitor's
 * address (each browser of the broken-canary test is a visitor of its own address, as the rollback counts them).
 */
const viaBalancer = (address: string): Record<string, string> => ({
  'x-forwarded-host': PUBLIC_HOST,
  'x-forwarded-for': address,
});
/** The pipeline's, the staff's and the HTML checks' address. */
const OFFICE = '203.0.113.7';
/**
 * The address of the journey's visitor number `visitor`: documentation addresses, each in a network of its own (its own
 * /48: the rollback counts failing visitors by network and wide network, so one /24 would be one office).
 */
const visitorAddress = (visitor: number): string => `2001:db8:${(visitor + 1).toString(16)}::1`;

type RemotesMap = { remotes: { name: string; entry: string; fallback?: string }[] };
type Build = 'stable' | 'second';

let schema: FreshSchema | undefined;
let sites: RunningSite[] = [];
let work: string | undefined;
let token = '';
/** QA's token: records the run pinned to the canary. */
let qaToken = '';
/** The entry the second build was registered as (its stored copy). */
let secondEntry = '';
/** Who the token's calls are in the registry's audit. */
let tokenActor = '';
let skipped: string | undefined;
/** The configured canary folder (REMOTE_CATALOGUE_CANARY_DIR), where the pipeline puts a build before registering it. */
let canaryFolder = '';

test.describe.configure({ mode: 'serial' });

/** A copy of the built catalogue whose category list heading is SECOND_HEADING and whose breadcrumb has SECOND_MARK. */
function makeSecondBuild(dir: string): void {
  copyCatalogueWithMessages(dir, [
    { locale: 'en', key: 'catalogue.categories.heading', from: STABLE_HEADING, to: SECOND_HEADING },
    { locale: 'en', key: 'catalogue.breadcrumb.ourProducts', from: 'Our Products', to: `Our Products ${SECOND_MARK}` },
    { locale: 'ar', key: 'catalogue.breadcrumb.ourProducts', from: 'منتجاتنا', to: `منتجاتنا ${SECOND_MARK}` },
  ]);
}

/**
 * The admin signs in through the staff API at the staff host, through the balancer in front of the process at `siteUrl`
 * (password, then the second factor's set-up), and makes two catalogue tokens:
 * the pipeline's, which registers and releases, and QA's, which records the pinned run (the token that registered a
 * canary may not record its own run while the promote gate is on).
 */
async function makeCatalogueTokens(siteUrl: string): Promise<{ pipeline: string; qa: string }> {
  // under the public name the staff API is not there at all: a public page's script finds nothing to act through
  const underPublicName = await playwrightRequest.newContext({
    baseURL: siteUrl,
    extraHTTPHeaders: viaBalancer(OFFICE),
  });
  expect((await underPublicName.get(STAFF_API.session)).status()).toBe(404);
  await underPublicName.dispose();
  const staff = await playwrightRequest.newContext({
    baseURL: siteUrl,
    extraHTTPHeaders: { 'x-forwarded-host': STAFF_HOST, 'x-forwarded-for': OFFICE },
  });
  try {
    const session = await firstAdminSignIn(staff);
    const make = async (name: string): Promise<CreatedReleaseToken> => {
      const made = await staff.post(STAFF_API.releaseTokens, {
        headers: { [CSRF_HEADER]: session.csrfToken },
        data: { name, remotes: ['catalogue'], expiresInDays: 1 },
      });
      expect(made.status(), await made.text()).toBe(201);
      const created = (await made.json()) as CreatedReleaseToken;
      expect(created.remotes).toEqual(['catalogue']);
      return created;
    };
    const pipelineToken = await make('catalogue pipeline');
    tokenActor = `token ${pipelineToken.id} "${pipelineToken.name}"`;
    return { pipeline: pipelineToken.token, qa: (await make('catalogue QA')).token };
  } finally {
    await staff.dispose();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000); // two cold server starts on a loaded 2-core machine, and the staff CLI's
  const services = await findPostgresAndRedis();
  if ('reason' in services) {
    skipped = services.reason;
    return;
  }
  work = mkdtempSync(path.join(tmpdir(), 'site-release-api-'));
  const secondBuild = path.join(work, 'mfe-catalogue');
  makeSecondBuild(secondBuild);
  canaryFolder = secondBuild;
  schema = await freshSchema(services.postgres, 'releaseapi');
  // each process has its own DATA_DIR (and its own cache of render modules); the registered builds' store is shared, as
  // on several machines
  const env = {
    ...DEPLOYMENT,
    DATABASE_URL: schema.url,
    REDIS_URL: services.redis,
    REMOTE_CATALOGUE_CANARY_DIR: secondBuild,
    REMOTE_BUILDS_DIR: path.join(work, 'remote-builds'),
  };
  // One after the other: both run the migrations on the same schema; the second finds them applied.
  sites.push(await startSite(env));
  sites.push(await startSite(env));
  await addStaffAccount(sites[0]!.dataDir, ADMIN, schema.url);
  ({ pipeline: token, qa: qaToken } = await makeCatalogueTokens(sites[1]!.url));
});

test.afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  sites = [];
  await schema?.drop();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

/** A call of the pipelines' API on `site`, with the pipeline's token (or `bearer`). */
async function pipeline(
  site: RunningSite,
  method: 'GET' | 'POST',
  address: string,
  body?: unknown,
  bearer = token,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${site.url}${address}`, {
    method,
    headers: {
      ...viaBalancer(OFFICE),
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The catalogue's entry in `site`'s /remotes.json for a visitor of `cohort` (a canary above 0 % includes cohort 0). */
async function catalogueFor(site: RunningSite, cohort: number): Promise<RemotesMap['remotes'][number] | undefined> {
  const response = await fetch(`${site.url}/remotes.json`, {
    headers: { ...viaBalancer(OFFICE), cookie: `site_cohort=${cohort}` },
  });
  return ((await response.json()) as RemotesMap).remotes.find((remote) => remote.name === 'catalogue');
}

/** Waits until both processes answer `expected` for `cohort`, and says how long that took after the change. */
async function expectOnBoth(changedAt: number, cohort: number, expected: RemotesMap['remotes'][number]): Promise<void> {
  for (const site of sites) {
    await expect
      .poll(() => catalogueFor(site, cohort), { timeout: APPLIED_WITHIN_MS, intervals: [50] })
      .toEqual(expected);
  }
  expect(Date.now() - changedAt, 'both processes applied the change').toBeLessThanOrEqual(APPLIED_WITHIN_MS);
}

/**
 * The category list's heading a visitor of `cohort` (none: a new visitor) sees on `site`, loaded in a browser. The two
 * processes' loads of a step run side by side (two contexts).
 */
async function headingSeen(browser: Browser, site: RunningSite, cohort?: number): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: viaBalancer(visitorAddress(1)) });
  if (cohort !== undefined) await context.addCookies([{ name: 'site_cohort', value: String(cohort), url: site.url }]);
  const page = await context.newPage();
  try {
    const response = await page.goto(`${site.url}/our-products`);
    expect(response?.status()).toBe(200);
    await waitUntilStarted(page);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(new RegExp(`^(${STABLE_HEADING}|${SECOND_HEADING})$`), { timeout: 15_000 });
    return (await heading.textContent()) ?? '';
  } finally {
    await context.close();
  }
}

/**
 * Which build drew `page` in the HTML `site` sends a new visitor of `cohort` (a request, not a page load), after checking
 * that the server drew it whole: its heading (the second build's on its category list), its content, no error.
 */
async function drawnBy(request: APIRequestContext, site: RunningSite, page: DrawnPage, cohort: number): Promise<Build> {
  const label = `${page.path} on ${site.url}, cohort ${cohort}`;
  const response = await request.get(`${site.url}${page.path}`, {
    headers: { ...viaBalancer(OFFICE), cookie: `site_cohort=${cohort}` },
  });
  expect(response.status(), label).toBe(200);
  const html = await response.text();
  const build: Build = drawnText(html).text.includes(SECOND_MARK) ? 'second' : 'stable';
  expectDrawnByServer(
    html,
    page,
    build === 'second' && page.path === '/our-products' ? SECOND_HEADING : page.heading,
    label,
  );
  return build;
}

/** The halves of the visitors: cohort 0 is in a canary's (at 50 %), cohort 99 in the other. */
const HALVES = { canaryHalf: 0, otherHalf: 99 } as const;
const drawnKey = (half: string, process: number, page: DrawnPage) => `${half}, process ${process + 1}: ${page.path}`;

/** Which build drew each catalogue page, in both editions, on both processes, for a new visitor of either half. */
async function drawnOnBoth(request: APIRequestContext): Promise<Record<string, Build>> {
  const checks = Object.entries(HALVES).flatMap(([half, cohort]) =>
    sites.flatMap((site, process) =>
      CATALOGUE_PAGES.map(
        async (page) => [drawnKey(half, process, page), await drawnBy(request, site, page, cohort)] as const,
      ),
    ),
  );
  return Object.fromEntries(await Promise.all(checks));
}

/** What drawnOnBoth should find: every page of the canary's half drawn by `canaryHalf`, of the other by `otherHalf`. */
function expectedDrawn(builds: { canaryHalf: Build; otherHalf: Build }): Record<string, Build> {
  return Object.fromEntries(
    Object.keys(HALVES).flatMap((half) =>
      sites.flatMap((_site, process) =>
        CATALOGUE_PAGES.map((page) => [drawnKey(half, process, page), builds[half as keyof typeof HALVES]]),
      ),
    ),
  );
}

test("both processes, started with the deployment settings, draw every kind of page in both editions for the site's names only", {
  tag: ['@local', '@shell', '@catalogue', '@company', '@contact'],
}, async ({ request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // 18 pages drawn on each of two processes, the first of each kind cold
  for (const site of sites) {
    expect(site.output(), 'the start message names the public address').toContain(
      `Site ready at http://${PUBLIC_HOST} `,
    );
    // the process's own address is not a name of the site (health checks still answer)
    expect((await fetch(`${site.url}/our-products`)).status, `${site.url} by its address`).toBe(421);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  }
  await Promise.all(
    sites.flatMap((site) =>
      EVERY_KIND_OF_PAGE.map(async (page) => {
        const response = await request.get(`${site.url}${page.path}`, { headers: viaBalancer(OFFICE) });
        expect(response.status(), `${page.path} on ${site.url}`).toBe(200);
        expectDrawnByServer(await response.text(), page, page.heading, `${page.path} on ${site.url}`);
      }),
    ),
  );
});

test('with a token only, a pipeline registers a second catalogue build and puts it in front of 50 %: both processes honour it within 2 s', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // a step of a release journey across two server processes: the change, both answers, a full page load on each
  const [one, two] = sites as [RunningSite, RunningSite];
  expect(await catalogueFor(two, 0), 'before: the stable build for everyone').toEqual({
    name: 'catalogue',
    entry: STABLE_ENTRY,
  });

  const registered = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/releases`, {
    version: VERSION,
    entry: SECOND_ENTRY,
    notes: 'the second build',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect(registered.body).toMatchObject({
    release: { version: VERSION, registeredBy: tokenActor },
    serverRendered: true,
  });
  secondEntry = (registered.body.release as { entry: string }).entry;
  expect(secondEntry, 'registered as a copy of the folder').toMatch(STORED_ENTRY);
  expect(await catalogueFor(two, 0), 'registered, not live').toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'registered: the stable build draws every page').toEqual(
    expectedDrawn({ canaryHalf: 'stable', otherHalf: 'stable' }),
  );

  const canary = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/canary`, {
    version: VERSION,
    percent: 50,
  });
  const changedAt = Date.now();
  expect(canary.status, JSON.stringify(canary.body)).toBe(200);
  expect(canary.body).toMatchObject({ source: 'registry', canaryPercent: 50, canary: { version: VERSION } });
  await expectOnBoth(changedAt, 0, { name: 'catalogue', entry: secondEntry, fallback: STABLE_ENTRY });
  // the other half stays on the stable build
  for (const site of sites)
    expect(await catalogueFor(site, 99), site.url).toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'canary at 50 %: each half drawn by its build').toEqual(
    expectedDrawn({ canaryHalf: 'second', otherHalf: 'stable' }),
  );

  // a visitor of the canary's half sees the second build on either process; one of the other half the stable one
  expect(
    await Promise.all([headingSeen(browser, one, 0), headingSeen(browser, two, 0)]),
    'processes one and two, cohort 0',
  ).toEqual([SECOND_HEADING, SECOND_HEADING]);
});

test('the pipeline promotes the second build: both processes give it to every visitor within 2 s', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // a step of a release journey across two server processes: the change, both answers, a full page load on each
  const [one, two] = sites as [RunningSite, RunningSite];
  // the promote gate is on by default: QA records the passed run pinned to the canary first (not the token that
  // registered it: that one is refused)
  const early = await pipeline(two, 'POST', `/api/releases/remotes/catalogue/promote`);
  expect(early.status, JSON.stringify(early.body)).toBe(409);
  const ownRun = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/runs`, {
    passed: true,
    report: 'recorded by the token that registered it',
  });
  expect(ownRun.status, JSON.stringify(ownRun.body)).toBe(403);
  const run = await pipeline(
    one,
    'POST',
    `/api/releases/remotes/catalogue/runs`,
    { passed: true, report: 'the release journey, pinned to the canary' },
    qaToken,
  );
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  const promoted = await pipeline(two, 'POST', `/api/releases/remotes/catalogue/promote`);
  const changedAt = Date.now();
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  expect((promoted.body as unknown as RemotePointers).stable.version).toBe(VERSION);
  await expectOnBoth(changedAt, 99, { name: 'catalogue', entry: secondEntry });
  expect(await drawnOnBoth(request), 'promoted: the second build draws every page').toEqual(
    expectedDrawn({ canaryHalf: 'second', otherHalf: 'second' }),
  );
  expect(
    await Promise.all([headingSeen(browser, one), headingSeen(browser, two)]),
    'processes one and two, a new visitor',
  ).toEqual([SECOND_HEADING, SECOND_HEADING]);
});

test('the pipeline rolls back: both processes give every visitor the former stable build within 2 s', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // a step of a release journey across two server processes: the change, both answers, a full page load on each
  const [one, two] = sites as [RunningSite, RunningSite];
  const rolledBack = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/rollback`);
  const changedAt = Date.now();
  expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
  expect((rolledBack.body as unknown as RemotePointers).stable.version).toBe('variables');
  await expectOnBoth(changedAt, 0, { name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'rolled back: the stable build draws every page').toEqual(
    expectedDrawn({ canaryHalf: 'stable', otherHalf: 'stable' }),
  );
  expect(
    await Promise.all([headingSeen(browser, two, 0), headingSeen(browser, one)]),
    'process two (a visitor once on the canary), process one (a new visitor)',
  ).toEqual([STABLE_HEADING, STABLE_HEADING]);

  // every step was the token's, and audited as such
  const audit = await schema!.query<{ actor: string; action: string }>(
    "select actor, action from release_audit where remote = 'catalogue' and action in ('register', 'canary', 'promote', 'rollback') order by id",
  );
  expect(audit).toEqual(['register', 'canary', 'promote', 'rollback'].map((action) => ({ actor: tokenActor, action })));
});

/** The pace of the broken canary's visitors: 10 a minute, the traffic the rollback's defaults are meant to catch within it. */
const VISITOR_PACE_MS = 6_000;
/** More than a minute of them: the rollback should come well before. */
const MOST_VISITORS = 12;

/**
 * A new visitor of the canary's half (a cohort cookie below 50, its own address) on `site`: the server draws the page
 * with the broken build, the browser cannot run its remoteEntry.js, reports the failure and falls back to the stable
 * build, whose page works.
 */
async function visitBrokenCanary(browser: Browser, site: RunningSite, visitor: number): Promise<void> {
  const context = await browser.newContext({ extraHTTPHeaders: viaBalancer(visitorAddress(100 + visitor)) });
  await context.addCookies([{ name: 'site_cohort', value: String((visitor * 7) % 50), url: site.url }]);
  const page = await context.newPage();
  try {
    const failedReport = failedLoadReport(page);
    const response = await page.goto(`${site.url}/our-products`);
    expect(response?.status()).toBe(200);
    const report = await failedReport;
    expect(report.status(), `visitor ${visitor}'s failure report`).toBe(202);
    expect(await report.json()).toEqual({ counted: true });
    await expect(page.getByRole('heading', { level: 1, name: STABLE_HEADING, exact: true })).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await context.close();
  }
}

/** The broken build's release as the API lists it. */
async function brokenRelease(): Promise<RemoteListing['releases'][number] | undefined> {
  const listed = await pipeline(sites[0]!, 'GET', '/api/releases/remotes/catalogue');
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return (listed.body as unknown as RemoteListing).releases.find((release) => release.version === BROKEN_VERSION);
}

test('a broken canary at 50 %, loaded by 10 new visitors a minute on either process, is rolled back within 60 s and its promote refused', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  // paced visitors by design (up to 12, 6 s apart, each a whole page start), then every catalogue page on both processes
  test.setTimeout(240_000);
  const [one, two] = sites as [RunningSite, RunningSite];
  // the pipeline puts a broken build into the canary folder as a release goes (manifest last) and registers it
  const brokenBuild = path.join(work!, 'broken-catalogue');
  cpSync(canaryFolder, brokenBuild, { recursive: true });
  breakRemoteEntry(brokenBuild, BROKEN_ERROR);
  releaseInto(brokenBuild, canaryFolder);
  const registered = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/releases`, {
    version: BROKEN_VERSION,
    entry: SECOND_ENTRY,
    notes: 'its remoteEntry.js throws',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const brokenEntry = (registered.body.release as { entry: string }).entry;
  expect(brokenEntry, 'a copy of its own').toMatch(STORED_ENTRY);
  expect(brokenEntry).not.toBe(secondEntry);
  const canary = await pipeline(two, 'POST', `/api/releases/remotes/catalogue/canary`, {
    version: BROKEN_VERSION,
    percent: 50,
  });
  expect(canary.status, JSON.stringify(canary.body)).toBe(200);
  await expectOnBoth(Date.now(), 0, { name: 'catalogue', entry: brokenEntry, fallback: STABLE_ENTRY });
  // its server-render module works: the server draws its half's pages with it (it has the second build's texts)
  expect(await drawnOnBoth(request), 'the broken canary at 50 %').toEqual(
    expectedDrawn({ canaryHalf: 'second', otherHalf: 'stable' }),
  );

  // new visitors of its half, one every 6 s, on one process then the other, until the canary is out
  let firstLoadAt: number | undefined;
  let rolledBack: RemoteListing['releases'][number]['rolledBack'] = null;
  let visitors = 0;
  while (rolledBack === null && visitors < MOST_VISITORS) {
    const startedAt = Date.now();
    firstLoadAt ??= startedAt;
    await visitBrokenCanary(browser, sites[visitors % 2]!, visitors);
    visitors += 1;
    rolledBack = (await brokenRelease())?.rolledBack ?? null;
    if (rolledBack === null)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + VISITOR_PACE_MS - Date.now())));
  }
  expect(rolledBack, `rolled back after ${visitors} visitors`).not.toBeNull();
  const tookMs = Date.parse(rolledBack!.at) - firstLoadAt!;
  test.info().annotations.push({
    type: 'automatic rollback',
    description: `after ${visitors} visitors, ${(tookMs / 1000).toFixed(1)} s after the first one's load began`,
  });
  expect(tookMs, 'rolled back within 60 s of the first failing load').toBeLessThanOrEqual(60_000);
  // the API says why, in words; the audit says who
  expect(rolledBack!.reason).toMatch(
    /^\d+ of its last \d+ loads failed \(from \d+ networks in \d+ wide networks within \d+ s; threshold 20%\)$/,
  );
  const audit = await schema!.query<{ actor: string; detail: string }>(
    "select actor, detail from release_audit where remote = 'catalogue' and action = 'auto-rollback'",
  );
  expect(audit).toEqual([
    { actor: 'automatic rollback', detail: `${BROKEN_VERSION}: ${rolledBack!.reason}, canary at 0%` },
  ]);

  // both processes give every visitor the stable build again, and draw every catalogue page with it
  for (const site of sites)
    await expect
      .poll(() => catalogueFor(site, 0), { timeout: APPLIED_WITHIN_MS, intervals: [50] })
      .toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'rolled back automatically: the stable build draws every page').toEqual(
    expectedDrawn({ canaryHalf: 'stable', otherHalf: 'stable' }),
  );

  // and the pipeline cannot promote it, whatever its token may do
  const promoted = await pipeline(two, 'POST', `/api/releases/remotes/catalogue/promote`);
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(409);
  expect(promoted.body.error).toEqual(expect.stringContaining(`(${BROKEN_VERSION}) was rolled back automatically`));
  expect(promoted.body.error).toEqual(expect.stringContaining(rolledBack!.reason));
  expect(await catalogueFor(one, 99), 'the stable build stays').toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
});
