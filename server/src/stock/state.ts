// The stock's version: one number bumped by every feed that changed something, in the feed's transaction, and
// announced on a channel of its own (the catalogue's pattern, state.ts there; platform/db/versionWatch.ts): every
// server process hears of a change once it commits. Its own version, not the catalogue's: a stock change must not
// throw away the catalogue's caches (the product pages' HTML among them).
import { sql, type Kysely } from 'kysely';
import type { Database, DatabaseSchema } from '../platform/db/index.js';
import { notifyChannel } from '../platform/db/channels.js';
import { watchVersion, type VersionWatch } from '../platform/db/versionWatch.js';

/** The channel a stock change is announced on; the payload is the new version. */
export const STOCK_CHANNEL = 'stock_changed';

/** Bumps the version inside the caller's transaction and announces it on commit. Returns the new version. */
export async function bumpStockVersion(trx: Kysely<DatabaseSchema>): Promise<number> {
  const { version } = await trx
    .updateTable('stock_state')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: sql<Date>`now()` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  await notifyChannel(trx, STOCK_CHANNEL, String(version));
  return version;
}

export async function readStockVersion(db: Kysely<DatabaseSchema>): Promise<number> {
  const { version } = await db.selectFrom('stock_state').select('version').executeTakeFirstOrThrow();
  return Number(version);
}

export type StockVersionWatch = VersionWatch;

/** Calls `onChange(version)` each time the stock's version moves on. Resolves once listening. */
export const watchStockVersion = (db: Database, onChange: (version: number) => void): Promise<StockVersionWatch> =>
  watchVersion(db, STOCK_CHANNEL, readStockVersion, onChange);
