// The small answers beside the pages: the remotes map (also inline in every page: ../pages/shellResponder.ts) and the
// health check.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describeError, type Database } from '../platform/db/index.js';
import type { SiteRemotes } from './remotes.js';

export function registerServiceRoutes(app: FastifyInstance, db: Database, live: SiteRemotes['live']): void {
  app.get('/remotes.json', async (request, reply) => {
    const { canaries, maps } = live.current();
    const visitor = canaries.visitor(request);
    canaries.sendHeaders(reply, visitor);
    return maps.for(visitor).body;
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
