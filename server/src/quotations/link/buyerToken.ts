// The buyer's link token: 32 random bytes (256 bits) in base64url, made when a quotation is sent; only its SHA-256 is
// kept with the quotation, so a copy of the database opens no quotation.
import { createHash, randomBytes } from 'node:crypto';

/** A token's shape: 43 base64url characters (32 bytes). Anything else is not looked up at all. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newBuyerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: buyerTokenHash(token) };
}

export const buyerTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The hash to look a given token up by, or undefined for a text that cannot be a token. */
export const lookupHash = (token: string): string | undefined =>
  TOKEN.test(token) ? buyerTokenHash(token) : undefined;
