// Every remote's build under /remotes/ (the public remotes, their canaries, the staff remote): loadable from any
// origin, since a page on another origin (a canary's CDN, a partner's page) may load a remote. CORS comes from
// @fastify/cors registered in this scope only: no other address of the site answers a foreign origin.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isBrowserFile } from '../platform/http/browserFiles.js';
import { registerStaticFiles } from '../platform/http/staticFiles.js';

/** Where the remotes' builds are served; register the plugin with this prefix. */
export const REMOTES_PREFIX = '/remotes';

export interface RemoteBundlesOptions {
  /**
   * Each build's folder and its served path (`/remotes/<name>/`, config.ts), and which of its files browsers may have
   * (isBrowserFile by default). A missing folder is fine: its files 404.
   */
  builds: readonly { root: string; servedPath: string; allowedPath?: (pathName: string) => boolean }[];
}

/**
 * Registers the builds' files, the CORS preflight of /remotes/*, and a 404 under /remotes/ that carries CORS too (the
 * loader sees the status, not a CORS error). Register it with `{ prefix: REMOTES_PREFIX }`.
 */
export async function remoteBundleRoutes(app: FastifyInstance, { builds }: RemoteBundlesOptions): Promise<void> {
  // before @fastify/cors's hook, which answers a preflight at once; after the app's helmet hook (CORP same-origin)
  app.addHook('onRequest', async (_request, reply) => crossOriginResource(reply));
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    // the headers asked for are allowed (the default): a remote's loader may add its own
    maxAge: 86_400,
    // a preflight without Origin is answered too (as any OPTIONS here always was), not refused with a 400
    strictPreflight: false,
  });
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
  for (const { root, servedPath, allowedPath } of builds) {
    // again on each file: after any onRequest hook of a scope in between
    await registerStaticFiles(app, {
      root,
      prefix: servedPath.slice(REMOTES_PREFIX.length),
      allowedPath: allowedPath ?? isBrowserFile,
      addHeaders: crossOriginResource,
    });
  }
}

/** A resource other origins may embed (CORP) and time (Resource Timing); CORS itself is @fastify/cors's. */
function crossOriginResource(reply: FastifyReply): void {
  reply.header('cross-origin-resource-policy', 'cross-origin').header('timing-allow-origin', '*');
}
