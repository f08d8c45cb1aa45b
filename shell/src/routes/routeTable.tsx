import { Navigate, type RouteObject } from 'react-router-dom';
import { AppFrame } from '../frame/AppFrame';
import { ErrorScreen } from '../errors/ErrorScreen';
import { RemotePage } from '../remotes/RemotePage';
import type { RemoteName } from '../remotes/remotesMap';

/** What a route shows: an exposed module of a remote, and the document title it starts with. */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  modulePath: string;
  title: string;
}

/** The spec's route table. Remote pages set a more precise title themselves when they know it. */
export const remoteRoutes: RemoteRoute[] = [
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

export interface RouteHandle {
  title: string;
}

function notFound(): never {
  throw new Response('', { status: 404, statusText: 'Not Found' });
}

export const routeTable: RouteObject[] = [
  {
    path: '/',
    element: <AppFrame />,
    // Only if the frame itself fails; route failures are caught below, inside the frame.
    errorElement: <ErrorScreen />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          ...remoteRoutes.map(
            ({ path, remote, modulePath, title }): RouteObject => ({
              path,
              element: <RemotePage key={`${remote}/${modulePath}`} remote={remote} modulePath={modulePath} />,
              handle: { title } satisfies RouteHandle,
            }),
          ),
          { path: '*', loader: notFound, element: null, handle: { title: 'Page not found' } satisfies RouteHandle },
        ],
      },
    ],
  },
];
