// New products from the editor: created from a form, or duplicated from another product. Either is a draft only (its
// edits row, which migration 016 freed from catalogue_products), so the public sees nothing until it is published;
// publishing writes it as an import writes a new row (editorStore.publishDraft). The content is held to the import's
// rules, as every draft is; the id must be no product's, live, archived or already created.
import { sql, type Kysely } from 'kysely';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import type { Database, DatabaseSchema } from '../../platform/db/index.js';
import { conflict, EditorError } from './errors.js';
import type { Editor } from './editorCalls.js';
import { cleanContent, contentRefused, importContent } from './content.js';
import { lockProduct, readEditorProduct, refuseStale } from './editorStore.js';

/** The staff app's address of the new-product form (/staff/catalogue/new): no product may take it as its id. */
const RESERVED_IDS = new Set(['new']);
/** productCodeSchema's longest code. */
const CODE_MAX = 32;
const COPY_CODE = '-COPY';

/** 409 naming the id: its one problem is the id's (path ['id']), so the form marks the field. */
const idTaken = (id: string) => {
  const message = `id: a product with the id "${id}" already exists (in the catalogue, archived, or created and not yet published). Choose another id.`;
  return new EditorError(409, message, [{ path: ['id'], message }]);
};

async function idInUse(trx: Kysely<DatabaseSchema>, id: string): Promise<boolean> {
  const found = await sql<{ n: number }>`select 1 as n from catalogue_products where id = ${id}
    union all select 1 from catalogue_archived_products where id = ${id}
    union all select 1 from catalogue_product_edits where product_id = ${id} limit 1`.execute(trx);
  return found.rows.length > 0;
}

/** Stores `content` as the draft of a new product `id`; 409 when the id is taken, 400 naming each problem. */
async function createDraft(
  db: Database,
  actor: Editor,
  id: string,
  sent: EditableProduct,
  audit: string,
): Promise<EditorProduct> {
  if (RESERVED_IDS.has(id)) throw idTaken(id);
  const content = cleanContent(sent);
  await db.kysely.transaction().execute(async (trx) => {
    if (await idInUse(trx, id)) throw idTaken(id);
    const problems = await importContent(trx, id, content, { dryRun: true });
    if (problems.length > 0) throw contentRefused('created', problems, ['id']);
    // two creations of one id at once: the second finds the first's row here and is told, as above
    const inserted = await trx
      .insertInto('catalogue_product_edits')
      .values({
        product_id: id,
        version: 1,
        draft: JSON.stringify(content),
        draft_based_on: 0,
        saved_by_id: actor.id,
        saved_by_email: actor.email,
      })
      .onConflict((oc) => oc.column('product_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw idTaken(id);
    await actor.audit(trx, actor, 'catalogue.create', `product:${id}`, audit);
  });
  return readEditorProduct(db.kysely, id);
}

/** A new product, as a draft not yet public. */
export function createProduct(
  db: Database,
  actor: Editor,
  id: string,
  content: EditableProduct,
): Promise<EditorProduct> {
  return createDraft(db, actor, id, content, 'created as a draft (version 1)');
}

/** The first free id of a copy of `id`: `<id>_copy`, `<id>_copy_2`, ... */
async function copyId(db: Kysely<DatabaseSchema>, id: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = `${id.slice(0, 80)}_copy${n === 1 ? '' : `_${n}`}`;
    if (!(await idInUse(db, candidate))) return candidate;
  }
}

/**
 * A copy of the product (its draft if it has one, else what is published) as a new draft: every field kept but the
 * code, suffixed -COPY for the staff member to change (codes are unique once published), and the names, marked as a
 * copy in both languages. The uploaded pictures and datasheets (the gallery's and the variants' too) are the source's files (a draft may only name its own
 * product's), so the copy starts without them.
 */
export async function duplicateProduct(db: Database, actor: Editor, sourceId: string): Promise<EditorProduct> {
  const source = await readEditorProduct(db.kysely, sourceId);
  const content = source.draft?.content ?? source.published;
  const withoutMedia = ({
    picture: _picture,
    datasheet: _datasheet,
    gallery: _gallery,
    variantMedia: _variantMedia,
    ...details
  }: Record<string, unknown>) => details;
  const copied = (code: string) => `${code.slice(0, CODE_MAX - COPY_CODE.length)}${COPY_CODE}`;
  const copy: EditableProduct = {
    ...content,
    code: copied(content.code),
    // each variant's code marked too: a code is unique over the catalogue
    ...(content.variants === undefined
      ? {}
      : { variants: content.variants.map((variant) => ({ ...variant, code: copied(variant.code) })) }),
    productName: `${content.productName} (copy)`,
    productName_ar: `${content.productName_ar} (نسخة)`,
    details: withoutMedia(content.details),
    details_ar: withoutMedia(content.details_ar),
  };
  // a copy made at the same moment may take the id first: the next one is tried
  for (let attempt = 0; ; attempt += 1) {
    const id = await copyId(db.kysely, sourceId);
    try {
      return await createDraft(db, actor, id, copy, `duplicated from product:${sourceId} as a draft (version 1)`);
    } catch (error) {
      if (!(error instanceof EditorError && error.statusCode === 409) || attempt >= 3) throw error;
    }
  }
}

export const PUBLISHED_CANNOT_BE_DELETED =
  'This product was published: it cannot be deleted. Withdraw it from the catalogue instead (its page then says it is no longer available).';

/**
 * Deletes a product created in the editor and never published: its edits row (the draft) goes, audited. A product
 * that is in the catalogue, archived, or has a published version is a 409: its history and its public address stay.
 */
export async function deleteNewProduct(db: Database, actor: Editor, id: string, baseVersion: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const edits = await lockProduct(trx, id, { unpublished: 'allow' }); // 404 unknown, 409 archived
    refuseStale(edits, baseVersion);
    const published = await sql<{ n: number }>`select 1 as n from catalogue_products where id = ${id}
      union all select 1 from catalogue_product_history where product_id = ${id} limit 1`.execute(trx);
    if (published.rows.length > 0) throw conflict(PUBLISHED_CANNOT_BE_DELETED);
    await trx.deleteFrom('catalogue_product_edits').where('product_id', '=', id).execute();
    await actor.audit(
      trx,
      actor,
      'catalogue.delete',
      `product:${id}`,
      `new draft deleted (it was at version ${edits.version}; never published)`,
    );
  });
}
