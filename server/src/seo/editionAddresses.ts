// Where an edition's pages are: the route table's catalogue pages and the addresses of a category's and a product's
// page, inside the edition ('/our-products/cables'; localizedPath puts one in an edition), and each page's twins.
import type { Product } from '@site/content';
import { LOCALES, localizedPath, type Locale } from '@site/contracts/locale';
import { siteRoutes, siteRouteUrl, type FactsPageRoute, type SiteRoute } from '@site/contracts/routes';
import type { EditionPaths } from './types.js';

/** Both editions' addresses of a page ('/about' → { en: '/about', ar: '/ar/about' }). */
export const editionPaths = (path: string): EditionPaths =>
  Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>;

/** A page written from the site's facts, not from one record. */
export const isFactsRoute = (route: SiteRoute): route is FactsPageRoute =>
  route.kind !== 'category' && route.kind !== 'product';

/** A category's page, inside the edition. */
export const categoryPath = (id: string): string =>
  siteRouteUrl('our-products/:productCategoryId', { productCategoryId: id });

/** A product's page, inside the edition. */
export const productPath = (product: Pick<Product, 'id' | 'productCategoryId'>): string =>
  siteRouteUrl('our-products/:productCategoryId/:productId', {
    productCategoryId: product.productCategoryId,
    productId: product.id,
  });

/** The table's routes of the pages the server writes from records (or from every category). */
export interface CatalogueRoutes {
  categories: SiteRoute;
  category: SiteRoute;
  product: SiteRoute;
}

/** The table's route of a kind of page the server writes from records (or from every category). */
function routeOfKind(kind: 'categories' | 'category' | 'product'): SiteRoute {
  const route = siteRoutes.find((row: SiteRoute) => row.kind === kind);
  if (route === undefined) throw new Error(`The route table (@site/contracts/routes) has no ${kind} page.`);
  return route;
}

/** The catalogue's routes, read from the table when an edition's writers are made (a table without one fails there). */
export const catalogueRoutes = (): CatalogueRoutes => ({
  categories: routeOfKind('categories'),
  category: routeOfKind('category'),
  product: routeOfKind('product'),
});
