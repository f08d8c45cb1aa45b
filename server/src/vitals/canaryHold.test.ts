// The canary-hold rule on synthetic histograms (no database): the buckets' p75 and share of good, the Mann-Whitney
// test's calibration on bucketed (tied) samples, its false alarms on identical distributions over many random draws,
// a clearly slower canary held, too few sessions or networks not held (the gate's caps: sessionGate.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { VitalMetric } from '@site/contracts/vitals-api';
import { BUCKET_BOUNDS, bucketOf, goodShareOf, quantileOf } from './buckets.js';
import { HOLD_ALPHA, judgeCanary, mannWhitney, upperTail, type HoldPolicy, type SideCounts } from './canaryHold.js';
import { seededRandom } from '../platform/seededRandom.js';

const POLICY: HoldPolicy = { tolerancePercent: 10, minSessions: 200, alpha: HOLD_ALPHA };

/** `count` page views of `metric` drawn from a log-normal of median `median`, as a histogram. */
function draw(next: () => number, metric: VitalMetric, count: number, median: number, sigma = 0.6): number[] {
  const histogram = new Array<number>(BUCKET_BOUNDS[metric].length).fill(0);
  for (let index = 0; index < count; index += 1) {
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    const bucket = bucketOf(metric, median * Math.exp(sigma * normal));
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
  }
  return histogram;
}

/** One release's counts: `sessions` sessions of `viewsPerSession` page views each, LCP and INP around the medians given. */
function side(
  next: () => number,
  version: string,
  sessions: number,
  medians: { LCP: number; INP: number },
  viewsPerSession = 2,
): SideCounts {
  const views = sessions * viewsPerSession;
  return {
    version,
    sessions,
    networks: sessions,
    histograms: { LCP: draw(next, 'LCP', views, medians.LCP), INP: draw(next, 'INP', views, medians.INP) },
  };
}

describe('the buckets', () => {
  test('the good threshold is a bucket bound: a value at it is good, one just over it is not', () => {
    const histogram = new Array<number>(BUCKET_BOUNDS.LCP.length).fill(0);
    for (const value of [2500, 2500, 2500, 2501])
      histogram[bucketOf('LCP', value)] = (histogram[bucketOf('LCP', value)] ?? 0) + 1;
    assert.equal(goodShareOf('LCP', histogram), 0.75);
    assert.equal(BUCKET_BOUNDS.CLS.includes(0.1), true);
    assert.equal(goodShareOf('CLS', [...new Array<number>(bucketOf('CLS', 0.1)).fill(0), 1]), 1);
  });

  test('values are clamped: below 0 in the first bucket, past the largest believed in the last used', () => {
    assert.equal(bucketOf('LCP', -5), 0);
    assert.equal(bucketOf('LCP', 10 ** 12), bucketOf('LCP', 120_000));
    assert.ok(BUCKET_BOUNDS.LCP.at(-1)! >= 120_000);
    assert.ok(
      BUCKET_BOUNDS.INP.at(-1)! >= 60_000 &&
        BUCKET_BOUNDS.CLS.at(-1)! >= 10 &&
        BUCKET_BOUNDS.TTFB.at(-1)! >= 120_000 &&
        BUCKET_BOUNDS.FCP.at(-1)! >= 120_000,
    );
  });

  test("the p75 read from the buckets is within a bucket's width of the samples' own", () => {
    const next = seededRandom(7);
    const values = Array.from(
      { length: 5000 },
      () => 1800 * Math.exp(0.6 * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())),
    );
    const histogram = new Array<number>(BUCKET_BOUNDS.LCP.length).fill(0);
    for (const value of values) histogram[bucketOf('LCP', value)] = (histogram[bucketOf('LCP', value)] ?? 0) + 1;
    const exact = [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;
    const read = quantileOf('LCP', histogram, 0.75)!;
    assert.ok(Math.abs(read / exact - 1) < 0.09, `p75 read ${read.toFixed(0)} against ${exact.toFixed(0)}`);
  });
});

describe('the Mann-Whitney test on bucketed samples', () => {
  test('its normal tail is right where the rule reads it', () => {
    assert.ok(Math.abs(upperTail(0) - 0.5) < 1e-7);
    assert.ok(Math.abs(upperTail(1.959964) - 0.025) < 1e-6);
    assert.ok(Math.abs(upperTail(3.090232) - 0.001) < 1e-6);
  });

  test("on identical distributions it is calibrated: about 5 % significant at 0.05, and at most a few in 1,000 at the rule's alpha", () => {
    const next = seededRandom(42);
    const draws = 1000;
    let at05 = 0;
    let atAlpha = 0;
    for (let index = 0; index < draws; index += 1) {
      const size = 200 + Math.floor(next() * 1300);
      const { p } = mannWhitney(draw(next, 'LCP', size, 1800), draw(next, 'LCP', size * 3, 1800));
      if (p < 0.05) at05 += 1;
      if (p < HOLD_ALPHA) atAlpha += 1;
    }
    // binomial: 50 ± 7 expected at 0.05 (ties are corrected, not ignored: not much under 5 %)
    assert.ok(at05 >= 28 && at05 <= 75, `${at05} of ${draws} significant at 0.05`);
    // 1 expected at 0.001; 7 or more has a chance under 1 in 10,000
    assert.ok(atAlpha <= 6, `${atAlpha} of ${draws} significant at ${HOLD_ALPHA}`);
  });
});

describe('the canary-hold rule', () => {
  test('identical distributions: no hold in 1,000 random draws (false alarms bounded)', () => {
    const next = seededRandom(2026);
    let held = 0;
    for (let index = 0; index < 1000; index += 1) {
      const sessions = 200 + Math.floor(next() * 400);
      const canary = side(next, 'v2', sessions, { LCP: 1800, INP: 120 });
      const stable = side(next, 'v1', sessions * 2, { LCP: 1800, INP: 120 });
      if (judgeCanary('catalogue', canary, stable, POLICY).held) held += 1;
    }
    assert.ok(held <= 1, `${held} false holds in 1,000 looks`);
  });

  test('a clearly slower canary (LCP 40 % slower) is held, with both figures in its sentence', () => {
    const next = seededRandom(3);
    const verdict = judgeCanary(
      'catalogue',
      side(next, 'v2', 400, { LCP: 2520, INP: 120 }),
      side(next, 'v1', 2000, { LCP: 1800, INP: 120 }),
      POLICY,
    );
    assert.equal(verdict.held, true, verdict.sentence);
    const lcp = verdict.comparisons.find(({ metric }) => metric === 'LCP')!;
    assert.equal(lcp.held, true);
    assert.ok(lcp.worsePercent! > 25 && lcp.worsePercent! < 55, `${lcp.worsePercent}`);
    assert.match(
      verdict.sentence,
      /^The catalogue canary is held: its pages are slower than stable's by more than 10 %: p75 LCP \d\.\d\d s on the canary against \d\.\d\d s on stable \(p < 0\.0001, \+\d+ %\); p75 INP \d+ ms on the canary against \d+ ms on stable/,
    );
    assert.match(verdict.sentence, /400 sessions on the canary v2 and 2000 on stable v1\.$/);
  });

  test('a slower INP alone holds the canary too', () => {
    const next = seededRandom(4);
    const verdict = judgeCanary(
      'contact',
      side(next, 'v2', 500, { LCP: 1800, INP: 200 }),
      side(next, 'v1', 500, { LCP: 1800, INP: 120 }),
      POLICY,
    );
    assert.equal(verdict.held, true, verdict.sentence);
    assert.deepEqual(
      verdict.comparisons.filter(({ held }) => held).map(({ metric }) => metric),
      ['INP'],
    );
  });

  test('a canary slower by less than the tolerance is not held, however many sessions make it significant', () => {
    const next = seededRandom(5);
    const verdict = judgeCanary(
      'catalogue',
      side(next, 'v2', 20_000, { LCP: 1890, INP: 120 }),
      side(next, 'v1', 20_000, { LCP: 1800, INP: 120 }),
      POLICY,
    );
    const lcp = verdict.comparisons.find(({ metric }) => metric === 'LCP')!;
    assert.ok(lcp.p < HOLD_ALPHA, `p ${lcp.p}: significant`);
    assert.equal(verdict.held, false, verdict.sentence);
  });

  test('too few sessions on either side: not held, however slow', () => {
    const next = seededRandom(6);
    const few = judgeCanary(
      'catalogue',
      side(next, 'v2', 150, { LCP: 5000, INP: 400 }),
      side(next, 'v1', 3000, { LCP: 1800, INP: 120 }),
      POLICY,
    );
    assert.equal(few.held, false);
    assert.equal(
      few.sentence,
      'Not judged yet: 150 sessions from 150 networks on the canary v2 and 3000 from 3000 networks on stable v1; the page speed rule needs 200 sessions from 20 networks on each side.',
    );
  });

  test('sessions from too few networks: not held, however many and however slow', () => {
    const next = seededRandom(9);
    const canary = { ...side(next, 'v2', 400, { LCP: 5000, INP: 400 }), networks: 19 };
    const verdict = judgeCanary('catalogue', canary, side(next, 'v1', 3000, { LCP: 1800, INP: 120 }), POLICY);
    assert.equal(verdict.held, false);
    assert.equal(
      verdict.sentence,
      'Not judged yet: 400 sessions from 19 networks on the canary v2 and 3000 from 3000 networks on stable v1; the page speed rule needs 200 sessions from 20 networks on each side.',
    );
    assert.equal(
      judgeCanary('catalogue', { ...canary, networks: 20 }, side(next, 'v1', 3000, { LCP: 1800, INP: 120 }), POLICY)
        .held,
      true,
    );
  });

  test('many page views of few sessions are weighed as those sessions: a handful of visitors cannot make a hold significant', () => {
    const next = seededRandom(8);
    // 200 sessions each side, but the canary's 20 views per session are one visitor's each (modestly slower)
    const canary = side(next, 'v2', 200, { LCP: 2100, INP: 120 }, 20);
    const stable = side(next, 'v1', 200, { LCP: 1800, INP: 120 }, 20);
    const weighed = judgeCanary('catalogue', canary, stable, POLICY).comparisons.find(
      ({ metric }) => metric === 'LCP',
    )!;
    const unweighed = mannWhitney(canary.histograms.LCP!, stable.histograms.LCP!).p;
    assert.ok(weighed.p > unweighed, `design effect: ${weighed.p} against ${unweighed}`);
  });
});
