// The editor's product list: search text, filters and keyset paging by id (each page read through the primary key's
// order from the last id seen, so page 2,000 costs what page 1 does; nothing counts the whole catalogue).
import { sql, type Kysely } from 'kysely';
import type { EditorProductPage, EditorStatus, editorListQuerySchema } from '@site/contracts/staff-catalogue-api';
import type { z } from 'zod';
import type { DatabaseSchema } from '../../platform/db/index.js';

export type EditorListFilters = z.output<typeof editorListQuerySchema>;

/** An Arabic name without one Arabic letter is not a translation yet (the import's own test of it). */
const MISSING_ARABIC = sql<boolean>`p.name_ar !~ '[\u0600-\u06FF]'`;

/** A row of either list, as read. */
interface ListedRow {
  id: string;
  name: string;
  name_ar: string;
  code: string;
  category_id: string;
  company: string | null;
  missing_arabic: boolean;
  version: number | string;
}

/** A page of `limit` rows from `limit + 1` read: the extra one only says whether there is a next page. */
function pageOf<Row extends ListedRow>(
  rows: readonly Row[],
  limit: number,
  statusOf: (row: Row) => EditorStatus,
): EditorProductPage {
  const page = rows.slice(0, limit);
  return {
    products: page.map((row) => ({
      id: row.id,
      name: row.name,
      nameAr: row.name_ar,
      code: row.code,
      categoryId: row.category_id,
      company: row.company,
      status: statusOf(row),
      missingArabic: row.missing_arabic,
      version: Number(row.version),
    })),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function listEditorProducts(
  db: Kysely<DatabaseSchema>,
  filters: EditorListFilters,
): Promise<EditorProductPage> {
  if (filters.status === 'archived') return listArchivedProducts(db, filters);
  // two walks by id from `after`, each stopping at the page, merged: the catalogue's products and the new ones
  const [live, created] = await Promise.all([
    filters.status === 'new' ? [] : listLiveProducts(db, filters),
    filters.status === 'published' ? [] : listNewProducts(db, filters),
  ]);
  const rows = [...live, ...created]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, filters.limit + 1);
  return pageOf(rows, filters.limit, (row) => row.status);
}

async function listLiveProducts(
  db: Kysely<DatabaseSchema>,
  filters: EditorListFilters,
): Promise<(ListedRow & { status: EditorStatus })[]> {
  const { q, category, brand, status, missingArabic, after, limit } = filters;
  const rows = await db
    .selectFrom('catalogue_products as p')
    .leftJoin('catalogue_product_edits as e', 'e.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.name_ar',
      'p.code',
      'p.category_id',
      'p.company',
      sql<number>`coalesce(e.version, 0)`.as('version'),
      sql<boolean>`e.draft is not null`.as('has_draft'),
      MISSING_ARABIC.as('missing_arabic'),
    ])
    .$if(after !== undefined, (qb) => qb.where('p.id', '>', after ?? ''))
    .$if(category !== undefined, (qb) => qb.where('p.category_id', '=', category ?? ''))
    // strpos, not LIKE: the text is found as it is, '%' and '_' included
    .$if(q !== undefined && q.trim() !== '', (qb) =>
      qb.where(
        sql<number>`strpos(lower(p.name || ' ' || p.name_ar || ' ' || p.code), lower(${q?.trim() ?? ''}))`,
        '>',
        0,
      ),
    )
    // the brand line is the brands joined with ', ': one of them exactly, not a part of a name
    .$if(brand !== undefined, (qb) =>
      qb.where(sql<number>`strpos(', ' || p.company || ', ', ${`, ${brand ?? ''}, `})`, '>', 0),
    )
    .$if(status === 'draft', (qb) => qb.where(sql<boolean>`e.draft is not null`))
    .$if(status === 'published', (qb) => qb.where(sql<boolean>`e.draft is null`))
    .$if(missingArabic === '1', (qb) => qb.where(MISSING_ARABIC))
    .orderBy('p.id')
    .limit(limit + 1)
    .execute();
  return rows.map((row) => ({ ...row, status: row.has_draft ? 'draft' : 'published' }));
}

/**
 * Products created in the editor and never published: their edits row alone, with a draft, and no row in the
 * catalogue or the archive. Their listing fields are read from the draft (the catalogue file's row), under the same
 * filters; the walk is the edits table's primary key from `after`.
 */
async function listNewProducts(
  db: Kysely<DatabaseSchema>,
  filters: EditorListFilters,
): Promise<(ListedRow & { status: EditorStatus })[]> {
  const { q, category, brand, missingArabic, after, limit } = filters;
  const field = (name: string) => sql<string>`coalesce(e.draft->>${name}, '')`;
  const company = sql<string>`coalesce(e.draft->>'company', '')`;
  const missing = sql<boolean>`${field('productName_ar')} !~ '[\u0600-\u06FF]'`;
  const rows = await db
    .selectFrom('catalogue_product_edits as e')
    .select([
      'e.product_id as id',
      field('productName').as('name'),
      field('productName_ar').as('name_ar'),
      field('code').as('code'),
      field('productCategoryId').as('category_id'),
      sql<string | null>`nullif(${company}, '')`.as('company'),
      'e.version',
      missing.as('missing_arabic'),
    ])
    .where('e.draft', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('catalogue_products as p').select('p.id').whereRef('p.id', '=', 'e.product_id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('catalogue_archived_products as a').select('a.id').whereRef('a.id', '=', 'e.product_id'))),
    )
    .$if(after !== undefined, (qb) => qb.where('e.product_id', '>', after ?? ''))
    .$if(category !== undefined, (qb) => qb.where(field('productCategoryId'), '=', category ?? ''))
    .$if(q !== undefined && q.trim() !== '', (qb) =>
      qb.where(
        sql<number>`strpos(lower(${field('productName')} || ' ' || ${field('productName_ar')} || ' ' || ${field('code')}), lower(${q?.trim() ?? ''}))`,
        '>',
        0,
      ),
    )
    .$if(brand !== undefined, (qb) =>
      qb.where(sql<number>`strpos(', ' || ${company} || ', ', ${`, ${brand ?? ''}, `})`, '>', 0),
    )
    .$if(missingArabic === '1', (qb) => qb.where(missing))
    .orderBy('e.product_id')
    .limit(limit + 1)
    .execute();
  return rows.map((row) => ({ ...row, status: 'new' }));
}

/**
 * The archived products (withdrawn: their rows are in catalogue_archived_products, migration 016), under the same
 * filters and keyset paging as the catalogue's; the unfiltered list is the catalogue's own products.
 */
async function listArchivedProducts(
  db: Kysely<DatabaseSchema>,
  filters: EditorListFilters,
): Promise<EditorProductPage> {
  const { q, category, brand, missingArabic, after, limit } = filters;
  const missing = sql<boolean>`a.name_ar !~ '[\u0600-\u06FF]'`;
  const company = sql<string | null>`a.product->>'company'`;
  const rows = await db
    .selectFrom('catalogue_archived_products as a')
    .leftJoin('catalogue_product_edits as e', 'e.product_id', 'a.id')
    .select([
      'a.id',
      'a.name',
      'a.name_ar',
      'a.code',
      'a.category_id',
      company.as('company'),
      sql<number>`coalesce(e.version, 0)`.as('version'),
      missing.as('missing_arabic'),
    ])
    .$if(after !== undefined, (qb) => qb.where('a.id', '>', after ?? ''))
    .$if(category !== undefined, (qb) => qb.where('a.category_id', '=', category ?? ''))
    .$if(q !== undefined && q.trim() !== '', (qb) =>
      qb.where(
        sql<number>`strpos(lower(a.name || ' ' || a.name_ar || ' ' || a.code), lower(${q?.trim() ?? ''}))`,
        '>',
        0,
      ),
    )
    .$if(brand !== undefined, (qb) =>
      qb.where(sql<number>`strpos(', ' || coalesce(${company}, '') || ', ', ${`, ${brand ?? ''}, `})`, '>', 0),
    )
    .$if(missingArabic === '1', (qb) => qb.where(missing))
    .orderBy('a.id')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, () => 'archived');
}
