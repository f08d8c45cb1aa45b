// Pure helpers for catalogue records, shared by the browser (product details screen), the datasheets and the content
// checks; the detail table's own helpers: detailTable.ts.
// No zod and no node imports here: this module is re-exported by index.ts and goes into browser bundles.
import type { DescriptionEntry, ProductDetail } from './types';

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

/** Every file name a product detail references under /uploads/ (downloadFile, downloadFiles values, block downloadFile). */
export function referencedDownloadFiles(detail: ProductDetail): string[] {
  const files = [
    detail.downloadFile,
    ...Object.values(detail.downloadFiles ?? {}),
    ...[...(detail.detailDescription ?? []), ...(detail.detailDescriptionAfterTable ?? [])].map((b) => b.downloadFile),
  ];
  return [...new Set(files.filter((f): f is string => f !== undefined))];
}
