// A pipeline releases the catalogue through the registry's HTTP API, on two server processes sharing one PostgreSQL
// (a fresh schema) and one Redis, as behind a load balancer: an admin makes a release token in the staff API (signed in
// with a password and a second factor, as the console does), then, with that token only, the pipeline registers a
// second catalogue build, puts it in front of 50 % of visitors, records its passed pinned run (the promote gate is on by
// default), promotes it and rolls it back. Each change is honoured
// by both processes within 2 s with no restart (the one it was not sent to hears of it by NOTIFY), and is seen by a page
// load on each, and in the HTML each process draws for a new visitor of either half (the server's first view, by the
// build that visitor is on). The build is registered from the canary folder, and the site keeps a copy of it as it
// was then, at an address of its own. The second build is a copy of the built catalogue whose category list heading says so (its English
// messages and its server-render module edited, with their brotli/gzip copies): no second webpack build is needed.
// Skipped, with the reason, when PostgreSQL or Redis is not reachable (REQUIRE_POSTGRES=1 / REQUIRE_REDIS=1 fail).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import type { CreatedReleaseToken, RemotePointers } from '@site/contracts/releases-api';
import { CSRF_HEADER, STAFF_API, type SignInResult, type StaffSession, type TotpSetup } from '@site/contracts/staff-api';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { findPostgres, findRedis, freshSchema, type FreshSchema } from '../support/services';
import { writeBuiltFile } from '../support/release';
import { REPO_ROOT, startSite, type RunningSite } from '../support/site-server';
import { addStaffAccount, ADMIN, totpCode } from '../support/staff';

localOnly('starts two servers of its own on PostgreSQL and Redis and releases a catalogue build in them');

const STABLE_HEADING = 'Our Products';
const SECOND_HEADING = 'Our Products: second build';
const VERSION = '2026-11-26.7';
const STABLE_ENTRY = '/remotes/catalogue/mf-manifest.json';
/** The second build sits in the configured canary folder (REMOTE_CATALOGUE_CANARY_DIR), served here. */
const SECOND_ENTRY = '/remotes/catalogue/canary/mf-manifest.json';
/** The copy of it the site registers: its own files, which no later build written into the canary folder changes. */
const STORED_ENTRY = /^\/remotes\/catalogue\/builds\/[0-9a-f]{64}\/mf-manifest\.json$/;
/** How long a change may take to reach every process. */
const APPLIED_WITHIN_MS = 2_000;

type RemotesMap = { remotes: { name: string; entry: string; fallback?: string }[] };

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

test.describe.configure({ mode: 'serial' });

/** A copy of the built catalogue whose category list heading is SECOND_HEADING, in the browser and on the server. */
function makeSecondBuild(dir: string): void {
  cpSync(path.join(REPO_ROOT, 'mfe-catalogue', 'dist'), dir, { recursive: true });
  const from = `"catalogue.categories.heading":["${STABLE_HEADING}"]`;
  const to = `"catalogue.categories.heading":["${SECOND_HEADING}"]`;
  const messages = readdirSync(dir).find((file) => /^__federation_expose_messages_en\.[0-9a-f]+\.js$/.test(file));
  const render = JSON.parse(readFileSync(path.join(dir, 'server-render.json'), 'utf8')) as { module: string };
  if (messages === undefined) throw new Error(`no English messages chunk in ${dir}`);
  for (const file of [path.join(dir, messages), path.join(dir, render.module)]) {
    const text = readFileSync(file, 'utf8');
    if (text.split(from).length !== 2) throw new Error(`expected ${from} once in ${file}`);
    writeBuiltFile(file, text.replace(from, to));
  }
}

/**
 * The admin signs in through the staff API (password, then the second factor's set-up) and makes two catalogue tokens:
 * the pipeline's, which registers and releases, and QA's, which records the pinned run (the token that registered a
 * canary may not record its own run while the promote gate is on).
 */
async function makeCatalogueTokens(siteUrl: string): Promise<{ pipeline: string; qa: string }> {
  const staff = await playwrightRequest.newContext({ baseURL: siteUrl });
  try {
    const signedIn = await staff.post(STAFF_API.signIn, { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const waiting = (await signedIn.json()) as SignInResult;
    expect(waiting.state).toBe('totp-setup');
    const setup = await staff.post(STAFF_API.totpSetup, { headers: { [CSRF_HEADER]: waiting.csrfToken } });
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret } = (await setup.json()) as TotpSetup;
    const confirmed = await staff.post(STAFF_API.totpConfirm, { headers: { [CSRF_HEADER]: waiting.csrfToken }, data: { code: totpCode(secret) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const { session } = (await confirmed.json()) as { session: StaffSession };
    const make = async (name: string): Promise<CreatedReleaseToken> => {
      const made = await staff.post(STAFF_API.releaseTokens, { headers: { [CSRF_HEADER]: session.csrfToken }, data: { name, remotes: ['catalogue'], expiresInDays: 1 } });
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
  const postgres = await findPostgres();
  const redis = await findRedis();
  if ('reason' in postgres || 'reason' in redis) {
    skipped = ['reason' in postgres ? postgres.reason : '', 'reason' in redis ? redis.reason : ''].filter(Boolean).join('; ');
    return;
  }
  work = mkdtempSync(path.join(tmpdir(), 'site-release-api-'));
  const secondBuild = path.join(work, 'mfe-catalogue');
  makeSecondBuild(secondBuild);
  schema = await freshSchema(postgres.url, 'releaseapi');
  // each process has its own DATA_DIR (and its own cache of render modules); the registered builds' store is shared, as
  // on several machines
  const env = { DATABASE_URL: schema.url, REDIS_URL: redis.url, REMOTE_CATALOGUE_CANARY_DIR: secondBuild, REMOTE_BUILDS_DIR: path.join(work, 'remote-builds') };
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
async function pipeline(site: RunningSite, method: 'GET' | 'POST', address: string, body?: unknown, bearer = token): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${site.url}${address}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The catalogue's entry in `site`'s /remotes.json for a visitor of `cohort` (a canary above 0 % includes cohort 0). */
async function catalogueFor(site: RunningSite, cohort: number): Promise<RemotesMap['remotes'][number] | undefined> {
  const response = await fetch(`${site.url}/remotes.json`, { headers: { cookie: `site_cohort=${cohort}` } });
  return ((await response.json()) as RemotesMap).remotes.find((remote) => remote.name === 'catalogue');
}

/** Waits until both processes answer `expected` for `cohort`, and says how long that took after the change. */
async function expectOnBoth(changedAt: number, cohort: number, expected: RemotesMap['remotes'][number]): Promise<void> {
  for (const site of sites) {
    await expect.poll(() => catalogueFor(site, cohort), { timeout: APPLIED_WITHIN_MS, intervals: [50] }).toEqual(expected);
  }
  expect(Date.now() - changedAt, 'both processes applied the change').toBeLessThanOrEqual(APPLIED_WITHIN_MS);
}

/**
 * The category list's heading a visitor of `cohort` (none: a new visitor) sees on `site`, loaded in a browser. The two
 * processes' loads of a step run side by side (two contexts).
 */
async function headingSeen(browser: Browser, site: RunningSite, cohort?: number): Promise<string> {
  const context = await browser.newContext();
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
 * The category list's heading in the HTML `site` sends a new visitor of `cohort`, as its server drew it (undefined: it
 * drew none, and the page says only that it needs JavaScript). A request, not a page load.
 */
async function serverHeading(request: APIRequestContext, site: RunningSite, cohort: number): Promise<string | undefined> {
  const response = await request.get(`${site.url}/our-products`, { headers: { cookie: `site_cohort=${cohort}` } });
  expect(response.status()).toBe(200);
  return /<h1\b[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1];
}

/** What both processes draw for a new visitor of the canary's half (cohort 0) and one of the other half (cohort 99). */
async function drawnOnBoth(request: APIRequestContext): Promise<{ canaryHalf: (string | undefined)[]; otherHalf: (string | undefined)[] }> {
  return {
    canaryHalf: await Promise.all(sites.map((site) => serverHeading(request, site, 0))),
    otherHalf: await Promise.all(sites.map((site) => serverHeading(request, site, 99))),
  };
}
const onBoth = (heading: string) => [heading, heading];

test('with a token only, a pipeline registers a second catalogue build and puts it in front of 50 %: both processes honour it within 2 s', { tag: ['@local', '@catalogue', '@shell'] }, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // a step of a release journey across two server processes: the change, both answers, a full page load on each
  const [one, two] = sites as [RunningSite, RunningSite];
  expect(await catalogueFor(two, 0), 'before: the stable build for everyone').toEqual({ name: 'catalogue', entry: STABLE_ENTRY });

  const registered = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/releases`, { version: VERSION, entry: SECOND_ENTRY, notes: 'the second build' });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect(registered.body).toMatchObject({ release: { version: VERSION, registeredBy: tokenActor }, serverRendered: true });
  secondEntry = (registered.body.release as { entry: string }).entry;
  expect(secondEntry, 'registered as a copy of the folder').toMatch(STORED_ENTRY);
  expect(await catalogueFor(two, 0), 'registered, not live').toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'registered: the stable build draws every page').toEqual({ canaryHalf: onBoth(STABLE_HEADING), otherHalf: onBoth(STABLE_HEADING) });

  const canary = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/canary`, { version: VERSION, percent: 50 });
  const changedAt = Date.now();
  expect(canary.status, JSON.stringify(canary.body)).toBe(200);
  expect(canary.body).toMatchObject({ source: 'registry', canaryPercent: 50, canary: { version: VERSION } });
  await expectOnBoth(changedAt, 0, { name: 'catalogue', entry: secondEntry, fallback: STABLE_ENTRY });
  // the other half stays on the stable build
  for (const site of sites) expect(await catalogueFor(site, 99), site.url).toEqual({ name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'canary at 50 %: each half drawn by its build').toEqual({ canaryHalf: onBoth(SECOND_HEADING), otherHalf: onBoth(STABLE_HEADING) });

  // a visitor of the canary's half sees the second build on either process; one of the other half the stable one
  expect(await Promise.all([headingSeen(browser, one, 0), headingSeen(browser, two, 0)]), 'processes one and two, cohort 0').toEqual([SECOND_HEADING, SECOND_HEADING]);
});

test('the pipeline promotes the second build: both processes give it to every visitor within 2 s', { tag: ['@local', '@catalogue', '@shell'] }, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // a step of a release journey across two server processes: the change, both answers, a full page load on each
  const [one, two] = sites as [RunningSite, RunningSite];
  // the promote gate is on by default: QA records the passed run pinned to the canary first (not the token that
  // registered it: that one is refused)
  const early = await pipeline(two, 'POST', `/api/releases/remotes/catalogue/promote`);
  expect(early.status, JSON.stringify(early.body)).toBe(409);
  const ownRun = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/runs`, { passed: true, report: 'recorded by the token that registered it' });
  expect(ownRun.status, JSON.stringify(ownRun.body)).toBe(403);
  const run = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/runs`, { passed: true, report: 'the release journey, pinned to the canary' }, qaToken);
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  const promoted = await pipeline(two, 'POST', `/api/releases/remotes/catalogue/promote`);
  const changedAt = Date.now();
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  expect((promoted.body as unknown as RemotePointers).stable.version).toBe(VERSION);
  await expectOnBoth(changedAt, 99, { name: 'catalogue', entry: secondEntry });
  expect(await drawnOnBoth(request), 'promoted: the second build draws every page').toEqual({ canaryHalf: onBoth(SECOND_HEADING), otherHalf: onBoth(SECOND_HEADING) });
  expect(await Promise.all([headingSeen(browser, one), headingSeen(browser, two)]), 'processes one and two, a new visitor').toEqual([SECOND_HEADING, SECOND_HEADING]);
});

test('the pipeline rolls back: both processes give every visitor the former stable build within 2 s', { tag: ['@local', '@catalogue', '@shell'] }, async ({ browser, request }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  test.slow(); // a step of a release journey across two server processes: the change, both answers, a full page load on each
  const [one, two] = sites as [RunningSite, RunningSite];
  const rolledBack = await pipeline(one, 'POST', `/api/releases/remotes/catalogue/rollback`);
  const changedAt = Date.now();
  expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
  expect((rolledBack.body as unknown as RemotePointers).stable.version).toBe('variables');
  await expectOnBoth(changedAt, 0, { name: 'catalogue', entry: STABLE_ENTRY });
  expect(await drawnOnBoth(request), 'rolled back: the stable build draws every page').toEqual({ canaryHalf: onBoth(STABLE_HEADING), otherHalf: onBoth(STABLE_HEADING) });
  expect(await Promise.all([headingSeen(browser, two, 0), headingSeen(browser, one)]), 'process two (a visitor once on the canary), process one (a new visitor)').toEqual([
    STABLE_HEADING,
    STABLE_HEADING,
  ]);

  // every step was the token's, and audited as such
  const audit = await schema!.query<{ actor: string; action: string }>("select actor, action from release_audit where remote = 'catalogue' and action in ('register', 'canary', 'promote', 'rollback') order by id");
  expect(audit).toEqual(['register', 'canary', 'promote', 'rollback'].map((action) => ({ actor: tokenActor, action })));
});
