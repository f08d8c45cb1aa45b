// The registry's HTTP API for deployment pipelines (and `npm run remotes`): /api/releases/*, each call with a token
// an admin made (tokens.ts) in `Authorization: Bearer …`. The token names the remotes it may act on; every use is
// audited. The changes go through registry.ts, as every other way in does.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReleasedRemote } from '@site/contracts/federation';
import type { Database } from '../platform/db/index.js';
import { useContracts } from '../platform/http/contracts.js';
import { httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import type { AllowedOrigins } from './allowedOrigins.js';
import type { LiveRemotes } from './liveRemotes.js';
import type { BuildStoreOptions } from './buildContent.js';
import {
  RELEASE_BODY_LIMIT,
  releaseCallContext,
  type ReleaseCallsOptions,
  type VitalsHold,
} from './releaseCallContext.js';
import { canaryCall, listingCalls, pinnedRunCall, promoteAndRollbackCalls } from './releaseStateCalls.js';
import { registerReleaseCall } from './registerReleaseCall.js';
import { qaTokenCall } from './qaTokens.js';
import { isReleasedRemote, recordReleaseAction } from './registry.js';
import { pipelineTokenOf, requirePipelineToken } from './pipelineTokenGuard.js';
import type { ReleaseTokenInfo } from './tokens.js';

export { RELEASES_API } from './releasesApiPaths.js';
export type { ReleaseCaller, ReleaseCallsOptions } from './releaseCallContext.js';

/**
 * The registry's calls under `prefix`: list, register, canary, promote, rollback, a pinned run and its QA token. One
 * set of handlers for every way in (a pipeline's token, a member of staff's session): only who the caller is differs. Bodies are checked by the
 * schemas of @site/contracts/releases-api-schemas on each route (the scope's compilers: useContracts), after the
 * remote's own checks (preValidation): a remote that is not the caller's is its 403 whatever the body.
 */
export function releaseCalls(scope: FastifyInstance, options: ReleaseCallsOptions): void {
  const calls = releaseCallContext(scope.withTypeProvider<ZodTypeProvider>(), options);
  listingCalls(calls);
  registerReleaseCall(calls);
  canaryCall(calls);
  pinnedRunCall(calls);
  qaTokenCall(calls);
  promoteAndRollbackCalls(calls);
}

export interface ReleaseRoutesOptions {
  db: Database;
  liveRemotes: LiveRemotes;
  siteHost?: string | undefined;
  requirePassedRun?: readonly ReleasedRemote[] | undefined;
  allowedOrigins: AllowedOrigins;
  buildStore?: BuildStoreOptions | undefined;
  vitalsHold?: VitalsHold | undefined;
}

/** The API of deployment pipelines: /api/releases/*, with a release token. */
export const releaseRoutes: FastifyPluginAsync<ReleaseRoutesOptions> = async (parent, options) => {
  const app = useContracts(parent);
  const { db } = options;
  const requireJson = useJsonEndpoint(app, {
    bodyLimit: RELEASE_BODY_LIMIT,
    what: 'the release',
    emptyHint: 'send a JSON object',
  });

  // Before the body is read: nothing of a request without a token in force is parsed.
  app.addHook('onRequest', requirePipelineToken(db.kysely, 'release'));
  // Every use of a token, whatever its answer.
  app.addHook('onResponse', async (request, reply) => {
    const token = pipelineTokenOf(request);
    if (token === undefined) return;
    const remote = (request.params as { remote?: unknown } | undefined)?.remote;
    await recordReleaseAction(
      db.kysely,
      actorOf(token),
      'api',
      typeof remote === 'string' && isReleasedRemote(remote) ? remote : null,
      `${request.method} ${request.routeOptions.url ?? request.url} → ${reply.statusCode}`,
    ).catch((error: unknown) => request.log.error({ err: error }, 'could not audit a release token use'));
  });

  releaseCalls(app, {
    ...options,
    prefix: '/api/releases',
    requireJson,
    callerOf: (request) => {
      const token = pipelineTokenOf(request);
      if (token === undefined) throw httpError(401, 'Send a release token');
      return { actor: actorOf(token), remotes: token.remotes, who: 'This token' };
    },
  });

  // Any other address under the API: after the token check, so nothing tells what exists without one.
  app.all('/api/releases', notFound);
  app.all('/api/releases/*', notFound);
};

async function notFound(this: FastifyInstance): Promise<never> {
  throw httpError(404, 'Not found');
}

const actorOf = (token: ReleaseTokenInfo): string => `token ${token.id} "${token.name}"`;
