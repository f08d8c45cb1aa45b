// The staff app's work calls (inbox, moderation, settings, export): registered by staffRoutes.ts inside the
// signed-in scope, so every handler here runs with `request.staff` set and the CSRF check already passed.
// Each change writes its audit line (../audit.ts) in its own transaction.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { canReadInbox, STAFF_API, type InboxItemDetail, type InboxKind, type InboxPage, type ReviewPage, type StaffAccountSummary, type StaffReview, type StaffSettings } from '@site/contracts/staff-api';
import {
  inboxAssignBodySchema,
  inboxCsvQuerySchema,
  inboxNoteBodySchema,
  inboxQuerySchema,
  inboxResendBodySchema,
  inboxStatusBodySchema,
  reviewQuerySchema,
  reviewVisibilityBodySchema,
  staffSettingsSchema,
} from '@site/contracts/staff-api-schemas';
import { describeError, type Database } from '../../platform/db/index.js';
import { refusalAnswer, useContracts } from '../../platform/http/contracts.js';
import { siteQuoteCatalogue } from '../../quotes/index.js';
import '../access.js'; // request.staff
import { recordStaffAction } from '../audit.js';
import { requireJson, reviewIdParam, rowParams } from './bodies.js';
import { forbidden, StaffWorkError } from './errors.js';
import { addNote, assign, deleteSpam, resendMail, setStatus } from './inboxActions.js';
import { inboxCsvFileName, openInboxCsv } from './inboxCsv.js';
import { loadInboxDetail } from './inboxDetail.js';
import { checkBranchAsked, inboxFilters } from './inboxFilters.js';
import { listInbox } from './inboxQuery.js';
import { listReviews, setReviewVisibility } from './reviewModeration.js';
import { readSettings, writeSettings } from './settingsStore.js';
import { staffCatalogueRoutes } from './catalogue/routes.js';
import type { MediaStore } from '../../catalogue/index.js';

export interface StaffWorkOptions {
  db: Database;
  /** Wakes the outbox worker after a mail was queued again (re-send). */
  onOutboxWrite?: () => void;
  /** A product's name for the review list (the site's catalogue by default; the id when unknown). */
  productName?: (productId: string) => string;
  /** Where the catalogue editor's uploads are kept; unset, the editor takes none. */
  media?: MediaStore | undefined;
}

/** Largest body of a work call: a note at its limit, escaped, fits. */
const BODY_LIMIT = 32 * 1024;
const NOT_DONE = 'That could not be done right now. Please try again in a minute.';

type RowRoute = { Params: { kind: string; id: string } };

/** The signed-in account (the scope's preHandler sets it; without one nothing here runs). */
function staffOf(request: FastifyRequest): StaffAccountSummary {
  if (request.staff === undefined) throw new StaffWorkError(401, 'Please sign in.');
  return request.staff;
}

/** The signed-in account if it may read the inbox (the catalogue role may not), else a 403. */
function inboxReaderOf(request: FastifyRequest): StaffAccountSummary {
  const staff = staffOf(request);
  if (!canReadInbox(staff)) throw forbidden(INBOX_REFUSED);
  return staff;
}

export const INBOX_REFUSED = 'The catalogue role does not work on the inbox.';

/**
 * Bodies and query strings are checked by the schemas of @site/contracts/staff-api-schemas on each route; the role,
 * branch and address checks that refuse a call run before them (preValidation), so a call one may not make is its 403
 * or 404 whatever its body or query.
 */
export async function staffWorkRoutes(parent: FastifyInstance, options: StaffWorkOptions): Promise<void> {
  const app = useContracts(parent);
  const { db, onOutboxWrite } = options;
  const productName = options.productName ?? ((id: string) => siteQuoteCatalogue().find(id)?.name ?? id);

  // Personal data: never kept by a browser or a proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((error: FastifyError | StaffWorkError, request, reply) => {
    if (error instanceof StaffWorkError) return reply.code(error.statusCode).send(refusalAnswer(error));
    // a body its schema refuses, in the contracts' one formatter's words (http/contracts.ts)
    if (error.validation !== undefined) return reply.code(400).send(refusalAnswer(error));
    // a bad body (not JSON, too large...): the enclosing scope's handler words it like every staff call's
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) throw error;
    request.log.error({ err: error }, `staff work call failed: ${describeError(error)}`);
    return reply.code(503).send({ error: NOT_DONE });
  });

  // ---- the inbox ----
  /** Before an inbox query is checked: the inbox is the caller's, and so is the branch it names (else a 403). */
  const inboxQueryAllowed = async (request: FastifyRequest) => checkBranchAsked(inboxReaderOf(request), request.query);

  app.get(STAFF_API.inbox, { preValidation: inboxQueryAllowed, schema: { querystring: inboxQuerySchema } }, async (request): Promise<InboxPage> =>
    listInbox(db.kysely, inboxFilters(request.query, inboxReaderOf(request))),
  );

  app.get(STAFF_API.inboxCsv, { preValidation: inboxQueryAllowed, schema: { querystring: inboxCsvQuerySchema } }, async (request, reply) => {
    const staff = inboxReaderOf(request);
    const filters = inboxFilters(request.query, staff);
    const stream = await openInboxCsv(db.kysely, filters);
    // who took personal data out, and which view
    const { kinds, branch, status, fromInstant, toInstant, q } = filters;
    await db.kysely.transaction().execute((trx) => recordStaffAction(trx, staff, 'inbox.export', null, JSON.stringify({ kinds, branch, status, fromInstant, toInstant, q })));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${inboxCsvFileName()}"`)
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });

  app.get<RowRoute>(STAFF_API.inboxItem, async (request): Promise<InboxItemDetail> => {
    const { kind, id } = rowParams(request.params);
    return loadInboxDetail(db.kysely, inboxReaderOf(request), kind, id);
  });

  /** Before a row change's body is validated: the inbox is the caller's (403) and the address names a row (404). */
  const rowChangeAllowed = async (request: FastifyRequest) => {
    inboxReaderOf(request);
    rowParams(request.params as RowRoute['Params']);
  };
  /** A change to one row, its body checked by `body`: committed with its audit line, answered with the row as it is now. */
  const rowChange = <S extends z.ZodType>(url: string, body: S, change: (staff: StaffAccountSummary, kind: InboxKind, id: number, body: z.output<S>) => Promise<void>) =>
    app.post<RowRoute>(url, { bodyLimit: BODY_LIMIT, preValidation: [requireJson, rowChangeAllowed], schema: { body } }, async (request): Promise<InboxItemDetail> => {
      const staff = inboxReaderOf(request);
      const { kind, id } = rowParams(request.params);
      // the route's schema checked it (Fastify's type of a generic body does not reduce to z.output<S>)
      await change(staff, kind, id, request.body as z.output<S>);
      return loadInboxDetail(db.kysely, staff, kind, id);
    });

  rowChange(STAFF_API.inboxStatus, inboxStatusBodySchema, async (staff, kind, id, { status }) => {
    if (await setStatus(db, staff, kind, id, status)) onOutboxWrite?.();
  });
  rowChange(STAFF_API.inboxAssign, inboxAssignBodySchema, (staff, kind, id, { assigneeId }) => assign(db, staff, kind, id, assigneeId));
  rowChange(STAFF_API.inboxNote, inboxNoteBodySchema, (staff, kind, id, { text }) => addNote(db, staff, kind, id, text));
  rowChange(STAFF_API.inboxResend, inboxResendBodySchema, async (staff, kind, id, { mailId }) => {
    await resendMail(db, staff, kind, id, mailId);
    onOutboxWrite?.();
  });

  app.delete<RowRoute>(STAFF_API.inboxDelete, async (request, reply) => {
    const { kind, id } = rowParams(request.params);
    await deleteSpam(db, inboxReaderOf(request), kind, id);
    return reply.code(204).send();
  });

  // ---- reviews: admins only. A review belongs to a product, not a branch (every branch sells the whole catalogue),
  // so no branch rule could scope it; and the list carries reviewers' e-mails. ----
  const moderatorOf = (request: FastifyRequest) => {
    const staff = staffOf(request);
    if (staff.role !== 'admin') throw forbidden('Only an administrator can moderate reviews.');
    return staff;
  };

  app.get(STAFF_API.reviews, { preValidation: async (request) => void moderatorOf(request), schema: { querystring: reviewQuerySchema } }, async (request): Promise<ReviewPage> =>
    listReviews(db.kysely, { ...request.query, page: request.query.page ?? 1 }, productName),
  );

  type ReviewRoute = { Params: { id: string }; Body: z.output<typeof reviewVisibilityBodySchema> };
  const moderationAllowed = async (request: FastifyRequest) => {
    moderatorOf(request);
    reviewIdParam(request.params as ReviewRoute['Params']);
  };
  app.post<ReviewRoute>(
    STAFF_API.reviewVisibility,
    { bodyLimit: BODY_LIMIT, preValidation: [requireJson, moderationAllowed], schema: { body: reviewVisibilityBodySchema } },
    async (request): Promise<StaffReview> => setReviewVisibility(db, moderatorOf(request), reviewIdParam(request.params), request.body.hidden, productName),
  );

  // ---- the catalogue editor (admins and the catalogue role) ----
  await app.register(staffCatalogueRoutes, { db, media: options.media });

  // ---- settings ----
  app.get(STAFF_API.settings, async (request): Promise<StaffSettings> => {
    staffOf(request);
    return readSettings(db.kysely);
  });

  const settingsAdminOf = (request: FastifyRequest) => {
    const staff = staffOf(request);
    if (staff.role !== 'admin') throw forbidden('Only an administrator can change the settings.');
    return staff;
  };
  app.put(
    STAFF_API.settings,
    { bodyLimit: BODY_LIMIT, preValidation: [requireJson, async (request) => void settingsAdminOf(request)], schema: { body: staffSettingsSchema } },
    async (request): Promise<StaffSettings> => writeSettings(db, settingsAdminOf(request), request.body),
  );
}
