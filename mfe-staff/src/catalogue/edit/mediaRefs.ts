// What the editor's picture and datasheet fields share (MediaEditor.tsx, gallery/): a picture's reference and its
// thumbnail, and the sentence for a file too large to send.
import { DATASHEET_MAX_BYTES, PICTURE_MAX_BYTES } from '@site/contracts/staff-catalogue-api';

export type MediaKind = 'picture' | 'datasheet';

export interface PictureRef {
  src: string;
  widths: number[];
}

export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  picture: PICTURE_MAX_BYTES,
  datasheet: DATASHEET_MAX_BYTES,
};

export function megabytes(bytes: number): string {
  return `${bytes / (1024 * 1024)} MB`;
}

/** The sentence for a file refused before sending, in the server's style (tooLarge in server/src/catalogue/staff/uploads.ts). */
export const tooLargeSentence = (kind: MediaKind) =>
  `The ${kind} is too large: at most ${megabytes(MEDIA_MAX_BYTES[kind])} is taken. Nothing was sent.`;

/** The 320 px WebP variant, or the one variant of a picture narrower than that (never enlarged by the server). */
export function thumbnailOf({ src, widths }: PictureRef): string {
  const width = widths.includes(320) ? 320 : Math.min(...widths);
  return `${src}-${width}.webp`;
}
