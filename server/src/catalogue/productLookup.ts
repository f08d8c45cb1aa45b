// The products a buyer's list names, by model code or id compared as normalizedProductCode compares them (case, spaces
// and dashes ignored): the request page's "Paste a list" and the names of its basket's lines. One map per edition,
// made from the catalogue's records once per version (catalogueFeed.ts follow) over records given; over the database,
// a query of the named products per look-up.
import type { Product } from '@site/content';
import { normalizedProductCode } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';
import type { CatalogueRecords } from './catalogueFeed.js';
import type { CatalogueStore } from './catalogueStore.js';

/** The products `codes` name, each once, in the order of the first code naming it; unknown codes find nothing. */
export type ProductLookup = (codes: readonly string[], locale: Locale) => Promise<Product[]>;

function byKey(products: readonly Product[]): ReadonlyMap<string, Product> {
  const keys = new Map<string, Product>();
  // a code and an id never share a key (the content schema and the import refuse it)
  for (const product of products) {
    keys.set(normalizedProductCode(product.id), product);
    keys.set(normalizedProductCode(product.code), product);
  }
  return keys;
}

/**
 * The products of `products` that `codes` name, each once, in the order of the first code naming it; `variantKeys`:
 * the published variants' codes (normalised) to their product's id (a variant's code names its product).
 */
export function lookUp(
  codes: readonly string[],
  products: readonly Product[],
  variantKeys: ReadonlyMap<string, string> = new Map(),
): Product[] {
  const keys = new Map(byKey(products));
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const [key, productId] of variantKeys) {
    const product = byId.get(productId);
    if (product !== undefined && !keys.has(key)) keys.set(key, product);
  }
  const found = new Map<string, Product>();
  for (const code of codes) {
    const product = keys.get(normalizedProductCode(code));
    if (product !== undefined && !found.has(product.id)) found.set(product.id, product);
  }
  return [...found.values()];
}

export function productLookupOf(records: CatalogueRecords): ProductLookup {
  return async (codes, locale) => lookUp(codes, records[locale].products);
}

/**
 * The database's look-up: the few products whose code or id (or a published variant's code) the codes may name, read by an index of their letters
 * and digits (CatalogueStore.productsNamedBy), then matched as the records' look-up matches them.
 */
export function databaseProductLookup(
  store: Pick<CatalogueStore, 'productsNamedBy' | 'variantRowsNamedBy'>,
): ProductLookup {
  return async (codes, locale) => {
    const keys = codes.map(normalizedProductCode);
    const [products, variants] = await Promise.all([
      store.productsNamedBy(keys, locale),
      store.variantRowsNamedBy(keys),
    ]);
    const variantKeys = new Map(
      variants
        .filter((variant) => variant.published)
        .map((variant) => [normalizedProductCode(variant.code), variant.product_id]),
    );
    return lookUp(codes, products, variantKeys);
  };
}
