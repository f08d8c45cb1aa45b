// What the routes of signing in (password, second factor, TOTP set-up, sign-out) share, made once by staffRoutes.ts,
// and the two answers of a failed attempt: the lock's 429, and the audit lines of a failure.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { recordStaffAction } from './audit.js';
import { LOCKOUT_WINDOW_MS, type Attempt, type FailureCounter } from './lockout.js';
import type { SessionGate } from './sessionGate.js';
import { MESSAGES } from './staffApiTerms.js';
import type { TotpSecretBox } from './totpSecrets.js';

export interface SignInContext {
  db: Kysely<DatabaseSchema>;
  gate: SessionGate;
  /** The failed sign-in lockout's counters (Redis, or the database). */
  failures: FailureCounter;
  /** Seals and opens the TOTP secrets stored in the database. */
  secrets: TotpSecretBox;
  /** The staff API's JSON check of a body (415 for any other). */
  requireJson: (request: FastifyRequest) => Promise<void>;
}

export const tooMany = (reply: FastifyReply) =>
  reply
    .code(429)
    .header('retry-after', String(LOCKOUT_WINDOW_MS / 1000))
    .send({ error: MESSAGES.tooMany });

/** A failed attempt (already counted by failures.attempt): written to the audit log, and the lock if it starts now. */
export async function recordFailedAttempt(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  attempt: Attempt,
  step: string,
  email: string,
): Promise<void> {
  // the e-mail is the visitor's text: a field of its own, never joined into a sentence it could extend
  const fields = { step, email, address: request.client.address };
  await recordStaffAction(db, null, 'sign-in failed', null, null, fields);
  if (attempt.last) await recordStaffAction(db, null, 'sign-in locked', null, null, fields);
}
