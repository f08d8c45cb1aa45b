import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { makeStore } from '@site/shared-store';
import { SiteApp } from '../app/SiteApp';
import { LoadedRemoteModules, type RemoteComponentModule } from '../remotes/RemotePage';
import { FOOTER_ID } from '../frame/Footer';

export interface RenderPageInput {
  /** The address, path and query (e.g. '/home'). */
  url: string;
  /** The page's remote module(s), loaded from the remotes' server-render builds, by `<remote>/<module path>`. */
  modules: ReadonlyMap<string, RemoteComponentModule>;
}

export interface RenderedPage {
  /** What goes inside <div id="root">. */
  html: string;
  /**
   * For the head: the <style> elements of the styled components it uses (styled-components in the browser takes them
   * over) and the preload links React writes for its images.
   */
  head: string;
}

const LEADING_LINKS = /^(?:<link [^>]*>)+/;

/**
 * No first paint before the page is parsed down to its footer: painted halfway through the header (the parser yields
 * when it likes, and a slow line delivers the HTML in pieces), the header's buttons arrive after the first paint and
 * push the navigation aside (a layout shift).
 */
const RENDER_AFTER_FOOTER = `<link rel="expect" href="#${FOOTER_ID}" blocking="render">`;

/**
 * The page's first view as HTML, from the same tree the browser hydrates (app/SiteApp.tsx). Throws if a component
 * does; the server then sends the page without it (the browser renders it as before).
 */
export function renderPage({ url, modules }: RenderPageInput): RenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <LoadedRemoteModules value={modules}>
          <SiteApp store={makeStore()} router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />
        </LoadedRemoteModules>,
      ),
    );
    // renderToString has no <head> to put React's resource hints (<link rel="preload"> of images) in, so it writes
    // them first inside the root, where hydration would find a <link> instead of the page: they go to the head.
    const hints = LEADING_LINKS.exec(html)?.[0] ?? '';
    return { html: html.slice(hints.length), head: RENDER_AFTER_FOOTER + sheet.getStyleTags() + hints };
  } finally {
    sheet.seal();
  }
}
