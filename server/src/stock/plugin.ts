// The stock feature as the one Fastify plugin app.ts registers: the ERP's feed (/api/stock, a stock token), the
// public availability read (/api/stock/availability), and the process's reader of availability (app.stock),
// following the stock's version from start to close. (Its staff calls are the staff feature's, through
// staffStockRoutes.) fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { StockDisplay } from '@site/contracts/stock-api';
import { describeError } from '../platform/db/index.js';
import { availabilityRoutes } from './availabilityRoutes.js';
import { StockReader } from './stockReader.js';
import { stockRoutes, type StockRoutesOptions } from './stockRoutes.js';

export type StockPluginOptions = StockRoutesOptions & {
  /** How the public read states quantities (STOCK_DISPLAY): `exact` unless said. */
  display?: StockDisplay | undefined;
  /** The process's reader, when app.ts made it already (the catalogue's listing follows its version); else made here. */
  reader?: StockReader;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The stock's availability for a list of variant codes (stock/stockReader.ts). */
    stock: StockReader;
  }
}

const stock: FastifyPluginAsync<StockPluginOptions> = async (app, options) => {
  const reader = options.reader ?? new StockReader(options.db);
  app.decorate('stock', reader);
  app.addHook('onReady', async () => {
    // a database down at start: the server starts, and reads ask the database each time (nothing kept)
    await reader
      .start()
      .catch((error: unknown) => app.log.error(`The stock's announcements are not followed: ${describeError(error)}`));
  });
  app.addHook('onClose', async () => reader.stop());
  void app.register(stockRoutes, options);
  // its own scope: the feed's token check (stockRoutes' onRequest) is not for readers
  void app.register(availabilityRoutes, { reader, display: options.display ?? 'exact' });
};

export const stockPlugin = fastifyPlugin(stock, { fastify: '5.x', name: 'site-stock' });
