import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSiteDataPath } from '@site/contracts/api';
import { APP_ROOT_ELEMENT_ID, FIRST_VIEW_STATE_ELEMENT_ID } from '@site/contracts/dom-ids';
import { messagesModule } from '@site/contracts/federation';
import { LOCALES, localizedPath, splitLocale, type Locale } from '@site/contracts/locale';
import { isBoundedView, matchSiteRoute, siteRoutes, startDataPaths, viewSearchOf } from '@site/contracts/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CanaryAssignment, variantOf, type Visitor } from './canary.js';
import { contentEtag, isFresh } from './etag.js';
import type { ServedRemote } from './localBuilds.js';
import { NO_HINTS, RemotePreloadHints, type PreloadHints } from './remoteHints.js';
import { RemotesMaps } from './remotes.js';
import { PageCache } from './pageCache.js';
// Against the grain (the platform's page answer imports a feature): the shell's HTML is answered with each page's own
// head, which the SEO feature writes (seo/head.ts) from its pages (seo/pages.ts, the committed site's by default).
// eslint-disable-next-line import-x/no-restricted-paths -- see above
import { currentPages, localizeShellTemplate, prepareShellTemplate, renderHead, type CurrentSeoPages, type PageReads, type SeoPages, type SeoSite, type ShellTemplate, type SitePage } from '../../seo/index.js';
import { escapeHtml, jsonForScript } from './escape.js';
import { localOrigin, type SiteOrigin } from './siteOrigin.js';
import type { DataFiles } from './dataFiles.js';
import { moveScriptsPastFirstPaint } from './ssr/afterFirstPaint.js';
import { FirstViewRenderer, type CatalogueApiReader, type FirstViewOptions, type FirstViewSource } from './ssr/firstView.js';

/**
 * The addresses answered with the shell, as Fastify routes: the route table's patterns (React Router's ':param'
 * segments are Fastify's too) in every edition ('/about', '/ar/about'). '/' and '/ar' redirect (app.ts).
 */
export const CLIENT_ROUTES: readonly string[] = LOCALES.flatMap((locale) => siteRoutes.map((route) => localizedPath(locale, `/${route.path}`)));

/** Paths under these prefixes are never client routes: an unknown one is a plain 404. */
const NON_CLIENT_PREFIXES = ['/api', '/data', '/remotes', '/images', '/uploads', '/media'];

/** A file extension on the last segment: a dot then 1-8 letters/digits, at least one letter (so "2.5" is not one). */
const FILE_EXTENSION = /\.(?=[0-9a-z]*[a-z])[0-9a-z]{1,8}$/i;

export const NOT_BUILT_MESSAGE = 'The site is not built yet: run npm run build\n';
export const CATALOGUE_UNREADABLE_MESSAGE = 'The catalogue could not be read right now. Please try again in a few minutes.\n';


export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return FILE_EXTENSION.test(last);
}

/** A path the browser may navigate to: no file extension, not under /api, /data, /remotes, /images, /uploads. */
export function isClientRoutePath(pathname: string): boolean {
  if (hasFileExtension(pathname)) return false;
  return !NON_CLIENT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

interface ShellHtml {
  /** index.html cut around the head. */
  template: ShellTemplate;
  /** The same in each edition's language (<html lang dir>, <noscript>), for `site`. */
  templates: Readonly<Record<Locale, ShellTemplate>>;
  site: SeoPages;
  mtimeMs: number;
  size: number;
}

export interface RenderedPage {
  status: 200 | 404 | 410;
  html: Buffer;
  etag: string;
}

/** A remote as the pages need it (a RemoteConfig fits): where it is served, and its canary if it has one. */
export interface PageRemote extends ServedRemote {
  canary?: { entry: string; percent: number; distDir: string | undefined } | undefined;
}

/** One state of the remotes: its generation names it in the page cache's key. */
export interface RemotesState {
  generation: number;
  remotes: readonly PageRemote[];
  canaries: CanaryAssignment;
  /** The inline remotes map per visitor kind; none: pages carry no map. */
  maps: RemotesMaps | undefined;
}

export interface CurrentRemotes {
  current(): RemotesState;
}

/** The catalogue as one page reads it (app.ts): a fresh set of reads per page, and the catalogue API over them. */
export interface PageCatalogue {
  forPage(): { reads: PageReads; api: CatalogueApiReader };
}

export interface ShellResponderOptions {
  /** The pages' SEO data, fixed or as it is now (the site's committed content by default). */
  site?: SeoSite | SeoPages | CurrentSeoPages;
  /** The site's origin for canonical URLs and the like (siteOrigin.ts); http://localhost:8080 when not given. */
  origin?: SiteOrigin;
  /** Where rendered pages are kept (a new PageCache of the default size when not given; tests pass a small one). */
  pageCache?: PageCache<Promise<RenderedPage>>;
  /**
   * The remotes the shell registers (and their canaries): written into every page as the inline map (see remotes.ts),
   * and the source of the preload hints for the page's remote (remoteHints.ts). Neither when undefined.
   */
  remotes?: readonly PageRemote[];
  /** Who gets which canary (canary.ts); made from `remotes` when not given (app.ts shares one with /remotes.json). */
  canaries?: CanaryAssignment;
  /**
   * The remotes as they are now, asked on every page (the registry moves them at run time: releases/liveRemotes.ts);
   * `remotes` and `canaries` are not read when given.
   */
  live?: CurrentRemotes;
  /** Told of each failed server render of a remote's page (firstView.ts). */
  onRenderError?: FirstViewOptions['onRenderError'];
  /** REMOTE_BUILDS_DIR: where registered builds copied from this site's folders are (their preload hints). */
  remoteBuildsDir?: string | undefined;
  /** Where registry releases' server-render modules are kept (ssr/buildCache.ts); none: those releases are drawn in the browser. */
  buildCache?: FirstViewOptions['buildCache'];
  /** How often a remote's mf-manifest.json is checked for a new release, in milliseconds (1 s by default; tests: 0). */
  manifestRecheckMs?: number;
  /**
   * Whether pages are sent with their first view rendered on the server (ssr/firstView.ts) where that is possible
   * (true by default; SERVER_RENDERING=off turns it off).
   */
  serverRendering?: boolean;
  /** The data files (/data/*.json) pages load as they start, the ones /data serves: read when rendering them here. */
  dataFiles?: DataFiles;
  /**
   * The catalogue as one page reads it: its head and its first view through the same reads (a product read once for
   * both), the first view through the catalogue API's own answers (ssr/firstView.ts). None: pages that start from the
   * catalogue API are drawn in the browser.
   */
  pageCatalogue?: PageCatalogue;
  /** By remote: the build that draws its pages while the one visitors load is not on this disk (ssr/firstView.ts). */
  standIns?: FirstViewOptions['standIns'];
}

/**
 * Serves shell/dist/index.html for client routes, with each page's own head (seo/head.ts) and the remotes map
 * (remotes.ts): 200 for a page of the site, 404 with a 'Page not found' head for an unknown route, category or product
 * (the shell then shows its error screen), 503 with a plain message when the shell is not built.
 * Every answer is `no-cache` with an ETag of the exact bytes sent, so it changes with the shell build, the content the
 * head comes from and the builds the visitor is on (while a canary is live also `private` with `Vary: Cookie`:
 * canary.ts). The file is re-read when it changes on disk, so a rebuilt shell is served without a restart.
 */
export function createShellResponder(shellDist: string, options: ShellResponderOptions = {}) {
  const indexPath = path.join(shellDist, 'index.html');
  const given = options.site;
  const currentSite = currentPages(given);
  // Each SeoPages made (one per catalogue version) has its number in the page cache's key: a page drawn from an older
  // one is never served again, even when its render finishes after the version moved.
  const siteNumbers = new WeakMap<SeoPages, number>();
  let sitesMade = 0;
  const siteNumber = (site: SeoPages): string => {
    let number = siteNumbers.get(site);
    if (number === undefined) {
      number = ++sitesMade;
      siteNumbers.set(site, number);
    }
    return String(number);
  };
  const live: CurrentRemotes = options.live ?? fixedRemotesOf(options);
  // The manifests' readers of one state of the remotes, made again when it is swapped (rarely: a release).
  type Builds = { generation: number; hints: RemotePreloadHints; firstViews: FirstViewRenderer | undefined };
  const buildsFor = (state: RemotesState): Builds => ({
    generation: state.generation,
    hints: new RemotePreloadHints(state.remotes, { recheckMs: options.manifestRecheckMs, storeDir: options.remoteBuildsDir }),
    firstViews:
      options.serverRendering === false
        ? undefined
        : new FirstViewRenderer(shellDist, state.remotes, {
            recheckMs: options.manifestRecheckMs,
            dataFiles: options.dataFiles,
            onRenderError: options.onRenderError,
            standIns: options.standIns,
            buildCache: options.buildCache,
          }),
  });
  let builds: Builds | undefined;
  const buildsOf = (state: RemotesState): Builds => {
    if (builds === undefined || state.generation > builds.generation) builds = buildsFor(state);
    // an answer begun before a swap finishes with its own state's, which are not kept
    return state.generation === builds.generation ? builds : buildsFor(state);
  };
  const siteOrigin = options.origin ?? (() => localOrigin('localhost', 8080));
  let cached: ShellHtml | undefined;
  // Promises: requests for a page arriving while it renders wait for that render instead of starting their own.
  const pages = options.pageCache ?? new PageCache<Promise<RenderedPage>>();

  const localized = (template: ShellTemplate, site: SeoPages): ShellHtml['templates'] => ({
    en: localizeShellTemplate(template, 'en', site.noscript.en),
    ar: localizeShellTemplate(template, 'ar', site.noscript.ar),
  });

  /** The shell for `site`; the pages kept are dropped when either changed (a new build, a new catalogue version). */
  async function load(site: SeoPages): Promise<ShellHtml | undefined> {
    let info;
    try {
      info = await stat(indexPath);
    } catch {
      cached = undefined;
      return undefined;
    }
    if (cached !== undefined && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
      if (cached.site !== site) {
        cached = { ...cached, site, templates: localized(cached.template, site) };
        pages.clear();
      }
      return cached;
    }
    const template = prepareShellTemplate(await readFile(indexPath, 'utf8'));
    cached = { template, templates: localized(template, site), site, mtimeMs: info.mtimeMs, size: info.size };
    pages.clear();
    return cached;
  }

  /**
   * The preload hints of the remote that renders `page` and of the data it starts by fetching (none for the
   * not-found page: no remote module is known).
   */
  async function hintsFor(state: RemotesState, page: SitePage, serverRendered: boolean, visitor: Visitor, viewSearch: string): Promise<PreloadHints> {
    // page.path is canonical, in the page's edition: a product under the wrong category its real one.
    const match = page.status !== 404 && page.path !== undefined ? matchSiteRoute(page.path) : undefined;
    if (match === undefined) return NO_HINTS;
    const { route } = match;
    // The page's module and the remote's catalog in the page's language: the shell asks for both once the remote's
    // entry has run, and without the hint the catalog came one round trip after the page's chunks.
    const modules = [route.modulePath, messagesModule(page.locale)];
    const remote = await buildsOf(state).hints.forModule(route.remote, modules, variantOf(visitor, route.remote));
    // Same-origin fetch() calls: as=fetch with crossorigin=anonymous is what the browser matches them against.
    // A page drawn on the server brings the site's data (its files, the catalogue's answers) in its state: only
    // visitors' data (reviews, ratings) is fetched.
    const data = startDataPaths(match, viewSearch)
      .filter((href) => !(serverRendered && isSiteDataPath(href)))
      .map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">`)
      .join('');
    // A product page's largest element is the product's picture (its og:image): fetched with the scripts, not
    // after they rendered the page. (Simulated LCP barely moves: the scripts are the longer path.)
    const preload = page.image?.preload;
    const picture =
      page.ogType !== 'product' || page.image === undefined
        ? ''
        : preload !== undefined
          ? `<link rel="preload" as="image" type="${escapeHtml(preload.type)}" imagesrcset="${escapeHtml(preload.srcset)}" imagesizes="${escapeHtml(preload.sizes)}" fetchpriority="high">`
          : `<link rel="preload" href="${escapeHtml(page.image.path)}" as="image" fetchpriority="high">`;
    return { html: remote.html + data + picture, key: remote.key };
  }

  /**
   * The page's server-rendered first view, if it has one: only at its own address (a product under another category
   * is moved to its own in the browser: it would not show what the server drew).
   */
  async function firstViewFor(
    state: RemotesState,
    page: SitePage,
    requestPath: string,
    visitor: Visitor,
    viewSearch: string,
    catalogueApi: CatalogueApiReader | undefined,
  ): Promise<FirstViewSource | undefined> {
    const { firstViews } = buildsOf(state);
    // a withdrawn product's page is drawn too: the product page draws its no-longer-available state from the API's 410
    if (firstViews === undefined || page.status === 404 || page.path === undefined || page.path !== requestPath) return undefined;
    const match = matchSiteRoute(page.path);
    return match === undefined ? undefined : firstViews.viewFor(page.path, variantOf(visitor, match.route.remote), viewSearch, catalogueApi);
  }

  function render(
    state: RemotesState,
    shell: ShellHtml,
    page: SitePage,
    origin: string,
    visitor: Visitor,
    preload: PreloadHints,
    view: FirstViewSource | undefined,
    viewSearch: string,
    cacheable: boolean,
  ): Promise<RenderedPage> {
    // The hints' key names the manifest version: a remote released while the server runs gets a page with new hints
    // (and a newly rendered first view: its key names the render modules' versions). The visitor's key names the
    // canaries it is on: its map differs on every page, and a canary's page must never reach a stable visitor.
    // The path names the edition ('/ar/…'); the not-found page is one per edition.
    const key = {
      shell: `${shell.mtimeMs}:${shell.size}`,
      origin,
      site: siteNumber(shell.site),
      path: page.status === 404 || page.path === undefined ? `404 ${page.locale}` : page.path + viewSearch,
      visitor: visitor.key,
      remotes: String(state.generation),
      hints: preload.key,
      view: view?.key ?? '',
    };
    // A search's page, or a filtered listing's, is one per text anyone types: drawn for each request, never kept.
    const mapTag = state.maps?.for(visitor).script ?? '';
    if (!cacheable) return compose(shell, page, origin, mapTag, preload, view);
    let rendered = pages.get(key);
    if (rendered === undefined) {
      rendered = compose(shell, page, origin, mapTag, preload, view);
      pages.set(key, rendered);
    }
    return rendered;
  }

  /** The page's bytes (render() caches them; view.render() never throws, so neither does this). */
  async function compose(
    shell: ShellHtml,
    page: SitePage,
    origin: string,
    mapTag: string,
    preload: PreloadHints,
    view: FirstViewSource | undefined,
  ): Promise<RenderedPage> {
    const firstView = await view?.render();
    const template = shell.templates[page.locale];
    const pageHead = renderHead(page, origin);
    let html: Buffer;
    if (firstView === undefined) {
      const head = pageHead + preload.html + mapTag;
      html = Buffer.from(template.before + head + template.after);
    } else {
      // Drawn from the HTML: the scripts (and the preloads for them) start once it is on screen (ssr/afterFirstPaint.ts).
      const { page: rest, headTags } = moveScriptsPastFirstPaint(withRootContent(template.after, firstView.html), preload.html);
      const state = `<script type="application/json" id="${FIRST_VIEW_STATE_ELEMENT_ID}">${jsonForScript(firstView.state)}</script>`;
      const head = pageHead + mapTag + state + firstView.head + headTags;
      html = Buffer.from(template.before + head + rest);
    }
    return { status: page.status, html, etag: contentEtag(html) };
  }

  /**
   * The page at `pathname` (in its edition) as the server draws its first view, reading the catalogue through
   * `catalogueApi` instead of the server's: the staff preview of a draft (staff/work/catalogue/preview.ts). It is the
   * shell's HTML with the rendered view and none of its scripts: the public app's router does not know the preview's
   * address and, hydrating, would replace the draft with the live product. Never cached here. Undefined when the page
   * cannot be drawn on this server (not built, server rendering off, a remote served from elsewhere).
   */
  async function preview(pathname: string, catalogueApi: CatalogueApiReader, banner: string, title: string): Promise<string | undefined> {
    const match = matchSiteRoute(pathname);
    const shell = await load(await currentSite());
    const { firstViews } = buildsOf(live.current());
    if (match === undefined || shell === undefined || firstViews === undefined) return undefined;
    const firstView = await (await firstViews.viewFor(pathname, 'stable', '', catalogueApi))?.render();
    if (firstView === undefined) return undefined;
    const template = shell.templates[match.locale];
    const head = `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex, nofollow">${firstView.head}`;
    const { page: rest } = moveScriptsPastFirstPaint(withRootContent(template.after, banner + firstView.html), '');
    return (template.before + head + rest).replace(ANY_SCRIPT, '');
  }

  /** `status` 404: the route is not one of the site's; 200: a route of the table (its page may still be unknown). */
  return Object.assign(sendShell, { preview });

  async function sendShell(request: FastifyRequest, reply: FastifyReply, status: 200 | 404) {
    const requestPath = pathOf(request.url);
    // this page's reads of the catalogue: its head's and its first view's
    const catalogue = options.pageCatalogue?.forPage();
    let site: SeoPages;
    let page: SitePage;
    try {
      site = await currentSite();
      // An unknown address under '/ar' gets the Arabic not-found page.
      page = status === 404 ? site.notFound[splitLocale(requestPath).locale] : await site.page(requestPath, catalogue?.reads);
    } catch (error) {
      request.log.error({ err: error }, 'could not read the catalogue for the page');
      return reply.code(503).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(CATALOGUE_UNREADABLE_MESSAGE);
    }
    const shell = await load(site);
    if (shell === undefined) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_MESSAGE);
    }
    // one state of the remotes for the whole answer, even if a release swaps it meanwhile
    const state = live.current();
    const { canaries } = state;
    const visitor = canaries.visitor(request);
    // What the address's query names of the page (a listing's order and page), in one spelling: any other query
    // makes no new page, so it cannot fill the page cache.
    const pageMatch = page.status !== 404 && page.path !== undefined ? matchSiteRoute(page.path) : undefined;
    const viewSearch = pageMatch === undefined ? '' : viewSearchOf(pageMatch.route, queryOf(request.url));
    const view = await firstViewFor(state, page, requestPath, visitor, viewSearch, catalogue?.api);
    const preload = await hintsFor(state, page, view !== undefined, visitor, viewSearch);
    const cacheable = pageMatch === undefined || isBoundedView(pageMatch.route, viewSearch);
    const rendered = await render(state, shell, page, siteOrigin(), visitor, preload, view, viewSearch, cacheable);
    canaries.sendHeaders(reply, visitor);
    reply.header('etag', rendered.etag);
    if (rendered.status === 200 && isFresh(request, rendered.etag)) {
      return reply.code(304).send();
    }
    return reply.code(rendered.status).header('content-type', 'text/html; charset=utf-8').send(rendered.html);
  }
}

/** Every script element, for a page sent without any (its CSP allows none, so none is left to be refused noisily). */
const ANY_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/** The remotes given as they are, for the whole process. */
function fixedRemotesOf(options: Pick<ShellResponderOptions, 'remotes' | 'canaries'>): CurrentRemotes {
  const state: RemotesState = {
    generation: 0,
    remotes: options.remotes ?? [],
    canaries: options.canaries ?? new CanaryAssignment(options.remotes ?? []),
    // One per visitor kind (which canaries): the visitor's key in the page cache key covers it.
    maps: options.remotes === undefined ? undefined : new RemotesMaps(options.remotes),
  };
  return { current: () => state };
}

/** The shell's empty root element, as html-webpack-plugin writes it (minified or not). */
const EMPTY_ROOT = new RegExp(`<div id="?${APP_ROOT_ELEMENT_ID}"?></div>`);

/** The shell page with `html` inside its root element (unchanged if the shell has no empty root). */
export function withRootContent(page: string, html: string): string {
  return page.replace(EMPTY_ROOT, (root) => root.replace('></div>', () => `>${html}</div>`));
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The address's query ('?sort=2'), '' without one. */
function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start).replace(/#.*$/, '');
}
