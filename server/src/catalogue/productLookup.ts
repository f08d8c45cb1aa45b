// The products a buyer's list names, by model code or id compared as normalizedProductCode compares them (case, spaces
// and dashes ignored): the request page's "Paste a list" and the names of its basket's lines. One map per edition,
// made from the catalogue's records once per version (catalogueFeed.ts follow), so a look-up reads nothing.
import type { Product } from '@site/content';
import { normalizedProductCode } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';
import type { CatalogueRecords } from './catalogueFeed.js';

/** The products `codes` name, each once, in the order of the first code naming it; unknown codes find nothing. */
export type ProductLookup = (codes: readonly string[], locale: Locale) => Product[];

function byKey(products: readonly Product[]): ReadonlyMap<string, Product> {
  const keys = new Map<string, Product>();
  // a code and an id never share a key (the content schema and the import refuse it)
  for (const product of products) {
    keys.set(normalizedProductCode(product.id), product);
    keys.set(normalizedProductCode(product.code), product);
  }
  return keys;
}

export function productLookupOf(records: CatalogueRecords): ProductLookup {
  const editions = { en: byKey(records.en.products), ar: byKey(records.ar.products) };
  return (codes, locale) => {
    const found = new Map<string, Product>();
    for (const code of codes) {
      const product = editions[locale].get(normalizedProductCode(code));
      if (product !== undefined && !found.has(product.id)) found.set(product.id, product);
    }
    return [...found.values()];
  };
}
