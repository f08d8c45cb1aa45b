// @site/shared-ui/packs: what a basket line says when its quantity is not whole packs. Not part of the shared module
// (@site/shared-ui, which every page downloads), nor of ./quantity (the product page's first view bundles that): only
// the basket panel's chunk and the request page bundle it.
export { packsAround } from './packs';
export { usePackNote } from './packNote';
