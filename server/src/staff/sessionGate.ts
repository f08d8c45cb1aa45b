// A staff request's session, for every route of the staff API: the cookie that names it (set, cleared, read), the
// session in the states a call accepts (else a 401) with its CSRF token on a change (else a 403), and a new session at
// each step of signing in. The sessions themselves are ./sessions.ts's rows.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CSRF_HEADER, type StaffSession } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { readCookie } from '../platform/http/cookies.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import {
  createSession,
  csrfMatches,
  deleteSession,
  loadSession,
  sessionView,
  type LoadedSession,
  type SessionState,
  type SessionTimes,
} from './sessions.js';
import { MESSAGES, SESSION_COOKIE } from './staffApiTerms.js';

export class SessionGate {
  /** The sessions `sessionIn` found, for the handlers after it. */
  private readonly found = new WeakMap<FastifyRequest, LoadedSession>();

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly times: SessionTimes,
  ) {}

  /** The request's session in any state (over https only the `__Host-` cookie counts: a sibling host cannot plant it). */
  sessionOf(request: FastifyRequest): Promise<LoadedSession | undefined> {
    return loadSession(this.db, readCookie(request.headers.cookie, cookieName(request)), Date.now(), this.times);
  }

  /** The session in one of `states`, else a 401; with `csrf`, the header must carry its token (else 403). */
  async requireSession(
    request: FastifyRequest,
    states: readonly SessionState[],
    csrf: boolean,
  ): Promise<LoadedSession> {
    const session = await this.sessionOf(request);
    if (session === undefined || !states.includes(session.state)) throw httpError(401, MESSAGES.signIn);
    if (csrf && !csrfMatches(request.headers[CSRF_HEADER], session.csrfToken)) throw httpError(403, MESSAGES.stale);
    return session;
  }

  /**
   * A preValidation hook: requireSession, then `check` of the session (e.g. a 409), before the body is validated.
   * The handler takes the session from `sessionFor`.
   */
  sessionIn(states: readonly SessionState[], csrf: boolean, check?: (session: LoadedSession) => void) {
    return async (request: FastifyRequest): Promise<void> => {
      const session = await this.requireSession(request, states, csrf);
      check?.(session);
      this.found.set(request, session);
    };
  }

  sessionFor(request: FastifyRequest): LoadedSession {
    const session = this.found.get(request);
    if (session === undefined) throw httpError(401, MESSAGES.signIn);
    return session;
  }

  /**
   * Replaces `previous` (if any) by a new session in `state`: a new id at every step of signing in, so no id known
   * before a step (planted by someone else, or seen half-way) is worth anything after it. Resolves to undefined when
   * `previous` was already gone (a second request racing this one won).
   */
  async startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    q: Kysely<DatabaseSchema>,
    account: LoadedSession['account'],
    state: SessionState,
    previous: LoadedSession | undefined,
  ): Promise<StaffSession | undefined> {
    if (previous !== undefined && !(await deleteSession(q, previous.id))) return undefined;
    const { token, session } = await createSession(q, account, state, Date.now(), this.times);
    if (state === 'active')
      await q
        .updateTable('staff_accounts')
        .set({ last_sign_in_at: sql<Date>`now()` })
        .where('id', '=', account.id)
        .execute();
    reply.header('set-cookie', `${cookieName(request)}=${token}; ${cookieAttributes(request)}`);
    return sessionView(session);
  }

  clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
    reply.header('set-cookie', `${cookieName(request)}=; Max-Age=0; ${cookieAttributes(request)}`);
  }
}

const cookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? SESSION_COOKIE.https : SESSION_COOKIE.http;
const cookieAttributes = (request: FastifyRequest) =>
  `Path=/; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;
