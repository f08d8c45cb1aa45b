// Compressed answers (brotli, else gzip) for what the server makes itself: the routes' HTML, /remotes.json, API JSON.
// Static files are not compressed here: the build writes brotli/gzip copies beside them (tools/webpack/precompress.cjs,
// scripts/precompress-content.mjs) and @fastify/static sends those (staticFiles.ts).
//
// - Buffered answers with a strong ETag (the routes' HTML, whose ETag hashes the page) are compressed once per ETag
//   and kept: compressing each request cost the HTML route more than half its throughput, and @fastify/compress has no
//   cache. This is the one hand-written piece left (the bench's HTML row needs it).
// - Every other answer goes through @fastify/compress: brotli at quality 4 / gzip at level 6 on the fly, above 1 KB
//   (also a static file that has no copy beside it, e.g. one released without its copies).
// - The catalogue's /data files over the database are streamed, and compressed as they are read (compressedStream).
// Request bodies are never decompressed (globalDecompression: false): the POST routes take plain JSON only.
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Content types worth compressing (images other than SVG, fonts and PDFs are compressed already). */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:javascript|x-javascript|ecmascript|json|ld\+json|manifest\+json|xml|rss\+xml|atom\+xml)|image\/svg\+xml)|[+/](?:json|xml)(?:;|$)/i;

/** Below this, compression saves less than a TCP packet and costs a header. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q-value among br and gzip (`*` counts for
 * both), brotli on a tie; undefined when neither is acceptable (identity then).
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const q: Record<string, number> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q[token] = Number.isFinite(value) ? value : 0;
  }
  const of = (encoding: Encoding) => q[encoding] ?? q['*'] ?? 0;
  const [br, gz] = [of('br'), of('gzip')];
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * `body` compressed as it is read, for an answer too long to hold (the catalogue's /data files over the database): at
 * @fastify/compress's on-the-fly levels (brotli 4, gzip 6), since every request compresses it again. A failure of
 * `body` fails the compressed stream (the answer is cut off).
 */
export function compressedStream(body: Readable, encoding: Encoding): Readable {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createGzip({ level: 6 });
  return pipeline(body, compressor, () => undefined); // the error reaches the reader of the compressed stream
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/**
 * Compressed copies of buffered answers that carry a strong ETag (the routes' HTML: the shell responder hashes each
 * page), keyed by ETag and encoding: a strong ETag names exact bytes, so the same ETag never needs compressing twice.
 */
export class CompressedBodyCache {
  private readonly entries = new Map<string, Buffer>();
  private total = 0;

  constructor(
    private readonly maxEntries = 2000,
    private readonly limit = 16 * 1024 * 1024,
  ) {}

  get(etag: string, encoding: Encoding, body: Buffer): Buffer {
    const key = `${encoding}\u0000${etag}`;
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const compressed =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : zlib.gzipSync(body, { level: 9 });
    this.entries.set(key, compressed);
    this.total += compressed.length;
    for (const [oldKey, oldValue] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.limit) break;
      this.entries.delete(oldKey);
      this.total -= oldValue.length;
    }
    return compressed;
  }
}

/** Above this, buffered answers are left to @fastify/compress's streaming (not compressed synchronously here). */
const MAX_CACHED_BODY = 256 * 1024;

/**
 * Registers compression on the app. Call it before any route is added: @fastify/compress attaches itself to
 * routes as they are declared.
 */
export async function registerCompression(app: FastifyInstance, bodies = new CompressedBodyCache()): Promise<void> {
  // Buffered answers with a strong ETag (the routes' HTML): compressed once per ETag.
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || etag.startsWith('W/') || reply.statusCode !== 200) return payload;
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? '')))
      return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESS_THRESHOLD || body.length > MAX_CACHED_BODY) return payload;
    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    const compressed = bodies.get(etag, encoding, body);
    reply.header('content-encoding', encoding).header('content-length', compressed.length);
    return compressed;
  });

  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE_TYPE,
  });
}
