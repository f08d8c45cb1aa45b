// The quote catalogue over the database: the products one request names, with their variants, read when it is sent,
// instead of every product's listing record in both languages held in memory.
import { sql, type Kysely } from 'kysely';
import type { QuoteUnit } from '@site/content/validation';
import { mayBeProductId } from '../catalogue/index.js';
import type { DatabaseSchema } from '../platform/db/index.js';
import { quoteCatalogueOf, type QuoteCatalogue, type QuoteVariant } from './quoteCatalogue.js';

interface VariantRow {
  product_id: string;
  code: string;
  label: string;
  label_ar: string;
  unit: string;
  published: boolean;
}

/** The variants of the products `ids` (migration 029), by product, in each product's order. */
async function variantsOf(db: Kysely<DatabaseSchema>, ids: readonly string[]): Promise<Map<string, VariantRow[]>> {
  const rows = await db
    .selectFrom('catalogue_product_variants')
    .select(['product_id', 'code', 'label', 'label_ar', 'unit', 'published'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  const byProduct = new Map<string, VariantRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  return byProduct;
}

// a unit is one of QuoteUnit's: the seed, the import and the variants' writer write only the content schema's units
const variantOf = (row: VariantRow): QuoteVariant => ({ code: row.code, label: row.label, labelAr: row.label_ar, unit: row.unit as QuoteUnit });

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
    const live = rows.filter((row) => !row.withdrawn);
    const variants = live.length === 0 ? new Map<string, VariantRow[]>() : await variantsOf(db, live.map((row) => row.id));
    return quoteCatalogueOf(
      live.map(({ withdrawn: _live, ...row }) => {
        const own = variants.get(row.id) ?? [];
        return {
          ...row,
          unit: row.unit as QuoteUnit,
          variants: own.filter((variant) => variant.published).map(variantOf),
          withdrawnCodes: own.filter((variant) => !variant.published).map((variant) => variant.code),
        };
      }),
      rows.filter((row) => row.withdrawn).map(({ id, code, name }) => ({ id, code, name })),
    );
  };
}
