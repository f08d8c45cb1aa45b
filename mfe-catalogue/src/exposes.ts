// The catalogue's public surface: each module webpack.config.cjs exposes, by expose name, with its type. The shell
// type-checks what it loads from this remote and the props it passes against this map (`import type` from
// '@site/mfe-catalogue/exposes', see shell/src/remotes/remoteExposes.ts): change a module's props here and the shell's
// typecheck says where it breaks. Lists the same modules as `exposes` in webpack.config.cjs (a shell test checks it).
export type CatalogueExposes = {
  './CategoryListPage': typeof import('./categories/CategoryListPage');
  './ProductListingPage': typeof import('./listing/ProductListingPage');
  './ProductDetailsPage': typeof import('./details/ProductDetailsPage');
  './SearchModal': typeof import('./search/SearchModal');
  './SearchResultsPage': typeof import('./search/page/SearchResultsPage');
  './ComparePage': typeof import('./compare/ComparePage');
  /** The staff editor's live preview (contracts/src/productPreview.ts); the shell never loads it. */
  './ProductPreview': typeof import('./details/preview/ProductPreview');
};
