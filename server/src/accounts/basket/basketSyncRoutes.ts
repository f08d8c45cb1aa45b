// The public origin's side of the basket that follows the buyer (contracts' basketApi.ts): the hand-off's start and
// return, and the calls a connected browser's pages make. Nothing here opens the buyer's account: the token reads and
// writes the account's basket only, which every remote can already read and write in the browser itself.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_BASKET_CONNECT_PATH,
  BASKET_API,
  BASKET_CONNECT_PATH,
  BASKET_CONNECTED_PATH,
  BASKET_LINKED_COOKIE,
} from '@site/contracts/basket-api';
import { basketBodySchema } from '@site/contracts/basket-api-schemas';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import type { Locale } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { readCookie } from '../../platform/http/cookies.js';
import { isCrossSite } from '../../platform/http/crossSite.js';
import { accountPath } from '../accountHtml.js';
import {
  browserOf,
  BROWSER_IDLE_MS,
  connectBrowser,
  forgetBrowser,
  mergeBrowserBasket,
  newHandoffState,
  replaceBasket,
  spendHandoff,
  type ConnectedBrowser,
} from './basketStore.js';

export interface BasketSyncOptions {
  db: Kysely<DatabaseSchema>;
  /** The account's origin, where the hand-off asks the buyer. */
  accountOrigin(): string;
  /** PUBLIC_SITE_URL: the origin a call's Origin must be (crossSite.ts). */
  publicSiteUrl: string | undefined;
}

/** The hand-off's state: `<edition>.<state>`, for the connect path only, a quarter of an hour. */
const STATE_COOKIE = 'basket_state';
/** Sent to the hand-off's two addresses only. */
const STATE_COOKIE_PATH = '/basket';
/** The token: `__Host-` over HTTPS (no sibling host can plant one that would send this basket to its account). */
const TOKEN_COOKIE = { https: '__Host-basket_token', http: 'basket_token' } as const;
/** Bodies: a basket of QUOTE_LIMITS.maxLines lines, with room. */
const BODY_LIMIT = 256 * 1024;
const COOKIE_DAYS_S = BROWSER_IDLE_MS / 1000;

const secure = (request: FastifyRequest) => (request.protocol === 'https' ? '; Secure' : '');
const tokenCookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? TOKEN_COOKIE.https : TOKEN_COOKIE.http;
const clearedCookies = (request: FastifyRequest) => [
  `${tokenCookieName(request)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(request)}`,
  `${BASKET_LINKED_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure(request)}`,
];

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export async function basketSyncRoutes(app: FastifyInstance, options: BasketSyncOptions): Promise<void> {
  const { db } = options;
  const connectPage = (locale: Locale, query: string) =>
    `${options.accountOrigin()}${accountPath(locale, ACCOUNT_BASKET_CONNECT_PATH)}?${query}`;

  app.get<{ Querystring: { lang?: string } }>(BASKET_CONNECT_PATH, async (request, reply) => {
    const locale: Locale = request.query.lang === 'ar' ? 'ar' : 'en';
    const state = newHandoffState();
    return reply
      .header('cache-control', 'no-store')
      .header(
        'set-cookie',
        `${STATE_COOKIE}=${locale}.${state}; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=900${secure(request)}`,
      )
      .redirect(connectPage(locale, `state=${state}`), 303);
  });

  app.get<{ Querystring: { code?: string; state?: string } }>(BASKET_CONNECTED_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const held = readCookie(request.headers.cookie, STATE_COOKIE) ?? '';
    const locale: Locale = held.startsWith('ar.') ? 'ar' : 'en';
    const heldState = held.slice(3);
    const { code = '', state = '' } = request.query;
    // the state must be the one this browser was given: a code made for another browser (an attacker's, handed to a
    // victim to collect their basket) connects nothing
    const accountId =
      heldState !== '' && sameText(heldState, state) ? await spendHandoff(db, code, state, Date.now()) : undefined;
    const stateCleared = `${STATE_COOKIE}=; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure(request)}`;
    if (accountId === undefined)
      return reply.header('set-cookie', stateCleared).redirect(connectPage(locale, 'failed=1'), 303);
    const token = await connectBrowser(db, accountId, request.headers['user-agent'] ?? '', Date.now());
    return reply
      .header('set-cookie', [
        stateCleared,
        `${tokenCookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_DAYS_S}${secure(request)}`,
        `${BASKET_LINKED_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${COOKIE_DAYS_S}${secure(request)}`,
      ])
      .redirect(`${locale === 'ar' ? '/ar' : ''}${QUOTE_REQUEST_PATH}`, 303);
  });

  /** A call from another site: refused (sent, true); else false. Every basket call is answered uncached. */
  const refusedCrossSite = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    reply.header('cache-control', 'no-store');
    if (!isCrossSite(request, options.publicSiteUrl)) return false;
    await reply.code(403).send({ error: 'The basket is changed from this site’s own pages only.' });
    return true;
  };

  /** The connected browser of a call from this site's own pages; else the refusal is sent and undefined given. */
  const connected = async (request: FastifyRequest, reply: FastifyReply): Promise<ConnectedBrowser | undefined> => {
    if (await refusedCrossSite(request, reply)) return undefined;
    const browser = await browserOf(db, readCookie(request.headers.cookie, tokenCookieName(request)), Date.now());
    if (browser === undefined) {
      await reply
        .code(401)
        .header('set-cookie', clearedCookies(request))
        .send({ error: 'This browser’s basket is not kept in an account.' });
      return undefined;
    }
    return browser;
  };

  /** The body's lines, or the 400 sent. */
  const linesOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = basketBodySchema.safeParse(request.body);
    if (body.success) return body.data.lines;
    const problem = body.error.issues[0];
    await reply.code(400).send({
      error: `The basket is not valid: ${problem === undefined ? 'no lines' : `${problem.path.join('.') || 'lines'}: ${problem.message}`}.`,
    });
    return undefined;
  };

  app.post(BASKET_API.merge, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const browser = await connected(request, reply);
    if (browser === undefined) return reply;
    const lines = await linesOf(request, reply);
    if (lines === undefined) return reply;
    return mergeBrowserBasket(db, browser, lines, Date.now());
  });

  app.put(BASKET_API.basket, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const browser = await connected(request, reply);
    if (browser === undefined) return reply;
    const lines = await linesOf(request, reply);
    if (lines === undefined) return reply;
    await replaceBasket(db, browser, lines, Date.now());
    return reply.code(204).send();
  });

  app.post(BASKET_API.disconnect, async (request, reply) => {
    if (await refusedCrossSite(request, reply)) return reply;
    const browser = await browserOf(db, readCookie(request.headers.cookie, tokenCookieName(request)), Date.now());
    if (browser !== undefined) await forgetBrowser(db, browser);
    return reply.code(204).header('set-cookie', clearedCookies(request)).send();
  });
}
