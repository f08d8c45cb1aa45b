// The submissions feature as the one Fastify plugin app.ts registers: the form POSTs (/api/send-contact-form,
// /api/send-user-registration, /api/send-inquiry).
//
// Why fastify-plugin around the routes, in every feature's plugin.ts: the wrapper names the feature in Fastify's plugin
// tree and adds no scope of its own, so the routes' scope hangs from the app as it did when app.ts registered them
// itself (the app's error and not-found handlers and app.redis reach it; its rate limit and hooks stay inside it). The
// routes are registered without waiting: Fastify loads them once the wrapper is done, outside its plugin timeout.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { submissionRoutes, type SubmissionRoutesOptions } from './submissionRoutes.js';

export type SubmissionsPluginOptions = SubmissionRoutesOptions;

const submissions: FastifyPluginAsync<SubmissionsPluginOptions> = async (app, options) => {
  void app.register(submissionRoutes, options);
};

export const submissionsPlugin = fastifyPlugin(submissions, { fastify: '5.x', name: 'site-submissions' });
