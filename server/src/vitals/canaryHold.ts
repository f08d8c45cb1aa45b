// The canary-hold rule: a remote's canary is held (its promote refused, or with RELEASE_VITALS_ROLLBACK=1 its share
// set to 0 %) when its visitors' pages are slower than the stable release's over the same hours. Held when, for LCP or
// INP, both:
// - the canary's p75 is worse than stable's by more than RELEASE_VITALS_TOLERANCE_PERCENT, with at least
//   RELEASE_VITALS_MIN_SAMPLES sessions from at least RELEASE_VITALS_MIN_NETWORKS wide networks on each side (a
//   difference that matters, measured on enough visitors of enough networks: one network weighs at most
//   sessionGate.ts' NETWORK_SHARE of a side, so fewer networks than 1 / NETWORK_SHARE cannot make one up), and
// - a one-sided Mann-Whitney U test on the two histograms (bucket index as the rank: ties within a bucket get mid
//   ranks) says the canary's values are larger at alpha 0.001 (a difference that is not chance).
// The alpha is fixed and strict, not 0.05, because the rule is looked at again and again (the console every minute, each
// promote) as the samples grow: each look is another chance of a false alarm. Successive looks share nearly all their
// data, so they are far from independent, and the p75 tolerance must hold as well; measured on identical distributions
// (canaryHold.test.ts: 1,000 seeded draws), the rule held none. The test counts page views, but one visitor's views
// are alike: its z is divided by the square root of views per session (the design effect of sessions wholly alike),
// so a few visitors with many page views cannot make a difference look significant.
// A burst cannot release a hold within minutes: a canary held on the hours that ended an hour ago or more stays held,
// whatever the page views since say, until they are an hour old themselves (readVerdict).
import type { Kysely } from 'kysely';
import { VITAL_LIMITS, type VitalMetric } from '@site/contracts/vitals-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { quantileOf, totalOf, type Histogram } from './buckets.js';
import { readSides, type SideCounts } from './store.js';

/** The metrics the rule judges: loading (LCP) and responsiveness (INP). */
export const HOLD_METRICS = ['LCP', 'INP'] as const satisfies readonly VitalMetric[];
export type HoldMetric = (typeof HOLD_METRICS)[number];

/** The significance level of the one-sided test (see above for why so strict). */
export const HOLD_ALPHA = 0.001;

/** How far back the rule looks: the hours of the last day in which the canary had page views. */
export const HOLD_WINDOW_HOURS = 24;

/**
 * RELEASE_VITALS_MIN_NETWORKS' default: 20 = 1 / NETWORK_SHARE, the fewest wide networks whose sessions can make up a
 * side when each weighs at most its share.
 */
export const MIN_NETWORKS_DEFAULT = 20;

/** How old the newest page views a hold is judged on must be for them to release it (readVerdict). */
export const SETTLED_MINUTES = 60;

export interface HoldPolicy {
  /** RELEASE_VITALS_TOLERANCE_PERCENT: how much worse a p75 may be before it counts. */
  tolerancePercent: number;
  /** RELEASE_VITALS_MIN_SAMPLES: sessions needed on each side. */
  minSessions: number;
  /** RELEASE_VITALS_MIN_NETWORKS: distinct wide networks those sessions come from, on each side (MIN_NETWORKS_DEFAULT). */
  minNetworks?: number | undefined;
  /** The test's significance level (HOLD_ALPHA). */
  alpha?: number;
}

export type { SideCounts };

export interface MetricComparison {
  metric: HoldMetric;
  canaryP75: number | undefined;
  stableP75: number | undefined;
  /** How much worse the canary's p75 is, in percent (negative: better). */
  worsePercent: number | undefined;
  /** The one-sided p-value that the canary's values are larger (1 when there is nothing to compare). */
  p: number;
  held: boolean;
}

export interface Verdict {
  held: boolean;
  /** One sentence with both sides' figures, for the console and a refused promote. */
  sentence: string;
  comparisons: MetricComparison[];
}

/** The standard normal's upper tail P(Z > z), to about 1e-7 (Numerical Recipes' erfc). */
export function upperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/**
 * The one-sided Mann-Whitney U test on two histograms over the same buckets: the z of "the first's values are larger"
 * (normal approximation, ties corrected, with a continuity correction), and its p-value. `designEffect` (≥ 1) divides
 * the variance's reach: z / √designEffect.
 */
export function mannWhitney(
  first: Histogram,
  second: Histogram,
  designEffect = 1,
): { u: number; z: number; p: number } {
  const n1 = totalOf(first);
  const n2 = totalOf(second);
  const n = n1 + n2;
  if (n1 === 0 || n2 === 0 || n < 2) return { u: 0, z: 0, p: 1 };
  let u = 0;
  let secondBelow = 0;
  let ties = 0;
  const length = Math.max(first.length, second.length);
  for (let index = 0; index < length; index += 1) {
    const a = first[index] ?? 0;
    const b = second[index] ?? 0;
    u += a * (secondBelow + b / 2);
    secondBelow += b;
    const tied = a + b;
    ties += tied * tied * tied - tied;
  }
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  if (!(variance > 0)) return { u, z: 0, p: 1 };
  const z = (u - mean - 0.5) / Math.sqrt(variance) / Math.sqrt(Math.max(designEffect, 1));
  return { u, z, p: upperTail(z) };
}

/** Whether a side has its sessions, from enough networks, to be judged. */
const enoughOn = (side: SideCounts, policy: HoldPolicy): boolean =>
  side.sessions >= policy.minSessions && side.networks >= (policy.minNetworks ?? MIN_NETWORKS_DEFAULT);

/** Page views per session of a side (≥ 1): how alike its samples may be. */
function viewsPerSession(side: SideCounts, metric: VitalMetric): number {
  const views = totalOf(side.histograms[metric] ?? []);
  return side.sessions > 0 ? Math.max(1, views / side.sessions) : 1;
}

export function compareMetric(
  metric: HoldMetric,
  canary: SideCounts,
  stable: SideCounts,
  policy: HoldPolicy,
): MetricComparison {
  const canaryHistogram = canary.histograms[metric] ?? [];
  const stableHistogram = stable.histograms[metric] ?? [];
  const canaryP75 = quantileOf(metric, canaryHistogram, 0.75);
  const stableP75 = quantileOf(metric, stableHistogram, 0.75);
  const worsePercent =
    canaryP75 === undefined || stableP75 === undefined || stableP75 === 0
      ? undefined
      : (canaryP75 / stableP75 - 1) * 100;
  const designEffect = Math.max(viewsPerSession(canary, metric), viewsPerSession(stable, metric));
  const { p } = mannWhitney(canaryHistogram, stableHistogram, designEffect);
  const enough = enoughOn(canary, policy) && enoughOn(stable, policy);
  const held =
    enough && worsePercent !== undefined && worsePercent > policy.tolerancePercent && p < (policy.alpha ?? HOLD_ALPHA);
  return { metric, canaryP75, stableP75, worsePercent, p, held };
}

/** "2.43 s", "180 ms": a p75 as the sentence says it. */
export function formatVital(metric: VitalMetric, value: number | undefined): string {
  if (value === undefined) return 'none';
  if (VITAL_LIMITS[metric].unit === '') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

const formatP = (p: number): string => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toPrecision(2)}`);

/** The verdict on `remote`'s canary against its stable release, over the hours both were counted. */
export function judgeCanary(remote: string, canary: SideCounts, stable: SideCounts, policy: HoldPolicy): Verdict {
  const sessions = `${canary.sessions} sessions on the canary ${canary.version} and ${stable.sessions} on stable ${stable.version}`;
  if (!enoughOn(canary, policy) || !enoughOn(stable, policy)) {
    const comparisons = HOLD_METRICS.map((metric) => compareMetric(metric, canary, stable, policy));
    const networks = (count: number) => `${count} network${count === 1 ? '' : 's'}`;
    const counted = `${canary.sessions} sessions from ${networks(canary.networks)} on the canary ${canary.version} and ${stable.sessions} from ${networks(stable.networks)} on stable ${stable.version}`;
    const needed = `${policy.minSessions} sessions from ${policy.minNetworks ?? MIN_NETWORKS_DEFAULT} networks`;
    return {
      held: false,
      comparisons,
      sentence: `Not judged yet: ${counted}; the page speed rule needs ${needed} on each side.`,
    };
  }
  const comparisons = HOLD_METRICS.map((metric) => compareMetric(metric, canary, stable, policy));
  const figures = comparisons
    .map(({ metric, canaryP75, stableP75, worsePercent, p }) => {
      const change = worsePercent === undefined ? '' : `, ${worsePercent >= 0 ? '+' : ''}${worsePercent.toFixed(0)} %`;
      return `p75 ${metric} ${formatVital(metric, canaryP75)} on the canary against ${formatVital(metric, stableP75)} on stable (${formatP(p)}${change})`;
    })
    .join('; ');
  const held = comparisons.some((comparison) => comparison.held);
  const lead = held
    ? `The ${remote} canary is held: its pages are slower than stable's by more than ${policy.tolerancePercent} %`
    : `The ${remote} canary is not held: its pages are not slower than stable's by more than ${policy.tolerancePercent} % with significance`;
  return { held, comparisons, sentence: `${lead}: ${figures}; ${sessions}.` };
}

/** The live versions of a remote's releases, as the registry has them (the releases feature's liveVersions). */
export type LiveVersionsReader = (
  db: Kysely<DatabaseSchema>,
  remote: string,
) => Promise<{ stable: string; canary: string | undefined } | undefined>;

/** "08:00 UTC". */
const clockOf = (at: Date): string => `${at.toISOString().slice(11, 16)} UTC`;

/**
 * The rule's verdict on `remote`'s live canary now: its stable release's and its counts over the last
 * HOLD_WINDOW_HOURS hours in which the canary had page views. Held as well when the same hours up to those that ended
 * SETTLED_MINUTES ago or more (the settled hours) hold it: the page views since cannot release a hold, however many,
 * until they are that old. No live canary: not held.
 */
export async function readVerdict(
  db: Kysely<DatabaseSchema>,
  remote: string,
  liveVersions: LiveVersionsReader,
  policy: HoldPolicy,
  now: Date = new Date(),
): Promise<Verdict> {
  const live = await liveVersions(db, remote);
  if (live?.canary === undefined)
    return { held: false, comparisons: [], sentence: `${remote} has no canary in front of visitors: nothing to hold.` };
  const since = new Date(now.getTime() - HOLD_WINDOW_HOURS * 3600_000);
  const sides = await readSides(db, remote, live.canary, live.stable, HOLD_METRICS, since);
  const verdict = judgeCanary(remote, sides.canary, sides.stable, policy);
  if (verdict.held) return verdict;
  // hours are stored whole: those that ended SETTLED_MINUTES ago or more began before this hour's start less that
  const settledUntil = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000 - SETTLED_MINUTES * 60_000);
  const settledSides = await readSides(db, remote, live.canary, live.stable, HOLD_METRICS, since, settledUntil);
  const settled = judgeCanary(remote, settledSides.canary, settledSides.stable, policy);
  if (!settled.held) return verdict;
  return {
    ...settled,
    sentence: `${settled.sentence} Judged on the hours before ${clockOf(settledUntil)}: page views of the last hour or two do not release a hold until they are an hour old.`,
  };
}
