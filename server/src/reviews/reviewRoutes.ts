// Product reviews (spec "Product details: Reviews"): GET and POST /api/products/:productId/reviews, and
// GET /api/products/ratings for the listing's 'Sort by average rating'. Stored in the `reviews` table;
// e-mails are stored but never sent back. POSTs share the forms' rate limit settings (SUBMIT_RATE_LIMIT_*), and one
// client may send REVIEWS_PER_PRODUCT_MAX reviews of a product per REVIEWS_PER_PRODUCT_WINDOW_SECONDS (reviewLimit.ts);
// the rating counts each client once, however many reviews it sent. Only reviews staff have not hidden (or still
// hold for approval, when the staff setting "hold new reviews" is on) are listed and rated. This file sets up the
// scope; the routes are the modules beside it.
import type { FastifyInstance } from 'fastify';
import { RATINGS_API_PATH } from '@site/contracts/api';
import type { SubmissionsConfig } from '../submissions/index.js';
import type { Database } from '../platform/db/index.js';
import { useContracts, type ContractsApp } from '../platform/http/contracts.js';
import { useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { registerRateLimit } from '../platform/http/rateLimit.js';
import { siteReviewCatalogue, type ReviewCatalogue } from './productCatalogue.js';
import { catalogueReader, REVIEW_BODY_LIMIT, REVIEWS_ROUTE, type ReviewCalls } from './reviewCalls.js';
import { reviewPostRoute } from './reviewPostRoute.js';
import { ratingsRoute, reviewListRoute } from './reviewReadRoutes.js';

export { averageStars, productRatings } from './productRatings.js';
export { REVIEW_BODY_LIMIT, REVIEWS_ROUTE } from './reviewCalls.js';

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

/**
 * Registers the review routes. Every answer is JSON: reviews as {reviews}, a stored review as {ok, review},
 * ratings as {ratings}; 400 bad input, 404 unknown product, 405 wrong method, 413, 415, 429 too many reviews,
 * 503 database down, each as {error} with a message a person can read. Register it with app.register.
 */
export async function reviewRoutes(parent: FastifyInstance, options: ReviewRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  const calls: ReviewCalls = {
    db: options.db,
    catalogueFor: catalogueReader(options.catalogue ?? siteReviewCatalogue),
  };
  const limited = await registerRateLimit(app, options, { namespace: 'site-reviews-rate-', what: 'reviews' });
  const requireJson = useJsonEndpoint(app, {
    bodyLimit: REVIEW_BODY_LIMIT,
    what: 'the review',
    emptyHint: 'send the review as a JSON object',
  });

  reviewListRoute(app, calls);
  const perProduct = { max: options.reviewsPerProductMax, windowMs: options.reviewsPerProductWindowMs };
  reviewPostRoute(app, calls, { requireJson, limited, perProduct });
  ratingsRoute(app, calls);
  methodNotAllowed(app, REVIEWS_ROUTE, 'GET, POST');
  methodNotAllowed(app, RATINGS_API_PATH, 'GET');
}

/** The 405 of the methods `url` does not take, with the Allow header that names those it does. */
function methodNotAllowed(app: ContractsApp, url: string, allow: string): void {
  app.route({
    method: ['PUT', 'PATCH', 'DELETE', ...(allow.includes('POST') ? [] : ['POST' as const])],
    url,
    handler: async (request, reply) =>
      reply
        .code(405)
        .header('allow', allow)
        .send({ error: `Method ${request.method} is not allowed here (allowed: ${allow})` }),
  });
}
