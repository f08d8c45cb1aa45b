// The product's gallery and its variants' own media as the editor edits them (docs/catalogue.md "Pictures and
// documents"): one list of pictures, each with its alt text in English and in Arabic, written into both detail
// documents (details.gallery with the English alt texts, details_ar.gallery with the Arabic ones, in one order), and
// the variants' pictures and datasheets by code, the same in both. Older content's single `picture` is shown as the
// gallery's first picture (its alt texts the product's names) and becomes it at the first change.
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { withField, type Details } from '../detailsModel';

import type { PictureRef } from '../mediaRefs';

export type { PictureRef };

export interface GalleryItem extends PictureRef {
  alt: string;
  alt_ar: string;
}

export interface VariantMedia {
  code: string;
  picture?: PictureRef;
  datasheet?: string;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A picture reference as the server made it, or undefined for anything else. */
export function pictureRefOf(value: unknown): PictureRef | undefined {
  const picture = record(value);
  if (typeof picture?.src !== 'string' || !Array.isArray(picture.widths) || picture.widths.length === 0)
    return undefined;
  return { src: picture.src, widths: picture.widths.filter((width): width is number => typeof width === 'number') };
}

const pictures = (details: Details): (PictureRef & { alt: string })[] =>
  (Array.isArray(details.gallery) ? details.gallery : []).flatMap((item) => {
    const picture = pictureRefOf(item);
    const alt = record(item)?.alt;
    return picture === undefined ? [] : [{ ...picture, alt: typeof alt === 'string' ? alt : '' }];
  });

/** The gallery as the form shows it: the English document's order, each with its Arabic alt text by its file. */
export function galleryItemsOf(content: EditableProduct): GalleryItem[] {
  const english = pictures(content.details);
  if (english.length === 0) {
    const older = pictureRefOf(content.details.picture);
    return older === undefined ? [] : [{ ...older, alt: content.productName, alt_ar: content.productName_ar }];
  }
  const arabic = new Map(pictures(content.details_ar).map((picture) => [picture.src, picture.alt]));
  return english.map((picture) => ({ ...picture, alt_ar: arabic.get(picture.src) ?? '' }));
}

/** The content with `items` as its gallery in both documents (none: no gallery), the older single picture gone. */
export function withGallery(content: EditableProduct, items: readonly GalleryItem[]): EditableProduct {
  const written = (details: Details, alt: (item: GalleryItem) => string) =>
    withField(
      withField(details, 'picture', undefined),
      'gallery',
      items.map((item) => ({ src: item.src, widths: item.widths, alt: alt(item) })),
    );
  return {
    ...content,
    details: written(content.details, (item) => item.alt),
    details_ar: written(content.details_ar, (item) => item.alt_ar),
  };
}

/** A new picture at the gallery's end, its alt texts the product's names to start from (the editor says so). */
export const withPictureAdded = (content: EditableProduct, picture: PictureRef): EditableProduct =>
  withGallery(content, [
    ...galleryItemsOf(content),
    { ...picture, alt: content.productName, alt_ar: content.productName_ar },
  ]);

/** The variants' own media, by code. */
export function variantMediaOf(content: EditableProduct): VariantMedia[] {
  return (Array.isArray(content.details.variantMedia) ? content.details.variantMedia : []).flatMap((item) => {
    const media = record(item);
    if (typeof media?.code !== 'string') return [];
    const picture = pictureRefOf(media.picture);
    return [
      {
        code: media.code,
        ...(picture === undefined ? {} : { picture }),
        ...(typeof media.datasheet === 'string' ? { datasheet: media.datasheet } : {}),
      },
    ];
  });
}

/** The content with variant `code`'s picture or datasheet set (undefined: removed), in both documents. */
export function withVariantMedia(
  content: EditableProduct,
  code: string,
  kind: 'picture' | 'datasheet',
  value: PictureRef | string | undefined,
): EditableProduct {
  const list = variantMediaOf(content);
  const old = list.find((media) => media.code === code) ?? { code };
  const { [kind]: _old, ...rest } = old;
  const changed: VariantMedia = value === undefined ? rest : { ...rest, [kind]: value };
  const kept = changed.picture !== undefined || changed.datasheet !== undefined;
  const next = list.some((media) => media.code === code)
    ? list.flatMap((media) => (media.code !== code ? [media] : kept ? [changed] : []))
    : kept
      ? [...list, changed]
      : list;
  return {
    ...content,
    details: withField(content.details, 'variantMedia', next),
    details_ar: withField(content.details_ar, 'variantMedia', next),
  };
}
