// The stock feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file). Other features read availability through readAvailability (or the process's reader,
// app.stock), never the tables.
export { catalogueStock } from './catalogueStock.js';
export { applyStockFeed, FeedRefused, type FeedRequest } from './feedApply.js';
export { type StockPluginOptions, stockPlugin } from './plugin.js';
export { STOCK_CHANNEL, watchStockVersion } from './state.js';
export { type StaffStockOptions, staffStockRoutes } from './staffStockRoutes.js';
export { StockReader } from './stockReader.js';
export { readAvailability } from './stockStore.js';
// its settings, built from the parsed variables (app/config.ts)
export { stockConfigOf, type StockConfig } from './settings.js';
