import DOMPurify from 'dompurify';
import { RICH_TEXT_PURIFY_CONFIG } from '@site/content/rich-text';

/**
 * Catalogue HTML made safe to insert: only the elements, attributes and link schemes of catalogue rich text
 * (@site/content/rich-text, which the server also cleans with before it stores a product) are kept. A chunk of its
 * own in the browser (richTextSanitizer.ts loads it when a fragment needs it).
 */
export const sanitizeHtml = (html: string): string =>
  DOMPurify.sanitize(html, { ...RICH_TEXT_PURIFY_CONFIG, RETURN_TRUSTED_TYPE: false });
