// Where the catalogue editor's uploads are kept: a small interface (a key is a product id and a file name, both made by
// the server), and its one implementation, a folder on disk (DATA_DIR/catalogue-media/<product id>/<file>). An
// S3-compatible store would implement the same calls.
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A temp file older than this is an upload whose process died (a request lasts at most HTTP_REQUEST_TIMEOUT_SECONDS). */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** A product id as the catalogue keeps them (the editor's own pattern): no dot or slash, so never a path of its own. */
const PRODUCT_FOLDER = /^[A-Za-z0-9_-]{1,100}$/;
/** The only names the store holds: a picture's variant, or a datasheet, each named by the upload's SHA-256. */
export const MEDIA_FILE_NAME = /^[a-f0-9]{64}(?:-\d{1,4}\.(?:avif|webp)|\.pdf)$/;

export interface MediaKey {
  productId: string;
  /** A name matching MEDIA_FILE_NAME. */
  name: string;
}

export interface StoredMedia {
  stream: ReadStream;
  bytes: number;
}

export interface MediaStore {
  /** A new file's path for an upload to stream into (the same disk as the store, so `put` is a rename). */
  tempFile(): Promise<string>;
  /** Moves a finished temp file in under `key`; the same content under the same name is simply replaced. */
  put(key: MediaKey, tempFile: string): Promise<void>;
  has(key: MediaKey): Promise<boolean>;
  /** The file, or undefined when there is none (or the key is not one the store could hold). */
  open(key: MediaKey): Promise<StoredMedia | undefined>;
  /** The products that have files (`productId` given: that one, if it has any). */
  products(productId?: string): Promise<string[]>;
  /** A product's files with when each was last written (a re-upload of the same content writes it again). */
  files(productId: string): Promise<{ name: string; modifiedMs: number }[]>;
  remove(key: MediaKey): Promise<void>;
  /**
   * Keeps a finished temp file under `name` (a catalogue import job's id) until `release`: a job's file outlives its
   * request and a restart of the process, and any process sharing the store can run the job.
   */
  hold(tempFile: string, name: string): Promise<void>;
  /** The held file's path, or undefined when there is none under `name`. */
  heldFile(name: string): Promise<string | undefined>;
  release(name: string): Promise<void>;
  /** The names held now. */
  heldNames(): Promise<string[]>;
}

/** A held file's name: an import job's id (a UUID), so never a path of its own. */
const HELD_NAME = /^[a-f0-9-]{36}$/;

export const isMediaKey = (key: MediaKey): boolean =>
  PRODUCT_FOLDER.test(key.productId) && MEDIA_FILE_NAME.test(key.name);

function checked(key: MediaKey): MediaKey {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

export class DiskMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private pathOf(key: MediaKey): string {
    const { productId, name } = checked(key);
    return path.join(this.root, productId, name);
  }

  /** A dot folder: never a product's (their ids have no dot), and never served. */
  private get uploading(): string {
    return path.join(this.root, '.uploading');
  }

  /** Another dot folder: the files of import jobs, held until their job is over. */
  private get held(): string {
    return path.join(this.root, '.held');
  }

  private heldPath(name: string): string {
    if (!HELD_NAME.test(name)) throw new Error(`not a held file's name: ${JSON.stringify(name)}`);
    return path.join(this.held, name);
  }

  async hold(tempFile: string, name: string): Promise<void> {
    const target = this.heldPath(name);
    await mkdir(this.held, { recursive: true });
    await rename(tempFile, target);
  }

  async heldFile(name: string): Promise<string | undefined> {
    if (!HELD_NAME.test(name)) return undefined;
    try {
      return (await stat(this.heldPath(name))).isFile() ? this.heldPath(name) : undefined;
    } catch {
      return undefined;
    }
  }

  async release(name: string): Promise<void> {
    await rm(this.heldPath(name), { force: true });
  }

  async heldNames(): Promise<string[]> {
    try {
      return (await readdir(this.held)).filter((name) => HELD_NAME.test(name));
    } catch {
      return []; // nothing held yet
    }
  }

  async tempFile(): Promise<string> {
    await mkdir(this.uploading, { recursive: true });
    return path.join(this.uploading, randomUUID());
  }

  /**
   * Removes the temp files of uploads that never finished (a process killed mid-upload), leaving any younger than
   * STALE_UPLOAD_MS: another process sharing the folder may be writing them. Resolves to how many were removed.
   */
  async sweepTemp(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.uploading);
    } catch {
      return 0; // no upload yet
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.uploading, name);
      try {
        if (now - (await stat(file)).mtimeMs > STALE_UPLOAD_MS) {
          await rm(file, { force: true });
          removed += 1;
        }
      } catch {
        // gone meanwhile (moved in by its process): nothing to sweep
      }
    }
    return removed;
  }

  async put(key: MediaKey, tempFile: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  async has(key: MediaKey): Promise<boolean> {
    if (!isMediaKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async products(productId?: string): Promise<string[]> {
    let names: string[];
    try {
      names = productId === undefined ? await readdir(this.root) : [productId];
    } catch {
      return []; // no upload yet
    }
    const folders: string[] = [];
    for (const name of names) {
      if (!PRODUCT_FOLDER.test(name)) continue; // .uploading, and anything not the store's
      try {
        if ((await stat(path.join(this.root, name))).isDirectory()) folders.push(name);
      } catch {
        // none
      }
    }
    return folders;
  }

  async files(productId: string): Promise<{ name: string; modifiedMs: number }[]> {
    if (!PRODUCT_FOLDER.test(productId)) return [];
    let names: string[];
    try {
      names = await readdir(path.join(this.root, productId));
    } catch {
      return [];
    }
    const files: { name: string; modifiedMs: number }[] = [];
    for (const name of names.filter((candidate) => MEDIA_FILE_NAME.test(candidate))) {
      try {
        files.push({ name, modifiedMs: (await stat(path.join(this.root, productId, name))).mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
    return files;
  }

  async remove(key: MediaKey): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async open(key: MediaKey): Promise<StoredMedia | undefined> {
    if (!isMediaKey(key)) return undefined;
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return { stream: createReadStream(file), bytes: info.size };
    } catch {
      return undefined;
    }
  }
}

/** Removes a temp file, whatever happened to it (already moved in, or never written). */
export const discardTemp = (file: string): Promise<void> => rm(file, { force: true });
