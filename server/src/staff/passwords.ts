// Staff passwords: argon2id through @node-rs/argon2 (prebuilt binaries, no install script), the policy a
// new password must meet, and the dummy verify that keeps an unknown e-mail as slow as a wrong password.
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~20–40 ms here, slow enough for an offline guesser, cheap
 * enough that a burst of sign-ins cannot starve the server. A stored hash carries its own parameters, so raising
 * these later still verifies the old ones.
 */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id: the package declares its enum as an ambient const enum, which isolatedModules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN_LENGTH = 12;
/** Longer is no safer and only costs hashing time. */
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Runs a verify as long as a real one, against a hash of a random password nobody knows: the sign-in of an unknown
 * e-mail takes the time of a wrong password, so the answer's timing does not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Set<string> | undefined;

/** zxcvbn-ts's list of the ~49,000 most common passwords (from leaked password sets), lower case. */
function isCommonPassword(candidate: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords.has(candidate);
}

/**
 * Why `password` may not be used, or undefined when it may: at least 12 characters, at most 256, and not a common
 * password, nor one with only digits or symbols added around it ('Password2024!'), nor one character or a short
 * run repeated, nor the account's own e-mail or its name part.
 */
export function passwordProblem(password: string, email?: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long (it has ${length}).`;
  if (length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (isCommonPassword(lower) || (core.length >= 4 && isCommonPassword(core))) {
    return 'That password is one of the most common passwords: choose another (a few unrelated words make a good one).';
  }
  if (/^(.{1,4})\1+$/su.test(password) || new Set(password).size < 4) {
    return 'That password repeats a few characters: choose another (a few unrelated words make a good one).';
  }
  if (email !== undefined) {
    const address = email.trim().toLowerCase();
    const name = address.split('@')[0] ?? '';
    if (lower.includes(address) || (name.length >= 4 && core === name.replace(/[^\p{L}]/gu, ''))) {
      return 'The password must not be the e-mail address or its name.';
    }
  }
  return undefined;
}

/** A password for `--generate-password`: 24 characters of base64url, ~144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
