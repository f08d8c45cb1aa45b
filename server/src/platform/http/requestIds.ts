// Every request's id: on each line Fastify's JSON logs write for it (their `reqId`), and in its answer's X-Request-Id,
// so that a visitor's report or a proxy's log finds the server's lines. An incoming X-Request-Id is taken only from a
// proxy we trust (TRUST_PROXY: the connection itself comes from one) and only when it is a short safe token: anyone
// else's would let a client write what it likes into our logs, or pass itself off as another request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: 1–64 letters, digits, dots, dashes, underscores (a UUID, a proxy's hex id). */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Whether the connection's own peer is a proxy TRUST_PROXY names (as Fastify reads it: fastifyTrustProxy). */
function peerTrust(
  trustProxy: boolean | string | ((address: string, hop: number) => boolean),
): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  const trusts =
    typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy.split(',').map((item) => item.trim()));
  return (address) => trusts(address, 0);
}

/** Fastify's options for request ids (its own reading of the header is off: this one checks who sent it). */
export function requestIdOptions(trustProxy: boolean | string | ((address: string, hop: number) => boolean)) {
  const trusted = peerTrust(trustProxy);
  return {
    requestIdHeader: false as const,
    genReqId: (request: IncomingMessage): string => {
      const given = request.headers[REQUEST_ID_HEADER];
      const peer = request.socket?.remoteAddress;
      if (typeof given === 'string' && SAFE_REQUEST_ID.test(given) && peer !== undefined && trusted(peer)) return given;
      return randomUUID();
    },
  };
}

/** Every answer names its request's id. First of the hooks: a refused request's answer names it too. */
export function sendRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
