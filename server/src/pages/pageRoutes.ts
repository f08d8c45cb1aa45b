// The site's pages as routes: every client route of the table in both editions ('/about', '/ar/about') answered by
// the page answer (shellResponder.ts), the redirects of the addresses that are no page's own ('/', '/ar',
// '/index.html'), and the shell's error screen (404) at any other address a browser may navigate to.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_BASE, LOCALES, localizedPath, splitLocale } from '@site/contracts/locale';
import { HOME_PATH, siteRoutes } from '@site/contracts/routes';
import { CACHE_PER_VISITOR } from '../platform/http/caching.js';
import { hasFileExtension, isClientRoutePath } from '../platform/http/clientPaths.js';
import { chosenLocale } from '../platform/http/languageChoice.js';
import type { SendShell } from './shellResponder.js';

/**
 * The addresses answered with the shell, as Fastify routes: the route table's patterns (React Router's ':param'
 * segments are Fastify's too) in every edition ('/about', '/ar/about'). '/' and '/ar' redirect (registerPageRoutes below).
 */
export const CLIENT_ROUTES: readonly string[] = LOCALES.flatMap((locale) =>
  siteRoutes.map((route) => localizedPath(locale, `/${route.path}`)),
);

/** An unknown address a browser may navigate to gets the shell, which shows its error screen; any other a JSON 404. */
export function answerUnknownPaths(app: FastifyInstance, sendShell: SendShell): void {
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
export function registerPageRoutes(app: FastifyInstance, sendShell: SendShell, featureAnswers: PageAnswers = {}): void {
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
    app.get(url, async (request, reply) =>
      reply.redirect(`${localizedPath('ar', HOME_PATH)}${queryOf(request.url)}`, 301),
    );
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
