// What every route of the account origin shares: how a page is sent (never cached, never indexed), which posts came
// from elsewhere, the session's cookie, and a session started at sign-in (by link or passkey).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@site/contracts/locale';
import { formFields } from '../platform/http/formFields.js';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { readCookie } from '../platform/http/cookies.js';
import { ACCOUNT_PERMISSIONS_POLICY } from '../platform/http/securityHeaders.js';
import type { BuyerAccountEventKind } from '../platform/db/schema.js';
import { ACCOUNT_PAGE_CSP, accountPath, deviceName, refusalPage } from './accountHtml.js';
import { accountTexts } from './accountTexts.js';
import {
  createBuyerSession,
  csrfFieldMatches,
  endSessionOfToken,
  loadBuyerSession,
  type BuyerSession,
} from './buyerSessions.js';

export const BUYER_SESSION_COOKIE = { https: '__Host-buyer_session', http: 'buyer_session' } as const;
export const FORM_BODY_LIMIT = 4096;

const cookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? BUYER_SESSION_COOKIE.https : BUYER_SESSION_COOKIE.http;
const cookieAttributes = (request: FastifyRequest) =>
  `Path=/; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;

/** The request's session (over https only the `__Host-` cookie counts: a sibling host cannot plant it). */
export const buyerSessionOf = (
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
): Promise<BuyerSession | undefined> =>
  loadBuyerSession(db, readCookie(request.headers.cookie, cookieName(request)), Date.now());

/**
 * Signs the browser in to `accountId`: the session its cookie named before is dropped (a session planted before sign-in
 * is worth nothing after it) and a new one is made.
 */
export async function startBuyerSession(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
): Promise<void> {
  await endSessionOfToken(db, readCookie(request.headers.cookie, cookieName(request)));
  const token = await createBuyerSession(db, accountId, request.headers['user-agent'] ?? '', Date.now());
  reply.header('set-cookie', `${cookieName(request)}=${token}; ${cookieAttributes(request)}`);
}

export const clearBuyerCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.header('set-cookie', `${cookieName(request)}=; Max-Age=0; ${cookieAttributes(request)}`);

/** The account origin as the browser names it: ACCOUNT_ORIGIN (or the derived one), else the request's own. */
export const accountOriginOf = (request: FastifyRequest, fixedOrigin: string | undefined): string =>
  fixedOrigin ?? `${request.protocol}://${request.host}`;

/** A POST another site made the browser send, or one from another origin of this site (the public pages'). */
export function fromElsewhere(request: FastifyRequest, fixedOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== accountOriginOf(request, fixedOrigin);
}

/** Sends an account page; `csp`: its policy (ACCOUNT_PAGE_CSP, or one a page widens, as the basket's connect form). */
export const sendPage = (reply: FastifyReply, html: string, status = 200, csp = ACCOUNT_PAGE_CSP) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store, private')
    .header('x-robots-tag', 'noindex')
    // not no-referrer: with it a browser sends `Origin: null` on this origin's own form posts (refused as from elsewhere)
    .header('referrer-policy', 'same-origin')
    .header('content-security-policy', csp)
    .header('permissions-policy', ACCOUNT_PERMISSIONS_POLICY)
    .send(html);

export const fieldsOf = (request: FastifyRequest): Record<string, string> =>
  typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : {};

/**
 * Makes `app`'s scope read the account's forms (UTF-8, small) and draw every refusal as a page in its edition; gives
 * the checks its form routes share: a post from elsewhere or not a form (onRequest), and the signed-in session with,
 * where asked, its form's CSRF field (else the sign-in page, or a 403 page).
 */
export function accountForms(app: FastifyInstance, db: Kysely<DatabaseSchema>, fixedOrigin: () => string | undefined) {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, formFields(utf8.decode(body as Buffer)));
      } catch {
        done(Object.assign(new Error('The form is not valid UTF-8'), { statusCode: 400 }), undefined);
      }
    },
  );
  // every refusal a page in the edition asked (5xx go on to the app's handler)
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) throw error;
    const locale: Locale = request.url.startsWith('/ar/') ? 'ar' : 'en';
    const t = accountTexts(locale);
    return sendPage(reply, refusalPage(locale, status === 429 ? t.tooMany : error.message), status);
  });
  const refuseElsewhere = (locale: Locale) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (fromElsewhere(request, fixedOrigin()))
      return sendPage(reply, refusalPage(locale, accountTexts(locale).crossSite), 403);
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded')
      return sendPage(reply, refusalPage(locale, accountTexts(locale).staleForm), 415);
    return undefined;
  };
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    csrf: boolean,
  ): Promise<BuyerSession | undefined> => {
    const session = await buyerSessionOf(db, request);
    if (session === undefined) {
      await reply.redirect(accountPath(locale, '/account/sign-in'), 303);
      return undefined;
    }
    if (csrf && !csrfFieldMatches(fieldsOf(request).csrf, session.csrfToken)) {
      await sendPage(reply, refusalPage(locale, accountTexts(locale).staleForm), 403);
      return undefined;
    }
    return session;
  };
  /** A form's POST to `path` that only a signed-in session with its form's CSRF field may make. */
  const signedInPost = (
    path: string,
    locale: Locale,
    handle: (request: FastifyRequest, reply: FastifyReply, session: BuyerSession) => Promise<unknown>,
  ) =>
    app.post(path, { bodyLimit: FORM_BODY_LIMIT, onRequest: refuseElsewhere(locale) }, async (request, reply) => {
      const session = await signedIn(request, reply, locale, true);
      return session === undefined ? reply : handle(request, reply, session);
    });
  return { refuseElsewhere, signedIn, signedInPost };
}

/** Who an event of the account's log is of: its account (null once closed) and address. */
export interface AccountEventActor {
  accountId: number | null;
  email: string;
}

/** An event of the account's log as `request` made it: from its device. */
export const eventOf = (request: FastifyRequest, who: AccountEventActor, kind: BuyerAccountEventKind) => ({
  accountId: who.accountId,
  email: who.email,
  kind,
  device: deviceName(request.headers['user-agent'] ?? '', ''),
});
