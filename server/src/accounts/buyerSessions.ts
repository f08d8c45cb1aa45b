// Buyers' sessions, kept in the database as the staff's are (staff/sessions.ts): every process knows them, the cookie
// holds 32 random bytes and the row's id is their SHA-256, so a copy of the table opens no session. A session ends
// after BUYER_SESSION_IDLE_MS unused or BUYER_SESSION_MAX_MS after sign-in, and on the account page at the buyer's word.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { newToken, sqlInstant, tokenHash, TOKEN_PATTERN } from './accountTokens.js';

export const BUYER_SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const BUYER_SESSION_MAX_MS = 30 * 24 * 60 * 60_000;

export interface BuyerSession {
  id: string;
  accountId: number;
  email: string;
  csrfToken: string;
}

export interface BuyerSessionListing {
  id: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The account of a verified address, made at its first sign-in; its last sign-in set to `now`. */
export async function accountOfAddress(db: Kysely<DatabaseSchema>, email: string, now: number): Promise<number> {
  const row = await db
    .insertInto('buyer_accounts')
    .values({ email, last_sign_in_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.column('email').doUpdateSet({ last_sign_in_at: new Date(now).toISOString() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An account signed in to by other means than its address (a passkey): its last sign-in set to `now`; its address. */
export async function markAccountSignIn(db: Kysely<DatabaseSchema>, accountId: number, now: number): Promise<string> {
  const row = await db
    .updateTable('buyer_accounts')
    .set({ last_sign_in_at: new Date(now).toISOString() })
    .where('id', '=', accountId)
    .returning('email')
    .executeTakeFirstOrThrow();
  return row.email;
}

/** A new session of `accountId`: its cookie token (given once, never stored). Ended rows are cleared on the way. */
export async function createBuyerSession(
  db: Kysely<DatabaseSchema>,
  accountId: number,
  userAgent: string,
  now: number,
): Promise<string> {
  await db
    .deleteFrom('buyer_sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', sqlInstant(now)),
        eb('last_seen_at', '<=', sqlInstant(now - BUYER_SESSION_IDLE_MS)),
      ]),
    )
    .execute();
  const token = newToken();
  await db
    .insertInto('buyer_sessions')
    .values({
      id: tokenHash(token),
      account_id: accountId,
      csrf_token: newToken(),
      user_agent: userAgent.slice(0, 200),
      created_at: sqlInstant(now),
      last_seen_at: sqlInstant(now),
      expires_at: sqlInstant(now + BUYER_SESSION_MAX_MS),
    })
    .execute();
  return token;
}

/** The session a cookie token opens at `now`, marked used; undefined when none, or past its idle or absolute end. */
export async function loadBuyerSession(
  db: Kysely<DatabaseSchema>,
  token: string | undefined,
  now: number,
): Promise<BuyerSession | undefined> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .with('touched', (cte) =>
      cte
        .updateTable('buyer_sessions')
        .set({ last_seen_at: sqlInstant(now) })
        .where('id', '=', tokenHash(token))
        .where('expires_at', '>', sqlInstant(now))
        .where('last_seen_at', '>', sqlInstant(now - BUYER_SESSION_IDLE_MS))
        .returning(['id', 'account_id', 'csrf_token']),
    )
    .selectFrom('touched as t')
    .innerJoin('buyer_accounts as a', 'a.id', 't.account_id')
    .select(['t.id', 't.account_id', 't.csrf_token', 'a.email'])
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { id: row.id, accountId: row.account_id, email: row.email, csrfToken: row.csrf_token };
}

/** The session a cookie token names, whatever its state: to end it at sign-in (a session planted before is dropped). */
export async function endSessionOfToken(db: Kysely<DatabaseSchema>, token: string | undefined): Promise<void> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return;
  await db.deleteFrom('buyer_sessions').where('id', '=', tokenHash(token)).execute();
}

/** The account's sessions, the latest used first. */
export async function sessionsOfAccount(
  db: Kysely<DatabaseSchema>,
  accountId: number,
  now: number,
): Promise<BuyerSessionListing[]> {
  const rows = await db
    .selectFrom('buyer_sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('account_id', '=', accountId)
    .where('expires_at', '>', sqlInstant(now))
    .where('last_seen_at', '>', sqlInstant(now - BUYER_SESSION_IDLE_MS))
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}

/** Ends one of the account's sessions (another account's id ends nothing); resolves to whether it did. */
export async function endSession(db: Kysely<DatabaseSchema>, accountId: number, id: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('buyer_sessions')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}

/** A form's CSRF field against the session's token, in constant time (hashes first: equal lengths whatever was sent). */
export function csrfFieldMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined || sent === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
