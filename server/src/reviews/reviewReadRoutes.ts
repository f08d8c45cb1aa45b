// The reviews a visitor reads: a product's (GET /api/products/:productId/reviews) and every product's rating (GET
// /api/products/ratings, for the listing's 'Sort by average rating'). Never cached: a review just sent must show.
import type { CustomerReview } from '@site/content';
import { RATINGS_API_PATH } from '@site/contracts/api';
import {
  ratingsResponseSchema,
  reviewParamsSchema,
  reviewsResponseSchema,
  type RatingsResponse,
  type ReviewsResponse,
} from '@site/contracts/reviews-api';
import { describeError } from '../platform/db/index.js';
import { answers, type ContractsApp } from '../platform/http/contracts.js';
import { productRatings } from './productRatings.js';
import { NOT_LOADED, REVIEWS_ROUTE, unknownProduct, type ReviewCalls } from './reviewCalls.js';
import { storedReviews } from './reviewStore.js';

export function reviewListRoute(app: ContractsApp, { db, catalogueFor }: ReviewCalls): void {
  app.get(
    REVIEWS_ROUTE,
    { schema: { params: reviewParamsSchema, response: answers(reviewsResponseSchema) } },
    async (request, reply): Promise<ReviewsResponse | void> => {
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
    },
  );
}

export function ratingsRoute(app: ContractsApp, { db, catalogueFor }: ReviewCalls): void {
  app.get(
    RATINGS_API_PATH,
    { schema: { response: answers(ratingsResponseSchema) } },
    async (request, reply): Promise<RatingsResponse | void> => {
      reply.header('cache-control', 'no-store');
      const catalogue = await catalogueFor(request);
      if (catalogue === undefined) return reply.code(503).send({ error: NOT_LOADED });
      try {
        return { ratings: await productRatings(db.kysely, catalogue) };
      } catch (error) {
        request.log.error({ err: error }, `could not read the review totals: ${describeError(error)}`);
        return reply.code(503).send({ error: NOT_LOADED });
      }
    },
  );
}
