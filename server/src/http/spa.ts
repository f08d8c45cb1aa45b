import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';

/** The shell's route table (spec §2), in Fastify syntax. '/' is the empty path the shell redirects to /home. */
export const CLIENT_ROUTES: readonly string[] = [
  '/',
  '/home',
  '/our-products',
  '/our-products/:productCategoryId',
  '/our-products/:productCategoryId/:productId',
  '/about',
  '/certificates',
  '/management',
  '/our-projects',
  '/career-opportunities',
  '/contact-us',
];

/** Paths under these prefixes are never client routes: an unknown one is a plain 404. */
const NON_CLIENT_PREFIXES = ['/api', '/data', '/remotes', '/images', '/uploads'];

/** A file extension on the last segment: a dot then 1-8 letters/digits, at least one letter (so "2.5" is not one). */
const FILE_EXTENSION = /\.(?=[0-9a-z]*[a-z])[0-9a-z]{1,8}$/i;

export const NOT_BUILT_MESSAGE = 'The site is not built yet: run npm run build\n';

export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return FILE_EXTENSION.test(last);
}

/** A path the browser may navigate to: no file extension, not under /api, /data, /remotes, /images, /uploads. */
export function isClientRoutePath(pathname: string): boolean {
  if (hasFileExtension(pathname)) return false;
  return !NON_CLIENT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

interface ShellHtml {
  html: Buffer;
  etag: string;
  mtimeMs: number;
  size: number;
}

/**
 * Serves shell/dist/index.html for client routes: 200 on the route table, 404 elsewhere (the shell
 * then shows its error screen), 503 with a plain message when the shell is not built.
 * The file is re-read when it changes on disk, so a rebuilt shell is served without a restart.
 */
export function createShellResponder(shellDist: string) {
  const indexPath = path.join(shellDist, 'index.html');
  let cached: ShellHtml | undefined;

  async function load(): Promise<ShellHtml | undefined> {
    let info;
    try {
      info = await stat(indexPath);
    } catch {
      cached = undefined;
      return undefined;
    }
    if (cached !== undefined && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const html = await readFile(indexPath);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    cached = { html, etag, mtimeMs: info.mtimeMs, size: info.size };
    return cached;
  }

  return async function sendShell(request: FastifyRequest, reply: FastifyReply, status: 200 | 404) {
    const shell = await load();
    if (shell === undefined) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_MESSAGE);
    }
    reply.header('cache-control', CACHE_REVALIDATE).header('etag', shell.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (status === 200 && ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, shell.etag)) {
      return reply.code(304).send();
    }
    return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(shell.html);
  };
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
