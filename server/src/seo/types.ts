// The shapes of the SEO pages (a page's head, a sitemap entry, the data they are built from), apart from pages.ts so
// that the files pages.ts imports (editionHeads.ts, arabicSource.ts) can name them without importing it back.
import type {
  Branch,
  Certificate,
  CompanyInfo,
  HomeContent,
  Product,
  ProductCategory,
  ProductDetail,
  Project,
} from '@site/content';
import type { Locale } from '@site/contracts/locale';

/** The data the heads are built from (the site's own by default; tests pass their own). */
export interface SeoSource {
  company: CompanyInfo;
  branches: Branch[];
  categories: ProductCategory[];
  products: Product[];
  productDetails: ProductDetail[];
  certificates: Certificate[];
  home: HomeContent;
  projects: Project[];
}

export type JsonLd = Record<string, unknown>;

export interface PageImage {
  /** Site-root path (made absolute with the origin). */
  path: string;
  alt?: string;
  width?: number;
  height?: number;
  /** An uploaded photo, drawn by a <picture>: preloaded by the srcset the browser picks from, not by `path`. */
  preload?: { type: string; srcset: string; sizes: string };
}

/** A page's address in each edition ('/about' and '/ar/about'): its hreflang alternates. */
export type EditionPaths = Readonly<Record<Locale, string>>;

/** The head of one page. */
export interface SitePage {
  /** 410: an archived category's page (a withdrawn product's is a 200 with noindex: databaseSite.ts says why). */
  status: 200 | 404 | 410;
  /** The edition the page is in: its <html lang dir>, its texts' language, og:locale and JSON-LD inLanguage. */
  locale: Locale;
  /** The company's name in the page's language; the document title is '{title} | {siteName}'. */
  siteName: string;
  /** The page's own title. */
  title: string;
  description: string;
  /** Canonical path in the page's own edition, e.g. /our-products/cables or /ar/our-products/cables; undefined for the not-found page. */
  path: string | undefined;
  /** The same page in every edition (hreflang alternates; x-default is the English one); undefined for the not-found page. */
  alternates: EditionPaths | undefined;
  ogType: 'website' | 'product';
  image: PageImage | undefined;
  /** Kept out of search engines (its route's `index` flag; the not-found page always). */
  noindex: boolean;
  /** The JSON-LD entities of the page, with absolute URLs on `origin` (no trailing slash). */
  structuredData(origin: string): JsonLd[];
}

export interface SitemapEntry {
  /** The URL listed (in its edition). */
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string;
  /** The same page in every edition (the sitemap's xhtml:link alternates). */
  alternates: EditionPaths;
}

export interface SeoSite {
  /** The company's name in English (the name of the site). */
  siteName: string;
  /**
   * The page of a client-route path (raw, percent-encoded; with or without a trailing slash), in the edition the path
   * names ('/ar/…': Arabic).
   */
  resolve(pathname: string): SitePage;
  /** The not-found page of each edition. */
  notFound: Readonly<Record<Locale, SitePage>>;
  /**
   * Every indexable URL of both editions: the static routes, every category and every product, each with its twin
   * (made when first read).
   */
  readonly sitemap: readonly SitemapEntry[];
  /** Origins of the map embeds (branches, footer), for the CSP's frame-src. */
  mapOrigins: readonly string[];
  /**
   * The text of the shell's <noscript> in each edition (HTML): undefined keeps the shell's own (English). The shell's
   * index.html has one body for both editions; the server swaps it on Arabic pages.
   */
  noscript: Readonly<Record<Locale, string | undefined>>;
}
