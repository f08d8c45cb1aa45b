// The Arabic pages' web font (shell/src/frame/ArabicFont.tsx) is drawn only on a page the server marked
// <html data-arabic-font>, which it does when the visitor's cookie says the browser holds the current font files
// (contracts/src/arabicFont.ts). A first visit asks for no font while the page loads and draws its text in the system's
// Arabic face; once it has loaded, the shell fetches the files into the browser's cache and sets the cookie, and the
// next page comes marked (with the files preloaded) and draws with the font from the cache. Nothing moves on either
// page: CLS ≤ 0.01, also on a marked page whose font has left the cache and arrives late (`font-display: optional`
// keeps the system face there).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ARABIC_FONT_ATTRIBUTE, ARABIC_FONT_COOKIE } from '@site/contracts/arabic-font';
import { localizedPath } from '@site/contracts/locale';
import { test, expect } from '../support/fixtures';
import { EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { ARABIC } from '../support/ui-strings';

const ARABIC_PAGES = [localizedPath('ar', '/home'), localizedPath('ar', EXAMPLE_PRODUCT_PATH)];

/** The bar, as the Lighthouse bench's (tools/bench/lib/judge.ts). */
const MAX_CLS = 0.01;

/** The family of the site's Arabic web font. */
/** The web font's family in the page's CSS (ArabicFont.tsx: a name of the site's own)... */
const WEB_FAMILY = 'Crescent Arabic';
/** ...and the font's own name, which the browser reports for the faces it drew with. */
const WEB_FONT = 'Noto Sans Arabic';
/** headingFonts' mark on a web font's family. */
const WEB_FONT_MARK = ' (web font)';
/** The site's web font as headingFonts names it. */
const WEB_FACE = `${WEB_FONT}${WEB_FONT_MARK}`;

/** A font file's address in the shell's build. */
const FONT_FILE = (weight: 400 | 700) => new RegExp(`^/assets/noto-sans-arabic-${weight}\\.[0-9a-f]{8}\\.woff2$`);

/** How long the font is held back in the slow case: well past the first paint and the 100 ms `optional` waits. */
const FONT_DELAY_MS = 1_500;

/** Records the layout shifts no input caused (what CLS counts), with what moved, as in server-rendering.spec.ts. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; what: string }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    const describe = (node: Node | undefined) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()}>${(node.textContent ?? '').slice(0, 30)}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            what: `${Math.round(entry.startTime)} ms: ${entry.sources.map((source) => describe(source.node)).join('; ')}`,
          });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's CLS so far (every shift counted in one sum: a page this short has one session window) and the shifts. */
async function cumulativeShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; what: string }[] }).layoutShifts,
  );
  return {
    cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
    shifts: shifts.map((shift) => `${shift.value.toFixed(4)} at ${shift.what}`),
  };
}

/** A request for a font file: what asked for it (a @font-face load is 'font', the shell's fetch 'fetch') and when. */
interface FontRequest {
  path: string;
  type: string;
  afterLoad: boolean;
}

/** Records the requests for font files of the page's next document, each with whether the load event had fired. */
function recordFontRequests(page: Page): FontRequest[] {
  const requests: FontRequest[] = [];
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.woff2')) requests.push({ path: pathname, type: request.resourceType(), afterLoad: loaded });
  });
  return requests;
}

/** The font cookie's value in the browser, once the page has set it. */
async function fontCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === ARABIC_FONT_COOKIE)?.value;
}

/** Whether the server marked the page for the web font. */
const isMarked = (page: Page) =>
  page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), ARABIC_FONT_ATTRIBUTE);

/** The status of each of the document's faces of the web font ('unloaded' until an element uses one). */
const webFontFaces = (page: Page) =>
  page.evaluate(
    (family) =>
      [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === family).map((face) => face.status),
    WEB_FAMILY,
  );

/** Waits until the document's height is the same over 10 drawn frames, the fonts it loads included. */
async function untilStill(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await document.fonts.ready;
    let last = document.documentElement.scrollHeight;
    for (let still = 0; still < 10; ) {
      await new Promise(requestAnimationFrame);
      const now = document.documentElement.scrollHeight;
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

/** Font loads of the page's next documents as Chromium made them (DevTools protocol): from its caches or the network. */
async function recordFontLoads(page: Page): Promise<Map<string, { path: string; fromCache: boolean }>> {
  const loads = new Map<string, { path: string; fromCache: boolean }>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ requestId, type, request }) => {
    if (type === 'Font') loads.set(requestId, { path: new URL(request.url).pathname, fromCache: false });
  });
  // the renderer's memory cache, then the HTTP cache (on disk, or in memory for a context like this one)
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const load = loads.get(requestId);
    if (load !== undefined) load.fromCache = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const load = loads.get(requestId);
    if (load !== undefined && (response.fromDiskCache === true || response.fromPrefetchCache === true))
      load.fromCache = true;
  });
  return loads;
}

/** A first visit in a new browser context, until the shell has set the font cookie: its value (the current files'). */
async function currentFingerprint(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(ARABIC_PAGES[0]!);
    let value: string | undefined;
    await expect.poll(async () => (value = await fontCookie(context)), { timeout: 20_000 }).toBeTruthy();
    return value!;
  } finally {
    await context.close();
  }
}

/**
 * The fonts the browser really drew the page's main heading with (Chromium's DevTools protocol), by family, a web font's
 * marked as one (WEB_FACE): a system may have a face of the same family installed (Debian's fonts-noto-core has Noto
 * Sans Arabic, as Android does), and that one is the system's face, not the site's font.
 */
async function headingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => (font.isCustomFont ? `${font.familyName}${WEB_FONT_MARK}` : font.familyName));
  } finally {
    await cdp.detach();
  }
}

const describeRequests = (requests: FontRequest[]) =>
  requests.map((request) => `${request.type} ${request.path}${request.afterLoad ? ' after load' : ''}`).join(', ') ||
  'none';

test.describe('the Arabic web font: the system face on a first visit, the font from the cache on the next page, nothing moves', {
  tag: ['@site', '@shell', '@catalogue', '@company'],
}, () => {
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      for (const path of ARABIC_PAGES) {
        const next = ARABIC_PAGES.find((other) => other !== path)!;

        test(`${path}: a first visit asks for no font and keeps the system face; the font is fetched after load and ${next} draws with it from the cache, CLS ≤ ${MAX_CLS}`, async ({
          page,
        }) => {
          test.setTimeout(90_000);
          await recordLayoutShifts(page);
          const firstRequests = recordFontRequests(page);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
          await untilStill(page);
          expect(await isMarked(page), 'a first visit is not marked').toBe(false);
          expect(
            firstRequests.filter((request) => !request.afterLoad),
            'no font file asked for before the load event',
          ).toEqual([]);
          const firstFaces = await headingFonts(page);
          expect(firstFaces, 'the first visit draws in the system face').not.toContain(WEB_FACE);
          expect(firstFaces.length, 'the heading was drawn in some face').toBeGreaterThan(0);

          // after load and an idle moment: both files fetched (not as fonts: no element uses the family), then the cookie
          await expect.poll(() => fontCookie(page.context()), { timeout: 20_000 }).toBeTruthy();
          const fetched = firstRequests.filter((request) => request.type === 'fetch');
          const fetchedPaths = [...new Set(fetched.map((request) => request.path))].sort();
          expect(fetchedPaths, describeRequests(firstRequests)).toEqual([
            expect.stringMatching(FONT_FILE(400)),
            expect.stringMatching(FONT_FILE(700)),
          ]);
          expect(fetched.every((request) => request.afterLoad)).toBe(true);
          expect(
            firstRequests.filter((request) => request.type === 'font'),
            'the page on screen never loads the faces',
          ).toEqual([]);
          expect(await webFontFaces(page), 'its faces stay unloaded: nothing is laid out again').toEqual([
            'unloaded',
            'unloaded',
          ]);
          expect(await headingFonts(page), 'still the system face once the files are in').toEqual(firstFaces);
          const first = await cumulativeShift(page);
          expect(first.cls, first.shifts.join('\n')).toBeLessThanOrEqual(MAX_CLS);

          // the next page: marked, and its font files come from the browser's cache
          const firstVisit = describeRequests(firstRequests);
          const nextRequests = recordFontRequests(page);
          const loads = await recordFontLoads(page);
          await page.goto(next);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
          expect(await isMarked(page), `${next} is marked`).toBe(true);
          await untilStill(page);
          const nextFaces = await headingFonts(page);
          const { cls, shifts } = await cumulativeShift(page);
          test.info().annotations.push({
            type: 'result',
            description:
              `${path} → ${next} at ${viewport.width} px: first visit CLS ${first.cls.toFixed(4)} in ${firstFaces.join(', ')} (font requests: ${firstVisit}); ` +
              `next page CLS ${cls.toFixed(4)} in ${nextFaces.join(', ')} (font requests: ${describeRequests(nextRequests)}; ` +
              `loads: ${[...loads.values()].map((load) => `${load.path} ${load.fromCache ? 'from the cache' : 'from the network'}`).join(', ') || 'none'})`,
          });
          expect(nextFaces).toContain(WEB_FACE);
          expect(
            nextRequests.filter((request) => request.type === 'fetch'),
            'nothing to fetch again on a marked page',
          ).toEqual([]);
          expect(loads.size, 'the font files were loaded').toBeGreaterThan(0);
          for (const load of loads.values())
            expect(fetchedPaths, 'the files the first page fetched').toContain(load.path);
          expect(
            [...loads.values()].filter((load) => !load.fromCache),
            'every font file from the cache',
          ).toEqual([]);
          expect(cls, shifts.join('\n')).toBeLessThanOrEqual(MAX_CLS);
        });

        test(`${path}: marked, with the font out of the cache and held back past the first paint, it is not swapped in, CLS ≤ ${MAX_CLS}`, async ({
          page,
          browser,
          baseURL,
        }) => {
          test.setTimeout(90_000);
          const fingerprint = await currentFingerprint(browser, baseURL!);
          await page.context().addCookies([{ name: ARABIC_FONT_COOKIE, value: fingerprint, url: baseURL! }]);
          await recordLayoutShifts(page);
          const requests = recordFontRequests(page);
          // a routed page has no HTTP cache: the files come from the server, late
          await page.route('**/*.woff2', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
            await route.continue();
          });
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
          expect(await isMarked(page)).toBe(true);
          await expect
            .poll(() => requests.filter((request) => request.type === 'font').length, { timeout: 15_000 })
            .toBeGreaterThan(0);
          await untilStill(page);
          const faces = await headingFonts(page);
          const { cls, shifts } = await cumulativeShift(page);
          test.info().annotations.push({
            type: 'result',
            description: `${path} at ${viewport.width} px, marked, font ${FONT_DELAY_MS} ms late: CLS ${cls.toFixed(4)}, heading drawn in ${faces.join(', ')}`,
          });
          expect(faces, 'the late font is not swapped in').not.toContain(WEB_FACE);
          expect(cls, shifts.join('\n')).toBeLessThanOrEqual(MAX_CLS);
        });
      }
    });
  }

  test('a cookie of another value (an older build, a forged one) gives an unmarked page with no font request; the shell then sets the current one', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const fingerprint = await currentFingerprint(browser, baseURL!);
    const changed = `${fingerprint.slice(0, -1)}${fingerprint.endsWith('0') ? '1' : '0'}`;
    for (const value of [changed, 'forged']) {
      await page.context().clearCookies();
      await page.context().addCookies([{ name: ARABIC_FONT_COOKIE, value, url: baseURL! }]);
      const requests = recordFontRequests(page);
      await page.goto(ARABIC_PAGES[0]!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
      expect(await isMarked(page), value).toBe(false);
      await expect.poll(() => fontCookie(page.context()), { timeout: 20_000 }).toBe(fingerprint);
      expect(
        requests.filter((request) => request.type === 'font' || !request.afterLoad),
        describeRequests(requests),
      ).toEqual([]);
    }
  });
});
