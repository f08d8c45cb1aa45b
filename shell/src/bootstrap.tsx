import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { APP_ROOT_ELEMENT_ID, FIRST_VIEW_STATE_ELEMENT_ID } from '@site/contracts/dom-ids';
import { matchSiteRoute } from '@site/contracts/routes';
import { LOCALE_BASE, splitLocale } from '@site/contracts/locale';
import { localizedFetch, makeStore, PendingServerState } from '@site/shared-store';
import { startPageI18n } from './i18n/pageI18n';
import { loadRemotesMap } from './remotes/remotesMap';
import { setKnownRemotes } from './remotes/loadRemoteModule';
import { onRemoteModuleLoaded, preloadRemotePage } from './remotes/RemotePage';
import { SiteApp } from './app/SiteApp';
import { afterPageLoad } from './frame/useAfterPageLoad';
import { loadedBuilds } from './remotes/siteRemotesPlugin';
import { loadReportSession } from '@site/contracts/remote-load-reports';

async function start() {
  // The page's edition is its address's ('/ar/…': Arabic); the router works inside it, so links are written once.
  const { locale } = splitLocale(window.location.pathname);
  const [remotes, i18n] = await Promise.all([loadRemotesMap(), startPageI18n(locale)]);
  setKnownRemotes(remotes);

  // The state the server drew the page from: each slice takes it as soon as it is there (the page's remote's slices
  // when its code has loaded, before its part of the page hydrates).
  const store = makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) });
  const serverState = new PendingServerState(readServerState());
  serverState.applyTo(store);
  onRemoteModuleLoaded(() => serverState.applyTo(store));

  // Fetch the current route's remote while React starts, not after it renders.
  const current = matchSiteRoute(window.location.pathname);
  if (current) preloadRemotePage(current.route.remote, current.route.modulePath);
  // Once the page has loaded and is idle, nothing before: the page views' field vitals' code, and on Arabic pages the
  // web font's files fetched for the next page (frame/arabicFontCache.ts; English pages never load that code)
  afterPageLoad(() => {
    if (current) {
      const route = current.route.path;
      const routeAt = (pathname: string) => matchSiteRoute(pathname)?.route.path;
      void import(/* webpackChunkName: "vitals" */ './vitals/vitalsBeacon').then(({ startVitals }) =>
        startVitals({ route, edition: locale, session: loadReportSession(), remotes: () => loadedBuilds, routeAt }),
      );
    }
    if (locale === 'ar') void import('./frame/startArabicFontCache');
  });

  const container = document.getElementById(APP_ROOT_ELEMENT_ID)!;
  const basename = LOCALE_BASE[locale] || undefined;
  const app = (
    <SiteApp
      store={store}
      i18n={i18n}
      router={(routes) => <BrowserRouter basename={basename}>{routes}</BrowserRouter>}
    />
  );
  // The server wrote the page's first view (server/src/pages/ssr): take it over where it stands. The page's own part
  // is hydrated once its remote module has arrived; until then it stays as the server drew it. As a transition the
  // hydration works in short slices: the page is already on screen, so it must not hold the main thread for
  // 100+ ms at a time (a click or a scroll waiting behind it; Lighthouse's TBT).
  if (container.firstElementChild !== null) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

/** The server's state in the page (server/src/pages/ssr), or none. */
function readServerState(): Record<string, unknown> {
  const element = document.getElementById(FIRST_VIEW_STATE_ELEMENT_ID);
  if (element === null) return {};
  try {
    return JSON.parse(element.textContent ?? '{}') as Record<string, unknown>;
  } catch (error) {
    console.error('The first view state in the page is not JSON; the page loads its data again.', error);
    return {};
  }
}

void start();
