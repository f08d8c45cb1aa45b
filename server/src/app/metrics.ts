// The operator's metrics (../platform/metrics.ts) for this app: every answer counted by its route pattern, /metrics on
// the public port behind METRICS_TOKEN when it is set, and the metrics as `app.siteMetrics` for server.ts's own
// listener (METRICS_PORT).
import type { FastifyInstance } from 'fastify';
import { registerPublicMetrics } from '../platform/http/metricsRoutes.js';
import { SiteMetrics, type MetricsSources } from '../platform/metrics.js';
import { RELEASED_REMOTES } from '@site/contracts/federation';
import { RELEASE_VITALS_DEFAULTS } from '../platform/config.js';
import { liveVersions } from '../releases/index.js';
import { createVitalsVerdict } from '../vitals/index.js';
import type { AppConfig } from './options.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (app/metrics.ts). */
    siteMetrics: SiteMetrics;
  }
}

/** What an answer is counted under when no route matched (a 404): one label, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export function startMetrics(app: FastifyInstance, sources: MetricsSources): SiteMetrics {
  const metrics = new SiteMetrics(sources);
  app.decorate('siteMetrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  // routeOptions.url is the route's pattern ('/api/catalogue/products/:productId'), never the address asked for
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  return metrics;
}

/** /metrics on the public port, only with METRICS_TOKEN set (after the guards: its answers carry the site's headers). */
export function registerMetricsRoute(app: FastifyInstance, config: AppConfig): void {
  const token = config.metrics?.token;
  if (token !== undefined) registerPublicMetrics(app, app.siteMetrics, token);
}

/** Each released remote's canary-hold verdict, for site_release_canary_held. */
export function canaryHoldsOf(config: AppConfig): NonNullable<MetricsSources['canaryHolds']> {
  const verdict = createVitalsVerdict(liveVersions, config.releaseVitals ?? RELEASE_VITALS_DEFAULTS);
  return async (db) =>
    Promise.all(RELEASED_REMOTES.map(async (remote) => ({ remote, held: (await verdict(db, remote)).held })));
}
