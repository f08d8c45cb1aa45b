// POST <prefix>/remotes/:remote/releases {version, entry, notes?}: a release added to the registry, not live yet. Its
// origin must be allowed, its manifest must load and expose what the shell uses; one of this site's build folders is
// copied into the store of builds first, and that copy is what is checked and registered.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ReleasedRemote } from '@site/contracts/federation';
import { registerReleaseBodySchema } from '@site/contracts/releases-api-schemas';
import { NotABuildFolder } from '../platform/http/buildStore.js';
import type { ContractsApp } from '../platform/http/contracts.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { originRefusal, type AllowedOrigins } from './allowedOrigins.js';
import { buildContentOf, entryToRegister, notServerRendered, type BuildStoreOptions } from './buildContent.js';
import { checkRelease, fetchManifest, type ManifestReader } from './manifestCheck.js';
import { RELEASE_BODY_LIMIT, type ReleaseCallContext } from './releaseCallContext.js';
import { registerRelease } from './registry.js';

const NO_ORIGINS: AllowedOrigins = new Set();

export function registerReleaseCall(calls: ReleaseCallContext): void {
  const { app, options, remotesPath, checkRemote } = calls;
  const readManifest = manifestReader(app, options.siteHost);
  app.post(
    `${remotesPath}/:remote/releases`,
    {
      bodyLimit: RELEASE_BODY_LIMIT,
      preValidation: [options.requireJson, checkRemote],
      schema: { body: registerReleaseBodySchema },
    },
    async (request, reply) => registerReleaseFrom(calls, readManifest, request, reply, request.body),
  );
}

/** A manifest by its address: one on this site (a path) asked of this app itself, with the site's host name. */
function manifestReader(app: ContractsApp, siteHost: string | undefined): ManifestReader {
  return async (entry) => {
    if (!entry.startsWith('/')) return fetchManifest(entry);
    const answer = await app.inject({
      method: 'GET',
      url: entry,
      ...(siteHost === undefined ? {} : { headers: { host: siteHost } }),
    });
    return { status: answer.statusCode, body: answer.body };
  };
}

async function registerReleaseFrom(
  { options, remoteOf }: ReleaseCallContext,
  readManifest: ManifestReader,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof registerReleaseBodySchema>,
) {
  const remote = remoteOf(request);
  // before anything is fetched: only an origin an admin allowed is ever asked
  const notAllowed = originRefusal(body.entry, options.allowedOrigins ?? NO_ORIGINS);
  if (notAllowed !== undefined) throw httpError(400, notAllowed);
  const { buildStore } = options;
  const entry = buildStore === undefined ? body.entry : await storedEntry(request, remote, body.entry, buildStore);
  let manifestText: string | undefined;
  // the copy is what is checked (and what the refusal names is what was sent)
  const readChecked: ManifestReader = async () => {
    const answer = await readManifest(entry);
    if ('body' in answer) manifestText = answer.body;
    return answer;
  };
  const refusal = await checkRelease(remote, body.entry, readChecked, (why) =>
    request.log.info({ entry: body.entry, why }, 'a release manifest could not be used'),
  );
  if (refusal !== undefined) throw httpError(400, refusal);
  const caller = options.callerOf(request);
  const content =
    buildStore === undefined || manifestText === undefined
      ? undefined
      : await buildContentOf(entry, manifestText, buildStore);
  if (content?.why !== undefined)
    request.log.warn({ entry, why: content.why }, 'a release was registered without its server-render module');
  const release = await registerRelease(
    options.db.kysely,
    caller.actor,
    remote,
    { ...body, entry, build: content?.build },
    caller.admin === true,
  );
  const serverRendered = content?.build.renderModule != null;
  return reply
    .code(201)
    .send({ release, serverRendered, ...(serverRendered ? {} : { warning: notServerRendered(entry) }) });
}

/** One of this site's build folders: registered as a copy of its files now, which nothing overwrites. */
function storedEntry(
  request: FastifyRequest,
  remote: ReleasedRemote,
  entry: string,
  buildStore: BuildStoreOptions,
): Promise<string> {
  return entryToRegister(remote, entry, buildStore).catch((error: unknown) => {
    // no build there: the manifest check refuses it in its usual words
    if (error instanceof NotABuildFolder) return entry;
    request.log.error({ entry, err: error }, 'a release folder could not be copied into the store of builds');
    throw httpError(
      503,
      "The build could not be copied into the site's store of builds (REMOTE_BUILDS_DIR): try again, and tell an administrator if it fails again",
    );
  });
}
