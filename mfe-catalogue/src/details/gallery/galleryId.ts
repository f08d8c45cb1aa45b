/** The id of the gallery's strip, which the server draws (ProductMedia.tsx): the later chunk waits for the page's start there. */
export const GALLERY_ID = 'product-gallery';
