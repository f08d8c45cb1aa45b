// An upload's bytes checked by what they are, never by the name or Content-Type the client sent: a picture must decode
// as JPEG, PNG, WebP or AVIF (its dimensions read from the header before anything is decoded), a datasheet must be a
// PDF by its structure. A picture is kept only as the server's own re-encodings (AVIF and WebP at a few widths, no
// metadata), so nothing the client wrote in the file is ever served back.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PICTURE_MAX_PIXELS, PICTURE_WIDTHS, type UploadedPicture } from '@site/contracts/staff-catalogue-api';
import { discardTemp, type MediaStore } from './mediaStore.js';

/** An upload that is not what it should be: answered with its status and sentence, nothing kept. */
export class MediaRefused extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRefused';
  }
}

export interface StreamedUpload {
  /** SHA-256 of the bytes, hex: the stored names' stem. */
  hash: string;
  bytes: number;
  /** Whether the source stopped at its size limit (busboy's `truncated`): the file is then incomplete. */
  truncated: boolean;
}

/** Streams `source` into `file` (never held in memory whole), hashing it on the way. */
export async function streamToFile(source: Readable & { truncated?: boolean }, file: string): Promise<StreamedUpload> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, counter, createWriteStream(file));
  return { hash: hash.digest('hex'), bytes, truncated: source.truncated === true };
}

type PictureFormat = UploadedPicture['format'];

/** The decoded format's name, when it is one of the four taken (sharp calls AVIF 'heif' with AV1 compression). */
function pictureFormat(metadata: Metadata): PictureFormat | undefined {
  if (metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp') return metadata.format;
  if (metadata.format === 'heif' && metadata.compression === 'av1') return 'avif';
  return undefined;
}

const NOT_A_PICTURE =
  'The file is not a picture this site takes: send a JPEG, PNG, WebP or AVIF image (its name and type do not matter, its content does).';

/** The picture's format and size from its header, or a MediaRefused saying why it is not taken. */
export async function inspectPicture(file: string): Promise<{ format: PictureFormat; width: number; height: number }> {
  let metadata: Metadata;
  try {
    // only the header is read here, nothing decoded: its dimensions are checked below, to say what they are
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new MediaRefused(415, NOT_A_PICTURE);
  }
  const format = pictureFormat(metadata);
  if (format === undefined)
    throw new MediaRefused(415, `${NOT_A_PICTURE} This one is ${metadata.format.toUpperCase()}.`);
  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) throw new MediaRefused(415, NOT_A_PICTURE);
  if (width * height > PICTURE_MAX_PIXELS) throw tooManyPixels(width, height);
  return { format, width, height };
}

function tooManyPixels(width?: number, height?: number): MediaRefused {
  const size = width === undefined || height === undefined ? '' : ` (this one declares ${width} × ${height})`;
  return new MediaRefused(
    413,
    `The picture has too many pixels${size}: at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels are taken. Send a smaller one.`,
  );
}

/** The widths made of a picture `width` wide: the standard ones it covers, or its own width when it is narrower. */
export function variantWidths(width: number): number[] {
  const widths = PICTURE_WIDTHS.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

export const variantName = (hash: string, width: number, format: 'avif' | 'webp'): string =>
  `${hash}-${width}.${format}`;

/**
 * Failures of the server rather than of the upload: memory, disk, open files, the temp file gone. Only these stay a
 * server error (503); anything else the decoder says about a file whose header read well is the file's fault.
 */
const RESOURCE_FAILURE =
  /out of memory|memory allocation|unable to allocate|cannot allocate|Input file is missing|\b(?:ENOMEM|ENOSPC|EMFILE|ENFILE|EIO|EACCES)\b/i;

/** Whether `error` is the server running short of something, not the input being bad. */
function isResourceFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  const code = (error as NodeJS.ErrnoException).code;
  return RESOURCE_FAILURE.test(error.message) || (typeof code === 'string' && RESOURCE_FAILURE.test(code));
}

/** Said of a picture whose header read well but whose data the decoder refused (a bad CRC, data cut short, bad zlib…). */
export const UNDECODABLE_PICTURE =
  'could not be decoded: its data is damaged or cut short. Send the picture again, or save it anew from an image editor.';

/**
 * A decoding failure as the answer to send: too many pixels (413), the server short of memory or disk (rethrown, a
 * server error), or else the decoder refusing the data under a header that read well (400: the file is bad).
 */
function decodeRefusal(error: unknown, sentName: string | undefined): unknown {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  if (isResourceFailure(error)) return error;
  return new MediaRefused(400, `The picture ${namedAs(sentName)}${UNDECODABLE_PICTURE}`);
}

/** The name the sender gave the file, quoted for a sentence (invisible and control characters dropped, kept short); '' without one. */
function namedAs(sentName: string | undefined): string {
  const shown = (sentName ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').trim();
  if (shown === '') return '';
  const short = [...shown].length > 80 ? `${[...shown].slice(0, 79).join('')}…` : shown;
  return `“${short}” `;
}

/**
 * Makes and stores the picture's variants: each width in AVIF and WebP, turned upright by its EXIF orientation, no
 * metadata kept. The upload is decoded once, to the widest variant (raw pixels); the others are made from that, so a
 * 40-megapixel upload is decoded once, not six times. Resolves to the widths made. `sentName` (the file's name on the
 * sender's side) names the file when its data does not decode.
 */
export async function storePictureVariants(
  store: MediaStore,
  productId: string,
  hash: string,
  file: string,
  sentName?: string,
): Promise<number[]> {
  let base: { data: Buffer; info: OutputInfo };
  try {
    // limitInputPixels again: the decoder enforces it, whatever the header check concluded
    base = await sharp(file, { limitInputPixels: PICTURE_MAX_PIXELS })
      .rotate()
      .resize({ width: Math.max(...PICTURE_WIDTHS), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeRefusal(error, sentName);
  }
  const { width, height, channels } = base.info;
  const widths = variantWidths(width);
  for (const size of widths) {
    for (const format of ['avif', 'webp'] as const) {
      const temp = await store.tempFile();
      try {
        const resized = sharp(base.data, { raw: { width, height, channels } }).resize({
          width: size,
          withoutEnlargement: true,
        });
        await (format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 80 })).toFile(
          temp,
        );
        await store.put({ productId, name: variantName(hash, size, format) }, temp);
      } catch (error) {
        await discardTemp(temp);
        throw error;
      }
    }
  }
  return widths;
}

const NOT_A_PDF =
  'The file is not a PDF: a datasheet must be a PDF document (its name and type do not matter, its content does).';
/** How far from the end `%%EOF` and `startxref` may be (trailing blank lines and garbage some writers add). */
const TAIL_BYTES = 2048;

/**
 * Whether the file is a PDF by its structure, cheaply: it starts with `%PDF-1.x` or `%PDF-2.x`, ends (within its last
 * 2 KB) with `startxref`, an offset and `%%EOF`, and that offset points inside the file at a cross-reference table
 * (`xref`) or stream (`<n> <g> obj`). A MediaRefused otherwise.
 */
export async function checkPdf(file: string, bytes: number): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(16, bytes));
    await handle.read(head, 0, head.length, 0);
    if (!/^%PDF-[12]\.\d/.test(head.toString('latin1'))) throw new MediaRefused(415, NOT_A_PDF);
    const tailLength = Math.min(TAIL_BYTES, bytes);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, bytes - tailLength);
    const trailer = /startxref\s+(\d{1,12})\s+%%EOF\s*$/.exec(tail.toString('latin1').replace(/\0+$/, ''));
    if (trailer === null)
      throw new MediaRefused(415, `${NOT_A_PDF} This one has no end of file marker (it may be cut short).`);
    const offset = Number(trailer[1]);
    if (offset >= bytes) throw new MediaRefused(415, `${NOT_A_PDF} Its cross-reference offset points past its end.`);
    const at = Buffer.alloc(Math.min(32, bytes - offset));
    await handle.read(at, 0, at.length, offset);
    if (!/^(?:xref|\d{1,10}\s+\d{1,5}\s+obj)\b/.test(at.toString('latin1')))
      throw new MediaRefused(415, `${NOT_A_PDF} Its cross-reference table is not where it says.`);
  } finally {
    await handle.close();
  }
}
