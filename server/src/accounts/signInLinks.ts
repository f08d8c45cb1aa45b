// The e-mail sign-in links: a link's token is 32 random bytes, kept in the database as its SHA-256 only (the token
// itself travels sealed in its mail's outbox row: signInMail.ts). A link signs in once, within LINK_LIFETIME_MS; the
// spend is one UPDATE, so two clicks racing each other sign in once.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Locale } from '@site/contracts/locale';
import type { DatabaseSchema } from '../platform/db/index.js';
import { newToken, sqlInstant, tokenHash, TOKEN_PATTERN } from './accountTokens.js';

/** 15 minutes, as the issue and the mail say. */
export const LINK_LIFETIME_MS = 15 * 60_000;
/** Links sent to one address in LINKS_PER_ADDRESS_WINDOW_MS, at most: more are not sent (the answer stays the same). */
export const LINKS_PER_ADDRESS = 5;
export const LINKS_PER_ADDRESS_WINDOW_MS = 60 * 60_000;

/**
 * A new link for `email`, unless the address has had LINKS_PER_ADDRESS in the last hour (undefined then). Spent and
 * ended links older than a day are cleared on the way.
 */
export async function createSignInLink(
  db: Kysely<DatabaseSchema>,
  email: string,
  language: Locale,
  now: number,
): Promise<{ token: string; id: string } | undefined> {
  await db
    .deleteFrom('buyer_sign_in_links')
    .where('expires_at', '<=', sqlInstant(now - 24 * 60 * 60_000))
    .execute();
  const { count } = await db
    .selectFrom('buyer_sign_in_links')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', sqlInstant(now - LINKS_PER_ADDRESS_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(count) >= LINKS_PER_ADDRESS) return undefined;
  const token = newToken();
  const id = tokenHash(token);
  await db
    .insertInto('buyer_sign_in_links')
    .values({ id, email, language, created_at: sqlInstant(now), expires_at: sqlInstant(now + LINK_LIFETIME_MS) })
    .execute();
  return { token, id };
}

/** The condition of a link that still signs in: the token's, unspent, before its end. */
const liveLink = (token: string, now: number) => (eb: ExpressionBuilder<DatabaseSchema, 'buyer_sign_in_links'>) =>
  eb.and([eb('id', '=', tokenHash(token)), eb('used_at', 'is', null), eb('expires_at', '>', sqlInstant(now))]);

/** The link a token names, unspent and in time, without spending it (the page that asks to confirm). */
export async function liveSignInLink(
  db: Kysely<DatabaseSchema>,
  token: string,
  now: number,
): Promise<{ email: string } | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return db.selectFrom('buyer_sign_in_links').select('email').where(liveLink(token, now)).executeTakeFirst();
}

/** Spends a link: its address, once; undefined when it is unknown, spent or past its end. */
export async function spendSignInLink(
  db: Kysely<DatabaseSchema>,
  token: string,
  now: number,
): Promise<{ email: string } | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return db
    .updateTable('buyer_sign_in_links')
    .set({ used_at: new Date(now).toISOString() })
    .where(liveLink(token, now))
    .returning('email')
    .executeTakeFirst();
}
