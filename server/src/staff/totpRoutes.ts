// The set-up of the TOTP second factor: POST STAFF_API.totpSetup (CSRF) answers a new secret and its QR code, kept
// sealed on the session until POST STAFF_API.totpConfirm {code} (CSRF) proves the authenticator has it; that answers
// the recovery codes and a signed-in session. The first sign-in of a role in SECOND_FACTOR_ROLES (admin, catalogue,
// release) must set one up; branch staff may.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { STAFF_API, type TotpSetup } from '@site/contracts/staff-api';
import { codeBodySchema } from '@site/contracts/staff-api-schemas';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { ContractsApp } from '../platform/http/contracts.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { recordStaffAction } from './audit.js';
import { failureKeys } from './lockout.js';
import { setPendingTotpSecret, type LoadedSession } from './sessions.js';
import { recordFailedAttempt, tooMany, type SignInContext } from './signInContext.js';
import { MESSAGES, STAFF_BODY_LIMIT } from './staffApiTerms.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment, totpStep } from './totp.js';
import { accountBinding, sessionBinding } from './totpSecrets.js';

const totpNotOnYet = (session: LoadedSession) => {
  if (session.account.totp_enabled_at !== null) throw httpError(409, MESSAGES.totpAlreadyOn);
};

export function totpRoutes(app: ContractsApp, signIn: SignInContext): void {
  const { db, gate, secrets, requireJson } = signIn;
  app.post(STAFF_API.totpSetup, async (request): Promise<TotpSetup> => {
    const session = await gate.requireSession(request, ['totp-setup', 'active'], true);
    totpNotOnYet(session);
    const secret = newTotpSecret();
    await setPendingTotpSecret(db, session.id, secrets.seal(secret, sessionBinding(session.id)));
    return { secret, ...(await totpEnrolment(secret, session.account.email)) };
  });

  app.post(
    STAFF_API.totpConfirm,
    {
      bodyLimit: STAFF_BODY_LIMIT,
      preValidation: [requireJson, gate.sessionIn(['totp-setup', 'active'], true, totpNotOnYet)],
      schema: { body: codeBodySchema },
    },
    async (request, reply) => confirmTotp(signIn, request, reply, request.body.code),
  );
}

async function confirmTotp(
  { db, gate, failures, secrets }: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
) {
  const session = gate.sessionFor(request);
  // a set-up whose secret no key opens (sealed by a key since dropped) starts again
  const secret =
    session.pendingTotpSecret === null
      ? undefined
      : secrets.open(session.pendingTotpSecret, sessionBinding(session.id));
  if (secret === undefined) throw httpError(409, MESSAGES.totpNotStarted);
  const { account } = session;
  const keys = failureKeys(account.email, request.client);
  const attempt = await failures.attempt(keys);
  // the second factor is what ACCOUNT_PASSWORD_LIMIT leaves open: only the walls refuse it
  if (attempt.refused && !attempt.secondFactorOnly) return tooMany(reply);

  const step = totpStep(secret, code.replace(/\s/g, ''), Date.now());
  if (step === undefined) {
    await recordFailedAttempt(db, request, attempt, 'second factor set-up', account.email);
    return reply.code(401).send({ error: MESSAGES.wrongCode });
  }
  const recoveryCodes = newRecoveryCodes();
  const sealed = secrets.seal(secret, accountBinding(account.id));
  const next = await db.transaction().execute(async (tx) => {
    await enableTotp(tx, account.id, sealed, step, recoveryCodes);
    const started = await gate.startSession(
      request,
      reply,
      tx,
      { ...account, totp_secret: sealed, totp_enabled_at: new Date() },
      'active',
      session,
    );
    if (started === undefined) throw httpError(401, MESSAGES.signIn);
    await recordStaffAction(
      tx,
      account,
      'totp enabled',
      `account:${account.id}`,
      `${recoveryCodes.length} recovery codes issued`,
    );
    await recordStaffAction(tx, account, 'sign-in', `account:${account.id}`, null, {
      step: 'password + new authenticator',
      address: request.client.address,
    });
    return started;
  });
  await failures.succeeded(keys, true);
  return { recoveryCodes, session: next };
}

/** Turns the account's second factor on with its first step used, and its recovery codes (any older ones gone). */
async function enableTotp(
  tx: Kysely<DatabaseSchema>,
  accountId: number,
  sealed: string,
  step: number,
  recoveryCodes: readonly string[],
): Promise<void> {
  const updated = await tx
    .updateTable('staff_accounts')
    .set({ totp_secret: sealed, totp_enabled_at: sql<Date>`now()`, totp_last_step: step })
    .where('id', '=', accountId)
    // a set-up racing another one for the same account: only the first turns it on
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (updated.numUpdatedRows === 0n) throw httpError(409, MESSAGES.totpAlreadyOn);
  await tx.deleteFrom('staff_recovery_codes').where('account_id', '=', accountId).execute();
  for (const recoveryCode of recoveryCodes) {
    await tx
      .insertInto('staff_recovery_codes')
      .values({ account_id: accountId, code_hash: recoveryCodeHash(recoveryCode) })
      .execute();
  }
}
