// The staff's reads of sent quotations (STAFF_QUOTATION_LINK_API): a request's revisions with their link states, the
// purchase order file a buyer attached, the orders and their CSV / workbook. Registered with the quotation calls inside
// the staff's signed-in scope (session, and the CSRF token on any change, checked before these); who may call is the
// inbox's rule: admins and branch staff, branch staff their own branch's only (403 for another's, before anything is read).
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  STAFF_QUOTATION_LINK_API,
  type QuotationLinkHistory,
  type StaffOrderList,
} from '@site/contracts/quotation-link-api';
import { ordersFileQuerySchema, quotationLinkStatesQuerySchema } from '@site/contracts/quotation-link-api-schemas';
import type { StaffAccountSummary } from '@site/contracts/staff-api';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { ANOTHER_BRANCH, forbidden, NO_QUOTATION, notFound } from '../errors.js';
import { purchaseOrderFile } from './buyerStore.js';
import { ORDERS_FILE_TYPES, ordersFile, ordersFileName } from './ordersFile.js';
import { allOrders, latestOrders, linkStatesOfRequest, type BranchScope } from './staffLinkStore.js';

export interface StaffLinkRoutesOptions {
  db: Kysely<DatabaseSchema>;
  /** The caller when they price quotations (admins and branch staff), else a 403. */
  pricerOf: (request: FastifyRequest) => StaffAccountSummary;
  canSeeBranch: (account: StaffAccountSummary, branch: string | null) => boolean;
  /** The quotation of the address, when the caller may see its branch (404 / 403). */
  quotationAllowed: (request: FastifyRequest) => Promise<void>;
  idOf: (request: FastifyRequest) => number;
  now: () => Date;
  /** Marks expired what ran past its validity (expiry.ts), before a read shows states. */
  sweepExpired: (log: FastifyBaseLogger) => Promise<void>;
}

const scopeOf = (staff: StaffAccountSummary): BranchScope =>
  staff.role === 'admin' ? { all: true } : { all: false, branch: staff.branch ?? null };

export function staffLinkRoutes(typed: ContractsApp, options: StaffLinkRoutesOptions): void {
  const { db, pricerOf, canSeeBranch, quotationAllowed, idOf } = options;
  const pricer = async (request: FastifyRequest) => {
    pricerOf(request);
  };

  typed.get(
    STAFF_QUOTATION_LINK_API.linkStates,
    { preValidation: pricer, schema: { querystring: quotationLinkStatesQuerySchema } },
    async (request): Promise<QuotationLinkHistory> => {
      const { requestId } = request.query;
      const found = await db
        .selectFrom('quote_requests')
        .select('branch')
        .where('id', '=', requestId)
        .executeTakeFirst();
      if (found === undefined) throw notFound('There is no such request for quotation');
      if (!canSeeBranch(pricerOf(request), found.branch)) throw forbidden(ANOTHER_BRANCH);
      await options.sweepExpired(request.log);
      return { quotations: await linkStatesOfRequest(db, requestId) };
    },
  );

  typed.get(STAFF_QUOTATION_LINK_API.purchaseOrder, { preValidation: quotationAllowed }, async (request, reply) => {
    const id = idOf(request);
    const file = await purchaseOrderFile(db, id);
    if (file === undefined) throw notFound('This quotation has no purchase order file');
    const row = await db.selectFrom('quotations').select('number').where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound(NO_QUOTATION);
    // the name is ours (the quotation's number), never the buyer's: nothing they typed reaches a header
    const name = `purchase-order-${(row.number ?? String(id)).replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  typed.get(
    STAFF_QUOTATION_LINK_API.orders,
    { preValidation: pricer },
    async (request): Promise<StaffOrderList> => latestOrders(db, scopeOf(pricerOf(request))),
  );

  typed.get(
    STAFF_QUOTATION_LINK_API.ordersFile,
    { preValidation: pricer, schema: { querystring: ordersFileQuerySchema } },
    async (request, reply) => {
      const { format } = request.query;
      const body = await ordersFile(format, await allOrders(db, scopeOf(pricerOf(request))));
      return reply
        .header('content-type', ORDERS_FILE_TYPES[format])
        .header('content-disposition', `attachment; filename="${ordersFileName(format, options.now())}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
