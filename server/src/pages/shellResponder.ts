// The page answer: the shell's HTML with each page's own head (the SEO feature's), its remotes map, preload hints and
// server-drawn first view, kept in the page cache under everything its bytes depend on.
import path from 'node:path';
import { messagesModule } from '@site/contracts/federation';
import { splitLocale, type Locale } from '@site/contracts/locale';
import { isBoundedView, matchSiteRoute, startDataPaths, viewSearchOf } from '@site/contracts/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentEtag, isFresh } from '../platform/http/etag.js';
import { localOrigin, type SiteOrigin } from '../platform/http/siteOrigin.js';
import { readCookie } from '../platform/http/cookies.js';
import { CURRENCY_COOKIE } from '@site/contracts/display-currency';
import { AED_DISPLAY, displayKey, showsDisplayPrices, type DisplayRate } from '../catalogue/index.js';
import type { DataFiles } from '../platform/http/dataFiles.js';
import {
  currentPages,
  renderHead,
  type CurrentSeoPages,
  type SeoPages,
  type SeoSite,
  type SitePage,
} from '../seo/index.js';
import { arabicFontPreloads, usesArabicFont, withArabicFontMark } from './arabicFont.js';
import { appendVary, type CanaryAssignment, variantOf, type Visitor } from './canary.js';
import { PageBuilds, type BuildReaders } from './pageBuilds.js';
import { pageReadsOf, type PageCatalogue } from './pageCatalogue.js';
import { pageHtml, previewHtml } from './pageHtml.js';
import { pagePreloadHints } from './pagePreload.js';
import { fixedRemotesOf, type CurrentRemotes, type PageRemote, type RemotesState } from './pageRemotes.js';
import { PageCache } from './pageCache.js';
import type { PreloadHints } from './remoteHints.js';
import { ShellFile, type ShellHtml } from './shellFile.js';
import type { CatalogueApiReader, FirstViewOptions, FirstViewSource, PrivatePage } from './ssr/firstView.js';

export const NOT_BUILT_MESSAGE = 'The site is not built yet: run npm run build\n';
export const CATALOGUE_UNREADABLE_MESSAGE =
  'The catalogue could not be read right now. Please try again in a few minutes.\n';

export interface RenderedPage {
  status: 200 | 404 | 410;
  html: Buffer;
  etag: string;
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
  /** VITALS_SAMPLE_PERCENT: the share of tabs whose page views send their field vitals, told to the shell (remotes.ts). */
  vitalsSamplePercent?: number;
  /**
   * The currency the request's cookie names with its staff-set rate (catalogue/currency/): a page that shows prices
   * (a listing, a product) is drawn in it and kept once per currency and rate. None: AED only.
   */
  displayRate?: (request: FastifyRequest) => Promise<DisplayRate>;
}

/**
 * A page at an address outside the route table (the buyer's quotation, contracts/src/quotationRoute.ts): its head has
 * its title and description, `noindex` and no canonical or alternates (its address is one buyer's secret), and its
 * answer is `no-store`, never kept here or anywhere. Drawn in the browser, or by the server with that one visitor's
 * data when `firstView` is given (ssr/firstView.ts PrivatePage): still never kept, in the page cache or elsewhere.
 */
export interface UnlistedPage {
  title: Readonly<Record<Locale, string>>;
  description: Readonly<Record<Locale, string>>;
  firstView?: PrivatePage;
  /**
   * The answer's status when not 200: a form post drawn again with its refusal (400; 413 too large, 415 not a form or
   * not the file it must be, 429 over the rate limit) or with the failure to store it (503).
   */
  status?: 400 | 413 | 415 | 429 | 503;
}

/**
 * `status` 404: the route is not one of the site's; 200: a route of the table (its page may still be unknown), or the
 * `unlisted` page.
 */
export type SendShell = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: 200 | 404,
  unlisted?: UnlistedPage,
) => Promise<FastifyReply>;

/** The page answer, and its drawing of a draft's preview (ShellResponder.preview). */
export type ShellResponderFunction = SendShell & { preview: ShellResponder['preview'] };

/**
 * Serves shell/dist/index.html for client routes, with each page's own head (seo/head.ts) and the remotes map
 * (remotes.ts): 200 for a page of the site, 404 with a 'Page not found' head for an unknown route, category or product
 * (the shell then shows its error screen), 503 with a plain message when the shell is not built.
 * Every answer is `no-cache` with an ETag of the exact bytes sent, so it changes with the shell build, the content the
 * head comes from and the builds the visitor is on (while a canary is live also `private` with `Vary: Cookie`:
 * canary.ts). An Arabic page is marked for the web font when the visitor's cookie says the browser holds its files
 * (arabicFont.ts), so it is sent with `Vary: Cookie` too (when the shell's build lists those files). The file is re-read
 * when it changes on disk, so a rebuilt shell is served without a restart.
 */
export function createShellResponder(shellDist: string, options: ShellResponderOptions = {}): ShellResponderFunction {
  const responder = new ShellResponder(shellDist, options);
  const sendShell: SendShell = (request, reply, status, unlisted) => responder.send(request, reply, status, unlisted);
  return Object.assign(sendShell, { preview: responder.preview.bind(responder) });
}

/** What a page's answer is made of, found once per request. */
interface PageRequest {
  state: RemotesState;
  page: SitePage;
  visitor: Visitor;
  /** What the address's query names of the page (a listing's order and page), in one spelling. */
  viewSearch: string;
  view: FirstViewSource | undefined;
  preload: PreloadHints;
  /** Marked for the Arabic web font (<html data-arabic-font>): an Arabic page whose visitor holds the font's files. */
  arabicFont: boolean;
  /** False for a page that is one per text anyone types (a search's, a filtered listing's): drawn, never kept. */
  cacheable: boolean;
  /** Its first view shows prices (a listing's, a product's answer): drawn in the visitor's currency. */
  showsPrices: boolean;
  /** The page cache's currency part: the currency and rate's version of a page that shows prices, else ''. */
  currency: string;
}

export class ShellResponder {
  private readonly currentSite: CurrentSeoPages;
  private readonly live: CurrentRemotes;
  private readonly builds: PageBuilds;
  private readonly siteOrigin: SiteOrigin;
  /** Promises: requests for a page arriving while it renders wait for that render instead of starting their own. */
  private readonly pages: PageCache<Promise<RenderedPage>>;
  private readonly shell: ShellFile;
  private readonly siteNumbers = new SiteNumbers();

  constructor(
    shellDist: string,
    private readonly options: ShellResponderOptions = {},
  ) {
    this.currentSite = currentPages(options.site);
    this.live = options.live ?? fixedRemotesOf(options);
    this.builds = new PageBuilds(shellDist, options);
    this.siteOrigin = options.origin ?? (() => localOrigin('localhost', 8080));
    this.pages = options.pageCache ?? new PageCache<Promise<RenderedPage>>();
    this.shell = new ShellFile(path.join(shellDist, 'index.html'), () => this.pages.clear());
  }

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404,
    unlisted?: UnlistedPage,
  ): Promise<FastifyReply> {
    const requestPath = pathOf(request.url);
    const display = await this.displayOf(request);
    // this page's reads of the catalogue: its head's and its first view's (its prices in the visitor's currency)
    const catalogue =
      this.options.pageCatalogue === undefined ? undefined : pageReadsOf(this.options.pageCatalogue, display);
    let site: SeoPages;
    let page: SitePage;
    try {
      site = await this.currentSite();
      // An unknown address under '/ar' gets the Arabic not-found page.
      const { locale } = splitLocale(requestPath);
      page =
        unlisted !== undefined
          ? {
              ...site.notFound[locale],
              status: 200,
              title: unlisted.title[locale],
              description: unlisted.description[locale],
            }
          : status === 404
            ? site.notFound[locale]
            : await site.page(requestPath, catalogue?.reads);
    } catch (error) {
      request.log.error({ err: error }, 'could not read the catalogue for the page');
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(CATALOGUE_UNREADABLE_MESSAGE);
    }
    const shell = await this.shell.load(site);
    if (shell === undefined) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_MESSAGE);
    }
    const answer = await this.pageRequest(
      request,
      page,
      requestPath,
      catalogue?.api,
      shell.arabicFont?.fingerprint,
      display,
    );
    // not kept: its key would be the not-found page's (it names no address), and a page drawn with one visitor's data
    // must never reach another
    if (unlisted !== undefined) {
      answer.cacheable = false;
      if (unlisted.firstView !== undefined) {
        answer.view = await this.privateView(request, answer, unlisted.firstView);
        answer.preload = await this.privatePreloadHints(answer, unlisted.firstView);
      }
    }
    const rendered = await this.render(shell, this.siteOrigin(), answer);
    answer.state.canaries.sendHeaders(reply, answer.visitor);
    // an Arabic page is marked for the web font or not by the visitor's cookie (when the build lists the font's
    // files): no shared cache may mix the two
    if (page.locale === 'ar' && shell.arabicFont !== undefined) appendVary(reply, 'Cookie');
    // a page that shows prices is drawn in the currency the visitor's cookie names: said so to a visitor who sent one
    // (the page is no-cache: a cache revalidates it with the visitor's cookie, and its ETag is of the bytes drawn for
    // that cookie, so a page without the cookie stays one page for everyone, as it was)
    else if (answer.showsPrices && readCookie(request.headers.cookie, CURRENCY_COOKIE) !== undefined)
      appendVary(reply, 'Cookie');
    if (unlisted !== undefined) reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    reply.header('etag', rendered.etag);
    const sentStatus = unlisted?.status ?? rendered.status;
    if (sentStatus === 200 && isFresh(request, rendered.etag)) {
      return reply.code(304).send();
    }
    return reply.code(sentStatus).header('content-type', 'text/html; charset=utf-8').send(rendered.html);
  }

  /**
   * The page at `pathname` (in its edition) as the server draws its first view, reading the catalogue through
   * `catalogueApi` instead of the server's: the staff preview of a draft (catalogue/staff/preview.ts). It is the
   * shell's HTML with the rendered view and none of its scripts (pageHtml.ts says why). Never cached here. Undefined
   * when the page cannot be drawn on this server (not built, server rendering off, a remote served from elsewhere).
   */
  async preview(
    pathname: string,
    catalogueApi: CatalogueApiReader,
    banner: string,
    title: string,
  ): Promise<string | undefined> {
    const match = matchSiteRoute(pathname);
    const shell = await this.shell.load(await this.currentSite());
    const { firstViews } = this.builds.of(this.live.current());
    if (match === undefined || shell === undefined || firstViews === undefined) return undefined;
    const firstView = await (await firstViews.viewFor(pathname, 'stable', '', catalogueApi))?.render();
    if (firstView === undefined) return undefined;
    return previewHtml(shell.templates[match.locale], firstView, banner, title);
  }

  /** The first view of an unlisted page drawn for this visitor (its remote's build the visitor is on), if it can be. */
  private async privateView(
    request: FastifyRequest,
    { state, visitor }: PageRequest,
    page: PrivatePage,
  ): Promise<FirstViewSource | undefined> {
    const { firstViews } = this.builds.of(state);
    return firstViews?.privateViewFor(request.url, page, variantOf(visitor, page.remote));
  }

  /**
   * The preload hints of an unlisted page's remote (its module and its catalog in the page's language): it names no
   * route of the table, so pagePreloadHints has none, and without them the remote's files came only once the shell had
   * started and asked for them (a quotation link's answer forms waited one round trip more).
   */
  private async privatePreloadHints(
    { state, visitor, page }: PageRequest,
    { remote, modulePath }: PrivatePage,
  ): Promise<PreloadHints> {
    const { hints } = this.builds.of(state);
    return hints.forModule(
      remote,
      [modulePath, messagesModule(page.locale, remote, modulePath)],
      variantOf(visitor, remote),
    );
  }

  /** The page's remotes, visitor, first view and hints, for one state of the remotes even if a release swaps it meanwhile. */
  private async pageRequest(
    request: FastifyRequest,
    page: SitePage,
    requestPath: string,
    catalogueApi: CatalogueApiReader | undefined,
    arabicFontFingerprint: string | undefined,
    display: DisplayRate,
  ): Promise<PageRequest> {
    const state = this.live.current();
    const visitor = state.canaries.visitor(request);
    // any other query makes no new page, so it cannot fill the page cache
    const pageMatch = page.status !== 404 && page.path !== undefined ? matchSiteRoute(page.path) : undefined;
    const viewSearch = pageMatch === undefined ? '' : viewSearchOf(pageMatch.route, queryOf(request.url));
    const builds = this.builds.of(state);
    const view = await firstViewFor(builds, page, requestPath, visitor, viewSearch, catalogueApi);
    const preload = await pagePreloadHints(builds, page, view !== undefined, visitor, viewSearch);
    const cacheable = pageMatch === undefined || isBoundedView(pageMatch.route, viewSearch);
    const arabicFont = usesArabicFont(request.headers, page.locale, arabicFontFingerprint);
    // drawn here from the listing's or the product's answer (a page drawn in the browser is the same for every cookie)
    const showsPrices =
      view !== undefined && pageMatch !== undefined && startDataPaths(pageMatch, viewSearch).some(showsDisplayPrices);
    const currency = showsPrices ? displayKey(display) : '';
    return { state, page, visitor, viewSearch, view, preload, arabicFont, cacheable, showsPrices, currency };
  }

  /** The visitor's currency and its rate; AED when none is configured or its rate cannot be read (logged). */
  private async displayOf(request: FastifyRequest): Promise<DisplayRate> {
    try {
      return (await this.options.displayRate?.(request)) ?? AED_DISPLAY;
    } catch (error) {
      request.log.error({ err: error }, 'could not read the exchange rate for a page: drawn in AED');
      return AED_DISPLAY;
    }
  }

  /** The page's bytes, kept in the page cache under everything they depend on (a page one per query is not kept). */
  private render(
    shell: ShellHtml,
    origin: string,
    { state, page, visitor, viewSearch, view, preload, arabicFont, cacheable, currency }: PageRequest,
  ): Promise<RenderedPage> {
    // The hints' key names the manifest version: a remote released while the server runs gets a page with new hints
    // (and a newly rendered first view: its key names the render modules' versions). The visitor's key names the
    // canaries it is on: its map differs on every page, and a canary's page must never reach a stable visitor.
    // The path names the edition ('/ar/…'); the not-found page is one per edition. A page marked for the Arabic web
    // font is one of its own (a yes or no, never the cookie's value: what a visitor sends cannot add pages).
    const key = {
      shell: `${shell.mtimeMs}:${shell.size}`,
      origin,
      site: this.siteNumbers.of(shell.site),
      path: page.status === 404 || page.path === undefined ? `404 ${page.locale}` : page.path + viewSearch,
      visitor: visitor.key,
      remotes: String(state.generation),
      hints: preload.key,
      view: view?.key ?? '',
      arabicFont,
      // a page that shows prices: one per currency and rate (the currency's name and its rate's row, nothing else)
      currency,
    };
    const mapTag = state.maps?.for(visitor, this.options.vitalsSamplePercent).script ?? '';
    if (!cacheable) return compose(shell, page, origin, mapTag, preload, view, arabicFont);
    let rendered = this.pages.get(key);
    if (rendered === undefined) {
      rendered = compose(shell, page, origin, mapTag, preload, view, arabicFont);
      this.pages.set(key, rendered);
    }
    return rendered;
  }
}

/** The page's bytes (render() caches them; view.render() never throws, so neither does this). */
async function compose(
  shell: ShellHtml,
  page: SitePage,
  origin: string,
  mapTag: string,
  preload: PreloadHints,
  view: FirstViewSource | undefined,
  arabicFont: boolean,
): Promise<RenderedPage> {
  const firstView = await view?.render();
  // a marked page: <html data-arabic-font>, and the font's files (in the visitor's cache) asked for with the HTML
  const font = arabicFont ? shell.arabicFont : undefined;
  const template = font !== undefined ? withArabicFontMark(shell.templates[page.locale]) : shell.templates[page.locale];
  const head = renderHead(page, origin) + (font !== undefined ? arabicFontPreloads(font) : '');
  const html = pageHtml(template, { head, mapTag, preload, firstView });
  return { status: page.status, html, etag: contentEtag(html) };
}

/**
 * The page's server-rendered first view, if it has one: only at its own address (a product under another category
 * is moved to its own in the browser: it would not show what the server drew).
 */
async function firstViewFor(
  { firstViews }: BuildReaders,
  page: SitePage,
  requestPath: string,
  visitor: Visitor,
  viewSearch: string,
  catalogueApi: CatalogueApiReader | undefined,
): Promise<FirstViewSource | undefined> {
  // a withdrawn product's page is drawn too: the product page draws its no-longer-available state from the API's 410
  if (firstViews === undefined || page.status === 404 || page.path === undefined || page.path !== requestPath)
    return undefined;
  const match = matchSiteRoute(page.path);
  return match === undefined
    ? undefined
    : firstViews.viewFor(page.path, variantOf(visitor, match.route.remote), viewSearch, catalogueApi);
}

/**
 * Each SeoPages made (one per catalogue version) has its number in the page cache's key: a page drawn from an older
 * one is never served again, even when its render finishes after the version moved.
 */
class SiteNumbers {
  private readonly numbers = new WeakMap<SeoPages, number>();
  private made = 0;

  of(site: SeoPages): string {
    let number = this.numbers.get(site);
    if (number === undefined) {
      number = ++this.made;
      this.numbers.set(site, number);
    }
    return String(number);
  }
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
