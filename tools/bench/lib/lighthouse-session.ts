// One Chromium (chrome-launcher, Debian's build) driven by Lighthouse 12 (mobile emulation, default simulated
// throttling), and what one run of one page reads: scores, Web Vitals, where the main thread's time went.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/support/chromium';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** The main thread's script evaluation (mainthread-work-breakdown, group scriptEvaluation), ms. */
  scriptEvaluation: number;
  /** Transfer size of the page's scripts (resource-summary, script), bytes. */
  scriptBytes: number;
}

/** A main-thread task of 50 ms or more (Lighthouse's long-tasks audit, simulated times). */
export interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}

export interface LighthouseSample {
  figures: LighthouseFigures;
  longTasks: LongTask[];
}

export type LighthouseCategory = 'performance' | 'accessibility' | 'best-practices' | 'seo';

export interface LighthouseSession {
  /** One Lighthouse run of `url` (retried twice when the trace is lost); undefined with the reason when all failed. */
  measure(url: string, reportName: string): Promise<LighthouseSample | { failure: string }>;
  close(): void;
}

/** What one run reads from the report. */
function readSample(lhr: RunnerResult['lhr']): LighthouseSample {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
  const scriptEvaluation = items('mainthread-work-breakdown').find((item) => item.group === 'scriptEvaluation');
  const scripts = items('resource-summary').find((item) => item.resourceType === 'script');
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      scriptEvaluation: Number(scriptEvaluation?.duration ?? Number.NaN),
      scriptBytes: Number(scripts?.transferSize ?? Number.NaN),
    },
    longTasks: items('long-tasks').map((item) => ({
      url: typeof item.url === 'string' ? item.url : '',
      startTime: Number(item.startTime ?? 0),
      duration: Number(item.duration ?? 0),
    })),
  };
}

export async function openLighthouseSession(categories: LighthouseCategory[]): Promise<LighthouseSession> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
    logLevel: 'error',
  });
  return {
    async measure(url, reportName) {
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP...): retry the run twice.
      let failure = '';
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await clearCookies(chrome.port);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        }).catch((error: unknown) => ({ lhr: undefined, error }));
        const lhr = result?.lhr;
        if (lhr && !lhr.runtimeError) {
          if (process.env.BENCH_REPORTS) {
            mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
            const saved = path.join(process.env.BENCH_REPORTS, reportName);
            writeFileSync(`${saved}.json`, JSON.stringify(lhr));
            // The trace and DevTools log too (2-3 MB a run), named as the CLI's --save-assets names them, for
            // `npm run bench:lantern` (tools/bench/lantern-lcp.ts).
            if (process.env.BENCH_TRACES === '1' && result.artifacts) {
              writeFileSync(`${saved}-0.trace.json`, JSON.stringify(result.artifacts.Trace));
              writeFileSync(`${saved}-0.devtoolslog.json`, JSON.stringify(result.artifacts.DevtoolsLog));
            }
          }
          for (const warning of lhr.runWarnings ?? []) console.log(`    warning: ${warning}`);
          return readSample(lhr);
        }
        failure = lhr?.runtimeError
          ? `${lhr.runtimeError.code}`
          : // eslint-disable-next-line @typescript-eslint/no-base-to-string -- Lighthouse fails with Errors: String() shows name and message
            String((result as { error?: unknown })?.error ?? 'no result');
      }
      return { failure };
    },
    close() {
      chrome.kill();
    },
  };
}

/**
 * Every run a first visit: Lighthouse empties the cache and the page's storage before it loads a page, but keeps the
 * browser's cookies (for audits behind a sign-in). A cookie an earlier run was given would change what the server
 * sends: an Arabic page marked for the web font the browser no longer has in its cache (arabicFont.ts).
 */
async function clearCookies(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await Promise.all(browser.contexts().map((context) => context.clearCookies()));
  } finally {
    // connected, not launched: this disconnects and leaves the browser and its default context as they are
    await browser.close();
  }
}

/** A report file's name for a page path and a run ('/our-products/x' run 2 → 'our_products_x.run2'). */
export function reportName(pagePath: string, run: number, prefix = ''): string {
  return `${prefix}${pagePath.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'root'}.run${run}`;
}
