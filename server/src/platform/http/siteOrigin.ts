// The site's public origin (the base of canonical URLs, Open Graph, JSON-LD, robots.txt and the sitemap) is a fact of
// the server, never of a request: a Host or X-Forwarded-Host header is the client's to choose, and an origin read from
// it put an attacker's host into pages a shared cache could keep, and made every new Host a new page to render.
import { isIPv6 } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Reads the origin; the same string for the life of the process once it listens. */
export type SiteOrigin = () => string;

/**
 * The origin of a server with no PUBLIC_SITE_URL, for local runs: http, the interface it listens on (localhost for
 * all interfaces) and its port.
 */
export function localOrigin(host: string, port: number): string {
  const anyInterface = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = anyInterface ? 'localhost' : isIPv6(host) ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin; // drops :80, lower-cases the name
}

/**
 * PUBLIC_SITE_URL when set; else localOrigin of HOST and the port the server really listens on (PORT=0 picks one at
 * listen time), `port` until then.
 */
export function createSiteOrigin(
  publicSiteUrl: string | undefined,
  listen: { host: string; port: number },
  address: () => AddressInfo | string | null,
): SiteOrigin {
  if (publicSiteUrl !== undefined) return () => publicSiteUrl;
  let bound: string | undefined;
  return () => {
    if (bound !== undefined) return bound;
    const info = address();
    if (info === null || typeof info === 'string') return localOrigin(listen.host, listen.port);
    bound = localOrigin(listen.host, info.port);
    return bound;
  };
}
