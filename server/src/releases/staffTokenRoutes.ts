// The staff API's side of the remotes registry: admins make release tokens (the token is in that answer only), list
// them (no secrets) and revoke them; admins (every remote) and the release role (its own remotes) list, register,
// canary, promote and roll back remotes with the same handlers as the pipelines' API (releaseRoutes.ts). Registered inside the staff API's signed-in scope, so the session and the CSRF token on
// every change are checked there, as for every other staff call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RELEASED_REMOTES, type ReleasedRemote } from '@site/contracts/federation';
import { canRelease, STAFF_API, STAFF_RELEASES_PREFIX, type StaffAccountSummary } from '@site/contracts/staff-api';
import type { Database } from '../db/index.js';
import { httpError } from '../http/jsonEndpoint.js';
import { recordStaffAction } from '../staff/audit.js';
import { textField } from '@site/contracts/text-field';
import type { LiveRemotes } from './liveRemotes.js';
import { recordReleaseAction } from './registry.js';
import { parse, releaseCalls, type ReleaseCaller } from './releaseRoutes.js';
import { createReleaseToken, listReleaseTokens, revokeReleaseToken, TOKEN_MAX_DAYS } from './tokens.js';

const createBody = z.strictObject(
  {
    name: textField('name', { max: 100 }).refine((name) => name !== '', { error: 'name must say what uses the token, e.g. "catalogue pipeline"' }),
    remotes: z
      .array(z.enum(RELEASED_REMOTES, { error: `remotes must name remotes among ${RELEASED_REMOTES.join(', ')}` }), { error: 'remotes must be a list of remote names' })
      .min(1, { error: 'remotes must name at least one remote' })
      .max(RELEASED_REMOTES.length, { error: 'remotes must name each remote once' }),
    expiresInDays: z
      .number({ error: `expiresInDays must be a whole number of days from 1 to ${TOKEN_MAX_DAYS}` })
      .int({ error: `expiresInDays must be a whole number of days from 1 to ${TOKEN_MAX_DAYS}` })
      .min(1, { error: `expiresInDays must be a whole number of days from 1 to ${TOKEN_MAX_DAYS}` })
      .max(TOKEN_MAX_DAYS, { error: `expiresInDays must be a whole number of days from 1 to ${TOKEN_MAX_DAYS}` }),
  },
  { error: 'send { "name", "remotes", "expiresInDays" } as a JSON object' },
);

export interface StaffReleasesOptions {
  /** The process's remotes, read again after a change made here. */
  liveRemotes?: LiveRemotes | undefined;
  /** A host name the site answers for, for the check of a manifest on this site. */
  siteHost?: string | undefined;
  /** The remotes whose canary is promoted only after a pinned test run passed. */
  requirePassedRun?: readonly ReleasedRemote[] | undefined;
}

export interface StaffTokenRoutesOptions extends StaffReleasesOptions {
  db: Database;
  /** The staff API's JSON check (415 for any other body). */
  requireJson: (request: FastifyRequest) => Promise<void>;
}

export const RELEASE_MESSAGES = {
  tokensAdminsOnly: 'Only administrators can manage release tokens.',
  noConsole: 'Only administrators and the release role can release remotes.',
} as const;

function staffOf(request: FastifyRequest): StaffAccountSummary {
  const staff = request.staff;
  if (staff === undefined) throw httpError(401, 'Sign in first.');
  return staff;
}

function adminOf(request: FastifyRequest): StaffAccountSummary {
  const staff = staffOf(request);
  if (staff.role !== 'admin') throw httpError(403, RELEASE_MESSAGES.tokensAdminsOnly);
  return staff;
}

/** The caller of a registry call: an admin acts on every remote, the release role on its own; other roles on none. */
function releaserOf(request: FastifyRequest): ReleaseCaller {
  const staff = staffOf(request);
  if (!canRelease(staff)) throw httpError(403, RELEASE_MESSAGES.noConsole);
  return { actor: `staff ${staff.email}`, remotes: staff.role === 'admin' ? RELEASED_REMOTES : (staff.remotes ?? []), who: 'Your account' };
}

export function staffReleaseTokenRoutes(scope: FastifyInstance, options: StaffTokenRoutesOptions): void {
  const { db, requireJson } = options;
  // the registry's calls for admins and the release role, as the pipelines' API has them (one set of handlers); a
  // try at another team's remote is kept in the registry's audit, as a token's is
  releaseCalls(scope, {
    ...options,
    prefix: STAFF_RELEASES_PREFIX,
    callerOf: releaserOf,
    onRefused: async (request, caller, remote) => {
      await recordReleaseAction(db.kysely, caller.actor, 'refused', remote, `${request.method} ${request.routeOptions.url ?? request.url} → 403`);
    },
  });

  scope.get(STAFF_API.releaseTokens, async (request) => {
    adminOf(request);
    return { tokens: await listReleaseTokens(db.kysely) };
  });

  scope.post(STAFF_API.releaseTokens, { preHandler: requireJson }, async (request, reply) => {
    const admin = adminOf(request);
    const body = parse(createBody, request.body);
    const remotes = [...new Set(body.remotes)];
    const { token, info } = await createReleaseToken(db.kysely, admin.email, { ...body, remotes });
    await recordStaffAction(db.kysely, admin, 'release-token-create', `release-token:${info.id}`, `${info.name} (${info.remotes.join(', ')})`);
    // no-store: the one answer that carries the token must not stay in any cache
    return reply.code(201).header('cache-control', 'no-store').send({ token, ...info });
  });

  scope.post<{ Params: { id: string } }>(STAFF_API.releaseTokenRevoke, async (request) => {
    const admin = adminOf(request);
    const { id } = request.params;
    if (!/^\d{1,12}$/.test(id)) throw httpError(400, 'The token id must be a number');
    if (!(await revokeReleaseToken(db.kysely, admin.email, Number(id)))) throw httpError(404, 'No such token in force');
    await recordStaffAction(db.kysely, admin, 'release-token-revoke', `release-token:${id}`);
    return { revoked: true };
  });
}
