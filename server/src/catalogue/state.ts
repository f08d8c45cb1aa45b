// The catalogue's version: one number bumped by every change (seed, import, editor), in the changing transaction.
// Caches of catalogue pages and data are keyed by it; the NOTIFY in the same transaction reaches every server process
// listening on the channel when (and only if) the change commits.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { notifyChannel } from '../platform/db/channels.js';

/** The channel a catalogue change is announced on; the payload is the new version. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** Bumps the version inside the caller's transaction and announces it on commit. Returns the new version. */
export async function bumpCatalogueVersion(trx: Kysely<DatabaseSchema>): Promise<number> {
  const { version } = await trx
    .updateTable('catalogue_state')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: sql<Date>`now()` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  await notifyChannel(trx, CATALOGUE_CHANNEL, String(version));
  return version;
}

export async function readCatalogueVersion(db: Kysely<DatabaseSchema>): Promise<number> {
  const { version } = await db.selectFrom('catalogue_state').select('version').executeTakeFirstOrThrow();
  return version;
}
