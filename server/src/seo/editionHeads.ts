// How one edition's pages are written: the heads (title, description, canonical, Open Graph, JSON-LD) of the facts
// pages, of a category and of a product, the not-found page and the sitemap's entries, each from the records it is
// about. Where those records come from is the caller's: every record in memory (pages.ts createSeoSite), or each page's
// own rows read from the database when it is asked for (databaseSite.ts). The pages are editionPages.ts's (their
// JSON-LD editionLd.ts's), the sitemap's entries editionSitemap.ts's; here they are put together per edition.
import type { Product, ProductCategory, ProductDetail, ProductVariant } from '@site/content';
import { LOCALES, localizedPath, splitLocale, type Locale } from '@site/contracts/locale';
import { HOME_PATH, matchSiteRoute, type SiteRoute, type SiteRouteMatch } from '@site/contracts/routes';
import { catalogueRoutes, editionPaths } from './editionAddresses.js';
import { EditionPages, type SiteFactsSource } from './editionPages.js';
import {
  editionSitemap,
  sitemapHead,
  sitemapProducts,
  type EditionSitemapEntry,
  type NewestDates,
  type SitemapProduct,
} from './editionSitemap.js';
import { EDITION_TEXTS } from './editionTexts.js';
import type { SitemapEntry, SitePage } from './types.js';
import type { RelatedPart } from '@site/contracts/catalogue-api';

export { editionPaths } from './editionAddresses.js';
export type { SiteFactsSource } from './editionPages.js';
export type { EditionSitemapEntry, NewestDates, SitemapProduct } from './editionSitemap.js';

/**
 * The edition and the route a client-route path names (raw, percent-encoded; with or without a trailing slash):
 * '/' and '/ar' are the home page (the server redirects them there). No match: the not-found page.
 */
export function siteAddress(pathname: string): { locale: Locale; match: SiteRouteMatch | undefined } {
  const { locale, path } = splitLocale(pathname);
  return { locale, match: matchSiteRoute(/^\/*$/.test(path) ? localizedPath(locale, HOME_PATH) : pathname) };
}

/** One edition's sitemap entries as the site lists them: in its own addresses, each with both as its alternates. */
export const sitemapOfEdition = (locale: Locale, entries: readonly EditionSitemapEntry[]): SitemapEntry[] =>
  entries.map(({ path, lastmod }) => ({
    path: localizedPath(locale, path),
    ...(lastmod === undefined ? {} : { lastmod }),
    alternates: editionPaths(path),
  }));

/** Each edition's sitemap entries as the site lists them, the editions in LOCALES' order. */
export const sitemapOfEditions = (entries: Readonly<Record<Locale, readonly EditionSitemapEntry[]>>): SitemapEntry[] =>
  LOCALES.flatMap((locale) => sitemapOfEdition(locale, entries[locale]));

/** One edition's page writers. */
export interface EditionHeads {
  siteName: string;
  notFound: SitePage;
  /** The text of the shell's <noscript> in this edition (HTML); undefined keeps the shell's own. */
  noscript: string | undefined;
  /** The pages without parameters, by route: the categories page lists `categories` (the catalogue's, in its order). */
  factsPages(categories: readonly ProductCategory[]): ReadonlyMap<SiteRoute, SitePage>;
  /** A category's page: the products of its listing's first page (catalogue order), of `total`. */
  categoryPage(category: ProductCategory, firstPage: readonly Product[], total: number): SitePage;
  /** A product's page from its listing record, its detail, its category (when known) and its published variants. */
  productPage(
    product: Product,
    detail: ProductDetail,
    category: ProductCategory | undefined,
    variants?: readonly ProductVariant[],
    /** Its related parts (JSON-LD's isSimilarTo, isAccessoryOrSparePartFor). */
    related?: readonly RelatedPart[],
  ): SitePage;
  /**
   * The edition's indexable pages, by the address inside the edition: the facts pages in the table's order, then
   * every category (dated by its newest product of `products`) and every product of `withPages`.
   */
  sitemap(
    categories: readonly Pick<ProductCategory, 'id'>[],
    products: readonly SitemapProduct[],
    withPages: readonly SitemapProduct[],
  ): EditionSitemapEntry[];
  /** The sitemap's entries before its products' (its facts pages, then every category), dated by `newest`. */
  sitemapHead(categories: readonly Pick<ProductCategory, 'id'>[], newest: NewestDates): EditionSitemapEntry[];
  /** The sitemap's entries of these products (none when product pages are not indexed). */
  sitemapProducts(products: readonly SitemapProduct[]): EditionSitemapEntry[];
  /** Whether the sitemap lists the products (their pages are indexed). */
  sitemapListsProducts: boolean;
}

/** One edition's page writers: its pages (editionPages.ts) and its sitemap (editionSitemap.ts) over the route table. */
export function editionHeads(locale: Locale, facts: SiteFactsSource): EditionHeads {
  const routes = catalogueRoutes();
  const pages = new EditionPages(locale, facts, routes);
  return {
    siteName: pages.siteName,
    notFound: pages.notFound,
    noscript: EDITION_TEXTS[locale].noscript(facts.company),
    factsPages: (categories) => pages.factsPages(categories),
    categoryPage: (category, firstPage, total) => pages.categoryPage(category, firstPage, total),
    productPage: (product, detail, category, variants, related) =>
      pages.productPage(product, detail, category, variants, related),
    sitemap: (categories, products, withPages) => editionSitemap(routes, categories, products, withPages),
    sitemapHead: (categories, newest) => sitemapHead(routes, categories, newest),
    sitemapProducts: (products) => sitemapProducts(routes, products),
    sitemapListsProducts: routes.product.index,
  };
}
