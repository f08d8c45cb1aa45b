import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { Provider } from 'react-redux';
import { makeStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { fetchRemotesMap } from './remotes/remotesMap';
import { registerRemoteEntries, setKnownRemotes } from './remotes/loadRemoteModule';
import { preloadRemotePage } from './remotes/RemotePage';
import { remoteRoutes, routeTable } from './routes/routeTable';

async function start() {
  const remotes = await fetchRemotesMap();
  try {
    registerRemoteEntries(remotes);
    setKnownRemotes(remotes);
  } catch (error) {
    console.error('Remotes could not be registered; remote pages will show an error.', error);
  }

  // Fetch the current route's remote while React starts, not after it renders.
  const current = matchRoutes(
    remoteRoutes.map((route) => ({ path: route.path })),
    window.location.pathname,
  )?.at(-1);
  const currentRoute = remoteRoutes.find((route) => route.path === current?.route.path);
  if (currentRoute) preloadRemotePage(currentRoute.remote, currentRoute.modulePath);

  const store = makeStore();
  const router = createBrowserRouter(routeTable);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeRoot>
          <RouterProvider router={router} />
        </ThemeRoot>
      </Provider>
    </StrictMode>,
  );
}

void start();
