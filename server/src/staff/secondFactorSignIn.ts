// POST STAFF_API.secondFactor {code}: the second step of signing in, in a session waiting for it, with a TOTP code or
// a recovery code. Each is good once: a TOTP step later than the last one used, a recovery code not spent yet.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { STAFF_API } from '@site/contracts/staff-api';
import { codeBodySchema } from '@site/contracts/staff-api-schemas';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { ContractsApp } from '../platform/http/contracts.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { recordStaffAction } from './audit.js';
import { failureKeys } from './lockout.js';
import type { LoadedSession } from './sessions.js';
import { recordFailedAttempt, tooMany, type SignInContext } from './signInContext.js';
import { MESSAGES, STAFF_BODY_LIMIT } from './staffApiTerms.js';
import { looksLikeTotp, recoveryCodeHash, totpStep } from './totp.js';
import { accountBinding, type TotpSecretBox } from './totpSecrets.js';

export function secondFactorRoute(app: ContractsApp, signIn: SignInContext): void {
  app.post(
    STAFF_API.secondFactor,
    {
      bodyLimit: STAFF_BODY_LIMIT,
      preValidation: [signIn.requireJson, signIn.gate.sessionIn(['second-factor'], false)],
      schema: { body: codeBodySchema },
    },
    async (request, reply) => signInWithSecondFactor(signIn, request, reply, request.body.code),
  );
}

async function signInWithSecondFactor(
  { db, gate, failures, secrets }: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
) {
  const session = gate.sessionFor(request);
  const { account } = session;
  const keys = failureKeys(account.email, request.client);
  const attempt = await failures.attempt(keys);
  // the second factor is what ACCOUNT_PASSWORD_LIMIT leaves open: only the walls refuse it
  if (attempt.refused && !attempt.secondFactorOnly) return tooMany(reply);

  const result = await db.transaction().execute(async (tx) => {
    const how = await secondFactorUsed(tx, secrets, account, code);
    if (how === undefined) return undefined;
    const next = await gate.startSession(request, reply, tx, account, 'active', session);
    if (next === undefined) throw httpError(401, MESSAGES.signIn); // the pending session was used by another request
    await recordStaffAction(tx, account, 'sign-in', `account:${account.id}`, null, {
      step: how,
      address: request.client.address,
    });
    return next;
  });
  if (result === undefined) {
    await recordFailedAttempt(db, request, attempt, 'second factor', account.email);
    return reply.code(401).send({ error: MESSAGES.wrongCode });
  }
  await failures.succeeded(keys, true);
  return result;
}

/**
 * How `code` signs the account in, as its audit line says it, or undefined when it does not. A recovery code is spent
 * (and audited) here, in the caller's transaction.
 */
async function secondFactorUsed(
  tx: Kysely<DatabaseSchema>,
  secrets: TotpSecretBox,
  account: LoadedSession['account'],
  code: string,
): Promise<string | undefined> {
  if (looksLikeTotp(code)) {
    const secret =
      account.totp_secret === null ? undefined : secrets.open(account.totp_secret, accountBinding(account.id));
    const step = secret === undefined ? undefined : totpStep(secret, code.replace(/\s/g, ''), Date.now());
    return step !== undefined && (await storeTotpStep(tx, account.id, step))
      ? 'password + authenticator code'
      : undefined;
  }
  const left = await useRecoveryCode(tx, account.id, code);
  if (left === undefined) return undefined;
  await recordStaffAction(tx, account, 'recovery code used', `account:${account.id}`, `${left} left`);
  return `password + recovery code (${left} left)`;
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
async function useRecoveryCode(
  db: Kysely<DatabaseSchema>,
  accountId: number,
  code: string,
): Promise<number | undefined> {
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
