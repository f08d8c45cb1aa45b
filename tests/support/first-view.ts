// What a page's server-rendered first view costs, in bytes and counts (they hold on any machine; timings vary 3x):
// the JS on the wire before the page is interactive, the requests before its first paint, its elements and its CSS
// rules. One load gives all four. specs/first-view-budgets.spec.ts holds them to tests/budgets/first-view.json;
// tools/bench/first-view.ts measures the reference build with the same code.
import type { Page } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';

export const MEASURES = ['jsBytesBeforeInteractive', 'requestsBeforeFirstPaint', 'domElements', 'cssRules'] as const;
export type Measure = (typeof MEASURES)[number];

/** How each measure reads in a message and a table. */
export const MEASURE_NAMES: Readonly<Record<Measure, string>> = {
  jsBytesBeforeInteractive: 'JS bytes on the wire before interactive',
  requestsBeforeFirstPaint: 'requests before the first paint',
  domElements: 'DOM elements',
  cssRules: 'CSS rules',
};

export type FirstViewFigures = Record<Measure, number>;

/**
 * Installed before the page's own scripts. When the parser has read the whole HTML (readyState 'interactive', before
 * any deferred or inserted script ran) it counts the elements and the rules of the page's style sheets: the server's
 * first view as it arrived. It also notes when the page marked itself started. A linked sheet not yet loaded by then
 * is counted from its text afterwards (readFirstView).
 */
const RECORD_FIRST_VIEW = `(() => {
  performance.setResourceTimingBufferSize(1000);
  const count = (rules) => { let n = 0; for (const rule of rules) n += 1 + (rule.cssRules ? count(rule.cssRules) : 0); return n; };
  const record = (window.__firstView = { elements: -1, rules: 0, linked: [], startedAt: -1, count });
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || record.elements !== -1) return;
    record.elements = document.getElementsByTagName('*').length;
    for (const node of document.querySelectorAll('style, link[rel~="stylesheet"]')) {
      let rules = null;
      try { rules = node.sheet ? node.sheet.cssRules : null; } catch { rules = null; }
      if (rules !== null) record.rules += count(rules);
      else if (node.tagName === 'LINK' && node.href) record.linked.push(node.href);
    }
  });
  const started = () => {
    if (record.startedAt === -1 && document.documentElement.hasAttribute('${STARTED_ATTRIBUTE}')) record.startedAt = performance.now();
  };
  new MutationObserver(started).observe(document, { attributes: true, subtree: true, attributeFilter: ['${STARTED_ATTRIBUTE}'] });
})();`;

interface Recorded {
  elements: number;
  rules: number;
  linked: string[];
  startedAt: number;
  /** Every rule of a list, those nested in @media and the like included. */
  count: (rules: CSSRuleList) => number;
}

/** Call before `page.goto`: the first view is recorded as the page loads. */
export async function recordFirstView(page: Page): Promise<void> {
  await page.addInitScript(RECORD_FIRST_VIEW);
}

const isScript = (url: string) => /\.m?js$/.test(new URL(url).pathname);

/**
 * The four figures of the load recorded by recordFirstView. `interactive` is when the page handles clicks: the shell's
 * started mark (waited for here), or, for a build without it (the reference), the load event. JS bytes are the
 * encoded (compressed) bodies of every script whose request started before then; requests before the first paint
 * count the document itself.
 */
export async function readFirstView(page: Page, { startedMark = true } = {}): Promise<FirstViewFigures> {
  if (startedMark) await page.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 30_000 });
  // Every request started before then has finished by the load event (scripts and pictures inserted before it delay it).
  await page.waitForLoadState('load');
  return page.evaluate(
    async ({ startedMark }) => {
      // (no named function in here: tsx's keepNames would wrap it in a helper the page lacks)
      const recorded = (window as unknown as { __firstView: Recorded }).__firstView;
      let linkedRules = 0;
      for (const href of recorded.linked) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(await (await fetch(href)).text());
        linkedRules += recorded.count(sheet.cssRules);
      }
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = resources.filter((entry) => /\.m?js$/.test(new URL(entry.name).pathname));
      // The first script the page asks for (a server-drawn page asks after its first paint: the inline script of
      // server/src/pages/ssr/afterFirstPaint.ts inserts their tags).
      const firstScript = Math.min(...scripts.map((entry) => entry.startTime));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const interactiveAt = startedMark ? recorded.startedAt : navigation.loadEventStart;
      const jsBytes = scripts
        .filter((entry) => entry.startTime < interactiveAt)
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
      return {
        jsBytesBeforeInteractive: jsBytes,
        // the browser's own requests ('other': the tab's icon) come when they come, not from the page
        requestsBeforeFirstPaint:
          1 + resources.filter((entry) => entry.startTime < firstScript && entry.initiatorType !== 'other').length,
        domElements: recorded.elements,
        cssRules: recorded.rules + linkedRules,
      };
    },
    { startedMark },
  );
}

/** Every script the page has fetched so far, later ones included, and their encoded (compressed) bodies: what crossed the wire. */
export async function allScripts(page: Page): Promise<{ bytes: number; paths: string[] }> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name,
      bytes: entry.encodedBodySize,
    })),
  );
  const scripts = entries.filter((entry) => isScript(entry.name));
  return {
    bytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    paths: scripts.map((entry) => new URL(entry.name).pathname),
  };
}
