// The staff pages: /staff and /staff/* answer with the staff host's own page (staff-host/dist/index.html),
// never with the public shell. The page names the staff remote in a remotes map of its own (the public pages' map and
// /remotes.json never do), and the catalogue remote's stable build, which the product editor's live preview loads when
// it is opened, is never indexed (X-Robots-Tag and the page's robots meta, and robots.txt disallows
// /staff/), never cached (no-store: it is the door to visitors' personal data) and carries a CSP of its own, stricter
// than the public pages': nothing is allowed that the staff app does not use.
//
// Also served here: the staff host's files at /staff/assets/ (the staff remote's build at /remotes/staff/ is served
// with the public remotes': remoteBundles.ts).
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_BASE, STAFF_HOST_ASSETS_PATH, STAFF_REMOTE } from '@site/contracts/staff-api';
import { PRODUCT_PREVIEW_REMOTE } from '@site/contracts/product-preview';
import type { StaffPagesConfig } from '../config.js';
import { escapeHtml } from './seo/escape.js';
import { remoteOrigins } from './securityHeaders.js';
import { remotesMap, remotesMapScript } from './remotes.js';
import { isBrowserFile } from './browserFiles.js';
import { hasFileExtension, NOT_BUILT_MESSAGE } from './spa.js';
import { registerStaticFiles } from './staticFiles.js';

/** Said by the header and by the page's robots meta (staff-host/src/index.html). */
export const STAFF_ROBOTS = 'noindex, nofollow';

/**
 * The staff pages' Content-Security-Policy. Scripts and fetches from this site and the origins of the staff remote and
 * of the catalogue's stable build only (their manifests are fetched, their files run: the catalogue's for the editor's
 * live preview); images from the site and data: URLs (the TOTP set-up's QR code is an
 * <img src="data:image/svg+xml,…">); styles from the site and the <style> elements styled-components inserts, which
 * carry this page's nonce (it reads it from <meta property="csp-nonce">): no 'unsafe-inline', unlike the public pages,
 * whose HTML is cached and revalidated by ETag and so cannot change per request (securityHeaders.ts), while this one
 * is no-store anyway. No frames but this site's own (the draft preview), no objects, fonts, workers or plugins; no framing by anyone; forms post only here; no
 * <base>.
 */
export function staffContentSecurityPolicy(remoteEntries: readonly string[], nonce: string): string {
  const remote = remoteOrigins(remoteEntries);
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...remote],
    'script-src-attr': ["'none'"],
    'connect-src': ["'self'", ...remote],
    'img-src': ["'self'", 'data:'],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    // the editor's preview panel frames the server's preview of a draft (/staff/preview/…), nothing else
    'frame-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

interface HostPage {
  template: { before: string; after: string };
  mtimeMs: number;
  size: number;
  catalogueEntry: string | undefined;
}

/** The staff page's options: its config, and where the catalogue's stable build is now (it moves with releases). */
export interface StaffPageOptions extends StaffPagesConfig {
  catalogueEntry: () => string | undefined;
}

/** A fresh nonce for one answer (128 random bits). */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The staff host's index.html with the staff page's head, cut around the place for the answer's nonce: the remotes map
 * naming the staff remote and the catalogue's stable build (never a canary: staff see what visitors see), and a preload
 * of the staff remote's manifest (fetched by the host's first script; as=fetch crossorigin=anonymous is the request it
 * makes). The catalogue's is not preloaded: it is fetched only when the editor's preview is opened.
 */
export function staffPageTemplate(hostHtml: string, remoteEntry: string, catalogueEntry?: string): { before: string; after: string } {
  const remotes = [{ name: STAFF_REMOTE, entry: remoteEntry }, ...(catalogueEntry === undefined ? [] : [{ name: PRODUCT_PREVIEW_REMOTE, entry: catalogueEntry }])];
  const map = remotesMapScript(remotesMap(remotes));
  const preload = new URL(remoteEntry, 'http://x').pathname.endsWith('.json')
    ? `<link rel="preload" href="${escapeHtml(remoteEntry)}" as="fetch" crossorigin="anonymous">`
    : '';
  const at = hostHtml.search(/<\/head>/i);
  if (at === -1) return { before: hostHtml, after: '' };
  return { before: hostHtml.slice(0, at), after: preload + map + hostHtml.slice(at) };
}

/** The page for one answer: styled-components gives its <style> elements the nonce of this meta (and the CSP allows it). */
export function staffPageHtml(template: { before: string; after: string }, nonce: string): string {
  if (template.after === '') return template.before;
  return `${template.before}<meta property="csp-nonce" nonce="${escapeHtml(nonce)}">${template.after}`;
}

/** The headers every staff page answer carries (the 503 too). */
function staffPageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return (
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', STAFF_ROBOTS)
      // Replaces the public pages' policy, which helmet set as the request came in.
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      // The address may hold a visitor's name in a filter: never sent to another site.
      .header('referrer-policy', 'no-referrer')
  );
}

export async function staffPageRoutes(app: FastifyInstance, options: StaffPageOptions): Promise<void> {
  const indexPath = path.join(options.hostDist, 'index.html');
  let cached: HostPage | undefined;

  /**
   * The page, read again when the staff host is rebuilt (no restart needed) and made again when a release moves the
   * catalogue; undefined when it is not built.
   */
  async function page(catalogueEntry: string | undefined): Promise<HostPage | undefined> {
    let info;
    try {
      info = await stat(indexPath);
    } catch {
      cached = undefined;
      return undefined;
    }
    if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size || cached.catalogueEntry !== catalogueEntry) {
      const template = staffPageTemplate(await readFile(indexPath, 'utf8'), options.entry, catalogueEntry);
      cached = { template, mtimeMs: info.mtimeMs, size: info.size, catalogueEntry };
    }
    return cached;
  }

  async function sendStaffPage(request: FastifyRequest, reply: FastifyReply) {
    const end = request.url.search(/[?#]/);
    // /staff/logo.png is a missing file, not a page of the staff app.
    if (hasFileExtension(end === -1 ? request.url : request.url.slice(0, end))) return reply.callNotFound();
    const catalogueEntry = options.catalogueEntry();
    const staffPage = await page(catalogueEntry);
    const nonce = newNonce();
    staffPageHeaders(reply, staffContentSecurityPolicy(catalogueEntry === undefined ? [options.entry] : [options.entry, catalogueEntry], nonce));
    if (staffPage === undefined) return reply.code(503).header('content-type', 'text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    return reply.code(200).header('content-type', 'text/html; charset=utf-8').send(staffPageHtml(staffPage.template, nonce));
  }

  for (const url of [STAFF_BASE, `${STAFF_BASE}/`, `${STAFF_BASE}/*`]) app.get(url, sendStaffPage);

  // The host's own files (hashed names, cached for a year), missing until built. The staff remote's build is served
  // with the others under /remotes/ (remoteBundles.ts).
  await registerStaticFiles(app, { root: options.hostDist, prefix: STAFF_HOST_ASSETS_PATH, allowedPath: isStaffHostFile });
}

/** The host's files but its index.html, which only the page routes send (with the staff page's head and headers). */
function isStaffHostFile(pathName: string): boolean {
  return isBrowserFile(pathName) && pathName !== '/index.html';
}
