import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/** Tags that catalogue HTML never needs and that could restyle or take over the page. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'];

/** Catalogue HTML made safe to insert: scripts, event handlers, javascript: links and the tags above removed. */
export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style'] });

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
