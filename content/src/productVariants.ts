// The seeded catalogue's orderable variants (content/data/product-variants.json; docs/decisions/034-orderable-variants.md),
// checked by their schema on first use. Server only, like ./arabic/edition.ts: the server's seed writes them.
import { productVariantsFileSchema } from './schema';
import type { z } from 'zod';
import file from '../data/product-variants.json';

export type SeededProductVariants = z.output<typeof productVariantsFileSchema>;

let parsed: SeededProductVariants | undefined;

/** Each product with several variants, and its variants in order (labels in English and Arabic). */
export function seededProductVariants(): SeededProductVariants {
  parsed ??= productVariantsFileSchema.parse(file);
  return parsed;
}
