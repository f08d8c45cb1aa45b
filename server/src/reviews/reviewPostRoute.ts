// POST /api/products/:productId/reviews: a visitor's review of a known product, under the forms' rate limit and the
// per-product limit of one client (./reviewLimit.ts). A bot's (the honeypot filled) gets the same answer, stored
// nowhere; a review held for approval (the staff setting) is stored, and the answer says it is held.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  reviewBodySchema,
  reviewCreatedSchema,
  reviewParamsSchema,
  type ReviewCreatedResponse,
} from '@site/contracts/reviews-api';
import { describeError } from '../platform/db/index.js';
import { answers, withoutHoneypot, type ContractsApp } from '../platform/http/contracts.js';
import { registerRequestClient } from '../platform/http/requestClient.js';
import { NOT_SAVED, REVIEW_BODY_LIMIT, REVIEWS_ROUTE, unknownProduct, type ReviewCalls } from './reviewCalls.js';
import { alreadyReviewed, reviewClientKey } from './reviewLimit.js';
import { readSettings } from './reviewSettings.js';
import { insertReviewWithinLimit } from './reviewStore.js';

export interface ReviewPostOptions {
  /** The JSON check of the body (415 for any other). */
  requireJson: (request: FastifyRequest) => Promise<void>;
  /** Whether the forms' rate limit is registered (it is unless turned off). */
  limited: boolean;
  /** How many reviews of one product one client may send per window. */
  perProduct: { max: number; windowMs: number };
}

type WithProduct = { Params: { productId: string } };

export function reviewPostRoute(
  app: ContractsApp,
  calls: ReviewCalls,
  { requireJson, limited, perProduct }: ReviewPostOptions,
): void {
  registerRequestClient(app);
  /** Before the body is checked (after its type): an unknown product is a 404, an unreadable catalogue a 503. */
  const knownProduct = async (request: FastifyRequest<WithProduct>, reply: FastifyReply) => {
    const { productId } = request.params;
    const catalogue = await calls.catalogueFor(request);
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
    async (request, reply) => storeReview(calls, perProduct, request, reply, request.params.productId, request.body),
  );
}

async function storeReview(
  { db }: ReviewCalls,
  limit: ReviewPostOptions['perProduct'],
  request: FastifyRequest,
  reply: FastifyReply,
  productId: string,
  body: z.output<typeof reviewBodySchema>,
): Promise<ReviewCreatedResponse | void> {
  const parsed = withoutHoneypot(body);
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
    let result: Awaited<ReturnType<typeof insertReviewWithinLimit>>;
    try {
      result = await insertReviewWithinLimit(db, productId, parsed.data, reviewClientKey(request.client), limit);
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
}
