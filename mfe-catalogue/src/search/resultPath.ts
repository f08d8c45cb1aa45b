import type { SearchResult } from '@site/content';
import { productPath } from '@site/contracts/paths';

/**
 * Where a search result leads: its product's page, with the variant the text named selected (`?variant=<code>`,
 * docs/decisions/034-orderable-variants.md) when the text was a variant's code or part number.
 */
export function searchResultPath(result: Pick<SearchResult, 'productCategoryId' | 'id' | 'variant'>): string {
  const path = productPath(result.productCategoryId, result.id);
  return result.variant === undefined ? path : `${path}?${new URLSearchParams({ variant: result.variant })}`;
}
