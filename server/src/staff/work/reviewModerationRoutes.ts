// The moderation of product reviews (STAFF_API.reviews, STAFF_API.reviewVisibility): admins only. A review belongs to a
// product, not a branch (every branch sells the whole catalogue), so no branch rule could scope it; and the list
// carries reviewers' e-mails.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { STAFF_API, type ReviewPage, type StaffReview } from '@site/contracts/staff-api';
import { reviewQuerySchema, reviewVisibilityBodySchema } from '@site/contracts/staff-api-schemas';
import type { Database } from '../../platform/db/index.js';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { requireJson, reviewIdParam, WORK_BODY_LIMIT } from './bodies.js';
import { staffOf } from './callers.js';
import { forbidden } from './errors.js';
import { listReviews, setReviewVisibility } from './reviewModeration.js';

type ReviewRoute = { Params: { id: string }; Body: z.output<typeof reviewVisibilityBodySchema> };

const moderatorOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  if (staff.role !== 'admin') throw forbidden('Only an administrator can moderate reviews.');
  return staff;
};

const moderationAllowed = async (request: FastifyRequest) => {
  moderatorOf(request);
  reviewIdParam(request.params as ReviewRoute['Params']);
};

/** `productName`: a product's name for the list (the id when unknown). */
export function reviewModerationRoutes(
  app: ContractsApp,
  db: Database,
  productName: (productId: string) => string,
): void {
  app.get(
    STAFF_API.reviews,
    { preValidation: async (request) => void moderatorOf(request), schema: { querystring: reviewQuerySchema } },
    async (request): Promise<ReviewPage> =>
      listReviews(db.kysely, { ...request.query, page: request.query.page ?? 1 }, productName),
  );

  app.post<ReviewRoute>(
    STAFF_API.reviewVisibility,
    {
      bodyLimit: WORK_BODY_LIMIT,
      preValidation: [requireJson, moderationAllowed],
      schema: { body: reviewVisibilityBodySchema },
    },
    async (request): Promise<StaffReview> =>
      setReviewVisibility(db, moderatorOf(request), reviewIdParam(request.params), request.body.hidden, productName),
  );
}
