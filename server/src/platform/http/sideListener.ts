// A listener beside the public one: another HTTP server of the same Fastify instance, so one process serves the public
// site, the staff app (STAFF_PORT) and the buyer's account (ACCOUNT_PORT) on origins of their own. Their requests go
// through the same routes and hooks; what tells them apart is that each side server marks each request it receives
// (staffSurface.ts and accountSurface.ts read the mark), which no header a client writes can imitate.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { localOrigin } from './siteOrigin.js';
import type { ServerTimeoutOptions } from './timeouts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff app's listener beside the public one (app/instance.ts); listened on by the start (server.ts). */
    staffListener: SideListener;
    /** The buyer's account's listener beside the public one (app/instance.ts); listened on by the start (server.ts). */
    accountListener: SideListener;
    /** Where the staff app answers (staffSurface.ts). */
    staffSurface: import('./staffSurface.js').StaffSurface;
    /** Where the buyer's account answers (accountSurface.ts). */
    accountSurface: import('./accountSurface.js').AccountSurface;
  }
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface SideListener {
  /** Fastify's `serverFactory`: the side server on the handler, and the public one made by the next factory. */
  serverFactory: FastifyServerFactory;
  /** Whether a request came in through this listener. */
  received(request: IncomingMessage): boolean;
  /** Starts listening (after the app is ready); resolves to the port it listens on. */
  listen(port: number, host: string): Promise<number>;
  /** The port it listens on; undefined before listen. */
  port(): number | undefined;
  close(): Promise<void>;
  /** The side server itself, for handlers Fastify attaches to its own server only (clientError). */
  server(): Server | undefined;
}

/** Node's socket limits of `timeouts` on `server`, as Fastify sets them on the server it makes itself. */
function applyTimeouts(server: Server, timeouts: ServerTimeoutOptions): Server {
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.requestTimeout = timeouts.requestTimeout;
  server.setTimeout(timeouts.connectionTimeout);
  return server;
}

/**
 * A side listener whose factory makes its own server and then the public one, through `next` when another side
 * listener chains after it (the staff's, then the account's).
 */
export function createSideListener(timeouts: ServerTimeoutOptions, next?: FastifyServerFactory): SideListener {
  const marked = new WeakSet<IncomingMessage>();
  let sideServer: Server | undefined;
  return {
    serverFactory: (handler: Handler, options) => {
      sideServer = applyTimeouts(
        createServer(timeouts.http, (request, response) => {
          marked.add(request);
          handler(request, response);
        }),
        timeouts,
      );
      return next === undefined
        ? applyTimeouts(createServer(timeouts.http, handler), timeouts)
        : next(handler, options);
    },
    received: (request) => marked.has(request),
    async listen(port, host) {
      const server = sideServer;
      if (server === undefined) throw new Error('a side listener was made before its Fastify instance');
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as AddressInfo).port;
    },
    port() {
      const address = sideServer?.listening === true ? sideServer.address() : null;
      return address !== null && typeof address === 'object' ? address.port : undefined;
    },
    async close() {
      const server = sideServer;
      if (server?.listening !== true) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    server: () => sideServer,
  };
}

/** Where a side listener's site answers, as configured: its origin variable, or the public host at its port. */
export interface SideSiteOptions {
  /** STAFF_ORIGIN, ACCOUNT_ORIGIN. */
  configuredOrigin: string | undefined;
  /** PUBLIC_SITE_URL. */
  publicSiteUrl: string | undefined;
  /** HOST, for the derived origin of a local run. */
  listenHost: string;
  /** Its port as configured (0: picked at start); undefined: no listener of its own. */
  configuredPort: number | undefined;
  listener: SideListener;
}

/**
 * A side site's origin (the configured one, else the public host at the listener's port), and the origin its pages'
 * Origin header must equal: the configured one or the one derived from PUBLIC_SITE_URL; undefined for a local run
 * without either (the request's own origin then).
 */
export function sideOrigins(options: SideSiteOptions): { origin(): string; fixedOrigin(): string | undefined } {
  const derived = () => {
    const port = options.listener.port() ?? options.configuredPort ?? 0;
    if (options.publicSiteUrl === undefined) return localOrigin(options.listenHost, port);
    const url = new URL(options.publicSiteUrl);
    url.port = String(port);
    return url.origin;
  };
  return {
    origin: () => options.configuredOrigin ?? derived(),
    fixedOrigin: () =>
      options.configuredOrigin === undefined && options.publicSiteUrl === undefined
        ? undefined
        : (options.configuredOrigin ?? derived()),
  };
}
