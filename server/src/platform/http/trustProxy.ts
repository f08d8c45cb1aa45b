/**
 * TRUST_PROXY (config.http.trustProxy) as Fastify's `trustProxy` option. A hop count becomes the function Fastify
 * itself makes of a number (its types leave numbers out): trust the nearest `hops` proxies.
 */
export function fastifyTrustProxy(value: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}
