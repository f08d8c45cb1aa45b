// The registry's HTTP API for deployment pipelines (and `npm run remotes`): /api/releases/*, each call with a token
// an admin made (tokens.ts) in `Authorization: Bearer …`. The token names the remotes it may act on; every use is
// audited. The changes go through registry.ts, as every other way in does.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RELEASED_REMOTES, type ReleasedRemote } from '@site/contracts/federation';
import { canaryBodySchema, noBodySchema, pinnedRunBodySchema, registerReleaseBodySchema } from '@site/contracts/releases-api-schemas';
import type { Database } from '../platform/db/index.js';
import { NotABuildFolder } from '../platform/http/buildStore.js';
import { useContracts } from '../platform/http/contracts.js';
import { httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { originRefusal, type AllowedOrigins } from './allowedOrigins.js';
import type { LiveRemotes } from './liveRemotes.js';
import { buildContentOf, entryToRegister, notServerRendered, type BuildStoreOptions } from './buildContent.js';
import { checkRelease, fetchManifest, type ManifestReader } from './manifestCheck.js';
import { recordPinnedRun, requirePassedRun, withPromoteGate } from './pinnedRuns.js';
import { isReleasedRemote, listRemotes, promote, recordReleaseAction, registerRelease, rollback, setCanary } from './registry.js';
import { isStaffActor } from './staffPagesTrust.js';
import { verifyReleaseToken, type ReleaseTokenInfo } from './tokens.js';

export { RELEASES_API } from './releasesApiPaths.js';

const BODY_LIMIT = 16 * 1024;
const NO_ORIGINS: AllowedOrigins = new Set();

/** Who makes a call and the remotes they may act on (a token's, or a member of staff's). */
export interface ReleaseCaller {
  actor: string;
  remotes: readonly string[];
  /** Says whose remotes they are, in a 403: 'This token', 'Your account'. */
  who: string;
  /** An admin's session: may register again a build the automatic rollback took out (which allows its promote). */
  admin?: boolean;
}

export interface ReleaseCallsOptions {
  db: Database;
  /** The process's remotes, read again after a change made here (the others hear of it by NOTIFY). */
  liveRemotes?: LiveRemotes | undefined;
  /** A host name the site answers for (ALLOWED_HOSTS), sent with the check's own request for a manifest on this site. */
  siteHost?: string | undefined;
  /** The addresses' start: '/api/releases' or '/api/staff/releases'. */
  prefix: string;
  callerOf: (request: FastifyRequest) => ReleaseCaller;
  /** Told of a call refused because the remote is not the caller's (before its 403), e.g. to audit it. */
  onRefused?: ((request: FastifyRequest, caller: ReleaseCaller, remote: ReleasedRemote) => Promise<void>) | undefined;
  /** Refuses a body that is not JSON (415). */
  requireJson: (request: FastifyRequest) => Promise<void>;
  /** The remotes whose canary is promoted only after a pinned test run passed (RELEASE_REQUIRE_PASSED_RUN). */
  requirePassedRun?: readonly ReleasedRemote[] | undefined;
  /** The origins a release may be registered on (allowedOrigins.ts); paths on this site always may. Undefined: none. */
  allowedOrigins?: AllowedOrigins | undefined;
  /** Where registered builds are stored and read (buildContent.ts). Undefined: their content is not recorded. */
  buildStore?: BuildStoreOptions | undefined;
}

/**
 * The registry's calls under `prefix`: list, register, canary, promote, rollback. One set of handlers for every way in
 * (a pipeline's token, a member of staff's session): only who the caller is differs. Bodies are checked by the
 * schemas of @site/contracts/releases-api-schemas on each route (the scope's compilers: useContracts), after the
 * remote's own checks (preValidation): a remote that is not the caller's is its 403 whatever the body.
 */
export function releaseCalls(scope: FastifyInstance, options: ReleaseCallsOptions): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, prefix, callerOf, requireJson } = options;
  const remotesPath = `${prefix}/remotes`;
  /** The remotes `checkRemote` let through, for the handlers after it. */
  const allowed = new WeakMap<FastifyRequest, ReleasedRemote>();
  /** A preValidation hook: the remote named in the address, when the caller may act on it (400 unknown, 403 not theirs). */
  const checkRemote = async (request: FastifyRequest): Promise<void> => {
    const name = (request.params as { remote: string }).remote;
    if (!isReleasedRemote(name)) throw httpError(400, `Unknown remote "${name.slice(0, 64)}": the remotes are ${RELEASED_REMOTES.join(', ')}`);
    const caller = callerOf(request);
    if (!caller.remotes.includes(name)) {
      await options.onRefused?.(request, caller, name);
      throw httpError(403, `${caller.who} may not act on ${name}${caller.remotes.length === 0 ? '' : `: only on ${caller.remotes.join(', ')}`}`);
    }
    allowed.set(request, name);
  };
  const remoteOf = (request: FastifyRequest): ReleasedRemote => {
    const remote = allowed.get(request);
    if (remote === undefined) throw new Error('a registry call without its checkRemote hook');
    return remote;
  };
  const applied = async () => options.liveRemotes?.refresh();
  const readManifest: ManifestReader = async (entry) => {
    if (!entry.startsWith('/')) return fetchManifest(entry);
    const answer = await app.inject({ method: 'GET', url: entry, ...(options.siteHost === undefined ? {} : { headers: { host: options.siteHost } }) });
    return { status: answer.statusCode, body: answer.body };
  };

  /** The registry's listings of `names`, with what each one's promote waits for. */
  const listings = async (names: readonly string[]) => withPromoteGate(db.kysely, await listRemotes(db.kysely, names), options.requirePassedRun ?? []);

  app.get(remotesPath, async (request) => ({ remotes: await listings(callerOf(request).remotes) }));

  app.get(`${remotesPath}/:remote`, { preValidation: checkRemote }, async (request) => {
    const remote = remoteOf(request);
    const [listing] = await listings([remote]);
    if (listing === undefined) throw httpError(400, `${remote} is not in the registry yet: start the site once with it configured`);
    return listing;
  });

  app.post(`${remotesPath}/:remote/releases`, { bodyLimit: BODY_LIMIT, preValidation: [requireJson, checkRemote], schema: { body: registerReleaseBodySchema } }, async (request, reply) => {
    const remote = remoteOf(request);
    const { body } = request;
    // before anything is fetched: only an origin an admin allowed is ever asked
    const notAllowed = originRefusal(body.entry, options.allowedOrigins ?? NO_ORIGINS);
    if (notAllowed !== undefined) throw httpError(400, notAllowed);
    // one of this site's build folders: registered as a copy of its files now, which nothing overwrites
    const { buildStore } = options;
    const entry =
      buildStore === undefined
        ? body.entry
        : await entryToRegister(remote, body.entry, buildStore).catch((error: unknown) => {
            // no build there: the manifest check refuses it in its usual words
            if (error instanceof NotABuildFolder) return body.entry;
            request.log.error({ entry: body.entry, err: error }, 'a release folder could not be copied into the store of builds');
            throw httpError(503, "The build could not be copied into the site's store of builds (REMOTE_BUILDS_DIR): try again, and tell an administrator if it fails again");
          });
    let manifestText: string | undefined;
    // the copy is what is checked (and what the refusal names is what was sent)
    const readChecked: ManifestReader = async () => {
      const answer = await readManifest(entry);
      if ('body' in answer) manifestText = answer.body;
      return answer;
    };
    const refusal = await checkRelease(remote, body.entry, readChecked, (why) => request.log.info({ entry: body.entry, why }, 'a release manifest could not be used'));
    if (refusal !== undefined) throw httpError(400, refusal);
    const caller = callerOf(request);
    const content = buildStore === undefined || manifestText === undefined ? undefined : await buildContentOf(entry, manifestText, buildStore);
    if (content?.why !== undefined) request.log.warn({ entry, why: content.why }, 'a release was registered without its server-render module');
    const release = await registerRelease(db.kysely, caller.actor, remote, { ...body, entry, build: content?.build }, caller.admin === true);
    const serverRendered = content?.build.renderModule != null;
    return reply.code(201).send({ release, serverRendered, ...(serverRendered ? {} : { warning: notServerRendered(entry) }) });
  });

  app.post(`${remotesPath}/:remote/canary`, { bodyLimit: BODY_LIMIT, preValidation: [requireJson, checkRemote], schema: { body: canaryBodySchema } }, async (request) => {
    const state = await setCanary(db.kysely, callerOf(request).actor, remoteOf(request), request.body);
    await applied();
    return state;
  });

  // a pipeline (or QA) tells how the suites pinned to the live canary went; the promote of a remote that requires it
  // waits for a passed one
  // When the promote waits for a passed run, the token that registered the canary may not vouch for it itself: a
  // leaked token alone could otherwise register, test and promote a build of its own.
  app.post(`${remotesPath}/:remote/runs`, { bodyLimit: BODY_LIMIT, preValidation: [requireJson, checkRemote], schema: { body: pinnedRunBodySchema } }, async (request, reply) => {
    const remote = remoteOf(request);
    const { actor } = callerOf(request);
    const gated = options.requirePassedRun?.includes(remote) === true;
    const run = await recordPinnedRun(db.kysely, actor, remote, request.body, { refuseRegistrant: gated && !isStaffActor(actor) });
    return reply.code(201).send({ run });
  });

  const gatedPromote = (database: Database['kysely'], actor: string, remote: ReleasedRemote) =>
    promote(database, actor, remote, options.requirePassedRun?.includes(remote) === true ? (trx, canaryId) => requirePassedRun(trx, remote, canaryId) : undefined);

  for (const [path, change] of [
    [`${remotesPath}/:remote/promote`, gatedPromote],
    [`${remotesPath}/:remote/rollback`, rollback],
  ] as const) {
    app.post(path, { bodyLimit: BODY_LIMIT, preValidation: checkRemote, schema: { body: noBodySchema } }, async (request) => {
      const state = await change(db.kysely, callerOf(request).actor, remoteOf(request));
      await applied();
      return state;
    });
  }
}

export interface ReleaseRoutesOptions {
  db: Database;
  liveRemotes: LiveRemotes;
  siteHost?: string | undefined;
  requirePassedRun?: readonly ReleasedRemote[] | undefined;
  allowedOrigins: AllowedOrigins;
  buildStore?: BuildStoreOptions | undefined;
}

const tokens = new WeakMap<FastifyRequest, ReleaseTokenInfo>();

/** The API of deployment pipelines: /api/releases/*, with a release token. */
export const releaseRoutes: FastifyPluginAsync<ReleaseRoutesOptions> = async (parent, options) => {
  const app = useContracts(parent);
  const { db } = options;
  const requireJson = useJsonEndpoint(app, { bodyLimit: BODY_LIMIT, what: 'the release', emptyHint: 'send a JSON object' });

  // Before the body is read: nothing of a request without a token in force is parsed.
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,300})$/.exec(header.trim()) : null;
    if (match === null) throw httpError(401, 'Send a release token: Authorization: Bearer <token> (an admin makes one in the staff app)');
    const token = await verifyReleaseToken(db.kysely, match[1] as string);
    if (token === undefined) throw httpError(401, 'The release token is unknown, expired or revoked');
    tokens.set(request, token);
  });
  // Every use of a token, whatever its answer.
  app.addHook('onResponse', async (request, reply) => {
    const token = tokens.get(request);
    if (token === undefined) return;
    const remote = (request.params as { remote?: unknown } | undefined)?.remote;
    await recordReleaseAction(db.kysely, actorOf(token), 'api', typeof remote === 'string' && isReleasedRemote(remote) ? remote : null, `${request.method} ${request.routeOptions.url ?? request.url} → ${reply.statusCode}`).catch(
      (error: unknown) => request.log.error({ err: error }, 'could not audit a release token use'),
    );
  });

  releaseCalls(app, {
    ...options,
    prefix: '/api/releases',
    requireJson,
    callerOf: (request) => {
      const token = tokens.get(request);
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
