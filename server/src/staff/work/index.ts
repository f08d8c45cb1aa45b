// The staff app's work calls (inbox, moderation, settings, export, the catalogue editor): registered by
// ../signedInRoutes.ts inside the signed-in scope, so every handler here runs with `request.staff` set and the CSRF
// check already passed. Each change writes its audit line (../audit.ts) in its own transaction. Each group of calls
// is a module of its own beside this one.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, type Database } from '../../platform/db/index.js';
import { refusalAnswer, useContracts } from '../../platform/http/contracts.js';
import { staffQuotationsPlugin, type LinkSealer } from '../../quotations/index.js';
import { siteQuoteCatalogue } from '../../quote-requests/index.js';
import { canSeeBranch } from '../access.js'; // and request.staff
import { recordStaffAction } from '../audit.js';
import { staffOf } from './callers.js';
import { StaffWorkError } from './errors.js';
import { inboxRoutes } from './inboxRoutes.js';
import { reviewModerationRoutes } from './reviewModerationRoutes.js';
import { settingsRoutes } from './settingsRoutes.js';
import { type MediaStore, staffCatalogueRoutes } from '../../catalogue/index.js';

export { INBOX_REFUSED } from './callers.js';
export type { BuyerCompanyOf } from './inboxDetail.js';
import type { BuyerCompanyOf } from './inboxDetail.js';

export interface StaffWorkOptions {
  db: Database;
  /** Wakes the outbox worker after a mail was queued again (re-send). */
  onOutboxWrite?: () => void;
  /** A product's name for the review list (the site's catalogue by default; the id when unknown). */
  productName?: (productId: string) => string;
  /** Where the catalogue editor's uploads are kept; unset, the editor takes none. */
  media?: MediaStore | undefined;
  /** QUOTATION_VALID_DAYS (its default when left out). */
  quotationValidDays?: number | undefined;
  /** CATALOGUE_SCHEDULE_POLL_SECONDS: how often due publish schedules are looked for. */
  catalogueSchedulePollMs?: number | undefined;
  /** QUOTATION_REMINDER_POLL_SECONDS: how often quotations about to expire are looked for. */
  quotationReminderPollMs?: number | undefined;
  /** The staff app's origin (the reminders' links to a quotation); undefined: not known. */
  staffOrigin?: (() => string | undefined) | undefined;
  /** Now, for the quotations' days (tests). */
  now?: (() => Date) | undefined;
  /** PUBLIC_SITE_URL: the origin of the quotation links mailed to buyers. */
  publicSiteUrl?: string | undefined;
  /** Seals the quotation links kept in the outbox (the TOTP secrets' keys). */
  linkSealer: LinkSealer;
  /** The buyers' company account of a request's address (the accounts feature's), shown on the request. */
  buyerCompanyOf?: BuyerCompanyOf | undefined;
}

const NOT_DONE = 'That could not be done right now. Please try again in a minute.';

/**
 * Bodies and query strings are checked by the schemas of @site/contracts/staff-api-schemas on each route; the role,
 * branch and address checks that refuse a call run before them (preValidation), so a call one may not make is its 403
 * or 404 whatever its body or query.
 */
export async function staffWorkRoutes(parent: FastifyInstance, options: StaffWorkOptions): Promise<void> {
  const app = useContracts(parent);
  const { db } = options;
  const productName = options.productName ?? ((id: string) => siteQuoteCatalogue().find(id)?.name ?? id);

  // Personal data: never kept by a browser or a proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler(answerWorkError);

  inboxRoutes(app, { db, onOutboxWrite: options.onOutboxWrite, buyerCompanyOf: options.buyerCompanyOf });
  reviewModerationRoutes(app, db, productName);
  // the catalogue editor (admins and the catalogue role): the catalogue feature's calls, with this scope's account and audit
  await app.register(staffCatalogueRoutes, {
    db,
    media: options.media,
    staffOf,
    recordStaffAction,
    schedulePollMs: options.catalogueSchedulePollMs,
  });
  settingsRoutes(app, db);
  // pricing a request for quotation: the quotations feature's calls, with this scope's account, branch rule and audit
  await app.register(staffQuotationsPlugin, {
    db,
    staffOf,
    canSeeBranch,
    recordStaffAction,
    validDays: options.quotationValidDays,
    now: options.now,
    publicSiteUrl: options.publicSiteUrl,
    linkSealer: options.linkSealer,
    onOutboxWrite: options.onOutboxWrite,
    reminderPollMs: options.quotationReminderPollMs,
    staffOrigin: options.staffOrigin,
  });
}

/** A refusal as {error} with its status (and a 400's problems); a failure as a 503 that says to try again. */
function answerWorkError(error: FastifyError | StaffWorkError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof StaffWorkError) return reply.code(error.statusCode).send(refusalAnswer(error));
  // a body its schema refuses, in the contracts' one formatter's words (http/contracts.ts)
  if (error.validation !== undefined) return reply.code(400).send(refusalAnswer(error));
  // a bad body (not JSON, too large...): the enclosing scope's handler words it like every staff call's
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) throw error;
  request.log.error({ err: error }, `staff work call failed: ${describeError(error)}`);
  return reply.code(503).send({ error: NOT_DONE });
}
