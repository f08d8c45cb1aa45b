// The server's own modules that the benches and Playwright's support drive directly (the app, its database, the
// catalogue's import and files, the staff inbox's queries, a staff account): `@site/server/test-support/server`. Kept
// apart from the helpers' entry so that a spec needing only a helper does not load the whole server.
export { buildApp } from '../app.js';
export { loadConfig } from '../app/config.js';
export { openDatabase, runMigrations, withKysely, type Database } from '../platform/db/index.js';
export type { RunResult } from '../platform/db/types.js';
export { CatalogueStore, searchNeedle, type ListingSort } from '../catalogue/catalogueStore.js';
export { broadKeepsSettled } from '../catalogue/catalogueSearch.js';
export { importCatalogueRows } from '../catalogue/file/catalogueImport.js';
export { seedCatalogue } from '../catalogue/seed.js';
export { applyStockFeed } from '../stock/feedApply.js';
export { openInboxCsv } from '../staff/work/inboxCsv.js';
export type { InboxFilters } from '../staff/work/inboxFilters.js';
export { inboxRows, inboxTotal, listInbox, searchQuery } from '../staff/work/inboxQuery.js';
export { importContent, publishedContent } from '../catalogue/staff/content.js';
export { listEditorProducts } from '../catalogue/staff/productList.js';
export { freshSchema } from './databases.js';
export { addStaffAccount, codeAt, currentStep, STAFF_TEST_PASSWORD, STAFF_TEST_TOTP_SECRET } from './staffSignIn.js';
export { createFixture, type Fixture } from './fixture.js';
