// The editor's product list: search text, filters, an order and keyset paging. The catalogue's products, the new ones
// (a draft alone) and the archived ones are each read by a select of their own under the same filters, made one list
// (union all); a page is that list in its order from the product past `after` (the keyset: the order's value and the
// id of the last product of the page before), and a second statement counts the list.
import { foldSearchText } from '@site/content/search-text';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  EditorProductPage,
  EditorSort,
  EditorStatus,
  editorListQuerySchema,
} from '@site/contracts/staff-catalogue-api';
import type { z } from 'zod';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { codeKeyOf } from '../searchCondition.js';

export type EditorListFilters = z.output<typeof editorListQuerySchema>;

/** Any Arabic letter: a name without one is not a translation yet (the import's own test of it). */
const ARABIC_LETTER = '[\u0600-\u06FF]';

/** A row of the list, as read. */
interface ListedRow {
  id: string;
  name: string;
  name_ar: string;
  code: string;
  category_id: string;
  company: string | null;
  status: EditorStatus;
  missing_arabic: boolean;
  version: number | string;
  price_low: string | null;
  price_high: string | null;
  sizes: number | string;
  changed_at: Date | string | null;
  changed_by: string | null;
}

/** One kind of product's select: its columns as the list's, its variants, and the filters on its own columns. */
interface Source {
  from: RawBuilder<unknown>;
  id: RawBuilder<string>;
  name: RawBuilder<string>;
  nameAr: RawBuilder<string>;
  code: RawBuilder<string>;
  categoryId: RawBuilder<string>;
  /** The brand line, '' for none. */
  company: RawBuilder<string>;
  status: RawBuilder<string>;
  version: RawBuilder<number>;
  /** Its variants' prices (numeric, null for none) and whether each is published, as a from-item `x(price, published)`. */
  variants: RawBuilder<unknown>;
  /** Its price when it has no variants (a product archived or drafted before variants). */
  ownPrice: RawBuilder<unknown>;
  changedAt: RawBuilder<unknown>;
  changedBy: RawBuilder<unknown>;
  /** A variant whose code or part number key holds `key`; null: not searched. */
  variantHolds: ((key: string) => RawBuilder<boolean>) | null;
  /** Conditions of its own (its status). */
  where: RawBuilder<boolean>[];
}

const LIVE = (status: EditorListFilters['status']): Source => ({
  from: sql`catalogue_products as p left join catalogue_product_edits as e on e.product_id = p.id`,
  id: sql`p.id`,
  name: sql`p.name`,
  nameAr: sql`p.name_ar`,
  code: sql`p.code`,
  categoryId: sql`p.category_id`,
  company: sql`coalesce(p.company, '')`,
  status: sql`case when e.draft is not null then 'draft' else 'published' end`,
  version: sql`coalesce(e.version, 0)`,
  variants: sql`(select v.price, v.published from catalogue_product_variants as v where v.product_id = p.id) as x`,
  ownPrice: sql`p.price`,
  changedAt: sql`coalesce(e.saved_at, p.updated_at)`,
  changedBy: sql`e.saved_by_email`,
  variantHolds: (key) =>
    sql<boolean>`exists (select from catalogue_product_variants as v where v.product_id = p.id and (strpos(v.code_key, ${key}) > 0 or strpos(coalesce(v.mpn_key, ''), ${key}) > 0))`,
  where:
    status === 'published'
      ? [sql<boolean>`e.draft is null`]
      : status === 'draft'
        ? [sql<boolean>`e.draft is not null`]
        : [],
});

/**
 * Products created in the editor and never published: their edits row alone, with a draft, and no row in the
 * catalogue or the archive. Their listing fields are read from the draft (the catalogue file's row); their variants'
 * codes are in the draft only, and are not searched.
 */
const field = (name: string) => sql<string>`coalesce(e.draft->>${name}, '')`;
const NEW: Source = {
  from: sql`catalogue_product_edits as e`,
  id: sql`e.product_id`,
  name: field('productName'),
  nameAr: field('productName_ar'),
  code: field('code'),
  categoryId: field('productCategoryId'),
  company: field('company'),
  status: sql`'new'`,
  version: sql`e.version`,
  variants: sql`(select nullif(d->>'price', '')::numeric as price, coalesce((d->>'published')::boolean, true) as published
    from json_array_elements(coalesce(e.draft->'variants', '[]'::json)) as d) as x`,
  ownPrice: sql`nullif(${field('price')}, '')::numeric`,
  changedAt: sql`e.saved_at`,
  changedBy: sql`e.saved_by_email`,
  variantHolds: null,
  where: [
    sql<boolean>`e.draft is not null`,
    sql<boolean>`not exists (select from catalogue_products as p where p.id = e.product_id)`,
    sql<boolean>`not exists (select from catalogue_archived_products as a where a.id = e.product_id)`,
  ],
};

/** The archived products (withdrawn: their rows are in catalogue_archived_products, migration 016, variants 029). */
const ARCHIVED: Source = {
  from: sql`catalogue_archived_products as a left join catalogue_product_edits as e on e.product_id = a.id`,
  id: sql`a.id`,
  name: sql`a.name`,
  nameAr: sql`a.name_ar`,
  code: sql`a.code`,
  categoryId: sql`a.category_id`,
  company: sql`coalesce(a.product->>'company', '')`,
  status: sql`'archived'`,
  version: sql`coalesce(e.version, 0)`,
  variants: sql`(select v.price, v.published
    from json_populate_recordset(null::catalogue_product_variants, coalesce(a.variants, '[]'::json)) as v) as x`,
  ownPrice: sql`(a.product->>'price')::numeric`,
  changedAt: sql`a.archived_at`,
  changedBy: sql`a.archived_by_email`,
  // the variants' rows as they were archived, their code keys with them
  variantHolds: (key) =>
    sql<boolean>`exists (select from json_populate_recordset(null::catalogue_product_variants, coalesce(a.variants, '[]'::json)) as v
      where strpos(v.code_key, ${key}) > 0 or strpos(coalesce(v.mpn_key, ''), ${key}) > 0)`,
  where: [],
};

/** The kinds of product a status filter lists: without one, the catalogue's and the new ones. */
function sourcesOf(status: EditorListFilters['status']): Source[] {
  if (status === 'archived') return [ARCHIVED];
  if (status === 'new') return [NEW];
  if (status === 'published') return [LIVE(status)];
  return [LIVE(status), NEW];
}

function conditions(source: Source, filters: EditorListFilters): RawBuilder<boolean>[] {
  const { q, category, brand, missingArabic } = filters;
  const where = [...source.where];
  if (category !== undefined) where.push(sql<boolean>`${source.categoryId} = ${category}`);
  const text = q?.trim() ?? '';
  if (text !== '') {
    // strpos, not LIKE: the text is found as it is, '%' and '_' included
    const inText = sql<boolean>`strpos(lower(${source.name} || ' ' || ${source.nameAr} || ' ' || ${source.code}), lower(${text})) > 0`;
    // a variant's code or part number as the public search compares codes (letters and digits, any case)
    const key = codeKeyOf(foldSearchText(text));
    where.push(
      key.length >= 2 && source.variantHolds !== null
        ? sql<boolean>`(${inText} or ${source.variantHolds(key)})`
        : inText,
    );
  }
  // the brand line is the brands joined with ', ': one of them exactly, not a part of a name
  if (brand !== undefined) where.push(sql<boolean>`strpos(', ' || ${source.company} || ', ', ${`, ${brand}, `}) > 0`);
  if (missingArabic === '1') where.push(sql<boolean>`${source.nameAr} !~ ${ARABIC_LETTER}`);
  return where;
}

const whereOf = (where: RawBuilder<boolean>[]) =>
  where.length === 0 ? sql`` : sql`where ${sql.join(where, sql` and `)}`;

/** A kind's matching rows, one column: what the total counts (no variants read). */
const countedSelect = (source: Source, filters: EditorListFilters): RawBuilder<unknown> =>
  sql`select 1 as one from ${source.from} ${whereOf(conditions(source, filters))}`;

/** A kind's rows with the list's columns. */
function listedSelect(source: Source, filters: EditorListFilters): RawBuilder<unknown> {
  return sql`select ${source.id} as id, ${source.name} as name, ${source.nameAr} as name_ar, ${source.code} as code,
      ${source.categoryId} as category_id, nullif(${source.company}, '') as company, ${source.status} as status,
      ${source.nameAr} !~ ${ARABIC_LETTER} as missing_arabic, ${source.version} as version,
      coalesce(prices.low, case when prices.sizes = 0 then ${source.ownPrice} end)::text as price_low,
      coalesce(prices.high, case when prices.sizes = 0 then ${source.ownPrice} end)::text as price_high,
      prices.sizes as sizes, ${source.changedAt} as changed_at, ${source.changedBy} as changed_by
    from ${source.from}
    cross join lateral (select min(x.price) filter (where x.published) as low, max(x.price) filter (where x.published) as high,
      count(*) filter (where x.published)::int as sizes from ${source.variants}) as prices
    ${whereOf(conditions(source, filters))}`;
}

/** The order's value of a listed row `l` (never null: a product without a price comes last either way). */
function sortValue(sort: EditorSort): RawBuilder<unknown> {
  switch (sort) {
    case 'name-asc':
    case 'name-desc':
      return sql`lower(l.name)`;
    case 'code-asc':
    case 'code-desc':
      return sql`lower(l.code)`;
    case 'price-asc':
      return sql`coalesce(l.price_low::numeric, 1e15)`;
    case 'price-desc':
      return sql`coalesce(l.price_high::numeric, -1)`;
    case 'sizes-asc':
    case 'sizes-desc':
      return sql`l.sizes`;
    case 'changed-asc':
    case 'changed-desc':
      return sql`l.changed_at`;
  }
}

export async function listEditorProducts(
  db: Kysely<DatabaseSchema>,
  filters: EditorListFilters,
): Promise<EditorProductPage> {
  const { after, limit, sort } = filters;
  const sources = sourcesOf(filters.status);
  const listed = sql.join(
    sources.map((source) => listedSelect(source, filters)),
    sql` union all `,
  );
  const value = sort === undefined ? sql`l.id` : sortValue(sort);
  const descending = sort?.endsWith('-desc') === true;
  const direction = descending ? sql`desc` : sql`asc`;
  // past the product `after` in the order: a greater (or, descending, smaller) value, or the same and a greater id
  const past =
    after === undefined
      ? sql`true`
      : sort === undefined
        ? sql`l.id > ${after}`
        : sql`(${value} ${descending ? sql`<` : sql`>`} (select ${value} from listed as l where l.id = ${after})
            or (${value} = (select ${value} from listed as l where l.id = ${after}) and l.id > ${after}))`;
  const [page, count] = await Promise.all([
    sql<ListedRow>`with listed as (${listed})
      select l.* from listed as l where ${past} order by ${value} ${direction}, l.id limit ${limit + 1}`.execute(db),
    sql<{ total: number | string }>`select count(*) as total from (${sql.join(
      sources.map((source) => countedSelect(source, filters)),
      sql` union all `,
    )}) as l`.execute(db),
  ]);
  const rows = page.rows.slice(0, limit);
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      nameAr: row.name_ar,
      code: row.code,
      categoryId: row.category_id,
      company: row.company,
      status: row.status,
      missingArabic: row.missing_arabic,
      version: Number(row.version),
      priceLow: row.price_low,
      priceHigh: row.price_high,
      sizes: Number(row.sizes),
      changedAt: row.changed_at === null ? null : new Date(row.changed_at).toISOString(),
      changedBy: row.changed_by,
    })),
    next: page.rows.length > limit ? (rows.at(-1)?.id ?? null) : null,
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/**
 * The ids of the catalogue's products (not the new drafts, nor the archived) the list's filters match, in id order, at
 * most `limit`: a bulk edit's "all results".
 */
export async function catalogueProductIdsOf(
  db: Kysely<DatabaseSchema>,
  filters: Omit<EditorListFilters, 'after' | 'limit' | 'sort'>,
  limit: number,
): Promise<string[]> {
  const source = LIVE(filters.status);
  const { rows } = await sql<{ id: string }>`select ${source.id} as id from ${source.from}
    ${whereOf(conditions(source, { ...filters, limit }))} order by 1 limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}
