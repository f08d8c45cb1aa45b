// Uploads nothing refers to, removed from the store. A picture or datasheet is kept while any row names it: a
// product in the catalogue, an archived one, a pending draft (a new product's included) or any published version in
// the history (a restore brings it back). What is left is an upload nobody saved, one a later draft replaced and
// that was never published, or a deleted new product's. Those are removed
// - by a sweep every few hours (and at each start) of files older than UNUSED_MEDIA_GRACE_MS: an upload is named by
//   nothing until its draft is saved (the editor says "Save the draft to keep it"), so a young file is left alone;
// - at once for a deleted new product (nothing can save into its draft any more).
// Each sweep lists the files first and reads the references after, so a file uploaded and saved meanwhile is either
// not listed or read as referenced. The one case left open: a form kept unsaved for longer than the grace period and
// saved in the very moment its upload is swept; that draft then names a missing file, which the editor's save shows
// as a 400 (the reference is checked against the store) once the page is reloaded, and the upload is done again.
import { sql, type Kysely } from 'kysely';
import { CATALOGUE_MEDIA_PREFIX } from '@site/content/schema';
import type { DatabaseSchema } from '../../platform/db/index.js';
import type { MediaStore } from './mediaStore.js';

/** How old an unreferenced upload must be before a sweep removes it. */
export const UNUSED_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often each server process sweeps. */
export const UNUSED_MEDIA_SWEEP_MS = 6 * 60 * 60 * 1000;

/** Every `<product id>/<hash>` some row names (a picture's variants and a datasheet share their upload's hash). */
export async function referencedUploads(db: Kysely<DatabaseSchema>, productId?: string): Promise<Set<string>> {
  // narrowed to the rows naming that product's folder when one is asked for: its uploads may be named by another
  // product's row only through an import (which checks the paths' shape alone), so every table is still read
  const needle = `%${CATALOGUE_MEDIA_PREFIX}/${productId ?? ''}%`;
  const pattern = `${CATALOGUE_MEDIA_PREFIX}/([A-Za-z0-9_-]{1,100}/[a-f0-9]{64})`;
  const { rows } = await sql<{ ref: string }>`
    select distinct m[1] as ref from (
      select details::text || ' ' || details_ar::text as t from catalogue_products
      union all select product::text from catalogue_archived_products
      union all select draft::text from catalogue_product_edits where draft is not null
      union all select content::text from catalogue_product_history
    ) s, regexp_matches(s.t, ${pattern}, 'g') as m
    where s.t like ${needle}`.execute(db);
  return new Set(rows.map((row) => row.ref));
}

/** Removes the unreferenced files older than `graceMs` (of one product's folder, or all); resolves to how many. */
export async function sweepUnusedMedia(
  db: Kysely<DatabaseSchema>,
  store: MediaStore,
  options: { productId?: string; graceMs?: number; now?: number } = {},
): Promise<number> {
  const { productId, graceMs = UNUSED_MEDIA_GRACE_MS, now = Date.now() } = options;
  const candidates: { productId: string; name: string }[] = [];
  for (const folder of await store.products(productId)) {
    for (const file of await store.files(folder)) {
      if (now - file.modifiedMs >= graceMs) candidates.push({ productId: folder, name: file.name });
    }
  }
  if (candidates.length === 0) return 0;
  const referenced = await referencedUploads(db, productId);
  let removed = 0;
  for (const key of candidates) {
    if (referenced.has(`${key.productId}/${key.name.slice(0, 64)}`)) continue;
    await store.remove(key);
    removed += 1;
  }
  return removed;
}
