// The audit log of staff actions: who did what to which row, when. Written in the same transaction as
// the change it records, so an acknowledged change always has its line and a rolled-back one never does.
import type { Kysely } from 'kysely';
import type { AuditFields, StaffAccountSummary } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';

/**
 * One line of the log. `actor` is null for what no account did (a failed sign-in names the e-mail tried in `fields`
 * instead). `target` names the row ('contact:12', 'review:7', 'account:3'); `detail` is the server's own plain text.
 * Any value that came from outside the server (an e-mail or address of a request, a name someone typed) goes in
 * `fields`, under its name, never into `detail`: joined into a sentence it could pass for more of the line.
 */
export async function recordStaffAction(
  db: Kysely<DatabaseSchema>,
  actor: Pick<StaffAccountSummary, 'id' | 'email'> | null,
  action: string,
  target: string | null,
  detail: string | null = null,
  fields: AuditFields | null = null,
): Promise<void> {
  await db
    .insertInto('staff_audit_log')
    .values({
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      action,
      target,
      detail,
      fields: fields === null ? null : JSON.stringify(fields),
    })
    .execute();
}
