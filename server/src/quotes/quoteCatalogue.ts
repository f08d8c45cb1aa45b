// What a request for quotation needs of the catalogue: a product by id, with its model code, unit and names in both
// languages (the request stores them as they are on the day it is sent). The app's follows the database's catalogue
// at its current version (app.ts); the committed content/data is the default.
import type { Product } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import type { QuoteUnit } from '@site/content/validation';

export interface QuoteProduct {
  id: string;
  code: string;
  unit: QuoteUnit;
  name: string;
  nameAr: string;
}

export interface QuoteCatalogue {
  /** The product with this id; undefined for any other string ('__proto__' too). */
  find(productId: string): QuoteProduct | undefined;
}

/** A catalogue over the English records and their Arabic edition (same ids). */
export function createQuoteCatalogue(english: readonly Product[], arabic: readonly Product[]): QuoteCatalogue {
  const arabicNames = new Map(arabic.map((product) => [product.id, product.productName]));
  const products = new Map<string, QuoteProduct>(
    english.map((product) => [
      product.id,
      { id: product.id, code: product.code, unit: product.unit, name: product.productName, nameAr: arabicNames.get(product.id) ?? product.productName },
    ]),
  );
  return { find: (productId) => products.get(productId) };
}

let site: QuoteCatalogue | undefined;

/** The site's catalogue (content/data/products.json and its Arabic edition), made on first use. */
export function siteQuoteCatalogue(): QuoteCatalogue {
  site ??= createQuoteCatalogue(dataEdition('en', 'products.json'), dataEdition('ar', 'products.json'));
  return site;
}
