// What the product page makes of a product's orderable variants (docs/decisions/034-orderable-variants.md): which one
// the address chose, whether the specification table is the variants, and a variant as the quote basket keeps it.
// Pure, and small: the product page's first chunk carries it for every product.
import type { ProductVariant } from '@site/content';
import type { QuoteProduct } from '../../quote/AddToQuote';
import type { ProductQuoteFacts } from '../productDetailSlice';

/** The id of the variants' table box: the summary of a product of several sends its buyer there to choose one. */
export const VARIANT_TABLE_ID = 'variants';

/** The variant whose code `code` is (as the address writes it), or null: none named, or not one of these. */
export const chosenVariant = (variants: readonly ProductVariant[], code: string | null): ProductVariant | null =>
  (code === null ? undefined : variants.find((variant) => variant.code === code)) ?? null;

/** Whether the product's specification table lists its variants (each carries its row) and there are several. */
export const isVariantTable = (variants: readonly ProductVariant[]): boolean =>
  variants.length > 1 && variants.every((variant) => variant.row !== undefined);

/** A variant as the quote basket keeps it: the product's id and name, the variant's code, label ('' for an only one) and unit. */
export function variantQuoteProduct(
  productId: string,
  productName: string,
  facts: ProductQuoteFacts,
  variant: ProductVariant,
): QuoteProduct {
  return {
    id: productId,
    code: variant.code,
    label: variant.label,
    name: productName,
    unit: variant.unit,
    productCategoryId: facts.productCategoryId,
    image: facts.image,
  };
}
