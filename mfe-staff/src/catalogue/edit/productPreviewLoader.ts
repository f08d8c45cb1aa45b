import { createContext, useContext } from 'react';
import type { LoadProductPreview } from '@site/contracts/product-preview';

/**
 * The loader of the catalogue's live preview, which the staff host gives the app (it owns the federation runtime;
 * this remote loads no other remote). Undefined under a host that gives none: the editor shows the server's preview.
 */
export const ProductPreviewLoaderContext = createContext<LoadProductPreview | undefined>(undefined);

export const useProductPreviewLoader = (): LoadProductPreview | undefined => useContext(ProductPreviewLoaderContext);
