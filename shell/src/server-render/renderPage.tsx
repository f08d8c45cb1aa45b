import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import type { Messages } from '@lingui/core';
import { LOCALE_BASE, type Locale } from '@site/contracts/locale';
import { localizedFetch, makeSiteI18n, makeStore } from '@site/shared-store';
import enShellMessages from '../i18n/en.json';
import arShellMessages from '../i18n/ar.json';
import { SiteApp } from '../app/SiteApp';
import { LoadedRemoteModules, type RemoteComponentModule } from '../remotes/RemotePage';
import type { ExposedModuleShape } from '../remotes/remoteExposes';
import { FOOTER_ID } from '../frame/Footer';
import { splitServerStyles } from './serverStyles';

/**
 * A page module as the server has it: the component, and how to load the data it starts with (if it has any). Every
 * module the remotes declare they expose has this shape (checked in remotes/remoteExposes.ts).
 */
export type ServerPageModule = RemoteComponentModule & Pick<ExposedModuleShape, 'loadFirstView'>;

export interface RenderPageInput {
  /** The page's address: its path, and the query that names its view (a listing's '?sort=2&page=3'), if any. */
  url: string;
  /** The route's ':params' (e.g. { productId: '...' }). */
  params: Record<string, string>;
  /** The page's remote module(s), loaded from the remotes' server-render builds, by `<remote>/<module path>`. */
  modules: ReadonlyMap<string, ServerPageModule>;
  /** What the page's data thunks fetch with: the server's own files. */
  fetch: typeof fetch;
  /** The page's edition ('/ar/…': ar). */
  locale: Locale;
  /** The messages of the page's remote in that language (its './messages-<locale>' expose). */
  catalogs: readonly Messages[];
}

/** The shell's own catalogs (compiled at build time, like the browser's). */
const SHELL_MESSAGES: Record<Locale, Messages> = { en: enShellMessages, ar: arShellMessages };

export interface RenderedPage {
  /** What goes inside <div id="root">. */
  html: string;
  /**
   * For the head: the <style> elements of the styled components it uses (styled-components in the browser takes them
   * over without copying them: serverStyles.ts) and the preload links React writes for its images.
   */
  head: string;
  /** The slices the page's data load filled: the browser's store starts from them (shared-store's firstView.ts). */
  state: Record<string, unknown>;
}

const LEADING_LINKS = /^(?:<link [^>]*>)+/;

/**
 * No first paint before the page is parsed down to its footer: painted halfway through the header (the parser yields
 * when it likes, and a slow line delivers the HTML in pieces), the header's buttons arrive after the first paint and
 * push the navigation aside (a layout shift).
 */
const RENDER_AFTER_FOOTER = `<link rel="expect" href="#${FOOTER_ID}" blocking="render">`;

/**
 * The page's first view as HTML, from the same tree the browser hydrates (app/SiteApp.tsx), after the page has loaded
 * the data it starts with. Throws if a component or a data load does; the server then sends the page without it
 * (the browser draws it as before).
 */
export async function renderPage({
  url,
  params,
  modules,
  fetch,
  locale,
  catalogs,
}: RenderPageInput): Promise<RenderedPage> {
  const store = makeStore(undefined, { fetch: localizedFetch(locale, fetch) });
  // the view the address names (a listing's order and page), as the server spelt it: the router reads the same
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  const i18n = makeSiteI18n(locale, [SHELL_MESSAGES[locale], ...catalogs]);
  const before = store.getState() as Record<string, unknown>;
  for (const module of modules.values()) {
    if (module.loadFirstView) await module.loadFirstView({ dispatch: store.dispatch, params, locale, search });
  }
  // Only the slices the page's data load changed: every remote's slices are injected here (the server has every
  // remote's code), and a slice sent as it starts would tell the browser its data was loaded.
  const after = store.getState() as Record<string, unknown>;
  const state = Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value));
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <LoadedRemoteModules value={modules}>
          <SiteApp
            store={store}
            i18n={i18n}
            router={(routes) => (
              <StaticRouter location={url} basename={LOCALE_BASE[locale] || undefined}>
                {routes}
              </StaticRouter>
            )}
          />
        </LoadedRemoteModules>,
      ),
    );
    // renderToString has no <head> to put React's resource hints (<link rel="preload"> of images) in, so it writes
    // them first inside the root, where hydration would find a <link> instead of the page: they go to the head.
    const hints = LEADING_LINKS.exec(html)?.[0] ?? '';
    return {
      html: html.slice(hints.length),
      head: RENDER_AFTER_FOOTER + splitServerStyles(sheet.getStyleTags()) + hints,
      state,
    };
  } finally {
    sheet.seal();
  }
}
