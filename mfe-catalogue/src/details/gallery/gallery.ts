// What the product page's first chunk knows of the gallery: whether the later chunk draws the product's media
// (ProductMedia.tsx, MediaDatasheet.tsx), and the ids the server's HTML gives them. As little code as it can be: every
// byte here is among the scripts a product page waits for.
import type { ProductDetail } from '@site/content';

/** The id of the strip's box, which the server draws: its chunk waits for the page's start there. */
export const GALLERY_ID = 'product-gallery';

/** The id of the chosen size's own datasheet link, which the server draws (its chunk waits there too). */
export const VARIANT_DATASHEET_ID = 'variant-datasheet';

/** The id of a product's picture `index` (its link's anchor). */
export const galleryPictureId = (productId: string, index: number) => `picture-${productId}-${index + 1}`;

/**
 * Whether the later chunk draws the product's media: a gallery of several pictures, or a variant's own picture or
 * datasheet. The server awaits the chunk before drawing then. (Otherwise the first chunk draws the one picture.)
 */
export const hasLaterMedia = (detail: ProductDetail): boolean =>
  (detail.gallery?.length ?? 0) > 1 || detail.variantMedia !== undefined;

/** The one picture the first chunk draws: the gallery's only one (its alt text), or older content's (the name). */
export const leadPicture = ({ gallery, picture, productName }: ProductDetail) =>
  gallery?.[0] ?? (picture === undefined ? undefined : { ...picture, alt: productName });
