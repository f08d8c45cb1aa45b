// The server's one Redis connection (REDIS_URL): the rate limits of every plugin and the staff sign-in lockout share it.
// Registered once on the root, before the route plugins, which read it as `app.redis` (undefined without REDIS_URL).
//
// Not @fastify/redis: it holds the server's start until Redis answers (measured: 10 s, then AVV_ERR_PLUGIN_EXEC_TIMEOUT
// and no server), whereas a Redis that is down must cost the site nothing but shared counting: the forms, reviews,
// quotes and chat answer unlimited, sign-in failures are counted in the database, and all share again once it is back.
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { Redis } from 'ioredis';
import { describeError } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set (http/redis.ts). */
    redis?: Redis;
  }
}

export interface SharedRedisOptions {
  url: string;
}

async function sharedRedisPlugin(app: FastifyInstance, { url }: SharedRedisOptions): Promise<void> {
  // fails fast while Redis is down (a command waits for one reconnect at most), reconnects in the background
  const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1, connectionName: 'site' });
  let lastReport = 0;
  redis.on('error', (error: Error) => {
    // a down Redis errors on every reconnect: say so at most once a minute
    if (Date.now() - lastReport < 60_000) return;
    lastReport = Date.now();
    app.log.warn(
      `Redis (REDIS_URL): ${describeError(error)} (rate limits are off and staff sign-in failures are counted in the database until it is back)`,
    );
  });
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}

/** Decorates the app (and every plugin registered after it) with the shared connection, closed with the app. */
export const sharedRedis = fastifyPlugin(sharedRedisPlugin, { fastify: '5.x', name: 'site-redis' });
