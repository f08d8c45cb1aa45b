// The quotations feature as one Fastify plugin: the staff API's quotation calls and the rate and VAT tables
// (quotationRoutes.ts). The staff feature registers it inside its signed-in scope, so it has its own scope (no
// fastify-plugin): its error handler answers its calls only.
import type { FastifyPluginAsync } from 'fastify';
import { quotationRoutes, type QuotationRoutesOptions } from './quotationRoutes.js';

export type StaffQuotationsOptions = QuotationRoutesOptions;

export const staffQuotationsPlugin: FastifyPluginAsync<StaffQuotationsOptions> = async (app, options) => {
  await app.register(quotationRoutes, options);
};
