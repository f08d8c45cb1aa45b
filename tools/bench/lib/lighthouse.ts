// Lighthouse 12 (mobile emulation, default simulated throttling) driving Debian's Chromium through
// chrome-launcher: scores and Web Vitals per page, the median of BENCH_RUNS runs (3 by default).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/support/chromium';
import { openLighthouseSession, reportName, type LighthouseFigures } from './lighthouse-session';
import { kb, median, ms, printTable } from './format';
import type { BenchPage } from './pages';

export type { LighthouseFigures } from './lighthouse-session';

/** The start-up bars (medians of the runs): performance >= 99, LCP <= 1.5 s, CLS <= 0.01, TBT <= 100 ms. */
export const LIGHTHOUSE_TARGETS = { performance: 99, lcp: 1500, cls: 0.01, tbt: 100 };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One page load per page before measuring, so server-side caches (compressed files, data) are warm. */
export async function warmUp(siteUrl: string, pages: BenchPage[]) {
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

export async function runLighthouse(
  siteUrl: string,
  pages: BenchPage[],
  runs: number,
): Promise<Map<string, LighthouseFigures>> {
  await warmUp(siteUrl, pages);
  const session = await openLighthouseSession([...CATEGORIES]);
  const results = new Map<string, LighthouseFigures>();
  try {
    for (const page of pages) {
      const samples: LighthouseFigures[] = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stdout.write(`  Lighthouse ${page.label} run ${run}/${runs}...`);
        const result = await session.measure(siteUrl + page.path, reportName(page.path, run));
        if ('failure' in result) {
          console.log(` failed (${result.failure})`);
          continue;
        }
        const sample = result.figures;
        samples.push(sample);
        console.log(` perf ${sample.performance}, LCP ${ms(sample.lcp)}, TBT ${ms(sample.tbt)}`);
      }
      if (samples.length === 0) {
        failures.set(page.label, 'every run failed');
        continue;
      }
      results.set(page.label, medianFigures(samples));
    }
  } finally {
    session.close();
  }
  return results;
}

/** Each figure's median over the runs (each on its own: the medians may come from different runs). */
export function medianFigures(samples: LighthouseFigures[]): LighthouseFigures {
  const keys = Object.keys(samples[0]!) as (keyof LighthouseFigures)[];
  return Object.fromEntries(
    keys.map((key) => [key, median(samples.map((sample) => sample[key]))]),
  ) as unknown as LighthouseFigures;
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
  rows.push([
    'target',
    `>= ${t.performance}`,
    '',
    '',
    '',
    '',
    `<= ${ms(t.lcp)}`,
    `<= ${ms(t.tbt)}`,
    `<= ${t.cls}`,
    '',
    '',
  ]);
  printTable(`(a) Lighthouse 12, mobile emulation, simulated throttling: median of ${runs} run(s) per metric`, rows, [
    ...[...failures].map(([label, why]) => `${label}: no figures, ${why}.`),
    'Scores are 0-100. On a 2-core machine, Lighthouse slows the CPU 4x on top; TBT reads pessimistic, more so while other work runs.',
  ]);
}
