// A bulk edit's rows: the chosen products as the catalogue file has them now (a row a size), their changes made, to be
// imported as a file's rows would be (the same checks, report by code, history and undo). Only the chosen sizes'
// own columns change (price, pack quantity, published); the product's own ones (category, brand) on each of its rows.
// A price the change would take to zero or below is refused before anything runs, naming its codes.
import type { BulkChanges } from '@site/contracts/staff-catalogue-api';
import type { CatalogueFileRow, NumberedRow } from '../../file/columns.js';
import { changedPrice, priceText } from './bulkPrices.js';

export interface BulkRows {
  rows: NumberedRow[];
  /** The sizes whose price would be zero or less ("HEX-CW-25 (0.5 → -0.5)"): the edit is refused when any. */
  belowZero: string[];
  /** The chosen sizes found. */
  sizes: number;
}

/** The rows of `products` (each product's rows, in its order) with `changes` made to the sizes of `codes` (null: all). */
export function bulkRowsOf(
  products: ReadonlyMap<string, readonly CatalogueFileRow[]>,
  codes: ReadonlySet<string> | null,
  changes: BulkChanges,
): BulkRows {
  const rows: NumberedRow[] = [];
  const belowZero: string[] = [];
  let sizes = 0;
  for (const productRows of products.values()) {
    for (const before of productRows) {
      const row: CatalogueFileRow = { ...before };
      if (changes.categoryId !== undefined) row.productCategoryId = changes.categoryId;
      if (changes.brand !== undefined) row.company = changes.brand.trim();
      if (codes === null || codes.has(row.code)) {
        sizes += 1;
        if (changes.packQuantity !== undefined) row.packQuantity = changes.packQuantity.trim();
        if (changes.published !== undefined) row.published = changes.published ? 'yes' : 'no';
        // a size without a price (price on request) keeps none
        if (changes.price !== undefined && row.price.trim() !== '') {
          const after = changedPrice(row.price, changes.price);
          if (after !== undefined && after <= 0n) belowZero.push(`${row.code} (${row.price} → ${priceText(after)})`);
          else if (after !== undefined) row.price = priceText(after);
        }
      }
      rows.push({ line: rows.length + 1, row });
    }
  }
  return { rows, belowZero, sizes };
}
