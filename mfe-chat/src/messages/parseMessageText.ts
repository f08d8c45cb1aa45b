// The only markup a chat message may carry: [text](path) links to the site's own pages (of either edition: '/home',
// '/ar/home') and **bold**. Everything else, HTML included, stays plain text (React escapes it); nothing is ever parsed
// as HTML.
import { CATEGORIES_PATH } from '@site/contracts/paths';
import { splitLocale } from '@site/contracts/locale';
import { menu } from '@site/content';

export type MessageSegment =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; to: string };

const MARKUP = /\[([^\]\n]+)\]\(([^()\s]*)\)|\*\*([^*\n]+?)\*\*/g;

const PAGE_PATHS = new Set(menu.map((item) => item.path));
/** /our-products/{categoryId} and /our-products/{categoryId}/{productId}. */
const CATALOGUE_PATH = new RegExp(`^${CATEGORIES_PATH}(/[A-Za-z0-9_-]+){1,2}$`);

/**
 * Whether a path is one of the site's routes, in either edition: a menu page or a catalogue page ('/our-products/cables',
 * '/ar/our-products/cables'). No scheme, host, query or dots.
 */
export function isSiteRoute(path: string): boolean {
  const { path: inEdition } = splitLocale(path);
  return PAGE_PATHS.has(inEdition) || CATALOGUE_PATH.test(inEdition);
}

/**
 * Splits a message into text, bold and link segments. A link whose target is not a site route keeps only its
 * text, as plain text: no external, javascript: or data: link can come out of a message.
 */
export function parseMessageText(message: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last?.kind === 'text') last.text += text;
    else segments.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of message.matchAll(MARKUP)) {
    pushText(message.slice(at, match.index));
    const [, linkText, target, bold] = match;
    if (bold !== undefined) segments.push({ kind: 'bold', text: bold });
    else if (linkText !== undefined && target !== undefined && isSiteRoute(target))
      segments.push({ kind: 'link', text: linkText, to: target });
    else pushText(linkText ?? '');
    at = match.index + match[0].length;
  }
  pushText(message.slice(at));
  return segments;
}
