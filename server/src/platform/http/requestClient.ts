// request.client: who sent a request, as everything that counts clients must read it. The one place request.ip is
// read (eslint.config.mjs forbids it elsewhere): the address the proxies TRUST_PROXY trusts saw, normalised once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientNetworks, type ClientNetworks } from './clientAddress.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address and networks (clientAddress.ts), from request.ip: count and limit by these, never by request.ip. */
    readonly client: ClientNetworks;
  }
}

// Worked out on first read, once per request.
const known = new WeakMap<FastifyRequest, ClientNetworks>();

/**
 * Decorates the requests of `app` (and of the plugins in it) with `client`. Safe to call more than once, and from each
 * plugin that counts clients (the app decorates at its root; a plugin registered on its own in a test still has it).
 */
export function registerRequestClient(app: FastifyInstance): void {
  if (app.hasRequestDecorator('client')) return;
  app.decorateRequest('client', {
    getter(this: FastifyRequest): ClientNetworks {
      let client = known.get(this);
      if (client === undefined) {
        client = clientNetworks(this.ip);
        known.set(this, client);
      }
      return client;
    },
  });
}
