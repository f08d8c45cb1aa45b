import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { LOCALE_DIRECTION, type Locale } from '@site/contracts/locale';
import { testI18n } from './i18n';
import { ThemeRoot } from '@site/shared-ui';
import { localizedFetch, makeStore, SiteI18nProvider, type AppStore, type LoadFirstView } from '@site/shared-store';
import { requestsSent } from './msw';

/** Shows the router's current path and query, so a test can see where a click navigated. */
function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="current-path">{pathname}</output>
      <output data-testid="current-search">{search}</output>
    </>
  );
}

interface RenderInSiteOptions {
  route?: string;
  path?: string;
  store?: AppStore;
  /** The page's language (every app's messages in it, as on a page of that edition). */
  locale?: Locale;
}

/**
 * Renders a component the way the shell hosts it: with the page's messages, a fresh store, the theme and a router at
 * `route` (matched against `path` when the component reads route params).
 */
export function renderInSite(
  ui: ReactElement,
  // The store reads the data files of the page's edition (/data/ar/… in Arabic), as the shell's does.
  {
    route = '/',
    path = '*',
    locale = 'en',
    store = makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) }),
  }: RenderInSiteOptions = {},
) {
  // The page's <html lang dir>, as the server writes them. Without a dir on an ancestor, jsdom (nwsapi) decides each
  // `:dir(rtl)` rule of the styles by testing the element's whole text with a regular expression that backtracks
  // exponentially on Arabic words: every getComputedStyle (each role query) of an Arabic page took seconds.
  document.documentElement.setAttribute('lang', locale);
  document.documentElement.setAttribute('dir', LOCALE_DIRECTION[locale]);
  const result = render(
    <SiteI18nProvider i18n={testI18n(locale)}>
      <Provider store={store}>
        <ThemeRoot>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
            <CurrentPath />
          </MemoryRouter>
        </ThemeRoot>
      </Provider>
    </SiteI18nProvider>,
  );
  return { ...result, store };
}

export { setViewportWidth } from './viewport';
export { testI18n } from './i18n';

/**
 * The addresses a page's `loadFirstView` fetches on the server for an edition (its store's fetch reads that edition's
 * data files), sorted: what the route table's start data of the page must name (contracts' startDataPaths).
 */
export async function firstViewFetches(loadFirstView: LoadFirstView | undefined, locale: Locale): Promise<string[]> {
  const store = makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) });
  await loadFirstView?.({ dispatch: store.dispatch, params: {}, locale });
  return requestsSent()
    .map((request) => request.replace(/^GET /, ''))
    .sort();
}
