// POST /api/vitals: a page view's field Core Web Vitals (sendBeacon: text/plain, or application/json), at most 2 KB
// (413 past it), rate-limited per client address, every bad beacon a 400 naming the problem. Answers 202 { counted }.
// A beacon is counted into its hour's histograms (store.ts) by what the server knows: a route pattern of the route
// table, a release the registry has (anything else is "other"), values clamped to what is believable; and only within
// the caps of one network, one wide network and one session, and a network's share of each release (sessionGate.ts).
// Nothing of the request is kept: no beacon, address, cookie or user agent.
import type { FastifyPluginAsync } from 'fastify';
import { siteRoutes } from '@site/contracts/routes';
import {
  CONNECTION_TYPES,
  deviceClassOf,
  VITAL_METRICS,
  VITALS_BODY_LIMIT,
  VITALS_OTHER,
  VITALS_PATH,
  vitalsBeaconSchema,
  type VitalMetric,
} from '@site/contracts/vitals-api';
import type { Database } from '../platform/db/index.js';
import { describeError } from '../platform/db/index.js';
import { useContracts } from '../platform/http/contracts.js';
import { addUtf8JsonParser, httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { isQaRun, registerRateLimit } from '../platform/http/rateLimit.js';
import { registerRequestClient } from '../platform/http/requestClient.js';
import type { SiteMetrics } from '../platform/metrics.js';
import type { KnownReleases } from '../releases/index.js';
import { bucketOf, clampVital } from './buckets.js';
import { memorySessionGate, redisSessionGate, type SessionGate } from './sessionGate.js';
import { recordBeacon } from './store.js';

/** The route patterns a beacon may name ('our-products/:productCategoryId'); any other is counted as "other". */
export const ROUTE_PATTERNS: ReadonlySet<string> = new Set(siteRoutes.map((route) => route.path));

/** What a page that loaded no remote is counted under (its speed still counts, per page kind). */
export const NO_REMOTE = 'none';

/** How long the registry's releases are kept before they are read again; a release the page names that is not among them reads them again, at most this often. */
const KNOWN_RELEASES_MS = 30_000;
const REREAD_AT_MOST_MS = 5_000;

export interface VitalsRoutesOptions {
  db: Database;
  /** Beacons per client address per minute (VITALS_BEACONS_PER_MINUTE); 0: no limit. */
  beaconsPerMinute: number;
  /** The registry's releases (the releases feature's readKnownReleases). */
  readKnownReleases: (db: Database['kysely']) => Promise<KnownReleases>;
  metrics?: SiteMetrics | undefined;
  /** The time a beacon is counted at (tests move it). */
  now?: (() => Date) | undefined;
  /** Prefix of the counting keys in Redis (tests use their own). */
  redisNamespace?: string | undefined;
}

/** An ISO hour: '2026-06-08T14'. */
const hourOf = (at: Date): string => at.toISOString().slice(0, 13);

export const vitalsRoutes: FastifyPluginAsync<VitalsRoutesOptions> = async (parent, options) => {
  const app = useContracts(parent);
  const { db } = options;
  const now = options.now ?? (() => new Date());
  registerRequestClient(app);
  const limited = await registerRateLimit(
    app,
    {
      rateLimitMax: options.beaconsPerMinute,
      rateLimitWindowMs: 60_000,
      redisNamespace: options.redisNamespace === undefined ? undefined : `${options.redisNamespace}rate-`,
    },
    { namespace: 'site-vitals-rate-', what: 'vitals beacons' },
  );
  useJsonEndpoint(app, {
    bodyLimit: VITALS_BODY_LIMIT,
    what: 'the vitals',
    emptyHint: "send the page view's vitals as a JSON object",
  });
  // sendBeacon's string is text/plain: read as the JSON it is
  app.removeContentTypeParser('text/plain');
  addUtf8JsonParser(app, 'text/plain', VITALS_BODY_LIMIT);

  const fallback = memorySessionGate();
  const namespace = options.redisNamespace ?? 'site-vitals-';
  let warned = 0;
  const warn = (error: unknown) => {
    // a down Redis fails every beacon: said at most once a minute
    if (Date.now() - warned < 60_000) return;
    warned = Date.now();
    app.log.warn(
      `vitals: Redis failed (${describeError(error)}); the caps of networks and sessions are counted in this process until it is back`,
    );
  };
  const gate: SessionGate = app.redis === undefined ? fallback : redisSessionGate(app.redis, namespace, fallback, warn);

  let known: { at: number; releases: Promise<KnownReleases> } | undefined;
  // aged by the beacons' clock (tests move it instead of waiting)
  const knownReleases = (stale: boolean): Promise<KnownReleases> => {
    const at = now().getTime();
    const age = known === undefined ? Infinity : Math.abs(at - known.at);
    if (known === undefined || age > KNOWN_RELEASES_MS || (stale && age > REREAD_AT_MOST_MS)) {
      const releases = options.readKnownReleases(db.kysely);
      known = { at, releases };
      // a failed read is not kept
      void releases.catch(() => {
        if (known?.releases === releases) known = undefined;
      });
    }
    return known.releases;
  };
  /** The version of each remote's release the page loaded, or "other". */
  const releasesOf = async (
    remotes: Partial<Record<string, string>>,
  ): Promise<{ remote: string; release: string }[]> => {
    const named = Object.entries(remotes).filter((entry): entry is [string, string] => entry[1] !== undefined);
    if (named.length === 0) return [{ remote: NO_REMOTE, release: NO_REMOTE }];
    let releases = await knownReleases(false);
    if (named.some(([remote, entry]) => releases.versionOf(remote, entry) === undefined))
      releases = await knownReleases(true);
    return named.map(([remote, entry]) => ({ remote, release: releases.versionOf(remote, entry) ?? VITALS_OTHER }));
  };

  app.post(
    VITALS_PATH,
    {
      bodyLimit: VITALS_BODY_LIMIT,
      onRequest: async (_request, reply) => void reply.header('cache-control', 'no-store'),
      preValidation: async (request) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json' && type !== 'text/plain')
          throw httpError(415, 'Send the vitals as JSON (Content-Type: application/json or text/plain)');
        if (request.body === undefined)
          throw httpError(400, "The request body is empty: send the page view's vitals as a JSON object");
      },
      schema: { body: vitalsBeaconSchema },
      config: limited ? { rateLimit: {} } : {},
    },
    async (request, reply) => {
      const beacon = request.body;
      // a pinned QA run's page views are test traffic, not a visitor's: never in a canary's vitals (its hold, its rollback)
      if (await isQaRun(request)) return reply.code(202).send({ counted: false });
      const at = now();
      const hour = hourOf(at);
      const route = ROUTE_PATTERNS.has(beacon.route) ? beacon.route : VITALS_OTHER;
      const device = deviceClassOf(beacon.viewportWidth);
      const connection =
        beacon.connection !== undefined && (CONNECTION_TYPES as readonly string[]).includes(beacon.connection)
          ? beacon.connection
          : VITALS_OTHER;
      const releases = await releasesOf(beacon.remotes);
      // request.client: the address our trusted proxies saw (TRUST_PROXY), never an X-Forwarded-For the client wrote
      const admission = await gate.admit(
        hour,
        request.client,
        beacon.session,
        releases.map(({ remote, release }) => `${remote}:${release}`),
      );
      options.metrics?.observeBeacon(admission.counted);
      if (!admission.counted) return reply.code(202).send({ counted: false });
      const values = VITAL_METRICS.flatMap((metric): [VitalMetric, number][] => {
        const value = beacon.metrics[metric];
        return value === undefined ? [] : [[metric, clampVital(metric, value)]];
      });
      await recordBeacon(db.kysely, {
        hour: new Date(`${hour}:00:00.000Z`),
        route,
        edition: beacon.edition,
        device,
        connection,
        // only the releases the view counts for (its wide network within its share of each)
        releases: releases.flatMap((release, index) => {
          const admitted = admission.releases[index];
          return admitted?.counted === true
            ? [{ ...release, newSession: admitted.newSession, newNetwork: admitted.newNetwork }]
            : [];
        }),
        buckets: Object.fromEntries(values.map(([metric, value]) => [metric, bucketOf(metric, value)])),
      });
      for (const [metric, value] of values)
        options.metrics?.observeVital(metric, value, { route, edition: beacon.edition, device });
      return reply.code(202).send({ counted: true });
    },
  );
};
