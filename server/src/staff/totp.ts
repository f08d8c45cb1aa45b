// The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, one step of clock drift either way)
// with otpauth, its QR code as SVG with qrcode, and one-time recovery codes.
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'Crescent Electrical staff';
const PERIOD_SECONDS = 30;

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  // the defaults authenticator apps all read: SHA-1, 6 digits, 30 s
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URL an authenticator app reads from the QR code, and the code as an SVG image. */
export async function totpEnrolment(secret: string, email: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totpOf(secret, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrSvg };
}

/**
 * The time step `code` is valid for at `nowMs` (this step, the one before or the one after), or undefined. The caller
 * accepts it only when the step is later than the last one used (storeTotpStep), so a code cannot be replayed.
 */
export function totpStep(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret, 'check').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? undefined : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** Does `code` look like a TOTP code (else it is taken as a recovery code)? Spaces are allowed ('123 456'). */
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

// ---- recovery codes ----

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: read off paper without doubt. 31 letters: ~49.5 bits a code, guessed only through the lockout. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new codes, written 'xxxxx-xxxxx'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What the database keeps of a recovery code: the SHA-256 of its letters in lower case, without spaces or hyphens
 * (so 'ABCDE FGHJK' is the same code). Random codes need no slow hash: there is no dictionary to try.
 */
export function recoveryCodeHash(code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`staff-recovery-code\n${normalised}`).digest('hex');
}
