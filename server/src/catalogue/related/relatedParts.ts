// A product's related parts as its page and the chat show them (docs/decisions/040-related-parts.md): the codes its
// English document names, each the published variant it names now with its product, in the product's order. A part
// withdrawn or archived since it was linked is left out (the import refused it when it was linked).
import type { RelatedPart } from '@site/contracts/catalogue-api';
import { normalizedProductCode } from '@site/content/validation';
import { RELATED_KINDS } from '@site/content/schema';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { variantRecord, variantsWithKeys } from '../variants/variantRecords.js';

export interface RelatedLink {
  kind: (typeof RELATED_KINDS)[number];
  code: string;
}

/** The links a stored document's `related` holds (the import checked them: anything else is none). */
export function relatedLinksOf(value: unknown): RelatedLink[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (link): link is RelatedLink =>
      typeof link === 'object' &&
      link !== null &&
      RELATED_KINDS.includes((link as RelatedLink).kind) &&
      typeof (link as RelatedLink).code === 'string',
  );
}

/** The parts `links` name still in the catalogue, in `locale`: two statements whatever their number. */
export async function relatedParts(
  db: Kysely<DatabaseSchema>,
  links: readonly RelatedLink[],
  locale: Locale,
): Promise<RelatedPart[]> {
  if (links.length === 0) return [];
  const variants = new Map(
    (await variantsWithKeys(db, [...new Set(links.map((link) => normalizedProductCode(link.code)))]))
      .filter((row) => row.published)
      .map((row) => [normalizedProductCode(row.code), row]),
  );
  const ids = [...new Set([...variants.values()].map((row) => row.product_id))];
  if (ids.length === 0) return [];
  const products = new Map(
    (
      await db
        .selectFrom('catalogue_products')
        .select(['id', 'name', 'name_ar', 'category_id', 'image'])
        .where(sql<boolean>`id = any(${sql.val(ids)}::text[])`)
        .execute()
    ).map((row) => [row.id, row]),
  );
  return links.flatMap(({ kind, code }) => {
    const variant = variants.get(normalizedProductCode(code));
    const product = variant === undefined ? undefined : products.get(variant.product_id);
    if (variant === undefined || product === undefined) return [];
    return [
      {
        kind,
        productId: product.id,
        productCategoryId: product.category_id,
        name: locale === 'ar' ? product.name_ar : product.name,
        image: product.image as RelatedPart['image'],
        variant: variantRecord(variant, locale),
      },
    ];
  });
}

/**
 * The related parts of the products `ids` still in the catalogue, by product, in `locale` (the chat's knowledge):
 * three statements whatever their number.
 */
export async function relatedPartsByProduct(
  db: Kysely<DatabaseSchema>,
  ids: readonly string[],
  locale: Locale,
): Promise<Map<string, RelatedPart[]>> {
  const byProduct = new Map<string, RelatedPart[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db
    .selectFrom('catalogue_products')
    .select(['id', sql<unknown>`details->'related'`.as('related_links')])
    .where(sql<boolean>`id = any(${sql.val([...ids])}::text[])`)
    .where(sql<boolean>`details->'related' is not null`)
    .execute();
  const links = rows.map((row) => ({ id: row.id, links: relatedLinksOf(row.related_links) }));
  // each code resolved once, then handed back to every product naming it
  const parts = await relatedParts(
    db,
    links.flatMap((row) => row.links.map((link) => ({ kind: 'accessory' as const, code: link.code }))),
    locale,
  );
  const byCode = new Map(parts.map((part) => [normalizedProductCode(part.variant.code), part]));
  for (const { id, links: own } of links) {
    const found = own.flatMap(({ kind, code }) => {
      const part = byCode.get(normalizedProductCode(code));
      return part === undefined ? [] : [{ ...part, kind }];
    });
    if (found.length > 0) byProduct.set(id, found);
  }
  return byProduct;
}
