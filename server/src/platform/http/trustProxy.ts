// TRUST_PROXY: which values are proxies' addresses, which believe nearly any client (the configuration refuses those
// without TRUST_PROXY_WIDE), and the value as Fastify's `trustProxy` option.
import { BlockList, isIP } from 'node:net';

/** An IP address or CIDR range, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
export function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(value);
  if (match === null) return false;
  const version = isIP(match[1] as string);
  // a /0 is every address: `true` by another name (refused for the same reason)
  return (
    version !== 0 &&
    (match[2] === undefined || (Number(match[2]) >= 1 && Number(match[2]) <= (version === 4 ? 32 : 128)))
  );
}

/** The most proxy hops TRUST_PROXY takes without TRUST_PROXY_WIDE: more proxies than this in front of one site are unheard of. */
export const TRUST_PROXY_MAX_HOPS = 5;
/** The widest ranges TRUST_PROXY takes without TRUST_PROXY_WIDE (a prefix shorter than these holds a share of the internet). */
export const TRUST_PROXY_NARROWEST_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/** One IPv6 block, and whether a range of `prefix` bits starting at `address` lies inside it. */
function ipv6Block(network: string, bits: number): (address: string, prefix: number) => boolean {
  const block = new BlockList();
  block.addSubnet(network, bits, 'ipv6');
  return (address, prefix) => prefix >= bits && block.check(address, 'ipv6');
}
/** IPv6 blocks no client of the internet can come from (unique-local, link-local): any width of them is taken. */
const PRIVATE_IPV6 = [ipv6Block('fc00::', 7), ipv6Block('fe80::', 10)];
/** IPv4 addresses written as IPv6 (::ffff:a.b.c.d): the proxy check compares IPv4 clients with them. */
const IPV4_MAPPED = ipv6Block('::ffff:0:0', 96);

/**
 * Why a parsed TRUST_PROXY believes nearly any client ("must ..." for the message), or undefined when it does not: a hop
 * count above TRUST_PROXY_MAX_HOPS, or a range wider than /8 (IPv4, an IPv4-mapped IPv6 range too) or /32 (IPv6).
 */
export function trustProxyTooWide(value: unknown): string | undefined {
  if (typeof value === 'number') {
    return value > TRUST_PROXY_MAX_HOPS
      ? `must be at most ${TRUST_PROXY_MAX_HOPS} proxy hops (got ${value}): with more, the addresses a client writes in X-Forwarded-For are believed. Give the number of proxies really in front of the server`
      : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const wide = value.split(',').filter((item) => {
    const match = /^([^/]+)\/(\d{1,3})$/.exec(item);
    if (match === null) return false;
    const [address, prefix] = [match[1] as string, Number(match[2])];
    if (isIP(address) === 4) return prefix < TRUST_PROXY_NARROWEST_PREFIX.ipv4;
    if (IPV4_MAPPED(address, prefix)) return prefix - 96 < TRUST_PROXY_NARROWEST_PREFIX.ipv4;
    return prefix < TRUST_PROXY_NARROWEST_PREFIX.ipv6 && !PRIVATE_IPV6.some((inside) => inside(address, prefix));
  });
  return wide.length > 0
    ? `must not hold a range wider than /${TRUST_PROXY_NARROWEST_PREFIX.ipv4} (IPv4) or /${TRUST_PROXY_NARROWEST_PREFIX.ipv6} (IPv6) (got ${wide.join(', ')}): X-Forwarded-For would be believed from a large share of the internet. Give your proxies' own addresses or ranges`
    : undefined;
}

/**
 * TRUST_PROXY (config.http.trustProxy) as Fastify's `trustProxy` option. A hop count becomes the function Fastify
 * itself makes of a number (its types leave numbers out): trust the nearest `hops` proxies.
 */
export function fastifyTrustProxy(
  value: boolean | number | string,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}
