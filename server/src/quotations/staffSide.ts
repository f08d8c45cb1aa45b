// What the quotation calls take from the staff feature, which registers them inside its signed-in scope (session,
// CSRF token and cross-site refusal checked before they run): who is calling, the branch rule, the audit log. Passed
// in as functions, so the rule stays in one place (staff/access.ts) and this feature imports nothing of that one.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditFields, StaffAccountSummary } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';

export type StaffActor = Pick<StaffAccountSummary, 'id' | 'email'>;

/** Writes one audit line in the change's transaction (staff/audit.ts). */
export type RecordStaffAction = (
  db: Kysely<DatabaseSchema>,
  actor: StaffActor | null,
  action: string,
  target: string | null,
  detail?: string | null,
  fields?: AuditFields | null,
) => Promise<void>;

export interface StaffSide {
  /** The signed-in account of a request of the scope (the scope's hook set it; a 401 without one). */
  staffOf: (request: FastifyRequest) => StaffAccountSummary;
  /** Whether the account may see a row of this branch (admins: every one; branch staff: their own). */
  canSeeBranch: (account: StaffAccountSummary, branch: string | null) => boolean;
  recordStaffAction: RecordStaffAction;
}
