// What tests of the catalogue's readers do to a seeded catalogue: rename a product through an import (its own
// transaction, version bump and NOTIFY), then wait for a reader to show it (eventually.ts).
import assert from 'node:assert/strict';
import { exportCatalogueRows, importCatalogueRows } from '../catalogue/file/catalogueImport.js';
import type { TestDatabase } from './databases.js';

/** A seeded product, and the name renameSeededProduct gives it. */
export const RENAMED_PRODUCT = 'oc_cu_xlpe_swa_pvc_cable';
export const RENAMED_PRODUCT_NAME = 'XLPE/SWA/PVC Power Cable, renamed by an import';

/** Renames RENAMED_PRODUCT to RENAMED_PRODUCT_NAME through an import. */
export async function renameSeededProduct(database: TestDatabase): Promise<void> {
  const rows = await exportCatalogueRows(database.db.kysely);
  const row = rows.find((candidate) => candidate.id === RENAMED_PRODUCT);
  assert.ok(row, 'the seeded catalogue has the product');
  const outcome = await importCatalogueRows(
    database.db,
    [{ line: 2, row: { ...row, productName: RENAMED_PRODUCT_NAME } }],
    { dryRun: false },
  );
  assert.equal(outcome.written, true, JSON.stringify(outcome));
}
