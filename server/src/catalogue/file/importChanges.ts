// What an import's rows change of the products they name, for its dry run's report: each changed column of a product
// (on its first row), and each variant's changed columns by its code ("HEX-CW-25: price 14 → 15"), new, withdrawn and
// removed variants too; and how many products the file leaves exactly as they are. Read a batch of products at a time.
import { priceBreaksText } from '@site/content/price-breaks';
import { normalizedProductCode } from '@site/content/validation';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, NewRow } from '../../platform/db/index.js';
import type { VariantInput } from '../variants/variantStore.js';
import { pacer } from './pacer.js';
import { relatedChanges, withoutRelated } from '../related/relatedColumns.js';
import type { ProductGroup } from './productGroups.js';

/** A change the import makes, on the line that makes it. */
export interface ImportChange {
  line: number;
  id: string;
  change: string;
}

/** A JSON value with its objects' keys sorted, as text: jsonb keeps keys in an order of its own. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const BATCH = 500;

/** A value as the report shows it: text quoted, none as "none". */
const shown = (value: string | number | boolean | null | undefined): string =>
  value === null || value === undefined || value === ''
    ? 'none'
    : typeof value === 'string'
      ? `"${value}"`
      : String(value);

type StoredProduct = {
  id: string;
  category_id: string;
  name: string;
  name_ar: string;
  image: string;
  company: string | null;
  popularity: number;
  unit: string;
  date_added: string;
  details: unknown;
  details_ar: unknown;
};
type StoredVariant = {
  product_id: string;
  position: number;
  code: string;
  mpn: string | null;
  label: string;
  label_ar: string;
  row: unknown;
  row_ar: unknown;
  price: string | null;
  unit: string;
  pack_quantity: number | null;
  price_breaks: { quantity: number; price: string }[] | null;
  minimum_order: number | null;
  published: boolean;
};

/** The product's own columns that differ ("productName \"A\" → \"B\"", "details changed"). */
function productChanges(stored: StoredProduct, value: NewRow<'catalogue_products'>): string[] {
  const changes: string[] = [];
  const simple: [string, string | number | null, string | number | null][] = [
    ['productCategoryId', stored.category_id, value.category_id],
    ['productName', stored.name, value.name],
    ['productName_ar', stored.name_ar, value.name_ar],
    ['company', stored.company ?? null, value.company ?? null],
    ['popularity', Number(stored.popularity), Number(value.popularity)],
    ['dateAdded', stored.date_added, String(value.date_added)],
    ['image', stored.image, value.image],
  ];
  for (const [column, before, after] of simple)
    if (before !== after) changes.push(`${column} ${shown(before)} → ${shown(after)}`);
  // the links are said by their columns and codes (related/relatedColumns.ts), the rest of the document as a whole
  const details: unknown = JSON.parse(String(value.details));
  if (canonicalJson(withoutRelated(stored.details)) !== canonicalJson(withoutRelated(details)))
    changes.push('details changed');
  changes.push(...relatedChanges(stored.details, details));
  if (canonicalJson(stored.details_ar) !== canonicalJson(JSON.parse(String(value.details_ar))))
    changes.push('details_ar changed');
  return changes;
}

/** One variant's columns that differ, as the file names them. */
function variantFieldChanges(stored: StoredVariant, variant: VariantInput, position: number): string[] {
  const price = stored.price === null ? null : Number(stored.price);
  const fields: [string, string | number | boolean | null, string | number | boolean | null][] = [
    ['code', stored.code, variant.code],
    ['mpn', stored.mpn, variant.mpn ?? null],
    ['variantLabel', stored.label, variant.label],
    ['variantLabel_ar', stored.label_ar, variant.labelAr],
    ['price', price, variant.price ?? null],
    ['unit', stored.unit, variant.unit],
    ['packQuantity', stored.pack_quantity, variant.packQuantity ?? null],
    ['minimumOrder', stored.minimum_order, variant.minimumOrder ?? null],
    [
      'priceBreaks',
      priceBreaksText(stored.price_breaks ?? []) || null,
      priceBreaksText(variant.priceBreaks ?? []) || null,
    ],
    ['position', stored.position, position],
  ];
  const changes = fields
    .filter(([, before, after]) => before !== after)
    .map(([column, before, after]) => `${column} ${shown(before)} → ${shown(after)}`);
  if (canonicalJson(stored.row) !== canonicalJson(variant.row ?? null)) changes.push('variantRow changed');
  if (canonicalJson(stored.row_ar) !== canonicalJson(variant.rowAr ?? variant.row ?? null))
    changes.push('variantRow_ar changed');
  if (stored.published !== (variant.published !== false))
    changes.push(stored.published ? 'withdrawn (published yes → no)' : 'published again (published no → yes)');
  return changes;
}

/** Every change of one product's variants, on the lines of their rows (a removed one on the product's first). */
function variantChanges(group: ProductGroup, stored: readonly StoredVariant[]): ImportChange[] {
  const id = group.first.id;
  const byKey = new Map(stored.map((variant) => [normalizedProductCode(variant.code), variant]));
  const changes: ImportChange[] = [];
  group.variants.forEach((variant, index) => {
    const line = group.lines[index]!;
    const before = byKey.get(normalizedProductCode(variant.code));
    byKey.delete(normalizedProductCode(variant.code));
    if (before === undefined)
      changes.push({
        line,
        id,
        change: `${variant.code}: new variant${variant.published === false ? ' (not published)' : ''}`,
      });
    else
      for (const change of variantFieldChanges(before, variant, index + 1))
        changes.push({ line, id, change: `${variant.code}: ${change}` });
  });
  for (const gone of byKey.values())
    changes.push({ line: group.lines[0]!, id, change: `${gone.code}: removed (the file has no row for this variant)` });
  return changes;
}

async function readStored(trx: Kysely<DatabaseSchema>, ids: readonly string[]) {
  const products = await trx
    .selectFrom('catalogue_products')
    .select(['id', 'category_id', 'name', 'name_ar', 'image', 'company', 'popularity', 'unit', 'details', 'details_ar'])
    .select(sql<string>`to_char(date_added, 'YYYY-MM-DD')`.as('date_added'))
    .where(sql<boolean>`id = any(${sql.val(ids)}::text[])`)
    .execute();
  const variants = await trx
    .selectFrom('catalogue_product_variants')
    .select([
      'product_id',
      'position',
      'code',
      'mpn',
      'label',
      'label_ar',
      'row',
      'row_ar',
      'unit',
      'pack_quantity',
      'price_breaks',
      'minimum_order',
      'published',
    ])
    .select(sql<string | null>`price::text`.as('price'))
    .where(sql<boolean>`product_id = any(${sql.val(ids)}::text[])`)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  const variantsOf = new Map<string, StoredVariant[]>();
  for (const variant of variants)
    variantsOf.set(variant.product_id, [...(variantsOf.get(variant.product_id) ?? []), variant]);
  return { products: new Map(products.map((row) => [row.id, row as StoredProduct])), variantsOf };
}

/**
 * The existing products' rows (`values`, made from `groups`, in one order) compared with what they hold: how many are
 * unchanged, and every change of the others.
 */
export async function compareWithStored(
  trx: Kysely<DatabaseSchema>,
  values: readonly NewRow<'catalogue_products'>[],
  groups: readonly ProductGroup[],
): Promise<{ unchanged: number; changes: ImportChange[] }> {
  const pause = pacer();
  const groupOf = new Map(groups.map((group) => [group.first.id, group]));
  let unchanged = 0;
  const changes: ImportChange[] = [];
  for (let start = 0; start < values.length; start += BATCH) {
    const batch = values.slice(start, start + BATCH);
    const stored = await readStored(
      trx,
      batch.map((value) => value.id),
    );
    for (const value of batch) {
      await pause();
      const row = stored.products.get(value.id);
      const group = groupOf.get(value.id);
      if (row === undefined || group === undefined) continue;
      const own = productChanges(row, value).map((change) => ({
        line: group.lines[0]!,
        id: value.id,
        change: `product ${value.id}: ${change}`,
      }));
      const ofVariants = variantChanges(group, stored.variantsOf.get(value.id) ?? []);
      if (own.length === 0 && ofVariants.length === 0) unchanged += 1;
      changes.push(...own, ...ofVariants);
    }
  }
  return { unchanged, changes: changes.sort((a, b) => a.line - b.line) };
}
