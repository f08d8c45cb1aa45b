// The fixed, log-spaced buckets each metric's samples are counted in: 8 per doubling (each bucket's upper bound 9 %
// above the one before), from far under the "good" threshold to above the largest value believed. The threshold is a
// bucket bound itself, so the share of good page views is read exactly; a percentile is read within its bucket
// (geometrically), to about ±4 %. The stored rows name buckets by index: these bounds must never change (a change
// needs new metric names).
import { VITAL_LIMITS, type VitalMetric } from '@site/contracts/vitals-api';

/** Buckets per doubling of the value. */
export const STEPS_PER_OCTAVE = 8;

/** How many doublings under and over the "good" threshold the bounds reach (over: past VITAL_LIMITS' max). */
const SPAN: Readonly<Record<VitalMetric, { under: number; over: number }>> = {
  LCP: { under: 6, over: 6 },
  INP: { under: 6, over: 9 },
  CLS: { under: 10, over: 7 },
  FCP: { under: 6, over: 7 },
  TTFB: { under: 7, over: 8 },
};

/** Bucket i holds the values above bounds[i - 1] (0 for the first) and at most bounds[i]. */
export const BUCKET_BOUNDS: Readonly<Record<VitalMetric, readonly number[]>> = Object.fromEntries(
  Object.entries(SPAN).map(([metric, { under, over }]) => {
    const { good } = VITAL_LIMITS[metric as VitalMetric];
    const bounds = Array.from(
      { length: (under + over) * STEPS_PER_OCTAVE + 1 },
      (_, index) => good * 2 ** ((index - under * STEPS_PER_OCTAVE) / STEPS_PER_OCTAVE),
    );
    return [metric, Object.freeze(bounds)];
  }),
) as Record<VitalMetric, readonly number[]>;

/** The value as counted: within 0 and the metric's largest believed value. */
export function clampVital(metric: VitalMetric, value: number): number {
  return Math.min(Math.max(value, 0), VITAL_LIMITS[metric].max);
}

/** The bucket of a (clamped) value: the first whose upper bound is at least the value. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const bounds = BUCKET_BOUNDS[metric];
  const clamped = clampVital(metric, value);
  let low = 0;
  let high = bounds.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (clamped <= (bounds[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Counts by bucket index (a missing index: none). */
export type Histogram = readonly number[];

export const totalOf = (histogram: Histogram): number => histogram.reduce((sum, count) => sum + (count ?? 0), 0);

/**
 * The value under which `quantile` of the samples lie (0.75: the p75), read within its bucket geometrically (the
 * buckets are log-spaced); undefined without samples.
 */
export function quantileOf(metric: VitalMetric, histogram: Histogram, quantile: number): number | undefined {
  const total = totalOf(histogram);
  if (total === 0) return undefined;
  const bounds = BUCKET_BOUNDS[metric];
  const target = quantile * total;
  let below = 0;
  for (let index = 0; index < histogram.length; index += 1) {
    const count = histogram[index] ?? 0;
    if (count === 0) continue;
    if (below + count >= target) {
      const fraction = Math.min(Math.max((target - below) / count, 0), 1);
      const upper = bounds[Math.min(index, bounds.length - 1)] as number;
      const lower = index === 0 ? 0 : (bounds[index - 1] as number);
      return lower === 0 ? upper * fraction : lower * (upper / lower) ** fraction;
    }
    below += count;
  }
  return bounds.at(-1);
}

/** The share of samples at or under the metric's "good" threshold (a bucket bound), from 0 to 1; undefined without samples. */
export function goodShareOf(metric: VitalMetric, histogram: Histogram): number | undefined {
  const total = totalOf(histogram);
  if (total === 0) return undefined;
  const { good } = VITAL_LIMITS[metric];
  const bounds = BUCKET_BOUNDS[metric];
  let goodCount = 0;
  for (let index = 0; index < histogram.length; index += 1)
    if ((bounds[index] ?? Infinity) <= good) goodCount += histogram[index] ?? 0;
  return goodCount / total;
}
