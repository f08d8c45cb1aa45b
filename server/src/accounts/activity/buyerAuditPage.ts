// The buyers' accounts' log as the staff app's admins read it, beside the staff's own (GET STAFF_API.buyerAudit): a
// page of events, newest first, each as an audit entry: the buyer's address as its actor, `buyer.<kind>` its action,
// a company change's domain or colleague its target, the device its detail.
import type { Kysely } from 'kysely';
import type { AuditPage } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../../platform/db/index.js';

const BUYER_AUDIT_PAGE_SIZE = 50;

export async function readBuyerAuditPage(db: Kysely<DatabaseSchema>, page: number): Promise<AuditPage> {
  const { n } = await db
    .selectFrom('buyer_account_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(n) / BUYER_AUDIT_PAGE_SIZE));
  const rows = await db
    .selectFrom('buyer_account_events')
    .select(['id', 'at', 'email', 'kind', 'detail', 'device'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(BUYER_AUDIT_PAGE_SIZE)
    .offset((page - 1) * BUYER_AUDIT_PAGE_SIZE)
    .execute();
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      actor: row.email,
      action: `buyer.${row.kind}`,
      target: row.detail === '' ? null : row.detail,
      detail: row.device === '' ? null : row.device,
      fields: null,
    })),
    page,
    pageCount,
  };
}
