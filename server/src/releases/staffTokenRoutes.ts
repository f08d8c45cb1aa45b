// The staff API's side of the remotes registry: admins make release tokens (the token is in that answer only), list
// them (no secrets) and revoke them; admins (every remote) and the release role (its own remotes) list, register,
// canary, promote and roll back remotes with the same handlers as the pipelines' API (releaseRoutes.ts). Registered inside the staff API's signed-in scope, so the session and the CSRF token on
// every change are checked there, as for every other staff call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RELEASED_REMOTES, type ReleasedRemote } from '@site/contracts/federation';
import {
  canRelease,
  STAFF_API,
  STAFF_RELEASES_PREFIX,
  type AuditFields,
  type StaffAccountSummary,
} from '@site/contracts/staff-api';
import type { Kysely } from 'kysely';
import type { Database, DatabaseSchema } from '../platform/db/index.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { releaseTokenBodySchema } from '@site/contracts/releases-api-schemas';
import type { RemoteVitalsReport, SiteVitalsReport } from '@site/contracts/vitals-api';
import type { AllowedOrigins } from './allowedOrigins.js';
import type { LiveRemotes } from './liveRemotes.js';
import { recordReleaseAction } from './registry.js';
import type { BuildStoreOptions } from './buildContent.js';
import type { VitalsHold } from './releaseCallContext.js';
import { releaseCalls, type ReleaseCaller } from './releaseRoutes.js';
import { staffActor } from './releaseActors.js';
import { createReleaseToken, listReleaseTokens, revokeReleaseToken } from './tokens.js';

export interface StaffReleasesOptions {
  /** The process's remotes, read again after a change made here. */
  liveRemotes?: LiveRemotes | undefined;
  /** A host name the site answers for, for the check of a manifest on this site. */
  siteHost?: string | undefined;
  /** The remotes whose canary is promoted only after a pinned test run passed. */
  requirePassedRun?: readonly ReleasedRemote[] | undefined;
  /** The origins a release may be registered on (allowedOrigins.ts); undefined: paths on this site only. */
  allowedOrigins?: AllowedOrigins | undefined;
  /** Where registered builds are stored and read (buildContent.ts). */
  buildStore?: BuildStoreOptions | undefined;
  /** The canary-hold rule on the field vitals (releaseCallContext.ts). */
  vitalsHold?: VitalsHold | undefined;
  /** The field vitals' reads for the console (the vitals feature's, given by app.ts); undefined: those routes 404. */
  vitalsReports?: VitalsReportsReader | undefined;
}

/** The vitals feature's reads, as app.ts gives them (features.ts): releases import no vitals code. */
export interface VitalsReportsReader {
  remote: (db: Database['kysely'], remote: string) => Promise<RemoteVitalsReport | undefined>;
  site: (db: Database['kysely']) => Promise<SiteVitalsReport>;
}

export interface StaffTokenRoutesOptions extends StaffReleasesOptions {
  db: Database;
  /** The staff API's JSON check (415 for any other body). */
  requireJson: (request: FastifyRequest) => Promise<void>;
  /** Writes a line of the staff audit log (staff/audit.ts): given by the staff routes, so releases import no staff code. */
  recordStaffAction: (
    db: Kysely<DatabaseSchema>,
    actor: StaffAccountSummary,
    action: string,
    target: string,
    detail?: string | null,
    fields?: AuditFields | null,
  ) => Promise<void>;
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
  return {
    actor: staffActor(staff.email),
    remotes: staff.role === 'admin' ? RELEASED_REMOTES : (staff.remotes ?? []),
    who: 'Your account',
    admin: staff.role === 'admin',
  };
}

/** The routes; the body's schema is checked with the scope's compilers (useContracts), after the admin check. */
export function staffReleaseTokenRoutes(scope: FastifyInstance, options: StaffTokenRoutesOptions): void {
  const { db, requireJson, recordStaffAction } = options;
  // the registry's calls for admins and the release role, as the pipelines' API has them (one set of handlers); a
  // try at another team's remote is kept in the registry's audit, as a token's is
  releaseCalls(scope, {
    ...options,
    prefix: STAFF_RELEASES_PREFIX,
    callerOf: releaserOf,
    onRefused: async (request, caller, remote) => {
      await recordReleaseAction(
        db.kysely,
        caller.actor,
        'refused',
        remote,
        `${request.method} ${request.routeOptions.url ?? request.url} → 403`,
      );
    },
  });

  // the field vitals: admins every remote's, the release role its own remotes' (and the site's pages, which every remote serves)
  const { vitalsReports } = options;
  if (vitalsReports !== undefined) {
    scope.get<{ Params: { remote: string } }>(STAFF_API.releaseVitals, async (request, reply) => {
      const caller = releaserOf(request);
      const { remote } = request.params;
      if (!(RELEASED_REMOTES as readonly string[]).includes(remote))
        throw httpError(400, `Unknown remote "${remote.slice(0, 40)}": one of ${RELEASED_REMOTES.join(', ')}`);
      if (!caller.remotes.includes(remote))
        throw httpError(
          403,
          `${caller.who} may not act on ${remote}: only on ${caller.remotes.join(', ') || 'no remote'}`,
        );
      const report = await vitalsReports.remote(db.kysely, remote);
      if (report === undefined) throw httpError(404, `${remote} is not in the registry yet`);
      return reply.header('cache-control', 'no-store').send(report);
    });
    scope.get(STAFF_API.siteVitals, async (request, reply) => {
      releaserOf(request);
      return reply.header('cache-control', 'no-store').send(await vitalsReports.site(db.kysely));
    });
  }

  scope.get(STAFF_API.releaseTokens, async (request) => {
    adminOf(request);
    return { tokens: await listReleaseTokens(db.kysely) };
  });

  const adminsOnly = async (request: FastifyRequest) => void adminOf(request);
  scope
    .withTypeProvider<ZodTypeProvider>()
    .post(
      STAFF_API.releaseTokens,
      { preValidation: [requireJson, adminsOnly], schema: { body: releaseTokenBodySchema } },
      async (request, reply) => {
        const admin = adminOf(request);
        const { body } = request;
        const scope = body.scope ?? 'release';
        const remotes = scope === 'release' ? [...new Set(body.remotes)] : [];
        const { token, info } = await createReleaseToken(db.kysely, admin.email, {
          name: body.name,
          scope,
          remotes,
          expiresInDays: body.expiresInDays,
        });
        await recordStaffAction(db.kysely, admin, 'release-token-create', `release-token:${info.id}`, null, {
          name: info.name,
          scope,
          ...(scope === 'release' ? { remotes: info.remotes.join(', ') } : {}),
        });
        // no-store: the one answer that carries the token must not stay in any cache
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ token, ...info });
      },
    );

  scope.post<{ Params: { id: string } }>(STAFF_API.releaseTokenRevoke, async (request) => {
    const admin = adminOf(request);
    const { id } = request.params;
    if (!/^\d{1,12}$/.test(id)) throw httpError(400, 'The token id must be a number');
    if (!(await revokeReleaseToken(db.kysely, admin.email, Number(id)))) throw httpError(404, 'No such token in force');
    await recordStaffAction(db.kysely, admin, 'release-token-revoke', `release-token:${id}`);
    return { revoked: true };
  });
}
