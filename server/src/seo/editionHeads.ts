// How one edition's pages are written: the heads (title, description, canonical, Open Graph, JSON-LD) of the facts
// pages, of a category and of a product, the not-found page and the sitemap's entries, each from the records it is
// about. Where those records come from is the caller's: every record in memory (pages.ts createSeoSite), or each page's
// own rows read from the database when it is asked for (databaseSite.ts).
import {
  categoryImagePath,
  LOGO_PATH,
  pictureSrcSet,
  PRODUCT_PICTURE_SIZES,
  productImagePath,
  type BranchId,
  type CompanyInfo,
  type Product,
  type ProductCategory,
  type ProductDetail,
} from '@site/content';
import { htmlToText } from '@site/content/html-text';
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
import { escapeHtml, truncateText } from '../platform/http/escape.js';
import type { EditionPaths, JsonLd, PageImage, SeoSource, SitemapEntry, SitePage } from './types.js';

/** The site's facts besides the catalogue (content/data's company files), in one edition's language. */
export type SiteFactsSource = Omit<SeoSource, 'categories' | 'products' | 'productDetails'>;

/** A product as the sitemap lists it. */
export type SitemapProduct = Pick<Product, 'id' | 'productCategoryId' | 'dateAdded'>;

/** One sitemap entry by its address inside the edition ('/about', not '/ar/about'). */
export type EditionSitemapEntry = { path: string; lastmod?: string };

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

/** Both editions' addresses of a page ('/about' → { en: '/about', ar: '/ar/about' }). */
export const editionPaths = (path: string): EditionPaths =>
  Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>;

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

/** The newest date of the catalogue's products, of all and by category: the dates of the categories' entries. */
export interface NewestDates {
  all: string | undefined;
  byCategory: ReadonlyMap<string, string | undefined>;
}

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
  /** A product's page from its listing record, its detail and its category (when known). */
  productPage(product: Product, detail: ProductDetail, category: ProductCategory | undefined): SitePage;
  /**
   * The edition's indexable pages, by the address inside the edition: the facts pages in the table's order, then
   * every category (dated by its newest product of `products`) and every product of `withPages`.
   */
  sitemap(categories: readonly Pick<ProductCategory, 'id'>[], products: readonly SitemapProduct[], withPages: readonly SitemapProduct[]): EditionSitemapEntry[];
  /** The sitemap's entries before its products' (its facts pages, then every category), dated by `newest`. */
  sitemapHead(categories: readonly Pick<ProductCategory, 'id'>[], newest: NewestDates): EditionSitemapEntry[];
  /** The sitemap's entries of these products (none when product pages are not indexed). */
  sitemapProducts(products: readonly SitemapProduct[]): EditionSitemapEntry[];
  /** Whether the sitemap lists the products (their pages are indexed). */
  sitemapListsProducts: boolean;
}

export function editionHeads(locale: Locale, facts: SiteFactsSource): EditionHeads {
  const { company, branches, home } = facts;
  const texts = TEXTS[locale];
  const siteName = company.name;

  // Addresses inside the edition ('/our-products/cables'); `at` puts one in this edition ('/ar/our-products/cables').
  const at = (path: string): string => localizedPath(locale, path);
  const categoryPath = (id: string): string => siteRouteUrl('our-products/:productCategoryId', { productCategoryId: id });
  const productPath = (product: Pick<Product, 'id' | 'productCategoryId'>): string =>
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
  const factsPage = (route: FactsPageRoute, categories: readonly ProductCategory[]): SitePage => {
    const path = `/${route.path}`; // no parameters to fill
    const title = routeTitle(route, locale);
    const description = truncateText(texts.descriptions[route.path as FactsPagePath]({ ...facts, categories }), DESCRIPTION_MAX);
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

  const factsPages = (categories: readonly ProductCategory[]): ReadonlyMap<SiteRoute, SitePage> =>
    new Map<SiteRoute, SitePage>(siteRoutes.flatMap((route: SiteRoute) => (isFactsRoute(route) ? [[route, factsPage(route, categories)] as const] : [])));

  const categoryPage = (category: ProductCategory, firstPage: readonly Product[], total: number): SitePage => {
    const path = categoryPath(category.id);
    const image: PageImage = { path: categoryImagePath(category.image), alt: category.title };
    return page(categoryRoute, path, {
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
            firstPage.map((p) => ({ name: p.productName, path: productPath(p) })),
            total,
          ),
        }),
        breadcrumb(origin, [
          [categoriesTitle, categoriesPath],
          [category.title, path],
        ]),
      ],
    });
  };

  const productPage = (product: Product, detail: ProductDetail, category: ProductCategory | undefined): SitePage => {
    const categoryName = detail.categoryName || category?.title || product.productCategory;
    const brands = detail.company?.length ? detail.company : names(product.company ?? category?.company);
    const text = htmlToText((detail.detail ?? []).join(' '));
    const description = text || texts.productSummary(product.productName, categoryName, texts.list(brands), company.name);
    const path = productPath(product);
    // An uploaded photo is what the page shows: shared as its widest WebP (crawlers read WebP, not AVIF), preloaded
    // as the AVIF its <picture> picks first.
    const picture = detail.picture;
    const image: PageImage = picture
      ? {
          path: `${picture.src}-${Math.max(...picture.widths)}.webp`,
          alt: product.productName,
          preload: { type: 'image/avif', srcset: pictureSrcSet(picture, 'avif'), sizes: PRODUCT_PICTURE_SIZES },
        }
      : { path: productImagePath(detail.image || product.image), alt: product.productName };
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

  const lastDate = (dates: (string | undefined)[]): string | undefined =>
    dates.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().at(-1);
  const entry = (path: string, lastmod: string | undefined): EditionSitemapEntry => (lastmod ? { path, lastmod } : { path });

  const sitemapHead = (categories: readonly Pick<ProductCategory, 'id'>[], newest: NewestDates): EditionSitemapEntry[] => [
    ...siteRoutes.flatMap((route: SiteRoute) => (route.index && isFactsRoute(route) ? [entry(`/${route.path}`, route === categoriesRoute ? newest.all : undefined)] : [])),
    ...(categoryRoute.index ? categories.map((category) => entry(categoryPath(category.id), newest.byCategory.get(category.id))) : []),
  ];
  const sitemapProducts = (products: readonly SitemapProduct[]): EditionSitemapEntry[] =>
    productRoute.index ? products.map((product) => entry(productPath(product), lastDate([product.dateAdded]))) : [];

  const sitemap = (categories: readonly Pick<ProductCategory, 'id'>[], products: readonly SitemapProduct[], withPages: readonly SitemapProduct[]) => {
    const datesByCategory = new Map<string, (string | undefined)[]>();
    for (const product of products) {
      const dates = datesByCategory.get(product.productCategoryId) ?? [];
      dates.push(product.dateAdded);
      datesByCategory.set(product.productCategoryId, dates);
    }
    const newest: NewestDates = {
      all: lastDate(products.map((p) => p.dateAdded)),
      byCategory: new Map([...datesByCategory].map(([id, dates]) => [id, lastDate(dates)])),
    };
    return [...sitemapHead(categories, newest), ...sitemapProducts(withPages)];
  };

  return { siteName, notFound, noscript: texts.noscript(company), factsPages, categoryPage, productPage, sitemap, sitemapHead, sitemapProducts, sitemapListsProducts: productRoute.index };
}
