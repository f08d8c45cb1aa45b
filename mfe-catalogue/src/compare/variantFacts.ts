import type { CompareVariant, DisplayPrices } from '@site/contracts/catalogue-api';
import type { Text } from '../i18n/text';
import { priceText } from '../listing/priceText';

/** The code row's value: the product's variants' codes, in its order (docs/decisions/034-orderable-variants.md). */
export const variantCodes = (variants: readonly CompareVariant[]): string =>
  variants.map((variant) => variant.code).join(', ');

/**
 * The price row's value: a product's one price, or, when its variants are priced differently (or some on request),
 * the lowest: 'from AED 12'. None priced: price on request.
 */
export function variantsPrice(variants: readonly CompareVariant[], text: Text, display?: DisplayPrices | null): string {
  const prices = variants.flatMap((variant) => (variant.price === undefined ? [] : [variant.price]));
  const lowest = prices.length === 0 ? undefined : Math.min(...prices);
  const one = lowest === undefined || (prices.length === variants.length && prices.every((price) => price === lowest));
  return priceText(lowest, text, !one, display);
}
