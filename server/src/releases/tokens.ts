// The API tokens of deployment pipelines: made by an admin (shown once), scoped to named remotes, expiring, revocable.
// Only the SHA-256 of a token is kept: 32 random bytes need no slow hash, and a copy of the table lets no one act.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { TOKEN_MAX_DAYS, type ReleaseTokenInfo } from '@site/contracts/releases-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { recordReleaseAction } from './registry.js';

type Db = Kysely<DatabaseSchema>;

/** What every token starts with: a secret scanner (and a person) can tell one in a log or a commit. */
export const TOKEN_PREFIX = 'srt_';
export { TOKEN_MAX_DAYS };
export type { ReleaseTokenInfo };

type TokenRow = {
  id: number;
  name: string;
  remotes: string;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
};

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

const infoOf = (row: TokenRow): ReleaseTokenInfo => ({
  id: Number(row.id),
  name: row.name,
  remotes: row.remotes.split(',').filter(Boolean),
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
  revokedAt: iso(row.revoked_at),
  lastUsedAt: iso(row.last_used_at),
});

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Makes a token; the returned `token` is the only time it is seen. */
export async function createReleaseToken(
  db: Db,
  createdBy: string,
  request: { name: string; remotes: readonly string[]; expiresInDays: number },
): Promise<{ token: string; info: ReleaseTokenInfo }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + request.expiresInDays * 24 * 60 * 60 * 1000);
  const row = await db
    .insertInto('release_tokens')
    .values({ name: request.name, token_hash: tokenHash(token), remotes: [...request.remotes].sort().join(','), created_by: createdBy, expires_at: expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  const info = infoOf(row);
  await recordReleaseAction(db, createdBy, 'token-create', null, `token ${info.id} "${info.name}" for ${info.remotes.join(', ')} until ${info.expiresAt}`);
  return { token, info };
}

export async function listReleaseTokens(db: Db): Promise<ReleaseTokenInfo[]> {
  const rows = await db.selectFrom('release_tokens').select(['id', 'name', 'remotes', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'last_used_at']).orderBy('id', 'desc').execute();
  return rows.map(infoOf);
}

/** Revokes a token; false when there is no such token (or it was revoked already). */
export async function revokeReleaseToken(db: Db, actor: string, id: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('release_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (numUpdatedRows === 0n) return false;
  await recordReleaseAction(db, actor, 'token-revoke', null, `token ${id}`);
  return true;
}

/** The token's holder when `token` is one in force (known, not expired, not revoked); its last use is noted. */
export async function verifyReleaseToken(db: Db, token: string): Promise<ReleaseTokenInfo | undefined> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return undefined;
  const row = await db
    .updateTable('release_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'name', 'remotes', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'])
    .executeTakeFirst();
  return row === undefined ? undefined : infoOf(row);
}
