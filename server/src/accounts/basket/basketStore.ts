// The account's basket and the browsers that keep it (migration 058; docs/accounts.md, "The basket on every device").
// A hand-off code and a browser's token are 32 random bytes; the database keeps their SHA-256 only. A code connects
// once, within HANDOFF_LIFETIME_MS, and only with the state it was made for (the browser that asked has its cookie):
// the spend is one UPDATE, so two tries racing each other connect once.
import type { Kysely } from 'kysely';
import type { BasketLine } from '@site/contracts/basket-api-schemas';
import { QUOTE_LIMITS } from '@site/content/validation';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { asDate, newToken, sqlInstant, tokenHash, TOKEN_PATTERN } from '../accountTokens.js';

type Db = Kysely<DatabaseSchema>;

/** A code lives two minutes: the browser is sent on with it at once. */
export const HANDOFF_LIFETIME_MS = 2 * 60_000;
/** A browser not used for 90 days keeps the basket no more (its cookies last as long). */
export const BROWSER_IDLE_MS = 90 * 24 * 60 * 60_000;

/** A new hand-off state: the browser keeps it in a cookie, the account's page carries it to its code. */
export const newHandoffState = newToken;

/** A one-time code connecting a browser (the one holding `state`) to `accountId`'s basket. Old codes go on the way. */
export async function createHandoff(db: Db, accountId: number, state: string, now: number): Promise<string> {
  await db
    .deleteFrom('buyer_basket_handoffs')
    .where('expires_at', '<=', sqlInstant(now - 60 * 60_000))
    .execute();
  const code = newToken();
  await db
    .insertInto('buyer_basket_handoffs')
    .values({
      code_hash: tokenHash(code),
      account_id: accountId,
      state_hash: tokenHash(state),
      expires_at: sqlInstant(now + HANDOFF_LIFETIME_MS),
    })
    .execute();
  return code;
}

/** Spends `code` for the browser holding `state`: the account it connects, or undefined (spent, late, not its state). */
export async function spendHandoff(db: Db, code: string, state: string, now: number): Promise<number | undefined> {
  if (!TOKEN_PATTERN.test(code) || !TOKEN_PATTERN.test(state)) return undefined;
  const row = await db
    .updateTable('buyer_basket_handoffs')
    .set({ used_at: new Date(now).toISOString() })
    .where('code_hash', '=', tokenHash(code))
    .where('state_hash', '=', tokenHash(state))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sqlInstant(now))
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** Connects a browser to `accountId`'s basket: its token (given once, never stored). */
export async function connectBrowser(db: Db, accountId: number, userAgent: string, now: number): Promise<string> {
  await db
    .deleteFrom('buyer_basket_browsers')
    .where('last_used_at', '<=', sqlInstant(now - BROWSER_IDLE_MS))
    .execute();
  const token = newToken();
  await db
    .insertInto('buyer_basket_browsers')
    .values({
      token_hash: tokenHash(token),
      account_id: accountId,
      user_agent: userAgent.slice(0, 200),
      created_at: sqlInstant(now),
      last_used_at: sqlInstant(now),
    })
    .execute();
  return token;
}

export interface ConnectedBrowser {
  tokenHash: string;
  accountId: number;
}

/** The browser a token names, if it is connected and not idle past BROWSER_IDLE_MS; marked used. */
export async function browserOf(db: Db, token: string | undefined, now: number): Promise<ConnectedBrowser | undefined> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .updateTable('buyer_basket_browsers')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('token_hash', '=', tokenHash(token))
    .where('last_used_at', '>', sqlInstant(now - BROWSER_IDLE_MS))
    .returning(['token_hash', 'account_id'])
    .executeTakeFirst();
  return row === undefined ? undefined : { tokenHash: row.token_hash, accountId: row.account_id };
}

/** The account's basket: its lines as last stored (none when it has never had one). */
export async function basketOf(db: Db, accountId: number): Promise<BasketLine[]> {
  const row = await db
    .selectFrom('buyer_baskets')
    .select('lines')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  // stored only after basketLineSchema's check (basketRoutes.ts)
  return (row?.lines ?? []) as BasketLine[];
}

async function storeBasket(db: Db, accountId: number, lines: readonly BasketLine[], now: number): Promise<void> {
  const json = JSON.stringify(lines);
  await db
    .insertInto('buyer_baskets')
    .values({ account_id: accountId, lines: json, updated_at: sqlInstant(now) })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ lines: json, updated_at: sqlInstant(now) }))
    .execute();
}

/**
 * The account's basket with a browser's merged in: the account's lines in their order (a part in both keeps the larger
 * quantity: nothing either held is lost, nothing is counted twice), then the browser's other parts, while there is room.
 */
export function mergedLines(account: readonly BasketLine[], browser: readonly BasketLine[]): BasketLine[] {
  const fromBrowser = new Map(browser.map((line) => [line.code, line]));
  const merged = account.map((line) => {
    const other = fromBrowser.get(line.code);
    return other !== undefined && other.quantity > line.quantity ? { ...line, quantity: other.quantity } : line;
  });
  const codes = new Set(account.map((line) => line.code));
  for (const line of browser) if (!codes.has(line.code)) merged.push(line);
  return merged.slice(0, QUOTE_LIMITS.maxLines);
}

/**
 * The browser's basket merged into the account's, the first time this browser asks (claimed by one UPDATE, so two
 * first calls racing merge once); later, the account's basket as it is. Answers the account's basket, and whether
 * this call merged.
 */
export async function mergeBrowserBasket(
  db: Db,
  browser: ConnectedBrowser,
  lines: readonly BasketLine[],
  now: number,
): Promise<{ lines: BasketLine[]; merged: boolean }> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('buyer_basket_browsers')
      .set({ merged: true })
      .where('token_hash', '=', browser.tokenHash)
      .where('merged', '=', false)
      .returning('token_hash')
      .executeTakeFirst();
    const account = await basketOf(trx, browser.accountId);
    if (claimed === undefined) return { lines: account, merged: false };
    const merged = mergedLines(account, lines);
    await storeBasket(trx, browser.accountId, merged, now);
    return { lines: merged, merged: true };
  });
}

/** The basket as a connected browser now has it: the account's, on every device. */
export const replaceBasket = (db: Db, browser: ConnectedBrowser, lines: readonly BasketLine[], now: number) =>
  storeBasket(db, browser.accountId, lines, now);

/** A browser keeps its basket to itself again. */
export async function forgetBrowser(db: Db, browser: ConnectedBrowser): Promise<void> {
  await db.deleteFrom('buyer_basket_browsers').where('token_hash', '=', browser.tokenHash).execute();
}

/** The browsers keeping the account's basket (the devices page), the latest first. */
export async function browsersOf(
  db: Db,
  accountId: number,
): Promise<{ userAgent: string; createdAt: Date; lastUsedAt: Date }[]> {
  const rows = await db
    .selectFrom('buyer_basket_browsers')
    .select(['user_agent', 'created_at', 'last_used_at'])
    .where('account_id', '=', accountId)
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((row) => ({
    userAgent: row.user_agent,
    createdAt: asDate(row.created_at),
    lastUsedAt: asDate(row.last_used_at),
  }));
}

/** Every browser of the account keeps its basket to itself again (the devices page's "Disconnect all"). */
export async function forgetAllBrowsers(db: Db, accountId: number): Promise<number> {
  const result = await db.deleteFrom('buyer_basket_browsers').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
