// The staff app's access: sign-in with a password and, for admins (and anyone who set one up), a TOTP
// second factor; server-side sessions in the database; CSRF tokens; the failed sign-in lockout; the audit log; and
// the signed-in scope every other staff call lives in (./work/). Addresses and shapes: @site/contracts/staff-api.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { canReadInbox, CSRF_HEADER, STAFF_API, type AuditPage, type SessionAnswer, type StaffSession, type TotpSetup } from '@site/contracts/staff-api';
import { describeError, type Database, type DatabaseSchema } from '../platform/db/index.js';
import { readCookie } from '../platform/http/canary.js';
import { isCrossSite } from '../platform/http/crossSite.js';
import { useContracts } from '../platform/http/contracts.js';
import { httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { staffReleaseTokenRoutes, type StaffReleasesOptions } from '../releases/index.js';
import { auditQuerySchema, codeBodySchema, signInBodySchema } from '@site/contracts/staff-api-schemas';
import { accountSummary, colleaguesOf, findAccountByEmail, isEmailAddress, normaliseEmail } from './accounts.js';
import './access.js'; // declares request.staff
import { recordStaffAction } from './audit.js';
import { databaseFailureCounter, failureKeys, redisFailureCounter, TOO_MANY_FAILURES, LOCKOUT_WINDOW_MS, type Attempt, type FailureCounter } from './lockout.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import {
  createSession,
  csrfMatches,
  deleteSession,
  loadSession,
  sessionView,
  setPendingTotpSecret,
  type LoadedSession,
  type SessionState,
  type SessionTimes,
} from './sessions.js';
import { looksLikeTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment, totpStep } from './totp.js';
import { accountBinding, localTotpKey, resealTotpSecrets, sessionBinding, TotpSecretBox, type TotpKey } from './totpSecrets.js';
import { staffWorkRoutes } from './work/index.js';
import type { MediaStore } from '../catalogue/index.js';

export interface StaffRoutesOptions {
  db: Database;
  /** Prefix of the lockout's Redis keys (tests use their own). */
  redisNamespace?: string;
  /** Wakes the outbox worker (the work routes' re-send). */
  onOutboxWrite?: (() => void) | undefined;
  /** STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS. */
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** STAFF_TOTP_KEYS; when undefined, the key kept in totpKeyFile (made on first start). */
  totpKeys: readonly TotpKey[] | undefined;
  totpKeyFile: string;
  /** PUBLIC_SITE_URL: an Origin header equal to it is the site's own (besides the request's own origin). */
  publicSiteUrl?: string | undefined;
  /** Where the catalogue editor's uploads are kept (DATA_DIR/catalogue-media); unset, the editor takes none. */
  media?: MediaStore | undefined;
  /** The remotes registry's live remotes and the site's host (releases/): its calls for admins, and release tokens. */
  releases?: StaffReleasesOptions | undefined;
}

/** Sign-in bodies are a few hundred bytes; nothing a staff call sends comes near this. */
export const STAFF_BODY_LIMIT = 16 * 1024;

/** Plain http (local runs, tests) gets a cookie without the prefix: `__Host-` requires Secure, which needs HTTPS. */
export const SESSION_COOKIE = { https: '__Host-staff_session', http: 'staff_session' } as const;

export const MESSAGES = {
  wrongPassword: 'The e-mail address or password is not right.',
  wrongCode: 'That code is not right, or it was already used. Please try again.',
  signIn: 'Please sign in.',
  stale: 'Your session has expired or the form is stale. Please reload the page.',
  crossSite: 'Staff requests from another site are refused.',
  adminsOnly: 'Only administrators can do this.',
  noInbox: 'The catalogue role does not work on the inbox.',
  totpAlreadyOn: 'The second factor is already set up for this account.',
  totpNotStarted: 'Start the set-up of the second factor first.',
  tooMany: TOO_MANY_FAILURES,
} as const;

const AUDIT_PAGE_SIZE = 50;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Registers every /api/staff/* address. Register it with app.register (its hooks, error handler and body parser
 * stay inside it). Bodies and queries are checked by the schemas of @site/contracts/staff-api-schemas on each route;
 * who may call is checked before them (onRequest or preValidation hooks), so a request without the right session,
 * role or CSRF token is its 401 or 403 whatever it sends.
 */
export async function staffRoutes(parent: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  const db = options.db.kysely;
  const times: SessionTimes = { idleMs: options.sessionIdleMinutes * 60_000, maxMs: options.sessionMaxHours * 3_600_000 };
  const inDatabase = databaseFailureCounter(db);
  const failures: FailureCounter =
    // in the app's Redis (http/redis.ts) when REDIS_URL is set, so that every process counts together
    app.redis === undefined ? inDatabase : redisFailureCounter(app.redis, options.redisNamespace ?? 'site-staff-sign-in-', inDatabase, app.log);
  const requireJson = useJsonEndpoint(app, { bodyLimit: STAFF_BODY_LIMIT, what: 'the request', emptyHint: 'send a JSON object' });
  const secrets = new TotpSecretBox(options.totpKeys ?? [await localTotpKey(options.totpKeyFile)]);
  // at start, not per request; a server that starts with its database down still starts (the next start re-seals)
  app.addHook('onReady', async () => {
    try {
      const resealed = await resealTotpSecrets(db, secrets);
      if (resealed > 0) app.log.info(`staff: ${resealed} TOTP secret(s) sealed under the current key`);
    } catch (error) {
      app.log.warn(`staff: the TOTP secrets could not be re-sealed at start (${describeError(error)}); the next start tries again`);
    }
  });

  // Every answer, errors included: never kept by a browser or proxy.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, options.publicSiteUrl)) throw httpError(403, MESSAGES.crossSite);
  });

  // ---- sessions, cookies ----

  const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? SESSION_COOKIE.https : SESSION_COOKIE.http);
  const cookieAttributes = (request: FastifyRequest) => `Path=/; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;
  const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.header('set-cookie', `${cookieName(request)}=${token}; ${cookieAttributes(request)}`);
  const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('set-cookie', `${cookieName(request)}=; Max-Age=0; ${cookieAttributes(request)}`);

  /** The request's session in any state (over https only the `__Host-` cookie counts: a sibling host cannot plant it). */
  const sessionOf = (request: FastifyRequest) => loadSession(db, readCookie(request.headers.cookie, cookieName(request)), Date.now(), times);

  /** The session in one of `states`, else a 401; with `csrf`, the header must carry its token (else 403). */
  async function requireSession(request: FastifyRequest, states: readonly SessionState[], csrf: boolean): Promise<LoadedSession> {
    const session = await sessionOf(request);
    if (session === undefined || !states.includes(session.state)) throw httpError(401, MESSAGES.signIn);
    if (csrf && !csrfMatches(request.headers[CSRF_HEADER], session.csrfToken)) throw httpError(403, MESSAGES.stale);
    return session;
  }

  /** The sessions `sessionIn` found, for the handlers after it. */
  const sessions = new WeakMap<FastifyRequest, LoadedSession>();
  /**
   * A preValidation hook: requireSession, then `check` of the session (e.g. a 409), before the body is validated.
   * The handler takes the session from `sessionFor`.
   */
  const sessionIn =
    (states: readonly SessionState[], csrf: boolean, check?: (session: LoadedSession) => void) =>
    async (request: FastifyRequest): Promise<void> => {
      const session = await requireSession(request, states, csrf);
      check?.(session);
      sessions.set(request, session);
    };
  const sessionFor = (request: FastifyRequest): LoadedSession => {
    const session = sessions.get(request);
    if (session === undefined) throw httpError(401, MESSAGES.signIn);
    return session;
  };
  const totpNotOnYet = (session: LoadedSession) => {
    if (session.account.totp_enabled_at !== null) throw httpError(409, MESSAGES.totpAlreadyOn);
  };

  /**
   * Replaces `previous` (if any) by a new session in `state`: a new id at every step of signing in, so no id known
   * before a step (planted by someone else, or seen half-way) is worth anything after it. Resolves to undefined when
   * `previous` was already gone (a second request racing this one won).
   */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    q: Kysely<DatabaseSchema>,
    account: LoadedSession['account'],
    state: SessionState,
    previous: LoadedSession | undefined,
  ): Promise<StaffSession | undefined> {
    if (previous !== undefined && !(await deleteSession(q, previous.id))) return undefined;
    const { token, session } = await createSession(q, account, state, Date.now(), times);
    if (state === 'active') await q.updateTable('staff_accounts').set({ last_sign_in_at: sql<Date>`now()` }).where('id', '=', account.id).execute();
    setSessionCookie(request, reply, token);
    return sessionView(session);
  }

  const tooMany = (reply: FastifyReply) => reply.code(429).header('retry-after', String(LOCKOUT_WINDOW_MS / 1000)).send({ error: MESSAGES.tooMany });

  /** A failed attempt (already counted by failures.attempt): written to the audit log, and the lock if it starts now. */
  async function failed(request: FastifyRequest, attempt: Attempt, step: string, email: string): Promise<void> {
    // the e-mail is the visitor's text: a field of its own, never joined into a sentence it could extend
    const fields = { step, email, address: request.ip };
    await recordStaffAction(db, null, 'sign-in failed', null, null, fields);
    if (attempt.last) await recordStaffAction(db, null, 'sign-in locked', null, null, fields);
  }

  // ---- sign-in: POST {email, password} ----

  app.post(STAFF_API.signIn, { bodyLimit: STAFF_BODY_LIMIT, preValidation: requireJson, schema: { body: signInBodySchema } }, async (request, reply) => {
    const { body } = request;
    const email = normaliseEmail(body.email);
    const keys = failureKeys(email, request.ip);
    const attempt = await failures.attempt(keys);
    if (attempt.refused && !attempt.secondFactorOnly) return tooMany(reply);

    const account = isEmailAddress(email) ? await findAccountByEmail(db, email) : undefined;
    // An unknown e-mail costs the same argon2 verify as a wrong password: the answer's timing tells nothing.
    const passwordOk = account === undefined ? (await verifyAgainstDummy(body.password), false) : await verifyPassword(account.password_hash, body.password);
    const signsIn = account !== undefined && passwordOk && !account.disabled;
    // Past the account's password limit only the way through a second factor is open; any other answer is the lock's.
    if (attempt.secondFactorOnly && !(signsIn && account.totp_enabled_at !== null)) {
      if (!signsIn) await failed(request, attempt, 'password', email);
      return tooMany(reply);
    }
    if (!signsIn) {
      await failed(request, attempt, 'password', email);
      return reply.code(401).send({ error: MESSAGES.wrongPassword });
    }

    // Whatever session the browser had (another account's, a half-finished sign-in, a planted id) ends here.
    const previous = await sessionOf(request);
    if (previous !== undefined) await deleteSession(db, previous.id);
    const state: SessionState = account.totp_enabled_at !== null ? 'second-factor' : account.role === 'admin' ? 'totp-setup' : 'active';
    const session = await startSession(request, reply, db, account, state, undefined);
    await failures.succeeded(keys, state === 'active');
    if (state === 'active') {
      await recordStaffAction(db, account, 'sign-in', `account:${account.id}`, null, { step: 'password', address: request.ip });
    }
    return session;
  });

  // ---- second factor: POST {code} (a TOTP code or a recovery code) ----

  app.post(
    STAFF_API.secondFactor,
    { bodyLimit: STAFF_BODY_LIMIT, preValidation: [requireJson, sessionIn(['second-factor'], false)], schema: { body: codeBodySchema } },
    async (request, reply) => {
      const session = sessionFor(request);
      const { code } = request.body;
      const { account } = session;
      const keys = failureKeys(account.email, request.ip);
      const attempt = await failures.attempt(keys);
      // the second factor is what ACCOUNT_PASSWORD_LIMIT leaves open: only the walls refuse it
      if (attempt.refused && !attempt.secondFactorOnly) return tooMany(reply);

      const result = await db.transaction().execute(async (tx) => {
        let how: string | undefined;
        if (looksLikeTotp(code)) {
          const secret = account.totp_secret === null ? undefined : secrets.open(account.totp_secret, accountBinding(account.id));
          const step = secret === undefined ? undefined : totpStep(secret, code.replace(/\s/g, ''), Date.now());
          if (step !== undefined && (await storeTotpStep(tx, account.id, step))) how = 'password + authenticator code';
        } else {
          const left = await useRecoveryCode(tx, account.id, code);
          if (left !== undefined) {
            how = `password + recovery code (${left} left)`;
            await recordStaffAction(tx, account, 'recovery code used', `account:${account.id}`, `${left} left`);
          }
        }
        if (how === undefined) return undefined;
        const next = await startSession(request, reply, tx, account, 'active', session);
        if (next === undefined) throw httpError(401, MESSAGES.signIn); // the pending session was used by another request
        await recordStaffAction(tx, account, 'sign-in', `account:${account.id}`, null, { step: how, address: request.ip });
        return next;
      });
      if (result === undefined) {
        await failed(request, attempt, 'second factor', account.email);
        return reply.code(401).send({ error: MESSAGES.wrongCode });
      }
      await failures.succeeded(keys, true);
      return result;
    },
  );

  // ---- sign-out: POST (csrf), in any state ----

  app.post(STAFF_API.signOut, async (request, reply) => {
    const session = await requireSession(request, ['active', 'second-factor', 'totp-setup'], true);
    await deleteSession(db, session.id);
    await recordStaffAction(db, session.account, 'sign-out', `account:${session.account.id}`);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  // ---- the session: GET, in any state (the app shows the step it is at); null, not 401, when signed out ----

  // Not a 401: the app asks on every page, and a browser logs each 4xx as a console error. The answer says nothing but
  // whether the caller's own cookie is a session, and sets no cookie (none cleared either) and no session state.
  app.get(STAFF_API.session, async (request): Promise<SessionAnswer> => {
    const session = await sessionOf(request);
    return { session: session === undefined ? null : sessionView(session) };
  });

  // ---- TOTP set-up: POST setup (csrf) → secret + QR code; POST confirm {code} (csrf) → recovery codes, signed in ----

  app.post(STAFF_API.totpSetup, async (request): Promise<TotpSetup> => {
    // an admin's first sign-in must set one up; any other account may, once signed in
    const session = await requireSession(request, ['totp-setup', 'active'], true);
    totpNotOnYet(session);
    const secret = newTotpSecret();
    await setPendingTotpSecret(db, session.id, secrets.seal(secret, sessionBinding(session.id)));
    return { secret, ...(await totpEnrolment(secret, session.account.email)) };
  });

  app.post(
    STAFF_API.totpConfirm,
    { bodyLimit: STAFF_BODY_LIMIT, preValidation: [requireJson, sessionIn(['totp-setup', 'active'], true, totpNotOnYet)], schema: { body: codeBodySchema } },
    async (request, reply) => {
      const session = sessionFor(request);
      const { code } = request.body;
      // a set-up whose secret no key opens (sealed by a key since dropped) starts again
      const secret = session.pendingTotpSecret === null ? undefined : secrets.open(session.pendingTotpSecret, sessionBinding(session.id));
      if (secret === undefined) throw httpError(409, MESSAGES.totpNotStarted);
      const { account } = session;
      const keys = failureKeys(account.email, request.ip);
      const attempt = await failures.attempt(keys);
      // the second factor is what ACCOUNT_PASSWORD_LIMIT leaves open: only the walls refuse it
      if (attempt.refused && !attempt.secondFactorOnly) return tooMany(reply);

      const step = totpStep(secret, code.replace(/\s/g, ''), Date.now());
      if (step === undefined) {
        await failed(request, attempt, 'second factor set-up', account.email);
        return reply.code(401).send({ error: MESSAGES.wrongCode });
      }
      const recoveryCodes = newRecoveryCodes();
      const sealed = secrets.seal(secret, accountBinding(account.id));
      const next = await db.transaction().execute(async (tx) => {
        const updated = await tx
          .updateTable('staff_accounts')
          .set({ totp_secret: sealed, totp_enabled_at: sql<Date>`now()`, totp_last_step: step })
          .where('id', '=', account.id)
          .where('totp_enabled_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (updated.numUpdatedRows === 0n) throw httpError(409, MESSAGES.totpAlreadyOn);
        await tx.deleteFrom('staff_recovery_codes').where('account_id', '=', account.id).execute();
        for (const recoveryCode of recoveryCodes) {
          await tx.insertInto('staff_recovery_codes').values({ account_id: account.id, code_hash: recoveryCodeHash(recoveryCode) }).execute();
        }
        const started = await startSession(request, reply, tx, { ...account, totp_secret: sealed, totp_enabled_at: new Date() }, 'active', session);
        if (started === undefined) throw httpError(401, MESSAGES.signIn);
        await recordStaffAction(tx, account, 'totp enabled', `account:${account.id}`, `${recoveryCodes.length} recovery codes issued`);
        await recordStaffAction(tx, account, 'sign-in', `account:${account.id}`, null, { step: 'password + new authenticator', address: request.ip });
        return started;
      });
      await failures.succeeded(keys, true);
      return { recoveryCodes, session: next };
    },
  );

  // ---- the signed-in scope: an active session for everything in it; the CSRF token on every change ----

  await app.register(async (signedIn) => {
    const scope = useContracts(signedIn);
    // onRequest: before the body is read, so nothing of an unauthenticated request is parsed
    scope.addHook('onRequest', async (request) => {
      const session = await requireSession(request, ['active'], !SAFE_METHODS.has(request.method));
      request.staff = accountSummary(session.account);
    });

    // whom inbox work can be assigned to: an inbox call, refused to the catalogue role with the rest of the inbox
    scope.get(STAFF_API.accounts, async (request) => {
      const staff = staffOf(request);
      if (!canReadInbox(staff)) throw httpError(403, MESSAGES.noInbox);
      return { accounts: await colleaguesOf(db, staff) };
    });

    const adminsOnly = async (request: FastifyRequest) => {
      if (staffOf(request).role !== 'admin') throw httpError(403, MESSAGES.adminsOnly);
    };
    scope.get(STAFF_API.audit, { preValidation: adminsOnly, schema: { querystring: auditQuerySchema } }, async (request): Promise<AuditPage> =>
      readAuditPage(db, request.query.page ?? 1),
    );

    await scope.register(staffWorkRoutes, { db: options.db, onOutboxWrite: options.onOutboxWrite, media: options.media });
    // release tokens of deployment pipelines (admins): the registry's, with this scope's session and CSRF checks
    staffReleaseTokenRoutes(scope, { db: options.db, requireJson, recordStaffAction, ...options.releases });

    // Any other /api/staff address or method is answered here, after the hook above: 401 without a session (nothing
    // tells which addresses exist), 403 for a change without the token, else 404. (Without it a GET would reach the
    // static files' catch-all and a 404 would say the address is not there before anyone signed in.)
    scope.all('/api/staff', async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
    scope.all('/api/staff/*', async (_request, reply) => reply.code(404).send({ error: 'Not found' }));
  });
}

/** request.staff inside the signed-in scope (its hook set it, or the request never got here). */
function staffOf(request: FastifyRequest) {
  if (request.staff === undefined) throw httpError(401, MESSAGES.signIn);
  return request.staff;
}

/** Accepts a TOTP step once: only a step later than the last one used (a code seen over a shoulder is spent). */
async function storeTotpStep(db: Kysely<DatabaseSchema>, accountId: number, step: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirstOrThrow();
  return numUpdatedRows > 0n;
}

/** Spends a recovery code; resolves to how many are left, or undefined when it is not one of the account's unused ones. */
async function useRecoveryCode(db: Kysely<DatabaseSchema>, accountId: number, code: string): Promise<number | undefined> {
  const { numUpdatedRows } = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (numUpdatedRows === 0n) return undefined;
  const { n } = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return n;
}

async function readAuditPage(db: Kysely<DatabaseSchema>, page: number): Promise<AuditPage> {
  const { n } = await db
    .selectFrom('staff_audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE));
  const rows = await db
    .selectFrom('staff_audit_log')
    .select(['id', 'at', 'actor_email', 'action', 'target', 'detail', 'fields'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    entries: rows.map((row) => ({ id: row.id, at: row.at.toISOString(), actor: row.actor_email, action: row.action, target: row.target, detail: row.detail, fields: row.fields })),
    page,
    pageCount,
  };
}
