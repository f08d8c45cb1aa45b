// An import in the history of each product it changes or adds, as the editor's publish is: one version a product
// (action 'import'), by whom, with the file's name and the job that made it, its content what the import left. A
// product that had no version yet first gets version 0, what it was before the import (as a first publish keeps it),
// so that the import's change can be compared with it and restored. Both run inside the import's transaction.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/index.js';
import { exportCatalogueRowsOf, type ImportOutcome } from '../../file/catalogueImport.js';
import type { StaffActor } from '../editorCalls.js';
import { contentOfRows } from '../variantRows.js';

export interface ImportOrigin {
  /** null: the command line's import (`npm run catalogue -- import`), by nobody the site knows. */
  by: StaffActor | null;
  /** The version's note: the file's name (an undo's: what it undid). */
  fileName: string;
  /** null: the command line's import, which is no job. */
  jobId: string | null;
  /** 'import' unless an undo's or a bulk edit's. */
  action?: 'import' | 'undo-import' | 'bulk-edit';
}

const BATCH = 1_000;

/** The products of `ids` that have no version yet. */
async function withoutVersions(trx: Kysely<DatabaseSchema>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const versioned = new Set(
    (
      await trx
        .selectFrom('catalogue_product_history')
        .select('product_id')
        .distinct()
        .where(sql<boolean>`product_id = any(${sql.val([...ids])}::text[])`)
        .execute()
    ).map((row) => row.product_id),
  );
  return ids.filter((id) => !versioned.has(id));
}

/** Before the rows are written: version 0 of each changed product that has none, its content as it is now. */
export async function keepVersionsBefore(
  trx: Kysely<DatabaseSchema>,
  { changed }: ImportOutcome['touched'],
): Promise<void> {
  for (let start = 0; start < changed.length; start += BATCH) {
    const ids = await withoutVersions(trx, changed.slice(start, start + BATCH));
    const rows = await exportCatalogueRowsOf(trx, ids);
    const values = [...rows].map(([id, fileRows]) => ({
      product_id: id,
      version: 0,
      content: JSON.stringify(contentOfRows(fileRows)),
    }));
    if (values.length > 0) await trx.insertInto('catalogue_product_history').values(values).execute();
  }
}

/**
 * Once written: each changed or added product's edit version moves on (or starts at 1), saved by the importer, and its
 * new content is kept as that version.
 */
export async function recordImportVersions(
  trx: Kysely<DatabaseSchema>,
  { changed, added }: ImportOutcome['touched'],
  origin: ImportOrigin,
): Promise<void> {
  const all = [...changed, ...added];
  for (let start = 0; start < all.length; start += BATCH) {
    const ids = all.slice(start, start + BATCH);
    // the import moved the version of the products the editor had touched; the others get their first one
    await trx
      .insertInto('catalogue_product_edits')
      .values(ids.map((id) => ({ product_id: id, version: 1, draft: null, draft_based_on: null })))
      .onConflict((oc) => oc.column('product_id').doNothing())
      .execute();
    const edits = await trx
      .updateTable('catalogue_product_edits')
      .set({ saved_by_id: origin.by?.id ?? null, saved_by_email: origin.by?.email ?? null, saved_at: sql<Date>`now()` })
      .where(sql<boolean>`product_id = any(${sql.val(ids)}::text[])`)
      .returning(['product_id', 'version'])
      .execute();
    const versionOf = new Map(edits.map((row) => [row.product_id, Number(row.version)]));
    const rows = await exportCatalogueRowsOf(trx, ids);
    const values = [...rows].map(([id, fileRows]) => ({
      product_id: id,
      version: versionOf.get(id) ?? 1,
      content: JSON.stringify(contentOfRows(fileRows)),
      published_by_id: origin.by?.id ?? null,
      published_by_email: origin.by?.email ?? null,
      action: origin.action ?? 'import',
      note: origin.fileName,
      import_job_id: origin.jobId,
    }));
    if (values.length > 0) await trx.insertInto('catalogue_product_history').values(values).execute();
  }
}
