// What a request for quotation needs of the catalogue: a product by id, with its model code, unit, names in both
// languages and its orderable variants (docs/decisions/034-orderable-variants.md: code, labels, unit), which the
// request stores as they are on the day it is sent. The app's reads the products a request names from the database
// (databaseQuoteCatalogue.ts); the committed content/data is the default.
import type { Product } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import { seededProductVariants } from '@site/content/product-variants';
import { QUOTE_LIMITS, type QuoteUnit } from '@site/content/validation';

/** One orderable part of a product: what a quote line names by `code`. */
export interface QuoteVariant {
  code: string;
  /** '' for a product's only variant. */
  label: string;
  labelAr: string;
  unit: QuoteUnit;
}

export interface QuoteProduct {
  id: string;
  /** The product's code: its first published variant's. */
  code: string;
  unit: QuoteUnit;
  name: string;
  nameAr: string;
  /** Its published variants, in its order: a line without a code names the first (none published: none is orderable). */
  variants: QuoteVariant[];
  /** The codes of its withdrawn (unpublished) variants, which a line may not name. */
  withdrawnCodes: string[];
}

export interface QuoteCatalogue {
  /** The product with this id; undefined for any other string ('__proto__' too). */
  find(productId: string): QuoteProduct | undefined;
  /** A withdrawn (archived) product with this id, which a request may not name; undefined for any other. */
  withdrawn?(productId: string): Pick<QuoteProduct, 'id' | 'code' | 'name'> | undefined;
}

/** A catalogue of these products (and of these withdrawn ones). */
export function quoteCatalogueOf(
  products: Iterable<QuoteProduct>,
  withdrawn: Iterable<Pick<QuoteProduct, 'id' | 'code' | 'name'>> = [],
): QuoteCatalogue {
  const byId = new Map<string, QuoteProduct>([...products].map((product) => [product.id, product]));
  const gone = new Map([...withdrawn].map((product) => [product.id, product]));
  return { find: (productId) => byId.get(productId), withdrawn: (productId) => gone.get(productId) };
}

/** A product's one variant, where it has no other: its code and unit, no label. */
export const onlyVariant = (product: Pick<QuoteProduct, 'code' | 'unit'>): QuoteVariant => ({
  code: product.code,
  label: '',
  labelAr: '',
  unit: product.unit,
});

/** A catalogue over the English records and their Arabic edition (same ids), with the seeded variants. */
export function createQuoteCatalogue(english: readonly Product[], arabic: readonly Product[]): QuoteCatalogue {
  const arabicNames = new Map(arabic.map((product) => [product.id, product.productName]));
  const seeded = new Map(seededProductVariants().map((entry) => [entry.productId, entry.variants]));
  return quoteCatalogueOf(
    english.map((product) => ({
      id: product.id,
      code: product.code,
      unit: product.unit,
      name: product.productName,
      nameAr: arabicNames.get(product.id) ?? product.productName,
      variants: seeded.get(product.id)?.map(({ code, label, labelAr, unit }) => ({ code, label, labelAr, unit })) ?? [
        onlyVariant(product),
      ],
      withdrawnCodes: [],
    })),
  );
}

/**
 * The products a request for quotation names, as `find` will be asked for them: its lines' product ids (at most the
 * lines a request may hold; the schema refuses more, and anything that is not a product id).
 */
export function namedProductIds(body: unknown): string[] {
  const lines = typeof body === 'object' && body !== null ? (body as { lines?: unknown }).lines : undefined;
  if (!Array.isArray(lines)) return [];
  return lines
    .slice(0, QUOTE_LIMITS.maxLines)
    .map((line: unknown) =>
      typeof line === 'object' && line !== null ? (line as { productId?: unknown }).productId : undefined,
    )
    .filter((id): id is string => typeof id === 'string');
}

let site: QuoteCatalogue | undefined;

/** The site's catalogue (content/data/products.json and its Arabic edition), made on first use. */
export function siteQuoteCatalogue(): QuoteCatalogue {
  site ??= createQuoteCatalogue(dataEdition('en', 'products.json'), dataEdition('ar', 'products.json'));
  return site;
}
