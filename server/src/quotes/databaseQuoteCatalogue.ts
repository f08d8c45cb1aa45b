// The quote catalogue over the database: the products one request names, read in one statement when it is sent,
// instead of every product's listing record in both languages held in memory.
import { sql, type Kysely } from 'kysely';
import type { QuoteUnit } from '@site/content/validation';
import { mayBeProductId } from '../catalogue/records.js';
import type { DatabaseSchema } from '../db/index.js';
import { quoteCatalogueOf, type QuoteCatalogue } from './quoteCatalogue.js';

/** The catalogue of the products `productIds` name (the others are unknown to it). */
export function databaseQuoteCatalogue(db: Kysely<DatabaseSchema>): (productIds: readonly string[]) => Promise<QuoteCatalogue> {
  return async (productIds) => {
    const ids = productIds.filter(mayBeProductId); // any other text is no product: the request's check says so
    if (ids.length === 0) return quoteCatalogueOf([]);
    const rows = await db
      .selectFrom('catalogue_products')
      .select(['id', 'code', 'unit', 'name', 'name_ar as nameAr'])
      .where(sql<boolean>`id = any(${sql.val(ids)}::text[])`)
      .execute();
    // the ids not found may be withdrawn products (migration 016): the refusal says so rather than "not a product"
    const missing = ids.filter((id) => !rows.some((row) => row.id === id));
    const withdrawn =
      missing.length === 0
        ? []
        : await db.selectFrom('catalogue_archived_products').select(['id', 'code', 'name']).where(sql<boolean>`id = any(${sql.val(missing)}::text[])`).execute();
    // a unit is one of QuoteUnit's: the seed and the import write only the content schema's units (as records.ts reads them)
    return quoteCatalogueOf(
      rows.map((row) => ({ ...row, unit: row.unit as QuoteUnit })),
      withdrawn,
    );
  };
}
