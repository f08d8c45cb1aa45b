// The catalogue remote on the staff page, for the product editor's live preview only: registered from the staff page's
// remotes map (the catalogue's stable build, as the public pages get it) the first time the preview is opened, never
// at start-up, so the staff pages load nothing of the catalogue until then.
import { getInstance } from '@module-federation/enhanced/runtime';
import {
  PRODUCT_PREVIEW_MODULE,
  PRODUCT_PREVIEW_REMOTE,
  type LoadProductPreview,
  type ProductPreviewModule,
} from '@site/contracts/product-preview';
import type { CatalogueExposes } from '@site/mfe-catalogue/exposes';
import { loadFromPageMap } from './staffRemote';

/** What the catalogue declares it exposes must be what the staff app draws (a compile error otherwise). */
type Checked<T extends ProductPreviewModule> = T;
export type CataloguePreviewModule = Checked<CatalogueExposes[typeof PRODUCT_PREVIEW_MODULE]>;

type Federation = NonNullable<ReturnType<typeof getInstance>>;

/**
 * A loader of the preview module for the staff app, made at the host's start: the runtime is taken then, while the
 * host's is the only one (once the staff remote has started, `getInstance()` answers the remote's own instance, which
 * cannot register remotes for the host: RUNTIME-004). It loads the module once and keeps it; a failure is given to the caller (the
 * editor falls back to the server's preview) and forgotten, so the next caller (the next edit page opened) tries again.
 */
export function productPreviewLoader(
  doc: Document = document,
  federation: Federation | null | undefined = getInstance(),
): LoadProductPreview {
  let loading: Promise<ProductPreviewModule> | undefined;
  return () => {
    loading ??= loadFromPageMap<CataloguePreviewModule>(
      PRODUCT_PREVIEW_REMOTE,
      PRODUCT_PREVIEW_MODULE,
      doc,
      federation,
    ).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
