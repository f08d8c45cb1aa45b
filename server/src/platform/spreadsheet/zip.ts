// The zip archive an Excel workbook is, read as little as it must be: its central directory (at the end) names the
// entries, and an entry is inflated as a stream, every byte it expands to counted against a budget shared by all the
// entries read. The sizes an archive declares are only a first check: a crafted one can declare anything, so it is
// the inflated bytes that are counted, and the read stops as soon as they pass the budget (a few kilobytes of a
// "zip bomb" expand to gigabytes). Entries are found through the central directory and read at their offsets, never
// by walking the local headers as a streaming unzip does, so nothing the directory does not name is read.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { pipeline, Writable, type Readable } from 'node:stream';
import { pipeline as pipelineOf } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the two a workbook uses. */
  method: number;
  compressedSize: number;
  /** As the directory declares it: only a hint (see inflatedEntry). */
  declaredSize: number;
  localHeaderOffset: number;
}

/** Thrown when an archive cannot be read as a zip (its message says why, in words). */
export class ZipFormatError extends Error {}

/** Thrown when what the entries expand to passes the budget. */
export class ZipBudgetError extends Error {}

/** Inflated bytes allowed across every entry read through it. */
export class InflateBudget {
  private spent = 0;

  constructor(
    readonly bytes: number,
    private readonly refusal: () => string,
  ) {}

  spend(bytes: number): void {
    this.spent += bytes;
    if (this.spent > this.bytes) throw new ZipBudgetError(this.refusal());
  }

  get used(): number {
    return this.spent;
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A workbook has a dozen entries, a few hundred with pictures: more is not a workbook. */
const MAX_ENTRIES = 5_000;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipFormatError('the archive is cut short');
  return buffer;
}

/** The entries the archive's central directory names, by name. */
export async function zipEntries(handle: FileHandle, size: number): Promise<Map<string, ZipEntry>> {
  // the end-of-directory record: 22 bytes, then a comment of up to 65,535
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new ZipFormatError('it is not a zip archive (no central directory)');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new ZipFormatError('it is a ZIP64 archive, which no workbook of this size needs');
  }
  if (count > MAX_ENTRIES) throw new ZipFormatError(`it holds ${count} entries (a workbook holds a few dozen)`);
  if (directoryOffset + directorySize > size) throw new ZipFormatError('its central directory lies outside the file');
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new ZipFormatError('its central directory is damaged');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const declaredSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localHeaderOffset = directory.readUInt32LE(at + 42);
    if (at + 46 + nameLength > directory.length) throw new ZipFormatError('its central directory is damaged');
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if ((flags & 0x1) !== 0) throw new ZipFormatError('it is encrypted');
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      throw new ZipFormatError('it is a ZIP64 archive, which no workbook of this size needs');
    }
    if (localHeaderOffset + 30 + compressedSize > size)
      throw new ZipFormatError(`its entry ${name} lies outside the file`);
    entries.set(name, { name, method, compressedSize, declaredSize, localHeaderOffset });
  }
  return entries;
}

/** An entry's bytes as they inflate (nothing counted yet). */
async function entryStream(handle: FileHandle, file: string, entry: ZipEntry): Promise<Readable | undefined> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipFormatError(
      `its entry ${entry.name} is compressed in a way workbooks do not use (method ${entry.method})`,
    );
  const local = await readAt(handle, entry.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipFormatError(`its entry ${entry.name} is damaged`);
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (entry.compressedSize === 0) return undefined;
  const source = createReadStream(file, { start, end: start + entry.compressedSize - 1 });
  // pipeline destroys both streams when the reading stops early (a budget passed, a parse failed)
  return entry.method === 0 ? source : pipeline(source, createInflateRaw(), () => undefined);
}

/**
 * An entry's bytes as they inflate, each chunk counted against `budget` before it is passed on (ZipBudgetError past
 * it: the inflating stops there, the rest never expanded).
 */
export async function* inflatedEntry(
  handle: FileHandle,
  file: string,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  const stream = await entryStream(handle, file, entry);
  if (stream === undefined) return;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    budget.spend(chunk.length);
    yield chunk;
  }
}

/** Inflates an entry only to count what it expands to against `budget` (ZipBudgetError past it). */
export async function measureEntry(
  handle: FileHandle,
  file: string,
  entry: ZipEntry,
  budget: InflateBudget,
): Promise<void> {
  const stream = await entryStream(handle, file, entry);
  if (stream === undefined) return;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        budget.spend(chunk.length);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  // stopped by a chunk past the budget: every stream of the pipeline is destroyed, the file closed
  await pipelineOf(stream, counter);
}
