// The two databases a DB-touching suite runs on: embedded PGlite in a temp folder, and PostgreSQL in a fresh database
// copied from a migrated template (postgresTemplate.ts), else a fresh schema (TEST_DATABASE_URL, else the local
// trust-auth server). Same rules as db/db.test.ts:
// PostgreSQL tests are skipped with the reason when the server is unreachable, and fail if REQUIRE_POSTGRES=1.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { openDatabase, runMigrations, type Database } from '../platform/db/index.js';
import { migratedDatabaseInMemory, placeMigratedDatabase } from './pgliteTemplate.js';
import { adminQuery, findPostgres } from './postgresFinder.js';
import { copyOfMigratedTemplate } from './postgresTemplate.js';

/** One empty, migrated database, and how to reach it from loadConfig (e.g. for the staff CLI). */
export interface TestDatabase {
  db: Database;
  /** Environment that points loadConfig at this database: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** Another handle on the same data: a second pool on PostgreSQL, the same instance on PGlite (one per folder). */
  openAnother(): Promise<Database>;
  cleanup(): Promise<void>;
}

export interface FreshOptions {
  /**
   * Another process (a CLI, a child server) or loadConfig opens it by `env`. Without it the embedded database lives in
   * memory (pgliteTemplate.ts says why), and reading its `env` is an error that says to ask for this.
   */
  openedByPath?: boolean;
}

export interface DatabaseTarget {
  name: string;
  fresh(options?: FreshOptions): Promise<TestDatabase>;
}

export const pgliteTarget: DatabaseTarget = {
  name: 'embedded PGlite',
  async fresh(options = {}) {
    // SERVER_TEST_PGLITE_ON_DISK=1: every embedded test database on disk, as before (to compare, or to tell the two apart)
    if (options.openedByPath !== true && process.env.SERVER_TEST_PGLITE_ON_DISK !== '1') {
      const db = await migratedDatabaseInMemory();
      return {
        db,
        get env(): Record<string, string> {
          throw new Error('This embedded test database is in memory: ask for it with fresh({ openedByPath: true })');
        },
        openAnother: async () => db,
        cleanup: () => db.close(),
      };
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-submissions-test-'));
    await placeMigratedDatabase(dataDir);
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    await runMigrations(db);
    return {
      db,
      env: { DATA_DIR: dataDir },
      openAnother: async () => db,
      async cleanup() {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/** A new empty schema on the server at `baseUrl`: the URL that selects it (search_path) and a way to drop it. */
export async function freshSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `drop schema if exists ${schema} cascade`) };
}

export function postgresTarget(baseUrl: string): DatabaseTarget {
  return {
    name: 'PostgreSQL',
    async fresh() {
      // a copy of the migrated template, else a schema of its own
      const schema = (await copyOfMigratedTemplate(baseUrl)) ?? (await freshSchema(baseUrl));
      const open = () => openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
      const db = await open();
      await runMigrations(db);
      const others: Database[] = [];
      return {
        db,
        env: { DATABASE_URL: schema.url },
        async openAnother() {
          const other = await open();
          others.push(other);
          return other;
        },
        async cleanup() {
          await Promise.all([db, ...others].map((handle) => handle.close()));
          await schema.drop();
        },
      };
    },
  };
}

export { adminQuery, findPostgres } from './postgresFinder.js';
export { placeMigratedDatabase } from './pgliteTemplate.js';

/**
 * The targets to run a suite on: PGlite always; PostgreSQL when reachable. When it is not, `skipped`
 * says why (the caller logs it and marks the test skipped); with REQUIRE_POSTGRES=1 that is an error.
 */
export async function postgresOrSkip(): Promise<{ target: DatabaseTarget } | { skipped: string }> {
  const found = await findPostgres();
  if ('reason' in found) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${found.reason} (REQUIRE_POSTGRES=1)`);
    return { skipped: found.reason };
  }
  return { target: postgresTarget(found.url) };
}

/**
 * Runs `suite` on PostgreSQL when it is reachable; otherwise logs why and marks the test skipped (an error with
 * REQUIRE_POSTGRES=1).
 */
export async function onPostgres(
  t: { skip(message?: string): void },
  suite: (target: DatabaseTarget) => Promise<void>,
): Promise<void> {
  const postgres = await postgresOrSkip();
  if ('skipped' in postgres) {
    console.log(`PostgreSQL tests skipped: ${postgres.skipped}`);
    t.skip(postgres.skipped);
    return;
  }
  await suite(postgres.target);
}

/**
 * A migration's test on both databases, each empty and not migrated: `suite` migrates as far as it needs, seeds rows
 * of the old form, then migrates the rest. Registers '<title> on embedded PGlite' and '<title> on PostgreSQL'.
 */
export function testOnEmptyDatabases(title: string, suite: (t: TestContext, db: Database) => Promise<void>): void {
  test(`${title} on embedded PGlite`, async (t) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-migration-test-'));
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    t.after(async () => {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    await suite(t, db);
  });
  test(`${title} on PostgreSQL`, async (t) => {
    const schema = await emptySchemaOrSkip(t);
    if (schema === undefined) return;
    const db = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    t.after(async () => {
      await db.close();
      await schema.drop();
    });
    await suite(t, db);
  });
}

/**
 * A new empty schema (not migrated) on the test server; undefined, with the test marked skipped and the reason logged,
 * when PostgreSQL is unreachable (an error with REQUIRE_POSTGRES=1).
 */
export async function emptySchemaOrSkip(t: {
  skip(message?: string): void;
}): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const found = await findPostgres();
  if ('reason' in found) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${found.reason} (REQUIRE_POSTGRES=1)`);
    console.log(`PostgreSQL tests skipped: ${found.reason}`);
    t.skip(found.reason);
    return undefined;
  }
  return freshSchema(found.url);
}
