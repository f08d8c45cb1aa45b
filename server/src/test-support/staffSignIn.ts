// What the staff tests need to sign in through the API: accounts, the session cookie an answer sets, TOTP codes, calls.
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { CSRF_HEADER, STAFF_API, type StaffSession } from '@site/contracts/staff-api';
import type { Database } from '../platform/db/index.js';
import { hashPassword } from '../staff/passwords.js';

/** The `name=value` of the session cookie an answer sets. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const found = cookies.find((cookie) => /^(__Host-)?staff_session=/.test(cookie));
  assert.ok(found !== undefined, `a session cookie is set (got ${JSON.stringify(header)}): ${res.body}`);
  return found.split(';')[0]!;
}

/** The code of a base32 TOTP secret in a 30-second step. */
export const codeAt = (secret: string, step: number): string => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
/** The 30-second step of now. */
export const currentStep = (): number => Math.floor(Date.now() / 30_000);

/** The password of every account these helpers add. */
export const STAFF_TEST_PASSWORD = 'amber falcon quietly 71';

/** A signed-in staff member as the tests send for them: the session cookie and its CSRF token. */
export interface StaffCaller {
  cookie: string;
  csrf: string;
}

/** Adds an account without a second step (catalogue role or branch staff), with STAFF_TEST_PASSWORD. */
export async function addStaffAccount(db: Database, email: string, role: 'catalogue' | 'branch', branch: string | null = null): Promise<void> {
  await db.query('insert into staff_accounts (email, password_hash, role, branch) values ($1, $2, $3, $4)', [email, await hashPassword(STAFF_TEST_PASSWORD), role, branch]);
}

/** Signs an account added by addStaffAccount in through the API. */
export async function signInStaff(app: FastifyInstance, email: string): Promise<StaffCaller> {
  const res = await app.inject({ method: 'POST', url: STAFF_API.signIn, payload: { email, password: STAFF_TEST_PASSWORD } });
  assert.equal(res.statusCode, 200, res.body);
  return { cookie: sessionCookieOf(res), csrf: res.json<StaffSession>().csrfToken };
}

/** A staff call as the staff app sends it: the cookie, the CSRF header on a change, a JSON body (a string as it is). */
export function staffCall(app: FastifyInstance, who: StaffCaller, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: who.csrf }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
