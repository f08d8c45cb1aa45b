// The vitals' rows (migration 033): a counted beacon adds to its hour's histograms and page views, and the canary-hold
// rule reads two releases' totals over the same hours.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { VitalMetric } from '@site/contracts/vitals-api';
import type { Histogram } from './buckets.js';

type Db = Kysely<DatabaseSchema>;

/** One release's counts over the hours compared (the canary-hold rule's sides: canaryHold.ts). */
export interface SideCounts {
  version: string;
  /** Distinct sessions (each hour's, added up). */
  sessions: number;
  /** Distinct wide networks those sessions came from (each UTC day's, added up: sessionGate.ts). */
  networks: number;
  /** Per metric, page views by bucket. */
  histograms: Partial<Record<VitalMetric, Histogram>>;
}

/** What a counted beacon is kept as: its keys, and per metric its bucket. */
export interface CountedBeacon {
  hour: Date;
  route: string;
  edition: string;
  device: string;
  connection: string;
  /**
   * Each remote the page loaded that the view counts for, with its release ('other' when not the registry's), and
   * whether the session is new for it (this hour) and its wide network (this day).
   */
  releases: readonly { remote: string; release: string; newSession: boolean; newNetwork: boolean }[];
  buckets: Partial<Record<VitalMetric, number>>;
}

/** Adds a counted beacon to its rows: two statements, each one upsert of every row it touches. */
export async function recordBeacon(db: Db, beacon: CountedBeacon): Promise<void> {
  const { hour, route, edition, device, connection } = beacon;
  const metrics = Object.entries(beacon.buckets) as [VitalMetric, number][];
  const histogramRows = beacon.releases.flatMap(({ remote, release }) =>
    metrics.map(([metric, bucket]) => ({ remote, release, hour, metric, route, edition, device, bucket, samples: 1 })),
  );
  if (histogramRows.length > 0) {
    await db
      .insertInto('vitals_histograms')
      .values(histogramRows)
      .onConflict((oc) =>
        oc
          .columns(['remote', 'release', 'hour', 'metric', 'route', 'edition', 'device', 'bucket'])
          .doUpdateSet({ samples: sql<number>`vitals_histograms.samples + excluded.samples` }),
      )
      .execute();
  }
  const sessionRows = beacon.releases.map(({ remote, release, newSession, newNetwork }) => ({
    remote,
    release,
    hour,
    route,
    edition,
    device,
    connection,
    views: 1,
    sessions: newSession ? 1 : 0,
    networks: newNetwork ? 1 : 0,
  }));
  if (sessionRows.length === 0) return;
  await db
    .insertInto('vitals_sessions')
    .values(sessionRows)
    .onConflict((oc) =>
      oc.columns(['remote', 'release', 'hour', 'route', 'edition', 'device', 'connection']).doUpdateSet({
        views: sql<number>`vitals_sessions.views + excluded.views`,
        sessions: sql<number>`vitals_sessions.sessions + excluded.sessions`,
        networks: sql<number>`vitals_sessions.networks + excluded.networks`,
      }),
    )
    .execute();
}

/**
 * The totals of `remote`'s releases `canary` and `stable` over the hours from `since` (to before `until`, when given)
 * in which the canary had page views: the same hours on both sides (traffic and the site's own speed change through a
 * day).
 */
export async function readSides(
  db: Db,
  remote: string,
  canary: string,
  stable: string,
  metrics: readonly VitalMetric[],
  since: Date,
  until?: Date,
): Promise<{ canary: SideCounts; stable: SideCounts; hours: number }> {
  let canaryHours = db
    .selectFrom('vitals_sessions')
    .select('hour')
    .distinct()
    .where('remote', '=', remote)
    .where('release', '=', canary)
    .where('hour', '>=', since);
  if (until !== undefined) canaryHours = canaryHours.where('hour', '<', until);
  const sessions = await db
    .selectFrom('vitals_sessions')
    .select([
      'release',
      sql<number>`sum(sessions)`.as('sessions'),
      sql<number>`sum(networks)`.as('networks'),
      sql<number>`count(distinct hour)`.as('hours'),
    ])
    .where('remote', '=', remote)
    .where('release', 'in', [canary, stable])
    .where('hour', 'in', canaryHours)
    .groupBy('release')
    .execute();
  const buckets = await db
    .selectFrom('vitals_histograms')
    .select(['release', 'metric', 'bucket', sql<number>`sum(samples)`.as('samples')])
    .where('remote', '=', remote)
    .where('release', 'in', [canary, stable])
    .where('metric', 'in', [...metrics])
    .where('hour', 'in', canaryHours)
    .groupBy(['release', 'metric', 'bucket'])
    .execute();
  const side = (version: string): SideCounts => {
    const histograms: Partial<Record<VitalMetric, number[]>> = {};
    for (const row of buckets) {
      if (row.release !== version) continue;
      const histogram = (histograms[row.metric as VitalMetric] ??= []);
      histogram[Number(row.bucket)] = Number(row.samples);
    }
    for (const histogram of Object.values(histograms))
      for (let index = 0; index < histogram.length; index += 1) histogram[index] ??= 0;
    const row = sessions.find((counted) => counted.release === version);
    return { version, sessions: Number(row?.sessions ?? 0), networks: Number(row?.networks ?? 0), histograms };
  };
  return {
    canary: side(canary),
    stable: side(stable),
    hours: Number(sessions.find((row) => row.release === canary)?.hours ?? 0),
  };
}
