// Whether a state-changing request was made by another site (the staff app's CSRF guard, beside its token).
import type { FastifyRequest } from 'fastify';

/**
 * A state-changing request another site made the browser send: refused whatever its cookies. SameSite=Strict already
 * keeps the cookie off such requests; this also covers sign-in (no cookie yet) and old browsers.
 *
 * The site's own origin is PUBLIC_SITE_URL when it is set: the Host header is the client's to write, so a request
 * whose Origin matches its own Host (a page of a name an attacker pointed at this server, or a forged pair) proves
 * nothing. Only without PUBLIC_SITE_URL (local runs, where it would be the process's own address anyway) is the
 * request's own origin taken.
 */
export function isCrossSite(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
  publicSiteUrl: string | undefined,
): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const siteOrigin = publicSiteUrl ?? `${request.protocol}://${request.host}`;
  return origin !== siteOrigin;
}
