// What each client route is about, for search engines and link previews: title, description, canonical path,
// Open Graph image and JSON-LD, all taken from content/ (the same data the pages show). Also the sitemap's list.
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
import { siteKnowledgeBaseSources } from '../../assistant/knowledge-base/index.js';
import { listText, routeDescriptions } from '@site/contracts/route-descriptions';
import { HOME_PATH, matchSiteRoute, siteRoutes, siteRouteUrl, type FactsPagePath, type FactsPageRoute, type SiteRoute } from '@site/contracts/routes';
import { truncateText } from './escape.js';

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

/** The head of one page. */
export interface SitePage {
  status: 200 | 404;
  /** The page's own title; the document title is '{title} | {company name}'. */
  title: string;
  description: string;
  /** Canonical path, e.g. /our-products/cables; undefined for the not-found page. */
  path: string | undefined;
  ogType: 'website' | 'product';
  image: PageImage | undefined;
  /** Kept out of search engines (its route's `index` flag; the not-found page always). */
  noindex: boolean;
  /** The JSON-LD entities of the page, with absolute URLs on `origin` (no trailing slash). */
  structuredData(origin: string): JsonLd[];
}

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string;
}

export interface SeoSite {
  siteName: string;
  /** The page of a client-route path (raw, percent-encoded; with or without a trailing slash). */
  resolve(pathname: string): SitePage;
  notFound: SitePage;
  /** Every indexable URL: the static routes, every category and every product. */
  sitemap: readonly SitemapEntry[];
  /** Origins of the map embeds (branches, footer), for the CSP's frame-src. */
  mapOrigins: readonly string[];
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

/** The table's route of a kind of page the server writes from records (or from every category). */
function routeOfKind(kind: 'categories' | 'category' | 'product'): SiteRoute {
  const route = siteRoutes.find((row: SiteRoute) => row.kind === kind);
  if (route === undefined) throw new Error(`The route table (@site/contracts/routes) has no ${kind} page.`);
  return route;
}

export function createSeoSite(source: SeoSource): SeoSite {
  const { company, branches, categories, products, productDetails, home } = source;
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

  const categoryPath = (id: string): string => siteRouteUrl('our-products/:productCategoryId', { productCategoryId: id });
  const productPath = (product: Product): string =>
    siteRouteUrl('our-products/:productCategoryId/:productId', { productCategoryId: product.productCategoryId, productId: product.id });
  const homeTitle = matchSiteRoute(HOME_PATH)?.route.title ?? siteName;
  const categoriesRoute = routeOfKind('categories');
  const categoriesPath = siteRouteUrl('our-products');
  const categoryRoute = routeOfKind('category');
  const productRoute = routeOfKind('product');

  const firstSlide = home.slides[0];
  const defaultImage: PageImage = firstSlide
    ? { path: firstSlide.image, alt: firstSlide.alt, width: firstSlide.width, height: firstSlide.height }
    : { path: LOGO_PATH, alt: `${siteName} logo` };

  const abs = (origin: string, path: string): string => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

  const postalAddress = (address: string, country: string | undefined): JsonLd => ({
    '@type': 'PostalAddress',
    streetAddress: address,
    ...(country ? { addressCountry: country } : {}),
  });

  const organization = (origin: string): JsonLd => ({
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: company.name,
    alternateName: company.shortName,
    slogan: company.tagline,
    url: `${origin}${HOME_PATH}`,
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
      item: abs(origin, path),
    })),
  });

  const itemList = (origin: string, items: readonly { name: string; path: string }[]): JsonLd => ({
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: abs(origin, item.path),
    })),
  });

  const page = (
    route: SiteRoute,
    fields: Omit<SitePage, 'status' | 'ogType' | 'image' | 'noindex'> & Partial<Pick<SitePage, 'ogType' | 'image'>>,
  ): SitePage => ({
    status: 200,
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
    const { title } = route;
    const structuredData =
      route.kind === 'categories'
        ? (origin: string): JsonLd[] => [
            {
              '@type': 'CollectionPage',
              name: title,
              url: `${origin}${path}`,
              mainEntity: itemList(
                origin,
                categories.map((c) => ({ name: c.title, path: categoryPath(c.id) })),
              ),
            },
            breadcrumb(origin, [[title, path]]),
          ]
        : (origin: string): JsonLd[] => [organization(origin), ...(path === HOME_PATH ? [] : [breadcrumb(origin, [[title, path]])])];
    return page(route, { title, description: routeDescriptions[route.path as FactsPagePath](source), path, structuredData });
  };

  /** The pages without parameters, by route. */
  const factsPages = new Map<SiteRoute, SitePage>(
    siteRoutes.flatMap((route: SiteRoute) => (route.kind === 'company' || route.kind === 'categories' ? [[route, factsPage(route)] as const] : [])),
  );

  const categoryPages = new Map<string, SitePage>();
  for (const category of categories) {
    const path = categoryPath(category.id);
    const items = productsByCategory.get(category.id) ?? [];
    const image: PageImage = { path: categoryImagePath(category.image), alt: category.title };
    categoryPages.set(
      category.id,
      page(categoryRoute, {
        title: category.title,
        description: category.info,
        path,
        image,
        structuredData: (origin) => [
          {
            '@type': 'CollectionPage',
            name: category.title,
            description: category.info,
            url: abs(origin, path),
            image: abs(origin, image.path),
            mainEntity: itemList(
              origin,
              items.map((p) => ({ name: p.productName, path: productPath(p) })),
            ),
          },
          breadcrumb(origin, [
            [categoriesRoute.title, categoriesPath],
            [category.title, path],
          ]),
        ],
      }),
    );
  }

  const productPages = new Map<string, SitePage>();
  for (const product of productById.values()) {
    const detail = detailById.get(product.id) as ProductDetail;
    const category = categoryById.get(product.productCategoryId);
    const categoryName = detail.categoryName || category?.title || product.productCategory;
    const brands = detail.company?.length ? detail.company : names(product.company ?? category?.company);
    const text = htmlToText((detail.detail ?? []).join(' '));
    const description =
      text || `${product.productName}: ${categoryName}${brands.length ? ` by ${listText(brands)}` : ''}, from ${company.name}.`;
    const path = productPath(product);
    const image: PageImage = { path: productImagePath(detail.image || product.image), alt: product.productName };
    const brandLd = brands.map((name) => ({ '@type': 'Brand', name }));
    productPages.set(
      product.id,
      page(productRoute, {
        title: product.productName,
        description,
        path,
        image,
        ogType: 'product',
        structuredData: (origin) => [
          {
            '@type': 'Product',
            '@id': `${abs(origin, path)}#product`,
            name: product.productName,
            description: truncateText(description, 500),
            sku: product.id,
            url: abs(origin, path),
            image: abs(origin, image.path),
            category: categoryName,
            ...(brandLd.length === 1 ? { brand: brandLd[0] } : brandLd.length > 1 ? { brand: brandLd } : {}),
          },
          breadcrumb(origin, [
            [categoriesRoute.title, categoriesPath],
            [categoryName, categoryPath(product.productCategoryId)],
            [product.productName, path],
          ]),
        ],
      }),
    );
  }

  const notFound: SitePage = {
    status: 404,
    title: 'Page not found',
    description: `The page you asked for does not exist on the ${company.name} website. Browse our products or contact us.`,
    path: undefined,
    ogType: 'website',
    image: undefined,
    noindex: true,
    structuredData: () => [],
  };

  function resolve(pathname: string): SitePage {
    // '/' is the home page (the shell redirects it there).
    const match = matchSiteRoute(/^\/*$/.test(pathname) ? HOME_PATH : pathname);
    if (match === undefined) return notFound;
    const { route, params } = match;
    if (route.kind === 'category') return categoryPages.get(params.productCategoryId ?? '') ?? notFound;
    // The client loads the product by the last segment whatever the category segment says; the canonical URL names its
    // real category.
    if (route.kind === 'product') return productPages.get(params.productId ?? '') ?? notFound;
    return factsPages.get(route) ?? notFound;
  }

  const lastDate = (dates: (string | undefined)[]): string | undefined =>
    dates.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().at(-1);
  const entry = (path: string, lastmod: string | undefined): SitemapEntry => (lastmod ? { path, lastmod } : { path });

  // The pages without parameters in the table's order, then every category and every product.
  const sitemap: SitemapEntry[] = [
    ...[...factsPages].flatMap(([route, { path }]) =>
      route.index && path !== undefined ? [entry(path, route === categoriesRoute ? lastDate(products.map((p) => p.dateAdded)) : undefined)] : [],
    ),
    ...(categoryRoute.index
      ? categories.map((category) => entry(categoryPath(category.id), lastDate((productsByCategory.get(category.id) ?? []).map((p) => p.dateAdded))))
      : []),
    ...(productRoute.index ? [...productById.values()].map((product) => entry(productPath(product), lastDate([product.dateAdded]))) : []),
  ];

  const mapOrigins = [
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

  return { siteName, resolve, notFound, sitemap, mapOrigins };
}

let site: SeoSite | undefined;

/** The site's own SEO data (built once, on first use). */
export function siteSeo(): SeoSite {
  site ??= createSeoSite(siteSeoSource());
  return site;
}
