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

/** What a product's card says of its price (cardPricesOf). */
export interface CardPrices {
  /**
   * Of the products asked, in their order, those whose card says 'from': their published variants are not all priced
   * alike (two prices, or a price and one on request: decision 034), or a size has quantity breaks (decision 043).
   */
  priceFrom: string[];
  /**
   * Each product's lowest price a buyer can get: the lowest price at 1 or break of its published, priced variants (a
   * break's price is never above its variant's price at 1). Absent: every size is on request.
   */
  lowest: Map<string, number>;
}

/**
 * The cards' prices of the products `productIds` (the listing's and the search page's): one read of their published
 * variants (at most a page of products, the (product_id, position) index), each product's lowest price with its breaks
 * and whether it is a 'from' price. The JSON breaks are read here, not in SQL: the same code on PGlite and PostgreSQL.
 */
export async function cardPricesOf(db: Kysely<DatabaseSchema>, productIds: readonly string[]): Promise<CardPrices> {
  const byProduct = new Map<string, VariantRow[]>();
  for (const row of await publishedVariantsOfProducts(db, productIds)) {
    const rows = byProduct.get(row.product_id);
    if (rows === undefined) byProduct.set(row.product_id, [row]);
    else rows.push(row);
  }
  const priceFrom: string[] = [];
  const lowest = new Map<string, number>();
  for (const id of productIds) {
    const rows = byProduct.get(id) ?? [];
    const priced = rows.filter((row) => row.price !== null);
    const atOne = new Set(priced.map((row) => Number(row.price)));
    const breaks = priced.flatMap((row) => (row.price_breaks ?? []).map((item) => Number(item.price)));
    if (atOne.size > 1 || (priced.length > 0 && priced.length < rows.length) || breaks.length > 0) priceFrom.push(id);
    if (priced.length > 0) lowest.set(id, Math.min(...atOne, ...breaks));
  }
  return { priceFrom, lowest };
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
