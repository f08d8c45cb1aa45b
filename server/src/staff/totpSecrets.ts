// TOTP secrets at rest: sealed with AES-256-GCM under a key that is not in the database (STAFF_TOTP_KEYS, or a key
// file in DATA_DIR), so a copy of the database (a backup, a leaked dump, a read-only SQL injection) holds no secret
// that makes a staff member's codes. Each sealed value is bound to its row (`account:<id>`, `session:<id>`): moved to
// another account it no longer opens. Rotation: a new key goes first in the list, the old ones stay after it for
// reading; every start re-seals what an older key (or no key) sealed, after which the old key can be dropped.
// Each use seals under a sub-key of its own (HKDF-SHA256 of the key, labelled by the purpose: the TOTP secrets'
// 'totp-secret', the quotation links' 'quotation-link-seal'), so no two uses share a key; values sealed before, under
// the key itself ('v1'), still open (a link mailed from the outbox later; the TOTP secrets re-sealed at start).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { TOTP_KEY_BYTES, TOTP_KEY_ID_PATTERN, type TotpKey } from '../platform/config.js';

// The key's shape is the configuration's (STAFF_TOTP_KEYS): config.ts checks it, so it is defined there.
export { TOTP_KEY_BYTES, TOTP_KEY_ID_PATTERN, type TotpKey };

// v2: under the purpose's sub-key; v1: under the key itself (the scheme before sub-keys)
const SEALED = /^(v[12])\.([a-z0-9-]{1,32})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/** The TOTP secrets' purpose: their sub-key's label. */
export const TOTP_SECRET_PURPOSE = 'totp-secret';

/** The sub-key of `key` for `purpose`: HKDF-SHA256, no salt (the key is random already), the purpose as its info. */
const subKey = (key: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `crescent-staff-seal:${purpose}`, TOTP_KEY_BYTES));

/**
 * Seals and opens short secrets for one purpose (the TOTP secrets by default) with the first key of a list, opening
 * with any of them; `forPurpose` gives the box of another use of the same keys.
 */
export class TotpSecretBox {
  readonly #given: readonly TotpKey[];
  readonly #keys: ReadonlyMap<string, { key: Buffer; sub: Buffer }>;
  readonly #current: { id: string; sub: Buffer };

  constructor(
    keys: readonly TotpKey[],
    readonly purpose: string = TOTP_SECRET_PURPOSE,
  ) {
    const [current] = keys;
    if (current === undefined) throw new Error('TOTP secrets need at least one key');
    for (const { id, key } of keys) {
      if (!TOTP_KEY_ID_PATTERN.test(id) || key.length !== TOTP_KEY_BYTES)
        throw new Error(`TOTP key ${id}: an id of a-z, 0-9 and - and ${TOTP_KEY_BYTES} bytes`);
    }
    this.#given = keys;
    this.#keys = new Map(keys.map(({ id, key }) => [id, { key, sub: subKey(key, purpose) }]));
    this.#current = { id: current.id, sub: this.#keys.get(current.id)!.sub };
  }

  /** The box of the same keys for another use: what it seals opens in no other purpose's box. */
  forPurpose(purpose: string): TotpSecretBox {
    return new TotpSecretBox(this.#given, purpose);
  }

  /** `secret` sealed for the row `boundTo` under the current key's sub-key for this purpose. */
  seal(secret: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#current.sub, iv).setAAD(Buffer.from(boundTo, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      'v2',
      this.#current.id,
      iv.toString('base64url'),
      sealed.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('.');
  }

  /**
   * The secret in `stored` if it was sealed for `boundTo` by one of the keys (for this purpose, or under the key itself
   * before sub-keys); a TOTP secret from before sealing (base32) as it is, until the next start re-seals it. Undefined for anything else: tampered, moved, or sealed by a
   * key no longer given.
   */
  open(stored: string, boundTo: string): string | undefined {
    const parts = SEALED.exec(stored);
    // a TOTP secret from before sealing: only the TOTP secrets ever had those
    if (parts === null)
      return this.purpose === TOTP_SECRET_PURPOSE && /^[A-Z2-7]+=*$/.test(stored) ? stored : undefined;
    const [, version, id, iv, sealed, tag] = parts as unknown as [string, 'v1' | 'v2', string, string, string, string];
    const keys = this.#keys.get(id);
    if (keys === undefined) return undefined;
    const key = version === 'v2' ? keys.sub : keys.key;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(
        Buffer.from(boundTo, 'utf8'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** Whether `stored` is sealed by the current key's sub-key (else the next start re-seals it). */
  isCurrent(stored: string): boolean {
    const parts = SEALED.exec(stored);
    return parts?.[1] === 'v2' && parts[2] === this.#current.id;
  }
}

/** The box of STAFF_TOTP_KEYS, or of the key kept in `keyFile` (made on first use) when none is given. */
export const totpSecretBoxOf = async (keys: readonly TotpKey[] | undefined, keyFile: string): Promise<TotpSecretBox> =>
  new TotpSecretBox(keys ?? [await localTotpKey(keyFile)]);

export const accountBinding = (accountId: number) => `account:${accountId}`;
export const sessionBinding = (sessionId: string) => `session:${sessionId}`;

/**
 * The key of a site that gives none (STAFF_TOTP_KEYS unset): made once in DATA_DIR, readable by the server's user
 * only. Kept beside the embedded database, it protects a copy of a PostgreSQL database, not of the data folder.
 */
export async function localTotpKey(file: string): Promise<TotpKey> {
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== TOTP_KEY_BYTES)
      throw new Error(`${file} does not hold a key of ${TOTP_KEY_BYTES} bytes in base64`);
    return { id: 'local', key };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(TOTP_KEY_BYTES);
  // 'wx': two processes starting together do not overwrite each other's key; the loser reads the winner's
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return localTotpKey(file);
    throw error;
  }
  return { id: 'local', key };
}

/**
 * Re-seals under the current key every TOTP secret (accounts' and set-ups in progress) that is not: plain ones from
 * before sealing, and those of a key being rotated out. A value no key opens is left as it is (its account's codes
 * fail until an administrator resets its second factor). Returns how many were re-sealed.
 */
export async function resealTotpSecrets(db: Kysely<DatabaseSchema>, box: TotpSecretBox): Promise<number> {
  let resealed = 0;
  const accounts = await db
    .selectFrom('staff_accounts')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  for (const { id, totp_secret: stored } of accounts) {
    if (stored === null || box.isCurrent(stored)) continue;
    const secret = box.open(stored, accountBinding(id));
    if (secret === undefined) continue;
    // only if unchanged meanwhile (another process re-sealing, a new set-up)
    const { numUpdatedRows } = await db
      .updateTable('staff_accounts')
      .set({ totp_secret: box.seal(secret, accountBinding(id)) })
      .where('id', '=', id)
      .where('totp_secret', '=', stored)
      .executeTakeFirst();
    resealed += Number(numUpdatedRows);
  }
  const pending = await db
    .selectFrom('staff_sessions')
    .select(['id', 'pending_totp_secret'])
    .where('pending_totp_secret', 'is not', null)
    .execute();
  for (const { id, pending_totp_secret: stored } of pending) {
    if (stored === null || box.isCurrent(stored)) continue;
    const secret = box.open(stored, sessionBinding(id));
    if (secret === undefined) continue;
    const { numUpdatedRows } = await db
      .updateTable('staff_sessions')
      .set({ pending_totp_secret: box.seal(secret, sessionBinding(id)) })
      .where('id', '=', id)
      .where('pending_totp_secret', '=', stored)
      .executeTakeFirst();
    resealed += Number(numUpdatedRows);
  }
  return resealed;
}
