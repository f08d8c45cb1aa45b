import { localizedPath } from '@site/contracts/locale';
import { siteRoutes, siteRouteUrl, type SiteRoute, type SiteRoutePath } from '@site/contracts/routes';

/**
 * For each route of the table, an address of a real page of it and the heading that page shows. Keyed by the table's
 * patterns: a route added to the table without its example here fails the typecheck.
 */
const EXAMPLES: Record<SiteRoutePath, { path: string; heading: RegExp | string }> = {
  home: { path: siteRouteUrl('home'), heading: 'Electrical Products & Industrial Solutions' },
  'our-products': { path: siteRouteUrl('our-products'), heading: 'Our Products' },
  'our-products/:productCategoryId': {
    path: siteRouteUrl('our-products/:productCategoryId', { productCategoryId: 'industrial_cable_glands' }),
    heading: /Industrial\s+Cable Glands/,
  },
  'our-products/:productCategoryId/:productId': {
    path: siteRouteUrl('our-products/:productCategoryId/:productId', { productCategoryId: 'industrial_cable_glands', productId: 'hex_cw_brass_cable_gland' }),
    heading: 'Product Details',
  },
  // a code: the same results in both editions
  search: { path: `${siteRouteUrl('search')}?q=hex%20cw`, heading: 'Search results' },
  compare: { path: `${siteRouteUrl('compare')}?ids=abb_s200_mcb,hager_rccb_30ma`, heading: 'Compare products' },
  about: { path: siteRouteUrl('about'), heading: 'About Us' },
  certificates: { path: siteRouteUrl('certificates'), heading: 'Certificates' },
  management: { path: siteRouteUrl('management'), heading: 'Management' },
  'our-projects': { path: siteRouteUrl('our-projects'), heading: 'Our Projects' },
  'career-opportunities': { path: siteRouteUrl('career-opportunities'), heading: 'Career Opportunities' },
  'contact-us': { path: siteRouteUrl('contact-us'), heading: 'Contact Us' },
  'request-quote': { path: siteRouteUrl('request-quote'), heading: 'Request a Quote' },
};

/** Every route of the site's table (in its order) with the heading its page shows, for deep-link and console checks. */
export const SITE_ROUTES: { path: string; heading: RegExp | string }[] = siteRoutes.map((route) => EXAMPLES[route.path]);

/**
 * Every route of the table in the Arabic edition: its address under '/ar', the English twin's address and the
 * route (its `kind` says which JSON-LD and which data the page shows). The Arabic headings are the translators': the
 * suites read them from the catalogs and the Arabic data (support/ui-strings.ts) rather than from here.
 */
export const ARABIC_SITE_ROUTES: { path: string; englishPath: string; route: SiteRoute }[] = siteRoutes.map((route) => ({
  path: localizedPath('ar', EXAMPLES[route.path].path),
  englishPath: EXAMPLES[route.path].path,
  route,
}));
