// The SEO feature as the one Fastify plugin app.ts registers: robots.txt and sitemap.xml, from the route table and the
// catalogue (each page's head is written by the page answer, pages/shellResponder.ts, with ./head.ts).
// fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sitemapRoutes, type SitemapRoutesOptions } from './sitemap.js';

export type SeoPluginOptions = SitemapRoutesOptions;

const seo: FastifyPluginAsync<SeoPluginOptions> = async (app, options) => {
  void app.register(sitemapRoutes, options);
};

export const seoPlugin = fastifyPlugin(seo, { fastify: '5.x', name: 'site-seo' });
