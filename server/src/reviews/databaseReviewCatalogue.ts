// The review routes' catalogue over the database: a query per question (does this product exist, its seed reviews),
// instead of every product's detail record held in memory. The seed reviews' sums, which every rating needs, are read
// in one aggregate and kept per catalogue version: a few numbers per reviewed product, not its record.
import { sql, type Kysely } from 'kysely';
import type { ProductDetail } from '@site/content';
import { type DatabaseCatalogueFeed, mayBeProductId } from '../catalogue/index.js';
import type { DatabaseSchema } from '../platform/db/index.js';
import { seedReviewsOf, type ReviewCatalogue, type SeedTotal } from './productCatalogue.js';

/** Every product with seed reviews (English details, as the records' catalogue reads them), in the catalogue's order. */
async function readSeedTotals(db: Kysely<DatabaseSchema>): Promise<ReadonlyMap<string, SeedTotal>> {
  const reviews = sql`catalogue_products.details -> 'customerReviews'`;
  const { rows } = await sql<{ id: string; count: number; stars: number }>`
    select catalogue_products.id, count(*)::int as count, sum((review ->> 'stars')::float8) as stars
    from catalogue_products
    cross join lateral json_array_elements(case when json_typeof(${reviews}) = 'array' then ${reviews} else '[]'::json end) as review
    group by catalogue_products.id, catalogue_products.position
    order by catalogue_products.position, catalogue_products.id`.execute(db);
  return new Map(rows.map(({ id, count, stars }) => [id, { count: Number(count), stars: Number(stars) }]));
}

export function databaseReviewCatalogue(
  db: Kysely<DatabaseSchema>,
  feed: Pick<DatabaseCatalogueFeed, 'perVersion'>,
): ReviewCatalogue {
  const products = () => db.selectFrom('catalogue_products');
  return {
    has: async (productId) =>
      mayBeProductId(productId) &&
      (await products().select('id').where('id', '=', productId).executeTakeFirst()) !== undefined,
    withdrawn: async (productId) =>
      mayBeProductId(productId) &&
      (await db
        .selectFrom('catalogue_archived_products')
        .select('id')
        .where('id', '=', productId)
        .executeTakeFirst()) !== undefined,
    seedReviews: async (productId) => {
      if (!mayBeProductId(productId)) return [];
      const row = await products()
        .select(sql<ProductDetail['customerReviews'] | null>`details -> 'customerReviews'`.as('reviews'))
        .where('id', '=', productId)
        .executeTakeFirst();
      return seedReviewsOf(row?.reviews);
    },
    known: async (productIds) => {
      const ids = productIds.filter(mayBeProductId);
      if (ids.length === 0) return new Set();
      const rows = await products()
        .select('id')
        .where(sql<boolean>`id = any(${sql.val(ids)}::text[])`)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
    seedTotals: feed.perVersion(() => readSeedTotals(db)),
  };
}
