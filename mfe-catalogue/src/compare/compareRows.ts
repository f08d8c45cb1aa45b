import type { CompareItem } from '@site/contracts/catalogue-api';
import { productAttributes } from '@site/content/product-attributes';

/** One row of the comparison: a label, each column's value (undefined: the product says nothing of it). */
export interface CompareRow {
  key: string;
  values: (string | undefined)[];
  /** Not the same in every column (a value missing in one counts as different). */
  differs: boolean;
}

/**
 * The attribute rows of the columns: the union of their attributes, in the order the first product that has each
 * gives it; a column of an unknown id has none.
 */
export function compareRows(items: readonly CompareItem[]): CompareRow[] {
  const columns = items.map(
    (item) => new Map(item.found ? productAttributes(item.product).map(({ key, value }) => [key, value]) : []),
  );
  const keys = [...new Set(columns.flatMap((column) => [...column.keys()]))];
  return keys.map((key) => {
    const values = columns.map((column) => column.get(key));
    return { key, values, differs: new Set(values).size > 1 };
  });
}
