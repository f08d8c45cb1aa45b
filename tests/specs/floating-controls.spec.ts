// The floating controls (the chat widget, mfe-chat; the brochure button, shell): the chat panel stays as the visitor
// left it (mfe-chat/src/widget/panelMemory.ts: a cookie for the visit, kept 180 days once the visitor has chatted), and
// on a phone the controls share one corner in a strip at the bottom of the screen (theme.floating), mirrored on a
// right-to-left page. Nothing moves while they arrive.
import type { Browser, Cookie, Locator, Page } from '@playwright/test';
import { test, expect, waitUntilStarted } from '../support/fixtures';
import { siteProduct } from '../support/site-facts';
import { EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';

/** A product page of the site under test (the seed's cable gland on the suite's own server). */
const PRODUCT = EXAMPLE_PRODUCT_PATH;
const PANEL_COOKIE = 'site_chat_panel';
const PROFILE_KEY = 'crescent-chat-visitor';
/** The widget's greeting comes 0.5 s after it mounts: a panel that changed its state on its own would have by then. */
const SETTLE_MS = 1000;

/**
 * The page's timers of the next SETTLE_MS fired at once, on Playwright's clock (installed before the page loads; real
 * time flows meanwhile), instead of waiting for them.
 */
const settle = (page: Page) => page.clock.runFor(SETTLE_MS);

const chat = (page: Page) => page.getByRole('dialog', { name: 'Crescent Assistant' });
const openButton = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const restoreButton = (page: Page) => page.getByRole('button', { name: /^Restore chat/ });
const brochure = (page: Page) => page.getByRole('link', { name: 'Download Brochure', exact: true });

async function panelCookie(page: Page): Promise<Cookie | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === PANEL_COOKIE);
}

/** The chat has mounted (after the page load) closed, and stays closed. */
async function expectClosed(page: Page) {
  await expect(openButton(page)).toBeVisible();
  await settle(page);
  await expect(chat(page)).toHaveCount(0);
  await expect(restoreButton(page)).toHaveCount(0);
}

/** The chat has mounted minimized, and stays so. */
async function expectMinimized(page: Page) {
  await expect(restoreButton(page)).toBeVisible();
  await settle(page);
  await expect(chat(page)).toHaveCount(0);
  await expect(restoreButton(page)).toBeVisible();
}

/** A page of the same visit in a new tab (same browser context). */
async function newTab(page: Page, path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(path);
  await waitUntilStarted(tab);
  return tab;
}

/** The browser restarted: the next visit keeps the persistent cookies and the local storage, not the session cookies. */
async function nextVisit(page: Page, browser: Browser, baseURL: string): Promise<Page> {
  const state = await page.context().storageState();
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
  await context.clock.install();
  return context.newPage();
}

test.describe('the chat panel stays as the visitor left it (1280 px)', { tag: ['@site', '@shell', '@chat'] }, () => {
  test.beforeEach(async ({ context }) => context.clock.install());
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a fresh visitor's first page view opens it (the spec's default); nothing is remembered yet", async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(chat(page)).toBeVisible();
    expect(await panelCookie(page)).toBeUndefined();
  });

  test('closed on /home: stays closed after a navigation, a reload and in a new tab', async ({
    page,
    consoleProblems,
  }) => {
    test.slow(); // a journey by nature: four page loads (a navigation, a reload, a new tab, a reload)
    await page.goto('/home');
    await chat(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(chat(page)).toBeHidden();
    // for this visit only: a session cookie for every page of the site
    expect(await panelCookie(page)).toMatchObject({ value: 'closed', path: '/', sameSite: 'Lax', expires: -1 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expectClosed(page);

    await page.reload();
    await expectClosed(page);

    const tab = await newTab(page, PRODUCT);
    await expect(tab.getByRole('heading', { level: 1, name: 'Product Details' })).toBeVisible();
    await expectClosed(tab);

    // opening it again is remembered the same way
    await openButton(tab).click();
    await expect(chat(tab)).toBeVisible();
    await page.reload();
    await expect(chat(page)).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('minimized: stays minimized after a navigation, a reload and in a new tab', async ({ page }) => {
    test.slow(); // a journey by nature: three page loads (a navigation, a reload, a new tab)
    await page.goto('/home');
    await chat(page).getByRole('button', { name: 'Minimize chat' }).click();
    await expect(restoreButton(page)).toBeVisible();
    expect(await panelCookie(page)).toMatchObject({ value: 'minimized', expires: -1 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await expectMinimized(page);

    await page.reload();
    await expectMinimized(page);

    const tab = await newTab(page, '/contact-us');
    await expectMinimized(tab);
    await restoreButton(tab).click();
    await expect(chat(tab)).toBeVisible();
  });

  test('the next visit: open again for a visitor who never chatted, the last choice of one who did', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // three visits in three browser contexts, a chat exchange between them
    await page.goto('/home');
    await chat(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(chat(page)).toBeHidden();
    const stranger = await nextVisit(page, browser, baseURL!);
    await stranger.goto('/home');
    await expect(chat(stranger)).toBeVisible();
    await stranger.context().close();

    // A visitor who introduces themselves (a saved profile), then minimizes: kept for 180 days.
    await openButton(page).click();
    await chat(page).getByRole('button', { name: 'Just start chatting' }).click();
    const input = chat(page).getByRole('textbox', { name: 'Type your message' });
    await input.fill('Omar');
    await input.press('Enter');
    await expect(chat(page).getByRole('log', { name: 'Chat messages' })).toContainText('Nice to meet you, Omar!');
    await chat(page).getByRole('button', { name: 'Minimize chat' }).click();
    const cookie = await panelCookie(page);
    expect(cookie).toMatchObject({ value: 'minimized' });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);

    const chatter = await nextVisit(page, browser, baseURL!);
    await chatter.goto(PRODUCT);
    await waitUntilStarted(chatter);
    await expectMinimized(chatter);
    await chatter.context().close();
  });

  test('a returning visitor (profile kept from an earlier visit) who closes it finds it closed on the next visit', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // two visits in two browser contexts, each a full start of the site
    await page.addInitScript(
      ({ key, profile }) => {
        if (window === window.top && !window.localStorage.getItem(key)) window.localStorage.setItem(key, profile);
      },
      {
        key: PROFILE_KEY,
        profile: JSON.stringify({
          userName: 'Aisha Rahman',
          userEmail: 'aisha@example.com',
          userCountry: 'Oman',
          timestamp: '2025-01-05T09:05:00.000Z',
        }),
      },
    );
    await page.goto('/home');
    await expect(chat(page)).toContainText('Welcome back, Aisha Rahman!');
    await chat(page).getByRole('button', { name: 'Close chat' }).click();
    expect((await panelCookie(page))?.expires).toBeGreaterThan(Date.now() / 1000 + 179 * 86_400);
    const next = await nextVisit(page, browser, baseURL!);
    await next.goto('/about');
    await waitUntilStarted(next);
    await expectClosed(next);
    await next.context().close();
  });
});

/** The element's box on screen (it must be visible). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone (375 px), the floating controls share one corner', {
  tag: ['@site', '@shell', '@chat'],
}, () => {
  test.beforeEach(async ({ context }) => context.clock.install());
  test.use({ viewport: { width: 375, height: 740 } });
  const STRIP = 80;

  /** Both controls: apart, inside the bottom strip, on the given side of the screen. */
  async function expectCorner(page: Page, chatControl: Locator, side: 'right' | 'left') {
    const width = page.viewportSize()!.width;
    const height = page.viewportSize()!.height;
    const boxes = [await box(brochure(page)), await box(chatControl)];
    expect(overlap(boxes[0]!, boxes[1]!)).toBe(false);
    for (const each of boxes) {
      expect(each.y).toBeGreaterThanOrEqual(height - STRIP);
      expect(each.y + each.height).toBeLessThanOrEqual(height);
      // small round buttons, not pills or bars
      expect(each.width).toBeLessThanOrEqual(60);
      if (side === 'right') expect(each.x).toBeGreaterThan(width / 2);
      else expect(each.x + each.width).toBeLessThan(width / 2);
    }
    // the chat button in the corner, the brochure beside it towards the middle
    if (side === 'right') expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
    else expect(boxes[1]!.x).toBeLessThan(boxes[0]!.x);
  }

  test('a product page: the brochure icon button and the round chat button, side by side in a strip of 80 px; no bar', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const example = await siteProduct(request, EXAMPLE_PRODUCT.productId);
    if (example === undefined) throw new Error(`the site has no product ${EXAMPLE_PRODUCT.productId}`);
    await page.goto(PRODUCT);
    await expect(restoreButton(page)).toBeVisible();
    await expect(brochure(page)).toHaveAttribute('download', '');
    await expectCorner(page, restoreButton(page), 'right');
    // minimized is the one round button (no bar and button), with a dot once the greeting is unread
    await expect(page.getByRole('button', { name: /chat/i })).toHaveCount(1);
    await expect(restoreButton(page)).toHaveAccessibleDescription('New message');

    // opened it fills the screen; closed it is the same round button, in the same place
    const before = await box(restoreButton(page));
    await restoreButton(page).click();
    expect(await box(chat(page))).toEqual({ x: 0, y: 0, width: 375, height: 740 });
    await chat(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(openButton(page)).toBeVisible();
    expect(await box(openButton(page))).toEqual(before);
    await expect(openButton(page)).not.toHaveAccessibleDescription('New message');
    await expectCorner(page, openButton(page), 'right');

    // scrolled into the text, the controls still only take the strip
    await page
      .getByRole('heading', { level: 2, name: example.product.productName, exact: true })
      .scrollIntoViewIfNeeded();
    await expectCorner(page, openButton(page), 'right');
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a phone never reopens the full-screen panel on the next page, even after it was left open', async ({
    page,
  }) => {
    await page.goto('/home');
    await restoreButton(page).click();
    await expect(chat(page)).toBeVisible();
    expect(await panelCookie(page)).toMatchObject({ value: 'open' });
    await page.reload();
    await expectMinimized(page);
  });

  test('on a right-to-left page the corner mirrors (logical properties)', async ({ page }) => {
    await page.goto('/home');
    await expect(restoreButton(page)).toBeVisible();
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await expectCorner(page, restoreButton(page), 'left');
  });
});

/** Records the layout shifts no input caused (what CLS counts), as in server-rendering.spec.ts. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    const describe = (node: Node | undefined) =>
      node instanceof Element ? `<${node.tagName.toLowerCase()} class="${node.className}">` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (!entry.hadRecentInput)
          shifts.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => describe(source.node)).join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);

/**
 * Until the page has stopped changing as a visitor sees it: loaded, its fonts in, and the document's height and the
 * floating controls' boxes the same over 10 frames the browser really draws (a shift is measured over drawn frames, so
 * the clock is not jumped here).
 */
async function untilDrawnAndStill(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const snapshot = () =>
      [
        document.documentElement.scrollHeight,
        ...[...document.querySelectorAll('button')]
          .filter((button) => /chat$/i.test(button.getAttribute('aria-label') ?? button.textContent ?? ''))
          .map((button) => JSON.stringify(button.getBoundingClientRect())),
      ].join('|');
    let last = snapshot();
    for (let still = 0; still < 10; ) {
      await new Promise(requestAnimationFrame);
      const now = snapshot();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
]) {
  test.describe(`nothing moves as the controls arrive, at ${viewport.width} px`, {
    tag: ['@site', '@shell', '@chat'],
  }, () => {
    test.use({ viewport });

    for (const path of ['/home', PRODUCT]) {
      test(`${path}: layout shift 0 on the first view and on a page with the chat closed`, async ({ page }) => {
        await recordLayoutShifts(page);
        await page.goto(path);
        await expect(page.getByRole('button', { name: /^(Open|Close|Restore) chat$/ }).last()).toBeVisible();
        await untilDrawnAndStill(page);
        expect(await layoutShifts(page)).toEqual([]);

        // closed (on a phone: opened full screen, then closed), then the page again
        if (viewport.width <= 576) await restoreButton(page).click();
        await chat(page).getByRole('button', { name: 'Close chat' }).click();
        await page.reload();
        await expect(openButton(page)).toBeVisible();
        await untilDrawnAndStill(page);
        expect(await layoutShifts(page)).toEqual([]);
      });
    }
  });
}
