// What each client route is about, for search engines and link previews: title, description, canonical path,
// Open Graph image and JSON-LD, all taken from content/ (the same data the pages show). Also the sitemap's list.
// Two editions: English at the spec's addresses, Arabic under '/ar' (contracts/src/locale.ts), written from
// the Arabic edition of the same data (arabicSource.ts); each page names its twin for the hreflang alternates.
import {
  home as siteHome,
  type Branch,
  type CompanyInfo,
  type Product,
  type ProductDetail,
  type ProductVariant,
} from '@site/content';
import { seededProductVariants } from '@site/content/product-variants';
import { projects as siteProjects } from '@site/content/projects';
import { LISTING_PAGE_SIZE } from '@site/contracts/catalogue-api';
import type { Locale } from '@site/contracts/locale';
import type { SiteRouteMatch } from '@site/contracts/routes';
import { siteKnowledgeBaseSources } from '../assistant/index.js';
import { arabicSeoSource } from './arabicSource.js';
import { editionHeads, siteAddress, sitemapOfEditions, type EditionSitemapEntry } from './editionHeads.js';
import { contentEtag } from '../platform/http/etag.js';
import type { ProductRecords, WithdrawnProduct } from '../catalogue/index.js';
import type { EditionPaths, JsonLd, PageImage, SeoSite, SeoSource, SitemapEntry, SitePage } from './types.js';

export type { EditionPaths, JsonLd, PageImage, SeoSite, SeoSource, SitemapEntry, SitePage };

/** What a page's head reads of the catalogue that its first view reads too: the product of a product page. */
export interface PageReads {
  product(id: string, locale: Locale): Promise<ProductRecords | undefined>;
  /** A withdrawn product (catalogueStore.ts archivedProduct): its page says it is no longer available (noindex). */
  archivedProduct(id: string, locale: Locale): Promise<Pick<WithdrawnProduct, 'id' | 'categoryId'> | undefined>;
}

export function siteSeoSource(): SeoSource {
  const { company, branches, categories, products, productDetails, certificates } = siteKnowledgeBaseSources();
  return {
    company,
    branches,
    categories,
    products,
    productDetails,
    certificates,
    home: siteHome,
    projects: siteProjects,
  };
}

/** One edition's pages over every record in memory, by the address inside the edition ('/about'). */
interface Edition {
  siteName: string;
  resolve(match: SiteRouteMatch | undefined): SitePage;
  notFound: SitePage;
  /** The edition's indexable pages, by the address inside the edition. */
  sitemap: () => readonly EditionSitemapEntry[];
  noscript: string | undefined;
}

/**
 * The published variants of each product in `locale`, as the database answers them once seeded (catalogueStore.ts): the
 * listed ones' (content/data/product-variants.json: labels in the edition's language, rows its table's at the same
 * place), and one of every other product (its code, price and unit).
 */
function seededVariants(
  locale: Locale,
  productDetails: readonly ProductDetail[],
): (product: Product) => ProductVariant[] {
  const tables = new Map(productDetails.map((detail) => [detail.id, detail.productDetailTableData ?? []]));
  const listed = new Map(
    seededProductVariants().map(({ productId, variants }) => {
      let rowIndex = 0;
      const records = variants.map(({ labelAr, row, ...variant }): ProductVariant => {
        const editionRow = row === undefined ? undefined : (tables.get(productId)?.[rowIndex++] ?? row);
        return {
          ...variant,
          label: locale === 'ar' ? labelAr : variant.label,
          ...(editionRow === undefined ? {} : { row: editionRow }),
        };
      });
      return [productId, records];
    }),
  );
  return (product) =>
    listed.get(product.id) ?? [
      {
        code: product.code,
        label: '',
        ...(product.price === undefined ? {} : { price: product.price }),
        unit: product.unit,
      },
    ];
}

function createEdition(locale: Locale, source: SeoSource): Edition {
  const { categories, products, productDetails } = source;
  const heads = editionHeads(locale, source);
  const variantsOf = seededVariants(locale, productDetails);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const detailById = new Map(productDetails.map((d) => [d.id, d]));
  const productsByCategory = new Map<string, Product[]>();
  for (const product of products) {
    const list = productsByCategory.get(product.productCategoryId) ?? [];
    list.push(product);
    productsByCategory.set(product.productCategoryId, list);
  }
  // A product page needs both records: the client shows 'Product not found' without the detail.
  const productById = new Map(products.filter((p) => detailById.has(p.id)).map((p) => [p.id, p]));

  const factsPages = heads.factsPages(categories);
  const categoryPages = new Map<string, SitePage>();
  for (const category of categories) {
    const items = productsByCategory.get(category.id) ?? [];
    categoryPages.set(category.id, heads.categoryPage(category, items.slice(0, LISTING_PAGE_SIZE), items.length));
  }

  // A product's page is written when it is asked for, not every product's at once: at 100,000 products the pages of
  // both editions were 350 MB of a server's heap, and a page drawn is kept by the page cache anyway.
  const productPage = (product: Product): SitePage =>
    heads.productPage(
      product,
      detailById.get(product.id) as ProductDetail,
      categoryById.get(product.productCategoryId),
      variantsOf(product),
    );

  function resolve(match: SiteRouteMatch | undefined): SitePage {
    if (match === undefined) return heads.notFound;
    const { route, params } = match;
    if (route.kind === 'category') return categoryPages.get(params.productCategoryId ?? '') ?? heads.notFound;
    // The client loads the product by the last segment whatever the category segment says; the canonical URL names its
    // real category.
    if (route.kind === 'product') {
      const product = productById.get(params.productId ?? '');
      return product === undefined ? heads.notFound : productPage(product);
    }
    return factsPages.get(route) ?? heads.notFound;
  }

  // made when the sitemap is first asked for (200,000 entries at 100,000 products, which most processes never serve)
  const sitemap = () => heads.sitemap(categories, products, [...productById.values()]);

  return { siteName: heads.siteName, resolve, notFound: heads.notFound, sitemap, noscript: heads.noscript };
}

/**
 * The site's pages in both editions: `source` is the English data, `arabic` its Arabic edition (by default `source`
 * translated with the site's dictionaries, content/translations/ar: what /data/ar/*.json serves).
 */
export function createSeoSite(source: SeoSource, arabic: SeoSource = arabicSeoSource(source)): SeoSite {
  const editions: Readonly<Record<Locale, Edition>> = {
    en: createEdition('en', source),
    ar: createEdition('ar', arabic),
  };

  function resolve(pathname: string): SitePage {
    const { locale, match } = siteAddress(pathname);
    return editions[locale].resolve(match);
  }

  // Each edition's pages, each with both addresses as its alternates.
  let sitemap: SitemapEntry[] | undefined;
  const sitemapOfBoth = (): SitemapEntry[] =>
    sitemapOfEditions({ en: editions.en.sitemap(), ar: editions.ar.sitemap() });

  const mapOrigins = mapOriginsOf(source.company, source.branches);

  return {
    siteName: editions.en.siteName,
    resolve,
    notFound: { en: editions.en.notFound, ar: editions.ar.notFound },
    // made on its first reading, then kept with the site (both are made again when the catalogue's version moves)
    get sitemap() {
      sitemap ??= sitemapOfBoth();
      return sitemap;
    },
    mapOrigins,
    noscript: { en: editions.en.noscript, ar: editions.ar.noscript },
  };
}

/** The origins of the map embeds (the warehouse's and each branch's), for the CSP's frame-src. */
export function mapOriginsOf(company: CompanyInfo, branches: readonly Branch[]): string[] {
  return [
    ...new Set(
      [company.warehouseMap, ...branches.map((b) => b.location)].flatMap((url) => {
        try {
          const { protocol, origin } = new URL(url);
          return protocol === 'https:' || protocol === 'http:' ? [origin] : [];
        } catch {
          return [];
        }
      }),
    ),
  ];
}

/**
 * The pages as the server serves them: a page's head, and the sitemap, may be read when asked for (databaseSite.ts
 * reads each page's own rows), or be at hand (`seoPagesOf` a SeoSite, every record in memory). One per catalogue
 * version: what is kept from one (rendered pages, sitemap files) is dropped with it.
 */
export interface SeoPages {
  /** The company's name in English (the name of the site). */
  siteName: string;
  /**
   * The page of a client-route path, as SeoSite.resolve. `reads`: the catalogue's reads of this one request, which
   * its first view reads through too, so that a product is read once for both (catalogue/catalogueAnswers.ts
   * onceAPage; over the database only: records given are in memory).
   */
  page(pathname: string, reads?: PageReads): Promise<SitePage>;
  /** The not-found page of each edition. */
  notFound: Readonly<Record<Locale, SitePage>>;
  /** Every indexable URL of both editions, as SeoSite.sitemap, read a run at a time. */
  sitemap: SitemapSource;
  /** Origins of the map embeds (branches, footer), for the CSP's frame-src. */
  mapOrigins: readonly string[];
  /** As SeoSite.noscript. */
  noscript: Readonly<Record<Locale, string | undefined>>;
}

/**
 * The sitemap's entries as the sitemap files read them: how many there are, and a run of them in the sitemap's order
 * (a page at a time, so that a file of 10,000 entries over the database is never held whole).
 */
export interface SitemapSource {
  /** What the entries are made from (the catalogue's version): a new tag, new entries. */
  tag: string;
  count(): Promise<number>;
  /** Entries [from, from + count), in pieces. */
  entries(from: number, count: number): AsyncIterable<readonly SitemapEntry[]>;
}

/** A sitemap held whole (every record in memory). */
export function sitemapOfEntries(entries: readonly SitemapEntry[]): SitemapSource {
  return {
    tag: contentEtag(JSON.stringify(entries)),
    count: async () => entries.length,
    async *entries(from, count) {
      yield entries.slice(from, from + count);
    },
  };
}

/** Every entry of a sitemap source, in its order (tests, and sources small enough to hold). */
export async function allSitemapEntries(sitemap: SitemapSource): Promise<SitemapEntry[]> {
  const all: SitemapEntry[] = [];
  for await (const piece of sitemap.entries(0, await sitemap.count())) all.push(...piece);
  return all;
}

/** A site with every record in memory, served. */
export const seoPagesOf = (site: SeoSite): SeoPages => ({
  siteName: site.siteName,
  page: async (pathname) => site.resolve(pathname),
  notFound: site.notFound,
  sitemap: sitemapOfEntries(site.sitemap),
  mapOrigins: site.mapOrigins,
  noscript: site.noscript,
});

/** The pages as they are now (made again when the catalogue's version moves: databaseSite.ts, catalogueSite.ts). */
export type CurrentSeoPages = () => Promise<SeoPages>;

/** Pages that do not change (tests' own, or the committed content's). */
export function fixedSite(site: SeoSite): CurrentSeoPages {
  const pages = seoPagesOf(site);
  return async () => pages;
}

/** The pages `given` as they are now: fixed (a SeoSite, or served pages), or followed; the committed content's by default. */
export function currentPages(given: SeoSite | SeoPages | CurrentSeoPages | undefined): CurrentSeoPages {
  if (typeof given === 'function') return given;
  if (given !== undefined && 'page' in given) return async () => given;
  return fixedSite(given ?? siteSeo());
}

let site: SeoSite | undefined;

/** The site's own SEO data (built once, on first use). */
export function siteSeo(): SeoSite {
  site ??= createSeoSite(siteSeoSource());
  return site;
}
