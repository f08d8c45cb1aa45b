import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { RICH_TEXT_PURIFY_CONFIG } from '@site/content/rich-text';

/**
 * Catalogue HTML made safe to insert: only the elements, attributes and link schemes of catalogue rich text
 * (@site/content/rich-text, which the server also cleans with before it stores a product) are kept.
 */
export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, { ...RICH_TEXT_PURIFY_CONFIG, RETURN_TRUSTED_TYPE: false });

export interface SafeHtmlProps {
  /** An HTML fragment from the catalogue data. */
  html: string;
  className?: string;
}

/** Renders an HTML fragment of the catalogue, sanitised with DOMPurify right before it is rendered. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
