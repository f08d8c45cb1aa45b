// The staff pages: /staff and /staff/* answer with the staff host's own page (staff-host/dist/index.html),
// never with the public shell. The page names only the staff remote in a remotes map of its own (the public pages'
// map and /remotes.json never do), is never indexed (X-Robots-Tag and the page's robots meta, and robots.txt disallows
// /staff/), never cached (no-store: it is the door to visitors' personal data) and carries a CSP of its own, stricter
// than the public pages': nothing is allowed that the staff app does not use. The staff remote is released through the
// registry like the public ones: the map names the build the registry says now, its canary for a visitor whose cohort
// is on it (with the stable build as `fallback`, which the staff host loads when the canary does not load).
//
// Also served here: the staff host's files at /staff/assets/ (the staff remote's build at /remotes/staff/ is served
// with the public remotes': remoteBundles.ts).
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_BASE, STAFF_HOST_ASSETS_PATH } from '@site/contracts/staff-api';
import { PRODUCT_PREVIEW_REMOTE } from '@site/contracts/product-preview';
import type { ReleasedRemoteConfig } from '../platform/config.js';
import type { CanaryAssignment } from './canary.js';
import { escapeHtml } from '../platform/http/escape.js';
import { remoteOrigins } from '../platform/http/securityHeaders.js';
import { remotesMap, remotesMapScript, type RemotesMap } from './remotes.js';
import { isBrowserFile } from '../platform/http/browserFiles.js';
import { hasFileExtension } from '../platform/http/clientPaths.js';
import { NOT_BUILT_MESSAGE } from './shellResponder.js';
import { registerStaticFiles } from '../platform/http/staticFiles.js';

/** Said by the header and by the page's robots meta (staff-host/src/index.html). */
export const STAFF_ROBOTS = 'noindex, nofollow';

/**
 * The staff pages' Content-Security-Policy. Scripts and fetches from this site and the staff remote's origin only
 * (its manifest is fetched, its files run); images from the site and data: URLs (the TOTP set-up's QR code is an
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
}

/** A fresh nonce for one answer (128 random bits). */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** The staff host's index.html, cut where the staff page's head goes (before </head>). */
export function staffPageTemplate(hostHtml: string): { before: string; after: string } {
  const at = hostHtml.search(/<\/head>/i);
  if (at === -1) return { before: hostHtml, after: '' };
  return { before: hostHtml.slice(0, at), after: hostHtml.slice(at) };
}

/**
 * The page for one answer: the meta whose nonce styled-components gives its <style> elements (and the CSP allows), a
 * preload of the staff remote's manifest this visitor loads first (fetched by the host's first script; as=fetch
 * crossorigin=anonymous is the request it makes), and the remotes map naming only the staff remote (its canary for a
 * visitor on it, with the stable build as `fallback`).
 */
export function staffPageHtml(template: { before: string; after: string }, nonce: string, map: RemotesMap): string {
  if (template.after === '') return template.before;
  const first = map.remotes[0]?.entry;
  const preload =
    first !== undefined && new URL(first, 'http://x').pathname.endsWith('.json')
      ? `<link rel="preload" href="${escapeHtml(first)}" as="fetch" crossorigin="anonymous">`
      : '';
  return `${template.before}<meta property="csp-nonce" nonce="${escapeHtml(nonce)}">${preload}${remotesMapScript(map)}${template.after}`;
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

export interface StaffPageOptions {
  /** staff-host's build output (StaffPagesConfig.hostDist). */
  hostDist: string;
  /** The staff remote as it is now (the registry's pointers applied: releases/liveRemotes.ts), and who gets its canary. */
  current: () => { remote: ReleasedRemoteConfig; canaries: CanaryAssignment };
  /** The catalogue's stable entry now (never a canary: staff preview what visitors see), for the live preview. */
  catalogueEntry: () => string | undefined;
}

export async function staffPageRoutes(app: FastifyInstance, options: StaffPageOptions): Promise<void> {
  const indexPath = path.join(options.hostDist, 'index.html');
  let cached: HostPage | undefined;

  /** The page, read again when the staff host is rebuilt (no restart needed); undefined when it is not built. */
  async function page(): Promise<HostPage | undefined> {
    let info;
    try {
      info = await stat(indexPath);
    } catch {
      cached = undefined;
      return undefined;
    }
    if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      cached = {
        template: staffPageTemplate(await readFile(indexPath, 'utf8')),
        mtimeMs: info.mtimeMs,
        size: info.size,
      };
    }
    return cached;
  }

  async function sendStaffPage(request: FastifyRequest, reply: FastifyReply) {
    const end = request.url.search(/[?#]/);
    // /staff/logo.png is a missing file, not a page of the staff app.
    if (hasFileExtension(end === -1 ? request.url : request.url.slice(0, end))) return reply.callNotFound();
    const staffPage = await page();
    const nonce = newNonce();
    // A staff canary is assigned as a public remote's (the cohort cookie, the failed-canaries cookie); the answer is
    // no-store anyway, so only a newly drawn cohort's cookie is added.
    const { remote, canaries } = options.current();
    const visitor = canaries.visitor(request);
    const staffMap = remotesMap([remote], visitor.canaries);
    const catalogueEntry = options.catalogueEntry();
    const map =
      catalogueEntry === undefined
        ? staffMap
        : { ...staffMap, remotes: [...staffMap.remotes, { name: PRODUCT_PREVIEW_REMOTE, entry: catalogueEntry }] };
    staffPageHeaders(
      reply,
      staffContentSecurityPolicy(
        map.remotes.flatMap(({ entry, fallback }) => (fallback === undefined ? [entry] : [entry, fallback])),
        nonce,
      ),
    );
    if (visitor.setCookie !== undefined) reply.header('set-cookie', visitor.setCookie);
    if (staffPage === undefined)
      return reply.code(503).header('content-type', 'text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .send(staffPageHtml(staffPage.template, nonce, map));
  }

  for (const url of [STAFF_BASE, `${STAFF_BASE}/`, `${STAFF_BASE}/*`]) app.get(url, sendStaffPage);

  // The host's own files (hashed names, cached for a year), missing until built. The staff remote's build is served
  // with the others under /remotes/ (remoteBundles.ts).
  await registerStaticFiles(app, {
    root: options.hostDist,
    prefix: STAFF_HOST_ASSETS_PATH,
    allowedPath: isStaffHostFile,
  });
}

/** The host's files but its index.html, which only the page routes send (with the staff page's head and headers). */
function isStaffHostFile(pathName: string): boolean {
  return isBrowserFile(pathName) && pathName !== '/index.html';
}
