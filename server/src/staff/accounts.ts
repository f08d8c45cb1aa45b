// Staff accounts in the database: read by the sign-in routes, written by the CLI (`npm run staff`).
import { STAFF_BRANCHES, type StaffAccountSummary, type StaffBranch, type StaffRole } from '@site/contracts/staff-api';
import type { Queryable } from '../db/index.js';

export interface StaffAccountRow {
  id: number;
  email: string;
  password_hash: string;
  role: StaffRole;
  branch: StaffBranch | null;
  disabled: boolean;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  created_at: Date;
  last_sign_in_at: Date | null;
}

const COLUMNS = 'id, email, password_hash, role, branch, disabled, totp_secret, totp_enabled_at, created_at, last_sign_in_at';

export const accountSummary = (row: Pick<StaffAccountRow, 'id' | 'email' | 'role' | 'branch'>): StaffAccountSummary => ({
  id: row.id,
  email: row.email,
  role: row.role,
  branch: row.role === 'admin' ? null : row.branch,
});

/** E-mails are kept trimmed and in lower case, and compared so (the unique index is on lower(email) too). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A plausible address: one @, no spaces or control characters, a dot in the domain, at most 254 characters. */
export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(email);
}

/** The branch a CLI argument names ('Saudi' is short for 'Saudi Arabia'; any case), or undefined. */
export function parseBranch(raw: string): StaffBranch | undefined {
  const wanted = raw.trim().toLowerCase();
  if (wanted === 'saudi') return 'Saudi Arabia';
  return STAFF_BRANCHES.find((branch) => branch.toLowerCase() === wanted);
}

export async function findAccountByEmail(q: Queryable, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await q.query<StaffAccountRow>(`select ${COLUMNS} from staff_accounts where lower(email) = $1`, [normaliseEmail(email)]);
  return row;
}

export async function listAccounts(q: Queryable): Promise<StaffAccountRow[]> {
  return q.query<StaffAccountRow>(`select ${COLUMNS} from staff_accounts order by lower(email)`);
}

/**
 * The enabled accounts `viewer` may assign work to: everyone for an admin; for branch staff their own branch's
 * colleagues and the admins.
 */
export async function colleaguesOf(q: Queryable, viewer: StaffAccountSummary): Promise<StaffAccountSummary[]> {
  const rows = await q.query<StaffAccountRow>(
    `select ${COLUMNS} from staff_accounts
      where not disabled and ($1::text is null or role = 'admin' or branch = $1::text)
      order by role, lower(email)`,
    [viewer.role === 'admin' ? null : viewer.branch],
  );
  return rows.map(accountSummary);
}

/** Ends every session of an account (disabled, new password, second factor reset). Returns how many ended. */
export async function endSessionsOf(q: Queryable, accountId: number): Promise<number> {
  const rows = await q.query<{ id: string }>('delete from staff_sessions where account_id = $1 returning id', [accountId]);
  return rows.length;
}
