import { localizedPath } from '@site/contracts/locale';
import { siteRoutes, siteRouteUrl, type SiteRoute, type SiteRoutePath } from '@site/contracts/routes';
import { EXAMPLE_PRODUCT_ENV } from './site-mode';

/** A category of the catalogue under test, one of its products, and a second product to compare it with. */
export interface ExampleProduct {
  categoryId: string;
  categoryTitle: string;
  productId: string;
  /** The product's code: a search for it finds the same results in both editions. */
  productCode: string;
  /** Two products for the compare page. */
  compareIds: [string, string];
}

// Against a deployed site the global setup reads the example from the site's catalogue (site-facts.ts) into
// EXAMPLE_PRODUCT_ENV before the spec files load: its catalogue need not be the seed.

/** The example of the seed catalogue: the suite's own server, and a `--list` (which runs no global setup). */
const SEED_EXAMPLE: ExampleProduct = {
  categoryId: 'industrial_cable_glands',
  categoryTitle: 'Industrial Cable Glands',
  productId: 'hex_cw_brass_cable_gland',
  productCode: 'hex cw',
  compareIds: ['abb_s200_mcb', 'hager_rccb_30ma'],
};

const fromEnvironment = process.env[EXAMPLE_PRODUCT_ENV];
export const EXAMPLE_PRODUCT: ExampleProduct = fromEnvironment
  ? (JSON.parse(fromEnvironment) as ExampleProduct)
  : SEED_EXAMPLE;

export const EXAMPLE_CATEGORY_PATH = siteRouteUrl('our-products/:productCategoryId', {
  productCategoryId: EXAMPLE_PRODUCT.categoryId,
});
export const EXAMPLE_PRODUCT_PATH = siteRouteUrl('our-products/:productCategoryId/:productId', {
  productCategoryId: EXAMPLE_PRODUCT.categoryId,
  productId: EXAMPLE_PRODUCT.productId,
});

/** A title as a heading shows it: the same words, wherever the page breaks the line. */
const wordsOf = (title: string): RegExp =>
  new RegExp(
    title
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );

/**
 * For each route of the table, an address of a real page of it and the heading that page shows. Keyed by the table's
 * patterns: a route added to the table without its example here fails the typecheck.
 */
const EXAMPLES: Record<SiteRoutePath, { path: string; heading: RegExp | string }> = {
  home: { path: siteRouteUrl('home'), heading: 'Electrical Products & Industrial Solutions' },
  'our-products': { path: siteRouteUrl('our-products'), heading: 'Our Products' },
  'our-products/:productCategoryId': { path: EXAMPLE_CATEGORY_PATH, heading: wordsOf(EXAMPLE_PRODUCT.categoryTitle) },
  'our-products/:productCategoryId/:productId': { path: EXAMPLE_PRODUCT_PATH, heading: 'Product Details' },
  // a code: the same results in both editions
  search: {
    path: `${siteRouteUrl('search')}?q=${encodeURIComponent(EXAMPLE_PRODUCT.productCode)}`,
    heading: 'Search results',
  },
  compare: {
    path: `${siteRouteUrl('compare')}?ids=${EXAMPLE_PRODUCT.compareIds.map(encodeURIComponent).join(',')}`,
    heading: 'Compare products',
  },
  about: { path: siteRouteUrl('about'), heading: 'About Us' },
  certificates: { path: siteRouteUrl('certificates'), heading: 'Certificates' },
  management: { path: siteRouteUrl('management'), heading: 'Management' },
  'our-projects': { path: siteRouteUrl('our-projects'), heading: 'Our Projects' },
  'career-opportunities': { path: siteRouteUrl('career-opportunities'), heading: 'Career Opportunities' },
  'contact-us': { path: siteRouteUrl('contact-us'), heading: 'Contact Us' },
  'request-quote': { path: siteRouteUrl('request-quote'), heading: 'Request a Quote' },
};

/** Every route of the site's table (in its order) with the heading its page shows, for deep-link and console checks. */
export const SITE_ROUTES: { path: string; heading: RegExp | string }[] = siteRoutes.map(
  (route) => EXAMPLES[route.path],
);

/**
 * Every route of the table in the Arabic edition: its address under '/ar', the English twin's address and the
 * route (its `kind` says which JSON-LD and which data the page shows). The Arabic headings are the translators': the
 * suites read them from the catalogs and the Arabic data (support/ui-strings.ts) rather than from here.
 */
export const ARABIC_SITE_ROUTES: { path: string; englishPath: string; route: SiteRoute }[] = siteRoutes.map(
  (route) => ({
    path: localizedPath('ar', EXAMPLES[route.path].path),
    englishPath: EXAMPLES[route.path].path,
    route,
  }),
);
