// The catalogue feature's public face: what the other features of the server may use of it (eslint.config.mjs
// keeps them to this file).
export { type CatalogueEdition, type CatalogueRecords, type DatabaseCatalogueFeed } from './catalogueFeed.js';
export { SEARCH_TERMS_MAX } from './catalogueSearch.js';
export { type CatalogueSample, type CatalogueStore, type CategoryFirstPage, type ProductDates, type ProductEntry, type ProductRecords, searchNeedle, type WithdrawnProduct } from './catalogueStore.js';
export { CatalogueFileWriteError } from './file/catalogueFiles.js';
export { exportCatalogueFile, exportCatalogueRow, ExportMovedError, importCatalogueRows, type ImportOutcome, importRowsIn, lockCatalogue, readCategories, recordsOfRow } from './file/catalogueImport.js';
export { type CatalogueFileRow, problemColumn } from './file/columns.js';
export { checkCatalogueFile } from './file/importWorkerClient.js';
export { checkPdf, inspectPicture, MediaRefused, storePictureVariants, streamToFile } from './media/mediaFiles.js';
export { discardTemp, type MediaStore } from './media/mediaStore.js';
export { sweepUnusedMedia } from './media/unusedMedia.js';
export { mayBeProductId } from './records.js';
export { cleanDetailDocument } from './richText.js';
export { bumpCatalogueVersion } from './state.js';
export { VersionedMemo } from './versionedCache.js';
