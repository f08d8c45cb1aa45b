// Lighthouse 12 (mobile emulation, default simulated throttling) driving Debian's Chromium through
// chrome-launcher: scores and Web Vitals per page, the median of BENCH_RUNS runs (3 by default).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/support/chromium';
import { kb, median, ms, printTable } from './format';
import type { BenchPage } from './pages';

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
}

/** Issue 15's bars (medians of the runs): performance >= 99, LCP <= 1.5 s, CLS <= 0.01, TBT <= 100 ms. */
export const LIGHTHOUSE_TARGETS = { performance: 99, lcp: 1500, cls: 0.01, tbt: 100 };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One page load per page before measuring, so server-side caches (compressed files, data) are warm. */
async function warmUp(siteUrl: string, pages: BenchPage[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const page of pages) {
      const tab = await browser.newPage();
      await tab.goto(siteUrl + page.path, { waitUntil: 'networkidle', timeout: 60_000 }).catch(() => undefined);
      await tab.close();
    }
  } finally {
    await browser.close();
  }
}

/** Pages whose every Lighthouse run failed (printed under the table). */
export const failures = new Map<string, string>();

export async function runLighthouse(siteUrl: string, pages: BenchPage[], runs: number): Promise<Map<string, LighthouseFigures>> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  await warmUp(siteUrl, pages);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
    logLevel: 'error',
  });
  const results = new Map<string, LighthouseFigures>();
  try {
    for (const page of pages) {
      const samples: LighthouseFigures[] = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stdout.write(`  Lighthouse ${page.label} run ${run}/${runs}...`);
        // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP...): retry the run twice.
        let lhr: RunnerResult['lhr'] | undefined;
        let failure = '';
        for (let attempt = 1; attempt <= 3 && !lhr; attempt += 1) {
          const result = await lighthouse(siteUrl + page.path, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          }).catch((error: unknown) => ({ lhr: undefined, error }));
          if (result?.lhr && !result.lhr.runtimeError) lhr = result.lhr;
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- Lighthouse fails with Errors: String() shows name and message
          else failure = result?.lhr?.runtimeError ? `${result.lhr.runtimeError.code}` : String((result as { error?: unknown })?.error ?? 'no result');
        }
        if (!lhr) {
          console.log(` failed (${failure})`);
          continue;
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const sample: LighthouseFigures = {
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
        };
        samples.push(sample);
        if (process.env.BENCH_REPORTS) {
          mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
          const name = `${page.path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'root'}.run${run}.json`;
          writeFileSync(path.join(process.env.BENCH_REPORTS, name), JSON.stringify(lhr));
        }
        console.log(` perf ${sample.performance}, LCP ${ms(sample.lcp)}, TBT ${ms(sample.tbt)}`);
        for (const warning of lhr.runWarnings ?? []) console.log(`    warning: ${warning}`);
      }
      if (samples.length === 0) {
        failures.set(page.label, 'every run failed');
        continue;
      }
      const pick = (key: keyof LighthouseFigures) => median(samples.map((sample) => sample[key]));
      results.set(page.label, {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        bytes: pick('bytes'),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

export function printLighthouse(results: Map<string, LighthouseFigures>, runs: number) {
  const t = LIGHTHOUSE_TARGETS;
  const rows = [['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'transfer', 'targets met']];
  for (const [label, f] of results) {
    const missed = [
      f.performance < t.performance && 'perf',
      f.lcp > t.lcp && 'LCP',
      f.tbt > t.tbt && 'TBT',
      f.cls > t.cls && 'CLS',
    ].filter(Boolean);
    rows.push([
      label,
      String(f.performance),
      String(f.accessibility),
      String(f.bestPractices),
      String(f.seo),
      ms(f.fcp),
      ms(f.lcp),
      ms(f.tbt),
      f.cls.toFixed(3),
      kb(f.bytes),
      missed.length === 0 ? 'all' : `missed: ${missed.join(', ')}`,
    ]);
  }
  rows.push(['target', `>= ${t.performance}`, '', '', '', '', `<= ${ms(t.lcp)}`, `<= ${ms(t.tbt)}`, `<= ${t.cls}`, '', '']);
  printTable(`(a) Lighthouse 12, mobile emulation, simulated throttling: median of ${runs} run(s) per metric`, rows, [
    ...[...failures].map(([label, why]) => `${label}: no figures, ${why}.`),
    'Scores are 0-100. On a 2-core machine, Lighthouse slows the CPU 4x on top; TBT reads pessimistic, more so while other work runs.',
  ]);
}
