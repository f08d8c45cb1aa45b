// The pages' heads and the sitemap written from the database's rows as they are asked for, never from every record in
// memory: a product's page from its own row and category, a category's from its row and its listing's first page, the
// facts pages (the categories page among them) from the categories, read once per catalogue version; the sitemap's
// products from their ids, categories and dates. The company's own data (content/data) is around them, as in
// catalogueSite.ts, which writes the same pages from records in memory (the committed files, tests' feeds).
import type { ProductCategory } from '@site/content';
import { LISTING_PAGE_SIZE } from '@site/contracts/catalogue-api';
import type { Locale } from '@site/contracts/locale';
import type { CategoryFirstPage, ProductEntry, ProductRecords } from '../../catalogue/catalogueStore.js';
import { VersionedMemo } from '../../catalogue/versionedCache.js';
import { arabicSeoSource } from './arabicSource.js';
import { editionHeads, siteAddress, sitemapOfEditions, type EditionHeads } from './editionHeads.js';
import { mapOriginsOf, siteSeoSource, type CurrentSeoPages, type SeoPages, type SitemapEntry, type SitePage } from './pages.js';

/** What the pages read of the catalogue (catalogueStore.ts CatalogueStore), each a page's worth. */
export interface SeoRows {
  categories(locale: Locale): Promise<ProductCategory[]>;
  categoryFirstPage(id: string, locale: Locale, limit: number): Promise<CategoryFirstPage | undefined>;
  product(id: string, locale: Locale): Promise<ProductRecords | undefined>;
  productEntries(): Promise<ProductEntry[]>;
}

/** How the pages follow the catalogue (catalogueFeed.ts DatabaseCatalogueFeed). */
export interface SeoVersion {
  /** The version now (the kept category and product pages are dropped when it moves). */
  version(): number;
  /** `make()` once per version, on first use after it moved. */
  perVersion<T>(make: () => T | Promise<T>): () => Promise<T>;
}

/** Category and product pages kept per catalogue version (a few KB each; the least recently asked for go first). */
export const SEO_PAGES_KEPT = 1000;

/** The pages of both editions over `rows`, one SeoPages per catalogue version. */
export function databaseSeoPages(rows: SeoRows, catalogue: SeoVersion): CurrentSeoPages {
  // the company's facts in each language, without the committed catalogue (its rows are the database's)
  const english = siteSeoSource();
  const arabic = arabicSeoSource(english, { categories: [], products: [], productDetails: [] });
  const heads: Readonly<Record<Locale, EditionHeads>> = { en: editionHeads('en', english), ar: editionHeads('ar', arabic) };
  const notFound = { en: heads.en.notFound, ar: heads.ar.notFound };
  const noscript = { en: heads.en.noscript, ar: heads.ar.noscript };
  const mapOrigins = mapOriginsOf(english.company, english.branches);
  // by edition, kind and id: the addresses visitors ask for, so bounded
  const kept = new VersionedMemo<SitePage | undefined>(() => catalogue.version(), SEO_PAGES_KEPT);

  const categoryPage = (locale: Locale, id: string) =>
    kept.get(`${locale} category ${id}`, async () => {
      const first = await rows.categoryFirstPage(id, locale, LISTING_PAGE_SIZE);
      return first && heads[locale].categoryPage(first.category, first.products, first.total);
    });
  const productPage = (locale: Locale, id: string) =>
    kept.get(`${locale} product ${id}`, async () => {
      const records = await rows.product(id, locale);
      return records && heads[locale].productPage(records.listing, records.detail, records.category);
    });

  return catalogue.perVersion(async (): Promise<SeoPages> => {
    const categories = { en: await rows.categories('en'), ar: await rows.categories('ar') };
    const factsPages = { en: heads.en.factsPages(categories.en), ar: heads.ar.factsPages(categories.ar) };

    async function page(pathname: string): Promise<SitePage> {
      const { locale, match } = siteAddress(pathname);
      if (match === undefined) return notFound[locale];
      const { route, params } = match;
      // The client loads the product by the last segment whatever the category segment says; the canonical URL names
      // its real category.
      const found =
        route.kind === 'category'
          ? await categoryPage(locale, params.productCategoryId ?? '')
          : route.kind === 'product'
            ? await productPage(locale, params.productId ?? '')
            : factsPages[locale].get(route);
      return found ?? notFound[locale];
    }

    // made when first read (200,000 entries at 100,000 products, which most processes never serve), then kept with
    // this version's pages; a failed read is tried again
    let sitemap: Promise<SitemapEntry[]> | undefined;
    const readSitemap = async (): Promise<SitemapEntry[]> => {
      const products = await rows.productEntries();
      return sitemapOfEditions({ en: heads.en.sitemap(categories.en, products, products), ar: heads.ar.sitemap(categories.ar, products, products) });
    };
    const sitemapEntries = (): Promise<SitemapEntry[]> => {
      const reading = (sitemap ??= readSitemap());
      reading.catch(() => {
        if (sitemap === reading) sitemap = undefined;
      });
      return reading;
    };

    return { siteName: heads.en.siteName, page, notFound, sitemapEntries, mapOrigins, noscript };
  });
}
