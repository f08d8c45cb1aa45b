// Static files (@fastify/static) behind one guard: a path segment longer than a file name can be (255 bytes on Linux
// and macOS) names no file. @fastify/static answers such a path 403 Forbidden (its check of the path's spelling on
// disk fails with ENAMETOOLONG, which it does not count as "missing"); it is simply not found.
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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

/**
 * Registers @fastify/static with `options` in a scope of its own, whose onRequest hook sends the site's not-found
 * answer for paths no file can have (only for these routes: the API's routes answer their own parameters).
 */
export async function registerStaticFiles(app: FastifyInstance, options: FastifyStaticOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const end = request.url.search(/[?#]/);
      if (hasOverlongSegment(end === -1 ? request.url : request.url.slice(0, end))) return reply.callNotFound();
    });
    await scope.register(fastifyStatic, options);
  });
}
