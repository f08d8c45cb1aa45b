// The API tokens of pipelines: made by an admin (shown once), of one scope (releasing named remotes, or the ERP's stock
// feed), expiring, revocable.
// Only the SHA-256 of a token is kept: 32 random bytes need no slow hash, and a copy of the table lets no one act.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { QA_TOKEN_SCOPE, TOKEN_MAX_DAYS, type ReleaseTokenInfo, type TokenScope } from '@site/contracts/releases-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { recordReleaseAction } from './registry.js';

type Db = Kysely<DatabaseSchema>;
/** A stored token's scope: a pipeline's (TOKEN_SCOPES), or a QA run's (qaTokens.ts, never listed here). */
export type StoredTokenScope = TokenScope | typeof QA_TOKEN_SCOPE;

/** What every token starts with: a secret scanner (and a person) can tell one in a log or a commit. */
export const TOKEN_PREFIX = 'srt_';
export { TOKEN_MAX_DAYS };
export type { ReleaseTokenInfo };

type TokenRow = {
  id: number;
  name: string;
  scope: TokenScope;
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
  scope: row.scope,
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
  request: { name: string; scope?: TokenScope | undefined; remotes: readonly string[]; expiresInDays: number },
): Promise<{ token: string; info: ReleaseTokenInfo }> {
  const scope = request.scope ?? 'release';
  // a stock token names no remotes, whatever it was given (the table's check refuses one that would)
  const remotes = scope === 'release' ? [...request.remotes].sort().join(',') : '';
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + request.expiresInDays * 24 * 60 * 60 * 1000);
  const row = await db
    .insertInto('release_tokens')
    .values({
      name: request.name,
      scope,
      token_hash: tokenHash(token),
      remotes,
      created_by: createdBy,
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const info = infoOf({ ...row, scope });
  await recordReleaseAction(
    db,
    createdBy,
    'token-create',
    null,
    `${scope} token ${info.id} "${info.name}"${scope === 'release' ? ` for ${info.remotes.join(', ')}` : ''} until ${info.expiresAt}`,
  );
  return { token, info };
}

export async function listReleaseTokens(db: Db): Promise<ReleaseTokenInfo[]> {
  // a QA run's token is not a pipeline's: it lives two hours and ends with its run (qaTokens.ts)
  const rows = await db
    .selectFrom('release_tokens')
    .select(['id', 'name', 'scope', 'remotes', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'])
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((row) => (row.scope === QA_TOKEN_SCOPE ? [] : [infoOf({ ...row, scope: row.scope })]));
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

const COLUMNS = [
  'id',
  'name',
  'scope',
  'remotes',
  'created_by',
  'created_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const;

/** What a token presented to an API of `scope` is: one in force of that scope, one of another scope, or none. */
export type TokenCheck =
  | { kind: 'ok'; info: ReleaseTokenInfo }
  | { kind: 'other-scope'; scope: StoredTokenScope }
  | { kind: 'unknown' };

/**
 * Checks a token presented to the API of `scope`: in force (known, not expired, not revoked) and of that scope; its
 * last use is noted then only. A token in force of another scope is told apart (its API answers 403, not 401): who
 * holds it knows it already, and the answer says which token to send.
 */
export async function checkPipelineToken(db: Db, token: string, scope: TokenScope): Promise<TokenCheck> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return { kind: 'unknown' };
  const hash = tokenHash(token);
  const row = await db
    .updateTable('release_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('token_hash', '=', hash)
    .where('scope', '=', scope)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (row !== undefined) return { kind: 'ok', info: infoOf({ ...row, scope }) };
  const other = await db
    .selectFrom('release_tokens')
    .select('scope')
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return other === undefined ? { kind: 'unknown' } : { kind: 'other-scope', scope: other.scope };
}
