import { createHash } from 'node:crypto';
import { LOCK_CLASS, SINGLE_KEY_LOCK } from './advisoryLocks.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration } from './migrations/types.js';
import type { Database } from './types.js';

/**
 * The advisory lock every migration run on the database takes first, whatever its schema: a migration can create what
 * the whole database shares (009's `create extension if not exists pg_trgm`), and two runs in two schemas at once
 * would both try to create it, the second failing on pg_extension's unique name. The per-schema lock stays, after
 * it, so that a process of an earlier release, which takes only that one, still takes turns with this one.
 */
const DATABASE_LOCK_KEY = SINGLE_KEY_LOCK.migrationsOfDatabase;
/** The advisory lock that serialises migration runs on one schema (the second key is the schema). */
const LOCK_KEY = LOCK_CLASS.migrationsOfSchema;

export interface MigrationResult {
  /** Versions applied by this run, in order (empty when the database was up to date). */
  applied: string[];
}

/**
 * Applies the pending migrations in order, in one transaction, recording each in schema_migrations.
 * Safe when several processes start at once on PostgreSQL, on one schema or several of one database:
 * pg_advisory_xact_lock makes them take turns, and the later ones find nothing left to do. A migration edited after it
 * was applied is an error.
 */
export async function runMigrations(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationResult> {
  checkOrder(migrations);
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${DATABASE_LOCK_KEY})`);
    await tx.query(`select pg_advisory_xact_lock(${LOCK_KEY}, hashtext(coalesce(current_schema(), '')))`);
    await tx.exec(`
      create table if not exists schema_migrations (
        version    text primary key,
        name       text not null,
        checksum   text not null,
        applied_at timestamptz not null default now()
      )`);
    const rows = await tx.query<{ version: string; checksum: string }>(
      'select version, checksum from schema_migrations',
    );
    const done = new Map(rows.map((row) => [row.version, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const sum = migrationChecksum(migration.sql);
      const previous = done.get(migration.version);
      if (previous !== undefined) {
        if (previous !== sum) {
          throw new Error(
            `Migration ${migration.version}_${migration.name} was changed after it was applied to this database. ` +
              'Put schema changes in a new migration; for a throw-away local database, delete its data folder.',
          );
        }
        continue;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${message}`, { cause: error });
      }
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        sum,
      ]);
      applied.push(migration.version);
    }
    return { applied };
  });
}

/** What schema_migrations keeps of a migration's SQL, to refuse one edited after it was applied. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

function checkOrder(migrations: readonly Migration[]): void {
  let last = '';
  for (const migration of migrations) {
    if (!/^\d{3}$/.test(migration.version) || migration.version <= last) {
      throw new Error(
        `Migrations must have three-digit, strictly increasing versions: "${migration.version}" comes after "${last}"`,
      );
    }
    last = migration.version;
  }
}
