// Plain text of the data's HTML fragments (p, h3, ul/li, strong, em, sub, br: see schema.ts), wherever their words are
// needed without markup: the datasheet PDFs (scripts/generate-pdfs.ts), the chat's knowledge base and the pages'
// descriptions (server). Pure, no DOM: it runs in node and in the build.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Plain text of an HTML fragment on one line: tags dropped (inline ones such as <strong> or <sub> without splitting
 * the word around them: 'mm<sub>2</sub>' gives 'mm2'), paragraphs, headings, list items and <br> separated by a
 * space, the common entities decoded once ('&amp;lt;' gives '&lt;'), spaces collapsed. With `keepLines`, those
 * breaks stay line breaks and list items start with '• ' (for a document that has lines).
 */
export function htmlToText(html: string, { keepLines = false }: { keepLines?: boolean } = {}): string {
  const lines = html
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|h[1-6]|ul|ol|div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_entity, name: string) => ENTITIES[name] ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== '•');
  return keepLines ? lines.join('\n') : lines.map((line) => line.replace(/^• /, '')).join(' ');
}
