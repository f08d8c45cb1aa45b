// What a product page can say of its product and category while its own record loads: their names as a page the
// visitor came from already holds them (a listing's cards, the search's results, a comparison, the category grid), in
// the page's language. A name made from the address ('Hex Cw Brass Cable Gland') is never the product's.
// The slices read here are typed by their own files' LazyLoadedSlices entries; none of their code is imported.
import type { RootState } from '@site/shared-store';

/** A product's records as the listing, the search or the comparison hold them. */
function heldProduct(
  state: RootState,
  productId: string,
): { productName: string; productCategoryId: string; productCategory: string } | undefined {
  const card = state.products?.productsData.find((product) => product.id === productId);
  if (card !== undefined) return card;
  const result = [...(state.searchResults?.results ?? []), ...(state.searchPage?.results ?? [])].find(
    (found) => found.id === productId,
  );
  if (result !== undefined)
    return {
      productName: result.title,
      productCategoryId: result.productCategoryId,
      productCategory: result.productCategory,
    };
  const compared = state.comparePage?.items.find((item) => item.id === productId);
  return compared?.found ? compared.listing : undefined;
}

/** The name of the product `productId` as the store already holds it, or undefined. */
export const knownProductName = (state: RootState, productId: string): string | undefined =>
  heldProduct(state, productId)?.productName;

/** The name of the category `categoryId` as the store already holds it (its grid, its listing, one of its products), or undefined. */
export function knownCategoryName(state: RootState, categoryId: string, productId: string): string | undefined {
  const held = heldProduct(state, productId);
  if (held !== undefined && held.productCategoryId === categoryId) return held.productCategory;
  if (state.products?.productCategoryId === categoryId && state.products.productCategory !== '')
    return state.products.productCategory;
  return state.productsCategory?.productsCategoryData.find((category) => category.id === categoryId)?.title;
}
