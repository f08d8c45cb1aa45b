// Where the operator's metrics (../metrics.ts) are scraped: on a listener of their own (METRICS_PORT, on loopback
// unless METRICS_HOST says otherwise), or on the public port only for a request bearing METRICS_TOKEN. Without either,
// /metrics is not served at all: the public address tells nobody the site's traffic, errors or releases.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { SiteMetrics } from '../metrics.js';

export const METRICS_PATH = '/metrics';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether an Authorization header bears `token` (compared in constant time, whatever its length). */
export function bearsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(token));
}

/** GET /metrics on the public port, for a request bearing `token` only (401 otherwise). */
export function registerPublicMetrics(app: FastifyInstance, metrics: SiteMetrics, token: string): void {
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearsToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: "The metrics need the operator's token: Authorization: Bearer <METRICS_TOKEN>" });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}

export interface MetricsListener {
  /** The port it listens on (METRICS_PORT, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/** The metrics' own listener: GET /metrics, and 404 for anything else. */
export async function startMetricsListener(
  metrics: SiteMetrics,
  { port, host }: { port: number; host: string },
  warn: (error: unknown) => void = () => undefined,
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the metrics are at /metrics\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) =>
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        warn(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be read\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
