import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `app` on an ephemeral port of 127.0.0.1 (for tests that speak raw HTTP to it) and resolves to the port. */
export async function listenOnLoopback(app: {
  listen(options: { port: number; host: string }): Promise<unknown>;
  server: { address(): unknown };
}): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address !== 'object' || !('port' in address) || typeof address.port !== 'number')
    throw new Error('the app listens on no TCP port');
  return address.port;
}

/**
 * Starts the staff app's listener of a whole app (buildApp) on an ephemeral port of 127.0.0.1 and resolves to its
 * origin: the staff pages and API answer there only (platform/http/staffSurface.ts), as in production.
 */
export async function listenStaffOnLoopback(app: {
  ready(): PromiseLike<unknown>;
  staffListener: { listen(port: number, host: string): Promise<number> };
}): Promise<string> {
  await app.ready(); // Fastify's handler answers only once the app is ready (its own listen waits for that too)
  const port = await app.staffListener.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

/** Starts the buyer's account's listener of a whole app on an ephemeral port of 127.0.0.1; resolves to its origin. */
export async function listenAccountOnLoopback(app: {
  ready(): PromiseLike<unknown>;
  accountListener: { listen(port: number, host: string): Promise<number> };
}): Promise<string> {
  await app.ready();
  const port = await app.accountListener.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

/** A loopback HTTP server answering with `handle` (a CDN, a host a test must never reach); it keeps the URLs it was asked. */
export async function startLoopbackHttp(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ origin: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}
