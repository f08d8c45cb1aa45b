// The small answers beside the pages: the remotes map (also inline in every page: ../platform/http/spa.ts), the script
// that starts a server-rendered page's scripts, and the health check.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describeError, type Database } from '../platform/db/index.js';
import { CACHE_IMMUTABLE } from '../platform/http/caching.js';
import { AFTER_FIRST_PAINT_PATH, AFTER_FIRST_PAINT_SOURCE } from '../platform/http/ssr/afterFirstPaint.js';
import type { SiteRemotes } from './remotes.js';

export function registerServiceRoutes(app: FastifyInstance, db: Database, live: SiteRemotes['live']): void {
  app.get('/remotes.json', async (request, reply) => {
    const { canaries, maps } = live.current();
    const visitor = canaries.visitor(request);
    canaries.sendHeaders(reply, visitor);
    return maps.for(visitor).body;
  });

  // The script that starts a server-rendered page's scripts once it is on screen (its name carries its hash).
  app.get(AFTER_FIRST_PAINT_PATH, async (_request, reply) => {
    reply.header('cache-control', CACHE_IMMUTABLE).header('content-type', 'text/javascript; charset=utf-8');
    return AFTER_FIRST_PAINT_SOURCE;
  });

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      return reply.code(503).send({ status: 'error', database: describeError(error) });
    }
  });
}
