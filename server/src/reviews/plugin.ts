// The reviews feature as the one Fastify plugin app.ts registers: /api/products/:productId/reviews and
// /api/products/ratings. fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { reviewRoutes, type ReviewRoutesOptions } from './reviewRoutes.js';

export type ReviewsPluginOptions = ReviewRoutesOptions;

const reviews: FastifyPluginAsync<ReviewsPluginOptions> = async (app, options) => {
  void app.register(reviewRoutes, options);
};

export const reviewsPlugin = fastifyPlugin(reviews, { fastify: '5.x', name: 'site-reviews' });
