// Every advisory lock the server takes, in one list: a lock is only as good as its key being nobody else's. The
// values are kept as released: processes of an earlier release take these same locks and must take turns with these.
// A single key and a pair of keys are separate spaces in PostgreSQL (the migrations' database-wide key and the
// reviews' class may share a number).
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** Locks of a single key. */
export const SINGLE_KEY_LOCK = {
  /** Every migration run on the database, whatever its schema (migrate.ts). */
  migrationsOfDatabase: 480_215_378,
  /** The quote confirmations mailed, counted for every address together. */
  quoteConfirmations: 731_904_221,
  /** The stock feeds: one applies at a time (stock/feedApply.ts). */
  stockFeeds: 318_604_527,
} as const;

/** Classes of locks of two keys: the class, then a hash of the name `takeTurn` is given. */
export const LOCK_CLASS = {
  /** Migration runs on one schema (the name: the schema). */
  migrationsOfSchema: 480_215_377,
  /** One client's reviews of one product. */
  reviewsOfClient: 480_215_378,
  /** The sign-in attempts at one staff account. */
  staffSignIn: 602_117_935,
} as const;

/**
 * Waits until no other transaction holds the lock (a single key, or a class and a name), then holds it until this
 * transaction ends: the work after it takes turns on every process on the database.
 */
export async function takeTurn(
  trx: Kysely<DatabaseSchema>,
  lock: { key: number } | { lockClass: number; name: string },
): Promise<void> {
  const call =
    'key' in lock
      ? sql<void>`pg_advisory_xact_lock(${lock.key})`
      : sql<void>`pg_advisory_xact_lock(${lock.lockClass}, hashtext(${lock.name}))`;
  await trx.selectNoFrom(call.as('locked')).execute();
}
