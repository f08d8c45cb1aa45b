// What the product page's first chunk knows of the gallery: whether the later chunk draws the product's media
// (ProductMedia.tsx, MediaDatasheet.tsx), and the id the server's HTML gives its strip (the chunk's own ids are in
// the chunk's modules). As little code as it can be: every byte here is among the scripts a product page waits for.
import type { ProductDetail } from '@site/content';

/** The id of the strip's box, which the server draws: its chunk waits for the page's start there. */
export const GALLERY_ID = 'product-gallery';

/**
 * Whether the later chunk draws the product's media: a gallery of several pictures, or a variant's own picture or
 * datasheet. The server awaits the chunk before drawing then. (Otherwise the first chunk draws the one picture.)
 */
export const hasLaterMedia = (detail: ProductDetail): boolean =>
  (detail.gallery?.length ?? 0) > 1 || detail.variantMedia !== undefined;

/** The one picture the first chunk draws: the gallery's only one (its alt text), or older content's (the name). */
export const leadPicture = ({ gallery, picture, productName }: ProductDetail) =>
  gallery?.[0] ?? (picture === undefined ? undefined : { ...picture, alt: productName });
