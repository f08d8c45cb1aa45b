// The three form POSTs (spec "The calls it makes"): validated, rate limited, stored with their mail.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { httpError, useJsonEndpoint } from '../http/jsonEndpoint.js';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { SubmissionsConfig } from '../config.js';
import { describeError, type Database } from '../db/index.js';
import { saveContactMessage, saveInquiry, saveRegistration, type SaveOptions } from '../submissions/store.js';
import {
  contactFormSchema,
  inquirySchema,
  parseSubmission,
  registrationSchema,
  type Submission,
} from '../validation/submissionSchemas.js';

/** Largest accepted request body: a full form is far below it (the longest field is 4,000 characters). */
export const SUBMISSION_BODY_LIMIT = 16 * 1024;

export const SUBMISSION_PATHS = {
  contactForm: '/api/send-contact-form',
  registration: '/api/send-user-registration',
  inquiry: '/api/send-inquiry',
} as const;

export interface SubmissionRoutesOptions extends Pick<SubmissionsConfig, 'rateLimitMax' | 'rateLimitWindowMs' | 'redisUrl'> {
  db: Database;
  /** Called after a submission queued a mail (the outbox worker sends it at once instead of at its next poll). */
  onOutboxWrite?: () => void;
  /** Prefix of the rate-limit keys in Redis (tests use their own). */
  redisNamespace?: string;
}


const NOT_SAVED = 'Your submission could not be saved right now. Please try again in a few minutes.';

/** "a minute", "2 minutes", "30 seconds": the rate-limit window in words. */
export function describeWindow(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds === 60) return 'a minute';
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return seconds === 1 ? 'a second' : `${seconds} seconds`;
}

/**
 * Registers POST /api/send-contact-form, /api/send-user-registration and /api/send-inquiry.
 * Every answer is JSON: 200 {ok, id}; 400 bad input, 413 too large, 415 not JSON, 405 wrong method,
 * 429 too many requests, 503 database down; each 4xx/5xx as {error} with a message a person can read.
 * Register it with app.register (its error handler, hooks and rate limiter stay inside it).
 */
export async function submissionRoutes(app: FastifyInstance, options: SubmissionRoutesOptions): Promise<void> {
  const { db, onOutboxWrite } = options;

  const limited = await registerRateLimit(app, options, { namespace: 'site-submissions-rate-' });

  const requireJson = useJsonEndpoint(app, { bodyLimit: SUBMISSION_BODY_LIMIT, what: 'the form', emptyHint: 'send the form as a JSON object' });

  const post = <S extends z.ZodType<Record<string, unknown>>>(
    url: string,
    schema: S,
    save: (data: Submission<S>, saveOptions: SaveOptions) => Promise<number>,
    queuesMail: boolean,
  ) => {
    app.post(
      url,
      { bodyLimit: SUBMISSION_BODY_LIMIT, preValidation: requireJson, config: limited ? { rateLimit: {} } : {} },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = parseSubmission(schema, request.body);
        if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
        let id: number;
        try {
          id = await save(parsed.data, { spam: parsed.spam });
        } catch (error) {
          request.log.error({ err: error }, `could not store a submission to ${url}: ${describeError(error)}`);
          return reply.code(503).send({ error: NOT_SAVED });
        }
        if (parsed.spam) request.log.info({ id, url }, 'honeypot field filled: stored as spam, no mail');
        else if (queuesMail) onOutboxWrite?.();
        return { ok: true, id };
      },
    );
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url,
      handler: async (request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({ error: `Method ${request.method} is not allowed here: send the form with POST` }),
    });
  };

  post(SUBMISSION_PATHS.contactForm, contactFormSchema, (form, saveOptions) => saveContactMessage(db, form, saveOptions), true);
  post(SUBMISSION_PATHS.registration, registrationSchema, (form, saveOptions) => saveRegistration(db, form, saveOptions), false);
  post(SUBMISSION_PATHS.inquiry, inquirySchema, (form, saveOptions) => saveInquiry(db, form, saveOptions), true);
}

/**
 * The per-client rate limit of a plugin's POSTs (SUBMIT_RATE_LIMIT_*, shared through REDIS_URL): routes opt in with
 * `config: { rateLimit: {} }`. Over it: 429 "Too many <what>, please try again in a minute.". Returns whether a
 * limit is on (rateLimitMax 0 turns it off).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: Pick<SubmissionRoutesOptions, 'rateLimitMax' | 'rateLimitWindowMs' | 'redisUrl' | 'redisNamespace'>,
  { namespace, what = 'requests' }: { namespace: string; what?: string },
): Promise<boolean> {
  if (options.rateLimitMax <= 0) return false;
  const redis = options.redisUrl === undefined ? undefined : connectRedis(app, options.redisUrl);
  const tooMany = `Too many ${what}, please try again in ${describeWindow(options.rateLimitWindowMs)}.`;
  await app.register(rateLimit, {
    global: false,
    max: options.rateLimitMax,
    timeWindow: options.rateLimitWindowMs,
    ...(redis === undefined ? {} : { redis, nameSpace: options.redisNamespace ?? namespace }),
    // Redis unreachable: let the visitor through (logged) rather than refuse every form.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => httpError(context.statusCode, tooMany),
  });
  return true;
}

/** A Redis connection for the rate limiter: fails fast when Redis is down, closed with the app. */
export function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1, connectionName: 'site-rate-limit' });
  let lastReport = 0;
  redis.on('error', (error: Error) => {
    // a down Redis errors on every reconnect: say so at most once a minute
    if (Date.now() - lastReport < 60_000) return;
    lastReport = Date.now();
    app.log.warn(`Redis for the rate limiter: ${describeError(error)} (requests are not rate limited until it is back)`);
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
