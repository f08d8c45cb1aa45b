// A product's drafts, publishing and restoring, with optimistic locking: every change carries the version it was based
// on (catalogue_product_edits.version, moved on by each saved draft, publish and restore), and one based on an older
// version is refused with who changed the product meanwhile, the refused content handed back untouched. Each change
// commits with its audit line; a publish also with its history row and the product written as an import writes it.
import { sql, type Kysely } from 'kysely';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import type { Database, DatabaseSchema } from '../../platform/db/index.js';
import { lockCatalogue } from '../file/catalogueImport.js';
import { conflict, notFound, EditorError } from './errors.js';
import type { Editor } from './editorCalls.js';
import { archivedContent, cleanContent, contentRefused, importContent, publishedContent } from './content.js';
import { endScheduleByHand, scheduleFollowsDraft, scheduleShown } from './schedule/scheduleRows.js';

/** A change based on a version that is not the product's any more: answered 409 with these fields. */
export class StaleEdit extends EditorError {
  constructor(
    readonly version: number,
    readonly changedBy: string | null,
    readonly changedAt: Date,
    readonly yours: EditableProduct | undefined,
    baseVersion: number,
  ) {
    super(
      409,
      `${changedBy ?? 'Someone'} changed this product at ${changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (version ${version}) after you opened version ${baseVersion}. ` +
        `Nothing of yours was saved or lost${yours === undefined ? '' : ' (your text is sent back with this answer)'}: reload the product to see their change, then apply yours again.`,
    );
    this.name = 'StaleEdit';
  }
}

export const NO_PRODUCT = 'There is no such product';
export const ARCHIVED_PRODUCT = 'This product is archived: restore it (unarchive) before changing it.';
export const UNPUBLISHED_PRODUCT = 'This product is new and was never published: publish it first.';

const editsOf = (db: Kysely<DatabaseSchema>, id: string) =>
  db.selectFrom('catalogue_product_edits').selectAll().where('product_id', '=', id).executeTakeFirst();

/**
 * Locks the product's row (one change of a product at a time) and reads its edits; 404 when there is no product, 409
 * when it is archived (its content is not in the catalogue to be changed).
 */
export async function lockProduct(trx: Kysely<DatabaseSchema>, id: string, options: { unpublished?: 'allow' } = {}) {
  const product = await trx
    .selectFrom('catalogue_products')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (product === undefined) {
    const archived = await trx
      .selectFrom('catalogue_archived_products')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (archived !== undefined) throw conflict(ARCHIVED_PRODUCT);
    // a product created in the editor and never published is its edits row alone: that row is locked instead
    const created = await trx
      .selectFrom('catalogue_product_edits')
      .select('product_id')
      .where('product_id', '=', id)
      .where('draft', 'is not', null)
      .forUpdate()
      .executeTakeFirst();
    if (created === undefined) throw notFound(NO_PRODUCT);
    if (options.unpublished !== 'allow') throw conflict(UNPUBLISHED_PRODUCT);
  }
  return lockedEdits(trx, id);
}

/** The product's edits and edit version (0 when the editor never changed it), read under the caller's lock of its row. */
export async function lockedEdits(trx: Kysely<DatabaseSchema>, id: string) {
  const edits = await editsOf(trx, id);
  return { edits, version: edits === undefined ? 0 : Number(edits.version) };
}

export function refuseStale(
  edits: Awaited<ReturnType<typeof lockedEdits>>,
  baseVersion: number,
  yours?: EditableProduct,
): void {
  if (baseVersion === edits.version) return;
  throw new StaleEdit(
    edits.version,
    edits.edits?.saved_by_email ?? null,
    edits.edits?.saved_at ?? new Date(),
    yours,
    baseVersion,
  );
}

/** Moves the product's version on and sets (or clears) its draft. */
export async function writeEdits(
  trx: Kysely<DatabaseSchema>,
  id: string,
  actor: Editor,
  version: number,
  draft: { content: EditableProduct; basedOn: number } | null,
): Promise<void> {
  const values = {
    version,
    draft: draft === null ? null : JSON.stringify(draft.content),
    draft_based_on: draft?.basedOn ?? null,
    saved_by_id: actor.id,
    saved_by_email: actor.email,
    saved_at: sql<Date>`now()`,
  };
  await trx
    .insertInto('catalogue_product_edits')
    .values({ product_id: id, ...values })
    .onConflict((oc) => oc.column('product_id').doUpdateSet(values))
    .execute();
}

/** Keeps `content` in the product's history as `version`, made by `action` (a publish on schedule names its schedule). */
export async function keepVersion(
  trx: Kysely<DatabaseSchema>,
  id: string,
  version: number,
  content: EditableProduct,
  actor: Editor,
  action: 'publish' | 'archive' | 'unarchive',
  scheduleId: string | null = null,
): Promise<void> {
  await trx
    .insertInto('catalogue_product_history')
    .values({
      product_id: id,
      version,
      content: JSON.stringify(content),
      published_by_id: actor.id,
      published_by_email: actor.email,
      action,
      publish_schedule_id: scheduleId,
    })
    .execute();
}

export async function readEditorProduct(db: Kysely<DatabaseSchema>, id: string): Promise<EditorProduct> {
  const live = await publishedContent(db, id);
  const archived = live === undefined ? await archivedContent(db, id) : undefined;
  const edits = await editsOf(db, id);
  // a product created in the editor and never published: its draft stands for what it will be
  const unpublished = live === undefined && archived === undefined && edits?.draft != null;
  const published = live ?? archived?.content ?? (unpublished ? (edits.draft as EditableProduct) : undefined);
  if (published === undefined) throw notFound(NO_PRODUCT);
  return {
    id,
    unpublished,
    version: edits === undefined ? 0 : Number(edits.version),
    published,
    draft:
      edits?.draft == null
        ? null
        : {
            content: edits.draft as EditableProduct,
            basedOn: Number(edits.draft_based_on),
            savedBy: edits.saved_by_email,
            savedAt: edits.saved_at.toISOString(),
          },
    lastChange: edits === undefined ? null : { by: edits.saved_by_email, at: edits.saved_at.toISOString() },
    archived: archived === undefined ? null : { by: archived.by, at: archived.at.toISOString() },
    schedule: await scheduleShown(db, id, edits?.saved_at),
  };
}

/** Saves `content` as the product's draft, if it keeps every rule of the catalogue and `baseVersion` is current. */
export async function saveDraft(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
  sent: EditableProduct,
): Promise<EditorProduct> {
  // stored (and answered) as cleaned: the editor shows what was kept, as a CMS does
  const content = cleanContent(sent);
  await db.kysely.transaction().execute(async (trx) => {
    const edits = await lockProduct(trx, id, { unpublished: 'allow' });
    refuseStale(edits, baseVersion, sent);
    const problems = await importContent(trx, id, content, { dryRun: true });
    if (problems.length > 0) throw contentRefused('saved', problems, []);
    const version = edits.version + 1;
    await writeEdits(trx, id, actor, version, { content, basedOn: baseVersion });
    await actor.audit(trx, actor, 'catalogue.draft', `product:${id}`, `draft saved as version ${version}`);
    await scheduleFollowsDraft(trx, actor, id, version);
  });
  return readEditorProduct(db.kysely, id);
}

/**
 * Publishes the product's draft: written as the import writes a row (one transaction, under the import's lock), kept
 * in the history as the new version, the draft cleared. The first publish also keeps what the product was before
 * (version 0 when the editor never changed it), so it can be restored. A publish schedule pending is over: its draft
 * is live.
 */
export async function publishDraft(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
): Promise<EditorProduct> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const edits = await lockProduct(trx, id, { unpublished: 'allow' });
    refuseStale(edits, baseVersion);
    const version = await publishLockedDraft(trx, actor, id, edits);
    await endScheduleByHand(trx, actor, id, version);
  });
  return readEditorProduct(db.kysely, id);
}

/**
 * The publish itself, inside the caller's transaction holding the catalogue's lock and the product's (lockProduct's
 * `edits`); by a schedule, its version names it. Resolves to the version published; nothing is written when the
 * draft breaks a rule (a 400 thrown) or there is none (409).
 */
export async function publishLockedDraft(
  trx: Kysely<DatabaseSchema>,
  actor: Editor,
  id: string,
  edits: Awaited<ReturnType<typeof lockedEdits>>,
  schedule?: { id: string; detail: string },
): Promise<number> {
  const draft = edits.edits?.draft;
  if (draft == null) throw conflict('There is no draft of this product to publish: save one first.');
  const content = draft as EditableProduct;
  const before = await trx
    .selectFrom('catalogue_product_history')
    .select('version')
    .where('product_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (before === undefined) {
    const live = await publishedContent(trx, id);
    if (live !== undefined) {
      await trx
        .insertInto('catalogue_product_history')
        .values({ product_id: id, version: 0, content: JSON.stringify(live), published_at: sql<Date>`now()` })
        .execute();
    }
  }
  const problems = await importContent(trx, id, content, { dryRun: false });
  if (problems.length > 0) throw contentRefused('saved', problems, []);
  const version = edits.version + 1;
  await writeEdits(trx, id, actor, version, null);
  await keepVersion(trx, id, version, content, actor, 'publish', schedule?.id ?? null);
  await actor.audit(
    trx,
    actor,
    'catalogue.publish',
    `product:${id}`,
    `version ${version} published${schedule === undefined ? '' : ` ${schedule.detail}`}`,
  );
  return version;
}

/** Makes an earlier published version the product's draft (publishing it is a step of its own). */
export async function restoreVersion(
  db: Database,
  actor: Editor,
  id: string,
  restored: number,
  baseVersion: number,
): Promise<EditorProduct> {
  await db.kysely.transaction().execute(async (trx) => {
    const edits = await lockProduct(trx, id);
    refuseStale(edits, baseVersion);
    const row = await trx
      .selectFrom('catalogue_product_history')
      .select('content')
      .where('product_id', '=', id)
      .where('version', '=', restored)
      .executeTakeFirst();
    if (row === undefined) throw notFound(`Product ${id} has no published version ${restored}`);
    const version = edits.version + 1;
    await writeEdits(trx, id, actor, version, { content: row.content as EditableProduct, basedOn: baseVersion });
    await actor.audit(
      trx,
      actor,
      'catalogue.restore',
      `product:${id}`,
      `version ${restored} restored as the draft (version ${version})`,
    );
    await scheduleFollowsDraft(trx, actor, id, version);
  });
  return readEditorProduct(db.kysely, id);
}
