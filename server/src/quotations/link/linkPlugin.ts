// The buyer's link and the ERP's orders as one Fastify plugin app.ts registers (fastify-plugin: no scope of its own;
// each route plugin keeps its own, with its rate limit, parsers and error handler).
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { linkRoutes, type LinkRoutesOptions } from './linkRoutes.js';
import { orderRoutes } from './orderRoutes.js';

export type QuotationLinkPluginOptions = LinkRoutesOptions;

const quotationLink: FastifyPluginAsync<QuotationLinkPluginOptions> = async (app, options) => {
  await app.register(linkRoutes, options);
  await app.register(orderRoutes, { db: options.db });
};

export const quotationLinkPlugin = fastifyPlugin(quotationLink, { fastify: '5.x', name: 'site-quotation-link' });
