// The site's page routes and the remote module that renders each one (spec §2). Shared by the shell (its router)
// and the server (which preloads the current page's remote files from the HTML it sends).

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
}

/** The spec's route table. Remote pages set a more precise title themselves when they know it. */
export const remoteRoutes: readonly RemoteRoute[] = [
  { path: 'home', remote: 'company', modulePath: './HomePage', title: 'Home' },
  { path: 'our-products', remote: 'catalogue', modulePath: './CategoryListPage', title: 'Our Products' },
  { path: 'our-products/:productCategoryId', remote: 'catalogue', modulePath: './ProductListingPage', title: 'Products' },
  { path: 'our-products/:productCategoryId/:productId', remote: 'catalogue', modulePath: './ProductDetailsPage', title: 'Product Details' },
  { path: 'about', remote: 'company', modulePath: './AboutPage', title: 'About Us' },
  { path: 'certificates', remote: 'company', modulePath: './CertificatesPage', title: 'Certificates' },
  { path: 'management', remote: 'company', modulePath: './ManagementPage', title: 'Management' },
  { path: 'our-projects', remote: 'company', modulePath: './ProjectsPage', title: 'Our Projects' },
  { path: 'career-opportunities', remote: 'company', modulePath: './CareersPage', title: 'Career Opportunities' },
  { path: 'contact-us', remote: 'contact', modulePath: './ContactPage', title: 'Contact Us' },
];

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
