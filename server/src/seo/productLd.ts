// A product page's main entity (docs/decisions/034-orderable-variants.md): a product of several orderable variants is a
// schema.org ProductGroup whose `hasVariant` are its variants, each a Product with its code, part number, name with
// label and offer; a product of one variant is that Product. Prices are AED; a variant "on request" has no offer.
import { flattenTableRow, leafColumns, type ProductVariant, type TableCell } from '@site/content';
import { productViewSearch } from '@site/contracts/product-view';
import type { JsonLd } from './types.js';

/** What the page says of the product itself, as JSON-LD's Product (or ProductGroup) has it. */
export interface ProductLdFields {
  '@id': string;
  name: string;
  description: string;
  /** The page's absolute address. */
  url: string;
  image: string;
  category: string;
  brand?: JsonLd | JsonLd[];
  /** Its alternatives (relatedLd.ts). */
  isSimilarTo?: JsonLd[];
}

/** UN/CEFACT's code of a variant's unit for eligibleQuantity: metres are MTR, every counted unit (piece, pack, coil…) C62, "one". */
const unitCodeOf = (unit: string): string => (unit === 'metre' ? 'MTR' : 'C62');

/**
 * A variant's price breaks (decision 043) as UnitPriceSpecification entries, its price at 1 (or at its minimum order)
 * first, each with the quantity it applies from; none for a variant without breaks. The prices are the exact strings.
 */
function priceSpecificationOf(variant: ProductVariant): JsonLd[] | undefined {
  if (variant.price === undefined || variant.priceBreaks === undefined || variant.priceBreaks.length === 0)
    return undefined;
  const unitCode = unitCodeOf(variant.unit);
  const entry = (price: string, minValue: number): JsonLd => ({
    '@type': 'UnitPriceSpecification',
    price,
    priceCurrency: 'AED',
    eligibleQuantity: { '@type': 'QuantitativeValue', minValue, unitCode },
  });
  return [
    entry(variant.price.toFixed(2), variant.minimumOrder ?? 1),
    ...variant.priceBreaks.map((item) => entry(item.price, item.quantity)),
  ];
}

/** A variant with a price: orderable at it. A published variant is orderable (quoted on request, delivered from stock or to order). */
function offerOf(variant: ProductVariant, url: string): JsonLd | undefined {
  const specification = priceSpecificationOf(variant);
  return variant.price === undefined
    ? undefined
    : {
        '@type': 'Offer',
        price: variant.price.toFixed(2),
        priceCurrency: 'AED',
        availability: 'https://schema.org/InStock',
        url,
        ...(variant.minimumOrder === undefined
          ? {}
          : {
              eligibleQuantity: {
                '@type': 'QuantitativeValue',
                minValue: variant.minimumOrder,
                unitCode: unitCodeOf(variant.unit),
              },
            }),
        ...(specification === undefined ? {} : { priceSpecification: specification }),
      };
}

/** The variant as a Product: its code the sku, the maker's part number the mpn, the family's name with its label. */
function variantProduct(fields: ProductLdFields, variant: ProductVariant, url: string): JsonLd {
  const offer = offerOf(variant, url);
  return {
    '@type': 'Product',
    sku: variant.code,
    ...(variant.mpn ? { mpn: variant.mpn } : {}),
    name: variant.label === '' ? fields.name : `${fields.name} — ${variant.label}`,
    url,
    image: fields.image,
    ...(offer ? { offers: offer } : {}),
  };
}

/**
 * What the variants differ by: the names of the table's columns whose values are not all the same ('Gland Size',
 * 'Thread Size mm'); schema.org's size where the variants carry no table.
 */
export function variesBy(
  variants: readonly ProductVariant[],
  columns: readonly (readonly TableCell[])[] | undefined,
): string[] {
  const leaves = columns === undefined ? [] : leafColumns(columns);
  const rows = variants.map((variant) => new Map(flattenTableRow(variant.row ?? {})));
  const differing = leaves.filter((leaf) => new Set(rows.map((row) => String(row.get(leaf.id) ?? ''))).size > 1);
  const names = differing.map((leaf) => headerName(columns ?? [], leaf.id)).filter((name) => name !== '');
  return names.length > 0 ? names : ['https://schema.org/size'];
}

/** A leaf column's full name: its group's name before its own ('Thread Size' + 'mm'), as a reader of the table sees it. */
function headerName(columns: readonly (readonly TableCell[])[], leafId: string): string {
  const leafIndex = leafColumns(columns).findIndex((leaf) => leaf.id === leafId);
  const names = columns.map((row) => {
    let start = 0;
    for (const cell of row) {
      const span = cell.colSpan ?? 1;
      if (leafIndex >= start && leafIndex < start + span) return cell.name.trim();
      start += span;
    }
    return '';
  });
  return [...new Set(names.filter((name) => name !== ''))].join(' ');
}

/**
 * The page's product: a ProductGroup of its variants where it has several, else a Product (with its one variant's
 * code, part number and offer where the answer carries it; its id as sku before variants).
 */
export function productLd(
  fields: ProductLdFields,
  productId: string,
  variants: readonly ProductVariant[],
  columns?: readonly (readonly TableCell[])[],
): JsonLd {
  const entity = { ...fields, ...(fields.brand === undefined ? {} : { brand: fields.brand }) };
  if (variants.length > 1) {
    return {
      '@type': 'ProductGroup',
      ...entity,
      productGroupID: variants[0]!.code,
      variesBy: variesBy(variants, columns),
      hasVariant: variants.map((variant) =>
        variantProduct(fields, variant, `${fields.url}${productViewSearch(variant.code)}`),
      ),
    };
  }
  const only = variants[0];
  const offer = only === undefined ? undefined : offerOf(only, fields.url);
  return {
    '@type': 'Product',
    ...entity,
    sku: only?.code ?? productId,
    ...(only?.mpn ? { mpn: only.mpn } : {}),
    ...(offer ? { offers: offer } : {}),
  };
}
