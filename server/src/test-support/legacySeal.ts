// A value sealed as the staff's TotpSecretBox sealed before each use had a sub-key of its own ('v1': AES-256-GCM under
// the key itself), for the tests that prove such values still open: TOTP secrets until re-sealed, links in the outbox.
import { createCipheriv, randomBytes } from 'node:crypto';
import type { TotpKey } from '../staff/totpSecrets.js';

export function sealAsBefore({ id, key }: TotpKey, text: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [
    'v1',
    id,
    iv.toString('base64url'),
    sealed.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}
