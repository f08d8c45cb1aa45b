// The inbox's calls (STAFF_API.inbox*): its pages and CSV export, a row's detail, the changes to a row (status,
// assignee, note, mail re-sent) and the deletion of spam. Refused to the catalogue role; branch staff see their own
// branch's rows (../access.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  STAFF_API,
  type InboxItemDetail,
  type InboxKind,
  type InboxPage,
  type StaffAccountSummary,
} from '@site/contracts/staff-api';
import {
  inboxAssignBodySchema,
  inboxCsvQuerySchema,
  inboxNoteBodySchema,
  inboxQuerySchema,
  inboxResendBodySchema,
  inboxStatusBodySchema,
} from '@site/contracts/staff-api-schemas';
import type { Database } from '../../platform/db/index.js';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { recordStaffAction } from '../audit.js';
import { requireJson, rowParams, WORK_BODY_LIMIT } from './bodies.js';
import { inboxReaderOf } from './callers.js';
import { addNote, assign, deleteSpam, resendMail, setStatus } from './inboxActions.js';
import { inboxCsvFileName, openInboxCsv } from './inboxCsv.js';
import { loadInboxDetail, type BuyerCompanyOf } from './inboxDetail.js';
import { checkBranchAsked, inboxFilters, type InboxFilters } from './inboxFilters.js';
import { listInbox } from './inboxQuery.js';

export interface InboxRoutesOptions {
  db: Database;
  /** The buyers' company account of a request's address, shown on the request. */
  buyerCompanyOf?: BuyerCompanyOf | undefined;
  /** Wakes the outbox worker after a mail was queued again. */
  onOutboxWrite?: (() => void) | undefined;
}

type RowRoute = { Params: { kind: string; id: string } };

/** Before an inbox query is checked: the inbox is the caller's, and so is the branch it names (else a 403). */
const inboxQueryAllowed = async (request: FastifyRequest) => checkBranchAsked(inboxReaderOf(request), request.query);

export function inboxRoutes(app: ContractsApp, { db, onOutboxWrite, buyerCompanyOf }: InboxRoutesOptions): void {
  app.get(
    STAFF_API.inbox,
    { preValidation: inboxQueryAllowed, schema: { querystring: inboxQuerySchema } },
    async (request): Promise<InboxPage> => listInbox(db.kysely, inboxFilters(request.query, inboxReaderOf(request))),
  );

  app.get(
    STAFF_API.inboxCsv,
    { preValidation: inboxQueryAllowed, schema: { querystring: inboxCsvQuerySchema } },
    async (request, reply) => {
      const staff = inboxReaderOf(request);
      return sendInboxCsv(db, reply, staff, inboxFilters(request.query, staff));
    },
  );

  app.get<RowRoute>(STAFF_API.inboxItem, async (request): Promise<InboxItemDetail> => {
    const { kind, id } = rowParams(request.params);
    return loadInboxDetail(db.kysely, inboxReaderOf(request), kind, id, buyerCompanyOf);
  });

  inboxRowChangeRoutes(app, db, onOutboxWrite, buyerCompanyOf);

  app.delete<RowRoute>(STAFF_API.inboxDelete, async (request, reply) => {
    const { kind, id } = rowParams(request.params);
    await deleteSpam(db, inboxReaderOf(request), kind, id);
    return reply.code(204).send();
  });
}

/** The inbox view `filters` as a CSV file, its export written to the audit log first. */
async function sendInboxCsv(db: Database, reply: FastifyReply, staff: StaffAccountSummary, filters: InboxFilters) {
  const stream = await openInboxCsv(db.kysely, filters);
  // who took personal data out, and which view
  const { kinds, branch, status, fromInstant, toInstant, q } = filters;
  await db.kysely
    .transaction()
    .execute((trx) =>
      recordStaffAction(
        trx,
        staff,
        'inbox.export',
        null,
        JSON.stringify({ kinds, branch, status, fromInstant, toInstant, q }),
      ),
    );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${inboxCsvFileName()}"`)
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

/** Before a row change's body is validated: the inbox is the caller's (403) and the address names a row (404). */
const rowChangeAllowed = async (request: FastifyRequest) => {
  inboxReaderOf(request);
  rowParams(request.params as RowRoute['Params']);
};

/** The changes to one row: each committed with its audit line, answered with the row as it is now. */
function inboxRowChangeRoutes(
  app: ContractsApp,
  db: Database,
  onOutboxWrite: (() => void) | undefined,
  buyerCompanyOf: BuyerCompanyOf | undefined,
): void {
  const rowChange = <S extends z.ZodType>(
    url: string,
    body: S,
    change: (staff: StaffAccountSummary, kind: InboxKind, id: number, body: z.output<S>) => Promise<void>,
  ) =>
    app.post<RowRoute>(
      url,
      { bodyLimit: WORK_BODY_LIMIT, preValidation: [requireJson, rowChangeAllowed], schema: { body } },
      async (request): Promise<InboxItemDetail> => {
        const staff = inboxReaderOf(request);
        const { kind, id } = rowParams(request.params);
        // the route's schema checked it (Fastify's type of a generic body does not reduce to z.output<S>)
        await change(staff, kind, id, request.body as z.output<S>);
        return loadInboxDetail(db.kysely, staff, kind, id, buyerCompanyOf);
      },
    );

  rowChange(STAFF_API.inboxStatus, inboxStatusBodySchema, async (staff, kind, id, { status }) => {
    if (await setStatus(db, staff, kind, id, status)) onOutboxWrite?.();
  });
  rowChange(STAFF_API.inboxAssign, inboxAssignBodySchema, (staff, kind, id, { assigneeId }) =>
    assign(db, staff, kind, id, assigneeId),
  );
  rowChange(STAFF_API.inboxNote, inboxNoteBodySchema, (staff, kind, id, { text }) =>
    addNote(db, staff, kind, id, text),
  );
  rowChange(STAFF_API.inboxResend, inboxResendBodySchema, async (staff, kind, id, { mailId }) => {
    await resendMail(db, staff, kind, id, mailId);
    onOutboxWrite?.();
  });
}
