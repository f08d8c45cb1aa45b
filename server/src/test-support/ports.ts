import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `app` on an ephemeral port of 127.0.0.1 (for tests that speak raw HTTP to it) and resolves to the port. */
export async function listenOnLoopback(app: { listen(options: { port: number; host: string }): Promise<unknown>; server: { address(): unknown } }): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address !== 'object' || !('port' in address) || typeof address.port !== 'number') throw new Error('the app listens on no TCP port');
  return address.port;
}
