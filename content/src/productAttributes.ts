// A product's attributes as buyers compare them: the 'key : value' rows of its description and the rows of its
// specification tables ('*Specifications' and the other sections of key/value rows), as text, in data order, each key
// once (the first value given). The compare page lines products up by these keys.
import { descriptionEntryKind } from './catalogue';
import { htmlToText } from './htmlText';
import type { ProductDetail } from './types';

export interface ProductAttribute {
  key: string;
  value: string;
}

export function productAttributes(detail: Pick<ProductDetail, 'description'>): ProductAttribute[] {
  const attributes = new Map<string, string>();
  const add = (key: string, value: string) => {
    const name = key.trim();
    const text = htmlToText(value).trim();
    if (name !== '' && text !== '' && !attributes.has(name)) attributes.set(name, text);
  };
  for (const entry of detail.description ?? []) {
    const kind = descriptionEntryKind(entry);
    if (kind === 'row' && typeof entry.value === 'string') add(entry.key, entry.value);
    else if (kind === 'section' && Array.isArray(entry.value)) for (const row of entry.value) add(row.key, row.value);
  }
  return [...attributes].map(([key, value]) => ({ key, value }));
}
