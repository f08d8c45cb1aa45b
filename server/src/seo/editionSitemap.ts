// One edition's sitemap entries, by the address inside the edition: its indexable facts pages in the table's order,
// then every category and every product (when the route table indexes their pages), each dated by its newest product.
import type { Product, ProductCategory } from '@site/content';
import { siteRoutes, type SiteRoute } from '@site/contracts/routes';
import { categoryPath, isFactsRoute, productPath, type CatalogueRoutes } from './editionAddresses.js';

/** A product as the sitemap lists it. */
export type SitemapProduct = Pick<Product, 'id' | 'productCategoryId' | 'dateAdded'>;

/** One sitemap entry by its address inside the edition ('/about', not '/ar/about'). */
export type EditionSitemapEntry = { path: string; lastmod?: string };

/** The newest date of the catalogue's products, of all and by category: the dates of the categories' entries. */
export interface NewestDates {
  all: string | undefined;
  byCategory: ReadonlyMap<string, string | undefined>;
}

/** The latest of the dates that are dates (YYYY-MM-DD); a product's may be missing or malformed. */
const lastDate = (dates: (string | undefined)[]): string | undefined =>
  dates
    .filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .at(-1);

const entry = (path: string, lastmod: string | undefined): EditionSitemapEntry =>
  lastmod ? { path, lastmod } : { path };

/** The sitemap's entries before its products' (its facts pages, then every category), dated by `newest`. */
export const sitemapHead = (
  routes: CatalogueRoutes,
  categories: readonly Pick<ProductCategory, 'id'>[],
  newest: NewestDates,
): EditionSitemapEntry[] => [
  ...siteRoutes.flatMap((route: SiteRoute) =>
    route.index && isFactsRoute(route)
      ? [entry(`/${route.path}`, route === routes.categories ? newest.all : undefined)]
      : [],
  ),
  ...(routes.category.index
    ? categories.map((category) => entry(categoryPath(category.id), newest.byCategory.get(category.id)))
    : []),
];

/** The sitemap's entries of these products (none when product pages are not indexed). */
export const sitemapProducts = (routes: CatalogueRoutes, products: readonly SitemapProduct[]): EditionSitemapEntry[] =>
  routes.product.index ? products.map((product) => entry(productPath(product), lastDate([product.dateAdded]))) : [];

/** The newest date of `products`, of all and by category. */
function newestDates(products: readonly SitemapProduct[]): NewestDates {
  const datesByCategory = new Map<string, (string | undefined)[]>();
  for (const product of products) {
    const dates = datesByCategory.get(product.productCategoryId) ?? [];
    dates.push(product.dateAdded);
    datesByCategory.set(product.productCategoryId, dates);
  }
  return {
    all: lastDate(products.map((p) => p.dateAdded)),
    byCategory: new Map([...datesByCategory].map(([id, dates]) => [id, lastDate(dates)])),
  };
}

/** The whole sitemap: every category dated by its newest product of `products`, and every product of `withPages`. */
export const editionSitemap = (
  routes: CatalogueRoutes,
  categories: readonly Pick<ProductCategory, 'id'>[],
  products: readonly SitemapProduct[],
  withPages: readonly SitemapProduct[],
): EditionSitemapEntry[] => [
  ...sitemapHead(routes, categories, newestDates(products)),
  ...sitemapProducts(routes, withPages),
];
