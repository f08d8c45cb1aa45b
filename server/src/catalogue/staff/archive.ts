// Withdrawing a product from the public site (archive) and putting it back (unarchive). Archiving moves the product's
// row out of catalogue_products into catalogue_archived_products whole (migration 016), so every public read, which
// reads catalogue_products only, stops showing it; its search rows go with it (their foreign key cascades) and come
// back from the triggers when the row is put back. Both are one transaction under the import's lock, like a publish:
// the product's edit version moves on (optimistic locking: a stale baseVersion is a 409), a history row keeps the
// content as it was archived or restored, an audit line is written, and the catalogue's version is bumped and
// announced (NOTIFY catalogue_changed), so every server process drops what it built from the catalogue.
import { sql, type Kysely } from 'kysely';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import type { Database, DatabaseSchema } from '../../platform/db/index.js';
import { lockCatalogue } from '../file/catalogueImport.js';
import { bumpCatalogueVersion } from '../state.js';
import { conflict, notFound } from './errors.js';
import type { Editor } from './editorCalls.js';
import { publishedContent } from './content.js';
import {
  keepVersion,
  lockedEdits,
  lockProduct,
  NO_PRODUCT,
  readEditorProduct,
  refuseStale,
  writeEdits,
} from './editorStore.js';

const NOT_ARCHIVED = 'This product is not archived: it is in the catalogue.';

/** Moves the edit version on, keeping a pending draft as it is (it waits for the product's return). */
async function moveVersionOn(
  trx: Kysely<DatabaseSchema>,
  id: string,
  actor: Editor,
  edits: Awaited<ReturnType<typeof lockedEdits>>,
): Promise<number> {
  const version = edits.version + 1;
  const draft = edits.edits?.draft;
  await writeEdits(
    trx,
    id,
    actor,
    version,
    draft == null ? null : { content: draft as EditableProduct, basedOn: Number(edits.edits?.draft_based_on) },
  );
  return version;
}

/** The archived variants' codes that another product has taken meanwhile (an import, an editor's publish): a 409 naming one. */
async function refuseTakenVariantCodes(trx: Kysely<DatabaseSchema>, id: string): Promise<void> {
  const { rows } = await sql<{ code: string; product_id: string }>`
    select v.code, v.product_id from catalogue_archived_products as a
      cross join lateral json_to_recordset(coalesce(a.variants, '[]'::json)) as archived(code text)
      join catalogue_product_variants as v on v.code_key = regexp_replace(lower(archived.code), '[^a-z0-9]+', '', 'g')
    where a.id = ${id} limit 1`.execute(trx);
  const taken = rows[0];
  if (taken !== undefined)
    throw conflict(
      `Its variant code ${taken.code} is now product ${taken.product_id}'s: change that product's code first, then restore this one.`,
    );
}

/**
 * Its variants as they were archived, over the one its row's insert gave it (migration 029); a product archived
 * before variants keeps that one.
 */
async function restoreVariants(trx: Kysely<DatabaseSchema>, id: string): Promise<void> {
  const archived = await trx
    .selectFrom('catalogue_archived_products')
    .select('variants')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (archived.variants === null || archived.variants.length === 0) return;
  await trx.deleteFrom('catalogue_product_variants').where('product_id', '=', id).execute();
  await sql`insert into catalogue_product_variants (product_id, position, code, mpn, label, label_ar, row, row_ar, price, unit, pack_quantity, price_breaks, minimum_order, published, updated_at)
    select v.product_id, v.position, v.code, v.mpn, v.label, v.label_ar, v.row, v.row_ar, v.price, v.unit, v.pack_quantity, v.price_breaks, v.minimum_order, v.published, v.updated_at
    from catalogue_archived_products as a cross join lateral json_populate_recordset(null::catalogue_product_variants, a.variants) as v
    where a.id = ${id}`.execute(trx);
}

/** Withdraws the product: gone from the listings, search, sitemap, /data, chat, compare and quotes; its page a 410. */
export async function archiveProduct(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
): Promise<EditorProduct> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const edits = await lockProduct(trx, id); // an archived product's is a 409 that says so
    refuseStale(edits, baseVersion);
    const version = await archiveIn(trx, actor, id, edits);
    await actor.audit(trx, actor, 'catalogue.archive', `product:${id}`, `archived as version ${version}`);
  });
  return readEditorProduct(db.kysely, id);
}

/**
 * The archive inside the caller's transaction, which holds the catalogue's lock and the product's (lockProduct gave
 * `edits`): its row moved, its version moved on and kept, the catalogue's version bumped. Resolves to the version.
 */
export async function archiveIn(
  trx: Kysely<DatabaseSchema>,
  actor: Editor,
  id: string,
  edits: Awaited<ReturnType<typeof lockedEdits>>,
): Promise<number> {
  const content = await publishedContent(trx, id);
  if (content === undefined) throw notFound(NO_PRODUCT); // its row is locked: cannot happen
  await trx
    .insertInto('catalogue_archived_products')
    .columns([
      'id',
      'category_id',
      'name',
      'name_ar',
      'code',
      'product',
      'variants',
      'archived_by_id',
      'archived_by_email',
    ])
    .expression((eb) =>
      eb
        .selectFrom('catalogue_products as p')
        .select([
          'p.id',
          'p.category_id',
          'p.name',
          'p.name_ar',
          'p.code',
          sql<string>`to_json(p)`.as('product'),
          // its variants go with it (the product row's delete cascades to them) and come back with it
          sql<string>`(select json_agg(v order by v.position) from catalogue_product_variants as v where v.product_id = p.id)`.as(
            'variants',
          ),
          sql<number>`${actor.id}::bigint`.as('by_id'),
          sql<string>`${actor.email}::text`.as('by_email'),
        ])
        .where('p.id', '=', id),
    )
    .execute();
  await trx.deleteFrom('catalogue_products').where('id', '=', id).execute();
  const version = await moveVersionOn(trx, id, actor, edits);
  await keepVersion(trx, id, version, content, actor, 'archive');
  await bumpCatalogueVersion(trx);
  return version;
}

/**
 * Puts an archived product back as it was archived (its place in the catalogue's order, its content), unless its id or
 * its code (letters and digits) was given to another product meanwhile (an import): a 409 naming it.
 */
export async function unarchiveProduct(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
): Promise<EditorProduct> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const archived = await trx
      .selectFrom('catalogue_archived_products')
      .select(['id', 'code', 'category_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (archived === undefined) {
      const live = await trx.selectFrom('catalogue_products').select('id').where('id', '=', id).executeTakeFirst();
      throw live === undefined ? notFound(NO_PRODUCT) : conflict(NOT_ARCHIVED);
    }
    const edits = await lockedEdits(trx, id);
    refuseStale(edits, baseVersion);
    // a live product in an archived category would be a page, search result and sitemap entry of a hidden category
    const category = await trx
      .selectFrom('catalogue_categories')
      .select(['title', 'state'])
      .where('id', '=', archived.category_id)
      .executeTakeFirstOrThrow();
    if (category.state !== 'live') {
      throw conflict(
        `Its category ${category.title} (${archived.category_id}) is ${category.state === 'draft' ? 'a draft' : 'archived'}: put the category back on the site first, then restore this product.`,
      );
    }
    const letters = archived.code.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const taken = await trx
      .selectFrom('catalogue_products')
      .select(['id', 'code'])
      .where(sql<boolean>`id = ${id} or regexp_replace(lower(code), '[^a-z0-9]+', '', 'g') = ${letters}`)
      .executeTakeFirst();
    if (taken !== undefined) {
      throw conflict(
        taken.id === id
          ? `Another product was added with this id (${id}) while it was archived: it cannot come back beside it.`
          : `Its code ${archived.code} is now product ${taken.id}'s (${taken.code}): change that product's code first, then restore this one.`,
      );
    }
    // archived before variants (migration 029), its code alone: another product's variant may have it now
    const variant = await trx
      .selectFrom('catalogue_product_variants')
      .select(['product_id', 'code'])
      .where('code_key', '=', letters)
      .where('product_id', '<>', id)
      .executeTakeFirst();
    if (variant !== undefined)
      throw conflict(
        `Its code ${archived.code} is now a variant code of product ${variant.product_id} (${variant.code}): change that variant's code first, then restore this one.`,
      );
    await refuseTakenVariantCodes(trx, id);
    await sql`insert into catalogue_products select (json_populate_record(null::catalogue_products, a.product)).* from catalogue_archived_products a where a.id = ${id}`.execute(
      trx,
    );
    await restoreVariants(trx, id);
    await trx.deleteFrom('catalogue_archived_products').where('id', '=', id).execute();
    const content = await publishedContent(trx, id);
    if (content === undefined) throw notFound(NO_PRODUCT); // just written: cannot happen
    const version = await moveVersionOn(trx, id, actor, edits);
    await keepVersion(trx, id, version, content, actor, 'unarchive');
    await actor.audit(
      trx,
      actor,
      'catalogue.unarchive',
      `product:${id}`,
      `restored to the catalogue as version ${version}`,
    );
    await bumpCatalogueVersion(trx);
  });
  return readEditorProduct(db.kysely, id);
}
