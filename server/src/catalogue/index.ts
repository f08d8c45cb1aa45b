// The catalogue feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { firstViewCatalogue, onceAPage } from './catalogueAnswers.js';
export { withCatalogueDataFiles, withStreamedCatalogueDataFiles } from './catalogueDataFiles.js';
export { type CatalogueEdition, type CatalogueFeed, type CatalogueRecords, databaseCatalogueFeed, type DatabaseCatalogueFeed, fixedCatalogueFeed } from './catalogueFeed.js';
export { broadKeepsSettled, SEARCH_TERMS_MAX } from './catalogueSearch.js';
export { type CatalogueSample, CatalogueStore, type CategoryFirstPage, type ProductDates, type ProductEntry, type ProductRecords, searchNeedle, type WithdrawnProduct } from './catalogueStore.js';
export { CatalogueFileWriteError } from './file/catalogueFiles.js';
export { exportCatalogueFile, exportCatalogueRow, ExportMovedError, importCatalogueRows, type ImportOutcome, importRowsIn, lockCatalogue, readCategories, recordsOfRow } from './file/catalogueImport.js';
export { type CatalogueFileRow, problemColumn } from './file/columns.js';
export { checkCatalogueFile } from './file/importWorkerClient.js';
export type { RowProblem } from './file/rowChecks.js';
export { fillMissingFilterValues } from './filterValues.js';
export { checkPdf, inspectPicture, MediaRefused, storePictureVariants, streamToFile } from './media/mediaFiles.js';
export { discardTemp, DiskMediaStore, type MediaStore } from './media/mediaStore.js';
export { sweepUnusedMedia } from './media/unusedMedia.js';
export { databaseProductLookup, type ProductLookup, productLookupOf } from './productLookup.js';
export { type CataloguePluginOptions, cataloguePlugin } from './plugin.js';
export type { ProductStock } from './productStock.js';
export { mayBeProductId } from './records.js';
export { cleanDetailDocument } from './richText.js';
export { seedCatalogue, siteCatalogueSource } from './seed.js';
export { bumpCatalogueVersion } from './state.js';
export { VersionedMemo } from './versionedCache.js';
