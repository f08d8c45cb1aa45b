// The buyer's passkeys and their ceremonies' challenges (migration 054). A challenge is kept as its SHA-256 and spent
// once, by the purpose (and, adding a passkey, the account) it was made for: an answer replayed, or made for another
// account's ceremony, finds nothing to spend.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { newToken, sqlInstant, tokenHash } from '../accountTokens.js';

/** How long a ceremony may take, from its options to its answer. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** Passkeys one account may hold: enough for every device a buyer has, not a table to fill. */
export const PASSKEYS_PER_ACCOUNT = 20;

export type ChallengePurpose = 'add' | 'sign-in';

export interface BuyerPasskey {
  id: string;
  accountId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export interface PasskeyListing {
  id: string;
  device: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A new challenge (base64url) for `purpose`, kept for PASSKEY_CHALLENGE_MS; spent challenges' leftovers cleared. */
export async function createChallenge(
  db: Kysely<DatabaseSchema>,
  purpose: ChallengePurpose,
  accountId: number | null,
  now: number,
): Promise<string> {
  await db.deleteFrom('buyer_passkey_challenges').where('expires_at', '<=', sqlInstant(now)).execute();
  const challenge = newToken();
  await db
    .insertInto('buyer_passkey_challenges')
    .values({
      id: tokenHash(challenge),
      purpose,
      account_id: accountId,
      expires_at: sqlInstant(now + PASSKEY_CHALLENGE_MS),
    })
    .execute();
  return challenge;
}

/** Spends `challenge` if it is live and was made for `purpose` (and `accountId`); resolves to whether it was. */
export async function spendChallenge(
  db: Kysely<DatabaseSchema>,
  challenge: string,
  purpose: ChallengePurpose,
  accountId: number | null,
  now: number,
): Promise<boolean> {
  const spent = await db
    .deleteFrom('buyer_passkey_challenges')
    .where('id', '=', tokenHash(challenge))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', sqlInstant(now))
    .where((eb) => (accountId === null ? eb('account_id', 'is', null) : eb('account_id', '=', accountId)))
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

export async function passkeyById(db: Kysely<DatabaseSchema>, id: string): Promise<BuyerPasskey | undefined> {
  const row = await db
    .selectFrom('buyer_passkeys')
    .select(['id', 'account_id', 'public_key', 'sign_count', 'transports'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        id: row.id,
        accountId: row.account_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: Number(row.sign_count),
        transports: row.transports === '' ? [] : row.transports.split(','),
      };
}

/** The account's passkeys, the latest added first. */
export async function passkeysOfAccount(db: Kysely<DatabaseSchema>, accountId: number): Promise<PasskeyListing[]> {
  const rows = await db
    .selectFrom('buyer_passkeys')
    .select(['id', 'device', 'created_at', 'last_used_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  }));
}

/** Stores a verified passkey of its account, unless the account holds PASSKEYS_PER_ACCOUNT or the id is on one. */
export async function addPasskey(
  db: Kysely<DatabaseSchema>,
  passkey: BuyerPasskey & { device: string },
  now: number,
): Promise<'added' | 'full' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    // one account's additions in turn: the count below stays true until this one is in
    await trx
      .selectFrom('buyer_accounts')
      .select('id')
      .where('id', '=', passkey.accountId)
      .forUpdate()
      .executeTakeFirst();
    const { held } = await trx
      .selectFrom('buyer_passkeys')
      .select((eb) => eb.fn.countAll<number>().as('held'))
      .where('account_id', '=', passkey.accountId)
      .executeTakeFirstOrThrow();
    if (Number(held) >= PASSKEYS_PER_ACCOUNT) return 'full';
    const added = await trx
      .insertInto('buyer_passkeys')
      .values({
        id: passkey.id,
        account_id: passkey.accountId,
        public_key: Buffer.from(passkey.publicKey).toString('base64url'),
        sign_count: passkey.counter,
        transports: passkey.transports.join(','),
        device: passkey.device.slice(0, 100),
        created_at: sqlInstant(now),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return added === undefined ? 'taken' : 'added';
  });
}

/** A passkey used to sign in: its new counter and when. */
export async function recordPasskeyUse(
  db: Kysely<DatabaseSchema>,
  id: string,
  counter: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('buyer_passkeys')
    .set({ sign_count: counter, last_used_at: new Date(now).toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Removes one of the account's passkeys (another account's id removes nothing); resolves to whether it did. */
export async function removePasskey(db: Kysely<DatabaseSchema>, accountId: number, id: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('buyer_passkeys')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}
