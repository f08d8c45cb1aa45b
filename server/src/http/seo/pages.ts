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
import { htmlToText, siteKnowledgeBaseSources } from '@site/content/src/knowledge-base/index.js';
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

const STATIC_PATHS = [
  '/home',
  '/our-products',
  '/about',
  '/certificates',
  '/management',
  '/our-projects',
  '/career-opportunities',
  '/contact-us',
] as const;

type StaticPath = (typeof STATIC_PATHS)[number];

/** Splits 'a, b' brand lists. */
const names = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

const listText = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function createSeoSite(source: SeoSource): SeoSite {
  const { company, branches, categories, products, productDetails, certificates, home, projects } = source;
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

  const categoryPath = (id: string): string => `/our-products/${encodeURIComponent(id)}`;
  const productPath = (product: Product): string =>
    `${categoryPath(product.productCategoryId)}/${encodeURIComponent(product.id)}`;

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
    url: `${origin}/home`,
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
    itemListElement: [['Home', '/home'] as const, ...trail].map(([name, path], index) => ({
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

  const page = (fields: Omit<SitePage, 'status' | 'ogType' | 'image'> & Partial<Pick<SitePage, 'ogType' | 'image'>>): SitePage => ({
    status: 200,
    ogType: 'website',
    image: defaultImage,
    ...fields,
    description: truncateText(fields.description, DESCRIPTION_MAX),
  });

  /** A company page: the Organization and, below home, its breadcrumb. */
  const companyPage = (path: StaticPath, title: string, description: string): SitePage =>
    page({
      title,
      description,
      path,
      structuredData: (origin) => [organization(origin), ...(path === '/home' ? [] : [breadcrumb(origin, [[title, path]])])],
    });

  const branchNames = branches.map((b) => b.label);
  const standards = [...new Set(certificates.map((c) => c.standard))];
  const certificateCountries = [...new Set(certificates.map((c) => c.country))];

  const staticPages: Record<StaticPath, SitePage> = {
    '/home': companyPage(
      '/home',
      'Home',
      home.about.text[0] ?? `${company.name}: ${company.tagline}. Electrical products and industrial solutions since ${company.founded}.`,
    ),
    '/our-products': page({
      title: 'Our Products',
      description: `${categories.length} product categories from ${company.name}: ${listText(
        categories.slice(0, 6).map((c) => c.title),
      )} and more, from stock across the Gulf.`,
      path: '/our-products',
      structuredData: (origin) => [
        {
          '@type': 'CollectionPage',
          name: 'Our Products',
          url: `${origin}/our-products`,
          mainEntity: itemList(
            origin,
            categories.map((c) => ({ name: c.title, path: categoryPath(c.id) })),
          ),
        },
        breadcrumb(origin, [['Our Products', '/our-products']]),
      ],
    }),
    '/about': companyPage(
      '/about',
      'About Us',
      `About ${company.name}, ${company.tagline.charAt(0).toLowerCase()}${company.tagline.slice(1)}: our story since ${company.founded}, our excellence, approach and commitment, and the brands we distribute.`,
    ),
    '/certificates': companyPage(
      '/certificates',
      'Certificates',
      `${listText(standards)} quality management certificates of ${company.name} (${listText(certificateCountries)}), and how we assure the quality of what we supply.`,
    ),
    '/management': companyPage(
      '/management',
      'Management',
      `Meet the management team that leads ${company.name} across ${listText(branches.map((b) => b.name))}.`,
    ),
    '/our-projects': companyPage(
      '/our-projects',
      'Our Projects',
      `Projects supplied by ${company.name}: ${listText(projects.map((p) => p.title))}.`,
    ),
    '/career-opportunities': companyPage(
      '/career-opportunities',
      'Career Opportunities',
      `Career opportunities at ${company.name}: current openings in our Gulf team and how to apply by e-mail to ${company.careersEmail} or by post.`,
    ),
    '/contact-us': companyPage(
      '/contact-us',
      'Contact Us',
      `Contact ${company.name} in ${listText(branchNames)}: call ${company.mainPhone}, e-mail ${company.generalEmail} or send us a message.`,
    ),
  };

  const categoryPages = new Map<string, SitePage>();
  for (const category of categories) {
    const path = categoryPath(category.id);
    const items = productsByCategory.get(category.id) ?? [];
    const image: PageImage = { path: categoryImagePath(category.image), alt: category.title };
    categoryPages.set(
      category.id,
      page({
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
            ['Our Products', '/our-products'],
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
      page({
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
            ['Our Products', '/our-products'],
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
    structuredData: () => [],
  };

  function resolve(pathname: string): SitePage {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    if (trimmed === '/' || trimmed === '') return staticPages['/home']; // the shell redirects / to /home
    const segments = trimmed.slice(1).split('/').map(decodeSegment);
    if (segments.some((s) => s === undefined || s === '')) return notFound;
    const [first, second, third] = segments as string[];
    if (first === 'our-products' && segments.length === 2) return categoryPages.get(second as string) ?? notFound;
    if (first === 'our-products' && segments.length === 3) {
      // The client loads the product by the last segment whatever the category segment says; the canonical URL
      // names its real category.
      return productPages.get(third as string) ?? notFound;
    }
    if (segments.length === 1 && (STATIC_PATHS as readonly string[]).includes(trimmed)) return staticPages[trimmed as StaticPath];
    return notFound;
  }

  const lastDate = (dates: (string | undefined)[]): string | undefined =>
    dates.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().at(-1);

  const sitemap: SitemapEntry[] = [
    ...STATIC_PATHS.map((path): SitemapEntry => {
      const lastmod = path === '/our-products' ? lastDate(products.map((p) => p.dateAdded)) : undefined;
      return lastmod ? { path, lastmod } : { path };
    }),
    ...categories.map((category): SitemapEntry => {
      const lastmod = lastDate((productsByCategory.get(category.id) ?? []).map((p) => p.dateAdded));
      return lastmod ? { path: categoryPath(category.id), lastmod } : { path: categoryPath(category.id) };
    }),
    ...[...productById.values()].map((product): SitemapEntry => {
      const lastmod = lastDate([product.dateAdded]);
      return lastmod ? { path: productPath(product), lastmod } : { path: productPath(product) };
    }),
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
