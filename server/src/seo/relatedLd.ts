// A product page's related parts in its JSON-LD, where schema.org has a term (docs/decisions/040-related-parts.md): an
// alternative is the page's product's `isSimilarTo`; an accessory is a Product of its own that
// `isAccessoryOrSparePartFor` the page's product (the term points from the accessory, so it cannot hang on the page's).
import type { RelatedPart } from '@site/contracts/catalogue-api';
import { productViewSearch } from '@site/contracts/product-view';
import type { JsonLd } from './types.js';

/** The part as a Product: its code the sku, its product's name with its label, its page (the variant chosen). */
function partProduct(part: RelatedPart, url: (path: string) => string, path: string): JsonLd {
  const { variant } = part;
  return {
    '@type': 'Product',
    sku: variant.code,
    ...(variant.mpn ? { mpn: variant.mpn } : {}),
    name: variant.label === '' ? part.name : `${part.name} — ${variant.label}`,
    url: `${url(path)}${productViewSearch(variant.code)}`,
  };
}

/**
 * The main entity's `isSimilarTo` (alternatives; absent when none), and the accessories as entities of their own,
 * each naming the page's product by its id.
 */
export function relatedLd(
  related: readonly RelatedPart[],
  productId: string,
  url: (path: string) => string,
  pathOf: (part: RelatedPart) => string,
): { similar: { isSimilarTo: JsonLd[] } | Record<string, never>; accessories: JsonLd[] } {
  const alternatives = related.filter((part) => part.kind === 'alternative');
  return {
    similar:
      alternatives.length === 0
        ? {}
        : { isSimilarTo: alternatives.map((part) => partProduct(part, url, pathOf(part))) },
    accessories: related
      .filter((part) => part.kind === 'accessory')
      .map((part) => ({ ...partProduct(part, url, pathOf(part)), isAccessoryOrSparePartFor: { '@id': productId } })),
  };
}
