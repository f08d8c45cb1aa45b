// "Time to working": on a phone (4× CPU, Slow 4G: tests/support/slow-phone.ts), how long after the navigation a tap
// on each page's main control has its effect, and how long that first tap's interaction took (Event Timing, as INP
// counts it). Two visitors per page and try, each on a fresh visit:
//   - one tap as soon as the control is drawn (what a visitor meets): when its effect showed, or "lost";
//   - taps again every TAP_AGAIN_MS until the effect shows (how soon the page works at all).
// Part (g) of `npm run bench` (BENCH_ONLY=working); alone: `npx tsx tools/bench/time-to-working.ts` starts this
// checkout's built server (run it from another checkout, a before-build's, to read that one).
//
// Environment: BENCH_WORKING_TRIES (fresh visits per page and visitor, 3), BENCH_WORKING_WIDTHS (375,1280: 375 by
// default), BENCH_PAGES (labels' parts, comma-separated).
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { localizedPath } from '@site/contracts/locale';
import { productViewSearch } from '@site/contracts/product-view';
import { siteRouteUrl } from '@site/contracts/routes';
import { searchViewSearch } from '@site/contracts/search-view';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../tests/support/chromium';
import { startQuotationLinkSite, type QuotationLinkSite } from '../../tests/support/quotation-links';
import { JOURNEY } from '../../tests/support/quote-basket';
import { startSite, type RunningSite } from '../../tests/support/site-server';
import {
  DESKTOP_WIDTH,
  PHONE_CPU_SLOWDOWN,
  PHONE_WIDTH,
  SLOW_4G,
  screenOptions,
  slowDown,
  type ScreenWidth,
} from '../../tests/support/slow-phone';
import { message } from '../../tests/support/ui-strings';
import { DURATION_THRESHOLD, interactionsSince, type Interaction } from './lib/event-timing';
import { median, ms, printTable } from './lib/format';

/** The second visitor's taps: one every 250 ms from the control's first drawing (a visitor tapping again). */
const TAP_AGAIN_MS = 250;
/** How long a started page has to show a tap's effect before the tap counts as lost. */
const EFFECT_AFTER_START_MS = 15_000;
/** How long a page may take to draw its control and to start on a busy machine at 4× over Slow 4G. */
const PAGE_MS = 90_000;

/** What shows a control's effect, read in the page on every frame: an element matching `selector` (holding `text`). */
interface EffectProbe {
  selector: string;
  text?: string;
}

export interface WorkingPage {
  label: string;
  /** The page's address (a path on the site, or a whole address: the quotation link's site). */
  address: () => Promise<string>;
  /** The main control, and what the visitor sees when it worked. */
  control: string;
  locate: (page: Page) => Locator;
  effect: EffectProbe;
  /** What the visitor types before the tap (a form's fields). */
  prepare?: (page: Page) => Promise<void>;
  /** What the browser holds before the visit (a returning visitor's basket). */
  setUp?: (context: BrowserContext) => Promise<void>;
}

export interface WorkingTry {
  /** The first contentful paint, on the page's clock; the others: ms from the navigation's start on the bench's clock. */
  firstPaint?: number;
  drawnAt?: number;
  tapAt?: number;
  startedAt?: number;
  /** When the one tap's effect showed; undefined: lost. */
  effectAt?: number;
  /** The one tap's interaction (Event Timing); undefined when the browser reported none (under 16 ms). */
  interaction?: Interaction;
  /** The tapping-again visitor: when the effect first showed, after how many taps. */
  repeatedEffectAt?: number;
  repeatedTaps?: number;
  error?: string;
}

export interface WorkingFigures {
  label: string;
  control: string;
  width: ScreenWidth;
  tries: WorkingTry[];
}

export interface WorkingRun {
  rows: WorkingFigures[];
  loadAverage: [number, number];
}

declare global {
  interface Window {
    __workingTapAt?: number;
    __workingStartedAt?: number;
  }
}

/**
 * In every document of a visit: the Event Timing observer (the same entries as lib/event-timing.ts's, in
 * window.__benchEventTimings, durationThreshold 16 as the site's own vitals code asks), the first trusted tap's time,
 * the started mark's. A string: injected by the DevTools protocol, which the site's CSP does not govern.
 */
const RECORDER = `(() => {
  if (window !== window.top) return;
  const entries = [];
  window.__benchEventTimings = entries;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      entries.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId || 0, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
    }
  }).observe({ type: 'event', durationThreshold: ${DURATION_THRESHOLD}, buffered: true });
  addEventListener('pointerdown', (event) => { if (event.isTrusted && window.__workingTapAt === undefined) window.__workingTapAt = event.timeStamp; }, true);
  const mark = () => { if (window.__workingStartedAt === undefined && document.documentElement.hasAttribute('${STARTED_ATTRIBUTE}')) window.__workingStartedAt = performance.now(); };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['${STARTED_ATTRIBUTE}'] });
})();`;

/** The chat's panel minimized (mfe-chat/src/widget/panelMemory.ts): on a laptop the open panel covers the page's right side. */
const CHAT_PANEL_COOKIE = 'site_chat_panel';
/** Where the shell keeps the quote basket (shared-store/src/quote-basket/persistQuoteBasket.ts). */
const QUOTE_BASKET_STORAGE_KEY = 'site.quoteBasket.v1';

const { gland } = JOURNEY;
const t = (id: string, values?: Record<string, string | number>) => message('en', id, values);

/** In the page: the time the effect first shows, else 0. No named functions inside (tsx would wrap them in a helper the page lacks). */
function effectShown(probe: EffectProbe): number {
  for (const element of document.querySelectorAll(probe.selector)) {
    if (probe.text === undefined || (element.textContent ?? '').includes(probe.text)) return performance.now();
  }
  return 0;
}

const basketWithOne: EffectProbe = { selector: `header button[aria-label="${t('header.quoteBasket', { count: 1 })}"]` };
const searchOpen: EffectProbe = { selector: '[role="dialog"] input[role="combobox"]' };

/** The pages of the early-interactions spec, each with its main control (`quotation`: the quotation link's site). */
export function workingPages(quotation: () => Promise<QuotationLinkSite>): WorkingPage[] {
  const headerSearch = (locale: 'en' | 'ar') => (page: Page) =>
    page.getByRole('banner').getByRole('button', { name: message(locale, 'header.search'), exact: true });
  const fill = async (page: Page, fields: [string, string][]) => {
    for (const [name, text] of fields) await page.getByRole('textbox', { name, exact: true }).fill(text);
  };
  return [
    {
      label: '/home',
      address: async () => siteRouteUrl('home'),
      control: 'header search',
      locate: headerSearch('en'),
      effect: searchOpen,
    },
    {
      label: '/our-products',
      address: async () => siteRouteUrl('our-products'),
      control: 'header search',
      locate: headerSearch('en'),
      effect: searchOpen,
    },
    {
      label: 'listing',
      address: async () => gland.listingPath,
      control: 'Add to quote',
      locate: (page) =>
        page.getByRole('button', { name: t('catalogue.quote.addNamed', { name: gland.productName }), exact: true }),
      effect: basketWithOne,
    },
    {
      label: 'product page',
      address: async () => `${gland.pagePath}${productViewSearch('HEX-CW-25')}`,
      control: 'Add to quote',
      locate: (page) =>
        page
          .getByRole('region', { name: t('catalogue.summary.label'), exact: true })
          .getByRole('button', { name: t('catalogue.quote.add'), exact: true }),
      effect: basketWithOne,
    },
    {
      label: 'search page',
      address: async () => `${siteRouteUrl('search')}${searchViewSearch({ q: 'cable', page: 1, brands: [] })}`,
      control: 'compare toggle',
      locate: (page) =>
        page
          .getByRole('list', { name: t('catalogue.searchPage.listLabel', { query: 'cable' }) })
          .getByRole('checkbox')
          .first(),
      effect: { selector: `[aria-label^="${t('catalogue.compare.toggle')} "][aria-checked="true"]` },
    },
    {
      label: '/request-quote',
      address: async () => siteRouteUrl('request-quote'),
      control: 'request form send',
      locate: (page) => page.getByRole('button', { name: t('contact.quote.form.send'), exact: true }),
      prepare: (page) =>
        fill(page, [
          [t('contact.quote.form.companyName'), 'Gulf Build LLC'],
          [t('contact.quote.form.name'), 'Aisha Rahman'],
          [t('contact.form.email'), 'aisha.bench@example.com'],
          [t('contact.form.phone'), '+971 50 123 4567'],
          [t('contact.form.humanCheck', { minuend: 23, subtrahend: 14 }), '9'],
        ]),
      setUp: seedBasket,
      effect: { selector: 'h1, h2', text: t('contact.quote.sent.heading') },
    },
    {
      label: 'quotation link',
      address: async () => {
        const site = await quotation();
        return `${site.url}${await site.newLink('en')}`;
      },
      control: 'ask for changes',
      locate: (page) => page.getByRole('button', { name: t('contact.quotation.changes.send'), exact: true }),
      prepare: (page) =>
        fill(page, [[t('contact.quotation.changes.message'), 'Please quote 60 glands instead of 40.']]),
      effect: {
        selector: '[role="status"]',
        text: t('contact.quotation.changes.sent', { branch: '\u0000' }).split('\u0000')[0]!,
      },
    },
    {
      label: '/ar/home',
      address: async () => localizedPath('ar', siteRouteUrl('home')),
      control: 'header search',
      locate: headerSearch('ar'),
      effect: searchOpen,
    },
  ];
}

/** A returning visitor's basket: one line of the gland, for the request page to send. */
async function seedBasket(context: BrowserContext): Promise<void> {
  const line = {
    productId: gland.id,
    code: 'HEX-CW-25',
    productCategoryId: gland.productCategoryId,
    image: 'gland_brass',
    unit: gland.unit,
    names: { en: gland.productName },
    labels: {},
    quantity: 40,
  };
  await context.addInitScript(
    `if (!sessionStorage.getItem('bench-basket')) { sessionStorage.setItem('bench-basket', '1'); localStorage.setItem(${JSON.stringify(QUOTE_BASKET_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify({ lines: [line] }))}); }`,
  );
}

/**
 * A fresh phone (or laptop) visit to `page`, slowed down, its recorder in place, up to the control drawn (and typed
 * into). `since()`: ms from the navigation's start on this process's clock, which goes on when a tap loads another
 * document (a plain form posted), where the page's own clock starts again.
 */
async function visit(
  browser: Browser,
  site: string,
  item: WorkingPage,
  width: ScreenWidth,
): Promise<{
  context: BrowserContext;
  page: Page;
  control: Locator;
  since: () => number;
  firstPaint?: number;
  drawnAt: number;
}> {
  const address = new URL(await item.address(), site).href;
  const context = await browser.newContext(screenOptions(width));
  try {
    await context.addCookies([{ name: CHAT_PANEL_COOKIE, value: 'minimized', url: new URL(address).origin }]);
    await context.addInitScript(RECORDER);
    await item.setUp?.(context);
    const page = await context.newPage();
    await slowDown(page);
    const navigated = Date.now();
    const since = () => Date.now() - navigated;
    await page.goto(address, { waitUntil: 'commit' });
    const control = item.locate(page);
    await control.waitFor({ state: 'visible', timeout: PAGE_MS });
    const drawnAt = since();
    const firstPaint = await pageClock(
      page,
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    );
    await item.prepare?.(page);
    return { context, page, control, since, firstPaint, drawnAt };
  } catch (error) {
    await context.close();
    throw error;
  }
}

const tap = (control: Locator, width: ScreenWidth) =>
  width === PHONE_WIDTH ? control.tap({ timeout: PAGE_MS }) : control.click({ timeout: PAGE_MS });
const pageClock = <T>(page: Page, read: () => T): Promise<T | undefined> => page.evaluate(read).catch(() => undefined);
const started = (page: Page) =>
  page.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: PAGE_MS });

/**
 * The one-tap visitor: a tap as soon as the control is drawn, then the effect waited for on every frame. The times are
 * this process's, from the navigation (the first paint is the page's own reading).
 */
async function oneTap(browser: Browser, site: string, item: WorkingPage, width: ScreenWidth): Promise<WorkingTry> {
  const { context, page, control, since, firstPaint, drawnAt } = await visit(browser, site, item, width);
  try {
    const tapAt = since();
    await tap(control, width);
    // the tap's own interaction (from its input's time: a busy main thread runs the handlers long after), read before
    // a plain form's post could take the document (and its entries) away
    const pageTapAt = await pageClock(page, () => window.__workingTapAt);
    await started(page);
    const startedAt = since();
    let effectAt: number | undefined;
    try {
      await page.waitForFunction(effectShown, item.effect, { polling: 'raf', timeout: EFFECT_AFTER_START_MS });
      effectAt = since();
    } catch {
      effectAt = undefined;
    }
    const interactions =
      pageTapAt === undefined ? [] : await interactionsSince(page, pageTapAt - 1, 1, 1500, 300).catch(() => []);
    return { firstPaint, drawnAt, tapAt, startedAt, effectAt, interaction: interactions[0] };
  } finally {
    await context.close();
  }
}

/**
 * A tap where the control is on screen now, as a finger lands: a locator's tap waits for a navigation on its way (a
 * plain form's post) and then taps the next page's control at once, before a visitor could read that page.
 */
async function tapWhereDrawn(page: Page, control: Locator, width: ScreenWidth): Promise<void> {
  const box = await control
    .evaluate(
      (element) => {
        const rect = element.getBoundingClientRect();
        if (rect.top < 0 || rect.bottom > innerHeight) element.scrollIntoView({ block: 'center' });
        const { x, y, width: w, height: h } = element.getBoundingClientRect();
        return { x: x + w / 2, y: y + h / 2 };
      },
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
  if (box === undefined) return;
  await (width === PHONE_WIDTH ? page.touchscreen.tap(box.x, box.y) : page.mouse.click(box.x, box.y)).catch(
    () => undefined,
  );
}

/** The tapping-again visitor: a tap every TAP_AGAIN_MS from the control's first drawing until the effect shows. */
async function tapAgain(
  browser: Browser,
  site: string,
  item: WorkingPage,
  width: ScreenWidth,
): Promise<Pick<WorkingTry, 'repeatedEffectAt' | 'repeatedTaps'>> {
  const { context, page, control, since } = await visit(browser, site, item, width);
  try {
    let startedSince: number | undefined;
    for (let taps = 0; ; taps += 1) {
      // looked for before each tap: a dialog the last tap opened covers the control, and a sent form is gone; on a
      // page a plain form's post brought, once it is whole (the visitor reads the answer above the form before tapping
      // its button again)
      await page.waitForLoadState('domcontentloaded', { timeout: PAGE_MS }).catch(() => undefined);
      if ((await page.evaluate(effectShown, item.effect).catch(() => 0)) > 0)
        return { repeatedEffectAt: since(), repeatedTaps: taps };
      if (
        startedSince === undefined &&
        (await page
          .locator(`html[${STARTED_ATTRIBUTE}]`)
          .count()
          .catch(() => 0)) > 0
      )
        startedSince = Date.now();
      if (startedSince !== undefined && Date.now() - startedSince > EFFECT_AFTER_START_MS)
        return { repeatedTaps: taps };
      // a page that never starts (a plain form posted again and again past the link's rate limit gets its plain-text
      // refusal) ends the visit too: without this the loop tapped for ever
      if (since() > PAGE_MS + EFFECT_AFTER_START_MS) return { repeatedTaps: taps };
      await tapWhereDrawn(page, control, width);
      await page.waitForTimeout(TAP_AGAIN_MS);
    }
  } finally {
    await context.close();
  }
}

export interface WorkingOptions {
  tries: number;
  widths: ScreenWidth[];
  /** Labels' parts: only these pages (none: all). */
  pages: string[];
}

export function workingOptionsFromEnv(): WorkingOptions {
  const list = (name: string, fallback: string) =>
    (process.env[name] ?? fallback)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  const tries = Math.max(1, Math.round(Number(process.env.BENCH_WORKING_TRIES ?? 3)) || 3);
  const widths = list('BENCH_WORKING_WIDTHS', String(PHONE_WIDTH))
    .map(Number)
    .filter((width): width is ScreenWidth => width === PHONE_WIDTH || width === DESKTOP_WIDTH);
  return { tries, widths: widths.length > 0 ? widths : [PHONE_WIDTH], pages: list('BENCH_PAGES', '') };
}

/** Every page's visitors, `tries` fresh visits each, against the site at `siteUrl` (the quotation link on a site of its own). */
export async function runTimeToWorking(siteUrl: string, options: WorkingOptions): Promise<WorkingRun> {
  const loadAtStart = os.loadavg()[0]!;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let quotationSite: Promise<QuotationLinkSite> | undefined;
  const quotation = () => (quotationSite ??= startQuotationLinkSite());
  const rows: WorkingFigures[] = [];
  try {
    const pages = workingPages(quotation).filter(
      (item) => options.pages.length === 0 || options.pages.some((part) => item.label.includes(part)),
    );
    for (const width of options.widths) {
      for (const item of pages) {
        const row: WorkingFigures = { label: item.label, control: item.control, width, tries: [] };
        rows.push(row);
        for (let attempt = 0; attempt < options.tries; attempt += 1) {
          try {
            const one = await oneTap(browser, siteUrl, item, width);
            row.tries.push({ ...one, ...(await tapAgain(browser, siteUrl, item, width)) });
          } catch (error) {
            row.tries.push({ error: (error instanceof Error ? error.message : String(error)).split('\n')[0] });
          }
          console.log(`  time to working: ${item.label} at ${width} px, try ${attempt + 1} of ${options.tries}`);
        }
      }
    }
  } finally {
    await browser.close();
    if (quotationSite) await (await quotationSite.catch(() => undefined))?.stop();
  }
  return { rows, loadAverage: [loadAtStart, os.loadavg()[0]!] };
}

const medianOf = (values: (number | undefined)[]): string => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? '-' : ms(median(known));
};

export function printTimeToWorking(run: WorkingRun): void {
  const header = [
    'page',
    'control',
    'width',
    'first paint',
    'tapped at',
    'started',
    'one tap: effect at',
    'lost',
    'tap again: effect at',
    'INP of the tap',
    'delay + handlers + paint',
  ];
  const rows = [header];
  const notes: string[] = [];
  for (const row of run.rows) {
    const done = row.tries.filter((item) => item.error === undefined);
    const lost = done.filter((item) => item.effectAt === undefined).length;
    const inps = done.map((item) => item.interaction?.duration ?? 0);
    const worst = done.reduce<WorkingTry | undefined>(
      (slowest, item) => ((item.interaction?.duration ?? 0) > (slowest?.interaction?.duration ?? -1) ? item : slowest),
      undefined,
    );
    const parts = worst?.interaction
      ? `${ms(worst.interaction.inputDelay)} + ${ms(worst.interaction.processing)} + ${ms(worst.interaction.presentation)}`
      : '-';
    rows.push([
      row.label,
      row.control,
      `${row.width}`,
      medianOf(done.map((item) => item.firstPaint)),
      medianOf(done.map((item) => item.tapAt)),
      medianOf(done.map((item) => item.startedAt)),
      lost === done.length ? 'never' : medianOf(done.map((item) => item.effectAt)),
      `${lost} of ${done.length}`,
      medianOf(done.map((item) => item.repeatedEffectAt)),
      done.length === 0
        ? '-'
        : `${median(inps) < DURATION_THRESHOLD ? `< ${DURATION_THRESHOLD} ms` : ms(median(inps))} (max ${ms(Math.max(...inps))})`,
      parts,
    ]);
    for (const failed of row.tries.filter((item) => item.error !== undefined))
      notes.push(`${row.label} at ${row.width} px: a try failed (${failed.error}).`);
  }
  printTable(
    `(g) Time to working: a fresh visit at ${PHONE_CPU_SLOWDOWN}x CPU over Slow 4G (${SLOW_4G.latencyMs} ms a request, ` +
      `${Math.round(SLOW_4G.downloadKbps)} kbps down), medians of ${Math.max(0, ...run.rows.map((row) => row.tries.length))} tries, ms from the navigation`,
    rows,
    [
      ...notes,
      '"tapped at": when the control was drawn and tapped at once (after the first paint: the test waits for it to be visible and stable).',
      '"one tap: effect at": the effect of that one tap (the basket counting the line, the search dialog, the request sent...);',
      `"lost": tries where it never came (${EFFECT_AFTER_START_MS / 1000} s after the start). "tap again": a visitor tapping every ${TAP_AGAIN_MS} ms until it works.`,
      `"INP of the tap": the one tap's Event Timing (its slowest event, input to next paint; under ${DURATION_THRESHOLD} ms not reported), median (max);`,
      'its parts for the slowest try. A tap made before the start waits for the busy main thread (its input delay).',
      `Load average (1 min) at the start and end of this run: ${run.loadAverage.map((load) => load.toFixed(1)).join(' and ')} on ${os.cpus().length} cores` +
        `${Math.max(...run.loadAverage) > os.cpus().length ? ': other work shared the CPU, the figures read high' : ''}.`,
    ],
  );
}

/** Alone: this checkout's built server, the figures printed. */
async function main(): Promise<void> {
  assertChromiumInstalled();
  buildIfNeeded();
  // the bench's own server (the request page sends a request per try); on a busy machine its first start (the
  // database made from nothing) can pass startSite's 90 s: tried up to 3 times, as bench.ts does
  let site: RunningSite | undefined;
  for (let attempt = 1; site === undefined; attempt += 1) {
    try {
      site = await startSite({ SUBMIT_RATE_LIMIT_MAX: '0' });
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  The server did not start (${(error as Error).message.split('\n')[0]}); trying again...`);
    }
  }
  console.log(`npm run bench, time to working only: ${new Date().toISOString()}, site at ${site.url}`);
  try {
    printTimeToWorking(await runTimeToWorking(site.url, workingOptionsFromEnv()));
  } finally {
    await site.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
