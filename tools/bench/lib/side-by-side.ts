// Lighthouse on the current build and the reference build served side by side, runs interleaved (reference, current,
// reference, ...) so both meet the same machine load; medians per page, ratios, and the targets judged on the ratios
// (an absolute TBT reads 3x apart on the same code from one day to the next), on a quiet machine only (lib/judge.ts).
import { kb, median, ms, printTable } from './format';
import { BENCH_TARGETS, judgeRun, targetsCell, verdictLine } from './judge';
import { medianFigures, warmUp } from './lighthouse';
import { openLighthouseSession, reportName, type LighthouseFigures, type LongTask } from './lighthouse-session';
import type { BenchPage } from './pages';

export interface PagePair {
  page: BenchPage;
  /** The reference's path for this page: an Arabic page's English twin (the reference has no Arabic edition). */
  referencePath: string;
  current?: LighthouseFigures;
  reference?: LighthouseFigures;
  /** The long tasks of the current build's median-TBT run (where its blocking time went). */
  currentLongTasks: LongTask[];
  referenceLongTasks: LongTask[];
}

interface Sampled {
  figures: LighthouseFigures;
  longTasks: LongTask[];
}

/** The long tasks of the run whose TBT is the median (a real run, not a mix of runs). */
function medianRunTasks(samples: Sampled[]): LongTask[] {
  if (samples.length === 0) return [];
  const tbt = median(samples.map((sample) => sample.figures.tbt));
  const closest = samples.reduce((best, sample) =>
    Math.abs(sample.figures.tbt - tbt) < Math.abs(best.figures.tbt - tbt) ? sample : best,
  );
  return closest.longTasks;
}

export async function runSideBySide(
  currentUrl: string,
  referenceUrl: string,
  pages: BenchPage[],
  runs: number,
  referencePathOf: (page: BenchPage) => string,
): Promise<PagePair[]> {
  await warmUp(currentUrl, pages);
  await warmUp(
    referenceUrl,
    pages.map((page) => ({ ...page, path: referencePathOf(page) })),
  );
  const session = await openLighthouseSession(['performance']);
  const pairs: PagePair[] = [];
  try {
    for (const page of pages) {
      const referencePath = referencePathOf(page);
      const samples = { reference: [] as Sampled[], current: [] as Sampled[] };
      for (let run = 1; run <= runs; run += 1) {
        for (const side of ['reference', 'current'] as const) {
          const url = side === 'reference' ? referenceUrl + referencePath : currentUrl + page.path;
          process.stdout.write(`  Lighthouse ${page.label} run ${run}/${runs}, ${side}...`);
          const result = await session.measure(
            url,
            reportName(side === 'reference' ? referencePath : page.path, run, `${side}.`),
          );
          if ('failure' in result) {
            console.log(` failed (${result.failure})`);
            continue;
          }
          samples[side].push(result);
          const f = result.figures;
          console.log(` perf ${f.performance}, TBT ${ms(f.tbt)}, LCP ${ms(f.lcp)}, script ${ms(f.scriptEvaluation)}`);
        }
      }
      pairs.push({
        page,
        referencePath,
        current: samples.current.length ? medianFigures(samples.current.map((sample) => sample.figures)) : undefined,
        reference: samples.reference.length
          ? medianFigures(samples.reference.map((sample) => sample.figures))
          : undefined,
        currentLongTasks: medianRunTasks(samples.current),
        referenceLongTasks: medianRunTasks(samples.reference),
      });
    }
  } finally {
    session.close();
  }
  return pairs;
}

const ratio = (current: number, reference: number) => (reference > 0 ? `${(current / reference).toFixed(2)}x` : '-');

export function printSideBySide(pairs: PagePair[], runs: number, referenceLabel: string) {
  const verdict = judgeRun(
    pairs.map((pair) => ({
      label: pair.page.label,
      englishTwin: pair.page.englishTwin,
      current: pair.current,
      reference: pair.reference,
    })),
  );
  const verdicts = new Map(verdict.pages.map((page) => [page.label, page]));
  const rows = [
    [
      'page',
      'perf',
      'TBT',
      'TBT ratio',
      'LCP',
      'LCP ratio',
      'CLS',
      'script eval.',
      'JS on the wire',
      verdict.counted ? 'targets' : 'targets (information only)',
    ],
  ];
  const notes: string[] = [];
  for (const pair of pairs) {
    const { current: c, reference: r } = pair;
    const judged = verdicts.get(pair.page.label);
    if (!c || !r || !judged) {
      notes.push(`${pair.page.label}: no figures (every ${c ? 'reference' : 'current'} run failed).`);
      continue;
    }
    rows.push([
      pair.page.englishTwin ? `${pair.page.label} (vs ${pair.page.englishTwin})` : pair.page.label,
      `${r.performance} → ${c.performance}`,
      `${ms(r.tbt)} → ${ms(c.tbt)}`,
      ratio(c.tbt, r.tbt),
      `${ms(r.lcp)} → ${ms(c.lcp)}`,
      ratio(c.lcp, r.lcp),
      `${r.cls.toFixed(3)} → ${c.cls.toFixed(3)}`,
      `${ms(r.scriptEvaluation)} → ${ms(c.scriptEvaluation)}`,
      `${kb(r.scriptBytes)} → ${kb(c.scriptBytes)}`,
      verdict.counted ? targetsCell(judged) : '-',
    ]);
  }
  const t = BENCH_TARGETS;
  rows.push([
    'target',
    `>= ${t.performance}`,
    `<= max(${t.tbtRatio}x, ${t.tbtFloorMs} ms)`,
    '',
    `<= ${t.lcpRatio}x`,
    '',
    `<= ${t.cls}`,
    '',
    '',
    '',
  ]);
  const perTarget = verdict.counted
    ? verdict.pages.map(
        (page) =>
          `  ${page.label}: ${page.targets.map((target) => `${target.detail} ${target.met === undefined ? 'not judged' : target.met ? 'met' : 'missed'}`).join('; ')}`,
      )
    : [];
  printTable(
    `(a) Lighthouse 12, mobile, simulated throttling: reference ${referenceLabel} → current build, runs interleaved, median of ${runs}`,
    rows,
    [
      ...notes,
      "Each cell reads reference → current; ratios are current / reference. Arabic pages are read beside the reference's English twins (it has no Arabic edition); their LCP is judged against their English twins of the current build.",
      verdictLine(verdict),
      ...perTarget,
    ],
  );
  if (process.env.BENCH_LONG_TASKS === '1') printLongTasks(pairs);
}

/** Where each page's blocking time went: the long tasks of its median run, by script (BENCH_LONG_TASKS=1). */
function printLongTasks(pairs: PagePair[]) {
  const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;
  for (const pair of pairs) {
    console.log(`\nLong tasks, ${pair.page.label} (median-TBT run; start ms: duration ms, script):`);
    for (const [side, tasks] of [
      ['reference', pair.referenceLongTasks],
      ['current', pair.currentLongTasks],
    ] as const) {
      const listed = tasks
        .map((task) => `${Math.round(task.startTime)}: ${Math.round(task.duration)} ${shortUrl(task.url)}`)
        .join('; ');
      console.log(`  ${side}: ${listed || 'none'}`);
    }
  }
}
