import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { findRemoteRoute } from '@site/content';
import { makeStore } from '@site/shared-store';
import { loadRemotesMap } from './remotes/remotesMap';
import { registerRemoteEntries, setKnownRemotes } from './remotes/loadRemoteModule';
import { preloadRemotePage } from './remotes/RemotePage';
import { SiteApp } from './app/SiteApp';

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

  const container = document.getElementById('root')!;
  const app = <SiteApp store={makeStore()} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
  // The server wrote the page's first view (server/src/http/ssr): take it over where it stands. The page's own part
  // is hydrated once its remote module has arrived; until then it stays as the server drew it. As a transition the
  // hydration works in short slices: the page is already on screen, so it must not hold the main thread for
  // 100+ ms at a time (a click or a scroll waiting behind it; Lighthouse's TBT).
  if (container.firstElementChild !== null) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
