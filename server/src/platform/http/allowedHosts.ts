// ALLOWED_HOSTS: with a list configured, a request naming any other host is refused before any route runs. The pages
// no longer depend on the Host header (siteOrigin.ts), but a server answering for every name lets anyone point a
// domain of theirs at it (content served under their name, cache keys a proxy in front builds from the Host).
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Load balancers health-check a process by its address: this path answers whatever Host it is given. */
const ANY_HOST_PATHS = new Set(['/healthz']);

/**
 * The host name a request is for, lower case, without port or trailing dot: request.hostname is the Host header, or
 * X-Forwarded-Host from a proxy TRUST_PROXY trusts (the name the visitor used). '' when there is none (HTTP/1.0).
 */
export function requestHostName(request: Pick<FastifyRequest, 'hostname'>): string {
  const name: unknown = request.hostname;
  return typeof name === 'string' ? name.toLowerCase().replace(/\.$/, '') : '';
}

/** Adds the check as an onRequest hook; nothing when `allowed` is undefined (every host is served). */
export function registerHostCheck(app: FastifyInstance, allowed: readonly string[] | undefined): void {
  if (allowed === undefined) return;
  const hosts = new Set(allowed);
  app.addHook('onRequest', async (request, reply) => {
    const end = request.url.search(/[?#]/);
    if (ANY_HOST_PATHS.has(end === -1 ? request.url : request.url.slice(0, end))) return;
    const host = requestHostName(request);
    if (hosts.has(host)) return;
    // The refused name is not echoed: it is the client's text.
    reply.header('cache-control', 'no-store');
    if (host === '') return reply.code(400).send({ error: 'A Host header naming this site is required' });
    return reply.code(421).send({ error: 'Misdirected request: this server does not serve that host' });
  });
}
