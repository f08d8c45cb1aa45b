// What the review routes (./reviewRoutes.ts and the route modules beside it) share: the address and body limit, the
// catalogue as it is now (or a logged failure the caller answers with a 503), and the sentences of their refusals.
import type { FastifyRequest } from 'fastify';
import { REVIEWS_API_PATTERN } from '@site/contracts/api';
import { describeError, type Database } from '../platform/db/index.js';
import type { ReviewCatalogue } from './productCatalogue.js';

/** Largest accepted body: a review at every field's limit is about 4.5 KB of JSON. */
export const REVIEW_BODY_LIMIT = 16 * 1024;

/** The reviews call in Fastify's syntax (the same ':productId' as React Router's). */
export const REVIEWS_ROUTE = REVIEWS_API_PATTERN;

export const NOT_SAVED = 'Your review could not be saved right now. Please try again in a few minutes.';
export const NOT_LOADED = 'Reviews could not be loaded right now. Please try again in a few minutes.';

export const unknownProduct = (productId: string) => `There is no product "${productId}" in the catalogue`;

export interface ReviewCalls {
  db: Database;
  /** The catalogue now, or undefined (logged) when it cannot be read: the caller answers 503. */
  catalogueFor: (request: FastifyRequest) => Promise<ReviewCatalogue | undefined>;
}

/** catalogueFor of `given`: a catalogue, or how to read the current one. */
export function catalogueReader(
  given: ReviewCatalogue | (() => Promise<ReviewCatalogue>),
): ReviewCalls['catalogueFor'] {
  const currentCatalogue = typeof given === 'function' ? given : async () => given;
  return async (request) => {
    try {
      return await currentCatalogue();
    } catch (error) {
      request.log.error({ err: error }, `could not read the catalogue: ${describeError(error)}`);
      return undefined;
    }
  };
}
