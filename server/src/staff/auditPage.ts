// The audit log as the staff app's admins read it: a page of lines, newest first (GET STAFF_API.audit).
import type { Kysely } from 'kysely';
import type { AuditPage } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';

const AUDIT_PAGE_SIZE = 50;

export async function readAuditPage(db: Kysely<DatabaseSchema>, page: number): Promise<AuditPage> {
  const { n } = await db
    .selectFrom('staff_audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE));
  const rows = await db
    .selectFrom('staff_audit_log')
    .select(['id', 'at', 'actor_email', 'action', 'target', 'detail', 'fields'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor_email,
      action: row.action,
      target: row.target,
      detail: row.detail,
      fields: row.fields,
    })),
    page,
    pageCount,
  };
}
