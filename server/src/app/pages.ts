// The site's pages: the shell's index.html with each page's own head and first view (../platform/http/spa.ts), at
// every client route in both editions ('/about', '/ar/about'), and the shell's error screen (404) at any other address
// a browser may navigate to.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_BASE, localizedPath, splitLocale } from '@site/contracts/locale';
import { HOME_PATH } from '@site/contracts/routes';
import type { Database } from '../platform/db/index.js';
import { CACHE_PER_VISITOR } from '../platform/http/caching.js';
import type { DataFiles } from '../platform/http/dataFiles.js';
import { chosenLocale } from '../platform/http/languageChoice.js';
import type { SiteOrigin } from '../platform/http/siteOrigin.js';
import { CLIENT_ROUTES, createShellResponder, hasFileExtension, isClientRoutePath, type PageCatalogue, type ShellResponderFunction } from '../platform/http/spa.js';
import { recordRenderError } from '../releases/index.js';
import type { CatalogueReaders } from './catalogueReaders.js';
import type { AppConfig, BuildAppOptions } from './options.js';
import { ownBuilds, type SiteRemotes } from './remotes.js';

/** The answer of every page (spa.ts), with its drawing of a draft's preview. */
export type PageAnswer = ShellResponderFunction;

export interface PageParts {
  remotes: SiteRemotes;
  dataFiles: DataFiles;
  pageCatalogue: PageCatalogue | undefined;
  seo: CatalogueReaders['seo'];
  origin: SiteOrigin;
}

/** The answer of every page, and the staff preview's drawing of one. */
export function createPageAnswer(app: FastifyInstance, config: AppConfig, db: Database, parts: PageParts, options: BuildAppOptions): PageAnswer {
  return createShellResponder(config.shellDist, {
    // who gets a remote's canary build: one assignment for the pages and /remotes.json, which must agree
    live: parts.remotes.live,
    dataFiles: parts.dataFiles,
    pageCatalogue: parts.pageCatalogue,
    site: parts.seo,
    origin: parts.origin,
    pageCache: options.pageCache,
    serverRendering: config.http.serverRendering,
    vitalsSamplePercent: config.vitals?.samplePercent,
    // a release promoted from where this server cannot render it keeps the pages drawn by the remote's own build
    standIns: ownBuilds(config.remotes),
    buildCache: parts.remotes.buildCache,
    remoteBuildsDir: parts.remotes.buildStore.dir,
    onRenderError: (remote, variant) =>
      void recordRenderError(db.kysely, remote, variant).catch((error: unknown) => app.log.warn({ err: error }, 'could not count a render error')),
  });
}

/** An unknown address a browser may navigate to gets the shell, which shows its error screen; any other a JSON 404. */
export function answerUnknownPaths(app: FastifyInstance, sendShell: PageAnswer): void {
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOf(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoutePath(pathname)) {
      return sendShell(request, reply, 404);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}

/**
 * A feature's answer at a page's own address for one visitor: a form's confirmation, which the address's query names
 * (the request page's `?sent=…&key=…`); undefined: the page as usual.
 */
export type PageAnswerFor = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/** By a page's address in its edition ('/request-quote'): its feature's answer for one visitor, asked first in each edition. */
export type PageAnswers = Readonly<Record<string, PageAnswerFor>>;

/** The client routes' pages, and the redirects of the addresses that are no page's own ('/', '/ar', '/index.html'). */
export function registerPageRoutes(app: FastifyInstance, sendShell: PageAnswer, featureAnswers: PageAnswers = {}): void {
  const queryOf = (url: string): string => url.slice(pathOf(url).length);
  // The file itself, served as is, would be the shell without any page's head: its address is the home page's.
  app.get('/index.html', async (request, reply) => reply.redirect(`${HOME_PATH}${queryOf(request.url)}`, 301));
  // '/' goes to the home page of the visitor's language (their site_lang cookie, else Accept-Language): the one address
  // answered by language, so it varies by both and no shared cache may keep it. Every other address is one edition's.
  app.get('/', async (request, reply) =>
    reply
      .header('cache-control', CACHE_PER_VISITOR)
      .header('vary', 'Cookie, Accept-Language')
      .redirect(`${localizedPath(chosenLocale(request.headers), HOME_PATH)}${queryOf(request.url)}`, 302),
  );
  // The Arabic edition's root is its home page, whatever the visitor's language.
  for (const url of [LOCALE_BASE.ar, `${LOCALE_BASE.ar}/`]) {
    app.get(url, async (request, reply) => reply.redirect(`${localizedPath('ar', HOME_PATH)}${queryOf(request.url)}`, 301));
  }
  // The buyer's quotation (/quotation/<token>), not a row of the table every page carries (contracts/src/quotationRoute.ts),
  // is answered by its feature (quotations/link/linkPage.ts): drawn with the quotation, never kept, its forms posted.
  for (const route of CLIENT_ROUTES) {
    const featureAnswer = featureAnswers[splitLocale(route).path];
    for (const url of [route, `${route}/`]) {
      app.get(url, async (request, reply) => {
        // /our-products/x.png is a missing file, not a product page
        if (hasFileExtension(pathOf(request.url).replace(/\/$/, ''))) return reply.callNotFound();
        // a form's confirmation at the page's address, drawn by its feature for this visitor alone
        return (await featureAnswer?.(request, reply)) ?? sendShell(request, reply, 200);
      });
    }
  }
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
