// What each client route is about, for search engines and link previews: title, description, canonical path,
// Open Graph image and JSON-LD, all taken from content/ (the same data the pages show). Also the sitemap's list.
// Two editions: English at the spec's addresses, Arabic under '/ar' (contracts/src/locale.ts), written from
// the Arabic edition of the same data (arabicSource.ts); each page names its twin for the hreflang alternates.
import {
  categoryImagePath,
  home as siteHome,
  LOGO_PATH,
  productImagePath,
  projects as siteProjects,
  type Branch,
  type BranchId,
  type Certificate,
  type CompanyInfo,
  type HomeContent,
  type Product,
  type ProductCategory,
  type ProductDetail,
  type Project,
} from '@site/content';
import { htmlToText } from '@site/content/html-text';
import { LISTING_PAGE_SIZE } from '@site/contracts/catalogue-api';
import { siteKnowledgeBaseSources } from '../../assistant/knowledge-base/index.js';
import { LOCALES, localizedPath, splitLocale, type Locale } from '@site/contracts/locale';
import { listText, listTextAr, routeDescriptions, routeDescriptionsAr } from '@site/contracts/route-descriptions';
import {
  HOME_PATH,
  matchSiteRoute,
  routeTitle,
  siteRoutes,
  siteRouteUrl,
  type FactsPagePath,
  type FactsPageRoute,
  type SiteRoute,
  type SiteRouteMatch,
} from '@site/contracts/routes';
import { arabicSeoSource } from './arabicSource.js';
import { escapeHtml, truncateText } from './escape.js';

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

export function siteSeoSource(): SeoSource {
  const { company, branches, categories, products, productDetails, certificates } = siteKnowledgeBaseSources();
  return { company, branches, categories, products, productDetails, certificates, home: siteHome, projects: siteProjects };
}

export type JsonLd = Record<string, unknown>;

export interface PageImage {
  /** Site-root path (made absolute with the origin). */
  path: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** A page's address in each edition ('/about' and '/ar/about'): its hreflang alternates. */
export type EditionPaths = Readonly<Record<Locale, string>>;

/** The head of one page. */
export interface SitePage {
  status: 200 | 404;
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

/** Country of each branch (ISO 3166-1 alpha-2), for the addresses in the JSON-LD. The head office is in Dubai. */
const BRANCH_COUNTRY: Readonly<Record<BranchId, string>> = { dubai: 'AE', oman: 'OM', bahrain: 'BH', saudi: 'SA' };

/** A telephone number fit for structured data (content may hold a placeholder such as '+966 XX XXX XXXX'). */
const REAL_PHONE = /^\+?\d[\d ()-]{5,}$/;

const DESCRIPTION_MAX = 160;

/** Splits 'a, b' brand lists. */
const names = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** A page written from the site's facts, not from one record. */
const isFactsRoute = (route: SiteRoute): route is FactsPageRoute => route.kind !== 'category' && route.kind !== 'product';

/** The table's route of a kind of page the server writes from records (or from every category). */
function routeOfKind(kind: 'categories' | 'category' | 'product'): SiteRoute {
  const route = siteRoutes.find((row: SiteRoute) => row.kind === kind);
  if (route === undefined) throw new Error(`The route table (@site/contracts/routes) has no ${kind} page.`);
  return route;
}

/** What the server writes in each language besides the data: the texts of its own making. */
interface EditionTexts {
  list: (items: readonly string[]) => string;
  descriptions: typeof routeDescriptions;
  notFoundTitle: string;
  notFoundDescription: (companyName: string) => string;
  logoAlt: (companyName: string) => string;
  /** A product's description when its detail has no text. */
  productSummary: (product: string, category: string, brands: string, companyName: string) => string;
  /** The shell's <noscript> text (HTML), or undefined to keep the shell's own. */
  noscript: (company: CompanyInfo) => string | undefined;
}

const TEXTS: Readonly<Record<Locale, EditionTexts>> = {
  en: {
    list: listText,
    descriptions: routeDescriptions,
    notFoundTitle: 'Page not found',
    notFoundDescription: (companyName) => `The page you asked for does not exist on the ${companyName} website. Browse our products or contact us.`,
    logoAlt: (companyName) => `${companyName} logo`,
    productSummary: (product, category, brands, companyName) => `${product}: ${category}${brands ? ` by ${brands}` : ''}, from ${companyName}.`,
    noscript: () => undefined,
  },
  ar: {
    list: listTextAr,
    descriptions: routeDescriptionsAr,
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundDescription: (companyName) => `الصفحة التي طلبتها غير موجودة على موقع ${companyName}. تصفّح منتجاتنا أو تواصل معنا.`,
    logoAlt: (companyName) => `شعار ${companyName}`,
    productSummary: (product, category, brands, companyName) => `${product}: ${category}${brands ? ` من ${brands}` : ''}، من ${companyName}.`,
    noscript: (company) =>
      `يحتاج هذا الموقع إلى JavaScript لعرض الكتالوج. اتصل بنا على <bdi dir="ltr">${escapeHtml(company.mainPhone)}</bdi> أو راسلنا على <bdi dir="ltr">${escapeHtml(company.generalEmail)}</bdi>.`,
  },
};

/** schema.org's page type of a company page (the others are CollectionPage or ItemPage). */
const WEB_PAGE_TYPE: Readonly<Partial<Record<string, string>>> = { about: 'AboutPage', 'contact-us': 'ContactPage', search: 'SearchResultsPage' };

/** One edition's pages, by the address inside the edition ('/about'). */
interface Edition {
  siteName: string;
  resolve(match: SiteRouteMatch | undefined): SitePage;
  notFound: SitePage;
  /** The edition's indexable pages, by the address inside the edition. */
  sitemap: () => readonly { path: string; lastmod?: string }[];
  noscript: string | undefined;
}

/** Both editions' addresses of a page ('/about' → { en: '/about', ar: '/ar/about' }). */
const editionPaths = (path: string): EditionPaths =>
  Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>;

function createEdition(locale: Locale, source: SeoSource): Edition {
  const { company, branches, categories, products, productDetails, home } = source;
  const texts = TEXTS[locale];
  const siteName = company.name;
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

  // Addresses inside the edition ('/our-products/cables'); `at` puts one in this edition ('/ar/our-products/cables').
  const at = (path: string): string => localizedPath(locale, path);
  const categoryPath = (id: string): string => siteRouteUrl('our-products/:productCategoryId', { productCategoryId: id });
  const productPath = (product: Product): string =>
    siteRouteUrl('our-products/:productCategoryId/:productId', { productCategoryId: product.productCategoryId, productId: product.id });
  const homeRoute = matchSiteRoute(HOME_PATH)?.route;
  const homeTitle = homeRoute === undefined ? siteName : routeTitle(homeRoute, locale);
  const categoriesRoute = routeOfKind('categories');
  const categoriesTitle = routeTitle(categoriesRoute, locale);
  const categoriesPath = siteRouteUrl('our-products');
  const categoryRoute = routeOfKind('category');
  const productRoute = routeOfKind('product');

  const firstSlide = home.slides[0];
  const defaultImage: PageImage = firstSlide
    ? { path: firstSlide.image, alt: firstSlide.alt, width: firstSlide.width, height: firstSlide.height }
    : { path: LOGO_PATH, alt: texts.logoAlt(siteName) };

  const abs = (origin: string, path: string): string => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);
  /** An address of this edition, absolute. */
  const url = (origin: string, path: string): string => abs(origin, at(path));

  const postalAddress = (address: string, country: string | undefined): JsonLd => ({
    '@type': 'PostalAddress',
    streetAddress: address,
    ...(country ? { addressCountry: country } : {}),
  });

  const organizationId = (origin: string): string => `${origin}/#organization`;
  const organization = (origin: string): JsonLd => ({
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: company.name,
    alternateName: company.shortName,
    slogan: company.tagline,
    url: url(origin, HOME_PATH),
    logo: abs(origin, LOGO_PATH),
    foundingDate: String(company.founded),
    email: company.generalEmail,
    ...(REAL_PHONE.test(company.mainPhone) ? { telephone: company.mainPhone } : {}),
    address: postalAddress(company.address, BRANCH_COUNTRY.dubai),
    sameAs: company.socials.map((s) => s.url),
    contactPoint: branches.map((branch) => ({
      '@type': 'ContactPoint',
      contactType: 'sales',
      name: branch.label,
      areaServed: BRANCH_COUNTRY[branch.id],
      email: branch.email,
      ...(REAL_PHONE.test(branch.mobileNo) ? { telephone: branch.mobileNo } : {}),
      ...(branch.fax && REAL_PHONE.test(branch.fax) ? { faxNumber: branch.fax } : {}),
    })),
    location: branches.map((branch) => ({
      '@type': 'Place',
      name: branch.label,
      address: postalAddress(branch.address, BRANCH_COUNTRY[branch.id]),
    })),
  });

  /** Home first, then each [name, path]; the last item is the page itself. */
  const breadcrumb = (origin: string, trail: readonly [string, string][]): JsonLd => ({
    '@type': 'BreadcrumbList',
    itemListElement: [[homeTitle, HOME_PATH] as const, ...trail].map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: url(origin, path),
    })),
  });

  /** `items` as a list of `total` (its first items only, when the page shows only those). */
  const itemList = (origin: string, items: readonly { name: string; path: string }[], total = items.length): JsonLd => ({
    '@type': 'ItemList',
    numberOfItems: total,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: url(origin, item.path),
    })),
  });

  /** The page itself as schema.org sees it: its language (inLanguage) and who publishes it. */
  const webPage = (origin: string, type: string, path: string, name: string, description: string, more: JsonLd = {}): JsonLd => ({
    '@type': type,
    '@id': `${url(origin, path)}#webpage`,
    url: url(origin, path),
    name,
    description,
    inLanguage: locale,
    publisher: { '@id': organizationId(origin) },
    ...more,
  });

  const page = (
    route: SiteRoute,
    path: string,
    fields: Omit<SitePage, 'status' | 'locale' | 'siteName' | 'path' | 'alternates' | 'ogType' | 'image' | 'noindex'> &
      Partial<Pick<SitePage, 'ogType' | 'image'>>,
  ): SitePage => ({
    status: 200,
    locale,
    siteName,
    path: at(path),
    alternates: editionPaths(path),
    ogType: 'website',
    image: defaultImage,
    noindex: !route.index,
    ...fields,
    description: truncateText(fields.description, DESCRIPTION_MAX),
  });

  /**
   * A page of the company or of the whole catalogue, written from the site's facts: the Organization (with, below home,
   * its breadcrumb), or the collection of categories.
   */
  const factsPage = (route: FactsPageRoute): SitePage => {
    const path = `/${route.path}`; // no parameters to fill
    const title = routeTitle(route, locale);
    const description = truncateText(texts.descriptions[route.path as FactsPagePath](source), DESCRIPTION_MAX);
    const structuredData =
      route.kind === 'categories'
        ? (origin: string): JsonLd[] => [
            webPage(origin, 'CollectionPage', path, title, description, {
              mainEntity: itemList(
                origin,
                categories.map((c) => ({ name: c.title, path: categoryPath(c.id) })),
              ),
            }),
            breadcrumb(origin, [[title, path]]),
          ]
        : (origin: string): JsonLd[] => [
            organization(origin),
            webPage(origin, WEB_PAGE_TYPE[route.path] ?? 'WebPage', path, title, description, { about: { '@id': organizationId(origin) } }),
            ...(path === HOME_PATH ? [] : [breadcrumb(origin, [[title, path]])]),
          ];
    return page(route, path, { title, description, structuredData });
  };

  /** The pages without parameters, by route. */
  const factsPages = new Map<SiteRoute, SitePage>(
    siteRoutes.flatMap((route: SiteRoute) => (isFactsRoute(route) ? [[route, factsPage(route)] as const] : [])),
  );

  const categoryPages = new Map<string, SitePage>();
  for (const category of categories) {
    const path = categoryPath(category.id);
    const items = productsByCategory.get(category.id) ?? [];
    const image: PageImage = { path: categoryImagePath(category.image), alt: category.title };
    categoryPages.set(
      category.id,
      page(categoryRoute, path, {
        title: category.title,
        description: category.info,
        image,
        structuredData: (origin) => [
          webPage(origin, 'CollectionPage', path, category.title, category.info, {
            image: abs(origin, image.path),
            // the products of the listing's first page, as the page shows them: a category of thousands would
            // otherwise write them all into every visit's HTML
            mainEntity: itemList(
              origin,
              items.slice(0, LISTING_PAGE_SIZE).map((p) => ({ name: p.productName, path: productPath(p) })),
              items.length,
            ),
          }),
          breadcrumb(origin, [
            [categoriesTitle, categoriesPath],
            [category.title, path],
          ]),
        ],
      }),
    );
  }

  // A product's page is written when it is asked for, not every product's at once: at 100,000 products the pages of
  // both editions were 350 MB of a server's heap, and a page drawn is kept by the page cache anyway.
  const productPage = (product: Product): SitePage => {
    const detail = detailById.get(product.id) as ProductDetail;
    const category = categoryById.get(product.productCategoryId);
    const categoryName = detail.categoryName || category?.title || product.productCategory;
    const brands = detail.company?.length ? detail.company : names(product.company ?? category?.company);
    const text = htmlToText((detail.detail ?? []).join(' '));
    const description = text || texts.productSummary(product.productName, categoryName, texts.list(brands), company.name);
    const path = productPath(product);
    const image: PageImage = { path: productImagePath(detail.image || product.image), alt: product.productName };
    const brandLd = brands.map((name) => ({ '@type': 'Brand', name }));
    return page(productRoute, path, {
      title: product.productName,
      description,
      image,
      ogType: 'product',
      structuredData: (origin) => [
        {
          '@type': 'Product',
          '@id': `${url(origin, path)}#product`,
          name: product.productName,
          description: truncateText(description, 500),
          sku: product.id,
          url: url(origin, path),
          image: abs(origin, image.path),
          category: categoryName,
          ...(brandLd.length === 1 ? { brand: brandLd[0] } : brandLd.length > 1 ? { brand: brandLd } : {}),
        },
        webPage(origin, 'ItemPage', path, product.productName, truncateText(description, DESCRIPTION_MAX), {
          mainEntity: { '@id': `${url(origin, path)}#product` },
        }),
        breadcrumb(origin, [
          [categoriesTitle, categoriesPath],
          [categoryName, categoryPath(product.productCategoryId)],
          [product.productName, path],
        ]),
      ],
    });
  };

  const notFound: SitePage = {
    status: 404,
    locale,
    siteName,
    title: texts.notFoundTitle,
    description: texts.notFoundDescription(company.name),
    path: undefined,
    alternates: undefined,
    ogType: 'website',
    image: undefined,
    noindex: true,
    structuredData: () => [],
  };

  function resolve(match: SiteRouteMatch | undefined): SitePage {
    if (match === undefined) return notFound;
    const { route, params } = match;
    if (route.kind === 'category') return categoryPages.get(params.productCategoryId ?? '') ?? notFound;
    // The client loads the product by the last segment whatever the category segment says; the canonical URL names its
    // real category.
    if (route.kind === 'product') {
      const product = productById.get(params.productId ?? '');
      return product === undefined ? notFound : productPage(product);
    }
    return factsPages.get(route) ?? notFound;
  }

  const lastDate = (dates: (string | undefined)[]): string | undefined =>
    dates.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().at(-1);
  const entry = (path: string, lastmod: string | undefined) => (lastmod ? { path, lastmod } : { path });

  // The pages without parameters in the table's order, then every category and every product: made when the sitemap
  // is first asked for (200,000 entries at 100,000 products, which most processes never serve).
  const sitemap = () => [
    ...siteRoutes.flatMap((route: SiteRoute) =>
      route.index && factsPages.has(route) ? [entry(`/${route.path}`, route === categoriesRoute ? lastDate(products.map((p) => p.dateAdded)) : undefined)] : [],
    ),
    ...(categoryRoute.index
      ? categories.map((category) => entry(categoryPath(category.id), lastDate((productsByCategory.get(category.id) ?? []).map((p) => p.dateAdded))))
      : []),
    ...(productRoute.index ? [...productById.values()].map((product) => entry(productPath(product), lastDate([product.dateAdded]))) : []),
  ];

  return { siteName, resolve, notFound, sitemap, noscript: texts.noscript(company) };
}

/**
 * The site's pages in both editions: `source` is the English data, `arabic` its Arabic edition (by default `source`
 * translated with the site's dictionaries, content/translations/ar: what /data/ar/*.json serves).
 */
export function createSeoSite(source: SeoSource, arabic: SeoSource = arabicSeoSource(source)): SeoSite {
  const editions: Readonly<Record<Locale, Edition>> = { en: createEdition('en', source), ar: createEdition('ar', arabic) };

  function resolve(pathname: string): SitePage {
    // '/' and '/ar' are the home page (the server redirects them there).
    const { locale, path } = splitLocale(pathname);
    const match = matchSiteRoute(/^\/*$/.test(path) ? localizedPath(locale, HOME_PATH) : pathname);
    return editions[locale].resolve(match);
  }

  // Each edition's pages, each with both addresses as its alternates.
  let sitemap: SitemapEntry[] | undefined;
  const sitemapOfBoth = (): SitemapEntry[] =>
    LOCALES.flatMap((locale) =>
      editions[locale].sitemap().map(({ path, lastmod }) => ({
        path: localizedPath(locale, path),
        ...(lastmod === undefined ? {} : { lastmod }),
        alternates: editionPaths(path),
      })),
    );

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

/** The pages' SEO data as it is now (made again when the catalogue's version moves: seo/catalogueSite.ts). */
export type CurrentSeoSite = () => Promise<SeoSite>;

/** SEO data that does not change (tests' own, or the committed content's). */
export const fixedSite =
  (site: SeoSite): CurrentSeoSite =>
  async () =>
    site;

let site: SeoSite | undefined;

/** The site's own SEO data (built once, on first use). */
export function siteSeo(): SeoSite {
  site ??= createSeoSite(siteSeoSource());
  return site;
}
