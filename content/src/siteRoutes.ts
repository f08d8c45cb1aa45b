// The site's page routes and the remote module that renders each one (spec §2). Shared by the shell (its router)
// and the server (which preloads the current page's remote files from the HTML it sends).
import { RATINGS_API_PATH } from './reviews';

/** The remotes, by federation container name. */
export const REMOTE_NAMES = ['catalogue', 'company', 'contact', 'chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** A page: a route path (React Router syntax, no leading slash), the remote exposing it, and its first title. */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** The exposed module, as in the remote's webpack `exposes` (e.g. './HomePage'). */
  modulePath: string;
  title: string;
  /**
   * What the page fetches as it starts (':param' filled from the address): the server preloads these from the HTML,
   * so they download with the page's scripts instead of after them. tests/specs/preloads.spec.ts checks that the
   * page really uses each one (an unused preload is a wasted download and a console warning).
   */
  startData?: readonly string[];
}

/**
 * The spec's route table. Remote pages set a more precise title themselves when they know it. Its literal types let the
 * shell check each remote and module against the remotes' declared exposes (shell/src/routes/routeTable.tsx).
 */
export const remoteRoutes = [
  { path: 'home', remote: 'company', modulePath: './HomePage', title: 'Home' },
  { path: 'our-products', remote: 'catalogue', modulePath: './CategoryListPage', title: 'Our Products', startData: ['/data/products-category.json'] },
  {
    path: 'our-products/:productCategoryId',
    remote: 'catalogue',
    modulePath: './ProductListingPage',
    title: 'Products',
    startData: ['/data/products.json', RATINGS_API_PATH],
  },
  {
    path: 'our-products/:productCategoryId/:productId',
    remote: 'catalogue',
    modulePath: './ProductDetailsPage',
    title: 'Product Details',
    startData: ['/data/product-details.json', '/api/products/:productId/reviews'],
  },
  { path: 'about', remote: 'company', modulePath: './AboutPage', title: 'About Us' },
  { path: 'certificates', remote: 'company', modulePath: './CertificatesPage', title: 'Certificates' },
  { path: 'management', remote: 'company', modulePath: './ManagementPage', title: 'Management', startData: ['/data/our-team.json'] },
  { path: 'our-projects', remote: 'company', modulePath: './ProjectsPage', title: 'Our Projects' },
  { path: 'career-opportunities', remote: 'company', modulePath: './CareersPage', title: 'Career Opportunities' },
  { path: 'contact-us', remote: 'contact', modulePath: './ContactPage', title: 'Contact Us' },
] as const satisfies readonly RemoteRoute[];

/** The route's ':params' in `pathname` (which the route matches), decoded as React Router's useParams gives them. */
export function routeParams(route: RemoteRoute, pathname: string): Record<string, string> {
  const segments = pathname.replace(/^\/+|\/+$/g, '').split('/');
  return Object.fromEntries(
    route.path.split('/').flatMap((part, index) => (part.startsWith(':') ? [[part.slice(1), decodeURIComponentSafe(segments[index] ?? '')]] : [])),
  );
}

/** A route's start data for `pathname` (which the route matches), its ':params' filled in and URL-encoded. */
export function startDataPaths(route: RemoteRoute, pathname: string): string[] {
  const params = routeParams(route, pathname);
  return (route.startData ?? []).map((template) => template.replace(/:([A-Za-z]+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? '')));
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The route a pathname shows ('/our-products/cables/x' -> the product details route), or undefined. Segments
 * match literally or fill a ':param'; a trailing slash is ignored. (No React Router here: the server uses it too.)
 */
export function findRemoteRoute(pathname: string): RemoteRoute | undefined {
  const segments = pathname.replace(/^\/+|\/+$/g, '').split('/');
  return remoteRoutes.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') ? segments[index] !== '' : part === segments[index]);
  });
}
