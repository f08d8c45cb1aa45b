// The bench's verdict (judge.ts): a run counts only when the reference reads perf >= 95 on every page; then each page
// against TBT <= max(0.8x, 50 ms), LCP <= 1.05x (an Arabic page against its English twin), CLS <= 0.01, perf >= 99.
import { judgeRun, MACHINE_TOO_SLOW, targetsCell, verdictLine, type JudgedFigures, type PageToJudge } from './judge';

const figures = (overrides: Partial<JudgedFigures> = {}): JudgedFigures => ({
  performance: 100,
  tbt: 100,
  lcp: 1000,
  cls: 0,
  ...overrides,
});

/** /home and /ar/home, every target met, the reference quiet. */
const pages = (
  home: Partial<JudgedFigures> = {},
  arabic: Partial<JudgedFigures> = {},
  reference: Partial<JudgedFigures> = {},
): PageToJudge[] => [
  { label: '/home', current: figures({ tbt: 80, ...home }), reference: figures(reference) },
  { label: '/ar/home', englishTwin: '/home', current: figures({ tbt: 80, ...arabic }), reference: figures(reference) },
];

const metOf = (verdict: ReturnType<typeof judgeRun>, label: string) =>
  Object.fromEntries(
    verdict.pages.find((page) => page.label === label)!.targets.map((target) => [target.target, target.met]),
  );

describe('the bench verdict', () => {
  it('counts a run whose reference reads perf >= 95 on every page, and judges each target', () => {
    const verdict = judgeRun(pages());
    expect(verdict.counted).toBe(true);
    expect(metOf(verdict, '/home')).toEqual({ TBT: true, LCP: true, CLS: true, perf: true });
    expect(targetsCell(verdict.pages[0]!)).toBe('met: TBT, LCP, CLS, perf');
    expect(verdictLine(verdict)).toMatch(/^Judged/);
  });

  it('does not count a run whose reference reads below 95 on any page: "machine too slow to judge", with its lowest perf', () => {
    const run = pages();
    run[1] = { ...run[1]!, reference: figures({ performance: 94 }) };
    const verdict = judgeRun(run);
    expect(verdict.counted).toBe(false);
    expect(verdict.lowestReferencePerformance).toBe(94);
    expect(verdictLine(verdict)).toContain(MACHINE_TOO_SLOW);
    expect(verdictLine(verdict)).toContain('lowest perf 94');
    expect(verdictLine(verdict)).toContain('information only');
    // 95 is enough
    run[1] = { ...run[1], reference: figures({ performance: 95 }) };
    expect(judgeRun(run).counted).toBe(true);
  });

  it('does not count a run with no reference figures for a page, nor an empty one', () => {
    const run = pages();
    run[0] = { ...run[0]!, reference: undefined };
    const verdict = judgeRun(run);
    expect(verdict.counted).toBe(false);
    expect(verdict.unmeasuredReference).toEqual(['/home']);
    expect(verdictLine(verdict)).toContain(MACHINE_TOO_SLOW);
    expect(judgeRun([]).counted).toBe(false);
  });

  it('TBT: at most 0.8x the reference, or 50 ms whichever is higher', () => {
    expect(metOf(judgeRun(pages({ tbt: 80 })), '/home').TBT).toBe(true);
    expect(metOf(judgeRun(pages({ tbt: 81 })), '/home').TBT).toBe(false);
    // reference 30 ms: 0.8x is 24 ms, the floor 50 ms applies
    expect(metOf(judgeRun(pages({ tbt: 50 }, {}, { tbt: 30 })), '/home').TBT).toBe(true);
    expect(metOf(judgeRun(pages({ tbt: 51 }, {}, { tbt: 30 })), '/home').TBT).toBe(false);
  });

  it('LCP: an English page at most 1.05x the reference; an Arabic page at most 1.05x its English twin of this build', () => {
    expect(metOf(judgeRun(pages({ lcp: 1050 })), '/home').LCP).toBe(true);
    expect(metOf(judgeRun(pages({ lcp: 1051 })), '/home').LCP).toBe(false);
    // the Arabic page beside the current /home (900 ms), not the reference's (1000 ms)
    expect(metOf(judgeRun(pages({ lcp: 900 }, { lcp: 945 })), '/ar/home').LCP).toBe(true);
    expect(metOf(judgeRun(pages({ lcp: 900 }, { lcp: 1000 })), '/ar/home').LCP).toBe(false);
    // a slower /home does not excuse the Arabic page either way: 1.05x of it
    expect(metOf(judgeRun(pages({ lcp: 1200 }, { lcp: 1260 })), '/ar/home').LCP).toBe(true);
  });

  it('an Arabic page whose English twin was not measured: LCP not judged, the rest is', () => {
    const verdict = judgeRun([pages()[1]!]);
    expect(metOf(verdict, '/ar/home')).toEqual({ TBT: true, LCP: undefined, CLS: true, perf: true });
    expect(targetsCell(verdict.pages[0]!)).toBe('met: TBT, CLS, perf; not judged: LCP');
  });

  it('CLS at most 0.01 and perf at least 99, whatever the reference reads', () => {
    const verdict = judgeRun(pages({ cls: 0.011, performance: 98 }, {}, { cls: 0.05, performance: 97 }));
    expect(verdict.counted).toBe(true);
    expect(metOf(verdict, '/home')).toMatchObject({ CLS: false, perf: false });
    expect(targetsCell(verdict.pages[0]!)).toBe('missed: CLS, perf; met: TBT, LCP');
    expect(metOf(judgeRun(pages({ cls: 0.01, performance: 99 })), '/home')).toMatchObject({ CLS: true, perf: true });
  });

  it('a page with no figures of its own is left out of the pages judged', () => {
    const run = pages();
    run[1] = { ...run[1]!, current: undefined };
    expect(judgeRun(run).pages.map((page) => page.label)).toEqual(['/home']);
  });
});
