// Pure helpers for catalogue records, shared by the browser (product details screen) and the content checks.
// No zod and no node imports here: this module is re-exported by index.ts and goes into browser bundles.
import { DESCRIPTION_SECTIONS, type DescriptionSection } from './dataConstants';
import type { DescriptionEntry, ProductDetail, TableCell, TableRow, TableValue } from './types';

/** How a 'Description :' entry shows (see descriptionEntrySchema in schema.ts). */
export type DescriptionEntryKind = 'section' | 'subheading' | 'item' | 'paragraph' | 'ceilingRose' | 'row';

/** Classifies a description entry by its key convention. `*` keys win over an empty value. */
export function descriptionEntryKind(entry: DescriptionEntry): DescriptionEntryKind {
  const { key, value } = entry;
  if (key.startsWith('*')) return 'section';
  if (key === '' || key.startsWith('-')) return 'item';
  if (key.startsWith('^')) return 'paragraph';
  if (key.startsWith('%')) return 'ceilingRose';
  if (value === '') return 'subheading';
  return 'row';
}

/** The expandable section fed by a `*` key, or undefined for an unknown key. */
export function descriptionSection(key: string): DescriptionSection | undefined {
  return DESCRIPTION_SECTIONS.find((s) => s.key === key);
}

/** The leaf cells of a table header: its last row (their ids are the data keys, dotted for nested values). */
export function leafColumns(header: readonly (readonly TableCell[])[]): TableCell[] {
  return [...(header[header.length - 1] ?? [])];
}

/**
 * Flattens a body row into [leaf id, value] pairs in key order: nested objects give one pair per inner key, with the
 * id 'outer.inner'. For a row that fits its header, the ids equal the leaf ids in order.
 */
export function flattenTableRow(row: TableRow): [string, TableValue][] {
  const cells: [string, TableValue][] = [];
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'object' && value !== null) {
      for (const [inner, innerValue] of Object.entries(value)) cells.push([`${key}.${inner}`, innerValue]);
    } else {
      cells.push([key, value]);
    }
  }
  return cells;
}

/** Width of a header row in leaf columns. */
export const headerRowSpan = (row: readonly TableCell[]): number => row.reduce((sum, cell) => sum + (cell.colSpan ?? 1), 0);

/** Problems of a table header (empty when fine): rows of equal width, leaves without colSpan, unique ids. */
export function tableHeaderProblems(header: readonly (readonly TableCell[])[]): string[] {
  const problems: string[] = [];
  const leaves = leafColumns(header);
  if (leaves.length === 0) problems.push('the header has no leaf row');
  if (leaves.some((c) => (c.colSpan ?? 1) !== 1)) problems.push('a leaf cell (last header row) has a colSpan other than 1');
  header.forEach((row, index) => {
    const width = headerRowSpan(row);
    if (width !== leaves.length) problems.push(`header row ${index} spans ${width} columns, the leaf row has ${leaves.length}`);
  });
  const ids = header.flat().map((c) => c.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) problems.push(`duplicate header cell id '${duplicate}'`);
  return problems;
}

/** Problems of one body row against its header (empty when the row fits the leaf columns exactly, in order). */
export function tableRowProblems(header: readonly (readonly TableCell[])[], row: TableRow): string[] {
  const expected = leafColumns(header).map((c) => c.id);
  const actual = flattenTableRow(row).map(([id]) => id);
  if (expected.join('|') === actual.join('|')) return [];
  const missing = expected.filter((id) => !actual.includes(id));
  const extra = actual.filter((id) => !expected.includes(id));
  const problems: string[] = [];
  if (missing.length) problems.push(`missing column(s) ${missing.join(', ')}`);
  if (extra.length) problems.push(`unknown column(s) ${extra.join(', ')}`);
  if (!missing.length && !extra.length) problems.push(`columns out of order: ${actual.join(', ')}`);
  return problems;
}

/** Every file name a product detail references under /uploads/ (downloadFile, downloadFiles values, block downloadFile). */
export function referencedDownloadFiles(detail: ProductDetail): string[] {
  const files = [
    detail.downloadFile,
    ...Object.values(detail.downloadFiles ?? {}),
    ...[...(detail.detailDescription ?? []), ...(detail.detailDescriptionAfterTable ?? [])].map((b) => b.downloadFile),
  ];
  return [...new Set(files.filter((f): f is string => f !== undefined))];
}
