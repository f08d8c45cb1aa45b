// Staff accounts in the database: read by the sign-in routes, written by the CLI (`npm run staff`).
import type { Kysely } from 'kysely';
import { STAFF_BRANCHES, type StaffAccountSummary, type StaffBranch } from '@site/contracts/staff-api';
import type { DatabaseSchema, Row } from '../platform/db/index.js';

/** What the sign-in and the CLI read of an account (never totp_last_step or password_changed_at). */
const COLUMNS = [
  'id',
  'email',
  'password_hash',
  'role',
  'branch',
  'remotes',
  'disabled',
  'totp_secret',
  'totp_enabled_at',
  'created_at',
  'last_sign_in_at',
] as const;

export type StaffAccountRow = Pick<Row<'staff_accounts'>, (typeof COLUMNS)[number]>;

export const accountSummary = (
  row: Pick<StaffAccountRow, 'id' | 'email' | 'role' | 'branch' | 'remotes'>,
): StaffAccountSummary => ({
  id: row.id,
  email: row.email,
  role: row.role,
  branch: row.role === 'branch' ? row.branch : null,
  // only the release role has remotes; the other roles' summaries stay as they were
  ...(row.role === 'release' ? { remotes: (row.remotes ?? '').split(',').filter(Boolean) } : {}),
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

export function findAccountByEmail(db: Kysely<DatabaseSchema>, email: string): Promise<StaffAccountRow | undefined> {
  return db
    .selectFrom('staff_accounts')
    .select(COLUMNS)
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', normaliseEmail(email)))
    .executeTakeFirst();
}

export function listAccounts(db: Kysely<DatabaseSchema>): Promise<StaffAccountRow[]> {
  return db
    .selectFrom('staff_accounts')
    .select(COLUMNS)
    .orderBy((eb) => eb.fn('lower', ['email']))
    .execute();
}

/**
 * The enabled accounts `viewer` may assign work to: everyone for an admin; for branch staff their own branch's
 * colleagues and the admins.
 */
export async function colleaguesOf(
  db: Kysely<DatabaseSchema>,
  viewer: StaffAccountSummary,
): Promise<StaffAccountSummary[]> {
  // no branch (an admin): every enabled account; the catalogue role assigns no inbox work (its route refuses it)
  const branch: StaffBranch | null = viewer.role === 'admin' ? null : viewer.branch;
  const rows = await db
    .selectFrom('staff_accounts')
    .select(COLUMNS)
    .where((eb) => eb.not(eb.ref('disabled')))
    .$if(branch !== null, (qb) => qb.where((eb) => eb.or([eb('role', '=', 'admin'), eb('branch', '=', branch)])))
    .orderBy('role')
    .orderBy((eb) => eb.fn('lower', ['email']))
    .execute();
  return rows.map(accountSummary);
}

/** Ends every session of an account (disabled, new password, second factor reset). Returns how many ended. */
export async function endSessionsOf(db: Kysely<DatabaseSchema>, accountId: number): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('staff_sessions')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}
