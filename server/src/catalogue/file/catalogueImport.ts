// Import and export of the whole catalogue as rows (columns.ts). An import is one transaction: every row is checked
// against the catalogue's rules (content/src/schema.ts, the same as the seed's files: rowChecks.ts) and against the
// database (known categories, codes unique once normalised), every problem is reported with its line, and nothing is
// written unless there is none. Products are upserted by id: a new one goes to the end of the catalogue's order, an
// existing one keeps its place. The catalogue's version is bumped in the same transaction, so every server sees the
// change. A file's rows may come checked on their own already, off the server's thread (importWorker.ts); what is
// left here for every row is paced (pacer.ts), so that the site keeps answering while a large import runs.
import type { Product, ProductDetail, ProductVariant } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely } from 'kysely';
import type { Database, DatabaseSchema, NewRow } from '../../platform/db/index.js';
import { LETTERS_OF } from '../catalogueStore.js';
import { productRowOf } from '../records.js';
import { bumpCatalogueVersion } from '../state.js';
import type { CatalogueFileRow, NumberedRow, VariantColumn } from './columns.js';
import { writeCatalogueFileFrom, type CatalogueFileFormat } from './catalogueFiles.js';
import { pacer } from './pacer.js';
import { compareWithStored, type ImportChange } from './importChanges.js';
import { codeOwnersOf, crossProblems, groupRows, productOfGroup } from './productGroups.js';
import { priceBreaksText } from '@site/content/price-breaks';
import { forgetVariantMatches, removeVariantsOf, variantRowsOf, type VariantInput } from '../variants/variantStore.js';
import {
  checkRowWithKey,
  rowKey,
  sameCategories,
  type CategoryMap,
  type CheckedRow,
  type RowCheck,
  type RowKey,
  type RowMemo,
  type RowProblem,
} from './rowChecks.js';
import { relatedProblems } from '../related/relatedImport.js';
import { relatedCells, withoutRelated } from '../related/relatedColumns.js';

export interface ImportOutcome {
  /** Every problem found, one line each ('line 7 (id x): unknown category "foo"'); nothing was written when any. */
  problems: string[];
  /** How many rows have a problem. */
  badRows: number;
  added: number;
  updated: number;
  /** Of the updated, how many rows hold exactly what the product already has (counted when `countUnchanged`). */
  unchanged: number;
  /** What the rows change of the products they name, field by field and variant by variant (when `countUnchanged`). */
  changes: ImportChange[];
  /** Whether the rows were written (false for a dry run or when there were problems). */
  written: boolean;
  /** The problems by the line they are on, without the line's prefix, each at its value (the editor's field). */
  problemsByLine: ReadonlyMap<number, readonly RowProblem[]>;
  /**
   * The products the rows change (existing ones whose content differs: known with `countUnchanged`, else every existing
   * product the file names) and the products they add.
   */
  touched: { changed: readonly string[]; added: readonly string[] };
}

/**
 * A product's rows' records as the catalogue API serves them in `locale` (the staff preview draws the product page from
 * a draft's): its detail and listing, and its published variants (the table theirs where they carry rows), or its
 * problems: the same checks as an import's rows, so the preview shows what publishing would.
 */
export async function recordsOfRow(
  db: Kysely<DatabaseSchema>,
  rows: readonly CatalogueFileRow[],
  locale: Locale,
): Promise<{ product: ProductDetail; listing: Product; variants: ProductVariant[] } | { problems: string[] }> {
  const categories = await readCategories(db);
  const memo: RowMemo = {};
  const checks = rows.map((row, index) => checkRowWithKey({ line: index + 1, row }, categories, memo));
  const problems = checks.flatMap((check) =>
    'problems' in check ? check.problems.map(({ message }) => `line ${check.line}: ${message}`) : [],
  );
  if (problems.length > 0) return { problems };
  const groups = groupRows(checks.flatMap((check) => ('checked' in check ? [check.checked] : [])));
  const group = groups[0]!;
  const { product, detail, detailAr, nameAr } = productOfGroup(group);
  const variants = group.variants
    .filter((variant) => variant.published !== false)
    .map((variant) => variantAnswer(variant, locale));
  const withTable = (record: ProductDetail): ProductDetail =>
    variants.some((variant) => variant.row !== undefined)
      ? {
          ...record,
          productDetailTableData: variants.flatMap((variant) => (variant.row === undefined ? [] : [variant.row])),
        }
      : record;
  if (locale === 'en') return { product: withTable(detail), listing: product, variants };
  const titleAr = categories.get(product.productCategoryId)?.title_ar ?? product.productCategory;
  return {
    product: withTable(detailAr),
    listing: { ...product, productName: nameAr, productCategory: titleAr },
    variants,
  };
}

/** A variant as the product answer carries it in `locale` (variants/variantRecords.ts's form). */
function variantAnswer(variant: VariantInput, locale: Locale): ProductVariant {
  const record: Record<string, unknown> = { code: variant.code };
  if (variant.mpn !== undefined) record.mpn = variant.mpn;
  record.label = locale === 'ar' ? variant.labelAr : variant.label;
  const row = locale === 'ar' ? (variant.rowAr ?? variant.row) : variant.row;
  if (row !== undefined) record.row = row;
  if (variant.price !== undefined) record.price = variant.price;
  record.unit = variant.unit;
  if (variant.packQuantity !== undefined) record.packQuantity = variant.packQuantity;
  if (variant.minimumOrder !== undefined) record.minimumOrder = variant.minimumOrder;
  if (variant.priceBreaks !== undefined) record.priceBreaks = variant.priceBreaks;
  return record as ProductVariant;
}

/** An import of this many rows or more refreshes the planner's statistics of the products once it has committed. */
const ANALYZE_AFTER_ROWS = 1_000;

/**
 * Checks every row and, unless `dryRun` or a problem, upserts them all in one transaction. After a big import the
 * products' statistics are refreshed at once (not when autovacuum comes by): with the old ones the planner guesses a
 * search term's matches from defaults and scans the whole catalogue instead of its trigram indexes, and the closest
 * word to a misspelling ("Did you mean") is looked for over every word (100 ms at 100,000 products, not 12).
 */
export interface ImportOptions {
  dryRun: boolean;
  /** Compares each existing product's row with what it holds (the staff app's report); reads their content. */
  countUnchanged?: boolean;
  /** Runs inside the import's transaction once it is done (the staff app's audit line, committed with the rows). */
  alsoInTransaction?: (trx: Kysely<DatabaseSchema>, outcome: ImportOutcome) => Promise<void>;
  /** Runs inside the transaction just before the rows are written (the staff app keeps what they replace). */
  beforeWrite?: (trx: Kysely<DatabaseSchema>, touched: ImportOutcome['touched']) => Promise<void>;
  /** The import's progress (a job's): its transaction holds the catalogue's lock; then variants' rows written so far. */
  onLocked?: () => void;
  onWritten?: (rows: number) => void;
  /** Aborted (its process closing): the import stops between batches and its transaction rolls back. */
  signal?: AbortSignal;
}

/**
 * A file's rows already checked on their own (off the server's thread: importWorker.ts) against the categories as
 * they were then; `recheck` checks them again against others (a category saved before the import took its lock).
 */
export interface CheckedRows {
  checks: readonly RowCheck[];
  categories: CategoryMap;
  recheck(categories: CategoryMap): Promise<readonly RowCheck[]>;
}

/** An import's rows: as read (checked here, on this thread: the editor's one row, the CLI), or checked already. */
export type ImportRows = readonly NumberedRow[] | CheckedRows;

const keysOf = (rows: ImportRows): readonly RowKey[] => ('checks' in rows ? rows.checks : rows.map(rowKey));

/** The categories a row's check reads. */
export async function readCategories(db: Kysely<DatabaseSchema>): Promise<CategoryMap> {
  return new Map(
    (await db.selectFrom('catalogue_categories').select(['id', 'title', 'title_ar', 'state']).execute()).map((c) => [
      c.id,
      c,
    ]),
  );
}

/**
 * Every row's check against `categories`: done already when they are the same, else done (again) now. Rows checked
 * here let the event loop turn every few milliseconds (pacer.ts): for the site's other requests, and for the memory
 * of the rich text's cleaning, which jsdom keeps until the job that made it ends (importWorker.ts).
 */
async function checksOf(rows: ImportRows, categories: CategoryMap): Promise<readonly RowCheck[]> {
  if ('checks' in rows) return sameCategories(rows.categories, categories) ? rows.checks : rows.recheck(categories);
  const pause = pacer();
  const checks: RowCheck[] = [];
  const memo: RowMemo = {};
  for (const row of rows) {
    await pause();
    checks.push(checkRowWithKey(row, categories, memo));
  }
  return checks;
}

export async function importCatalogueRows(
  db: Database,
  rows: ImportRows,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const outcome = await writeImport(db, rows, options);
  if (outcome.written && keysOf(rows).length >= ANALYZE_AFTER_ROWS)
    await sql`analyze catalogue_products, catalogue_product_variants, catalogue_search_en, catalogue_search_ar, catalogue_search_words, catalogue_facet_sets, catalogue_search_broad_rows, catalogue_search_broad_pairs`.execute(
      db.kysely,
    );
  return outcome;
}

async function writeImport(db: Database, rows: ImportRows, options: ImportOptions): Promise<ImportOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    options.onLocked?.();
    const outcome = await importRowsIn(trx, rows, options);
    // The editor's version of each product written moves on (its author unknown): a draft or publish based on what
    // the product was before the import is refused as stale, and its editor is told to reload, instead of writing
    // over the import unseen.
    if (outcome.written) {
      await trx
        .updateTable('catalogue_product_edits')
        .set({ version: sql<number>`version + 1`, saved_by_id: null, saved_by_email: null, saved_at: sql<Date>`now()` })
        .where('product_id', 'in', [...new Set(keysOf(rows).map(({ id }) => id))])
        .execute();
    }
    await options.alsoInTransaction?.(trx, outcome);
    return outcome;
  });
}

/** One import at a time, and none beside the editor's publishes: they all take this row's lock first. */
export async function lockCatalogue(trx: Kysely<DatabaseSchema>): Promise<void> {
  await trx.selectFrom('catalogue_state').select('version').forUpdate().executeTakeFirstOrThrow();
}

/**
 * The import inside the caller's transaction (which holds lockCatalogue's lock when it writes): every row checked, and
 * unless `dryRun` or a problem, written with the brands they name and the catalogue's version bumped. The editor's
 * publish writes a product through here, so its search rows, filter values and every cache follow as an import's.
 */
export async function importRowsIn(
  trx: Kysely<DatabaseSchema>,
  rows: ImportRows,
  options: Pick<ImportOptions, 'dryRun' | 'countUnchanged' | 'onWritten' | 'signal' | 'beforeWrite'>,
): Promise<ImportOutcome> {
  const checks = await checksOf(rows, await readCategories(trx));
  const { existing, lastPosition } = await productsMet(trx, checks);

  const byLine = new Map<number, RowProblem[]>();
  const checked: CheckedRow[] = [];
  for (const check of checks) {
    if ('problems' in check) byLine.set(check.line, check.problems);
    else checked.push(check.checked);
  }
  const groups = groupRows(checked);
  const owners = await codeOwnersOf(trx, checks, checks.length > FEW_ROWS);
  for (const [line, problems] of crossProblems(checks, groups, owners))
    byLine.set(line, [...(byLine.get(line) ?? []), ...problems]);
  // a withdrawn product's id stays its own (migration 016): written here it would be a second product beside it
  for (const [line, problems] of await archivedProblems(trx, checks))
    byLine.set(line, [...(byLine.get(line) ?? []), ...problems]);
  // a related part names a published part of another product (related/relatedImport.ts)
  for (const [line, problems] of await relatedProblems(trx, groups))
    byLine.set(line, [...(byLine.get(line) ?? []), ...problems]);
  const idOf = new Map(checks.map(({ line, id }) => [line, id]));
  const problems = [...byLine]
    .sort(([a], [b]) => a - b)
    .flatMap(([line, list]) =>
      list.map(({ message }) => `line ${line}${idOf.get(line) ? ` (id ${idOf.get(line)})` : ''}: ${message}`),
    );

  const known = new Set(existing.map((product) => product.id));
  const products = groups.map(productOfGroup);
  const added = products.filter((row) => !known.has(row.id)).length;
  let next = lastPosition;
  const positions = new Map(existing.map((product) => [product.id, product.position]));
  const pause = pacer();
  const rowsOf = async (rows: readonly CheckedRow[]) => {
    const values: NewRow<'catalogue_products'>[] = [];
    for (const row of rows) {
      await pause();
      values.push(productRowOf(row, positions.get(row.id) ?? (next += 1)));
    }
    return values;
  };
  const writes = problems.length === 0 && !options.dryRun && products.length > 0;
  // the rows as they would be stored: made only for what needs them (a plain dry run does not)
  const values = writes ? await rowsOf(products) : undefined;
  const existingGroups = groups.filter((group) => known.has(group.first.id));
  const compared =
    options.countUnchanged === true
      ? await compareWithStored(
          trx,
          values?.filter((value) => known.has(value.id)) ?? (await rowsOf(products.filter((row) => known.has(row.id)))),
          existingGroups,
        )
      : { unchanged: 0, changes: [] };
  const changedIds = new Set(
    options.countUnchanged === true ? compared.changes.map((change) => change.id) : products.map((row) => row.id),
  );
  const outcome = {
    problems,
    badRows: byLine.size,
    added,
    updated: products.length - added,
    unchanged: compared.unchanged,
    changes: compared.changes,
    written: false,
    problemsByLine: byLine,
    touched: {
      changed: products.filter((row) => known.has(row.id) && changedIds.has(row.id)).map((row) => row.id),
      added: products.filter((row) => !known.has(row.id)).map((row) => row.id),
    },
  };
  if (values === undefined) return outcome;
  await options.beforeWrite?.(trx, outcome.touched);

  // a code may move from one of the file's products to another: their variants go before their rows are written
  await removeVariantsOf(
    trx,
    existingGroups.map((group) => group.first.id),
  );
  // Written a category at a time (their positions are the file's order, given above): a category's new rows, and
  // their search rows, then sit together on disk, so that a listing or a search of one kind of product reads its
  // own pages rather than a few rows from every page (a file that mixes its categories line by line).
  const sorted = [...values].sort((a, b) =>
    a.category_id < b.category_id ? -1 : a.category_id > b.category_id ? 1 : 0,
  );
  await upsertProducts(trx, sorted, new Map(groups.map((group) => [group.first.id, group.variants])), options);
  await forgetVariantMatches(trx);
  await upsertBrands(trx, products);
  await bumpCatalogueVersion(trx);
  return { ...outcome, written: true };
}

/** The rows naming a withdrawn (archived) product's id: refused, the product is restored in the editor instead. */
async function archivedProblems(
  trx: Kysely<DatabaseSchema>,
  rows: readonly RowKey[],
): Promise<Map<number, RowProblem[]>> {
  const ids = [...new Set(rows.map(({ id }) => id))];
  // the withdrawn products are few: each is tested against the file's ids
  const archived = new Set(
    (
      await trx
        .selectFrom('catalogue_archived_products')
        .select('id')
        .where(sql<boolean>`id = any(${sql.val(ids)}::text[])`)
        .execute()
    ).map((row) => row.id),
  );
  const problems = new Map<number, RowProblem[]>();
  for (const { line, id } of rows) {
    if (archived.has(id))
      problems.set(line, [
        {
          path: ['id'],
          message:
            'this product is archived (withdrawn): restore it in the catalogue editor, or give the row another id',
        },
      ]);
  }
  return problems;
}

/** Up to this many rows, an import reads only the products its rows may meet; past it, every product's id and code. */
const FEW_ROWS = 1_000;

/**
 * The products an import's rows meet (the same id, or a code with the same letters and digits: its duplicates once
 * normalised are among them, by migration 013's indexes) and the catalogue's last position. A file of a few rows (the
 * editor's publish: one) does not read 100,000 codes; a large one reads them all at once.
 */
async function productsMet(
  trx: Kysely<DatabaseSchema>,
  rows: readonly RowKey[],
): Promise<{ existing: { id: string; code: string; position: number }[]; lastPosition: number }> {
  const ids = rows.map(({ id }) => id);
  const codes = rows.map(({ code }) => code.toLowerCase().replace(/[^a-z0-9]+/g, ''));
  if (rows.length > FEW_ROWS || codes.includes('')) {
    const existing = await trx.selectFrom('catalogue_products').select(['id', 'code', 'position']).execute();
    return { existing, lastPosition: existing.reduce((max, product) => Math.max(max, product.position), 0) };
  }
  const existing = await trx
    .selectFrom('catalogue_products')
    .select(['id', 'code', 'position'])
    .where(sql<boolean>`(id = any(${sql.val(ids)}::text[]) or ${LETTERS_OF('code')} = any(${sql.val(codes)}::text[]))`)
    .execute();
  const last = await trx
    .selectFrom('catalogue_products')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  return { existing, lastPosition: last?.position ?? 0 };
}

const ROWS_PER_UPSERT = 1_000;
/** Variants written by one statement with their products: with ROWS_PER_UPSERT products, well below PostgreSQL's 65,535 parameters. */
const VARIANTS_PER_UPSERT = 2_000;

/**
 * The products' rows and their variants (`variantsOf`, each product's in its order), each batch in one statement: the
 * variants are inserted beside the products' rows (a data-modifying WITH). Migration 029's trigger, which gives a
 * product inserted without variants a default one, runs at the statement's end, finds the product's first variant in
 * its place and writes nothing (its insert does nothing on a conflict): each variant is written once, not the default
 * written, deleted and the file's written after it. An updated product's variants were removed before (removeVariantsOf).
 */
async function upsertProducts(
  trx: Kysely<DatabaseSchema>,
  values: readonly NewRow<'catalogue_products'>[],
  variantsOf: ReadonlyMap<string, readonly VariantInput[]>,
  progress: Pick<ImportOptions, 'onWritten' | 'signal'> = {},
): Promise<void> {
  let start = 0;
  let written = 0;
  while (start < values.length) {
    progress.signal?.throwIfAborted();
    const products: NewRow<'catalogue_products'>[] = [];
    const variants: NewRow<'catalogue_product_variants'>[] = [];
    // a product's variants (at most PRODUCT_VARIANTS_MAX) go with it: a batch holds at least one product
    while (start < values.length && products.length < ROWS_PER_UPSERT) {
      const product = values[start]!;
      const rows = variantRowsOf(product.id, variantsOf.get(product.id) ?? []);
      if (products.length > 0 && variants.length + rows.length > VARIANTS_PER_UPSERT) break;
      products.push(product);
      variants.push(...rows);
      start += 1;
    }
    await trx
      .with('written', (db) =>
        db
          .insertInto('catalogue_products')
          .values(products)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              category_id: eb.ref('excluded.category_id'),
              name: eb.ref('excluded.name'),
              name_ar: eb.ref('excluded.name_ar'),
              code: eb.ref('excluded.code'),
              image: eb.ref('excluded.image'),
              company: eb.ref('excluded.company'),
              popularity: eb.ref('excluded.popularity'),
              date_added: eb.ref('excluded.date_added'),
              unit: eb.ref('excluded.unit'),
              price: eb.ref('excluded.price'),
              details: eb.ref('excluded.details'),
              details_ar: eb.ref('excluded.details_ar'),
              filter_values: eb.ref('excluded.filter_values'),
              updated_at: sql<Date>`now()`,
            })),
          )
          .returning('id'),
      )
      .insertInto('catalogue_product_variants')
      .values(variants)
      .execute();
    written += variants.length;
    progress.onWritten?.(written);
  }
}

/** Brand names the imported details name, with their logos, added when new. */
async function upsertBrands(trx: Kysely<DatabaseSchema>, rows: readonly CheckedRow[]): Promise<void> {
  const brands = new Map<string, string | null>();
  for (const { detail } of rows) {
    (detail.company ?? []).forEach((name, index) => {
      if (brands.get(name) == null) brands.set(name, detail.companyImg?.[index] ?? null);
    });
  }
  if (brands.size === 0) return;
  const values = [...brands].map(([name, logo]) => ({ name, logo }));
  for (let start = 0; start < values.length; start += ROWS_PER_UPSERT) {
    await trx
      .insertInto('catalogue_brands')
      .values(values.slice(start, start + ROWS_PER_UPSERT))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}

/** Every product as file rows (one per variant), in the catalogue's order. */
export async function exportCatalogueRows(db: Kysely<DatabaseSchema>): Promise<CatalogueFileRow[]> {
  return (await readFileRows(db)).flat();
}

const EXPORT_BATCH = 1_000;

/** Every product as file rows, in the catalogue's order, a batch at a time (keyset on the order: each read is short). */
export async function* exportCatalogueBatches(
  db: Kysely<DatabaseSchema>,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<CatalogueFileRow[]> {
  let after: { position: number; id: string } | undefined;
  for (;;) {
    const rows = await readFileRows(db, undefined, { after, limit: batchSize });
    if (rows.length > 0) yield rows.flatMap(({ row }) => row);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.key;
  }
}

/** Thrown when an export could not be read whole from one version of the catalogue (imports kept changing it). */
export class ExportMovedError extends Error {}

/**
 * The whole catalogue written to `file` (writeCatalogueFileFrom), a batch at a time: read outside a transaction, which
 * on the embedded database would hold its one connection for the whole export, so the catalogue's version is read
 * before and after and the file written again when a change committed meanwhile (a file mixing two versions could
 * import a product's old row over its new one).
 */
export async function exportCatalogueFile(
  db: Kysely<DatabaseSchema>,
  file: string,
  format: CatalogueFileFormat,
  attempts = 3,
): Promise<{ products: number; version: number }> {
  const versionNow = async () =>
    Number((await db.selectFrom('catalogue_state').select('version').executeTakeFirstOrThrow()).version);
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const before = await versionNow();
    const products = await writeCatalogueFileFrom(file, format, exportCatalogueBatches(db));
    const after = await versionNow();
    if (before === after) return { products, version: after };
  }
  throw new ExportMovedError(
    'The catalogue kept changing during the export (imports or publishes): please try again in a minute.',
  );
}

/** One product as file rows, one per variant (the editor's content), or undefined when there is no such product. */
export async function exportCatalogueRow(
  db: Kysely<DatabaseSchema>,
  id: string,
): Promise<CatalogueFileRow[] | undefined> {
  const [row] = await readFileRows(db, id);
  return row;
}

/** These products as file rows (one per variant), by id; a product not there is missing from the map. */
export async function exportCatalogueRowsOf(
  db: Kysely<DatabaseSchema>,
  ids: readonly string[],
): Promise<Map<string, CatalogueFileRow[]>> {
  const byId = new Map<string, CatalogueFileRow[]>();
  for (let start = 0; start < ids.length; start += EXPORT_BATCH)
    for (const rows of await readFileRows(db, ids.slice(start, start + EXPORT_BATCH)))
      if (rows[0] !== undefined) byId.set(rows[0].id, rows);
  return byId;
}

async function readFileRows(db: Kysely<DatabaseSchema>, id?: string | readonly string[]): Promise<CatalogueFileRow[][]>;
async function readFileRows(
  db: Kysely<DatabaseSchema>,
  id: undefined,
  page: { after: { position: number; id: string } | undefined; limit: number },
): Promise<{ row: CatalogueFileRow[]; key: { position: number; id: string } }[]>;
async function readFileRows(
  db: Kysely<DatabaseSchema>,
  id?: string | readonly string[],
  page?: { after: { position: number; id: string } | undefined; limit: number },
): Promise<CatalogueFileRow[][] | { row: CatalogueFileRow[]; key: { position: number; id: string } }[]> {
  const after = page?.after;
  const rows = await db
    .selectFrom('catalogue_products')
    .$if(typeof id === 'string', (qb) => qb.where('id', '=', typeof id === 'string' ? id : ''))
    .$if(Array.isArray(id), (qb) => qb.where(sql<boolean>`id = any(${sql.val([...(id ?? [])])}::text[])`))
    .$if(after !== undefined, (qb) =>
      qb.where(sql<boolean>`(position, id) > (${after?.position ?? 0}, ${after?.id ?? ''})`),
    )
    .$if(page !== undefined, (qb) => qb.limit(page?.limit ?? 0))
    .select([
      'position',
      'id',
      'category_id',
      'name',
      'name_ar',
      'code',
      'company',
      sql<string | null>`price::text`.as('price'),
      'unit',
      'popularity',
      sql<string>`to_char(date_added, 'YYYY-MM-DD')`.as('date_added'),
      'image',
      'details',
      'details_ar',
    ])
    .orderBy('position')
    .orderBy('id')
    .execute();
  const variantsOf = await fileVariantsOf(
    db,
    rows.map((row) => row.id),
  );
  const fileRows = rows.map((row) => {
    const product = {
      id: row.id,
      productCategoryId: row.category_id,
      productName: row.name,
      productName_ar: row.name_ar,
      company: row.company ?? '',
      popularity: String(row.popularity),
      dateAdded: row.date_added,
      image: row.image,
      // the links are their columns' (related/relatedColumns.ts)
      details: JSON.stringify(withoutRelated(row.details)),
      details_ar: JSON.stringify(row.details_ar),
      ...relatedCells(row.details),
    };
    return (variantsOf.get(row.id) ?? []).map((variant) => ({ ...product, ...variant }));
  });
  if (page === undefined) return fileRows;
  return fileRows.map((row, index) => ({ row, key: { position: rows[index]!.position, id: rows[index]!.id } }));
}

type FileVariant = Pick<CatalogueFileRow, VariantColumn>;

/** The variants of these products as their rows' variant columns, in each product's order. */
async function fileVariantsOf(db: Kysely<DatabaseSchema>, ids: readonly string[]): Promise<Map<string, FileVariant[]>> {
  const variants =
    ids.length === 0
      ? []
      : await db
          .selectFrom('catalogue_product_variants')
          .select([
            'product_id',
            'code',
            'mpn',
            'label',
            'label_ar',
            'row',
            'row_ar',
            'unit',
            'pack_quantity',
            'price_breaks',
            'minimum_order',
            'published',
          ])
          .select(sql<string | null>`price::text`.as('price'))
          .where(sql<boolean>`product_id = any(${sql.val([...ids])}::text[])`)
          .orderBy('product_id')
          .orderBy('position')
          .execute();
  const byProduct = new Map<string, FileVariant[]>();
  for (const variant of variants) {
    const row = variant.row === null ? '' : JSON.stringify(variant.row);
    const rowAr = variant.row_ar === null ? '' : JSON.stringify(variant.row_ar);
    const columns: FileVariant = {
      code: variant.code,
      price: variant.price === null ? '' : String(Number(variant.price)),
      unit: variant.unit,
      mpn: variant.mpn ?? '',
      variantLabel: variant.label,
      variantLabel_ar: variant.label_ar,
      variantRow: row,
      // the same as the English row: left empty (an empty one is the English row's on import)
      variantRow_ar: rowAr === row ? '' : rowAr,
      packQuantity: variant.pack_quantity === null ? '' : String(variant.pack_quantity),
      minimumOrder: variant.minimum_order === null ? '' : String(variant.minimum_order),
      priceBreaks: variant.price_breaks === null ? '' : priceBreaksText(variant.price_breaks),
      published: variant.published ? 'yes' : 'no',
    };
    byProduct.set(variant.product_id, [...(byProduct.get(variant.product_id) ?? []), columns]);
  }
  return byProduct;
}
