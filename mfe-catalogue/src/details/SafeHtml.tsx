import { useEffect, useId, useMemo, useState } from 'react';
import { loadedSanitizer, loadRichTextSanitizer } from './richTextSanitizer';

/**
 * The fragment the server's HTML already holds for this element, when the page is hydrating it: React keeps a
 * server-drawn element's inner HTML as it is, so there is nothing to sanitise again. Found by the element's useId, which
 * the server and the hydrating browser agree on (the site hydrates one root: a second one would need its own
 * identifierPrefix); a component drawn in the browser gets an id no element has yet.
 */
function serverDrawnHtml(id: string): string | undefined {
  return typeof document === 'undefined' ? undefined : document.getElementById(id)?.innerHTML;
}

/** The sanitizer as the element first draws: the server has always loaded it (a first view loads it before it draws). */
function sanitizerAtMount() {
  const sanitize = loadedSanitizer();
  if (sanitize === undefined && typeof document === 'undefined')
    throw new Error('Rich text drawn on the server before loadRichTextSanitizer() resolved.');
  return sanitize;
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
 * Lighthouse's 4x CPU (most of it DOMPurify's first call; 2026-11-27), for HTML React would not have written anyway,
 * and DOMPurify's chunk is not loaded at start at all. A fragment drawn in the browser is written once the sanitizer's
 * chunk is there (the element empty until then).
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const id = useId();
  // Read once, as the element mounts: a later fragment (another product's, a draft's) is always sanitised.
  const [serverDrawn] = useState(() => {
    const drawn = serverDrawnHtml(id);
    return drawn === undefined ? undefined : { html, drawn };
  });
  const [sanitize, setSanitize] = useState(sanitizerAtMount);
  const clean = useMemo(
    () => (serverDrawn !== undefined && serverDrawn.html === html ? serverDrawn.drawn : sanitize?.(html)),
    [serverDrawn, html, sanitize],
  );
  const waiting = clean === undefined;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadRichTextSanitizer().then(
      (loaded) => current && setSanitize(() => loaded),
      (error: unknown) => console.error('The rich text sanitizer did not load; the fragment stays empty.', error),
    );
    return () => {
      current = false;
    };
  }, [waiting]);
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
