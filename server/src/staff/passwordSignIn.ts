// POST STAFF_API.signIn {email, password}: the first step of signing in, under the failed sign-in lockout. It ends in a
// signed-in session, or one waiting for the second factor or its set-up (./secondFactorSignIn.ts, ./totpRoutes.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { mustUseSecondFactor, STAFF_API } from '@site/contracts/staff-api';
import { signInBodySchema } from '@site/contracts/staff-api-schemas';
import type { ContractsApp } from '../platform/http/contracts.js';
import { findAccountByEmail, isEmailAddress, normaliseEmail } from './accounts.js';
import { recordStaffAction } from './audit.js';
import { failureKeys } from './lockout.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { deleteSession, type SessionState } from './sessions.js';
import { recordFailedAttempt, tooMany, type SignInContext } from './signInContext.js';
import { MESSAGES, STAFF_BODY_LIMIT } from './staffApiTerms.js';

export function passwordSignInRoute(app: ContractsApp, signIn: SignInContext): void {
  app.post(
    STAFF_API.signIn,
    { bodyLimit: STAFF_BODY_LIMIT, preValidation: signIn.requireJson, schema: { body: signInBodySchema } },
    async (request, reply) => signInWithPassword(signIn, request, reply, request.body),
  );
}

async function signInWithPassword(
  { db, gate, failures }: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof signInBodySchema>,
) {
  const email = normaliseEmail(body.email);
  const keys = failureKeys(email, request.client);
  const attempt = await failures.attempt(keys);
  if (attempt.refused && !attempt.secondFactorOnly) return tooMany(reply);

  const account = isEmailAddress(email) ? await findAccountByEmail(db, email) : undefined;
  // An unknown e-mail costs the same argon2 verify as a wrong password: the answer's timing tells nothing.
  const passwordOk =
    account === undefined
      ? (await verifyAgainstDummy(body.password), false)
      : await verifyPassword(account.password_hash, body.password);
  const signsIn = account !== undefined && passwordOk && !account.disabled;
  // Past the account's password limit only the way through a second factor is open; any other answer is the lock's.
  if (attempt.secondFactorOnly && !(signsIn && account.totp_enabled_at !== null)) {
    if (!signsIn) await recordFailedAttempt(db, request, attempt, 'password', email);
    return tooMany(reply);
  }
  if (!signsIn) {
    await recordFailedAttempt(db, request, attempt, 'password', email);
    return reply.code(401).send({ error: MESSAGES.wrongPassword });
  }

  // Whatever session the browser had (another account's, a half-finished sign-in, a planted id) ends here.
  const previous = await gate.sessionOf(request);
  if (previous !== undefined) await deleteSession(db, previous.id);
  // The roles that can change what the public sees set the second factor up first (SECOND_FACTOR_ROLES).
  const state: SessionState =
    account.totp_enabled_at !== null ? 'second-factor' : mustUseSecondFactor(account) ? 'totp-setup' : 'active';
  const session = await gate.startSession(request, reply, db, account, state, undefined);
  await failures.succeeded(keys, state === 'active');
  if (state === 'active') {
    await recordStaffAction(db, account, 'sign-in', `account:${account.id}`, null, {
      step: 'password',
      address: request.client.address,
    });
  }
  return session;
}
