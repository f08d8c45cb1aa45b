// What the registry's calls (releaseRoutes.ts's releaseCalls and the route modules beside it) share: who may call
// (a token's or a member of staff's remotes), the check of the remote an address names, and what a change tells the
// process's remotes. One set of handlers for every way in: only the caller differs.
import type { FastifyRequest } from 'fastify';
import { RELEASED_REMOTES, type ReleasedRemote } from '@site/contracts/federation';
import type { Database } from '../platform/db/index.js';
import type { ContractsApp } from '../platform/http/contracts.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import type { AllowedOrigins } from './allowedOrigins.js';
import type { BuildStoreOptions } from './buildContent.js';
import type { LiveRemotes } from './liveRemotes.js';
import { isReleasedRemote } from './registry.js';

export const RELEASE_BODY_LIMIT = 16 * 1024;

/** The field vitals' canary-hold rule, as app.ts gives it (the vitals feature's verdict): a held canary is not promoted. */
export interface VitalsHold {
  /** Whether `remote`'s live canary is held, and why in one sentence with both sides' figures (read through `db`). */
  verdict: (db: Database['kysely'], remote: string) => Promise<{ held: boolean; sentence: string }>;
  /** RELEASE_VITALS_ROLLBACK: a held canary's refused promote also takes it out (its share set to 0 %). */
  rollback: boolean;
}

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
  /** The canary-hold rule on the field vitals; undefined: promote does not ask it. */
  vitalsHold?: VitalsHold | undefined;
}

export interface ReleaseCallContext {
  app: ContractsApp;
  options: ReleaseCallsOptions;
  /** `${prefix}/remotes`: every call's address starts with it. */
  remotesPath: string;
  /** A preValidation hook: the remote named in the address, when the caller may act on it (400 unknown, 403 not theirs). */
  checkRemote: (request: FastifyRequest) => Promise<void>;
  /** The remote `checkRemote` let through. */
  remoteOf: (request: FastifyRequest) => ReleasedRemote;
  /** After a change: the process's remotes read again. */
  applied: () => Promise<void>;
}

export function releaseCallContext(app: ContractsApp, options: ReleaseCallsOptions): ReleaseCallContext {
  /** The remotes `checkRemote` let through, for the handlers after it. */
  const allowed = new WeakMap<FastifyRequest, ReleasedRemote>();
  const checkRemote = async (request: FastifyRequest): Promise<void> => {
    const name = (request.params as { remote: string }).remote;
    if (!isReleasedRemote(name))
      throw httpError(400, `Unknown remote "${name.slice(0, 64)}": the remotes are ${RELEASED_REMOTES.join(', ')}`);
    const caller = options.callerOf(request);
    if (!caller.remotes.includes(name)) {
      await options.onRefused?.(request, caller, name);
      throw httpError(
        403,
        `${caller.who} may not act on ${name}${caller.remotes.length === 0 ? '' : `: only on ${caller.remotes.join(', ')}`}`,
      );
    }
    allowed.set(request, name);
  };
  const remoteOf = (request: FastifyRequest): ReleasedRemote => {
    const remote = allowed.get(request);
    if (remote === undefined) throw new Error('a registry call without its checkRemote hook');
    return remote;
  };
  const applied = async () => options.liveRemotes?.refresh();
  return { app, options, remotesPath: `${options.prefix}/remotes`, checkRemote, remoteOf, applied };
}
