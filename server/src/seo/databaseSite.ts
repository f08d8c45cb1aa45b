// The pages' heads and the sitemap written from the database's rows as they are asked for, never from every record in
// memory: a product's page from its own row and category, a category's from its row and its listing's first page, the
// facts pages (the categories page among them) from the categories, read once per catalogue version; the sitemap's
// products from their ids, categories and dates, a run at a time. The company's own data (content/data) is around them, as in
// catalogueSite.ts, which writes the same pages from records in memory (the committed files, tests' feeds).
import type { ProductCategory } from '@site/content';
import { LISTING_PAGE_SIZE } from '@site/contracts/catalogue-api';
import { LOCALES, localizedPath, type Locale } from '@site/contracts/locale';
import { categoryPath, productPath } from '@site/contracts/paths';
import { type CategoryFirstPage, type ProductDates, type ProductEntry, VersionedMemo } from '../catalogue/index.js';
import { arabicSeoSource } from './arabicSource.js';
import { editionHeads, siteAddress, sitemapOfEdition, type EditionHeads } from './editionHeads.js';
import {
  mapOriginsOf,
  siteSeoSource,
  type CurrentSeoPages,
  type PageReads,
  type SeoPages,
  type SitemapEntry,
  type SitemapSource,
  type SitePage,
} from './pages.js';

/** What the pages read of the catalogue (catalogueStore.ts CatalogueStore), each a page's worth. */
export interface SeoRows extends PageReads {
  categories(locale: Locale): Promise<ProductCategory[]>;
  categoryFirstPage(id: string, locale: Locale, limit: number): Promise<CategoryFirstPage | undefined>;
  /** An archived category (catalogueStore.ts archivedCategory): its page is a 410. */
  archivedCategory(id: string): Promise<boolean>;
  productEntryPages(from: number, count: number, pageSize: number): AsyncIterable<ProductEntry[]>;
  productDates(): Promise<ProductDates>;
}

/** Products read per statement for a sitemap file. */
export const SITEMAP_PAGE_SIZE = 1000;

/** How the pages follow the catalogue (catalogueFeed.ts DatabaseCatalogueFeed). */
export interface SeoVersion {
  /** The version now (the kept category and product pages are dropped when it moves). */
  version(): number;
  /** `make(version)` once per version, on first use after it moved. */
  perVersion<T>(make: (version: number) => T | Promise<T>): () => Promise<T>;
}

/** A withdrawn product's page title: the app's own words for it (mfe-catalogue's i18n, catalogue.details.withdrawn.title). */
const GONE_TITLE: Readonly<Record<Locale, string>> = { en: 'Product no longer available', ar: 'المنتج لم يعد متوفراً' };

/** Category and product pages kept per catalogue version (a few KB each; the least recently asked for go first). */
export const SEO_PAGES_KEPT = 1000;

/** The pages of both editions over `rows`, one SeoPages per catalogue version. */
export function databaseSeoPages(rows: SeoRows, catalogue: SeoVersion): CurrentSeoPages {
  // the company's facts in each language, without the committed catalogue (its rows are the database's)
  const english = siteSeoSource();
  const arabic = arabicSeoSource(english, { categories: [], products: [], productDetails: [] });
  const heads: Readonly<Record<Locale, EditionHeads>> = {
    en: editionHeads('en', english),
    ar: editionHeads('ar', arabic),
  };
  const notFound = { en: heads.en.notFound, ar: heads.ar.notFound };
  const noscript = { en: heads.en.noscript, ar: heads.ar.noscript };
  const mapOrigins = mapOriginsOf(english.company, english.branches);
  // by edition, kind and id: the addresses visitors ask for, so bounded
  const kept = new VersionedMemo<SitePage | undefined>(() => catalogue.version(), SEO_PAGES_KEPT);

  const categoryPage = (locale: Locale, id: string) =>
    kept.get(`${locale} category ${id}`, async () => {
      const first = await rows.categoryFirstPage(id, locale, LISTING_PAGE_SIZE);
      if (first !== undefined) return heads[locale].categoryPage(first.category, first.products, first.total);
      // archived: gone (410), the not-found head at the category's own address; the app draws its empty listing
      return (await rows.archivedCategory(id))
        ? { ...notFound[locale], status: 410 as const, path: localizedPath(locale, categoryPath(id)) }
        : undefined;
    });
  const productPage = (locale: Locale, id: string, reads: PageReads) =>
    kept.get(`${locale} product ${id}`, async () => {
      const records = await reads.product(id, locale);
      if (records !== undefined)
        return heads[locale].productPage(
          records.listing,
          records.detail,
          records.category,
          records.variants,
          records.related,
        );
      // withdrawn: the not-found head (noindex) at the product's own address, where the app says it is no longer
      // available and links its category. Answered 200, not 410: a browser logs every 4xx page as an error.
      const gone = await reads.archivedProduct(id, locale);
      return (
        gone && {
          ...notFound[locale],
          status: 200 as const,
          title: GONE_TITLE[locale],
          path: localizedPath(locale, productPath(gone.categoryId, gone.id)),
        }
      );
    });

  return catalogue.perVersion(async (version): Promise<SeoPages> => {
    const categories = { en: await rows.categories('en'), ar: await rows.categories('ar') };
    const factsPages = { en: heads.en.factsPages(categories.en), ar: heads.ar.factsPages(categories.ar) };

    async function page(pathname: string, reads: PageReads = rows): Promise<SitePage> {
      const { locale, match } = siteAddress(pathname);
      if (match === undefined) return notFound[locale];
      const { route, params } = match;
      // The client loads the product by the last segment whatever the category segment says; the canonical URL names
      // its real category.
      const found =
        route.kind === 'category'
          ? await categoryPage(locale, params.productCategoryId ?? '')
          : route.kind === 'product'
            ? await productPage(locale, params.productId ?? '', reads)
            : factsPages[locale].get(route);
      return found ?? notFound[locale];
    }

    // the sitemap read a run at a time (200,000 entries at 100,000 products): only its counts and dates kept
    const sitemap = databaseSitemap(rows, heads, categories, `catalogue-${version}`);

    return { siteName: heads.en.siteName, page, notFound, sitemap, mapOrigins, noscript };
  });
}

/**
 * The sitemap over the rows: each edition's facts pages and categories (dated by the products' newest dates, read in one
 * aggregate when first asked for and kept with the version), then its products, read `SITEMAP_PAGE_SIZE` at a time from
 * where a file starts.
 */
function databaseSitemap(
  rows: SeoRows,
  heads: Readonly<Record<Locale, EditionHeads>>,
  categories: Readonly<Record<Locale, readonly ProductCategory[]>>,
  tag: string,
): SitemapSource {
  let reading: Promise<{ products: number; heads: Record<Locale, SitemapEntry[]> }> | undefined;
  const outline = () => {
    const read = (reading ??= rows.productDates().then(({ count, newest }) => ({
      products: count,
      heads: Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          sitemapOfEdition(locale, heads[locale].sitemapHead(categories[locale], newest)),
        ]),
      ) as Record<Locale, SitemapEntry[]>,
    })));
    read.catch(() => {
      if (reading === read) reading = undefined; // tried again on the next read
    });
    return read;
  };
  return {
    tag,
    count: async () => {
      const { products, heads: head } = await outline();
      return LOCALES.reduce(
        (sum, locale) => sum + head[locale].length + (heads[locale].sitemapListsProducts ? products : 0),
        0,
      );
    },
    async *entries(from, count) {
      const { products, heads: head } = await outline();
      let start = from; // the first wanted entry, counted from the start of the current edition
      let left = count;
      for (const locale of LOCALES) {
        if (left <= 0) return;
        const wantedHead = head[locale].slice(start, start + left);
        if (wantedHead.length > 0) yield wantedHead;
        left -= wantedHead.length;
        start = Math.max(0, start - head[locale].length);
        const listed = heads[locale].sitemapListsProducts ? products : 0;
        const take = Math.min(left, Math.max(0, listed - start));
        if (take > 0) {
          for await (const page of rows.productEntryPages(start, take, SITEMAP_PAGE_SIZE))
            yield sitemapOfEdition(locale, heads[locale].sitemapProducts(page));
        }
        left -= take;
        start = Math.max(0, start - listed);
      }
    },
  };
}
