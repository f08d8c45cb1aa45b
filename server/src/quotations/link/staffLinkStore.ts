// What staff read of the quotations after they are sent: each revision's link state (the buyer's view, changes asked,
// acceptance, expiry, the revision that replaced it), the accepted quotations' orders, and their files. Who may read
// which branch is the caller's (staffLinkRoutes.ts): here the queries, given the branch they are kept to.
import { sql, type Kysely } from 'kysely';
import { STAFF_ORDERS_PAGE_SIZE, type QuotationLinkState, type StaffOrder } from '@site/contracts/quotation-link-api';
import type { QuotationCurrency } from '@site/contracts/quotations-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { formatAmount } from '@site/contracts/quotation-money';
import { documentTotalSql } from '../documentTotalSql.js';

type Db = Kysely<DatabaseSchema>;

const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

/** The sent revisions of a request's quotation, newest first, each with what its buyer did. */
export async function linkStatesOfRequest(db: Db, requestId: number): Promise<QuotationLinkState[]> {
  const rows = await db
    .selectFrom('quotations as q')
    .leftJoin('quotation_acceptances as a', 'a.quotation_id', 'q.id')
    .select([
      'q.id',
      'q.number',
      'q.revision',
      'q.state',
      'q.currency',
      'q.sent_at',
      'q.sent_by_email',
      'q.viewed_at',
      sql<string>`to_char(q.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      documentTotalSql('q').as('total'),
      'a.name as accepted_name',
      'a.position as accepted_position',
      'a.po_number',
      sql<boolean>`a.po_file is not null`.as('po_file'),
      'a.accepted_at',
      sql<Date | null>`(select min(g.at) from staff_audit_log g where g.target = 'quotation:' || q.id::text and g.action = 'quotation.expire')`.as(
        'expired_at',
      ),
      sql<
        string | null
      >`(select n.number from quotations n where n.previous_id = q.id and n.state <> 'draft' order by n.id limit 1)`.as(
        'next_number',
      ),
      sql<Date | null>`(select n.sent_at from quotations n where n.previous_id = q.id and n.state <> 'draft' order by n.id limit 1)`.as(
        'next_sent_at',
      ),
    ])
    .where('q.request_id', '=', requestId)
    .where('q.state', '<>', 'draft')
    .orderBy('q.revision', 'desc')
    .orderBy('q.id', 'desc')
    .execute();
  const ids = rows.map((row) => row.id);
  const changes =
    ids.length === 0
      ? []
      : await db
          .selectFrom('quotation_change_requests')
          .select(['quotation_id', 'message', 'asked_at'])
          .where('quotation_id', 'in', ids)
          .orderBy('id')
          .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    number: row.number ?? '',
    revision: row.revision,
    state: row.state,
    currency: row.currency,
    total: formatAmount(BigInt(row.total), row.currency),
    sentAt: iso(row.sent_at) ?? '',
    sentBy: row.sent_by_email,
    validUntil: row.valid_until,
    viewedAt: iso(row.viewed_at),
    changes: changes
      .filter((change) => Number(change.quotation_id) === Number(row.id))
      .map((change) => ({ message: change.message, askedAt: iso(change.asked_at) ?? '' })),
    acceptance:
      row.accepted_name === null || row.accepted_at === null
        ? null
        : {
            name: row.accepted_name,
            position: row.accepted_position ?? '',
            poNumber: row.po_number,
            poFile: row.po_file,
            acceptedAt: iso(row.accepted_at) ?? '',
          },
    expiredAt: iso(row.expired_at),
    supersededBy:
      row.next_number === null || row.next_sent_at === null
        ? null
        : { number: row.next_number, sentAt: iso(row.next_sent_at) ?? '' },
  }));
}

/** Orders of one branch, or of all (`branch` undefined: an admin). */
export type BranchScope = { all: true } | { all: false; branch: string | null };

interface OrderRow {
  id: string;
  quotation_id: number;
  request_id: number;
  created_at: Date;
  request_reference: string;
  quotation_number: string;
  buyer_company: string;
  branch: string;
  currency: string;
  total: string;
  po_number: string | null;
  has_po_file: boolean;
}

function ordersQuery(db: Db, scope: BranchScope) {
  const query = db
    .selectFrom('orders')
    .select([
      sql<string>`id::text`.as('id'),
      'quotation_id',
      'request_id',
      'created_at',
      'request_reference',
      'quotation_number',
      'buyer_company',
      'branch',
      'currency',
      sql<string>`total_minor::text`.as('total'),
      'po_number',
      'has_po_file',
    ])
    .orderBy('id', 'desc');
  // branch staff without a branch see none (as the inbox: rows of no known branch are admins' only)
  if (scope.all) return query;
  return scope.branch === null ? query.where(sql<boolean>`false`) : query.where('branch', '=', scope.branch);
}

const orderOf = (row: OrderRow): StaffOrder => ({
  id: row.id,
  quotationId: Number(row.quotation_id),
  requestId: Number(row.request_id),
  createdAt: new Date(row.created_at).toISOString(),
  requestReference: row.request_reference,
  quotationNumber: row.quotation_number,
  buyerCompany: row.buyer_company,
  branch: row.branch,
  currency: row.currency as QuotationCurrency,
  total: formatAmount(BigInt(row.total), row.currency as QuotationCurrency),
  poNumber: row.po_number,
  hasPoFile: row.has_po_file,
});

/** The newest orders the scope sees (a page's worth), and whether there are more. */
export async function latestOrders(db: Db, scope: BranchScope): Promise<{ orders: StaffOrder[]; more: boolean }> {
  const rows = (await ordersQuery(db, scope)
    .limit(STAFF_ORDERS_PAGE_SIZE + 1)
    .execute()) as OrderRow[];
  return { orders: rows.slice(0, STAFF_ORDERS_PAGE_SIZE).map(orderOf), more: rows.length > STAFF_ORDERS_PAGE_SIZE };
}

/** The most orders a file holds (far more than branches accept in years; a file past it says so in its last row). */
export const ORDERS_FILE_MAX = 50_000;

/** Every order the scope sees, newest first, for a file. */
export async function allOrders(db: Db, scope: BranchScope): Promise<StaffOrder[]> {
  const rows = (await ordersQuery(db, scope).limit(ORDERS_FILE_MAX).execute()) as OrderRow[];
  return rows.map(orderOf);
}
