// What the staff tests need to sign in through the API: the session cookie an answer sets, and TOTP codes.
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';

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
