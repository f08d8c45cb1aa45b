// /data/*.json from memory, for browsers and for server rendering (ssr/firstView.ts): each file's bytes, a hash of them
// (its ETag, and its version in the rendered pages' cache keys) and the brotli/gzip copies the build wrote beside it
// (scripts/precompress-content.mjs). The one static folder not sent by @fastify/static: streaming each answer from
// disk held /data/product-details.json to a fifth of this route's rate (docs/decisions/008-precompressed-static-files.md), and the bench's
// read rows must stay at 5,000 req/s or more. Nothing is compressed here: a copy older than its file is not used.
//
// Content is regenerated while the server runs, so a file's stat is trusted for `recheckMs` (1 s by default): the
// first read after that stats the roots again and re-reads the file when it or its copies changed. A file created
// after start is found on its first read, and a deleted one is gone after the next re-check.
// (fs.watch was the alternative: polling at most once a second per file is cheaper to get right, since the roots may
// not exist at start and watchers behave differently across platforms and editors' atomic saves.)
//
// Editions: the Arabic pages read /data/ar/<file>.json, the same records with their texts in Arabic. The
// content build generates them (content/scripts/generate-editions.ts) into the generated root, with their copies, so
// they are served like any other file. The dictionaries they are made from (content/translations/ar/<file>.json:
// English text → Arabic text) are outside every root: never served.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DEFAULT_LOCALE, LOCALES } from '@site/contracts/locale';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';
import { contentEtag, isFresh } from './etag.js';
import { compressedStream, preferredEncoding, type Encoding } from './compression.js';

export const DATA_CONTENT_TYPE = 'application/json; charset=utf-8';
const DEFAULT_RECHECK_MS = 1000;
const UNREADABLE = 'This data could not be read right now. Please try again in a few minutes.';
/** Entries kept; beyond it the names found in no root are forgotten (a client can ask for any name). */
const MAX_ENTRIES = 512;
/** The build's copies beside a file: `<file>.br`, `<file>.gz`. */
const COPY_EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * One plain name ending in .json: letters, digits, `_`, `-` and dots, not starting with a dot (no dotfiles), no
 * `..`, no separator of either kind. The roots hold only JSON, and every answer is typed as JSON.
 */
const FILE_NAME = /^(?!\.)(?!.*\.\.)[\w.-]+\.json$/;
/** The folders of the editions other than the default one ('ar'): /data/ar/<file>.json. */
const EDITION_FOLDERS: ReadonlySet<string> = new Set(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE));

/** The edition folder a checked name is in ('ar/products.json' → 'ar'), or undefined for a default edition's file. */
function editionOf(name: string): string | undefined {
  const slash = name.indexOf('/');
  return slash === -1 ? undefined : name.slice(0, slash);
}

/** A data file as it is served. */
export interface DataFile {
  body: Buffer;
  /** A strong ETag of the bytes: the file's version. */
  etag: string;
  /** The build's compressed copies, when they are there and not older than the file. */
  copies: Partial<Record<Encoding, Buffer>>;
}

/**
 * A data file made as it is sent (the catalogue's, read from the database a page at a time): its ETag is known before
 * its bytes, which are never held whole.
 */
export interface StreamedDataFile {
  /** The version as this process knows it (a client holding it is answered 304 without reading anything). */
  etag: string;
  /** The file as it is now, to be read as it is sent; the stream fails if what it reads moves on meanwhile. */
  open(): Promise<OpenedDataFile>;
}

/** A streamed file opened: the version it is read at, and its bytes. */
export interface OpenedDataFile {
  etag: string;
  body: Readable;
}

export interface FileVersion extends DataFile {
  filePath: string;
}

/** Where /data's files come from (a DataFileCache, or catalogueDataFiles.ts's database files over one). */
export interface DataFiles {
  /** The file of a checked name (isDataFileName), or undefined when there is none. */
  get(name: string): Promise<DataFile | StreamedDataFile | undefined>;
}

/** Where a file is and the stats that tell a change: the file's size and mtime, and its usable copies' mtimes. */
interface Located {
  filePath: string;
  size: number;
  stamp: string;
  copies: Encoding[];
}

interface Entry {
  /** undefined: in no root (at the last check). */
  version: FileVersion | undefined;
  stamp?: string;
  checkedAt: number;
  /** The re-check in progress: requests arriving meanwhile wait for it instead of stat-ing again. */
  checking?: Promise<void>;
}

/** A small cache of the data files, by name; `roots` are searched in order, the first one holding the file wins. */
export class DataFileCache implements DataFiles {
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
    if (found === undefined) {
      entry.version = undefined;
      entry.stamp = undefined;
    } else if (entry.version?.filePath !== found.filePath || entry.stamp !== found.stamp) {
      const body = await readFile(found.filePath);
      const copies: Partial<Record<Encoding, Buffer>> = {};
      for (const encoding of found.copies)
        copies[encoding] = await readFile(found.filePath + COPY_EXTENSIONS[encoding]);
      entry.version = { filePath: found.filePath, body, etag: contentEtag(body), copies };
      entry.stamp = found.stamp;
      // Changed while being read (a generator still writing it): serve what was read, but look again next time.
      const after = await this.locate(name).catch(() => undefined);
      if (after?.stamp !== found.stamp || body.length !== found.size) {
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

  /** The first root holding `name` as a regular file, with the copies beside it that are not older than it. */
  private async locate(name: string): Promise<Located | undefined> {
    for (const root of this.roots) {
      const filePath = path.join(root, name);
      const info = await statOf(filePath);
      if (info === undefined || !info.isFile()) continue; // missing here (or the root itself is): try the next root
      const copies: Encoding[] = [];
      const stamp = [info.size, info.mtimeMs];
      for (const encoding of Object.keys(COPY_EXTENSIONS) as Encoding[]) {
        const copy = await statOf(filePath + COPY_EXTENSIONS[encoding]);
        if (copy === undefined || !copy.isFile() || copy.mtimeMs < info.mtimeMs) continue;
        copies.push(encoding);
        stamp.push(copy.size, copy.mtimeMs);
      }
      return { filePath, size: info.size, stamp: `${copies.join()} ${stamp.join()}`, copies };
    }
    return undefined;
  }
}

/** A file's stats, or undefined when it is missing. Anything else (EACCES...) is a real error. */
async function statOf(filePath: string) {
  try {
    return await stat(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * A data file's name as asked for after '/data/': a plain file name ('products.json'), or one in an edition's folder
 * ('ar/products.json'; not 'en/…': the default edition's files are at the top).
 */
export function isDataFileName(name: string): boolean {
  const edition = editionOf(name);
  return edition === undefined
    ? FILE_NAME.test(name)
    : EDITION_FOLDERS.has(edition) && FILE_NAME.test(name.slice(edition.length + 1));
}

/**
 * GET and HEAD /data/:file and /data/:edition/:file (register with `prefix: '/data'`). Answers are `no-cache` with a
 * strong ETag (304 when it matches), the build's brotli or gzip copy by Accept-Encoding; unknown or unsafe names go to
 * the app's not-found handler.
 */
export const dataFileRoutes: FastifyPluginAsync<{ cache: DataFiles }> = async (app, { cache }) => {
  // compress: false: the copies are compressed already. A file without copies is sent as it is, or compressed once per
  // ETag by compression.ts's hook for buffered answers.
  app.get('/:file', { compress: false }, async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const { file } = request.params;
    // one segment: an encoded slash ('ar%2Fproducts.json') names no file
    return sendDataFile(cache, file.includes('/') ? '' : file, request, reply);
  });
  app.get(
    '/:edition/:file',
    { compress: false },
    async (request: FastifyRequest<{ Params: { edition: string; file: string } }>, reply) => {
      const { edition, file } = request.params;
      return sendDataFile(
        cache,
        edition.includes('/') || file.includes('/') ? '' : `${edition}/${file}`,
        request,
        reply,
      );
    },
  );
};

/** The answer for a data file's name (checked here), or the app's not-found handler. */
async function sendDataFile(cache: DataFiles, name: string, request: FastifyRequest, reply: FastifyReply) {
  let file: DataFile | StreamedDataFile | undefined;
  try {
    file = isDataFileName(name) ? await cache.get(name) : undefined;
  } catch (error) {
    return sendUnreadable(name, error, request, reply);
  }
  if (file === undefined) return reply.callNotFound();

  reply
    .header('content-type', DATA_CONTENT_TYPE)
    .header('cache-control', CACHE_REVALIDATE)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  if (isFresh(request, file.etag)) return reply.code(304).send();
  if (isStreamed(file)) return sendStreamed(file, name, request, reply);

  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const copy = encoding === undefined ? undefined : file.copies[encoding];
  if (encoding !== undefined && copy !== undefined) {
    return reply.header('content-encoding', encoding).header('content-length', copy.length).send(copy);
  }
  return reply.header('content-length', file.body.length).send(file.body);
}

/** A streamed file's answer (its headers set): its bytes as they are read, compressed on the way by Accept-Encoding. */
async function sendStreamed(file: StreamedDataFile, name: string, request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'HEAD') return reply.send(); // its headers, without reading what it holds
  let opened: OpenedDataFile;
  try {
    opened = await file.open();
  } catch (error) {
    return sendUnreadable(name, error, request, reply);
  }
  // the version it is read at: newer than the one asked about when this process has not heard of a change yet
  reply.header('etag', opened.etag);
  if (isFresh(request, opened.etag)) {
    opened.body.destroy();
    return reply.code(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(opened.body);
  return reply.header('content-encoding', encoding).send(compressedStream(opened.body, encoding));
}

/** 503: the catalogue's files when the database cannot be read (a disk error is no better answered by a 500). */
function sendUnreadable(name: string, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  request.log.error({ err: error }, `could not read /data/${name}`);
  return reply.code(503).header('cache-control', 'no-store').send({ error: UNREADABLE });
}

/** Whether a data file is read as it is sent (else its bytes are held). */
export const isStreamed = (file: DataFile | StreamedDataFile): file is StreamedDataFile => 'open' in file;
