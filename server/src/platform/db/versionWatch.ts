// Following a version number across server processes: a change bumps it and NOTIFYs it on a channel in its own
// transaction, so a process listening hears of the change once it commits, whichever process made it. What follows
// the catalogue's version (catalogue/changes.ts) and the remotes registry's (releases/liveRemotes.ts) both use this.
import type { Kysely } from 'kysely';
import type { Database, DatabaseSchema } from './index.js';

export interface VersionWatch {
  /** The newest version heard of (read at start, then from each notification). */
  current(): number;
  stop(): Promise<void>;
}

/** Calls `onChange(version)` each time the version read by `readVersion` moves on. Resolves once listening. */
export async function watchVersion(
  db: Database,
  channel: string,
  readVersion: (db: Kysely<DatabaseSchema>) => Promise<number>,
  onChange: (version: number) => void,
): Promise<VersionWatch> {
  let version = await readVersion(db.kysely);
  const advance = (next: number) => {
    if (!(next > version)) return;
    version = next;
    onChange(next);
  };
  const stop = await db.listen(channel, (payload) => {
    if (payload !== undefined && /^\d+$/.test(payload)) {
      advance(Number(payload));
      return;
    }
    // a reconnect (notifications may have been missed) or a payload not ours: read the version itself
    readVersion(db.kysely).then(advance, () => undefined);
  });
  // a change committed between the first read and LISTEN would otherwise go unheard until the next one
  advance(await readVersion(db.kysely));
  return { current: () => version, stop };
}
