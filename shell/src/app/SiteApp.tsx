import { StrictMode, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { Provider } from 'react-redux';
import { SiteI18nProvider, type AppStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';
import { SiteRoutes } from '../routes/routeTable';
import { QuoteBasketStorage } from './QuoteBasketStorage';

export interface SiteAppProps {
  store: AppStore;
  /** The page's language and messages (i18n/pageI18n.ts in the browser; one per page on the server). */
  i18n: I18n;
  /** The router around the routes: <BrowserRouter> in the browser, <StaticRouter> on the server (both with the edition's basename). */
  router: (routes: ReactNode) => ReactNode;
}

/**
 * The whole site under its providers. The browser (bootstrap.tsx) and the server (server-render/) render this same
 * tree, so the browser can hydrate the HTML the server wrote instead of drawing the page again.
 */
export function SiteApp({ store, i18n, router }: SiteAppProps) {
  return (
    <StrictMode>
      <SiteI18nProvider i18n={i18n}>
        <Provider store={store}>
          <QuoteBasketStorage />
          <ThemeRoot>
            {router(
              // Only if the frame itself fails; a page's failure is caught inside the frame.
              <RouteErrorBoundary resetKey={undefined}>
                <SiteRoutes />
              </RouteErrorBoundary>,
            )}
          </ThemeRoot>
        </Provider>
      </SiteI18nProvider>
    </StrictMode>
  );
}
