// The staff app's own listener (STAFF_PORT): a second HTTP server of the same Fastify instance, so one process serves
// the public site and the staff app on two origins. Its requests go through the same routes and hooks; what tells them
// apart is that this server marks each request it receives (staffSurface.ts reads the mark), which no header a client
// writes can imitate.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { ServerTimeoutOptions } from './timeouts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff app's listener beside the public one (app/instance.ts); listened on by the start (server.ts). */
    staffListener: StaffListener;
    /** Where the staff app answers (staffSurface.ts). */
    staffSurface: import('./staffSurface.js').StaffSurface;
  }
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface StaffListener {
  /** Fastify's `serverFactory`: the public server, and the staff one beside it on the same handler. */
  serverFactory: FastifyServerFactory;
  /** Whether a request came in through the staff listener. */
  received(request: IncomingMessage): boolean;
  /** Starts listening (after the app is ready); resolves to the port it listens on. */
  listen(port: number, host: string): Promise<number>;
  /** The port it listens on; undefined before listen. */
  port(): number | undefined;
  close(): Promise<void>;
  /** The staff server itself, for handlers Fastify attaches to its own server only (clientError). */
  server(): Server | undefined;
}

/** Node's socket limits of `timeouts` on `server`, as Fastify sets them on the server it makes itself. */
function applyTimeouts(server: Server, timeouts: ServerTimeoutOptions): Server {
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.requestTimeout = timeouts.requestTimeout;
  server.setTimeout(timeouts.connectionTimeout);
  return server;
}

export function createStaffListener(timeouts: ServerTimeoutOptions): StaffListener {
  const marked = new WeakSet<IncomingMessage>();
  let staffServer: Server | undefined;
  return {
    serverFactory: (handler: Handler) => {
      staffServer = applyTimeouts(
        createServer(timeouts.http, (request, response) => {
          marked.add(request);
          handler(request, response);
        }),
        timeouts,
      );
      return applyTimeouts(createServer(timeouts.http, handler), timeouts);
    },
    received: (request) => marked.has(request),
    async listen(port, host) {
      const server = staffServer;
      if (server === undefined) throw new Error('the staff listener was made before its Fastify instance');
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
      const address = staffServer?.listening === true ? staffServer.address() : null;
      return address !== null && typeof address === 'object' ? address.port : undefined;
    },
    async close() {
      const server = staffServer;
      if (server?.listening !== true) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    server: () => staffServer,
  };
}
