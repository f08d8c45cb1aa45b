// Following the catalogue's version across server processes: every change bumps catalogue_state.version and NOTIFYs
// it in its own transaction (state.ts), so a process listening hears of a change once it commits, whichever process
// (an import beside the servers on PostgreSQL, the editor in another instance) made it. Caches of catalogue pages and
// data key on this version and drop what an older one built.
import type { Database } from '../db/index.js';
import { CATALOGUE_CHANNEL, readCatalogueVersion } from './state.js';

export interface CatalogueVersionWatch {
  /** The newest version heard of (read at start, then from each notification). */
  current(): number;
  stop(): Promise<void>;
}

/** Calls `onChange(version)` each time the catalogue's version moves on. Resolves once listening. */
export async function watchCatalogueVersion(db: Database, onChange: (version: number) => void): Promise<CatalogueVersionWatch> {
  let version = await readCatalogueVersion(db.kysely);
  const advance = (next: number) => {
    if (!(next > version)) return;
    version = next;
    onChange(next);
  };
  const stop = await db.listen(CATALOGUE_CHANNEL, (payload) => {
    if (payload !== undefined && /^\d+$/.test(payload)) {
      advance(Number(payload));
      return;
    }
    // a reconnect (notifications may have been missed) or a payload not ours: read the version itself
    readCatalogueVersion(db.kysely).then(advance, () => undefined);
  });
  // a change committed between the first read and LISTEN would otherwise go unheard until the next one
  advance(await readCatalogueVersion(db.kysely));
  return { current: () => version, stop };
}
