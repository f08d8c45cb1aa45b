// Which of a variant table's columns choose a size: the few a phone shows in each size's stacked block (VariantTable.tsx),
// the rest one tap away in the full table. The data names no such columns; they follow from the rows (docs/catalogue.md).
import type { TableCell, TableValue } from '@site/content';

/** At most this many: a size's block on a phone stays a few lines. */
export const CHOOSING_COLUMNS_MAX = 3;

const repeatsCode = (value: TableValue, code: string): boolean => {
  const text = String(value).trim().toLowerCase();
  return text !== '' && code.toLowerCase().includes(text);
};

/**
 * The indexes of the leaf columns that choose a size, in the table's order. A column is taken when its values split
 * sizes that the columns taken before leave together (the CW gland: Thread Size mm splits them into M20, M25...; Inch
 * splits nothing more; Cable Range tells the rest apart); a column whose value each code already holds ('20S' of
 * HEX-CW-20S) is left out, as is one whose values are all the same. Taking stops once every size is told apart, or at
 * CHOOSING_COLUMNS_MAX.
 */
export function choosingColumns(body: readonly (readonly TableValue[])[], codes: readonly string[]): number[] {
  const width = body[0]?.length ?? 0;
  // each size's values in the columns taken so far, as one key: sizes of equal keys are not yet told apart
  let keys = body.map(() => '');
  const chosen: number[] = [];
  for (let column = 0; column < width && chosen.length < CHOOSING_COLUMNS_MAX; column += 1) {
    if (new Set(keys).size === body.length) break;
    const values = body.map((row) => row[column] ?? '');
    if (values.every((value, index) => repeatsCode(value, codes[index] ?? ''))) continue;
    const next = keys.map((key, index) => `${key}\u0000${String(values[index])}`);
    if (new Set(next).size > new Set(keys).size) {
      keys = next;
      chosen.push(column);
    }
  }
  return chosen;
}

/**
 * Each leaf column's names from the top header row down, the empty ones left out: ['Thread Size', 'mm'],
 * ['Cable Range, Inner Sheath (mm)'] (a stacked value's label is made of them).
 */
export function leafColumnNames(header: readonly (readonly TableCell[])[]): string[][] {
  const width = header[header.length - 1]?.length ?? 0;
  const names: string[][] = Array.from({ length: width }, () => []);
  for (const row of header) {
    let column = 0;
    for (const cell of row) {
      const span = cell.colSpan ?? 1;
      const name = cell.name.trim();
      for (let covered = column; covered < column + span && covered < width; covered += 1)
        if (name !== '') names[covered]!.push(name);
      column += span;
    }
  }
  return names;
}
