// A QA run's token (scope 'qa', @site/contracts/releases-api QA_TOKEN_*): the honest way for a pinned test run from one
// machine through the production per-address limits. Made for one remote by whoever may release it (an admin, its
// release staff, a release token naming it), for QA_TOKEN_HOURS, shown once and kept as a hash in release_tokens
// beside the pipelines' tokens. The suite sends it in QA_TOKEN_HEADER on every request; a request bearing one in force
// skips the per-address limits (platform/http/rateLimit.ts) and is not counted as a visitor by the load reports and
// the field vitals. Recording the remote's run (pinnedRuns.ts) revokes it: one token, one run.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { QA_TOKEN_HEADER, QA_TOKEN_HOURS, QA_TOKEN_SCOPE, type CreatedQaToken } from '@site/contracts/releases-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { ReleaseCallContext } from './releaseCallContext.js';
import { recordReleaseAction } from './registry.js';
import { TOKEN_PREFIX, tokenHash } from './tokens.js';

type Db = Kysely<DatabaseSchema>;

/** A token as made: the prefix and 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^srt_[A-Za-z0-9_-]{43}$/;

/** Makes a QA token for `remote`'s next pinned run; the returned `token` is the only time it is seen. */
export async function createQaToken(db: Db, createdBy: string, remote: string): Promise<CreatedQaToken> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('release_tokens')
    .values({
      name: `QA run of ${remote}`,
      scope: QA_TOKEN_SCOPE,
      token_hash: tokenHash(token),
      remotes: remote,
      created_by: createdBy,
      expires_at: new Date(Date.now() + QA_TOKEN_HOURS * 60 * 60 * 1000),
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  const expiresAt = new Date(row.expires_at).toISOString();
  await recordReleaseAction(db, createdBy, 'qa-token-create', remote, `qa token ${row.id} until ${expiresAt}`);
  return { id: Number(row.id), token, remote, expiresAt };
}

/** Revokes `remote`'s QA tokens in force: its run is recorded, so the run they were made for is over. */
export async function revokeQaTokensOf(db: Db, remote: string): Promise<void> {
  await db
    .updateTable('release_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('scope', '=', QA_TOKEN_SCOPE)
    .where('remotes', '=', remote)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Whether a request is a QA run's: it bears, in QA_TOKEN_HEADER, a QA token in force (known, not expired, not revoked).
 * Read-only (a run sends many requests; no last use is noted), one indexed look-up per request that sends the header
 * in the token's shape, none for any other; the answer is kept for the request (the limit and the handler both ask).
 */
export function qaRunCheck(db: Db): (request: FastifyRequest) => Promise<boolean> {
  const known = new WeakMap<FastifyRequest, Promise<boolean>>();
  const check = async (request: FastifyRequest): Promise<boolean> => {
    const sent = request.headers[QA_TOKEN_HEADER];
    if (typeof sent !== 'string' || !TOKEN_SHAPE.test(sent)) return false;
    try {
      const row = await db
        .selectFrom('release_tokens')
        .select('id')
        .where('token_hash', '=', tokenHash(sent))
        .where('scope', '=', QA_TOKEN_SCOPE)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row !== undefined;
    } catch (error) {
      // the database unreachable: the limits as for anyone (never an error answer because of the header)
      request.log.error({ err: error }, 'could not check a QA token');
      return false;
    }
  };
  return (request) => {
    let answer = known.get(request);
    if (answer === undefined) {
      answer = check(request);
      known.set(request, answer);
    }
    return answer;
  };
}

/**
 * POST …/remotes/:remote/qa-token → 201 CreatedQaToken, for a caller who may release the remote (checkRemote: 403
 * otherwise): the pipelines' API with a release token naming it, the staff API for admins and its release staff.
 */
export function qaTokenCall({ app, options, remotesPath, checkRemote, remoteOf }: ReleaseCallContext): void {
  app.post(`${remotesPath}/:remote/qa-token`, { preValidation: checkRemote }, async (request, reply) => {
    const made = await createQaToken(options.db.kysely, options.callerOf(request).actor, remoteOf(request));
    // no-store: the one answer that carries the token must not stay in any cache
    return reply.code(201).header('cache-control', 'no-store').send(made);
  });
}
