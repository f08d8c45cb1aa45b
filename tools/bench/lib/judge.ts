// How `npm run bench` judges the Lighthouse figures beside the reference build (pure: figures in, verdict out).
//
// A run counts only on a quiet machine: the reference build's own perf median must read >= 95 on every page. Below
// that the machine, not the code, sets the figures, and the run is information only ("machine too slow to judge").
// On a counted run, each page against:
//   - TBT <= max(0.8x the reference's, 50 ms) (below 50 ms a ratio divides noise by noise),
//   - LCP <= 1.05x: an English page the reference's same page, an Arabic page its English twin of the current build,
//   - CLS <= 0.01,
//   - perf >= 99.

/** The figures judged: Lighthouse's medians for one page on one build. */
export interface JudgedFigures {
  performance: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  cls: number;
}

export const BENCH_TARGETS = {
  /** The reference's perf on every page for the run to count. */
  quietReferencePerformance: 95,
  tbtRatio: 0.8,
  /** TBT at or below this always meets the target. */
  tbtFloorMs: 50,
  lcpRatio: 1.05,
  cls: 0.01,
  performance: 99,
} as const;

/** Printed, as it is, when the run does not count. */
export const MACHINE_TOO_SLOW = 'machine too slow to judge';

export interface PageToJudge {
  label: string;
  /** The English page's label this one is the Arabic twin of (its LCP is judged against that page's, current build). */
  englishTwin?: string;
  /** Undefined when every run of the page failed. */
  current?: JudgedFigures;
  /** The reference's figures for this page (an Arabic page: for its English twin, the reference having no Arabic edition). */
  reference?: JudgedFigures;
}

export type TargetName = 'TBT' | 'LCP' | 'CLS' | 'perf';

export interface TargetVerdict {
  target: TargetName;
  /** Undefined: not judged (an Arabic page whose English twin was not measured in this run). */
  met: boolean | undefined;
  /** The figure and its bar, for the table ("TBT 42 ms <= 50 ms"). */
  detail: string;
}

export interface PageVerdict {
  label: string;
  targets: TargetVerdict[];
}

export interface BenchVerdict {
  /** Whether the run counts: the reference measured on every page, its perf median >= 95 on each. */
  counted: boolean;
  /** The reference's lowest perf median (NaN when it measured no page). */
  lowestReferencePerformance: number;
  /** Pages whose reference runs all failed (the run cannot count: the machine's state there is unknown). */
  unmeasuredReference: string[];
  /** Each page with figures on both builds; on a run that does not count, information only. */
  pages: PageVerdict[];
}

const round = (value: number) => `${Math.round(value)} ms`;

/** The targets of one page: the current build's figures against the reference's, an Arabic page's LCP against its English twin's. */
export function judgePage(
  page: PageToJudge & Required<Pick<PageToJudge, 'current' | 'reference'>>,
  englishTwin: JudgedFigures | undefined,
): PageVerdict {
  const t = BENCH_TARGETS;
  const { current, reference } = page;
  const tbtBar = Math.max(t.tbtRatio * reference.tbt, t.tbtFloorMs);
  const lcpBase = page.englishTwin === undefined ? reference.lcp : englishTwin?.lcp;
  const lcpAgainst = page.englishTwin === undefined ? 'the reference' : `${page.englishTwin}, this build`;
  const lcp: TargetVerdict =
    lcpBase === undefined
      ? { target: 'LCP', met: undefined, detail: `LCP not judged (${page.englishTwin} not measured)` }
      : {
          target: 'LCP',
          met: current.lcp <= t.lcpRatio * lcpBase,
          detail: `LCP ${round(current.lcp)} <= ${t.lcpRatio}x ${round(lcpBase)} (${lcpAgainst})`,
        };
  return {
    label: page.label,
    targets: [
      { target: 'TBT', met: current.tbt <= tbtBar, detail: `TBT ${round(current.tbt)} <= ${round(tbtBar)}` },
      lcp,
      { target: 'CLS', met: current.cls <= t.cls, detail: `CLS ${current.cls.toFixed(3)} <= ${t.cls}` },
      {
        target: 'perf',
        met: current.performance >= t.performance,
        detail: `perf ${current.performance} >= ${t.performance}`,
      },
    ],
  };
}

/** The run's verdict: whether it counts (the reference quiet on every page), and each page's targets. */
export function judgeRun(pages: readonly PageToJudge[]): BenchVerdict {
  const measured = pages.filter(
    (page): page is PageToJudge & Required<Pick<PageToJudge, 'current' | 'reference'>> =>
      page.current !== undefined && page.reference !== undefined,
  );
  const twinOf = (page: PageToJudge) =>
    page.englishTwin === undefined ? undefined : pages.find((other) => other.label === page.englishTwin)?.current;
  const referencePerfs = pages.flatMap((page) => (page.reference ? [page.reference.performance] : []));
  const lowestReferencePerformance = referencePerfs.length === 0 ? Number.NaN : Math.min(...referencePerfs);
  const unmeasuredReference = pages.filter((page) => page.reference === undefined).map((page) => page.label);
  return {
    counted:
      pages.length > 0 &&
      unmeasuredReference.length === 0 &&
      lowestReferencePerformance >= BENCH_TARGETS.quietReferencePerformance,
    lowestReferencePerformance,
    unmeasuredReference,
    pages: measured.map((page) => judgePage(page, twinOf(page))),
  };
}

/** A page's targets in one cell: "met: TBT, LCP, CLS, perf" or "missed: LCP; met: TBT, CLS, perf". */
export function targetsCell(verdict: PageVerdict): string {
  const named = (met: boolean | undefined) =>
    verdict.targets.filter((target) => target.met === met).map((target) => target.target);
  return [
    named(false).length > 0 && `missed: ${named(false).join(', ')}`,
    named(true).length > 0 && `met: ${named(true).join(', ')}`,
    named(undefined).length > 0 && `not judged: ${named(undefined).join(', ')}`,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('; ');
}

/** The line that says whether the run counts. */
export function verdictLine(verdict: BenchVerdict): string {
  const q = BENCH_TARGETS.quietReferencePerformance;
  if (verdict.counted) return `Judged: the reference reads perf >= ${q} on every page (a quiet machine).`;
  const why = [
    Number.isNaN(verdict.lowestReferencePerformance)
      ? 'no reference figures'
      : `the reference's lowest perf ${verdict.lowestReferencePerformance}, needs >= ${q} on every page`,
    verdict.unmeasuredReference.length > 0 && `no reference figures for ${verdict.unmeasuredReference.join(', ')}`,
  ].filter((part): part is string => typeof part === 'string');
  return `${MACHINE_TOO_SLOW} (${why.join('; ')}): the figures are information only, no target is judged.`;
}
