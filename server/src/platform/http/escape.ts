// Escaping for what the server writes into HTML and XML. Every string injected into a page head goes through here.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or a double-quoted attribute value: & < > " ' escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** XML text (the sitemap): the same five characters. */
export const escapeXml = escapeHtml;

/**
 * JSON for the inside of a <script type="application/ld+json"> element. `<` and `>` become \u003c / \u003e (so no
 * string in the data can write `</script>` or `<!--`), `&` becomes \u0026, and U+2028/U+2029 are escaped too.
 * The result is still the same JSON value for any parser.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
