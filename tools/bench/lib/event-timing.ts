// Interaction latency as Chromium reports it: the Event Timing API (PerformanceObserver of type 'event',
// durationThreshold 16, buffered) collected in the page, grouped by interactionId. An interaction's duration is its
// slowest entry's: from the input's timestamp to the next paint after its handlers ran (what INP is made of).
// Pages open in a fresh browser context each, start unthrottled, and are slowed 4x (CDP) once they have started.
import type { Browser, Page } from '@playwright/test';

/** The CPU slowdown applied once the page has started (Chromium's "mid-range phone" reading, QUALITY-NOTES.md). */
export const CPU_SLOWDOWN = 4;
/** Entries shorter than this are not reported by the browser (16 ms is the smallest threshold it accepts). */
export const DURATION_THRESHOLD = 16;

/** One Event Timing entry, as the page records it. */
interface RawEntry {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
  processingStart: number;
  processingEnd: number;
}

/**
 * One interaction: all entries with the same interactionId (a click's pointerdown, pointerup and click; a key's keydown
 * and keyup). Its duration is its slowest entry's, as INP counts it; the parts split it as web-vitals' attribution does,
 * over the entries painted in the same frame as the slowest (inputDelay + processing + presentation ~ duration).
 */
export interface Interaction {
  /** The slowest entry's duration (ms; the browser rounds it to 8 ms). */
  duration: number;
  /** Its first event's input time (a click: the press). */
  startTime: number;
  /** Its last event's input time (a click: the release, when the click event fires). */
  lastStartTime: number;
  /** Input delay: from the input to its first handler (the main thread was busy). */
  inputDelay: number;
  /** From the first handler's start to the last one's end in that frame (a click: pointerdown to click, and between). */
  processing: number;
  /** From the handlers' end to the next paint (rendering the change: React's commit, style, layout, paint). */
  presentation: number;
}

declare global {
  interface Window {
    __benchEventTimings?: RawEntry[];
  }
}

// Functions that run in the page must not define named functions inside: tsx would wrap them in its `__name` helper,
// which the page lacks. (Strings would do, but the site's CSP forbids evaluating them where Playwright polls.)
function observeEventTiming(threshold: number) {
  if (window !== window.top || window.__benchEventTimings) return;
  const entries: RawEntry[] = [];
  window.__benchEventTimings = entries;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      entries.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        interactionId: entry.interactionId || 0,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
      });
    }
  });
  // durationThreshold is missing from TypeScript's DOM types (it is in the Event Timing spec and Chromium).
  const options: PerformanceObserverInit & { durationThreshold: number } = {
    type: 'event',
    durationThreshold: threshold,
    buffered: true,
  };
  observer.observe(options);
}

export interface StartedPage {
  page: Page;
  close: () => Promise<void>;
}

export interface OpenOptions {
  viewport: { width: number; height: number };
  /** Runs before the page's own scripts, in every frame (e.g. to store a visitor profile). */
  init?: () => void;
}

/**
 * Opens `url` in a fresh context (no cache, no storage) with the Event Timing observer installed, waits until the
 * page answers clicks (`html[data-started]`, as the Playwright fixture does), the network is idle and the chat (loaded
 * once the page is idle, on every page) has mounted; then slows the CPU 4x.
 */
export async function openStartedPage(browser: Browser, url: string, options: OpenOptions): Promise<StartedPage> {
  const context = await browser.newContext({ viewport: options.viewport });
  try {
    await context.addInitScript(observeEventTiming, DURATION_THRESHOLD);
    if (options.init) await context.addInitScript(options.init);
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('html[data-started]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    if ((await page.getByText('Unexpected Application Error!').count()) > 0)
      throw new Error(`${new URL(url).pathname} shows the error screen`);
    // Its toggle button is there once the chat has mounted. A chat that cannot load must not stop the other rows.
    await page
      .getByRole('button', { name: /^(Open|Close) chat$/ })
      .waitFor({ state: 'attached', timeout: 30_000 })
      .catch(() => undefined);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Let the slowed page finish what the start left queued (idle callbacks, a transition's last slices).
    await page.waitForTimeout(500);
    return { page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The page's clock (performance.now()): interactions that start after it are the ones being measured. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** Entries whose paint ends within this of each other were painted in the same frame (web-vitals uses 8 ms). */
const SAME_FRAME_MS = 8;

function describe(parts: RawEntry[]): Interaction {
  const slowest = parts.reduce((worst, entry) => (entry.duration > worst.duration ? entry : worst));
  const end = slowest.startTime + slowest.duration;
  // The parts as web-vitals' attribution splits them: over the entries painted in the slowest one's frame.
  const frame = parts.filter((entry) => Math.abs(entry.startTime + entry.duration - end) <= SAME_FRAME_MS);
  const startTime = Math.min(...frame.map((entry) => entry.startTime));
  const processingStart = Math.min(...frame.map((entry) => entry.processingStart));
  const processingEnd = Math.max(...frame.map((entry) => entry.processingEnd));
  return {
    duration: slowest.duration,
    startTime: Math.min(...parts.map((entry) => entry.startTime)),
    lastStartTime: Math.max(...parts.map((entry) => entry.startTime)),
    inputDelay: processingStart - startTime,
    processing: processingEnd - processingStart,
    presentation: Math.max(0, end - processingEnd),
  };
}

function group(entries: RawEntry[]): Interaction[] {
  const byId = new Map<number, RawEntry[]>();
  for (const entry of entries) byId.set(entry.interactionId, [...(byId.get(entry.interactionId) ?? []), entry]);
  return [...byId.values()].map(describe).sort((a, b) => a.startTime - b.startTime);
}

async function readSince(page: Page, since: number): Promise<Interaction[]> {
  const entries = await page.evaluate(
    (from) => (window.__benchEventTimings ?? []).filter((entry) => entry.interactionId > 0 && entry.startTime >= from),
    since,
  );
  return group(entries);
}

/**
 * The interactions that started after `since`, once `expected` of them have been reported and nothing new has come
 * for `settleMs` (an interaction's entries can arrive in two frames: pointerdown, then pointerup and click). An
 * interaction faster than 16 ms is never reported: after `timeoutMs` fewer than `expected` come back.
 */
export async function interactionsSince(
  page: Page,
  since: number,
  expected = 1,
  timeoutMs = 1500,
  settleMs = 300,
): Promise<Interaction[]> {
  const deadline = Date.now() + timeoutMs;
  let found = await readSince(page, since);
  while (found.length < expected && Date.now() < deadline) {
    await page.waitForTimeout(50);
    found = await readSince(page, since);
  }
  for (;;) {
    await page.waitForTimeout(settleMs);
    const again = await readSince(page, since);
    const changed =
      again.length !== found.length || again.some((item, index) => item.duration !== found[index]?.duration);
    found = again;
    if (!changed) return found;
  }
}
