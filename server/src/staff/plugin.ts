// The staff feature as the one Fastify plugin app.ts registers: the staff app's API (/api/staff/*: sign-in, sessions
// and the signed-in staff's work calls) and the preview of a product's draft (/staff/preview/products/:id, drawn as the
// public page). fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { staffRoutes, type StaffRoutesOptions } from './staffRoutes.js';
import { previewRoutes, type PreviewRenderer } from './work/catalogue/preview.js';

export interface StaffPluginOptions extends StaffRoutesOptions {
  /** Draws a draft's preview as the public page (the page answer's preview, platform/http/spa.ts). */
  renderPreview: PreviewRenderer;
}

const staff: FastifyPluginAsync<StaffPluginOptions> = async (app, { renderPreview, ...api }) => {
  void app.register(staffRoutes, api);
  // the preview asks for the same session as the API, under the same settings
  void app.register(previewRoutes, {
    db: api.db.kysely,
    sessionIdleMinutes: api.sessionIdleMinutes,
    sessionMaxHours: api.sessionMaxHours,
    staffOrigin: api.staffOrigin,
    render: renderPreview,
  });
};

export const staffPlugin = fastifyPlugin(staff, { fastify: '5.x', name: 'site-staff' });
