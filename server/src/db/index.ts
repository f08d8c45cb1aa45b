import path from 'node:path';
import type { Config } from '../config.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export type { Database, Queryable, Transaction } from './types.js';
export { runMigrations } from './migrate.js';
export { MIGRATIONS, type Migration } from './migrations/index.js';
export { describeError } from './errors.js';

/** The embedded database's folder for a given data folder. */
export const pgliteDir = (dataDir: string): string => path.join(dataDir, 'pglite');

/**
 * PostgreSQL through a `pg` pool when config.databaseUrl is set, otherwise the embedded PGlite
 * database in <dataDir>/pglite. Throws a clear Error when it cannot open or connect.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl);
  return openPglite(pgliteDir(config.dataDir));
}
