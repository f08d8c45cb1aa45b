// The field vitals as the one Fastify plugin app.ts registers: POST /api/vitals (vitalsRoutes.ts). fastify-plugin adds
// no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { vitalsRoutes, type VitalsRoutesOptions } from './vitalsRoutes.js';

export type VitalsPluginOptions = VitalsRoutesOptions;

const vitals: FastifyPluginAsync<VitalsPluginOptions> = async (app, options) => {
  void app.register(vitalsRoutes, options);
};

export const vitalsPlugin = fastifyPlugin(vitals, { fastify: '5.x', name: 'site-vitals' });
