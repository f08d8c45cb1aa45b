// A product's pictures as the page shows them (docs/catalogue.md "Pictures and documents"): its gallery in order, or
// the single picture of older content as a gallery of one; a chosen variant's own picture first (its own datasheet:
// variantMediaOf). Types only from the schema, so the browser's bundles take these few lines alone.
import type { PictureVariants, ProductDetail } from './types';

/** A picture the page shows, with its alt text in the page's language. */
export interface ShownPicture extends PictureVariants {
  alt: string;
}

type MediaFields = Pick<ProductDetail, 'productName' | 'picture' | 'gallery' | 'variantMedia'>;

/** The product's own pictures in order: its gallery, else its older single picture (alt: the product's name). */
export function galleryOf(detail: MediaFields): ShownPicture[] {
  if (detail.gallery !== undefined) return detail.gallery.map(({ src, widths, alt }) => ({ src, widths, alt }));
  return detail.picture === undefined ? [] : [{ ...detail.picture, alt: detail.productName }];
}

/** The variant's own media, if it has any. */
export const variantMediaOf = (detail: MediaFields, code: string | undefined) =>
  code === undefined ? undefined : detail.variantMedia?.find((media) => media.code === code);

/**
 * The pictures shown with variant `code` chosen (by its label for the alt text): its own picture first where it has
 * one, then the product's gallery.
 */
export function shownPictures(detail: MediaFields, chosen?: { code: string; label: string }): ShownPicture[] {
  const own = variantMediaOf(detail, chosen?.code)?.picture;
  const gallery = galleryOf(detail);
  if (own === undefined || chosen === undefined) return gallery;
  const alt = chosen.label === '' ? detail.productName : `${detail.productName}, ${chosen.label}`;
  return [{ ...own, alt }, ...gallery.filter((picture) => picture.src !== own.src)];
}
