// The buyer's account lives on an origin of its own, for the reason the staff app does (staffSurface.ts): every team's
// remote runs on public pages with the public origin's rights, so a buyer's session and records answered there would
// be any remote's to read. So:
// - the public origin answers no /api/account/* (404), and sends the account's pages (/account, /ar/account and below)
//   to the account origin;
// - the account origin answers those pages and that API, /healthz and its robots.txt, and nothing else: a page of the
//   public site is sent to the public origin, everything else answers 404. Its pages load no script and no file.
// A request is the account origin's when it came in through the account listener (ACCOUNT_PORT: sideListener.ts marks
// it), or names the account origin's host (a balancer sending every name to PORT).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isClientRoutePath } from './clientPaths.js';
import { sideOrigins, type SideSiteOptions } from './sideListener.js';
import type { SiteOrigin } from './siteOrigin.js';

const ACCOUNT_API_BASE = '/api/account';
const ACCOUNT_PAGE_BASES = ['/account', '/ar/account'];
const ACCOUNT_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

export interface AccountSurface {
  /** The account's origin, e.g. https://account.example.com or http://localhost:8082. */
  origin(): string;
  /**
   * The origin an account page's Origin header must equal: ACCOUNT_ORIGIN, or PUBLIC_SITE_URL's at the account port;
   * undefined for a local run without either (the request's own origin then).
   */
  fixedOrigin(): string | undefined;
  /** Whether a request is for the account origin. */
  isAccountRequest(request: Pick<FastifyRequest, 'raw' | 'host'>): boolean;
}

export function createAccountSurface(options: SideSiteOptions): AccountSurface {
  const { origin, fixedOrigin } = sideOrigins(options);
  return {
    origin,
    fixedOrigin,
    isAccountRequest: (request) =>
      options.listener.received(request.raw) || request.host.toLowerCase() === new URL(origin()).host,
  };
}

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** /account, /ar/account and below: the account's pages. */
export const isAccountPagePath = (pathname: string): boolean =>
  ACCOUNT_PAGE_BASES.some((base) => under(pathname, base));

/** The account's pages and its API. */
export const isAccountPath = (pathname: string): boolean =>
  isAccountPagePath(pathname) || under(pathname, ACCOUNT_API_BASE);

const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * Registers the split as an onRequest hook (after the staff's); `publicOrigin`: the public site's. Every answer of the
 * account origin, and every account address on the public one, is no-store: nothing of a buyer's is kept in a cache.
 */
export function registerAccountSurface(app: FastifyInstance, surface: AccountSurface, publicOrigin: SiteOrigin): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = pathOf(request.url);
    const navigation = request.method === 'GET' || request.method === 'HEAD';
    if (surface.isAccountRequest(request)) {
      reply.header('cache-control', 'no-store');
      if (isAccountPath(pathname) || pathname === '/healthz') return undefined;
      if (pathname === '/') return reply.redirect('/account', 302);
      if (pathname === '/robots.txt')
        return reply.header('content-type', 'text/plain; charset=utf-8').send(ACCOUNT_ROBOTS_TXT);
      if (navigation && isClientRoutePath(pathname)) return reply.redirect(`${publicOrigin()}${request.url}`, 302);
      return reply.code(404).send({ error: 'Not found' });
    }
    if (!isAccountPath(pathname)) return undefined;
    reply.header('cache-control', 'no-store');
    // A link to the account on the public origin: its page, on its own origin. The API: not here at all.
    if (navigation && isAccountPagePath(pathname)) return reply.redirect(`${surface.origin()}${request.url}`, 302);
    return reply.code(404).send({ error: 'Not found' });
  });
}
