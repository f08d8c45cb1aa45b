// Writes a page's head into the shell's index.html on the server, so crawlers and link previews see the real
// title, description, canonical URL, hreflang alternates, Open Graph tags and JSON-LD before any script runs. The
// document's language and direction (<html lang dir>) follow the page's edition.
import { LOCALE_DIRECTION, LOCALES, type Locale } from '@site/contracts/locale';
import { escapeHtml, jsonForScript } from '../platform/http/escape.js';
import type { SitePage } from './pages.js';

/** The shell's index.html cut where the page head goes, with its own <title> and description taken out. */
export interface ShellTemplate {
  before: string;
  after: string;
}

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi;
/** <meta name="description" ...> in any quoting (html-webpack-plugin minifies to name=description). */
const DESCRIPTION = /<meta\b[^>]*?\bname\s*=\s*(["']?)description\1(?=[\s/>])[^>]*>\s*/gi;
const CHARSET = /<meta\b[^>]*?\bcharset\s*=[^>]*>/i;
const HEAD_OPEN = /<head\b[^>]*>/i;

/**
 * Splits the shell's HTML: the head goes right after <meta charset> (which must stay in the first 1024 bytes),
 * else right after <head>, and before the shell's own tags and scripts.
 */
export function prepareShellTemplate(html: string): ShellTemplate {
  const cleaned = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const anchor = CHARSET.exec(cleaned) ?? HEAD_OPEN.exec(cleaned);
  if (anchor === null) return { before: '', after: cleaned };
  const at = anchor.index + anchor[0].length;
  return { before: cleaned.slice(0, at), after: cleaned.slice(at) };
}

const HTML_OPEN = /<html\b[^>]*>/i;
/** A lang= or dir= attribute in any quoting. */
const LANGUAGE_ATTRIBUTE = /\s(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;
const NOSCRIPT = /(<noscript\b[^>]*>)[\s\S]*?(<\/noscript>)/i;
/** A preload of one language's file (the shell's catalogs: tools/webpack/preload-startup-chunks.cjs), in any quoting. */
const LANGUAGE_PRELOAD = /<link\b(?=[^>]*\brel\s*=\s*["']?preload\b)[^>]*\bhreflang\s*=\s*["']?([\w-]+)["']?[^>]*>/gi;

/** The HTML without the preloads of other languages' files than `locale`'s. */
function withLanguagePreloads(html: string, locale: Locale): string {
  return html.replace(LANGUAGE_PRELOAD, (tag, language: string) => (language.toLowerCase() === locale ? tag : ''));
}

/** The <html> element's opening tag with the edition's language and direction (the shell's own lang/dir replaced). */
export function withDocumentLanguage(html: string, locale: Locale): string {
  return html.replace(HTML_OPEN, (tag) => {
    const rest = tag.slice('<html'.length).replace(LANGUAGE_ATTRIBUTE, '');
    return `<html lang="${locale}" dir="${LOCALE_DIRECTION[locale]}"${rest}`;
  });
}

/**
 * The shell's template for one edition: its <html lang dir>, only its own language's preloads, and its <noscript>
 * text when the edition has its own (`noscript`: HTML, written by the server from the site's data).
 */
export function localizeShellTemplate(
  template: ShellTemplate,
  locale: Locale,
  noscript: string | undefined,
): ShellTemplate {
  // The document's own <html>: in the part before the head, unless the shell had no place for one (prepareShellTemplate).
  const inBefore = HTML_OPEN.test(template.before);
  const before = inBefore ? withDocumentLanguage(template.before, locale) : template.before;
  let after = withLanguagePreloads(inBefore ? template.after : withDocumentLanguage(template.after, locale), locale);
  if (noscript !== undefined)
    after = after.replace(NOSCRIPT, (_all, open: string, close: string) => `${open}${noscript}${close}`);
  return { before, after };
}

/** The og:locale of each edition (language_TERRITORY): British English, and the Arabic of the UAE, the head office. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = { en: 'en_GB', ar: 'ar_AE' };

export function documentTitle(page: SitePage): string {
  return `${page.title} | ${page.siteName}`;
}

/** The head tags of a page; `origin` is the site's origin without a trailing slash (http/siteOrigin.ts). */
export function renderHead(page: SitePage, origin: string): string {
  const title = documentTitle(page);
  const siteName = page.siteName;
  const meta = (attribute: 'name' | 'property', key: string, value: string): string =>
    `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(value)}">`;
  const tags = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', page.description)];

  if (page.status !== 200 || page.path === undefined) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('');
  }

  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  const url = `${origin}${page.path}`;
  tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  // The page in every edition, itself included, and the English one for any other language.
  if (page.alternates !== undefined) {
    const alternate = (hreflang: string, path: string): string =>
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${origin}${path}`)}">`;
    tags.push(
      ...LOCALES.map((locale) => alternate(locale, page.alternates![locale])),
      alternate('x-default', page.alternates.en),
    );
  }
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:locale', OG_LOCALE[page.locale]),
    ...LOCALES.filter((locale) => locale !== page.locale).map((locale) =>
      meta('property', 'og:locale:alternate', OG_LOCALE[locale]),
    ),
    meta('property', 'og:title', title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
  );
  if (page.image !== undefined) {
    tags.push(
      meta(
        'property',
        'og:image',
        /^https?:\/\//.test(page.image.path) ? page.image.path : `${origin}${page.image.path}`,
      ),
    );
    if (page.image.width !== undefined && page.image.height !== undefined) {
      tags.push(
        meta('property', 'og:image:width', String(page.image.width)),
        meta('property', 'og:image:height', String(page.image.height)),
      );
    }
    if (page.image.alt) tags.push(meta('property', 'og:image:alt', page.image.alt));
  }
  tags.push(meta('name', 'twitter:card', 'summary'));

  const entities = page.structuredData(origin);
  if (entities.length > 0) {
    // A data block, not a script: browsers never run it, so the CSP needs no allowance for it.
    const graph = { '@context': 'https://schema.org', '@graph': entities };
    tags.push(`<script type="application/ld+json">${jsonForScript(graph)}</script>`);
  }
  return tags.join('');
}
