// Import and export of the whole catalogue as rows (columns.ts). An import is one transaction: every row is checked
// against the catalogue's rules (content/src/schema.ts, the same as the seed's files: rowChecks.ts) and against the
// database (known categories, codes unique once normalised), every problem is reported with its line, and nothing is
// written unless there is none. Products are upserted by id: a new one goes to the end of the catalogue's order, an
// existing one keeps its place. The catalogue's version is bumped in the same transaction, so every server sees the
// change. A file's rows may come checked on their own already, off the server's thread (importWorker.ts); what is
// left here for every row is paced (pacer.ts), so that the site keeps answering while a large import runs.
import type { Product, ProductDetail } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { normalizedProductCode } from '@site/content/validation';
import { sql, type Kysely } from 'kysely';
import type { Database, DatabaseSchema, NewRow } from '../../platform/db/index.js';
import { LETTERS_OF } from '../catalogueStore.js';
import { productRowOf } from '../records.js';
import { bumpCatalogueVersion } from '../state.js';
import type { CatalogueFileRow, NumberedRow } from './columns.js';
import { writeCatalogueFileFrom, type CatalogueFileFormat } from './catalogueFiles.js';
import { pacer } from './pacer.js';
import { checkRow, checkRowWithKey, rowKey, sameCategories, type CategoryMap, type CheckedRow, type RowCheck, type RowKey, type RowProblem } from './rowChecks.js';

export interface ImportOutcome {
  /** Every problem found, one line each ('line 7 (id x): unknown category "foo"'); nothing was written when any. */
  problems: string[];
  /** How many rows have a problem. */
  badRows: number;
  added: number;
  updated: number;
  /** Of the updated, how many rows hold exactly what the product already has (counted when `countUnchanged`). */
  unchanged: number;
  /** Whether the rows were written (false for a dry run or when there were problems). */
  written: boolean;
  /** The problems by the line they are on, without the line's prefix, each at its value (the editor's field). */
  problemsByLine: ReadonlyMap<number, readonly RowProblem[]>;
}

/**
 * One row's records as the catalogue API serves them in `locale` (the staff preview draws the product page from a
 * draft's), or its problems: the same checks as an import's row, so the preview shows what publishing would.
 */
export async function recordsOfRow(
  db: Kysely<DatabaseSchema>,
  row: CatalogueFileRow,
  locale: Locale,
): Promise<{ product: ProductDetail; listing: Product } | { problems: string[] }> {
  const categories = await readCategories(db);
  const checked = checkRow({ line: 0, row }, categories);
  if ('problems' in checked) return { problems: checked.problems.map(({ message }) => message) };
  const { product, detail, detailAr, nameAr } = checked.checked;
  if (locale === 'en') return { product: detail, listing: product };
  const titleAr = categories.get(product.productCategoryId)?.title_ar ?? product.productCategory;
  return { product: detailAr, listing: { ...product, productName: nameAr, productCategory: titleAr } };
}

/** The checks across rows and the database: one row per id, and every code unique once normalised. */
function crossProblems(rows: readonly CheckedRow[], existing: readonly { id: string; code: string }[]): Map<number, RowProblem[]> {
  const problems = new Map<number, RowProblem[]>();
  const add = (line: number, column: 'id' | 'code', message: string) => problems.set(line, [...(problems.get(line) ?? []), { path: [column], message }]);
  const firstLineOfId = new Map<string, number>();
  for (const row of rows) {
    const first = firstLineOfId.get(row.id);
    if (first !== undefined) add(row.line, 'id', `duplicate id: line ${first} has the same id`);
    else firstLineOfId.set(row.id, row.line);
  }
  // the catalogue after the import: the database's codes, then each row's over its product's
  const codeOwner = new Map<string, { id: string; line?: number }>();
  const importedIds = new Set(rows.map((row) => row.id));
  for (const product of existing) {
    if (!importedIds.has(product.id)) codeOwner.set(normalizedProductCode(product.code), { id: product.id });
  }
  for (const row of rows) {
    const code = normalizedProductCode(row.product.code);
    const owner = codeOwner.get(code);
    if (owner !== undefined && owner.id !== row.id) {
      add(row.line, 'code', `duplicate code "${row.product.code}": ${owner.line === undefined ? `product ${owner.id} in the catalogue` : `line ${owner.line}`} has it`);
    } else codeOwner.set(code, { id: row.id, line: row.line });
  }
  return problems;
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
  return new Map((await db.selectFrom('catalogue_categories').select(['id', 'title', 'title_ar', 'state']).execute()).map((c) => [c.id, c]));
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
  for (const row of rows) {
    await pause();
    checks.push(checkRowWithKey(row, categories));
  }
  return checks;
}

export async function importCatalogueRows(db: Database, rows: ImportRows, options: ImportOptions): Promise<ImportOutcome> {
  const outcome = await writeImport(db, rows, options);
  if (outcome.written && keysOf(rows).length >= ANALYZE_AFTER_ROWS) await sql`analyze catalogue_products, catalogue_search_en, catalogue_search_ar, catalogue_search_words, catalogue_facet_sets, catalogue_search_broad_rows, catalogue_search_broad_pairs`.execute(db.kysely);
  return outcome;
}

async function writeImport(db: Database, rows: ImportRows, options: ImportOptions): Promise<ImportOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
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
export async function importRowsIn(trx: Kysely<DatabaseSchema>, rows: ImportRows, options: Pick<ImportOptions, 'dryRun' | 'countUnchanged'>): Promise<ImportOutcome> {
  const checks = await checksOf(rows, await readCategories(trx));
  const { existing, lastPosition } = await productsMet(trx, checks);

  const byLine = new Map<number, RowProblem[]>();
  const checked: CheckedRow[] = [];
  for (const check of checks) {
    if ('problems' in check) byLine.set(check.line, check.problems);
    else checked.push(check.checked);
  }
  for (const [line, problems] of crossProblems(checked, existing)) byLine.set(line, [...(byLine.get(line) ?? []), ...problems]);
  // a withdrawn product's id stays its own (migration 016): written here it would be a second product beside it
  for (const [line, problems] of await archivedProblems(trx, checks)) byLine.set(line, [...(byLine.get(line) ?? []), ...problems]);
  const idOf = new Map(checks.map(({ line, id }) => [line, id]));
  const problems = [...byLine]
    .sort(([a], [b]) => a - b)
    .flatMap(([line, list]) => list.map(({ message }) => `line ${line}${idOf.get(line) ? ` (id ${idOf.get(line)})` : ''}: ${message}`));

  const known = new Set(existing.map((product) => product.id));
  const added = checked.filter((row) => !known.has(row.id)).length;
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
  const writes = problems.length === 0 && !options.dryRun && checked.length > 0;
  // the rows as they would be stored: made only for what needs them (a plain dry run does not)
  const values = writes ? await rowsOf(checked) : undefined;
  const unchanged =
    options.countUnchanged === true ? await countUnchanged(trx, values?.filter((value) => known.has(value.id)) ?? (await rowsOf(checked.filter((row) => known.has(row.id))))) : 0;
  const outcome = { problems, badRows: byLine.size, added, updated: checked.length - added, unchanged, written: false, problemsByLine: byLine };
  if (values === undefined) return outcome;

  // Written a category at a time (their positions are the file's order, given above): a category's new rows, and
  // their search rows, then sit together on disk, so that a listing or a search of one kind of product reads its
  // own pages rather than a few rows from every page (a file that mixes its categories line by line).
  await upsertProducts(trx, [...values].sort((a, b) => (a.category_id < b.category_id ? -1 : a.category_id > b.category_id ? 1 : 0)));
  await upsertBrands(trx, checked);
  await bumpCatalogueVersion(trx);
  return { ...outcome, written: true };
}

/** A JSON value with its objects' keys sorted, as text: jsonb keeps keys in an order of its own. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const UNCHANGED_BATCH = 500;

/** How many of these rows (of existing products) hold exactly what the product holds: read a batch at a time. */
async function countUnchanged(trx: Kysely<DatabaseSchema>, values: readonly NewRow<'catalogue_products'>[]): Promise<number> {
  const pause = pacer();
  let count = 0;
  for (let start = 0; start < values.length; start += UNCHANGED_BATCH) {
    const batch = values.slice(start, start + UNCHANGED_BATCH);
    const stored = await trx
      .selectFrom('catalogue_products')
      .select(['id', 'category_id', 'name', 'name_ar', 'code', 'image', 'company', 'popularity', 'unit', 'details', 'details_ar'])
      .select([sql<string | null>`price::text`.as('price'), sql<string>`to_char(date_added, 'YYYY-MM-DD')`.as('date_added')])
      .where(sql<boolean>`id = any(${sql.val(batch.map((value) => value.id))}::text[])`)
      .execute();
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const value of batch) {
      await pause();
      const row = byId.get(value.id);
      if (row === undefined) continue;
      const same =
        row.category_id === value.category_id &&
        row.name === value.name &&
        row.name_ar === value.name_ar &&
        row.code === value.code &&
        row.image === value.image &&
        (row.company ?? null) === (value.company ?? null) &&
        Number(row.popularity) === Number(value.popularity) &&
        row.unit === value.unit &&
        row.date_added === String(value.date_added) &&
        (row.price === null ? null : Number(row.price)) === (value.price === null || value.price === undefined ? null : Number(value.price)) &&
        canonicalJson(row.details) === canonicalJson(JSON.parse(String(value.details))) &&
        canonicalJson(row.details_ar) === canonicalJson(JSON.parse(String(value.details_ar)));
      if (same) count += 1;
    }
  }
  return count;
}

/** The rows naming a withdrawn (archived) product's id: refused, the product is restored in the editor instead. */
async function archivedProblems(trx: Kysely<DatabaseSchema>, rows: readonly RowKey[]): Promise<Map<number, RowProblem[]>> {
  const ids = [...new Set(rows.map(({ id }) => id))];
  // the withdrawn products are few: each is tested against the file's ids
  const archived = new Set(
    (await trx.selectFrom('catalogue_archived_products').select('id').where(sql<boolean>`id = any(${sql.val(ids)}::text[])`).execute()).map((row) => row.id),
  );
  const problems = new Map<number, RowProblem[]>();
  for (const { line, id } of rows) {
    if (archived.has(id)) problems.set(line, [{ path: ['id'], message: 'this product is archived (withdrawn): restore it in the catalogue editor, or give the row another id' }]);
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
  const last = await trx.selectFrom('catalogue_products').select((eb) => eb.fn.max('position').as('position')).executeTakeFirst();
  return { existing, lastPosition: last?.position ?? 0 };
}

const ROWS_PER_UPSERT = 1_000;

async function upsertProducts(trx: Kysely<DatabaseSchema>, values: readonly NewRow<'catalogue_products'>[]): Promise<void> {
  for (let start = 0; start < values.length; start += ROWS_PER_UPSERT) {
    await trx
      .insertInto('catalogue_products')
      .values(values.slice(start, start + ROWS_PER_UPSERT))
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
      .execute();
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
    await trx.insertInto('catalogue_brands').values(values.slice(start, start + ROWS_PER_UPSERT)).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
}

/** Every product as a file row, in the catalogue's order. */
export async function exportCatalogueRows(db: Kysely<DatabaseSchema>): Promise<CatalogueFileRow[]> {
  return readFileRows(db);
}

const EXPORT_BATCH = 1_000;

/** Every product as file rows, in the catalogue's order, a batch at a time (keyset on the order: each read is short). */
export async function* exportCatalogueBatches(db: Kysely<DatabaseSchema>, batchSize = EXPORT_BATCH): AsyncGenerator<CatalogueFileRow[]> {
  let after: { position: number; id: string } | undefined;
  for (;;) {
    const rows = await readFileRows(db, undefined, { after, limit: batchSize });
    if (rows.length > 0) yield rows.map(({ row }) => row);
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
export async function exportCatalogueFile(db: Kysely<DatabaseSchema>, file: string, format: CatalogueFileFormat, attempts = 3): Promise<{ products: number; version: number }> {
  const versionNow = async () => Number((await db.selectFrom('catalogue_state').select('version').executeTakeFirstOrThrow()).version);
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const before = await versionNow();
    const products = await writeCatalogueFileFrom(file, format, exportCatalogueBatches(db));
    const after = await versionNow();
    if (before === after) return { products, version: after };
  }
  throw new ExportMovedError('The catalogue kept changing during the export (imports or publishes): please try again in a minute.');
}

/** One product as a file row (the editor's content), or undefined when there is no such product. */
export async function exportCatalogueRow(db: Kysely<DatabaseSchema>, id: string): Promise<CatalogueFileRow | undefined> {
  const [row] = await readFileRows(db, id);
  return row;
}

async function readFileRows(db: Kysely<DatabaseSchema>, id?: string): Promise<CatalogueFileRow[]>;
async function readFileRows(
  db: Kysely<DatabaseSchema>,
  id: undefined,
  page: { after: { position: number; id: string } | undefined; limit: number },
): Promise<{ row: CatalogueFileRow; key: { position: number; id: string } }[]>;
async function readFileRows(
  db: Kysely<DatabaseSchema>,
  id?: string,
  page?: { after: { position: number; id: string } | undefined; limit: number },
): Promise<CatalogueFileRow[] | { row: CatalogueFileRow; key: { position: number; id: string } }[]> {
  const after = page?.after;
  const rows = await db
    .selectFrom('catalogue_products')
    .$if(id !== undefined, (qb) => qb.where('id', '=', id ?? ''))
    .$if(after !== undefined, (qb) => qb.where(sql<boolean>`(position, id) > (${after?.position ?? 0}, ${after?.id ?? ''})`))
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
  const fileRows = rows.map((row) => ({
    id: row.id,
    productCategoryId: row.category_id,
    productName: row.name,
    productName_ar: row.name_ar,
    code: row.code,
    company: row.company ?? '',
    price: row.price === null ? '' : String(Number(row.price)),
    unit: row.unit,
    popularity: String(row.popularity),
    dateAdded: row.date_added,
    image: row.image,
    details: JSON.stringify(row.details),
    details_ar: JSON.stringify(row.details_ar),
  }));
  if (page === undefined) return fileRows;
  return fileRows.map((row, index) => ({ row, key: { position: rows[index]!.position, id: rows[index]!.id } }));
}
