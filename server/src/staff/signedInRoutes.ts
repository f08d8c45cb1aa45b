// The staff API's signed-in scope, registered by staffRoutes.ts: an active session for everything in it and the CSRF
// token on every change, checked before anything else; then the calls that need no more than that (colleagues, the
// audit log), the work calls (./work/), the release tokens, and a 404 for any other /api/staff address.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canReadInbox, STAFF_API, type AuditPage } from '@site/contracts/staff-api';
import { auditQuerySchema } from '@site/contracts/staff-api-schemas';
import type { Database } from '../platform/db/index.js';
import { useContracts } from '../platform/http/contracts.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { staffReleaseTokenRoutes, type StaffReleasesOptions } from '../releases/index.js';
import type { MediaStore } from '../catalogue/index.js';
import { staffStockRoutes, type StaffStockOptions } from '../stock/index.js';
import { accountSummary, colleaguesOf } from './accounts.js';
import './access.js'; // declares request.staff
import { recordStaffAction } from './audit.js';
import { readAuditPage } from './auditPage.js';
import type { SessionGate } from './sessionGate.js';
import { MESSAGES, SAFE_METHODS } from './staffApiTerms.js';
import { staffWorkRoutes, type BuyerCompanyOf } from './work/index.js';
import type { LinkSealer } from '../quotations/index.js';

export interface SignedInScopeOptions {
  db: Database;
  /** The buyers' company account of a request's address (the accounts feature's), shown on the request. */
  buyerCompanyOf?: BuyerCompanyOf | undefined;
  /** A page of the buyers' accounts' log (the accounts feature's), for admins beside the staff's own. */
  buyerAuditPage?: ((page: number) => Promise<AuditPage>) | undefined;
  gate: SessionGate;
  /** The staff API's JSON check of a body (415 for any other). */
  requireJson: (request: FastifyRequest) => Promise<void>;
  /** Wakes the outbox worker (the work routes' re-send). */
  onOutboxWrite?: (() => void) | undefined;
  /** Where the catalogue editor's uploads are kept; unset, the editor takes none. */
  media?: MediaStore | undefined;
  /** The remotes registry's calls for admins, and release tokens. */
  releases?: StaffReleasesOptions | undefined;
  /** QUOTATION_VALID_DAYS. */
  quotationValidDays?: number | undefined;
  /** CATALOGUE_SCHEDULE_POLL_SECONDS. */
  catalogueSchedulePollMs?: number | undefined;
  /** QUOTATION_REMINDER_POLL_SECONDS. */
  quotationReminderPollMs?: number | undefined;
  /** The staff app's origin (the quotation reminders' links). */
  staffOrigin?: (() => string | undefined) | undefined;
  /** PUBLIC_SITE_URL: the origin of the quotation links mailed to buyers. */
  publicSiteUrl?: string | undefined;
  /** Seals the quotation links kept in the outbox (the TOTP secrets' keys). */
  linkSealer: LinkSealer;
  /** The stock feeds' list (admins); unset: STOCK_FEED_STALE_MINUTES' default. */
  stock?: StaffStockOptions | undefined;
}

/** STOCK_FEED_STALE_MINUTES' default (platform/config.ts), for an app assembled without the setting (tests). */
const STOCK_STALE_DEFAULT_MINUTES = 120;

export async function signedInRoutes(signedIn: FastifyInstance, options: SignedInScopeOptions): Promise<void> {
  const { db, gate, requireJson } = options;
  const scope = useContracts(signedIn);
  // onRequest: before the body is read, so nothing of an unauthenticated request is parsed
  scope.addHook('onRequest', async (request) => {
    const session = await gate.requireSession(request, ['active'], !SAFE_METHODS.has(request.method));
    request.staff = accountSummary(session.account);
  });

  // whom inbox work can be assigned to: an inbox call, refused to the catalogue role with the rest of the inbox
  scope.get(STAFF_API.accounts, async (request) => {
    const staff = staffOf(request);
    if (!canReadInbox(staff)) throw httpError(403, MESSAGES.noInbox);
    return { accounts: await colleaguesOf(db.kysely, staff) };
  });

  scope.get(
    STAFF_API.audit,
    { preValidation: adminsOnly, schema: { querystring: auditQuerySchema } },
    async (request): Promise<AuditPage> => readAuditPage(db.kysely, request.query.page ?? 1),
  );
  // the buyers' log is the accounts feature's: a staff API built without it (some tests) has no such route
  const buyerAuditPage = options.buyerAuditPage;
  if (buyerAuditPage !== undefined)
    scope.get(
      STAFF_API.buyerAudit,
      { preValidation: adminsOnly, schema: { querystring: auditQuerySchema } },
      async (request): Promise<AuditPage> => buyerAuditPage(request.query.page ?? 1),
    );

  await scope.register(staffWorkRoutes, {
    db,
    onOutboxWrite: options.onOutboxWrite,
    media: options.media,
    quotationValidDays: options.quotationValidDays,
    catalogueSchedulePollMs: options.catalogueSchedulePollMs,
    quotationReminderPollMs: options.quotationReminderPollMs,
    staffOrigin: options.staffOrigin,
    publicSiteUrl: options.publicSiteUrl,
    linkSealer: options.linkSealer,
    buyerCompanyOf: options.buyerCompanyOf,
  });
  // release tokens of deployment pipelines (admins): the registry's, with this scope's session and CSRF checks
  staffReleaseTokenRoutes(scope, { db, requireJson, recordStaffAction, ...options.releases });
  // the ERP's stock feeds (admins)
  staffStockRoutes(scope, { db, staleMinutes: options.stock?.staleMinutes ?? STOCK_STALE_DEFAULT_MINUTES });

  // Any other /api/staff address or method is answered here, after the hook above: 401 without a session (nothing
  // tells which addresses exist), 403 for a change without the token, else 404. (Without it a GET would reach the
  // static files' catch-all and a 404 would say the address is not there before anyone signed in.)
  scope.all('/api/staff', async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
  scope.all('/api/staff/*', async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
}

/** request.staff inside the signed-in scope (its hook set it, or the request never got here). */
function staffOf(request: FastifyRequest) {
  if (request.staff === undefined) throw httpError(401, MESSAGES.signIn);
  return request.staff;
}

async function adminsOnly(request: FastifyRequest): Promise<void> {
  if (staffOf(request).role !== 'admin') throw httpError(403, MESSAGES.adminsOnly);
}
