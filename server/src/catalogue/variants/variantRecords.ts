// A product's variants as the answers carry them (productVariantSchema): the label and table row in the answer's
// language, the price as a number, in the product's order; published ones only, unless asked (the look-up's withdrawn).
import type { ProductVariant } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, Row } from '../../platform/db/index.js';

/** A variant's row as the reads select it (no keys, no timestamp). */
export type VariantRow = Pick<
  Row<'catalogue_product_variants'>,
  | 'product_id'
  | 'position'
  | 'code'
  | 'mpn'
  | 'label'
  | 'label_ar'
  | 'row'
  | 'row_ar'
  | 'price'
  | 'unit'
  | 'pack_quantity'
  | 'price_breaks'
  | 'minimum_order'
  | 'published'
>;

const VARIANT_COLUMNS = [
  'product_id',
  'position',
  'code',
  'mpn',
  'label',
  'label_ar',
  'row',
  'row_ar',
  'price',
  'unit',
  'pack_quantity',
  'price_breaks',
  'minimum_order',
  'published',
] as const;

/** A variant's answer in `locale`, its keys in the schema's order. */
export function variantRecord(row: VariantRow, locale: Locale): ProductVariant {
  const record: Record<string, unknown> = { code: row.code };
  if (row.mpn !== null) record.mpn = row.mpn;
  record.label = locale === 'ar' ? row.label_ar : row.label;
  const tableRow = locale === 'ar' ? (row.row_ar ?? row.row) : row.row;
  if (tableRow !== null) record.row = tableRow;
  if (row.price !== null) record.price = Number(row.price);
  record.unit = row.unit;
  if (row.pack_quantity !== null) record.packQuantity = row.pack_quantity;
  if (row.minimum_order !== null) record.minimumOrder = row.minimum_order;
  if (row.price_breaks !== null && row.price_breaks.length > 0) record.priceBreaks = row.price_breaks;
  return record as ProductVariant;
}

/** The column of a labels-only table: its header in each edition. */
const OPTION_COLUMN = { id: 'option', name: { en: 'Option', ar: 'الخيار' } } as const;

/**
 * A product of several sizes whose variants carry labels but no table rows (a file's line with a row per size and no
 * table columns): its table is their labels, one column, so that every size is listed, chosen and ordered on its page
 * (without a table the page offered the first size only). A product with table rows, or one size, gets none. Reads only.
 */
export function labelTableOf(
  variants: readonly ProductVariant[],
  locale: Locale,
): { columns: [[{ id: string; name: string }]]; rows: Record<string, string>[] } | undefined {
  if (variants.length < 2 || variants.some((variant) => variant.row !== undefined)) return undefined;
  const rows = variants.map((variant) => ({ [OPTION_COLUMN.id]: variant.label || variant.code }));
  return { columns: [[{ id: OPTION_COLUMN.id, name: OPTION_COLUMN.name[locale] }]], rows };
}

/** The published variants of `productId`, in its order. */
export async function publishedVariants(db: Kysely<DatabaseSchema>, productId: string): Promise<VariantRow[]> {
  return db
    .selectFrom('catalogue_product_variants')
    .select(VARIANT_COLUMNS)
    .where('product_id', '=', productId)
    .where('published', '=', true)
    .orderBy('position')
    .execute();
}

/** The published variants of the products `productIds`, each product's in its order (the (product_id, position) index). */
export async function publishedVariantsOfProducts(
  db: Kysely<DatabaseSchema>,
  productIds: readonly string[],
): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('catalogue_product_variants')
    .select(VARIANT_COLUMNS)
    .where(sql<boolean>`product_id = any(${sql.val([...productIds])}::text[])`)
    .where('published', '=', true)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

/**
 * Of the products `productIds`, those whose published variants are not all priced alike (two prices, or a price and
 * one on request), in the order of `productIds`: a card shows such a product's price (its lowest, decision 034) as
 * 'from AED 12', as the product page and the comparison do (mfe-catalogue's variantsPrice).
 */
export async function pricedFromOf(db: Kysely<DatabaseSchema>, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('catalogue_product_variants')
    .select('product_id')
    .where(sql<boolean>`product_id = any(${sql.val([...productIds])}::text[])`)
    .where('published', '=', true)
    .groupBy('product_id')
    .having(sql<boolean>`count(distinct price) > 1 or (count(price) > 0 and count(price) < count(*))`)
    .execute();
  const found = new Set(rows.map((row) => row.product_id));
  return productIds.filter((id) => found.has(id));
}

/** Every variant (published or not) whose code has the letters and digits of one of `letters`, by its unique index. */
export async function variantsWithKeys(db: Kysely<DatabaseSchema>, letters: readonly string[]): Promise<VariantRow[]> {
  if (letters.length === 0) return [];
  return db
    .selectFrom('catalogue_product_variants')
    .select(VARIANT_COLUMNS)
    .where(sql<boolean>`code_key = any(${sql.val([...letters])}::text[])`)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}
