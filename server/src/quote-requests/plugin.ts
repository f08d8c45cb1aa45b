// The quote-requests feature as the one Fastify plugin app.ts registers: /api/quote-requests and each request's PDF
// (/api/quote-requests/<reference>.pdf). fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { quoteRoutes, type QuoteRoutesOptions } from './quoteRoutes.js';

export type QuotesPluginOptions = QuoteRoutesOptions;

const quotes: FastifyPluginAsync<QuotesPluginOptions> = async (app, options) => {
  void app.register(quoteRoutes, options);
};

export const quotesPlugin = fastifyPlugin(quotes, { fastify: '5.x', name: 'site-quotes' });
