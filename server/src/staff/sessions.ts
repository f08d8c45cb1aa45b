// Staff sessions: kept in the database, so every process knows them and signing out ends one everywhere.
// The cookie holds 32 random bytes; the row's id is their SHA-256, so a copy of the table opens no session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StaffSession } from '@site/contracts/staff-api';
import type { Queryable } from '../db/index.js';
import { accountSummary, type StaffAccountRow } from './accounts.js';

export type SessionState = StaffSession['state'];

export interface SessionTimes {
  /** A session unused for this long has ended (STAFF_SESSION_IDLE_MINUTES). */
  idleMs: number;
  /** A signed-in session ends this long after sign-in, used or not (STAFF_SESSION_MAX_HOURS). */
  maxMs: number;
}

/** A session half-way through signing in (second factor or TOTP set-up to come) lasts at most this long. */
export const PENDING_SESSION_MS = 10 * 60_000;

export interface LoadedSession {
  id: string;
  state: SessionState;
  csrfToken: string;
  /** The secret shown by /totp/setup, waiting for its first code (/totp/confirm). */
  pendingTotpSecret: string | null;
  account: Pick<StaffAccountRow, 'id' | 'email' | 'role' | 'branch' | 'totp_secret' | 'totp_enabled_at'>;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();

/** What the browser is told about its session. */
export const sessionView = (session: Pick<LoadedSession, 'state' | 'csrfToken' | 'account'>): StaffSession => ({
  account: accountSummary(session.account),
  csrfToken: session.csrfToken,
  state: session.state,
});

/**
 * A new session for `accountId` in `state`: its cookie token (given to the browser once, never stored) and its row.
 * Expired rows are cleared on the way (sessions are created far less often than read).
 */
export async function createSession(
  q: Queryable,
  account: LoadedSession['account'],
  state: SessionState,
  now: number,
  times: SessionTimes,
): Promise<{ token: string; session: LoadedSession }> {
  await q.query('delete from staff_sessions where expires_at <= $1::timestamptz or last_seen_at <= $2::timestamptz', [iso(now), iso(now - times.idleMs)]);
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const id = sessionId(token);
  const expires = now + (state === 'active' ? times.maxMs : Math.min(PENDING_SESSION_MS, times.maxMs));
  await q.query(
    `insert into staff_sessions (id, account_id, state, csrf_token, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz, $6::timestamptz)`,
    [id, account.id, state, csrfToken, iso(now), iso(expires)],
  );
  return { token, session: { id, state, csrfToken, pendingTotpSecret: null, account } };
}

/**
 * The session a cookie token opens at `now`, marking it used; undefined when there is none, it is past its idle or
 * absolute end, or its account is disabled (which ends its sessions at once, whatever the CLI did).
 */
export async function loadSession(q: Queryable, token: string | undefined, now: number, times: SessionTimes): Promise<LoadedSession | undefined> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await q.query<{
    id: string;
    state: SessionState;
    csrf_token: string;
    pending_totp_secret: string | null;
    account_id: number;
    email: string;
    role: StaffAccountRow['role'];
    branch: StaffAccountRow['branch'];
    totp_secret: string | null;
    totp_enabled_at: Date | null;
  }>(
    `with touched as (
       update staff_sessions set last_seen_at = $2::timestamptz
        where id = $1 and expires_at > $2::timestamptz and last_seen_at > $3::timestamptz
        returning id, account_id, state, csrf_token, pending_totp_secret
     )
     select t.id, t.state, t.csrf_token, t.pending_totp_secret, t.account_id,
            a.email, a.role, a.branch, a.totp_secret, a.totp_enabled_at
       from touched t join staff_accounts a on a.id = t.account_id
      where not a.disabled`,
    [sessionId(token), iso(now), iso(now - times.idleMs)],
  );
  if (row === undefined) return undefined;
  return {
    id: row.id,
    state: row.state,
    csrfToken: row.csrf_token,
    pendingTotpSecret: row.pending_totp_secret,
    account: { id: row.account_id, email: row.email, role: row.role, branch: row.branch, totp_secret: row.totp_secret, totp_enabled_at: row.totp_enabled_at },
  };
}

/** Ends a session; resolves to whether it was still there (two requests racing to replace it: one wins). */
export async function deleteSession(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>('delete from staff_sessions where id = $1 returning id', [id]);
  return rows.length > 0;
}

export async function setPendingTotpSecret(q: Queryable, id: string, secret: string): Promise<void> {
  await q.query('update staff_sessions set pending_totp_secret = $2 where id = $1', [id, secret]);
}

/** The CSRF header against the session's token, in constant time (hashes first: equal lengths whatever was sent). */
export function csrfMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
