import { useId, useMemo, useState } from 'react';
import DOMPurify from 'dompurify';
import { RICH_TEXT_PURIFY_CONFIG } from '@site/content/rich-text';

/**
 * Catalogue HTML made safe to insert: only the elements, attributes and link schemes of catalogue rich text
 * (@site/content/rich-text, which the server also cleans with before it stores a product) are kept.
 */
export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, { ...RICH_TEXT_PURIFY_CONFIG, RETURN_TRUSTED_TYPE: false });

/**
 * The fragment the server's HTML already holds for this element, when the page is hydrating it: React keeps a
 * server-drawn element's inner HTML as it is, so there is nothing to sanitise again. Found by the element's useId, which
 * the server and the hydrating browser agree on (the site hydrates one root: a second one would need its own
 * identifierPrefix); a component drawn in the browser gets an id no element has yet.
 */
function serverDrawnHtml(id: string): string | undefined {
  return typeof document === 'undefined' ? undefined : document.getElementById(id)?.innerHTML;
}

export interface SafeHtmlProps {
  /** An HTML fragment from the catalogue data. */
  html: string;
  className?: string;
}

/**
 * Renders an HTML fragment of the catalogue, sanitised with DOMPurify right before it is rendered. Hydrating a
 * server-drawn page it takes the fragment the server wrote (sanitised by the server with the same rules, and in the
 * page already, before any script ran): sanitising a product page's five fragments cost its hydration 13-91 ms at
 * Lighthouse's 4x CPU (most of it DOMPurify's first call; 2026-11-27), for HTML React would not have written anyway.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const id = useId();
  // Read once, as the element mounts: a later fragment (another product's, a draft's) is always sanitised.
  const [serverDrawn] = useState(() => {
    const drawn = serverDrawnHtml(id);
    return drawn === undefined ? undefined : { html, drawn };
  });
  const clean = useMemo(() => (serverDrawn?.html === html ? serverDrawn.drawn : sanitizeHtml(html)), [serverDrawn, html]);
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
