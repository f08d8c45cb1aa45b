// Static files: @fastify/static in a scope of its own, sending the brotli/gzip copies the build wrote beside each file
// (`preCompressed`: `<file>.br`, else `<file>.gz`, else the file; Vary: Accept-Encoding on all three), with the
// Cache-Control of caching.ts and the ETag/Last-Modified/304 and Range handling of @fastify/send.
//
// Paths no file can have are simply not found (404), where @fastify/static would answer 403 Forbidden: a segment
// longer than a file name can be (255 bytes on Linux and macOS; its check of the path's spelling on disk fails with
// ENAMETOOLONG, which it does not count as "missing"), the non-canonical paths it refuses, and a folder's own address
// (/assets/: @fastify/send's 403 for a directory without an index file).
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { cacheControlFor } from './caching.js';

/** @fastify/static's error for a path it will not resolve. */
const FORBIDDEN_PATH = 'FST_STATIC_FORBIDDEN_PATH';
/** @fastify/send's status for a directory (every folder here: no index files). */
const FORBIDDEN = 403;
/** NAME_MAX of the usual file systems, in bytes. */
const MAX_NAME_BYTES = 255;

export function hasOverlongSegment(pathname: string): boolean {
  return pathname.split('/').some((segment) => {
    if (segment.length <= MAX_NAME_BYTES / 3) return false; // even 3-byte characters fit: skip the decoding
    let name = segment;
    try {
      name = decodeURIComponent(segment);
    } catch {
      // a malformed escape is kept as its literal text (malformedUrls.ts)
    }
    return Buffer.byteLength(name) > MAX_NAME_BYTES;
  });
}

export interface StaticFilesOptions {
  /** Folders searched in order: the first one holding the file serves it. A missing folder is fine (its files 404). */
  root: string | string[];
  /** Where they are served, ending in `/`. */
  prefix: string;
  /** Which paths (relative to the prefix, starting with `/`) may be sent; any other answers the site's 404. */
  allowedPath: (pathname: string) => boolean;
  /** Headers added to each file's answer after its Cache-Control (e.g. CORS for the remotes' bundles). */
  addHeaders?: (reply: FastifyReply) => void;
}

/**
 * Registers @fastify/static for `options` in a scope of its own, whose onRequest hook sends the site's not-found
 * answer for paths no file can have (only for these routes: the API's routes answer their own parameters).
 */
export async function registerStaticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  const { addHeaders } = options;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const end = request.url.search(/[?#]/);
      if (hasOverlongSegment(end === -1 ? request.url : request.url.slice(0, end))) return reply.callNotFound();
    });
    // A path @fastify/static refuses as non-canonical (`..`, `%5c`, `//`...) names no file either, nor does a folder's
    // address: 404 (the site's page), not 403, which would tell a prober the folder exists.
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === FORBIDDEN_PATH || error.statusCode === FORBIDDEN) return reply.callNotFound();
      throw error; // the app's error handler
    });
    await scope.register(fastifyStatic, {
      root: options.root,
      prefix: options.prefix,
      allowedPath: options.allowedPath,
      preCompressed: true,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      suppressWarning: true,
      // `filePath` is the file sent, a `.br`/`.gz` copy included: its Cache-Control is the original's (same name rules).
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath.replace(/\.(?:br|gz)$/, '')));
        addHeaders?.(reply);
      },
    });
  });
}
