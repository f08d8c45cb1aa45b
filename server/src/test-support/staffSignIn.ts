// What the staff tests need to sign in through the API: accounts, the session cookie an answer sets, TOTP codes, calls.
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { CSRF_HEADER, mustUseSecondFactor, STAFF_API, type StaffSession } from '@site/contracts/staff-api';
import type { Database } from '../platform/db/index.js';
import { hashPassword } from '../staff/passwords.js';

/**
 * The Host of the staff app's origin (platform/http/staffSurface.ts) for an injected request: the staff routes of a
 * whole app (buildApp) answer only there, as a browser reaches them at STAFF_ORIGIN or the staff port. A bare instance
 * with the staff routes alone has no such split.
 */
export const onStaffOrigin = (app: FastifyInstance): { host?: string } =>
  app.hasDecorator('staffSurface') ? { host: new URL(app.staffSurface.origin()).host } : {};

/** The `name=value` of the session cookie an answer sets. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const found = cookies.find((cookie) => /^(__Host-)?staff_session=/.test(cookie));
  assert.ok(found !== undefined, `a session cookie is set (got ${JSON.stringify(header)}): ${res.body}`);
  return found.split(';')[0]!;
}

/** The code of a base32 TOTP secret in a 30-second step. */
export const codeAt = (secret: string, step: number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
/** The 30-second step of now. */
export const currentStep = (): number => Math.floor(Date.now() / 30_000);
/** How close to a step's end a request may reach the server in another step: the tests' margin at the edge. */
const STEP_EDGE_MS = 2_000;
/**
 * The earliest step the server still accepts when the request reaches it: the one before its clock's, unless a step
 * starts within STEP_EDGE_MS (the server's clock would then be past the step before ours, and refuse it).
 */
export const earliestAcceptedStep = (): number => Math.floor((Date.now() + STEP_EDGE_MS) / 30_000) - 1;
/** Waits out the end of the current step when less than STEP_EDGE_MS of it is left: the step before stays accepted meanwhile. */
export async function clearOfStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < STEP_EDGE_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The password of every account these helpers add. */
export const STAFF_TEST_PASSWORD = 'amber falcon quietly 71';

/** A signed-in staff member as the tests send for them: the session cookie and its CSRF token. */
export interface StaffCaller {
  cookie: string;
  csrf: string;
}

/**
 * The second factor of the accounts addStaffAccount adds for a role that must have one (catalogue, release): a plain
 * base32 secret, which the server opens as it is (a secret from before sealing) and re-seals at its next start.
 */
export const STAFF_TEST_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF';

/**
 * Adds an account with STAFF_TEST_PASSWORD: branch staff without a second step; the catalogue and release roles (which
 * must have one) with STAFF_TEST_TOTP_SECRET on, as after their first sign-in's set-up. The release role's `remotes`
 * are comma-separated (default `catalogue`).
 */
export async function addStaffAccount(
  db: Database,
  email: string,
  role: 'catalogue' | 'branch' | 'release',
  branch: string | null = null,
  remotes = 'catalogue',
): Promise<void> {
  const withTotp = mustUseSecondFactor({ role });
  await db.query(
    'insert into staff_accounts (email, password_hash, role, branch, remotes, totp_secret, totp_enabled_at) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      email,
      await hashPassword(STAFF_TEST_PASSWORD),
      role,
      branch,
      role === 'release' ? remotes : null,
      withTotp ? STAFF_TEST_TOTP_SECRET : null,
      withTotp ? new Date() : null,
    ],
  );
}

/** The last TOTP step signInStaff sent per e-mail: the server takes each step once per account. */
const stepsUsed = new Map<string, number>();

/**
 * The next step for `email` the server accepts (one either side of its clock, later than the last one used): an
 * account signed in more than three times within one 30 s step waits for the next.
 */
async function nextStep(email: string): Promise<number> {
  for (;;) {
    const step = Math.max(earliestAcceptedStep(), (stepsUsed.get(email) ?? -Infinity) + 1);
    if (step <= currentStep() + 1) {
      stepsUsed.set(email, step);
      return step;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Signs an account added by addStaffAccount in through the API, with its second step when it has one. */
export async function signInStaff(app: FastifyInstance, email: string): Promise<StaffCaller> {
  const res = await app.inject({
    method: 'POST',
    url: STAFF_API.signIn,
    headers: onStaffOrigin(app),
    payload: { email, password: STAFF_TEST_PASSWORD },
  });
  assert.equal(res.statusCode, 200, res.body);
  if (res.json<StaffSession>().state !== 'second-factor')
    return { cookie: sessionCookieOf(res), csrf: res.json<StaffSession>().csrfToken };
  const code = codeAt(STAFF_TEST_TOTP_SECRET, await nextStep(email));
  const done = await app.inject({
    method: 'POST',
    url: STAFF_API.secondFactor,
    headers: { ...onStaffOrigin(app), cookie: sessionCookieOf(res) },
    payload: { code },
  });
  assert.equal(done.statusCode, 200, done.body);
  return { cookie: sessionCookieOf(done), csrf: done.json<StaffSession>().csrfToken };
}

/** A staff call as the staff app sends it: the cookie, the CSRF header on a change, a JSON body (a string as it is). */
export function staffCall(
  app: FastifyInstance,
  who: StaffCaller,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...onStaffOrigin(app),
      cookie: who.cookie,
      ...(method === 'GET' ? {} : { [CSRF_HEADER]: who.csrf }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
