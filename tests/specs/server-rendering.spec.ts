// Pages drawn on the server (server/src/pages/ssr): what a visitor sees before the scripts run, and how the browser then
// takes the page over (hydration) without drawing it again, moving it, or logging an error.
import type { Page } from '@playwright/test';
import { catalogueProductApiPath } from '@site/contracts/api';
import { test, expect } from '../support/fixtures';
import { EXAMPLE_CATEGORY_PATH, EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { message } from '../support/ui-strings';

const PRODUCT = EXAMPLE_PRODUCT_PATH;

/** The pages a server renders: every page of a remote it serves (the catalogue and management with their data). */
const SERVER_RENDERED = [
  { path: '/home', heading: 'Electrical Products & Industrial Solutions' },
  { path: '/our-products', heading: 'Our Products' },
  { path: EXAMPLE_CATEGORY_PATH, heading: EXAMPLE_PRODUCT.categoryTitle },
  { path: PRODUCT, heading: 'Product Details' },
  { path: '/management', heading: 'Management' },
  { path: '/about', heading: 'About Us' },
  { path: '/certificates', heading: 'Certificates' },
  { path: '/our-projects', heading: 'Our Projects' },
  { path: '/career-opportunities', heading: 'Career Opportunities' },
  { path: '/contact-us', heading: 'Contact Us' },
];

/** Records the layout shifts no input caused (what CLS counts), with what moved. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const describe = (node: Node | undefined) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()} class="${node.className}">${(node.textContent ?? '').slice(0, 30)}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          (source) =>
            `${describe(source.node)} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
        );
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);

test.describe('with scripts off', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test.use({ javaScriptEnabled: false });

  // one page visiting them all: without scripts a page is its HTML and styles, nothing carries over from one to the next
  test('every server-rendered page shows its page, header and footer from the HTML alone', async ({ page }) => {
    for (const { path, heading } of SERVER_RENDERED) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }),
          path,
        ).toBeVisible();
        await expect(page.getByRole('contentinfo'), path).toBeVisible();
      });
    }
  });

  test('the links are plain links: the header leads to another server-rendered page', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  });

  test("a product page shows the product from the site's data; its reviews (visitors' data) wait for the scripts", async ({
    page,
    request,
  }) => {
    // the product's name as the site's catalogue API gives it
    const { product } = (await (await request.get(catalogueProductApiPath(EXAMPLE_PRODUCT.productId))).json()) as {
      product: { productName: string };
    };
    await page.goto(PRODUCT);
    await expect(page.getByRole('heading', { level: 2, name: product.productName, exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: product.productName }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  });
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 900 },
]) {
  test.describe(`taken over by the browser at ${viewport.width} px`, { tag: ['@site', '@shell', '@catalogue'] }, () => {
    test.use({ viewport });

    for (const { path, heading } of SERVER_RENDERED) {
      test(`${path}: the server's elements are kept, nothing moves, no console error`, async ({
        page,
        consoleProblems,
      }) => {
        await recordLayoutShifts(page);
        // Hold the shell's script until the server's page has been marked, so hydration has to keep what it finds.
        let releaseShell = () => undefined as void;
        const shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
        await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
          await shellHeld;
          await route.continue();
        });
        const dataRequests: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/data/')) dataRequests.push(request.url());
        });
        const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
        expect(response?.status()).toBe(200);
        const h1 = page.getByRole('heading', { level: 1, name: heading });
        await h1.evaluate((element) => element.setAttribute('data-from-server', ''));
        releaseShell();
        await page.locator('html[data-started]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        // A mismatch would have made React draw the page again: a new h1 without the mark.
        await expect(h1).toHaveAttribute('data-from-server', '');
        // The page did not fetch the data the server drew it with.
        expect(dataRequests).toEqual([]);
        expect(await layoutShifts(page)).toEqual([]);
        expect(consoleProblems.messages).toEqual([]);
      });
    }
  });
}

// The listing's sort button works before the page has started and is not needed after. Its going must not let the count
// move up beside the <select>: at 412 px that happens only where the font draws the count narrow (CI's fonts did, ours
// do not), so the test takes the width at which the count would fit beside the <select> without the button.
test("a listing's count stays in its place when the sort button is no longer needed", {
  tag: ['@site', '@catalogue'],
}, async ({ page }) => {
  await recordLayoutShifts(page);
  let releaseShell = () => undefined as void;
  let shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
  await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
    await shellHeld;
    await route.continue();
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(EXAMPLE_CATEGORY_PATH, { waitUntil: 'domcontentloaded' });
  const sort = page.getByRole('combobox', { name: message('en', 'catalogue.listing.sortLabel') });
  const count = page.getByText(/^Showing \d+ results?$/);
  const boxes = async () => ({ sort: await sort.boundingBox(), count: await count.boundingBox() });
  const { sort: sortBox, count: countBox } = await boxes();
  if (sortBox === null || countBox === null) throw new Error('the listing has no order or no count');
  // under the <select> at 412 px; 4 px more than the <select>, the gap and the count need side by side
  expect(countBox.y).toBeGreaterThanOrEqual(sortBox.y + sortBox.height);
  const toolbarWidth = countBox.x + countBox.width - sortBox.x;
  const width = 412 - toolbarWidth + sortBox.width + 12 + countBox.width + 4;
  releaseShell();
  await page.locator('html[data-started]').waitFor({ state: 'attached' });

  shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
  await page.setViewportSize({ width: Math.ceil(width), height: 823 });
  await page.reload({ waitUntil: 'domcontentloaded' });
  const before = await boxes();
  releaseShell();
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  expect(await boxes()).toEqual(before);
  expect(await layoutShifts(page)).toEqual([]);
});

test('the scripts start once the page is parsed and drawn, not from the HTML; then the page works (search)', {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ page }) => {
  await page.goto('/home');
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const main = performance.getEntriesByType('resource').find((entry) => /\/main\.[0-9a-f]{8}\.js$/.test(entry.name));
    return { parsed: navigation.domContentLoadedEventEnd, mainRequested: main?.startTime ?? Number.NaN };
  });
  // (The paint timing entries carry the time the frame was shown, which headless Chromium reports late: no use here.)
  expect(timing.mainRequested).toBeGreaterThan(timing.parsed);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
});

// The page's own part hydrates after the frame, once its remote's code has arrived; until then a click on it is lost
// (React does not replay it). <html data-started> (shell/src/app/StartedMark.tsx) says when the page answers clicks.
test('the page is marked started only once its own part has been taken over, then its buttons answer', {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ page }) => {
  // Two holds, a hydration in slices and a page's code fetched: on CI's busiest moment (3 workers on 2 cores) the
  // frame took over 15 s to answer and the whole test 31 s; the bounds below are for such a machine, not a promise.
  test.setTimeout(90_000);
  let releasePage = () => undefined as void;
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  let pageRequested = () => undefined as void;
  const requested = new Promise<void>((resolve) => (pageRequested = resolve));
  await page.route(/\/remotes\/contact\/__federation_expose_ContactPage\.[0-9a-f]{8}\.js$/, async (route) => {
    pageRequested();
    await pageHeld;
    await route.continue();
  });
  await page.goto('/contact-us', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: 'Dubai', exact: true })).toBeVisible();
  // The shell runs and asks for the page's code, which is held: the frame is taken over (its Search button answers),
  // the page's part is not, so the page is not marked started.
  await requested;
  // The frame hydrates as a transition, in slices, while the page's code is fetched: the request can come first, and a
  // click before the header is taken over is lost. Click until it answers (the page's code is still held meanwhile).
  const search = page.getByRole('dialog', { name: 'Search' });
  // (A click that opened it after the 1 s check is not repeated: the dialog's own "Close search" would be clicked.)
  await expect(async () => {
    if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(search).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-started');

  releasePage();
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
  const spinner = page
    .getByRole('status')
    .filter({ hasText: 'Loading Oman (Muscat Office) details' })
    .waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Oman (Muscat Office)' }).click();
  await spinner;
  await expect(page.getByRole('heading', { name: 'Oman (Muscat Office)' })).toBeVisible();
});
