// Where the catalogue editor's uploads are kept: a small interface (a key is a product id and a file name, both made by
// the server), and its one implementation, a folder on disk (DATA_DIR/catalogue-media/<product id>/<file>). An
// S3-compatible store would implement the same four calls.
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

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
}

export const isMediaKey = (key: MediaKey): boolean => PRODUCT_FOLDER.test(key.productId) && MEDIA_FILE_NAME.test(key.name);

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

  async tempFile(): Promise<string> {
    // a dot folder: never a product's (their ids have no dot), and never served
    const folder = path.join(this.root, '.uploading');
    await mkdir(folder, { recursive: true });
    return path.join(folder, randomUUID());
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
