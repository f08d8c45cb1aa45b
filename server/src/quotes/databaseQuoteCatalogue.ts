// The quote catalogue over the database: the products one request names, read in one statement when it is sent,
// instead of every product's listing record in both languages held in memory.
import { sql, type Kysely } from 'kysely';
import type { QuoteUnit } from '@site/content/validation';
import { mayBeProductId } from '../catalogue/index.js';
import type { DatabaseSchema } from '../platform/db/index.js';
import { quoteCatalogueOf, type QuoteCatalogue } from './quoteCatalogue.js';

/** The catalogue of the products `productIds` name (the others are unknown to it). */
export function databaseQuoteCatalogue(db: Kysely<DatabaseSchema>): (productIds: readonly string[]) => Promise<QuoteCatalogue> {
  return async (productIds) => {
    const ids = productIds.filter(mayBeProductId); // any other text is no product: the request's check says so
    if (ids.length === 0) return quoteCatalogueOf([]);
    // one statement: the products named, and those of them withdrawn (migration 016), so the refusal can say so
    // rather than "not a product"
    const { rows } = await sql<{ id: string; code: string; unit: string; name: string; nameAr: string; withdrawn: boolean }>`
      select id, code, unit, name, name_ar as "nameAr", false as withdrawn from catalogue_products where id = any(${sql.val(ids)}::text[])
      union all
      select id, code, '' as unit, name, name_ar as "nameAr", true as withdrawn from catalogue_archived_products where id = any(${sql.val(ids)}::text[])
    `.execute(db);
    // a unit is one of QuoteUnit's: the seed and the import write only the content schema's units (as records.ts reads them)
    return quoteCatalogueOf(
      rows.filter((row) => !row.withdrawn).map(({ withdrawn: _live, ...row }) => ({ ...row, unit: row.unit as QuoteUnit })),
      rows.filter((row) => row.withdrawn).map(({ id, code, name }) => ({ id, code, name })),
    );
  };
}
