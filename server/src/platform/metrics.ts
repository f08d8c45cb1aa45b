// The operator's metrics, in Prometheus's text format (prom-client): this process's HTTP requests by route pattern and
// status, their latency, the page cache, the database's query latency and pool, and the field vitals it counted; read
// from the database at each scrape, the same from every process: the mail outbox's backlog, the catalogue's version
// and each live release's loads. Served off the public address (metricsRoutes.ts). Every label's values come from a
// bounded set (route patterns, never a raw URL): a visitor cannot grow the series.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { VITAL_LIMITS, VITAL_METRICS, type VitalMetric } from '@site/contracts/vitals-api';
import type { Database, DatabaseSchema } from './db/index.js';
import { observeQueries } from './db/queryTimings.js';

/** A live release's load totals. */
export interface ReleaseLoad {
  remote: string;
  version: string;
  loads: number;
  failures: number;
  renderErrors: number;
}

/** What the metrics read at a scrape, given by app.ts (the platform reads no feature itself). */
export interface MetricsSources {
  db: Database;
  /** The rendered pages kept (http/pageCache.ts). */
  pageCache?: { readonly hits: number; readonly misses: number; readonly size: number } | undefined;
  /** The catalogue's version as this process follows it. */
  catalogueVersion?: (() => number) | undefined;
  /** Each live release's load totals (the releases feature's). */
  releaseLoads?: ((db: Kysely<DatabaseSchema>) => Promise<readonly ReleaseLoad[]>) | undefined;
  /** Each released remote's canary-hold verdict (the vitals feature's rule): 1 held, 0 not (or no canary). */
  canaryHolds?: ((db: Kysely<DatabaseSchema>) => Promise<readonly { remote: string; held: boolean }[]>) | undefined;
  /** Where a failed read is told (the scrape answers with what it has). */
  warn?: (message: string, error: unknown) => void;
}

/** A field vitals' page kind, as its histograms are labelled. */
export interface VitalLabels {
  route: string;
  edition: string;
  device: string;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A vital's Prometheus buckets: its "good" threshold times powers of √2 (coarser than the stored ones: fewer series). */
function vitalBuckets(metric: VitalMetric): number[] {
  const { good, unit } = VITAL_LIMITS[metric];
  const base = unit === 'ms' ? good / 1000 : good;
  return Array.from({ length: 13 }, (_, index) => Number((base * 2 ** ((index - 6) / 2)).toPrecision(4)));
}

const PROCESS_PREFIX = 'site_process_';
const SUMMED_GAUGES = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

export class SiteMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private readonly vitals: Record<VitalMetric, Histogram<keyof VitalLabels>>;
  private readonly beacons: Counter<'outcome'>;
  private readonly stopObserving: () => void;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: PROCESS_PREFIX });
    // prom-client names these gauges as counters (`_total`), which Prometheus's own checker refuses; each is the sum
    // of the gauge of the same name without `_total`, by type, which stays
    for (const name of SUMMED_GAUGES) this.registry.removeSingleMetric(`${PROCESS_PREFIX}${name}`);
    this.requests = new Counter({
      name: 'site_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'site_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    const queries = new Histogram({
      name: 'site_db_query_duration_seconds',
      help: 'Time the database took to answer a query',
      labelNames: ['outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.stopObserving = observeQueries((seconds, failed) =>
      queries.observe({ outcome: failed ? 'failed' : 'ok' }, seconds),
    );
    this.vitals = Object.fromEntries(
      VITAL_METRICS.map((metric) => [
        metric,
        new Histogram<keyof VitalLabels>({
          name: `site_vitals_${metric.toLowerCase()}${VITAL_LIMITS[metric].unit === 'ms' ? '_seconds' : ''}`,
          help: `Field ${metric} of the page views counted (POST /api/vitals)`,
          labelNames: ['route', 'edition', 'device'],
          buckets: vitalBuckets(metric),
          registers,
        }),
      ]),
    ) as Record<VitalMetric, Histogram<keyof VitalLabels>>;
    this.beacons = new Counter({
      name: 'site_vitals_beacons_total',
      help: 'Vitals beacons received: counted, or not (past the caps of one address or session)',
      labelNames: ['outcome'],
      registers,
    });
    this.scrapedGauges(registers);
  }

  /** One answered request: `route` is its pattern (routeOptions.url), never the URL asked for. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.durations.observe({ method, route }, seconds);
  }

  /** One counted page view's value of `metric` (milliseconds, or CLS's own unit), clamped already. */
  observeVital(metric: VitalMetric, value: number, labels: VitalLabels): void {
    this.vitals[metric].observe(labels, VITAL_LIMITS[metric].unit === 'ms' ? value / 1000 : value);
  }

  observeBeacon(counted: boolean): void {
    this.beacons.inc({ outcome: counted ? 'counted' : 'capped' });
  }

  /** Moves on with every scrape: the database's reads are made once a scrape (onceAScrape). */
  private scrapes = 0;

  /** The text a scrape gets, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    this.scrapes += 1;
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** One read shared by the metrics of a scrape (prom-client collects them together), made again at the next scrape. */
  private onceAScrape<T>(read: () => Promise<T>): () => Promise<T> {
    let last: { scrape: number; value: Promise<T> } | undefined;
    return () => {
      if (last?.scrape !== this.scrapes) last = { scrape: this.scrapes, value: read() };
      return last.value;
    };
  }

  close(): void {
    this.stopObserving();
    this.registry.clear();
  }

  /** What is read when scraped: the page cache, the pool, the outbox, the catalogue version, the releases' loads and holds. */
  private scrapedGauges(registers: Registry[]): void {
    const { db, pageCache, catalogueVersion, releaseLoads, canaryHolds } = this.sources;
    const warn = this.sources.warn ?? (() => undefined);
    if (pageCache !== undefined) {
      const hits: Counter = new Counter({
        name: 'site_page_cache_hits_total',
        help: 'Pages answered from the rendered-page cache',
        registers,
        collect: () => setCounter(hits, pageCache.hits),
      });
      const misses: Counter = new Counter({
        name: 'site_page_cache_misses_total',
        help: 'Pages not in the rendered-page cache (rendered)',
        registers,
        collect: () => setCounter(misses, pageCache.misses),
      });
      const size: Gauge = new Gauge({
        name: 'site_page_cache_pages',
        help: 'Rendered pages kept',
        registers,
        collect: () => size.set(pageCache.size),
      });
    }
    if (db.poolStats !== undefined) {
      const poolStats = db.poolStats.bind(db);
      const pool: Gauge<'state'> = new Gauge({
        name: 'site_db_pool_connections',
        help: 'PostgreSQL pool connections: all, idle, and requests waiting for one',
        labelNames: ['state'],
        registers,
        collect: () => {
          const stats = poolStats();
          pool.set({ state: 'total' }, stats.total);
          pool.set({ state: 'idle' }, stats.idle);
          pool.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
    type OutboxRow = { pending: string | number; failing: string | number; age: string | number | null };
    const outbox = this.onceAScrape(async () => {
      const { rows } = await sql<OutboxRow>`
        select count(*) as pending, count(*) filter (where attempts > 0) as failing,
          extract(epoch from (now() - min(created_at))) as age
        from outbox where sent_at is null`.execute(db.kysely);
      return rows[0];
    });
    const outboxGauge = (name: string, help: string, value: (row: OutboxRow | undefined) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: async () => {
          try {
            gauge.set(value(await outbox()));
          } catch (error) {
            warn('metrics: could not read the outbox', error);
          }
        },
      });
    };
    outboxGauge('site_outbox_pending', 'Mails waiting in the outbox (not sent yet)', (row) =>
      Number(row?.pending ?? 0),
    );
    outboxGauge('site_outbox_failing', 'Mails waiting in the outbox that failed at least once', (row) =>
      Number(row?.failing ?? 0),
    );
    outboxGauge(
      'site_outbox_oldest_pending_age_seconds',
      'Age of the oldest mail waiting in the outbox (0: none)',
      (row) => Math.max(0, Number(row?.age ?? 0)),
    );
    if (catalogueVersion !== undefined) {
      const version: Gauge = new Gauge({
        name: 'site_catalogue_version',
        help: "The catalogue's version this process serves",
        registers,
        collect: () => version.set(catalogueVersion()),
      });
    }
    if (releaseLoads !== undefined) {
      const totals = this.onceAScrape(() => releaseLoads(db.kysely));
      const releaseCounter = (name: string, help: string, value: (row: ReleaseLoad) => number) => {
        const counter: Counter<'remote' | 'release'> = new Counter({
          name,
          help,
          labelNames: ['remote', 'release'],
          registers,
          collect: async () => {
            try {
              const rows = await totals();
              counter.reset();
              for (const row of rows) counter.inc({ remote: row.remote, release: row.version }, value(row));
            } catch (error) {
              warn("metrics: could not read the releases' loads", error);
            }
          },
        });
      };
      releaseCounter(
        'site_remote_loads_total',
        "Browsers' loads of each live release of a remote (site-wide)",
        (row) => row.loads,
      );
      releaseCounter(
        'site_remote_load_failures_total',
        "Browsers' failed loads of each live release of a remote (site-wide)",
        (row) => row.failures,
      );
      releaseCounter(
        'site_remote_render_errors_total',
        'First views the server could not render with each live release (site-wide)',
        (row) => row.renderErrors,
      );
    }
    if (canaryHolds !== undefined) {
      const held: Gauge<'remote'> = new Gauge({
        name: 'site_release_canary_held',
        help: "1 when a remote's live canary is held by the page speed rule (its promote refused), else 0 (site-wide)",
        labelNames: ['remote'],
        registers,
        collect: async () => {
          try {
            const verdicts = await canaryHolds(db.kysely);
            held.reset();
            for (const verdict of verdicts) held.set({ remote: verdict.remote }, verdict.held ? 1 : 0);
          } catch (error) {
            warn('metrics: could not read the canary-hold rule', error);
          }
        },
      });
    }
  }
}

/** A counter kept elsewhere, as its total now. */
function setCounter(counter: Counter, total: number): void {
  counter.reset();
  counter.inc(total);
}
