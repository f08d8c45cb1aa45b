// The catalogue feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { firstViewCatalogue, onceAPage } from './catalogueAnswers.js';
export {
  AED_DISPLAY,
  answerInCurrency,
  type CurrentDisplayRate,
  displayKey,
  displayRateOf,
  type DisplayRate,
  showsDisplayPrices,
} from './currency/displayPrices.js';
export { currencyRoutes } from './currency/currencyRoutes.js';
export { withCatalogueDataFiles, withStreamedCatalogueDataFiles } from './catalogueDataFiles.js';
export {
  type CatalogueEdition,
  type CatalogueFeed,
  type CatalogueRecords,
  databaseCatalogueFeed,
  type DatabaseCatalogueFeed,
  fixedCatalogueFeed,
} from './catalogueFeed.js';
export { broadKeepsSettled, SEARCH_TERMS_MAX } from './catalogueSearch.js';
export {
  type CatalogueSample,
  CatalogueStore,
  type CategoryFirstPage,
  type ProductDates,
  type ProductEntry,
  type ProductRecords,
  searchNeedle,
  type WithdrawnProduct,
} from './catalogueStore.js';
export { fillMissingFilterValues } from './filterValues.js';
export { DiskMediaStore, type MediaStore } from './media/mediaStore.js';
export { databaseProductLookup, type ProductLookup, productLookupOf } from './productLookup.js';
export { type CataloguePluginOptions, cataloguePlugin } from './plugin.js';
// The catalogue editor (its products, categories, uploads and files) and a draft's preview: the staff feature registers
// them inside its signed-in scope and passes in the session's account and its audit log, so only this feature writes
// the catalogue's tables.
export { type PreviewRenderer, previewRoutes as cataloguePreviewRoutes } from './staff/preview.js';
export type { StaffCatalogueOptions, StaffCatalogueSide } from './staff/editorCalls.js';
export { staffCatalogueRoutes } from './staff/routes.js';
export type { ProductStock } from './productStock.js';
export { mayBeProductId } from './records.js';
export { seedCatalogue, siteCatalogueSource } from './seed.js';
export { VersionedMemo } from './versionedCache.js';
