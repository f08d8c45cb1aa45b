// The staff API's side of the remotes registry: admins make release tokens (the token is in that answer only), list
// them (no secrets) and revoke them, and list, register, canary, promote and roll back remotes with the same handlers
// as the pipelines' API (releaseRoutes.ts). Registered inside the staff API's signed-in scope, so the session and the CSRF token on
// every change are checked there, as for every other staff call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REMOTE_NAMES } from '@site/contracts/federation';
import type { StaffAccountSummary } from '@site/contracts/staff-api';
import type { Database } from '../db/index.js';
import { httpError } from '../http/jsonEndpoint.js';
import { recordStaffAction } from '../staff/audit.js';
import { textField } from '../validation/textField.js';
import type { LiveRemotes } from './liveRemotes.js';
import { parse, releaseCalls } from './releaseRoutes.js';
import { createReleaseToken, listReleaseTokens, revokeReleaseToken, TOKEN_MAX_DAYS } from './tokens.js';

/** The start of the staff API's registry calls: /api/staff/releases/remotes/<remote>/… as /api/releases/… has them. */
export const STAFF_RELEASES_PREFIX = '/api/staff/releases';

/** The staff API's addresses of release tokens. */
export const STAFF_RELEASE_TOKENS_API = {
  tokens: '/api/staff/release-tokens',
  revoke: (id: number | string) => `/api/staff/release-tokens/${id}/revoke`,
} as const;

const createBody = z.strictObject(
  {
    name: textField('name', { max: 100 }).refine((name) => name !== '', { error: 'name must say what uses the token, e.g. "catalogue pipeline"' }),
    remotes: z
      .array(z.enum(REMOTE_NAMES, { error: `remotes must name remotes among ${REMOTE_NAMES.join(', ')}` }), { error: 'remotes must be a list of remote names' })
      .min(1, { error: 'remotes must name at least one remote' })
      .max(REMOTE_NAMES.length, { error: 'remotes must name each remote once' }),
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
}

export interface StaffTokenRoutesOptions extends StaffReleasesOptions {
  db: Database;
  /** The staff API's JSON check (415 for any other body). */
  requireJson: (request: FastifyRequest) => Promise<void>;
}

function adminOf(request: FastifyRequest): StaffAccountSummary {
  const staff = request.staff;
  if (staff === undefined) throw httpError(401, 'Sign in first.');
  if (staff.role !== 'admin') throw httpError(403, 'Only administrators can release remotes and manage release tokens.');
  return staff;
}

export function staffReleaseTokenRoutes(scope: FastifyInstance, options: StaffTokenRoutesOptions): void {
  const { db, requireJson } = options;
  // the registry's calls for admins, as the pipelines' API has them (one set of handlers)
  releaseCalls(scope, {
    ...options,
    prefix: STAFF_RELEASES_PREFIX,
    callerOf: (request) => ({ actor: `staff ${adminOf(request).email}`, remotes: REMOTE_NAMES, who: 'Your account' }),
  });

  scope.get(STAFF_RELEASE_TOKENS_API.tokens, async (request) => {
    adminOf(request);
    return { tokens: await listReleaseTokens(db.kysely) };
  });

  scope.post(STAFF_RELEASE_TOKENS_API.tokens, { preHandler: requireJson }, async (request, reply) => {
    const admin = adminOf(request);
    const body = parse(createBody, request.body);
    const remotes = [...new Set(body.remotes)];
    const { token, info } = await createReleaseToken(db.kysely, admin.email, { ...body, remotes });
    await recordStaffAction(db.kysely, admin, 'release-token-create', `release-token:${info.id}`, `${info.name} (${info.remotes.join(', ')})`);
    // no-store: the one answer that carries the token must not stay in any cache
    return reply.code(201).header('cache-control', 'no-store').send({ token, ...info });
  });

  scope.post<{ Params: { id: string } }>(`${STAFF_RELEASE_TOKENS_API.tokens}/:id/revoke`, async (request) => {
    const admin = adminOf(request);
    const { id } = request.params;
    if (!/^\d{1,12}$/.test(id)) throw httpError(400, 'The token id must be a number');
    if (!(await revokeReleaseToken(db.kysely, admin.email, Number(id)))) throw httpError(404, 'No such token in force');
    await recordStaffAction(db.kysely, admin, 'release-token-revoke', `release-token:${id}`);
    return { revoked: true };
  });
}
