// Compressed answers (brotli, else gzip) for text: JS, CSS, JSON, HTML, SVG, XML.
//
// - Static files (@fastify/static: the shell's and remotes' bundles, SVG images) are compressed once
//   per file version at the highest settings (brotli 11, gzip 9) in a worker thread and kept in memory, keyed by the
//   file's path and its ETag (size + mtime), so a rebuilt file is recompressed on its first request. Without this
//   cache every request would recompress the same bytes (a 140 KB file costs milliseconds).
//   Headers set by the static plugin (Cache-Control immutable / no-cache, ETag, CORS) are kept.
// - /data/*.json is served from memory already compressed (dataFiles.ts): these hooks skip it (content-encoding set).
// - Buffered answers with a strong ETag (the routes' HTML, whose ETag hashes the page) are compressed once per ETag
//   and kept (compressing each request cost the HTML route more than half its throughput).
// - Every other answer (/remotes.json, API JSON) goes through @fastify/compress: brotli at quality 4 / gzip at
//   level 6 on the fly, above 1 KB.
// Request bodies are never decompressed (globalDecompression: false): the POST routes take plain JSON only.
import { ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Content types worth compressing (images other than SVG, fonts and PDFs are compressed already). */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:javascript|x-javascript|ecmascript|json|ld\+json|manifest\+json|xml|rss\+xml|atom\+xml)|image\/svg\+xml)|[+/](?:json|xml)(?:;|$)/i;

/** Below this, compression saves less than a TCP packet and costs a header. */
export const COMPRESS_THRESHOLD = 1024;
/** Static files above this are streamed through @fastify/compress instead of being cached. */
const MAX_CACHED_FILE = 8 * 1024 * 1024;
/** Total compressed bytes kept in memory; the least recently added files are dropped beyond it. */
const CACHE_LIMIT = 64 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/** @fastify/send's ETag for a stat: W/"<size hex>-<mtime ms hex>". */
const etagOf = (size: number, mtime: Date) => `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

interface CachedFile {
  version: string;
  variants: Partial<Record<Encoding, Promise<Buffer | undefined>>>;
  bytes: number;
}

/** Compressed copies of static files, per path: one version (its ETag) at a time. */
export class CompressedFileCache {
  private readonly files = new Map<string, CachedFile>();
  private total = 0;

  constructor(private readonly limit = CACHE_LIMIT) {}

  /** The file compressed with `encoding`, or undefined when the file on disk is no longer `version` (being rebuilt). */
  get(filePath: string, version: string, encoding: Encoding): Promise<Buffer | undefined> {
    let file = this.files.get(filePath);
    if (file === undefined || file.version !== version) {
      if (file !== undefined) this.drop(filePath, file);
      file = { version, variants: {}, bytes: 0 };
      this.files.set(filePath, file);
    }
    const cached = file.variants[encoding];
    if (cached !== undefined) return cached;
    const entry = file;
    const promise = this.compress(filePath, version, encoding).then(
      (buffer) => {
        if (buffer === undefined || this.files.get(filePath) !== entry) {
          if (entry.variants[encoding] === promise) delete entry.variants[encoding];
          return buffer;
        }
        entry.bytes += buffer.length;
        this.total += buffer.length;
        this.evict();
        return buffer;
      },
      (error: unknown) => {
        delete entry.variants[encoding];
        throw error;
      },
    );
    entry.variants[encoding] = promise;
    return promise;
  }

  get size(): number {
    return this.total;
  }

  private async compress(filePath: string, version: string, encoding: Encoding): Promise<Buffer | undefined> {
    const content = await readFile(filePath);
    const info = await stat(filePath);
    // Changed between the static plugin's stat and this read: do not cache bytes that belong to neither version.
    if (version.startsWith('W/"') && etagOf(info.size, info.mtime) !== version) return undefined;
    if (info.size !== content.length) return undefined;
    return encoding === 'br'
      ? brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        })
      : gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION });
  }

  private drop(filePath: string, file: CachedFile): void {
    this.total -= file.bytes;
    this.files.delete(filePath);
  }

  private evict(): void {
    for (const [filePath, file] of this.files) {
      if (this.total <= this.limit) return;
      this.drop(filePath, file);
    }
  }
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
 * routes as they are declared, and the static-file hook must run before it.
 */
export async function registerCompression(
  app: FastifyInstance,
  cache = new CompressedFileCache(),
  bodies = new CompressedBodyCache(),
): Promise<void> {
  // Buffered answers with a strong ETag (the routes' HTML): compressed once per ETag.
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || etag.startsWith('W/') || reply.statusCode !== 200) return payload;
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESS_THRESHOLD || body.length > MAX_CACHED_BODY) return payload;
    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    const compressed = bodies.get(etag, encoding, body);
    reply.header('content-encoding', encoding).header('content-length', compressed.length);
    return compressed;
  });

  // Static files: the payload @fastify/static sends is a ReadStream of the file (its path tells which one).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(payload instanceof ReadStream)) return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Number(reply.getHeader('content-length'));
    if (size < COMPRESS_THRESHOLD) {
      // As a Buffer, @fastify/compress applies its threshold and leaves it alone (it compresses any stream).
      const content = await readFile(String(payload.path)).catch(() => undefined);
      if (content === undefined || content.length !== size) return payload;
      payload.destroy();
      return content;
    }
    if (!(size <= MAX_CACHED_FILE)) return payload;
    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    const version = String(reply.getHeader('etag') ?? `${size}-${String(reply.getHeader('last-modified'))}`);
    const compressed = await cache.get(String(payload.path), version, encoding).catch(() => undefined);
    if (compressed === undefined) return payload; // being rebuilt: @fastify/compress streams this one
    payload.destroy();
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
