// The staff app's access: sign-in with a password and, for admins (and anyone who set one up), a TOTP
// second factor; server-side sessions in the database; CSRF tokens; the failed sign-in lockout; the audit log; and
// the signed-in scope every other staff call lives in (./work/). Addresses and shapes: @site/contracts/staff-api.
// This file puts them together; each group of routes is a module of its own beside it.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { describeError, type Database, type DatabaseSchema } from '../platform/db/index.js';
import { isCrossSite } from '../platform/http/crossSite.js';
import { useContracts, type ContractsApp } from '../platform/http/contracts.js';
import { httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { registerRequestClient } from '../platform/http/requestClient.js';
import type { StaffReleasesOptions } from '../releases/index.js';
import type { StaffStockOptions } from '../stock/index.js';
import { databaseFailureCounter, redisFailureCounter, type FailureCounter } from './lockout.js';
import { passwordSignInRoute } from './passwordSignIn.js';
import { secondFactorRoute } from './secondFactorSignIn.js';
import { SessionGate } from './sessionGate.js';
import { sessionRoutes } from './sessionRoutes.js';
import { signedInRoutes } from './signedInRoutes.js';
import type { SignInContext } from './signInContext.js';
import { MESSAGES, SAFE_METHODS, STAFF_BODY_LIMIT } from './staffApiTerms.js';
import { totpRoutes } from './totpRoutes.js';
import { LINK_SEAL_PURPOSE } from '../quotations/index.js';
import { resealTotpSecrets, totpSecretBoxOf, type TotpKey, type TotpSecretBox } from './totpSecrets.js';
import type { MediaStore } from '../catalogue/index.js';
import type { BuyerCompanyOf } from './work/index.js';
import type { AuditPage } from '@site/contracts/staff-api';

export { MESSAGES, SESSION_COOKIE, STAFF_BODY_LIMIT } from './staffApiTerms.js';

export interface StaffRoutesOptions {
  db: Database;
  /** The buyers' company account of a request's address (the accounts feature's), shown on the request. */
  buyerCompanyOf?: BuyerCompanyOf | undefined;
  /** A page of the buyers' accounts' log (the accounts feature's), for admins beside the staff's own. */
  buyerAuditPage?: ((page: number) => Promise<AuditPage>) | undefined;
  /** Prefix of the lockout's Redis keys (tests use their own). */
  redisNamespace?: string;
  /** Wakes the outbox worker (the work routes' re-send). */
  onOutboxWrite?: (() => void) | undefined;
  /** STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS. */
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** STAFF_TOTP_KEYS; when undefined, the key kept in totpKeyFile (made on first start). */
  totpKeys: readonly TotpKey[] | undefined;
  totpKeyFile: string;
  /** PUBLIC_SITE_URL: the base of the buyers' quotation links the staff send. */
  publicSiteUrl?: string | undefined;
  /** The staff app's origin (platform/http/staffSurface.ts): a change whose Origin is another is refused; undefined: the request's own. */
  staffOrigin?: (() => string | undefined) | undefined;
  /** Where the catalogue editor's uploads are kept (DATA_DIR/catalogue-media); unset, the editor takes none. */
  media?: MediaStore | undefined;
  /** The remotes registry's live remotes and the site's host (releases/): its calls for admins, and release tokens. */
  releases?: StaffReleasesOptions | undefined;
  /** QUOTATION_VALID_DAYS: how long a new quotation is valid (quotations/). */
  quotationValidDays?: number | undefined;
  /** CATALOGUE_SCHEDULE_POLL_SECONDS: how often due publish schedules are looked for (catalogue/staff/schedule/). */
  catalogueSchedulePollMs?: number | undefined;
  /** QUOTATION_REMINDER_POLL_SECONDS: how often quotations about to expire are looked for (quotations/reminders/). */
  quotationReminderPollMs?: number | undefined;
  /** The stock feeds' list (stock/): when a feed is late. */
  stock?: StaffStockOptions | undefined;
}

/**
 * Registers every /api/staff/* address. Register it with app.register (its hooks, error handler and body parser
 * stay inside it). Bodies and queries are checked by the schemas of @site/contracts/staff-api-schemas on each route;
 * who may call is checked before them (onRequest or preValidation hooks), so a request without the right session,
 * role or CSRF token is its 401 or 403 whatever it sends.
 */
export async function staffRoutes(parent: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  registerRequestClient(app); // the sign-in lockout counts request.client
  const db = options.db.kysely;
  const gate = new SessionGate(db, {
    idleMs: options.sessionIdleMinutes * 60_000,
    maxMs: options.sessionMaxHours * 3_600_000,
  });
  const failures = failureCounterOf(app, db, options.redisNamespace);
  const requireJson = useJsonEndpoint(app, {
    bodyLimit: STAFF_BODY_LIMIT,
    what: 'the request',
    emptyHint: 'send a JSON object',
  });
  const secrets = await totpSecretBoxOf(options.totpKeys, options.totpKeyFile);
  resealTotpSecretsAtStart(app, db, secrets);
  refuseCachingAndCrossSite(app, options.staffOrigin);

  const signIn: SignInContext = { db, gate, failures, secrets, requireJson };
  passwordSignInRoute(app, signIn);
  secondFactorRoute(app, signIn);
  sessionRoutes(app, signIn);
  totpRoutes(app, signIn);

  const { onOutboxWrite, media, releases, quotationValidDays, stock } = options;
  await app.register(signedInRoutes, {
    db: options.db,
    gate,
    requireJson,
    onOutboxWrite,
    media,
    releases,
    quotationValidDays,
    catalogueSchedulePollMs: options.catalogueSchedulePollMs,
    quotationReminderPollMs: options.quotationReminderPollMs,
    staffOrigin: options.staffOrigin,
    stock,
    publicSiteUrl: options.publicSiteUrl,
    linkSealer: secrets.forPurpose(LINK_SEAL_PURPOSE),
    buyerCompanyOf: options.buyerCompanyOf,
    buyerAuditPage: options.buyerAuditPage,
  });
}

/** The lockout's counters: in the app's Redis (http/redis.ts) when REDIS_URL is set, so that every process counts together. */
function failureCounterOf(
  app: ContractsApp,
  db: Kysely<DatabaseSchema>,
  redisNamespace: string | undefined,
): FailureCounter {
  const inDatabase = databaseFailureCounter(db);
  return app.redis === undefined
    ? inDatabase
    : redisFailureCounter(app.redis, redisNamespace ?? 'site-staff-sign-in-', inDatabase, app.log);
}

/** At start, not per request; a server that starts with its database down still starts (the next start re-seals). */
function resealTotpSecretsAtStart(app: ContractsApp, db: Kysely<DatabaseSchema>, secrets: TotpSecretBox): void {
  app.addHook('onReady', async () => {
    try {
      const resealed = await resealTotpSecrets(db, secrets);
      if (resealed > 0) app.log.info(`staff: ${resealed} TOTP secret(s) sealed under the current key`);
    } catch (error) {
      app.log.warn(
        `staff: the TOTP secrets could not be re-sealed at start (${describeError(error)}); the next start tries again`,
      );
    }
  });
}

/** Every answer, errors included: never kept by a browser or proxy; and no change asked from another site. */
function refuseCachingAndCrossSite(app: ContractsApp, staffOrigin: (() => string | undefined) | undefined): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, staffOrigin?.()))
      throw httpError(403, MESSAGES.crossSite);
  });
}
