// The preload hints sent with a page: its remote's files (remoteHints.ts), the data it starts by fetching and, for a
// product page drawn in the browser, the product's picture.
import { isSiteDataPath } from '@site/contracts/api';
import { messagesModule } from '@site/contracts/federation';
import { matchSiteRoute, startDataPaths } from '@site/contracts/routes';
import { escapeHtml } from '../platform/http/escape.js';
import type { SitePage } from '../seo/index.js';
import { variantOf, type Visitor } from './canary.js';
import type { BuildReaders } from './pageBuilds.js';
import { NO_HINTS, type PreloadHints } from './remoteHints.js';

/**
 * The preload hints of the remote that renders `page` and of the data it starts by fetching (none for the
 * not-found page: no remote module is known).
 */
export async function pagePreloadHints(
  { hints }: BuildReaders,
  page: SitePage,
  serverRendered: boolean,
  visitor: Visitor,
  viewSearch: string,
): Promise<PreloadHints> {
  // page.path is canonical, in the page's edition: a product under the wrong category its real one.
  const match = page.status !== 404 && page.path !== undefined ? matchSiteRoute(page.path) : undefined;
  if (match === undefined) return NO_HINTS;
  const { route } = match;
  // The page's module and the remote's catalog in the page's language: the shell asks for both once the remote's
  // entry has run, and without the hint the catalog came one round trip after the page's chunks.
  const modules = [route.modulePath, messagesModule(page.locale, route.remote, route.modulePath)];
  const remote = await hints.forModule(route.remote, modules, variantOf(visitor, route.remote));
  // Same-origin fetch() calls: as=fetch with crossorigin=anonymous is what the browser matches them against.
  // A page drawn on the server brings the site's data (its files, the catalogue's answers) in its state: only
  // visitors' data (reviews, ratings) is fetched.
  const data = startDataPaths(match, viewSearch)
    .filter((href) => !(serverRendered && isSiteDataPath(href)))
    .map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">`)
    .join('');
  return { html: remote.html + data + (serverRendered ? '' : picturePreload(page)), key: remote.key };
}

/**
 * A product page's largest element is the product's picture (its og:image). A page the server drew asks for it from
 * its own `<img fetchpriority=high>` (or `<picture>`), found by the parser's look-ahead long before these hints, which
 * come with the scripts after the first paint: there a hint would only repeat the request later. A page left to the
 * browser to draw fetches it with the scripts, not after they rendered the page.
 */
function picturePreload(page: SitePage): string {
  if (page.ogType !== 'product' || page.image === undefined) return '';
  const preload = page.image.preload;
  return preload !== undefined
    ? `<link rel="preload" as="image" type="${escapeHtml(preload.type)}" imagesrcset="${escapeHtml(preload.srcset)}" imagesizes="${escapeHtml(preload.sizes)}" fetchpriority="high">`
    : `<link rel="preload" href="${escapeHtml(page.image.path)}" as="image" fetchpriority="high">`;
}
