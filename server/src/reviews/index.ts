// The reviews feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { databaseReviewCatalogue } from './databaseReviewCatalogue.js';
export { createReviewCatalogue, type ReviewCatalogue } from './productCatalogue.js';
export { type ReviewsPluginOptions, reviewsPlugin } from './plugin.js';
export { productRatings } from './reviewRoutes.js';
export { readSettings } from './reviewSettings.js';
// staff moderation's one write of the table, in the transaction that writes its audit line
export { changeReviewVisibility } from './reviewStore.js';
