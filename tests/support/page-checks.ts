// What every page must be, read from one visit: the HTML's head as the server wrote it, the CSP violations the page
// reports, the preloads it was given and the requests it made. Shared by the specs that check pages this way, so that
// one visit of a route can answer all of them (specs/every-page.spec.ts, the Arabic edition's arabic-pages.spec.ts).
import { expect, type Page } from '@playwright/test';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** The text of an HTML attribute value or element as the server escaped it. */
export const decodeEntities = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => ENTITIES[name] ?? '');

/** The document title the server wrote. */
export const titleOf = (html: string): string => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

/** Every preload's address: the server's (quoted) and the shell build's own (minified, unquoted). */
export const preloadedFiles = (html: string): string[] =>
  [
    ...html.matchAll(
      /<link rel="preload" href="([^"]+)"[^>]*>|<link rel="preload" as="script" href="([^"]+)">|<link rel=preload href=([^\s>]+)[^>]*>/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);

/** CSP violations the page reports (its own document and frames), besides the console errors Chromium logs for them. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Chromium's warning, 3 s after the load event, for a preload nobody used. */
const UNUSED_PRELOAD = /was preloaded using link preload but not used/;
/** When Chromium checks for unused preloads, after the load event (Blink's kUnusedPreloadTimeoutInSeconds). */
const UNUSED_PRELOAD_CHECK_MS = 3_000;

export interface PreloadWatch {
  /** Each preload of `html` and how many times the page requested its file: a hint used once is requested once. */
  requestsOf(html: string): { path: string; requests: number }[];
  /** Chromium's unused-preload warnings, once it has checked (3 s after the load event, on the page's own clock). */
  unusedWarnings(): Promise<string[]>;
}

/** Watches a page, before it loads, for the requests of its preloads and Chromium's warning for one not used. */
export function watchPreloads(page: Page): PreloadWatch {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (UNUSED_PRELOAD.test(message.text())) warnings.push(message.text());
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return {
    requestsOf: (html) =>
      preloadedFiles(html).map((href) => {
        const path = new URL(href, 'http://site').pathname;
        return { path, requests: requested.filter((url) => url === path).length };
      }),
    async unusedWarnings() {
      await page.waitForLoadState('load');
      const sinceLoad = () =>
        page.evaluate(
          () =>
            performance.now() -
            (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
        );
      // with a margin for the warning to arrive
      await expect.poll(sinceLoad, { timeout: 10_000 }).toBeGreaterThan(UNUSED_PRELOAD_CHECK_MS + 500);
      return [...warnings];
    },
  };
}

/**
 * How far the page scrolls sideways (document.scrollingElement.scrollWidth - clientWidth), and when it does, the
 * outermost elements that stick out of the viewport (the likely culprits), for the failure message.
 */
export async function horizontalOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const overflow = root.scrollWidth - width;
    if (overflow <= 0) return 'none';
    const sticksOut = (element: Element | null) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -1 || box.right > width + 1);
    };
    const outside = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
      .slice(0, 8)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${label}" [${Math.round(box.left)}..${Math.round(box.right)}]`;
      });
    return `${overflow} px wider than the viewport; sticking out: ${outside.join(' | ')}`;
  });
}
