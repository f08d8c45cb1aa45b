import { test as base, expect, type Page } from '@playwright/test';
import { REMOTES_MAP_ELEMENT_ID, STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { deployedSite } from './site-mode';

export interface ConsoleProblems {
  /** console.error messages and uncaught exceptions seen by the page so far. */
  messages: string[];
}

/** The template a server-rendered page keeps its scripts in until the first paint (server/src/pages/ssr). */
const SERVER_RENDERED_MARK = '#after-first-paint';
/** What the shell sets on <html> once the page handles clicks (shell/src/app/StartedMark.tsx). */
const STARTED_MARK = `html[${STARTED_ATTRIBUTE}]`;

/**
 * After a page load: on a server-rendered page, waits until the shell has taken the page over, its own part included
 * (hydrated once its remote's code has arrived). The page is on screen before that, but its buttons do nothing yet; a
 * visitor who clicks that early gets no answer, and so would a test (what a visitor sees before the scripts run is
 * tested in server-rendering.spec.ts with scripts off).
 */
export async function waitUntilStarted(page: Page): Promise<void> {
  if ((await page.locator(SERVER_RENDERED_MARK).count()) === 0) return;
  await page.locator(STARTED_MARK).waitFor({ state: 'attached' });
}

/** A load that returns at 'commit' or 'domcontentloaded' asked not to wait for the scripts. */
type LoadOptions = { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' } | undefined;
const waitsForScripts = (options: LoadOptions) =>
  options?.waitUntil !== 'commit' && options?.waitUntil !== 'domcontentloaded';

/** `page`, its goto and reload returning once the shell has started (waitUntilStarted), as the fixture's page does. */
export function waitingForStart(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (waitsForScripts(options)) await waitUntilStarted(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (waitsForScripts(options)) await waitUntilStarted(page);
    return response;
  };
  return page;
}

/**
 * `baseURL` is the server started by the global setup; `consoleProblems` collects what the page
 * logs as errors so a test can assert there were none. `page.goto` and `page.reload` return once the shell has
 * started (waitUntilStarted), unless they were asked to return at 'commit' or 'domcontentloaded'.
 */
export const test = base.extend<{ consoleProblems: ConsoleProblems }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    // With scripts off nothing starts: the page is what the server sent.
    await use(javaScriptEnabled ? waitingForStart(page) : page);
  },
  baseURL: async ({}, use) => {
    const url = process.env.SITE_URL;
    if (!url)
      throw new Error(
        'SITE_URL is not set: run the suite through playwright.config.ts (its global setup starts the site).',
      );
    await use(url);
  },
  consoleProblems: async ({ page }, use) => {
    const problems: ConsoleProblems = { messages: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') problems.messages.push(message.text());
    });
    page.on('pageerror', (error) => problems.messages.push(`Uncaught: ${error.message}`));
    await use(problems);
  },
});

export { expect };

/**
 * Marks the file or describe it is called in as needing the suite's own servers (it starts, builds or breaks them, or
 * reads their database): against a deployed site (tests/support/site-mode.ts) its tests are skipped with `reason`, and
 * before any of their hooks run. Such tests carry the `@local` tag; the others `@site`. Called in a test's body (a test
 * of a `@site` block that needs a fresh database), it skips that test only.
 */
export function localOnly(reason: string): void {
  test.skip(deployedSite() !== undefined, `@local: ${reason}, so it cannot run against a deployed site`);
}

/** The start of the reason a test skips with when the site's catalogue has nothing of what it tries (siteHas). */
export const SITE_DATA_SKIP = '@data';

/**
 * What a test found in the site's catalogue to try (site-facts.ts), or, when `found` is undefined, the test skipped with
 * the reason that the catalogue has `lacking` ('no category with two brands'): a site need not sell everything a
 * feature can show, and that is no failure of the site. After a run against a deployed site the skips are listed.
 */
export function siteHas<T>(found: T | undefined, lacking: string): T {
  test.skip(
    found === undefined,
    `${SITE_DATA_SKIP}: the site's catalogue has ${lacking}, so there is nothing to try it on`,
  );
  if (found === undefined) throw new Error(`the site's catalogue has ${lacking}`);
  return found;
}

type RemotesMap = { remotes: { name: string; entry: string; fallback?: string }[] };

/** The remotes map's JSON block in a page's HTML (server/src/pages/shellResponder.ts puts it there). */
const INLINE_REMOTES_MAP = new RegExp(
  `(<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">)([\\s\\S]*?)(</script>)`,
);

/**
 * The remotes map the server announces, rewritten so that `remote` points at `entry` (e.g. a dead URL) and nowhere
 * else: in the page's HTML (where the shell reads it) and at /remotes.json (its fallback). A live canary's `fallback`
 * (the stable build the shell turns to when the canary does not load) goes too, so that a page on the canary (a
 * pinned run's) meets the same remote as every other page: one that is only at `entry`.
 */
export async function overrideRemoteEntry(page: Page, remote: string, entry: string): Promise<void> {
  const rewrite = (map: RemotesMap): RemotesMap => ({
    ...map,
    remotes: map.remotes.map((item) => (item.name === remote ? { name: item.name, entry } : item)),
  });
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: rewrite((await response.json()) as RemotesMap) });
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document' || route.request().frame() !== page.mainFrame())
      return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      INLINE_REMOTES_MAP,
      (_whole, open: string, json: string, close: string) => {
        const body = JSON.stringify(rewrite(JSON.parse(json) as RemotesMap)).replace(/</g, '\\u003c');
        return `${open}${body}${close}`;
      },
    );
    await route.fulfill({ response, body: html });
  });
}

/** Serves the pages without the remotes map in their HTML, as a static host would: the shell fetches /remotes.json. */
export async function stripInlineRemotesMap(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document' || route.request().frame() !== page.mainFrame())
      return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(INLINE_REMOTES_MAP, '') });
  });
}
