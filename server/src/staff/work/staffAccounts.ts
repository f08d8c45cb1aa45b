// What the work calls read of staff accounts (table staff_accounts, migration 005): an assignee's or a note
// author's summary, joined into a row as account_* columns.
import type { StaffAccountSummary } from '@site/contracts/staff-api';
import type { Row } from '../../platform/db/index.js';

type Account = Row<'staff_accounts'>;

/** An account joined as `a` into another row: all null when there is none. */
export interface AccountColumns {
  account_id: Account['id'] | null;
  account_email: Account['email'] | null;
  account_role: Account['role'] | null;
  account_branch: Account['branch'];
}

/** The selections that join an account aliased `a` into a row as AccountColumns. */
export const ACCOUNT_COLUMNS = [
  'a.id as account_id',
  'a.email as account_email',
  'a.role as account_role',
  'a.branch as account_branch',
] as const;

export function accountOf(row: AccountColumns): StaffAccountSummary | null {
  if (row.account_id === null || row.account_email === null || row.account_role === null) return null;
  return {
    id: row.account_id,
    email: row.account_email,
    role: row.account_role,
    branch: row.account_role === 'branch' ? row.account_branch : null,
  };
}
