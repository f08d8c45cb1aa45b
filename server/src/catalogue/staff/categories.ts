// Categories in the editor: listed, read, created and saved. A category is a few short texts in two languages, an
// illustration key, a brand line and its place in the order: saved directly, live at once (no draft: the staff page
// shows every field as it will be, and a wrong word is mended by the next save). Each save is one transaction under
// the import's lock with its audit line; the category's edit_version (migration 023) is its optimistic lock, and the
// catalogue's version is bumped and announced (NOTIFY catalogue_changed), so every process's pages, API answers and
// sitemap follow within the followers' 2 s, as a product's publish does.
// A category is also duplicated (a draft copy under an id the editor confirms, public once published) and archived
// (migration 024's state): archiving is refused while the category holds live products, since their pages, listing and
// search would otherwise point into a category the public cannot see; the editor withdraws or moves them first.
import { sql, type Kysely } from 'kysely';
import type {
  CategoryState,
  EditableCategory,
  EditorCategory,
  EditorCategoryList,
} from '@site/contracts/staff-catalogue-api';
import type { ApiProblem } from '@site/contracts/forms-api';
import { CATEGORY_IMAGE_KEYS } from '@site/content';
import type { Database, DatabaseSchema } from '../../platform/db/index.js';
import { lockCatalogue } from '../file/catalogueImport.js';
import { bumpCatalogueVersion } from '../state.js';
import { textProblemMessage } from '@site/contracts/text-field';
import { conflict, notFound, EditorError } from './errors.js';
import type { Editor } from './editorCalls.js';

export const NO_CATEGORY = 'There is no such category';
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** The start of an HTML tag, comment or declaration: the introduction is shown as text, so markup would show as it is. */
const MARKUP = /<[A-Za-z!/?]/;

/**
 * Every problem of a category's content, each at its field in the request (['content', 'title_ar']) and naming it in
 * its sentence; [] when it may be saved.
 */
export function categoryProblems(content: EditableCategory): ApiProblem[] {
  const problems: ApiProblem[] = [];
  const add = (field: keyof EditableCategory, message: string) => problems.push({ path: ['content', field], message });
  for (const field of ['title', 'title_ar', 'info', 'info_ar'] as const) {
    const value = content[field];
    if (value.trim() === '') {
      add(field, `${field} is required`);
      continue;
    }
    if (value !== value.trim()) add(field, `${field} must not start or end with spaces`);
    const characters = textProblemMessage(field, value, 'line');
    if (characters !== null) add(field, characters);
    if (MARKUP.test(value))
      add(field, `${field} is plain text on the site: remove the HTML tags (${value.match(MARKUP)?.[0] ?? '<'}…)`);
  }
  if (!(CATEGORY_IMAGE_KEYS as readonly string[]).includes(content.image))
    add('image', `image must be one of the category pictures: ${CATEGORY_IMAGE_KEYS.join(', ')}`);
  const company = textProblemMessage('company', content.company, 'line');
  if (company !== null) add('company', company);
  if (content.company !== content.company.trim()) add('company', 'company must not start or end with spaces');
  return problems;
}

/** 400: the sentence names every problem; the problems one by one are at their fields. */
const refused = (what: string, problems: readonly ApiProblem[]) =>
  new EditorError(
    400,
    `The category was not ${what}: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix: ${problems.map(({ message }) => message).join('; ')}`,
    problems,
  );

const productCounts = (db: Kysely<DatabaseSchema>) =>
  db
    .selectFrom('catalogue_products')
    .select(['category_id', sql<string>`count(*)`.as('n')])
    .groupBy('category_id');

export async function listEditorCategories(db: Kysely<DatabaseSchema>): Promise<EditorCategoryList> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('catalogue_categories')
      .select(['id', 'title', 'title_ar', 'info_ar', 'position', 'edit_version', 'state'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    productCounts(db).execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
  return {
    categories: rows.map((row) => ({
      id: row.id,
      title: row.title,
      titleAr: row.title_ar,
      position: row.position,
      products: countOf.get(row.id) ?? 0,
      missingArabic: !ARABIC_LETTER.test(row.title_ar) || !ARABIC_LETTER.test(row.info_ar),
      version: row.edit_version,
      state: row.state,
    })),
  };
}

export async function readEditorCategory(db: Kysely<DatabaseSchema>, id: string): Promise<EditorCategory> {
  const row = await db.selectFrom('catalogue_categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw notFound(NO_CATEGORY);
  const count = await productCounts(db).where('category_id', '=', id).executeTakeFirst();
  return {
    id,
    content: {
      title: row.title,
      title_ar: row.title_ar,
      info: row.info,
      info_ar: row.info_ar,
      image: row.image,
      company: row.company ?? '',
      position: row.position,
    },
    version: row.edit_version,
    products: Number(count?.n ?? 0),
    state: row.state,
    lastChange: { by: row.edited_by_email, at: row.updated_at.toISOString() },
  };
}

const columnsOf = (content: EditableCategory, actor: Editor) => ({
  title: content.title,
  title_ar: content.title_ar,
  info: content.info,
  info_ar: content.info_ar,
  image: content.image,
  company: content.company === '' ? null : content.company,
  position: content.position,
  edited_by_email: actor.email,
  updated_at: sql<Date>`now()`,
});

/**
 * The category's row locked for a change based on `baseVersion`: a 404 when there is none, a 409 naming who changed it
 * when the version moved on (nothing written).
 */
async function lockedCategory(
  trx: Kysely<DatabaseSchema>,
  id: string,
  baseVersion: number,
): Promise<{ state: CategoryState }> {
  const row = await trx
    .selectFrom('catalogue_categories')
    .select(['edit_version', 'edited_by_email', 'updated_at', 'state'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) throw notFound(NO_CATEGORY);
  if (row.edit_version !== baseVersion) {
    throw conflict(
      `${row.edited_by_email ?? 'Someone'} changed this category at ${row.updated_at.toISOString().slice(0, 16).replace('T', ' ')} UTC (version ${row.edit_version}) after you opened version ${baseVersion}. ` +
        'Nothing of yours was saved or lost: your text is still in the form. Reload the category to see their change, then apply yours again.',
    );
  }
  return row;
}

/** Moves the category's version on with `set`, its audit line and the catalogue's version (every process follows). */
async function writeCategory(
  trx: Kysely<DatabaseSchema>,
  actor: Editor,
  id: string,
  version: number,
  set: Partial<ReturnType<typeof columnsOf>> & { state?: CategoryState },
  detail: string,
): Promise<void> {
  await trx
    .updateTable('catalogue_categories')
    .set({ ...set, edited_by_email: actor.email, updated_at: sql<Date>`now()`, edit_version: version })
    .where('id', '=', id)
    .execute();
  await actor.audit(trx, actor, 'catalogue.category', `category:${id}`, detail);
  await bumpCatalogueVersion(trx);
}

/** Saves the category if `baseVersion` is still its version: else a 409 naming who changed it, nothing written. */
export async function saveCategory(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
  content: EditableCategory,
): Promise<EditorCategory> {
  const problems = categoryProblems(content);
  if (problems.length > 0) throw refused('saved', problems);
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    await lockedCategory(trx, id, baseVersion);
    const version = baseVersion + 1;
    await writeCategory(trx, actor, id, version, columnsOf(content, actor), `saved as version ${version}`);
  });
  return readEditorCategory(db.kysely, id);
}

/** A change of a category's state: where it goes, what it says, and what else may refuse it. */
interface StateChange {
  to: CategoryState;
  /** The 409's text when the category is in that state already. */
  already: string;
  /** The audit line's words for the change from `from` ('archived', 'published', 'put back on the site'). */
  done: (from: CategoryState) => string;
  /** Throws (a 409) when the change may not happen; nothing is written then. */
  refuse?: (trx: Kysely<DatabaseSchema>) => Promise<void>;
}

/**
 * Moves the category to `change.to` if `baseVersion` is still its version, under the import's lock: a 409 when it is
 * there already or `change.refuse` finds a reason (nothing written), else a new version with its audit line.
 */
async function changeCategoryState(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
  change: StateChange,
): Promise<EditorCategory> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const { state } = await lockedCategory(trx, id, baseVersion);
    if (state === change.to) throw conflict(change.already);
    await change.refuse?.(trx);
    const version = baseVersion + 1;
    await writeCategory(trx, actor, id, version, { state: change.to }, `${change.done(state)} as version ${version}`);
  });
  return readEditorCategory(db.kysely, id);
}

/**
 * Withdraws the category from the public site: gone from the menus, the grid, the search and the sitemap, its page a
 * 410. Refused (409) while live products are in it: withdrawn first (or moved), they cannot point into a hidden page.
 */
export function archiveCategory(db: Database, actor: Editor, id: string, baseVersion: number): Promise<EditorCategory> {
  return changeCategoryState(db, actor, id, baseVersion, {
    to: 'archived',
    already: 'This category is already archived.',
    done: () => 'archived',
    refuse: async (trx) => {
      const live = await productCounts(trx).where('category_id', '=', id).executeTakeFirst();
      const count = Number(live?.n ?? 0);
      if (count > 0) {
        throw conflict(
          `This category still holds ${count} live product${count === 1 ? '' : 's'}: withdraw ${count === 1 ? 'it' : 'them'} from the catalogue or move ${count === 1 ? 'it' : 'them'} to another category first, then archive the category. Nothing was changed.`,
        );
      }
    },
  });
}

/** A draft (a duplicate) or an archived category goes live: on the menus, the grid, the search and the sitemap again. */
export function publishCategory(db: Database, actor: Editor, id: string, baseVersion: number): Promise<EditorCategory> {
  return changeCategoryState(db, actor, id, baseVersion, {
    to: 'live',
    already: 'This category is already on the public site.',
    done: (from) => (from === 'draft' ? 'published' : 'put back on the site'),
  });
}

/** 409 about the id the body names: its one problem is the id's (path ['id']), so the form marks that field. */
const idRefused = (message: string) => new EditorError(409, message, [{ path: ['id'], message }]);

/** Refuses an id a new category cannot take: the staff form's address, or one a category has in any case. */
async function refuseTakenId(trx: Kysely<DatabaseSchema>, id: string): Promise<void> {
  if (id === 'new')
    throw idRefused('id: "new" is the staff app\'s address of the new-category form. Choose another id.');
  // two ids differing only in case would be two addresses a person reads as one
  const taken = await trx
    .selectFrom('catalogue_categories')
    .select('id')
    .where(sql<string>`lower(id)`, '=', id.toLowerCase())
    .executeTakeFirst();
  if (taken !== undefined) throw idRefused(`id: the category "${taken.id}" already exists. Choose another id.`);
}

/** A new category, live at once (empty until products are put in it); 409 when the id is taken. */
export async function createCategory(
  db: Database,
  actor: Editor,
  id: string,
  content: EditableCategory,
): Promise<EditorCategory> {
  const problems = categoryProblems(content);
  if (problems.length > 0) throw refused('created', problems);
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    await refuseTakenId(trx, id);
    await trx
      .insertInto('catalogue_categories')
      .values({ id, ...columnsOf(content, actor), edit_version: 1 })
      .execute();
    await actor.audit(trx, actor, 'catalogue.category', `category:${id}`, 'created as version 1');
    await bumpCatalogueVersion(trx);
  });
  return readEditorCategory(db.kysely, id);
}

const COPY_MARK = { en: ' (copy)', ar: ' (نسخة)' } as const;
const TITLE_MAX = 200;
const marked = (title: string, mark: string) => `${title.slice(0, TITLE_MAX - mark.length).trimEnd()}${mark}`;

/**
 * A draft copy of the category under `newId` (which the editor confirmed): its texts, picture, brand line and place in
 * the order, the titles marked as a copy. Not public until published; it holds no products.
 */
export async function duplicateCategory(
  db: Database,
  actor: Editor,
  sourceId: string,
  newId: string,
): Promise<EditorCategory> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const source = await trx
      .selectFrom('catalogue_categories')
      .selectAll()
      .where('id', '=', sourceId)
      .executeTakeFirst();
    if (source === undefined) throw notFound(NO_CATEGORY);
    await refuseTakenId(trx, newId);
    await trx
      .insertInto('catalogue_categories')
      .values({
        id: newId,
        title: marked(source.title, COPY_MARK.en),
        title_ar: marked(source.title_ar, COPY_MARK.ar),
        info: source.info,
        info_ar: source.info_ar,
        image: source.image,
        company: source.company,
        position: source.position,
        edited_by_email: actor.email,
        updated_at: sql<Date>`now()`,
        edit_version: 1,
        state: 'draft',
      })
      .execute();
    // a draft shows nowhere public: the catalogue's version (the public caches) stays
    await actor.audit(
      trx,
      actor,
      'catalogue.category',
      `category:${newId}`,
      `duplicated from category:${sourceId} as a draft, version 1`,
    );
  });
  return readEditorCategory(db.kysely, newId);
}
