// Writing a product's orderable variants (docs/decisions/034-orderable-variants.md): checked, written in order, and the
// product row's code, price and unit made its first published variant's code and unit and its lowest published price,
// in one transaction. The one writer of variants: the seed and the staff editor call it.
import { productVariantSchema, PRODUCT_VARIANTS_MAX } from '@site/content/schema';
import { normalizedProductCode } from '@site/content/validation';
import type { PriceBreak } from '@site/content/price-breaks';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, NewRow } from '../../platform/db/index.js';
import { bumpCatalogueVersion } from '../state.js';

/** A variant as written: the answer's fields with the label (and table row) in both languages, and its published state. */
export interface VariantInput {
  code: string;
  mpn?: string;
  label: string;
  labelAr: string;
  row?: Record<string, unknown>;
  rowAr?: Record<string, unknown>;
  price?: number;
  unit: string;
  packQuantity?: number;
  /** The fewest a buyer orders (decision 043); absent: none. */
  minimumOrder?: number;
  /** Its quantity breaks beyond its price at 1 (decision 043); absent: none. */
  priceBreaks?: PriceBreak[];
  /** Absent: published. */
  published?: boolean;
}

/** Variants refused, with the sentence that says why (every problem found, each naming its variant). */
export class VariantsRefused extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join(' '));
    this.name = 'VariantsRefused';
  }
}

/** The problems of the variants themselves: each one's fields, two with one code, none published. */
export function variantProblems(variants: readonly VariantInput[]): string[] {
  if (variants.length === 0) return ['A product needs at least one variant.'];
  if (variants.length > PRODUCT_VARIANTS_MAX)
    return [`A product has at most ${PRODUCT_VARIANTS_MAX} variants; these are ${variants.length}.`];
  const problems: string[] = [];
  variants.forEach((variant, index) => {
    const { labelAr: _labelAr, rowAr: _rowAr, published: _published, ...answer } = variant;
    const checked = productVariantSchema.safeParse(answer);
    if (!checked.success) {
      const what = checked.error.issues
        .map((issue) => `${issue.path.join('.') || 'variant'}: ${issue.message}`)
        .join('; ');
      problems.push(`Variant ${index + 1} (${variant.code}): ${what}.`);
    }
  });
  const first = new Map<string, number>();
  variants.forEach((variant, index) => {
    const key = normalizedProductCode(variant.code);
    const before = first.get(key);
    if (before === undefined) first.set(key, index);
    else
      problems.push(
        `Variants ${before + 1} (${variants[before]!.code}) and ${index + 1} (${variant.code}) have one code: each variant needs its own.`,
      );
  });
  if (!variants.some((variant) => variant.published !== false))
    problems.push('At least one variant must be published: a product with none cannot be ordered.');
  return problems;
}

/** The codes of `variants` that another product has, as a variant's code or as its id (by letters and digits). */
async function takenCodes(
  trx: Kysely<DatabaseSchema>,
  productId: string,
  variants: readonly VariantInput[],
): Promise<string[]> {
  const keys = variants.map((variant) => variant.code.toLowerCase().replace(/[^a-z0-9]+/g, ''));
  const { rows } = await sql<{ key: string; owner: string; code: string }>`
    select v.code_key as key, v.product_id as owner, v.code from catalogue_product_variants as v
      where v.code_key = any(${sql.val(keys)}::text[]) and v.product_id <> ${productId}
    union all
    select regexp_replace(lower(p.id), '[^a-z0-9]+', '', 'g'), p.id, p.id from catalogue_products as p
      where regexp_replace(lower(p.id), '[^a-z0-9]+', '', 'g') = any(${sql.val(keys)}::text[]) and p.id <> ${productId}`.execute(
    trx,
  );
  return rows.map((row) => {
    const variant = variants[keys.indexOf(row.key)]!;
    return row.code === row.owner
      ? `The code ${variant.code} reads as the id of product ${row.owner}.`
      : `The code ${variant.code} is already product ${row.owner}'s (${row.code}).`;
  });
}

/** The product row as its variants make it: the first published one's code and unit, the lowest published price. */
export function productColumns(variants: readonly VariantInput[]): {
  code: string;
  unit: string;
  price: number | null;
} {
  const published = variants.filter((variant) => variant.published !== false);
  const prices = published.flatMap((variant) => (variant.price === undefined ? [] : [variant.price]));
  return {
    code: published[0]!.code,
    unit: published[0]!.unit,
    price: prices.length === 0 ? null : Math.min(...prices),
  };
}

/** The rows of a product's `variants`, in their order (the import writes them with its products' rows). */
export const variantRowsOf = (
  productId: string,
  variants: readonly VariantInput[],
): NewRow<'catalogue_product_variants'>[] =>
  variants.map((variant, index) => ({
    product_id: productId,
    position: index + 1,
    code: variant.code,
    mpn: variant.mpn ?? null,
    label: variant.label,
    label_ar: variant.labelAr,
    row: variant.row === undefined ? null : JSON.stringify(variant.row),
    row_ar:
      variant.rowAr === undefined
        ? variant.row === undefined
          ? null
          : JSON.stringify(variant.row)
        : JSON.stringify(variant.rowAr),
    price: variant.price ?? null,
    unit: variant.unit,
    pack_quantity: variant.packQuantity ?? null,
    price_breaks: variant.priceBreaks === undefined ? null : JSON.stringify(variant.priceBreaks),
    minimum_order: variant.minimumOrder ?? null,
    published: variant.published !== false,
  }));

async function writeIn(
  trx: Kysely<DatabaseSchema>,
  productId: string,
  variants: readonly VariantInput[],
  bump: boolean,
): Promise<void> {
  const product = await trx
    .selectFrom('catalogue_products')
    .select('id')
    .where('id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
  if (product === undefined) throw new VariantsRefused([`There is no product "${productId}" in the catalogue.`]);
  const taken = await takenCodes(trx, productId, variants);
  if (taken.length > 0) throw new VariantsRefused(taken);
  await trx.deleteFrom('catalogue_product_variants').where('product_id', '=', productId).execute();
  await trx.insertInto('catalogue_product_variants').values(variantRowsOf(productId, variants)).execute();
  await trx.updateTable('catalogue_products').set(productColumns(variants)).where('id', '=', productId).execute();
  await forgetVariantMatches(trx);
  if (bump) await bumpCatalogueVersion(trx);
}

/**
 * Writes `variants` as the product's, in their order, replacing its variants, and its row's code, price and unit with
 * them; refused (VariantsRefused, nothing written) for an unknown product, a variant's bad field, two variants with one
 * code, a code another product has (a variant's code or its id), or no published variant. In the caller's transaction
 * when `db` is one, else in its own; the catalogue's version is bumped unless `bump` is false (the seed bumps once).
 */
export async function writeProductVariants(
  db: Kysely<DatabaseSchema>,
  productId: string,
  variants: readonly VariantInput[],
  options: { bump?: boolean } = {},
): Promise<void> {
  const problems = variantProblems(variants);
  if (problems.length > 0) throw new VariantsRefused(problems);
  const bump = options.bump ?? true;
  if (db.isTransaction) return writeIn(db, productId, variants, bump);
  return db.transaction().execute((trx) => writeIn(trx, productId, variants, bump));
}

/** A broad search's kept matches may have found a product by a variant's code: found afresh once variants are written. */
export async function forgetVariantMatches(trx: Kysely<DatabaseSchema>): Promise<void> {
  await trx.deleteFrom('catalogue_search_broad').where('condition', 'like', '%catalogue_product_variants%').execute();
}

const PRODUCTS_PER_DELETE = 5_000;

/** Deletes every variant of these products (before their rows are written: a code may move from one to another). */
export async function removeVariantsOf(trx: Kysely<DatabaseSchema>, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += PRODUCTS_PER_DELETE) {
    await trx
      .deleteFrom('catalogue_product_variants')
      .where(sql<boolean>`product_id = any(${sql.val(ids.slice(start, start + PRODUCTS_PER_DELETE))}::text[])`)
      .execute();
  }
}
