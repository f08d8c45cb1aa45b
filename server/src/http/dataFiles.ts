// /data/*.json from memory: each file's bytes, its brotli and gzip copies and its ETag are made once per version of
// the file. @fastify/static stat()ed and opened the file on every request, which capped
// /data/product-details.json at ~5,900 req/s on the 2-core machine.
//
// Content is regenerated while the server runs, so a file's stat is trusted for `recheckMs` (1 s by default): the
// first request after that stats the roots again and re-reads the file when its size or mtime changed. A file created
// after start is found on its first request, and a deleted one answers 404 after the next re-check.
// (fs.watch was the alternative: polling at most once a second per file is cheaper to get right, since the roots may
// not exist at start and watchers behave differently across platforms and editors' atomic saves.)
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';
import { COMPRESS_THRESHOLD, preferredEncoding, type Encoding } from './compression.js';

export interface DataFilesOptions {
  /** Folders searched in order: the first one holding the file serves it. */
  roots: readonly string[];
  /** How long a file's stat is trusted before it is checked again, in milliseconds. */
  recheckMs?: number;
  /** The clock the re-check interval is measured with (tests step it). */
  now?: () => number;
}

export const DATA_CONTENT_TYPE = 'application/json; charset=utf-8';
const DEFAULT_RECHECK_MS = 1000;
/** Entries kept; beyond it the names found in no root are forgotten (a client can ask for any name). */
const MAX_ENTRIES = 512;

/**
 * One plain name ending in .json: letters, digits, `_`, `-` and dots, not starting with a dot (no dotfiles), no
 * `..`, no separator of either kind. The roots hold only JSON, and every answer is typed as JSON.
 */
const FILE_NAME = /^(?!\.)(?!.*\.\.)[\w.-]+\.json$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface FileVersion {
  filePath: string;
  size: number;
  mtimeMs: number;
  body: Buffer;
  etag: string;
  /** Missing for a file below COMPRESS_THRESHOLD: it is always sent as is. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

interface Entry {
  /** undefined: in no root (at the last check). */
  version: FileVersion | undefined;
  checkedAt: number;
  /** The re-check in progress: requests arriving meanwhile wait for it instead of stat-ing again. */
  checking?: Promise<void>;
}

/** A small cache of the data files, by name (no Fastify here, so tests and the route share it). */
export class DataFileCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly roots: readonly string[],
    private readonly recheckMs = DEFAULT_RECHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current version of `name`, or undefined when no root has it. `name` must already be checked (isDataFileName). */
  async get(name: string): Promise<FileVersion | undefined> {
    let entry = this.entries.get(name);
    if (entry === undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.forgetMissing();
      entry = { version: undefined, checkedAt: Number.NEGATIVE_INFINITY };
      this.entries.set(name, entry);
    }
    if (this.now() - entry.checkedAt < this.recheckMs) return entry.version;
    if (entry.checking === undefined) {
      const current = entry;
      current.checking = this.check(name, current).finally(() => {
        current.checking = undefined;
      });
    }
    await entry.checking;
    return entry.version;
  }

  private async check(name: string, entry: Entry): Promise<void> {
    const startedAt = this.now();
    const found = await this.locate(name);
    const old = entry.version;
    if (found === undefined) {
      entry.version = undefined;
    } else if (old === undefined || old.filePath !== found.filePath || old.size !== found.size || old.mtimeMs !== found.mtimeMs) {
      const body = await readFile(found.filePath);
      entry.version = await prepare(found.filePath, found.size, found.mtimeMs, body);
      // Changed while being read (a generator still writing it): serve what was read, but look again next time.
      const after = await stat(found.filePath).catch(() => undefined);
      if (after === undefined || after.size !== found.size || after.mtimeMs !== found.mtimeMs || body.length !== found.size) {
        entry.checkedAt = Number.NEGATIVE_INFINITY;
        return;
      }
    }
    entry.checkedAt = startedAt;
  }

  private forgetMissing(): void {
    for (const [name, entry] of this.entries) {
      if (entry.version === undefined && entry.checking === undefined) this.entries.delete(name);
    }
  }

  /** The first root holding `name` as a regular file. */
  private async locate(name: string): Promise<{ filePath: string; size: number; mtimeMs: number } | undefined> {
    for (const root of this.roots) {
      const filePath = path.join(root, name);
      try {
        const info = await stat(filePath);
        if (info.isFile()) return { filePath, size: info.size, mtimeMs: info.mtimeMs };
      } catch (error) {
        // Missing here (or the root itself is missing): try the next root. Anything else (EACCES...) is a real error.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      }
    }
    return undefined;
  }
}

async function prepare(filePath: string, size: number, mtimeMs: number, body: Buffer): Promise<FileVersion> {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const encoded: Partial<Record<Encoding, Buffer>> = {};
  if (body.length >= COMPRESS_THRESHOLD) {
    // zlib's async functions run in the thread pool: brotli 11 on ~140 KB takes a few hundred ms, off the event loop.
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    encoded.br = br;
    encoded.gzip = gz;
  }
  return { filePath, size, mtimeMs, body, etag, encoded };
}

export function isDataFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * GET and HEAD /data/:file (register with `prefix: '/data'`). Answers are `no-cache` with a strong ETag (304 when it
 * matches), brotli or gzip by Accept-Encoding; unknown or unsafe names go to the app's not-found handler.
 */
export const dataFileRoutes: FastifyPluginAsync<DataFilesOptions & { cache?: DataFileCache }> = async (app, options) => {
  // The app's own cache when given (server rendering reads the same files: one copy in memory).
  const cache = options.cache ?? new DataFileCache(options.roots, options.recheckMs ?? DEFAULT_RECHECK_MS, options.now ?? Date.now);

  // compress: false: the bodies are compressed already; @fastify/compress would otherwise add its hooks to the route.
  // (compression.ts's own onSend hook leaves answers with a content-encoding alone, and an identity answer goes
  // out only when preferredEncoding, which that hook uses too, finds neither br nor gzip acceptable.)
  app.get('/:file', { compress: false }, async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const name = request.params.file;
    const file = isDataFileName(name) ? await cache.get(name) : undefined;
    if (file === undefined) return reply.callNotFound();

    reply
      .header('content-type', DATA_CONTENT_TYPE)
      .header('cache-control', CACHE_REVALIDATE)
      .header('etag', file.etag)
      .header('vary', 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, file.etag)) return reply.code(304).send();

    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const encoded = encoding === undefined ? undefined : file.encoded[encoding];
    if (encoding !== undefined && encoded !== undefined) {
      return reply.header('content-encoding', encoding).header('content-length', encoded.length).send(encoded);
    }
    return reply.header('content-length', file.body.length).send(file.body);
  });
};
