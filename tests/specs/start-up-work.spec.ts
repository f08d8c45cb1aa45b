// What a page's start-up does on the main thread, beyond what it downloads (js-budget.spec.ts). The page's first
// Intl.NumberFormat loads the locale's number data: 30-120 ms in one task, 130-470 ms at Lighthouse's 4x CPU, which
// the start-up paid for the header's basket label ("Quote basket, empty", a plural) and the carousel's "1st". The
// site's texts write their counts without it (shared-store's messageText.ts); this holds the first views to that,
// and shows the texts it writes are the ones visitors read.
import type { APIRequestContext, Page } from '@playwright/test';
import { productImagePath } from '@site/content';
import { htmlToText } from '@site/content/html-text';
import { productPath } from '@site/contracts/paths';
import { productViewSearch } from '@site/contracts/product-view';
import { test, expect, siteHas } from '../support/fixtures';
import { siteListing, siteProduct } from '../support/site-facts';
import { EXAMPLE_CATEGORY_PATH, EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';

/** Counts every Intl.NumberFormat the page makes (a transparent wrapper, installed before the page's scripts). */
const COUNT_NUMBER_FORMATS = `
  window.__numberFormats = 0;
  Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
    construct(target, args) { window.__numberFormats += 1; return Reflect.construct(target, args); },
    apply(target, self, args) { window.__numberFormats += 1; return Reflect.apply(target, self, args); },
  });
`;

const PAGES = [
  { path: '/home', heading: 'Electrical Products & Industrial Solutions', basket: 'Quote basket, empty' },
  { path: EXAMPLE_CATEGORY_PATH, heading: EXAMPLE_PRODUCT.categoryTitle, basket: 'Quote basket, empty' },
  { path: '/ar/home', heading: /.+/, basket: 'سلة عرض السعر، فارغة' },
  { path: `/ar${EXAMPLE_CATEGORY_PATH}`, heading: /.+/, basket: 'سلة عرض السعر، فارغة' },
];

for (const { path, heading, basket } of PAGES) {
  test(`${path}: the start-up makes no Intl.NumberFormat, and the header reads "${basket}"`, {
    tag: ['@site', '@shell', '@catalogue'],
  }, async ({ page }) => {
    await page.addInitScript(COUNT_NUMBER_FORMATS);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: basket })).toBeVisible();
    // the chat too, which starts once the page has loaded and the browser is idle
    await page.waitForLoadState('load');
    await page.waitForFunction(
      () => new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 2000 })),
    );
    expect(await page.evaluate(() => (window as unknown as { __numberFormats: number }).__numberFormats)).toBe(0);
  });
}

// The first Intl.Segmenter loads the browser's break-iteration data: 50-110 ms of one task at 4x CPU, which a product
// page's start paid for the review form's character counting (content's validation rules), before anything was typed.
// The rules make it at their first use; a value cut to its limit is still cut in whole characters.
const COUNT_SEGMENTERS = `
  window.__segmenters = 0;
  Intl.Segmenter = new Proxy(Intl.Segmenter, {
    construct(target, args) { window.__segmenters += 1; return Reflect.construct(target, args); },
  });
`;
const segmenters = (page: Page) => page.evaluate(() => (window as unknown as { __segmenters: number }).__segmenters);

for (const path of [EXAMPLE_PRODUCT_PATH, `/ar${EXAMPLE_PRODUCT_PATH}`]) {
  test(`${path}: the start-up makes no Intl.Segmenter`, { tag: ['@site', '@catalogue'] }, async ({ page }) => {
    await page.addInitScript(COUNT_SEGMENTERS);
    await page.goto(path);
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    await page.waitForLoadState('load');
    expect(await segmenters(page)).toBe(0);
  });
}

test('the review form still cuts a name to 100 characters as a person counts them', {
  tag: ['@site', '@catalogue'],
}, async ({ page }) => {
  await page.addInitScript(COUNT_SEGMENTERS);
  await page.goto(EXAMPLE_PRODUCT_PATH);
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
  const name = page.getByRole('form', { name: /review/i }).getByLabel('Name*');
  // 'é' written as e and a combining accent: two UTF-16 units, one character
  await name.fill('e\u0301'.repeat(120));
  await expect(name).toHaveValue('e\u0301'.repeat(100));
  expect(await segmenters(page)).toBe(1);
});

test('the basket label counts what a visitor adds, in both editions', {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ page }) => {
  await page.goto(EXAMPLE_CATEGORY_PATH);
  await page
    .getByRole('button', { name: /^Add .* to quote$/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Quote basket, 1 product' })).toBeVisible();
  await page.goto(`/ar${EXAMPLE_CATEGORY_PATH}`);
  await expect(page.getByRole('button', { name: 'سلة عرض السعر، منتج واحد' })).toBeVisible();
});

// The scripts wait for the first view's pictures (server/src/pages/ssr/afterFirstPaint.ts): the largest paint is often a
// picture, and 150 KB of scripts downloading beside it delayed it. The product is one of the site's (its catalogue API):
// the example product, or another of its category, with its drawing as its picture (not an uploaded photo) and rich
// text of its own, and a second product of that category's first page with rich text too.
interface PagedProduct {
  path: string;
  /** The address of the page's picture (its drawing). */
  picture: string;
  /** Words of its first paragraph, as one run of text in the page. */
  summaryWords: string;
  categoryTitle: string;
  /** Another product of the category's first page, with rich text, drawn in the browser. */
  nextName: string;
}

/** A paragraph's first words up to its first tag inside (one run of text in the page); '' when a tag comes first. */
const firstWords = (html: string): string =>
  htmlToText(html.replace(/^\s*<p[^>]*>/i, '').split('<')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(' ');

let paged: Promise<PagedProduct | undefined> | undefined;
const pagedProduct = (request: APIRequestContext): Promise<PagedProduct | undefined> =>
  (paged ??= (async () => {
    const { products } = await siteListing(request, EXAMPLE_PRODUCT.categoryId);
    const ids = [
      EXAMPLE_PRODUCT.productId,
      ...products.map(({ id }) => id).filter((id) => id !== EXAMPLE_PRODUCT.productId),
    ];
    const withText: { id: string; name: string; picture?: string; words: string; categoryTitle: string }[] = [];
    const withCode = new Map<string, string>();
    for (const id of ids) {
      const answer = await siteProduct(request, id);
      const paragraph = answer?.product.detail?.[0];
      if (answer === undefined || paragraph === undefined) continue;
      const words = firstWords(paragraph);
      withCode.set(id, answer.variants[0]!.code);
      withText.push({
        id,
        name: answer.listing.productName,
        ...(answer.product.picture === undefined
          ? { picture: productImagePath(answer.product.image || answer.listing.image) }
          : {}),
        words,
        categoryTitle: answer.product.categoryName,
      });
      const first = withText.find((product) => product.picture !== undefined && product.words.split(' ').length >= 2);
      const next = withText.find(
        (product) => product !== first && products.some(({ id: listed }) => listed === product.id),
      );
      if (first?.picture !== undefined && next !== undefined) {
        // its first variant chosen: the summary of a product of several has "Add to quote" once one is
        const code = withCode.get(first.id)!;
        const path = `${productPath(EXAMPLE_PRODUCT.categoryId, first.id)}${productViewSearch(code)}`;
        return {
          path,
          picture: first.picture,
          summaryWords: first.words,
          categoryTitle: first.categoryTitle,
          nextName: next.name,
        };
      }
    }
    return undefined;
  })());
const LACKING = 'no product of the example category with a drawing and rich text, beside another with rich text';
const SHELL_SCRIPT = /\/main\.[0-9a-f]+\.js$/;

test("a product page's scripts start after its picture has arrived, and the page then works", {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ page, request }) => {
  const product = siteHas(await pagedProduct(request), LACKING);
  const order: string[] = [];
  await page.route(`**${product.picture}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === product.picture) order.push('picture');
  });
  page.on('request', (request) => {
    if (SHELL_SCRIPT.test(new URL(request.url()).pathname)) order.push('script');
  });
  await page.goto(product.path);
  expect(order.slice(0, 2)).toEqual(['picture', 'script']);
  await page.getByRole('button', { name: 'Add to quote', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Quote basket, 1 product' })).toBeVisible();
});

test('a picture that does not arrive keeps the scripts back one second at most', {
  tag: ['@site', '@shell', '@catalogue'],
}, async ({ page, request }) => {
  const product = siteHas(await pagedProduct(request), LACKING);
  await page.route(`**${product.picture}`, () => {
    // never answered: the picture stays on its way
  });
  await page.goto(product.path, { waitUntil: 'commit' });
  await page.locator('html[data-started]').waitFor({ state: 'attached', timeout: 10_000 });
  await page.getByRole('button', { name: 'Add to quote', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Quote basket, 1 product' })).toBeVisible();
});

// The server's styles stay as they are once the scripts start (shell/src/server-render/serverStyles.ts): had the
// browser's styled-components copied them into a sheet of its own, every element's style would be recalculated after
// the first paint. Its own sheet holds only what the browser drew itself (the closed menu's panel, the chat).
for (const path of ['/home', `/ar${EXAMPLE_CATEGORY_PATH}`]) {
  test(`${path}: the start-up keeps the server's styles, copying none of them`, {
    tag: ['@site', '@shell', '@catalogue'],
  }, async ({ page }) => {
    await page.goto(path);
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    await expect(page.getByRole('button', { name: /Quote basket|سلة عرض السعر/ })).toBeVisible();
    const sheets = await page.evaluate(() => {
      const rules = (selector: string) =>
        [...document.querySelectorAll<HTMLStyleElement>(selector)].flatMap((style) =>
          [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
        );
      return {
        server: rules('style[data-server-styles]'),
        browser: rules('style[data-styled]'),
        bodyFont: getComputedStyle(document.body).fontFamily,
      };
    });
    expect(sheets.server.length).toBeGreaterThan(80);
    expect(sheets.browser.filter((rule) => sheets.server.includes(rule))).toEqual([]);
    // the global style still applies (from the server's sheet)
    expect(sheets.bodyFont).toContain('system-ui');
  });
}

// A product page's rich text (its detail paragraphs and description) is sanitised in the browser before it is written
// (mfe-catalogue's SafeHtml). Hydrating the server's page it is already written, cleaned by the server, and in the page
// before any script ran: sanitising it again cost the hydration 13-91 ms at 4x CPU, and loading DOMPurify (its own
// chunk) ~30 KB of script run at start. Drawn in the browser, it is sanitised once that chunk has loaded.
/** Counts the documents DOMPurify parses (one per fragment it sanitises), installed before the page's scripts. */
const COUNT_PARSED_FRAGMENTS = `
  window.__parsedFragments = 0;
  const parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (...args) { window.__parsedFragments += 1; return parse.apply(this, args); };
`;
/** The catalogue's chunk holding DOMPurify's caller (mfe-catalogue's richTextSanitizer.ts names it). */
const SANITIZER_CHUNK = /\/remotes\/catalogue\/rich-text-sanitizer\.[0-9a-f]+\.js$/;
const parsedFragments = (page: Page) =>
  page.evaluate(() => (window as unknown as { __parsedFragments: number }).__parsedFragments);

test("a product page hydrates the server's sanitised rich text as it is, and sanitises the next product's it draws", {
  tag: ['@site', '@catalogue'],
}, async ({ page, request }) => {
  const product = siteHas(await pagedProduct(request), LACKING);
  await page.addInitScript(COUNT_PARSED_FRAGMENTS);
  const sanitizerRequests: string[] = [];
  page.on('request', (request) => {
    if (SANITIZER_CHUNK.test(new URL(request.url()).pathname)) sanitizerRequests.push(request.url());
  });
  await page.goto(product.path);
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
  const summary = page.getByRole('region', { name: 'Product summary' });
  await expect(summary.getByText(product.summaryWords).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await parsedFragments(page)).toBe(0);
  expect(sanitizerRequests).toEqual([]);

  // another product of the category, drawn in the browser: its HTML is sanitised before it is written
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: product.categoryTitle, exact: true })
    .first()
    .click();
  await page.getByRole('link', { name: product.nextName }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: product.nextName })).toBeVisible();
  // its rich text may be written a moment after its heading shows: wait for the sanitising, not for a fixed moment
  await expect.poll(() => parsedFragments(page)).toBeGreaterThan(0);
  expect(sanitizerRequests).toHaveLength(1);
});

// The home carousel's first picture is revealed through eight growing stripes while the page starts. As a mask moved
// by an animated custom property, the main thread restyled and repainted the picture on every frame of the 0.5 s (~50
// paints in one reveal, the SVG rastered again each time): long tasks in the middle of the start. As a clip-path on a
// picture in a layer of its own, the compositor runs it (mfe-company/src/home/carousel/StripedImage.tsx). Chromium's
// trace says of each animation it could not give the compositor why ("compositeFailed", the properties at fault).
for (const path of ['/home', '/ar/home']) {
  test(`${path}: every animation of the start runs on the compositor, the carousel's striped reveal included`, {
    tag: ['@site', '@shell'],
  }, async ({ page }) => {
    const browser = page.context().browser()!;
    await browser.startTracing(page, { categories: ['blink.animations', 'devtools.timeline'] });
    let trace: Buffer;
    try {
      await page.goto(path);
      const revealed = page.locator('section[aria-roledescription="carousel"] img[data-state="active"]');
      await expect(revealed.first()).toBeAttached();
      // the reveal (0.5 s) run to its end
      await expect
        .poll(() =>
          revealed
            .first()
            .evaluate((image) => image.getAnimations().every((animation) => animation.playState === 'finished')),
        )
        .toBe(true);
    } finally {
      trace = await browser.stopTracing();
    }
    interface AnimationData {
      displayName?: string;
      nodeName?: string;
      compositeFailed?: number;
      unsupportedProperties?: string[];
    }
    const events = (
      JSON.parse(trace.toString()) as {
        traceEvents: { name: string; ph: string; id?: string; args?: { data?: AnimationData } }[];
      }
    ).traceEvents;
    const started = events.filter((event) => event.name === 'Animation' && event.ph === 'b');
    expect(started.map((event) => event.args?.data?.displayName ?? '')).toContainEqual(expect.stringMatching(/\S/));
    const notComposited = events
      .filter((event) => event.name === 'Animation' && event.args?.data?.compositeFailed !== undefined)
      .map(
        (event) =>
          `${started.find((start) => start.id === event.id)?.args?.data?.nodeName ?? '?'}: ${JSON.stringify(event.args?.data)}`,
      );
    expect(notComposited).toEqual([]);
  });
}
