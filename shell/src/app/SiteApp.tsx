import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';
import { SiteRoutes } from '../routes/routeTable';

export interface SiteAppProps {
  store: AppStore;
  /** The router around the routes: <BrowserRouter> in the browser, <StaticRouter> on the server. */
  router: (routes: ReactNode) => ReactNode;
}

/**
 * The whole site under its providers. The browser (bootstrap.tsx) and the server (server-render/) render this same
 * tree, so the browser can hydrate the HTML the server wrote instead of drawing the page again.
 */
export function SiteApp({ store, router }: SiteAppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeRoot>
          {router(
            // Only if the frame itself fails; a page's failure is caught inside the frame.
            <RouteErrorBoundary resetKey={undefined}>
              <SiteRoutes />
            </RouteErrorBoundary>,
          )}
        </ThemeRoot>
      </Provider>
    </StrictMode>
  );
}
