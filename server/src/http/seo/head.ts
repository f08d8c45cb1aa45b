// Writes a page's head into the shell's index.html on the server, so crawlers and link previews see the real
// title, description, canonical URL, Open Graph tags and JSON-LD before any script runs.
import { escapeHtml, jsonForScript } from './escape.js';
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

export function documentTitle(page: SitePage, siteName: string): string {
  return `${page.title} | ${siteName}`;
}

/** The head tags of a page; `origin` is the site's origin without a trailing slash (http/siteOrigin.ts). */
export function renderHead(page: SitePage, origin: string, siteName: string): string {
  const title = documentTitle(page, siteName);
  const meta = (attribute: 'name' | 'property', key: string, value: string): string =>
    `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(value)}">`;
  const tags = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', page.description)];

  if (page.status === 404 || page.path === undefined) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('');
  }

  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  const url = `${origin}${page.path}`;
  tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:title', title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
  );
  if (page.image !== undefined) {
    tags.push(meta('property', 'og:image', /^https?:\/\//.test(page.image.path) ? page.image.path : `${origin}${page.image.path}`));
    if (page.image.width !== undefined && page.image.height !== undefined) {
      tags.push(meta('property', 'og:image:width', String(page.image.width)), meta('property', 'og:image:height', String(page.image.height)));
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
