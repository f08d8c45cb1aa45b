// Staff sessions: kept in the database, so every process knows them and signing out ends one everywhere.
// The cookie holds 32 random bytes; the row's id is their SHA-256, so a copy of the table opens no session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { mustUseSecondFactor, type StaffSession } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';
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
  account: Pick<StaffAccountRow, 'id' | 'email' | 'role' | 'branch' | 'remotes' | 'totp_secret' | 'totp_enabled_at'>;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');
/** An instant as a timestamptz parameter (its ISO text, cast in SQL). */
const at = (ms: number) => sql<Date>`${new Date(ms).toISOString()}::timestamptz`;

/** What the browser is told about its session. */
export const sessionView = (session: Pick<LoadedSession, 'state' | 'csrfToken' | 'account'>): StaffSession => ({
  account: accountSummary(session.account),
  csrfToken: session.csrfToken,
  state: session.state,
  secondFactor: session.account.totp_enabled_at !== null,
});

/**
 * A new session for `accountId` in `state`: its cookie token (given to the browser once, never stored) and its row.
 * Expired rows are cleared on the way (sessions are created far less often than read).
 */
export async function createSession(
  db: Kysely<DatabaseSchema>,
  account: LoadedSession['account'],
  state: SessionState,
  now: number,
  times: SessionTimes,
): Promise<{ token: string; session: LoadedSession }> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', at(now)), eb('last_seen_at', '<=', at(now - times.idleMs))]))
    .execute();
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const id = sessionId(token);
  const expires = now + (state === 'active' ? times.maxMs : Math.min(PENDING_SESSION_MS, times.maxMs));
  await db
    .insertInto('staff_sessions')
    .values({
      id,
      account_id: account.id,
      state,
      csrf_token: csrfToken,
      created_at: at(now),
      last_seen_at: at(now),
      expires_at: at(expires),
    })
    .execute();
  return { token, session: { id, state, csrfToken, pendingTotpSecret: null, account } };
}

/**
 * The session a cookie token opens at `now`, marking it used; undefined when there is none, it is past its idle or
 * absolute end, or its account is disabled (which ends its sessions at once, whatever the CLI did).
 */
export async function loadSession(
  db: Kysely<DatabaseSchema>,
  token: string | undefined,
  now: number,
  times: SessionTimes,
): Promise<LoadedSession | undefined> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  // one statement: the touch and the read see the same row
  const row = await db
    .with('touched', (cte) =>
      cte
        .updateTable('staff_sessions')
        .set({ last_seen_at: at(now) })
        .where('id', '=', sessionId(token))
        .where('expires_at', '>', at(now))
        .where('last_seen_at', '>', at(now - times.idleMs))
        .returning(['id', 'account_id', 'state', 'csrf_token', 'pending_totp_secret']),
    )
    .selectFrom('touched as t')
    .innerJoin('staff_accounts as a', 'a.id', 't.account_id')
    .select([
      't.id',
      't.state',
      't.csrf_token',
      't.pending_totp_secret',
      't.account_id',
      'a.email',
      'a.role',
      'a.branch',
      'a.remotes',
      'a.totp_secret',
      'a.totp_enabled_at',
    ])
    .where((eb) => eb.not(eb.ref('a.disabled')))
    .executeTakeFirst();
  if (row === undefined) return undefined;
  // A session signed in before its role needed a second factor (or whose factor was reset since) is not signed in
  // any more: it may only set one up, as the account's next sign-in would.
  const unenrolled = row.state === 'active' && row.totp_enabled_at === null && mustUseSecondFactor({ role: row.role });
  return {
    id: row.id,
    state: unenrolled ? 'totp-setup' : row.state,
    csrfToken: row.csrf_token,
    pendingTotpSecret: row.pending_totp_secret,
    account: {
      id: row.account_id,
      email: row.email,
      role: row.role,
      branch: row.branch,
      remotes: row.remotes,
      totp_secret: row.totp_secret,
      totp_enabled_at: row.totp_enabled_at,
    },
  };
}

/** Ends a session; resolves to whether it was still there (two requests racing to replace it: one wins). */
export async function deleteSession(db: Kysely<DatabaseSchema>, id: string): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom('staff_sessions').where('id', '=', id).executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}

export async function setPendingTotpSecret(db: Kysely<DatabaseSchema>, id: string, secret: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ pending_totp_secret: secret }).where('id', '=', id).execute();
}

/** The CSRF header against the session's token, in constant time (hashes first: equal lengths whatever was sent). */
export function csrfMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
