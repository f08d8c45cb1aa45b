// What the work calls read of staff accounts (table staff_accounts, migration 005): an assignee's or a note
// author's summary, joined into a row as account_* columns.
import type { StaffAccountSummary, StaffBranch, StaffRole } from '@site/contracts/staff-api';

/** An account joined as `a` into another row: all null when there is none. */
export interface AccountColumns {
  account_id: number | null;
  account_email: string | null;
  account_role: StaffRole | null;
  account_branch: StaffBranch | null;
}

export const ACCOUNT_COLUMNS = 'a.id as account_id, a.email as account_email, a.role as account_role, a.branch as account_branch';

export function accountOf(row: AccountColumns): StaffAccountSummary | null {
  if (row.account_id === null || row.account_email === null || row.account_role === null) return null;
  return { id: row.account_id, email: row.account_email, role: row.account_role, branch: row.account_role === 'admin' ? null : row.account_branch };
}
