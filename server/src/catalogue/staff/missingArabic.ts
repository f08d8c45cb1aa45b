// The report of what still lacks Arabic: each category's own texts, how many of its products lack some, and those
// products a page at a time. A product lacks Arabic when its Arabic name has no Arabic letter (the editor list's
// "missing Arabic") or its Arabic details have none (an English copy). Both reads go through migration 021's partial
// index, whose condition is MISSING below, word for word: the counts and each keyset page read the products lacking
// Arabic only, never the catalogue's texts.
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { MissingArabicReport, missingArabicQuerySchema } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../platform/db/index.js';

export type MissingArabicFilters = z.output<typeof missingArabicQuerySchema>;

const NAME_MISSING = sql<boolean>`name_ar !~ '[\u0600-\u06FF]'`;
const DETAILS_MISSING = sql<boolean>`details_ar::text !~ '[\u0600-\u06FF]'`;
/** migration 021's index condition. */
const MISSING = sql<boolean>`(name_ar !~ '[\u0600-\u06FF]' or details_ar::text !~ '[\u0600-\u06FF]')`;
const TEXT_MISSING = (column: 'title_ar' | 'info_ar') => sql<boolean>`${sql.ref(column)} !~ '[\u0600-\u06FF]'`;

export async function missingArabicReport(
  db: Kysely<DatabaseSchema>,
  { category, after, limit }: MissingArabicFilters,
): Promise<MissingArabicReport> {
  const [categories, counts, rows] = await Promise.all([
    db
      .selectFrom('catalogue_categories')
      .select([
        'id',
        'title',
        'title_ar',
        TEXT_MISSING('title_ar').as('title_missing'),
        TEXT_MISSING('info_ar').as('info_missing'),
      ])
      // an archived category's texts are nowhere on the site: nothing to translate (a draft's will be)
      .where('state', '!=', 'archived')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('catalogue_products')
      .select(['category_id', sql<string>`count(*)`.as('n')])
      .where(MISSING)
      .groupBy('category_id')
      .execute(),
    db
      .selectFrom('catalogue_products')
      .select([
        'id',
        'name',
        'name_ar',
        'category_id',
        NAME_MISSING.as('name_missing'),
        DETAILS_MISSING.as('details_missing'),
      ])
      .where(MISSING)
      .$if(category !== undefined, (qb) => qb.where('category_id', '=', category ?? ''))
      .$if(after !== undefined, (qb) => {
        const [afterCategory = '', afterId = ''] = (after ?? '').split('/');
        return qb.where(sql<boolean>`(category_id, id) > (${afterCategory}, ${afterId})`);
      })
      .orderBy('category_id')
      .orderBy('id')
      .limit(limit + 1)
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    categories: categories.map((row) => ({
      id: row.id,
      title: row.title,
      titleAr: row.title_ar,
      fields: [
        ...(row.title_missing ? (['title_ar'] as const) : []),
        ...(row.info_missing ? (['info_ar'] as const) : []),
      ],
      products: countOf.get(row.id) ?? 0,
    })),
    total: category === undefined ? counts.reduce((sum, row) => sum + Number(row.n), 0) : (countOf.get(category) ?? 0),
    products: page.map((row) => ({
      id: row.id,
      name: row.name,
      nameAr: row.name_ar,
      categoryId: row.category_id,
      fields: [
        ...(row.name_missing ? (['productName_ar'] as const) : []),
        ...(row.details_missing ? (['details_ar'] as const) : []),
      ],
    })),
    next: rows.length > limit && last !== undefined ? `${last.category_id}/${last.id}` : null,
  };
}
