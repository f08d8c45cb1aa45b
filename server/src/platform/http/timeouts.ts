// The server's socket timeouts as Fastify's options. Fastify leaves requestTimeout and connectionTimeout at 0 (never),
// so a client that announces a body and stops sending it, or opens a socket and says nothing, would hold a connection
// for ever; a few thousand such sockets exhaust the process. Each limit below closes one kind of stalled client.
import type { ServerOptions } from 'node:http';
import type { HttpTimeouts } from '../config.js';

export interface ServerTimeoutOptions {
  /** Node's requestTimeout: the whole request, body included (408 when it runs out before the body is in). */
  requestTimeout: number;
  /** Node's keepAliveTimeout: an idle connection between two requests. */
  keepAliveTimeout: number;
  /** The socket's inactivity timeout (server.setTimeout): a client that neither sends nor reads. */
  connectionTimeout: number;
  http: Pick<
    ServerOptions,
    'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval' | 'requireHostHeader' | 'maxHeaderSize'
  >;
}

/**
 * Node checks the headers and request timeouts on a timer, every 30 s by default: a request timeout of 15 s would
 * then close a stalled client after anything up to 45 s. Checking every second (a walk over the open connections)
 * keeps the limits close to what they say; shorter limits (tests) are checked at a quarter of their length.
 */
export function connectionsCheckingInterval(timeouts: HttpTimeouts): number {
  return Math.max(50, Math.min(1000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)));
}

/**
 * The request line and headers a request may have (Node's default is 16 KB): a search of 10 KB of Arabic or emoji is
 * 30 KB once percent-encoded in the address, and must reach the search to be answered (it finds nothing: no name is
 * that long) rather than be refused with a 431. Past this, still a 431 with the site's headers.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

export function serverTimeoutOptions(timeouts: HttpTimeouts): ServerTimeoutOptions {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    // requestTimeout here too: Node checks headersTimeout against it when it creates the server (before Fastify sets it).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: connectionsCheckingInterval(timeouts),
      // Node's answer to an HTTP/1.1 request without Host has no security headers: the app refuses it instead
      // (bareAnswers.ts registerHostRequired), with them
      requireHostHeader: false,
      maxHeaderSize: MAX_HEADER_BYTES,
    },
  };
}
