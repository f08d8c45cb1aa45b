// Following the catalogue's version across server processes: every change bumps catalogue_state.version and NOTIFYs
// it in its own transaction (state.ts), so a process listening hears of a change once it commits, whichever process
// (an import beside the servers on PostgreSQL, the editor in another instance) made it. Caches of catalogue pages and
// data key on this version and drop what an older one built.
import type { Database } from '../platform/db/index.js';
import { watchVersion, type VersionWatch } from '../platform/db/versionWatch.js';
import { CATALOGUE_CHANNEL, readCatalogueVersion } from './state.js';

export type CatalogueVersionWatch = VersionWatch;

/** Calls `onChange(version)` each time the catalogue's version moves on. Resolves once listening. */
export const watchCatalogueVersion = (
  db: Database,
  onChange: (version: number) => void,
): Promise<CatalogueVersionWatch> => watchVersion(db, CATALOGUE_CHANNEL, readCatalogueVersion, onChange);
