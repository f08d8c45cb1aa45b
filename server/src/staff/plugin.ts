// The staff feature as the one Fastify plugin app.ts registers: the staff app's API (/api/staff/*: sign-in, sessions
// and the signed-in staff's work calls) and the preview of a product's draft (/staff/preview/products/:id, drawn as the
// public page). fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { readCookie } from '../platform/http/cookies.js';
import { cataloguePreviewRoutes, type PreviewRenderer } from '../catalogue/index.js';
import { accountSummary } from './accounts.js';
import { SESSION_COOKIE } from './staffApiTerms.js';
import { staffRoutes, type StaffRoutesOptions } from './staffRoutes.js';
import { loadSession, type SessionTimes } from './sessions.js';

export interface StaffPluginOptions extends StaffRoutesOptions {
  /** Draws a draft's preview as the public page (the page answer's preview, pages/shellResponder.ts). */
  renderPreview: PreviewRenderer;
}

const staff: FastifyPluginAsync<StaffPluginOptions> = async (app, { renderPreview, ...api }) => {
  void app.register(staffRoutes, api);
  // the preview (the catalogue's pages) asks for the same session as the API, under the same settings
  const times: SessionTimes = { idleMs: api.sessionIdleMinutes * 60_000, maxMs: api.sessionMaxHours * 3_600_000 };
  void app.register(cataloguePreviewRoutes, {
    db: api.db.kysely,
    signedInAccount: async (request) => {
      const cookie = readCookie(
        request.headers.cookie,
        request.protocol === 'https' ? SESSION_COOKIE.https : SESSION_COOKIE.http,
      );
      const session = await loadSession(api.db.kysely, cookie, Date.now(), times);
      return session?.state === 'active' ? accountSummary(session.account) : undefined;
    },
    staffOrigin: api.staffOrigin,
    render: renderPreview,
  });
};

export const staffPlugin = fastifyPlugin(staff, { fastify: '5.x', name: 'site-staff' });
