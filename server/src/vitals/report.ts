// The releases console's read of the stored histograms: a remote's stable release beside its canary (all pages and per
// route pattern, over the hours the hold rule compares), and the site's every page pattern over 28 days per edition
// and device. p75s and shares of good from the buckets (buckets.ts).
import { sql, type Kysely } from 'kysely';
import {
  CONSOLE_METRICS,
  SITE_DEVICES,
  type ConsoleMetric,
  type ReleaseVitals,
  type SiteVitalsReport,
  type VitalFigures,
} from '@site/contracts/vitals-api';
import { LOCALES } from '@site/contracts/locale';
import type { DatabaseSchema } from '../platform/db/index.js';
import { goodShareOf, quantileOf, totalOf } from './buckets.js';

type Db = Kysely<DatabaseSchema>;

/** How far back the site's table looks. */
export const SITE_WINDOW_DAYS = 28;

/** Counts by metric, then by bucket index. */
type Counts = Map<ConsoleMetric, number[]>;

function add(counts: Counts, metric: ConsoleMetric, bucket: number, samples: number): void {
  const histogram = counts.get(metric) ?? [];
  histogram[bucket] = (histogram[bucket] ?? 0) + samples;
  counts.set(metric, histogram);
}

export function figuresOf(counts: Counts): VitalFigures {
  const entries = CONSOLE_METRICS.map((metric) => {
    const histogram = Array.from(counts.get(metric) ?? [], (count) => count ?? 0);
    return [
      metric,
      {
        p75: quantileOf(metric, histogram, 0.75) ?? null,
        samples: totalOf(histogram),
        goodShare: goodShareOf(metric, histogram) ?? null,
      },
    ];
  });
  return Object.fromEntries(entries) as VitalFigures;
}

/**
 * `remote`'s releases `versions` over the hours since `since` (only those `hoursOf` had page views in, when given: the
 * canary's, as the hold rule compares), all pages and per route pattern.
 */
export async function readReleaseVitals(
  db: Db,
  remote: string,
  versions: readonly string[],
  since: Date,
  hoursOf?: string,
): Promise<ReleaseVitals[]> {
  const hours = db
    .selectFrom('vitals_sessions')
    .select('hour')
    .distinct()
    .where('remote', '=', remote)
    .where('release', '=', hoursOf ?? '')
    .where('hour', '>=', since);
  let histograms = db
    .selectFrom('vitals_histograms')
    .select(['release', 'route', 'metric', 'bucket', sql<number>`sum(samples)`.as('samples')])
    .where('remote', '=', remote)
    .where('release', 'in', [...versions])
    .where('metric', 'in', [...CONSOLE_METRICS])
    .where('hour', '>=', since)
    .groupBy(['release', 'route', 'metric', 'bucket']);
  let sessions = db
    .selectFrom('vitals_sessions')
    .select(['release', sql<number>`sum(sessions)`.as('sessions')])
    .where('remote', '=', remote)
    .where('release', 'in', [...versions])
    .where('hour', '>=', since)
    .groupBy('release');
  if (hoursOf !== undefined) {
    histograms = histograms.where('hour', 'in', hours);
    sessions = sessions.where('hour', 'in', hours);
  }
  const [bucketRows, sessionRows] = await Promise.all([histograms.execute(), sessions.execute()]);
  return versions.map((version) => {
    const all: Counts = new Map();
    const byRoute = new Map<string, Counts>();
    for (const row of bucketRows) {
      if (row.release !== version) continue;
      const metric = row.metric as ConsoleMetric;
      add(all, metric, Number(row.bucket), Number(row.samples));
      const route: Counts = byRoute.get(row.route) ?? new Map<ConsoleMetric, number[]>();
      add(route, metric, Number(row.bucket), Number(row.samples));
      byRoute.set(row.route, route);
    }
    return {
      version,
      sessions: Number(sessionRows.find((row) => row.release === version)?.sessions ?? 0),
      all: figuresOf(all),
      routes: [...byRoute.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([route, counts]) => ({ route, vitals: figuresOf(counts) })),
    };
  });
}

/**
 * Every page pattern's figures over the last SITE_WINDOW_DAYS days, per edition, phones and desktops apart (tablets
 * are neither). A page view is stored once per remote it loaded (and once as "none" when it loaded none), so a page
 * is read from the one remote with the most samples for it: the remote every view of the page loaded, each view once.
 */
export async function readSiteVitals(db: Db, now: Date): Promise<SiteVitalsReport> {
  const since = new Date(now.getTime() - SITE_WINDOW_DAYS * 24 * 3600_000);
  const rows = await db
    .selectFrom('vitals_histograms')
    .select(['remote', 'route', 'edition', 'device', 'metric', 'bucket', sql<number>`sum(samples)`.as('samples')])
    .where('metric', 'in', [...CONSOLE_METRICS])
    .where('device', 'in', [...SITE_DEVICES])
    .where('hour', '>=', since)
    .groupBy(['remote', 'route', 'edition', 'device', 'metric', 'bucket'])
    .execute();
  // page → metric → remote → counts
  const pages = new Map<string, Map<ConsoleMetric, Map<string, number[]>>>();
  for (const row of rows) {
    const key = JSON.stringify([row.route, row.edition, row.device]);
    const metrics = pages.get(key) ?? new Map<ConsoleMetric, Map<string, number[]>>();
    const remotes = metrics.get(row.metric as ConsoleMetric) ?? new Map<string, number[]>();
    const histogram = remotes.get(row.remote) ?? [];
    histogram[Number(row.bucket)] = Number(row.samples);
    remotes.set(row.remote, histogram);
    metrics.set(row.metric as ConsoleMetric, remotes);
    pages.set(key, metrics);
  }
  const order = (edition: string, device: string) =>
    LOCALES.indexOf(edition as (typeof LOCALES)[number]) * 10 +
    SITE_DEVICES.indexOf(device as (typeof SITE_DEVICES)[number]);
  const report = [...pages.entries()].map(([key, metrics]) => {
    const [route, edition, device] = JSON.parse(key) as [
      string,
      (typeof LOCALES)[number],
      (typeof SITE_DEVICES)[number],
    ];
    const counts: Counts = new Map();
    for (const [metric, remotes] of metrics) {
      const most = [...remotes.values()]
        .map((histogram) => Array.from(histogram, (count) => count ?? 0))
        .sort((a, b) => totalOf(b) - totalOf(a))[0];
      if (most !== undefined) counts.set(metric, most);
    }
    return { route, edition, device, vitals: figuresOf(counts) };
  });
  report.sort((a, b) => a.route.localeCompare(b.route) || order(a.edition, a.device) - order(b.edition, b.device));
  return { days: SITE_WINDOW_DAYS, since: since.toISOString(), until: now.toISOString(), pages: report };
}
