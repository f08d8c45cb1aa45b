// The site's pages (spec §2): the one route table. The shell routes with it (and names the remote to fetch first),
// the server answers its addresses with each page's head, JSON-LD, sitemap entry, preload hints and first view, and
// the browser tests visit every row. Both sides read an address with React Router's matchRoutes (matchSiteRoute), so
// they agree on trailing slashes, percent-decoding and parameters.
//
// Language twins are these same rows under the edition's base ('/ar/home'): matchSiteRoute reads the base
// off first (locale.ts), and the browser routes inside it (React Router's basename), not a second table.
import { generatePath, matchRoutes } from 'react-router-dom';
import {
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_LISTING_API_PATTERN,
  CATALOGUE_PRODUCT_API_PATTERN,
  CATALOGUE_SEARCH_API_PATH,
  RATINGS_API_PATH,
  REVIEWS_API_PATTERN,
} from './api';
import { hasListingFilters, listingViewOf, listingViewSearch } from './listingView';
import { compareIdsOf, compareViewSearch } from './compareView';
import { productVariantOf, productViewSearch } from './productView';
import { searchApiQuery, searchViewOf, searchViewSearch } from './searchView';
import type { RemoteName } from './federation';
import { localizedDataPath, splitLocale, type Locale } from './locale';
import { CATALOGUE_SEGMENT, COMPARE_SEGMENT, HOME_SEGMENT, QUOTE_REQUEST_SEGMENT, SEARCH_SEGMENT } from './paths';

export { HOME_PATH } from './paths';

/** A listing's page of products: the catalogue API's, for the view its address asks for (viewSearchOf). */
const LISTING_START_DATA = CATALOGUE_LISTING_API_PATTERN.replace(':categoryId', ':productCategoryId');

interface RouteFields {
  /** React Router path pattern without the leading slash ('our-products/:productCategoryId'). */
  path: string;
  remote: RemoteName;
  /** The exposed module, as in the remote's webpack `exposes` (e.g. './HomePage'). */
  modulePath: string;
  /** The page's first title (the shell's, until a remote page sets a more precise one). */
  title: string;
  /** The same title on the page's Arabic twin: `routeTitle(route, locale)` picks one. */
  titleAr: string;
  /**
   * What the page fetches as it starts (':param' filled from the address): the server preloads these from the HTML,
   * so they download with the page's scripts instead of after them. tests/specs/preloads.spec.ts checks that the
   * page really uses each one (an unused preload is a wasted download and a console warning).
   */
  startData?: readonly string[];
  /**
   * What only the Arabic edition fetches as it starts, beside startData: the texts the English edition has in its
   * bundle (data/ar/…). Also the server's key for the drawn page: new texts, new HTML.
   */
  startDataAr?: readonly string[];
  /**
   * Whether search engines may index it: listed in sitemap.xml (a route with parameters once per record) and sent
   * without `robots: noindex`.
   */
  index: boolean;
}

/** A page about the company or the catalogue as a whole: its head is written from the site's facts (its description: routeDescriptions.ts). */
export interface FactsPageRoute extends RouteFields {
  /**
   * What the head's JSON-LD describes: the Organization ('company'), the collection of categories ('categories'), or
   * a search of the catalogue ('search': its results come from the address's query, one page per text and page), or
   * a comparison of products ('compare': those the address's query names).
   */
  kind: 'company' | 'categories' | 'search' | 'compare';
}

/** A page of one record: its title, description and JSON-LD come from the category or product it names. */
export interface RecordPageRoute extends RouteFields {
  kind: 'category' | 'product';
}

export type SiteRoute = FactsPageRoute | RecordPageRoute;

/**
 * The spec's route table. Its literal types let the shell check each remote and module against the remotes' declared
 * exposes (shell/src/routes/routeTable.tsx).
 */
export const siteRoutes = [
  {
    path: HOME_SEGMENT,
    remote: 'company',
    modulePath: './HomePage',
    title: 'Home',
    titleAr: 'الرئيسية',
    kind: 'company',
    index: true,
    // the teaser's categories in both editions (the catalogue's, renamed without a release)
    startData: ['/data/products-category.json'],
    startDataAr: ['/data/home.json'],
  },
  {
    path: CATALOGUE_SEGMENT,
    remote: 'catalogue',
    modulePath: './CategoryListPage',
    title: 'Our Products',
    titleAr: 'منتجاتنا',
    kind: 'categories',
    index: true,
    startData: ['/data/products-category.json'],
  },
  {
    path: `${CATALOGUE_SEGMENT}/:productCategoryId`,
    remote: 'catalogue',
    modulePath: './ProductListingPage',
    title: 'Products',
    titleAr: 'المنتجات',
    kind: 'category',
    index: true,
    startData: [LISTING_START_DATA, RATINGS_API_PATH],
  },
  {
    path: `${CATALOGUE_SEGMENT}/:productCategoryId/:productId`,
    remote: 'catalogue',
    modulePath: './ProductDetailsPage',
    title: 'Product Details',
    titleAr: 'تفاصيل المنتج',
    kind: 'product',
    index: true,
    startData: [CATALOGUE_PRODUCT_API_PATTERN, REVIEWS_API_PATTERN],
  },
  {
    // one page per text searched: nothing for search engines
    path: SEARCH_SEGMENT,
    remote: 'catalogue',
    modulePath: './SearchResultsPage',
    title: 'Search results',
    titleAr: 'نتائج البحث',
    kind: 'search',
    index: false,
    startData: [CATALOGUE_SEARCH_API_PATH],
  },
  {
    // one page per choice of products: nothing for search engines
    path: COMPARE_SEGMENT,
    remote: 'catalogue',
    modulePath: './ComparePage',
    title: 'Compare products',
    titleAr: 'مقارنة المنتجات',
    kind: 'compare',
    index: false,
    startData: [CATALOGUE_COMPARE_API_PATH],
  },
  {
    path: 'about',
    remote: 'company',
    modulePath: './AboutPage',
    title: 'About Us',
    titleAr: 'من نحن',
    kind: 'company',
    index: true,
    startDataAr: ['/data/home.json', '/data/company.json'],
  },
  {
    path: 'certificates',
    remote: 'company',
    modulePath: './CertificatesPage',
    title: 'Certificates',
    titleAr: 'الشهادات',
    kind: 'company',
    index: true,
    startDataAr: ['/data/certificates.json'],
  },
  {
    path: 'management',
    remote: 'company',
    modulePath: './ManagementPage',
    title: 'Management',
    titleAr: 'الإدارة',
    kind: 'company',
    index: true,
    startData: ['/data/our-team.json'],
  },
  {
    path: 'our-projects',
    remote: 'company',
    modulePath: './ProjectsPage',
    title: 'Our Projects',
    titleAr: 'مشاريعنا',
    kind: 'company',
    index: true,
    startDataAr: ['/data/projects.json'],
  },
  {
    path: 'career-opportunities',
    remote: 'company',
    modulePath: './CareersPage',
    title: 'Career Opportunities',
    titleAr: 'الوظائف الشاغرة',
    kind: 'company',
    index: true,
    startDataAr: ['/data/company.json'],
  },
  {
    path: 'contact-us',
    remote: 'contact',
    modulePath: './ContactPage',
    title: 'Contact Us',
    titleAr: 'اتصل بنا',
    kind: 'company',
    index: true,
    startDataAr: ['/data/branches.json'],
  },
  {
    // the buyer's own basket: nothing for search engines
    path: QUOTE_REQUEST_SEGMENT,
    remote: 'contact',
    modulePath: './QuoteRequestPage',
    title: 'Request a Quote',
    titleAr: 'طلب عرض سعر',
    kind: 'company',
    index: false,
    startDataAr: ['/data/branches.json'],
  },
] as const satisfies readonly SiteRoute[];

/** A route's title in an edition's language ('Contact Us'; 'اتصل بنا' in Arabic). */
export function routeTitle(route: Pick<SiteRoute, 'title' | 'titleAr'>, locale: Locale): string {
  return locale === 'ar' ? route.titleAr : route.title;
}

/** A route's path pattern ('our-products/:productCategoryId'). */
export type SiteRoutePath = (typeof siteRoutes)[number]['path'];

/** The path pattern of a page written from the site's facts (no parameters). */
export type FactsPagePath = Extract<(typeof siteRoutes)[number], { kind: FactsPageRoute['kind'] }>['path'];

/** The names of a pattern's ':params' ('productCategoryId' | 'productId'). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of a route: its ':params' URL-encoded ('our-products/:productCategoryId', { productCategoryId: 'a b' } -> '/our-products/a%20b'). */
export function siteRouteUrl<P extends SiteRoutePath>(
  path: P,
  ...params: ParamNames<P> extends never ? [] : [Record<ParamNames<P>, string>]
): string {
  // generatePath's own parameter type cannot be computed for a generic P: ParamNames<P> says the same for callers.
  return generatePath<string>(`/${path}`, params[0] ?? {});
}

/** A matched address: its route and its ':params', decoded as React Router's useParams gives them. */
export interface SiteRouteMatch {
  readonly route: SiteRoute;
  readonly params: Readonly<Record<string, string>>;
  /** The edition the address is in ('/ar/…': Arabic). */
  readonly locale: Locale;
  /** The address inside its edition ('/ar/home' → '/home'): the same page's address in every edition, once localized. */
  readonly path: string;
}

/** The table as React Router route objects (what matchRoutes reads). */
const routeObjects = siteRoutes.map((route: SiteRoute) => ({ path: route.path, siteRoute: route }));

/** Whether a path segment's percent escapes decode. */
function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * A segment with a broken percent escape ('%ZZ') is literal text, as the server reads it (server/src/platform/http/malformedUrls.ts):
 * React Router would otherwise leave the whole path undecoded (and warn).
 */
function withLiteralBrokenEscapes(pathname: string): string {
  if (!pathname.includes('%')) return pathname;
  return pathname
    .split('/')
    .map((segment) => (decodes(segment) ? segment : segment.replaceAll('%', '%25')))
    .join('/');
}

/**
 * Matches already made, by address: matchRoutes flattens and ranks the whole table on every call, and the server asks
 * up to four times per page request (head, preload hints, first view, state). Bounded: emptied when full. The matches
 * are frozen, since callers share them.
 */
const matchesByPath = new Map<string, SiteRouteMatch | undefined>();
const MATCHES_KEPT = 1000;

/**
 * The route an address shows ('/our-products/cables/x' -> the product details route, { productCategoryId: 'cables',
 * productId: 'x' }, in English; '/ar/our-products/cables/x' the same in Arabic), or undefined: not one of the site's
 * pages, '/' and '/ar' (redirects) included. A trailing slash is ignored.
 */
export function matchSiteRoute(pathname: string): SiteRouteMatch | undefined {
  if (matchesByPath.has(pathname)) return matchesByPath.get(pathname);
  const { locale, path } = splitLocale(pathname);
  const match = matchRoutes(routeObjects, withLiteralBrokenEscapes(path))?.at(-1);
  const found =
    match === undefined
      ? undefined
      : Object.freeze({
          route: match.route.siteRoute,
          params: Object.freeze(
            Object.fromEntries(
              Object.entries(match.params).filter((entry): entry is [string, string] => entry[1] !== undefined),
            ),
          ),
          locale,
          path,
        });
  if (matchesByPath.size >= MATCHES_KEPT) matchesByPath.clear();
  matchesByPath.set(pathname, found);
  return found;
}

/**
 * The part of an address's query that changes what its page shows, in its one spelling ('' for none): a listing's
 * order and page ('?sort=2&page=3', listingView.ts), a search's text and page ('?q=swa&page=2', searchView.ts), a
 * comparison's products ('?ids=a,b', compareView.ts), a product's chosen variant ('?variant=HEX-CW-25',
 * productView.ts); every other page ignores its query. The server draws, caches and preloads by it; anything else in a query makes no new page.
 */
export function viewSearchOf(route: SiteRoute, search: string): string {
  if (route.kind === 'category') return listingViewSearch(listingViewOf(search));
  if (route.kind === 'search') return searchViewSearch(searchViewOf(search));
  if (route.kind === 'compare') return compareViewSearch(compareIdsOf(search));
  if (route.kind === 'product') return productViewSearch(productVariantOf(search));
  return '';
}

/**
 * Whether the view `viewSearch` names is one of a bounded set, which the server may keep drawn: a listing's order
 * and page are; a search's text, or a listing's brands and prices, are anyone's to type (kept, they would push the
 * site's pages out of the server's cache).
 */
export function isBoundedView(route: SiteRoute, viewSearch: string): boolean {
  if (route.kind === 'search' || route.kind === 'compare') return false;
  // a variant's code is anyone's to type, too: only the product's page without one is kept
  if (route.kind === 'product') return viewSearch === '';
  return route.kind !== 'category' || !hasListingFilters(listingViewOf(viewSearch));
}

/**
 * The start data's query for the view `viewSearch` names: a listing's as it is, a search's page as the API's offset;
 * undefined when the page does not fetch it (a search page without a text).
 */
function startDataQuery(template: string, viewSearch: string): string | undefined {
  if (template === LISTING_START_DATA) return viewSearch;
  if (template === CATALOGUE_COMPARE_API_PATH) return viewSearch === '' ? undefined : viewSearch;
  if (template !== CATALOGUE_SEARCH_API_PATH) return '';
  const view = searchViewOf(viewSearch);
  return view.q === '' ? undefined : searchApiQuery(view);
}

/**
 * A matched route's start data, its ':params' filled in and URL-encoded, in the page's edition (data files from its
 * folder, the catalogue's answers in its language); a listing's or a search's page for the view `viewSearch` names
 * (viewSearchOf).
 */
export function startDataPaths({ route, params, locale }: SiteRouteMatch, viewSearch = ''): string[] {
  const templates = [...(route.startData ?? []), ...(locale === 'ar' ? (route.startDataAr ?? []) : [])];
  return templates.flatMap((template) => {
    const query = startDataQuery(template, viewSearch);
    return query === undefined ? [] : [localizedDataPath(locale, generatePath(template, params) + query)];
  });
}
