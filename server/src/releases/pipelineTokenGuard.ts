// The one check of a pipeline's token on its API (/api/releases, /api/stock, /api/orders): `Authorization: Bearer
// srt_…`, a token in force of the API's scope. None or one unknown: 401; a token of another scope: 403 naming it, so
// its holder knows which token to send. Used as an onRequest hook, so nothing of a refused request's body is read.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReleaseTokenInfo, TokenScope } from '@site/contracts/releases-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { checkPipelineToken } from './tokens.js';

/** Each scope's words: "Send a stock token", "it cannot send stock". */
const WORDS: Readonly<Record<TokenScope, { token: string; cannot: string }>> = {
  release: { token: 'a release token', cannot: 'release' },
  stock: { token: 'a stock token', cannot: 'send stock' },
  orders: { token: 'an orders token', cannot: 'read orders' },
};

const accepted = new WeakMap<FastifyRequest, ReleaseTokenInfo>();

/** The hook that lets through only a request with a token of `scope` in force (its use is noted by the check). */
export function requirePipelineToken(db: Kysely<DatabaseSchema>, scope: TokenScope): onRequestAsyncHookHandler {
  const { token: named, cannot } = WORDS[scope];
  return async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,300})$/.exec(header.trim()) : null;
    if (match === null)
      throw httpError(401, `Send ${named}: Authorization: Bearer <token> (an admin makes one in the staff app)`);
    const token = await checkPipelineToken(db, match[1] as string, scope);
    if (token.kind === 'other-scope')
      throw httpError(
        403,
        `This is a ${token.scope} token: it cannot ${cannot}. Send ${named} (an admin makes one in the staff app)`,
      );
    if (token.kind === 'unknown') throw httpError(401, `The ${scope} token is unknown, expired or revoked`);
    accepted.set(request, token.info);
  };
}

/** The token requirePipelineToken accepted for this request; undefined before it ran (or outside its scope). */
export const pipelineTokenOf = (request: FastifyRequest): ReleaseTokenInfo | undefined => accepted.get(request);
