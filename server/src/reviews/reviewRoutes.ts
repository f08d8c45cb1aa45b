// Product reviews (spec "Product details: Reviews"): GET and POST /api/products/:productId/reviews, and
// GET /api/products/ratings for the listing's 'Sort by average rating'. Stored in the `reviews` table;
// e-mails are stored but never sent back. POSTs share the forms' rate limit settings (SUBMIT_RATE_LIMIT_*), and one
// client may send REVIEWS_PER_PRODUCT_MAX reviews of a product per REVIEWS_PER_PRODUCT_WINDOW_SECONDS (reviewLimit.ts);
// the rating counts each client once, however many reviews it sent. Only reviews staff have not hidden (or still
// hold for approval, when the staff setting "hold new reviews" is on) are listed and rated.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answers, useContracts, withoutHoneypot } from '../platform/http/contracts.js';
import { useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import type { CustomerReview } from '@site/content';
import { RATINGS_API_PATH, REVIEWS_API_PATTERN } from '@site/contracts/api';
import {
  ratingsResponseSchema,
  reviewBodySchema,
  reviewCreatedSchema,
  reviewParamsSchema,
  reviewsResponseSchema,
  type RatingsResponse,
  type RatingSummary,
  type ReviewCreatedResponse,
  type ReviewsResponse,
} from '@site/contracts/reviews-api';
import type { SubmissionsConfig } from '../platform/config.js';
import type { Kysely } from 'kysely';
import { describeError, type Database, type DatabaseSchema } from '../platform/db/index.js';
import { registerRateLimit } from '../platform/http/rateLimit.js';
import { siteReviewCatalogue, type ReviewCatalogue } from './productCatalogue.js';
import { alreadyReviewed, reviewClientKey } from './reviewLimit.js';
import { insertReviewWithinLimit, storedReviews, storedStarTotals } from './reviewStore.js';
import { readSettings } from './reviewSettings.js';

/** Largest accepted body: a review at every field's limit is about 4.5 KB of JSON. */
export const REVIEW_BODY_LIMIT = 16 * 1024;

/** The reviews call in Fastify's syntax (the same ':productId' as React Router's). */
export const REVIEWS_ROUTE = REVIEWS_API_PATTERN;

export interface ReviewRoutesOptions extends SubmissionsConfig {
  db: Database;
  /**
   * Which products exist and their seed reviews: the database's, asked a product at a time (app.ts), or records
   * fixed or as a feed has them now; the site's committed catalogue by default.
   */
  catalogue?: ReviewCatalogue | (() => Promise<ReviewCatalogue>);
  /** Prefix of the rate-limit keys in Redis. */
  redisNamespace?: string;
}


const NOT_SAVED = 'Your review could not be saved right now. Please try again in a few minutes.';
const NOT_LOADED = 'Reviews could not be loaded right now. Please try again in a few minutes.';

const unknownProduct = (productId: string) => `There is no product "${productId}" in the catalogue`;

/** Average of a star total over a count, rounded to two decimals. */
export const averageStars = (stars: number, count: number): number => Math.round((stars / count) * 100) / 100;

/**
 * Every reviewed product's rating: seed and stored public reviews, where each seed review and each client's reviews
 * weigh one in the average (a burst from one client moves it as one review). Products gone from the catalogue are left out.
 */
export async function productRatings(db: Kysely<DatabaseSchema>, catalogue: ReviewCatalogue): Promise<Record<string, RatingSummary>> {
  const [totals, seedTotals] = await Promise.all([storedStarTotals(db), catalogue.seedTotals()]);
  const sums = new Map<string, { count: number; weights: number; stars: number }>();
  for (const [productId, seeds] of seedTotals) sums.set(productId, { count: seeds.count, weights: seeds.count, stars: seeds.stars });
  const known = await catalogue.known(totals.map((total) => total.productId));
  for (const { productId, count, sources, sourceStars } of totals) {
    if (!known.has(productId)) continue;
    const seed = sums.get(productId) ?? { count: 0, weights: 0, stars: 0 };
    sums.set(productId, { count: seed.count + count, weights: seed.weights + sources, stars: seed.stars + sourceStars });
  }
  const ratings: Record<string, RatingSummary> = {};
  for (const [productId, { count, weights, stars }] of sums) ratings[productId] = { average: averageStars(stars, weights), count };
  return ratings;
}

/**
 * Registers the review routes. Every answer is JSON: reviews as {reviews}, a stored review as {ok, review},
 * ratings as {ratings}; 400 bad input, 404 unknown product, 405 wrong method, 413, 415, 429 too many reviews,
 * 503 database down, each as {error} with a message a person can read. Register it with app.register.
 */
export async function reviewRoutes(parent: FastifyInstance, options: ReviewRoutesOptions): Promise<void> {
  const { db } = options;
  const app = useContracts(parent);
  const given = options.catalogue ?? siteReviewCatalogue;
  const currentCatalogue = typeof given === 'function' ? given : async () => given;
  /** The catalogue now, or undefined (logged) when it cannot be read: the caller answers 503. */
  const catalogueFor = async (request: FastifyRequest): Promise<ReviewCatalogue | undefined> => {
    try {
      return await currentCatalogue();
    } catch (error) {
      request.log.error({ err: error }, `could not read the catalogue: ${describeError(error)}`);
      return undefined;
    }
  };

  const limited = await registerRateLimit(app, options, { namespace: 'site-reviews-rate-', what: 'reviews' });

  const requireJson = useJsonEndpoint(app, { bodyLimit: REVIEW_BODY_LIMIT, what: 'the review', emptyHint: 'send the review as a JSON object' });

  type WithProduct = { Params: { productId: string } };

  app.get(REVIEWS_ROUTE, { schema: { params: reviewParamsSchema, response: answers(reviewsResponseSchema) } }, async (request, reply): Promise<ReviewsResponse | void> => {
    reply.header('cache-control', 'no-store');
    const { productId } = request.params;
    const catalogue = await catalogueFor(request);
    if (catalogue === undefined) return reply.code(503).send({ error: NOT_LOADED });
    let reviews: CustomerReview[] | undefined;
    try {
      reviews = (await catalogue.has(productId))
        ? [...(await storedReviews(db.kysely, productId)), ...(await catalogue.seedReviews(productId))]
        : // a withdrawn product's page (a 410) still asks for them: its stored reviews, no 404 in the visitor's console
          (await catalogue.withdrawn?.(productId))
          ? await storedReviews(db.kysely, productId)
          : undefined;
    } catch (error) {
      request.log.error({ err: error }, `could not read the reviews of ${productId}: ${describeError(error)}`);
      return reply.code(503).send({ error: NOT_LOADED });
    }
    if (reviews === undefined) return reply.code(404).send({ error: unknownProduct(productId) });
    return { reviews };
  });

  /** Before the body is checked (after its type): an unknown product is a 404, an unreadable catalogue a 503. */
  const knownProduct = async (request: FastifyRequest<WithProduct>, reply: FastifyReply) => {
    const { productId } = request.params;
    const catalogue = await catalogueFor(request);
    if (catalogue === undefined) return reply.code(503).send({ error: NOT_SAVED });
    let known: boolean;
    try {
      known = await catalogue.has(productId);
    } catch (error) {
      request.log.error({ err: error }, `could not read the catalogue: ${describeError(error)}`);
      return reply.code(503).send({ error: NOT_SAVED });
    }
    if (!known) return reply.code(404).send({ error: unknownProduct(productId) });
    return undefined;
  };

  app.post(
    REVIEWS_ROUTE,
    {
      bodyLimit: REVIEW_BODY_LIMIT,
      // every answer, a refused body's too, is the visitor's own
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      preValidation: [requireJson, knownProduct],
      config: limited ? { rateLimit: {} } : {},
      schema: { params: reviewParamsSchema, body: reviewBodySchema, response: answers(reviewCreatedSchema) },
    },
    async (request, reply): Promise<ReviewCreatedResponse | void> => {
      const { productId } = request.params;
      const parsed = withoutHoneypot(request.body);
      const { customerName, stars, comment } = parsed.data;
      let held: boolean;
      if (parsed.spam) {
        // Same answer, nothing stored: a bot's review would otherwise show on the product page.
        request.log.info({ productId }, 'honeypot field filled: review not stored');
        held = await readSettings(db.kysely).then(
          (settings) => settings.holdNewReviews,
          () => false,
        );
      } else {
        const limit = { max: options.reviewsPerProductMax, windowMs: options.reviewsPerProductWindowMs };
        let result: Awaited<ReturnType<typeof insertReviewWithinLimit>>;
        try {
          result = await insertReviewWithinLimit(db, productId, parsed.data, reviewClientKey(request.ip), limit);
        } catch (error) {
          request.log.error({ err: error }, `could not store a review of ${productId}: ${describeError(error)}`);
          return reply.code(503).send({ error: NOT_SAVED });
        }
        if (!result.stored) {
          return reply
            .code(429)
            .header('retry-after', String(Math.ceil(result.retryAfterMs / 1000)))
            .send({ error: alreadyReviewed(limit.max, limit.windowMs, result.retryAfterMs) });
        }
        held = result.held;
      }
      // a held review is stored but not shown until staff approve it: the answer says so (the page must not list it)
      return { ok: true, review: { customerName, stars, comment }, ...(held ? { held: true as const } : {}) };
    },
  );

  app.get(RATINGS_API_PATH, { schema: { response: answers(ratingsResponseSchema) } }, async (request, reply): Promise<RatingsResponse | void> => {
    reply.header('cache-control', 'no-store');
    const catalogue = await catalogueFor(request);
    if (catalogue === undefined) return reply.code(503).send({ error: NOT_LOADED });
    try {
      return { ratings: await productRatings(db.kysely, catalogue) };
    } catch (error) {
      request.log.error({ err: error }, `could not read the review totals: ${describeError(error)}`);
      return reply.code(503).send({ error: NOT_LOADED });
    }
  });

  const notAllowed = (url: string, allow: string) =>
    app.route({
      method: ['PUT', 'PATCH', 'DELETE', ...(allow.includes('POST') ? [] : ['POST' as const])],
      url,
      handler: async (request, reply) =>
        reply.code(405).header('allow', allow).send({ error: `Method ${request.method} is not allowed here (allowed: ${allow})` }),
    });
  notAllowed(REVIEWS_ROUTE, 'GET, POST');
  notAllowed(RATINGS_API_PATH, 'GET');
}
