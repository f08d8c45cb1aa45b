// The per-client rate limit of the visitor POSTs (forms, reviews, quotes), counted in the shared Redis when there is one.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from './jsonEndpoint.js';
import { registerRequestClient } from './requestClient.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether a request is a pinned QA run's (it bears a QA token in force: releases/qaTokens.ts), set at the app's
     * root by the releases feature: such a request skips the per-address limits and is counted as no visitor.
     */
    qaRun?: (request: FastifyRequest) => Promise<boolean>;
  }
}

/** Whether `request` is a QA run's (false where the releases feature is not registered). */
export const isQaRun = async (request: FastifyRequest): Promise<boolean> =>
  (await request.server.qaRun?.(request)) === true;

/**
 * @fastify/rate-limit's allowList: a QA run's requests (one machine running the whole suite) are not counted; any other
 * request, an invalid or expired token's too, is counted as usual.
 */
export const exemptQaRuns = (): { allowList: (request: FastifyRequest) => Promise<boolean> } => ({
  allowList: isQaRun,
});

export interface RateLimitOptions {
  /** Requests per client address in one window; 0 turns the limit off (load tests only). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Prefix of the rate-limit keys in Redis (tests use their own). */
  redisNamespace?: string;
}

/** "a minute", "2 minutes", "30 seconds": the rate-limit window in words. */
export function describeWindow(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds === 60) return 'a minute';
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return seconds === 1 ? 'a second' : `${seconds} seconds`;
}

/**
 * The per-client rate limit of a plugin's POSTs (SUBMIT_RATE_LIMIT_*, shared through the app's Redis: http/redis.ts):
 * routes opt in with `config: { rateLimit: {} }`. Over it: 429 "Too many <what>, please try again in a minute.".
 * Returns whether a limit is on (rateLimitMax 0 turns it off).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions,
  { namespace, what = 'requests' }: { namespace: string; what?: string },
): Promise<boolean> {
  if (options.rateLimitMax <= 0) return false;
  const tooMany = `Too many ${what}, please try again in ${describeWindow(options.rateLimitWindowMs)}.`;
  await app.register(rateLimit, {
    global: false,
    max: options.rateLimitMax,
    timeWindow: options.rateLimitWindowMs,
    ...sharedCounting(app, options.redisNamespace ?? namespace),
    ...countedByNetwork(app),
    ...exemptQaRuns(),
    // Redis unreachable: let the visitor through (logged) rather than refuse every form.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => httpError(context.statusCode, tooMany),
  });
  return true;
}

/** @fastify/rate-limit's store options: the app's Redis under `namespace`, else none (each process counts in memory). */
export function sharedCounting(
  app: FastifyInstance,
  namespace: string,
): { redis?: NonNullable<FastifyInstance['redis']>; nameSpace?: string } {
  return app.redis === undefined ? {} : { redis: app.redis, nameSpace: namespace };
}

/**
 * @fastify/rate-limit's key: the client's network (request.client), not request.ip as written: one address spelt
 * several ways, or an IPv6 visitor's other addresses in its /64, are one client.
 */
export function countedByNetwork(app: FastifyInstance): { keyGenerator: (request: FastifyRequest) => string } {
  registerRequestClient(app);
  return { keyGenerator: (request) => request.client.network };
}
