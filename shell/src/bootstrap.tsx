import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { findRemoteRoute } from '@site/content';
import { makeStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { loadRemotesMap } from './remotes/remotesMap';
import { registerRemoteEntries, setKnownRemotes } from './remotes/loadRemoteModule';
import { preloadRemotePage } from './remotes/RemotePage';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { SiteRoutes } from './routes/routeTable';

async function start() {
  const remotes = await loadRemotesMap();
  try {
    registerRemoteEntries(remotes);
    setKnownRemotes(remotes);
  } catch (error) {
    console.error('Remotes could not be registered; remote pages will show an error.', error);
  }

  // Fetch the current route's remote while React starts, not after it renders.
  const currentRoute = findRemoteRoute(window.location.pathname);
  if (currentRoute) preloadRemotePage(currentRoute.remote, currentRoute.modulePath);

  const store = makeStore();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeRoot>
          <BrowserRouter>
            {/* Only if the frame itself fails; a page's failure is caught inside the frame. */}
            <RouteErrorBoundary resetKey={undefined}>
              <SiteRoutes />
            </RouteErrorBoundary>
          </BrowserRouter>
        </ThemeRoot>
      </Provider>
    </StrictMode>,
  );
}

void start();
