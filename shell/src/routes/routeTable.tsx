import { Navigate, type RouteObject } from 'react-router-dom';
import { AppFrame } from '../frame/AppFrame';
import { ErrorScreen } from '../errors/ErrorScreen';
import { RemotePage } from '../remotes/RemotePage';
import { remoteRoutes } from '@site/content';

export { remoteRoutes, type RemoteRoute } from '@site/content';

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
