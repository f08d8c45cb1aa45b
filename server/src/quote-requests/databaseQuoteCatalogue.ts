// The quote catalogue over the database: the products one request names, with their variants, read in one statement
// when it is sent, instead of every product's listing record in both languages held in memory.
import { sql, type Kysely } from 'kysely';
import type { QuoteUnit } from '@site/content/validation';
import { mayBeProductId } from '../catalogue/index.js';
import type { DatabaseSchema } from '../platform/db/index.js';
import { quoteCatalogueOf, type QuoteCatalogue, type QuoteVariant } from './quoteCatalogue.js';

/** A variant as the statement gives it (migration 029's row, in its product's order). */
type VariantCell = Omit<QuoteVariant, 'unit'> & { unit: string; published: boolean };

interface ProductRow {
  id: string;
  code: string;
  unit: string;
  name: string;
  nameAr: string;
  withdrawn: boolean;
  /** The product's variants (null for a withdrawn product: archived with it). */
  variants: VariantCell[] | null;
}

/** The catalogue of the products `productIds` name (the others are unknown to it). */
export function databaseQuoteCatalogue(
  db: Kysely<DatabaseSchema>,
): (productIds: readonly string[]) => Promise<QuoteCatalogue> {
  return async (productIds) => {
    const ids = productIds.filter(mayBeProductId); // any other text is no product: the request's check says so
    if (ids.length === 0) return quoteCatalogueOf([]);
    // one statement: the products named with their variants, and those of them withdrawn (migration 016), so the
    // refusal can say so rather than "not a product"
    const { rows } = await sql<ProductRow>`
      select p.id, p.code, p.unit, p.name, p.name_ar as "nameAr", false as withdrawn,
        (select json_agg(json_build_object('code', v.code, 'label', v.label, 'labelAr', v.label_ar, 'unit', v.unit, 'published', v.published) order by v.position)
           from catalogue_product_variants v where v.product_id = p.id) as variants
        from catalogue_products p where p.id = any(${sql.val(ids)}::text[])
      union all
      select id, code, '' as unit, name, name_ar as "nameAr", true as withdrawn, null as variants from catalogue_archived_products where id = any(${sql.val(ids)}::text[])
    `.execute(db);
    // a unit is one of QuoteUnit's: the seed, the import and the variants' writer write only the content schema's units
    const variantOf = ({ code, label, labelAr, unit }: VariantCell): QuoteVariant => ({
      code,
      label,
      labelAr,
      unit: unit as QuoteUnit,
    });
    return quoteCatalogueOf(
      rows
        .filter((row) => !row.withdrawn)
        .map(({ withdrawn: _live, variants, ...row }) => ({
          ...row,
          unit: row.unit as QuoteUnit,
          variants: (variants ?? []).filter((variant) => variant.published).map(variantOf),
          withdrawnCodes: (variants ?? []).filter((variant) => !variant.published).map((variant) => variant.code),
        })),
      rows.filter((row) => row.withdrawn).map(({ id, code, name }) => ({ id, code, name })),
    );
  };
}
