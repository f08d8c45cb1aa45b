// What the account's stores share: its tokens (32 random bytes, base64url: sign-in links, sessions and their CSRF
// tokens, passkey challenges, the basket's codes and browsers), of which the database keeps the SHA-256 only, and the
// instants and dates they read and write.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';

/** A token as the account makes it: anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** An instant (ms) as a timestamptz parameter, so both databases compare it as a time, not as text. */
export const sqlInstant = (ms: number) => sql<Date>`${new Date(ms).toISOString()}::timestamptz`;

/** A timestamptz as read: a Date from PostgreSQL, a string from some drivers. */
export const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
