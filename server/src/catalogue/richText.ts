// Catalogue rich text cleaned on the server before it is stored: every HTML field of a product's detail documents,
// whether a staff member saves a draft or a file is imported, keeps only what the product page renders
// (@site/content/rich-text: the same rules its SafeHtml sanitises with). Cleaning is silent, as a CMS's is: the editor
// gets the stored draft back and shows what was kept. The page sanitises again when it renders.
import type { DOMPurify } from 'dompurify';
import { mapProductDetailHtml, RICH_TEXT_PURIFY_CONFIG } from '@site/content/rich-text';
import { serverDomPurify } from '../platform/http/sharedModules.js';

/** One HTML fragment with only the allowed elements, attributes and link schemes left. */
export function cleanRichText(html: string): string {
  // sharedModules makes it from the dompurify package over a jsdom window: DOMPurify's own instance type
  const purify = serverDomPurify() as DOMPurify;
  return purify.sanitize(html, { ...RICH_TEXT_PURIFY_CONFIG, RETURN_TRUSTED_TYPE: false });
}

/** A product detail document with each of its HTML fields cleaned (cleanRichText), the rest untouched. */
export function cleanDetailDocument(detail: Record<string, unknown>): Record<string, unknown> {
  return mapProductDetailHtml(detail, cleanRichText);
}
