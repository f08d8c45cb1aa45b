// The ERP's orders: GET /api/orders?since=<cursor> with an `orders` token (Authorization: Bearer srt_…), the scope a
// release or stock token lacks (403, as theirs refuse an orders token). Each page holds the orders after the cursor,
// oldest first, and the cursor to give next: an order's id, handed out under a table lock when it is made, so ids
// become visible in their order and every order is in exactly one page of a cursor's chain.
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  ORDERS_API,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderLine,
  type OrdersPage,
} from '@site/contracts/quotation-link-api';
import { ordersQuerySchema } from '@site/contracts/quotation-link-api-schemas';
import type { QuotationCurrency } from '@site/contracts/quotations-api';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.js';
import { refusalAnswer, useContracts } from '../../platform/http/contracts.js';
import { requirePipelineToken } from '../../releases/index.js';
import { formatAmount } from '@site/contracts/quotation-money';

export interface OrderRoutesOptions {
  db: Database;
}

export async function orderRoutes(parent: FastifyInstance, { db }: OrderRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', requirePipelineToken(db.kysely, 'orders'));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.validation !== undefined) return reply.code(400).send(refusalAnswer(error));
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ error: error.message });
    throw error;
  });

  app.get(ORDERS_API.orders, { schema: { querystring: ordersQuerySchema } }, async (request): Promise<OrdersPage> => {
    const since = request.query.since ?? '0';
    const rows = await db.kysely
      .selectFrom('orders')
      .select([
        sql<string>`id::text`.as('id'),
        'quotation_number',
        'request_reference',
        'branch',
        'currency',
        sql<string>`subtotal_minor::text`.as('subtotal'),
        sql<string>`vat_minor::text`.as('vat'),
        sql<string>`total_minor::text`.as('total'),
        'buyer_company',
        'buyer_email',
        'accepted_by_name',
        'accepted_by_position',
        'po_number',
        'has_po_file',
        'lines',
        'created_at',
      ])
      .where(sql<boolean>`id > ${since}::bigint`)
      .orderBy('id')
      .limit(ORDERS_PAGE_SIZE + 1)
      .execute();
    const page = rows.slice(0, ORDERS_PAGE_SIZE);
    const orders = page.map((row): Order => {
      const currency = row.currency as QuotationCurrency;
      return {
        id: row.id,
        quotationNumber: row.quotation_number,
        requestReference: row.request_reference,
        branch: row.branch,
        currency,
        subtotal: formatAmount(BigInt(row.subtotal), currency),
        vat: formatAmount(BigInt(row.vat), currency),
        total: formatAmount(BigInt(row.total), currency),
        buyer: {
          company: row.buyer_company,
          email: row.buyer_email,
          acceptedBy: row.accepted_by_name,
          position: row.accepted_by_position,
        },
        poNumber: row.po_number,
        hasPoFile: row.has_po_file,
        lines: (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as OrderLine[],
        createdAt: row.created_at.toISOString(),
      };
    });
    return { orders, next: orders.at(-1)?.id ?? since, more: rows.length > ORDERS_PAGE_SIZE };
  });
}
