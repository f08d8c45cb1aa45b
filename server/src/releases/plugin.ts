// The releases feature as the one Fastify plugin app.ts registers: the remotes registry's API for deployment pipelines
// (/api/releases/*, a token per pipeline) and the browser's reports of remote loads (public), which can take a failing
// canary out. (Its calls for admins are the staff feature's, through staffReleaseTokenRoutes.)
// fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { loadReportRoutes, type LoadReportRoutesOptions } from './loadReportRoutes.js';
import { releaseRoutes, type ReleaseRoutesOptions } from './releaseRoutes.js';
import { qaRunCheck } from './qaTokens.js';

export type ReleasesPluginOptions = ReleaseRoutesOptions & Omit<LoadReportRoutesOptions, keyof ReleaseRoutesOptions>;

const releases: FastifyPluginAsync<ReleasesPluginOptions> = async (app, options) => {
  const { db, liveRemotes, siteHost, requirePassedRun, allowedOrigins, buildStore, vitalsHold } = options;
  // at the root (fastify-plugin): every limit and counter of the app asks it (platform/http/rateLimit.ts isQaRun)
  app.decorate('qaRun', qaRunCheck(db.kysely));
  void app.register(releaseRoutes, {
    db,
    liveRemotes,
    siteHost,
    requirePassedRun,
    allowedOrigins,
    buildStore,
    vitalsHold,
  });
  const { releaseSafety, onOutboxWrite, now } = options;
  void app.register(loadReportRoutes, { db, liveRemotes, releaseSafety, onOutboxWrite, now });
};

export const releasesPlugin = fastifyPlugin(releases, { fastify: '5.x', name: 'site-releases' });
