import path from 'node:path';
import type { PlatformConfig } from '../config.js';
import { createKysely } from './kyselyDialect.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database, DatabaseClient } from './types.js';

export type { Database, DatabaseClient, Queryable, Transaction } from './types.js';
export type { DatabaseSchema, NewRow, Row, RowUpdate } from './schema.js';
export { runMigrations } from './migrate.js';
export { MIGRATIONS, type Migration } from './migrations/index.js';
export { describeError } from './errors.js';
export { PGLITE_EXTENSIONS, pgliteClient } from './pglite.js';

/** The embedded database's folder for a given data folder. */
export const pgliteDir = (dataDir: string): string => path.join(dataDir, 'pglite');

/**
 * PostgreSQL through a `pg` pool when config.databaseUrl is set, otherwise the embedded PGlite
 * database in <dataDir>/pglite. Throws a clear Error when it cannot open or connect.
 */
export async function openDatabase(config: Pick<PlatformConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const client =
    config.databaseUrl !== undefined
      ? await openPostgres(config.databaseUrl)
      : await openPglite(pgliteDir(config.dataDir));
  return withKysely(client);
}

/** The client with Kysely over it: both share the client's connections and transactions. */
export function withKysely(client: DatabaseClient): Database {
  return Object.assign(client, { kysely: createKysely(client) });
}
