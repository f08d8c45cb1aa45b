// The catalogue remote's live preview of a product, as the staff editor loads it through federation: the expose's name
// and the type of what it exports. The catalogue remote implements it (mfe-catalogue/src/details/preview/, checked
// against this type), the staff host loads it (staff-host/src/catalogueRemote.ts) and the staff app draws it from the
// editor's form (mfe-staff/src/catalogue/edit/PreviewPanel.tsx), so the three agree without importing each other.
import type { ComponentType } from 'react';
import type { Locale } from './locale';
import type { EditableProduct } from './staffCatalogueApi';

/** The remote that exposes the preview, and the expose (as the catalogue's webpack config names it). */
export const PRODUCT_PREVIEW_REMOTE = 'catalogue';
export const PRODUCT_PREVIEW_MODULE = './ProductPreview';

export interface ProductPreviewProps {
  /** The product's id (its public address and the quote basket's key). */
  productId: string;
  /** The editor's content, unsaved edits included: the product is not fetched, the product page's parts draw this. */
  content: EditableProduct;
  /** Which edition to draw: 'ar' is drawn right-to-left with the Arabic name and details. */
  locale: Locale;
  /**
   * The code of the variant to draw as chosen (as the product page's `?variant=` does: its code, price and pack in the
   * summary); absent, or no published variant's: none chosen (a product of several shows their range). A remote built
   * before this prop draws none chosen.
   */
  chosenCode?: string | undefined;
  /**
   * Called when the parts cannot draw this content (a detail document the page cannot render): the preview then
   * shows nothing until the content changes, and the caller says why. Never called for content that draws.
   */
  onRenderError?: ((error: Error) => void) | undefined;
}

/** What `catalogue/ProductPreview` exports. */
export interface ProductPreviewModule {
  default: ComponentType<ProductPreviewProps>;
}

/** Loads the preview module (the staff host's federation loader; a stand-in in tests). */
export type LoadProductPreview = () => Promise<ProductPreviewModule>;
