// The specification filters' values of products written before the filters existed (migration 010 adds the column
// empty): computed from each product's English details, as the seed and the import compute them for what they write.
import { productFilterValues } from '@site/content/filter-values';
import type { Database } from '../platform/db/index.js';

const ROWS_PER_ROUND = 500;

/** Fills every product's filter values still null; the number of products filled. */
export async function fillMissingFilterValues(db: Database): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.kysely
      .selectFrom('catalogue_products')
      .select(['id', 'details'])
      .where('filter_values', 'is', null)
      .limit(ROWS_PER_ROUND)
      .execute();
    if (rows.length === 0) return filled;
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of rows) {
        const values = productFilterValues(row.details);
        await trx.updateTable('catalogue_products').set({ filter_values: values }).where('id', '=', row.id).execute();
      }
    });
    filled += rows.length;
  }
}
