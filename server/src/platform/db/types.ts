import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** What one statement returned: its rows, and for insert/update/delete the rows it touched. */
export interface RunResult<T> {
  rows: T[];
  affectedRows?: number;
}

/** Anything that runs one parameterised SQL statement ($1, $2... placeholders). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** A Queryable that also tells how many rows a statement touched (what Kysely's results carry). */
export interface Statements extends Queryable {
  run<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<RunResult<T>>;
}

/** A connection inside a transaction: also runs multi-statement scripts (migrations). */
export interface Transaction extends Statements {
  /** Runs a script of one or more statements, without parameters. */
  exec(sql: string): Promise<void>;
}

/**
 * The database client: the same SQL runs on both kinds:
 * - 'embedded': PGlite (PostgreSQL compiled to WASM) in a folder, the default;
 * - 'postgres': a PostgreSQL server through a `pg` pool, when DATABASE_URL is set.
 *
 * Result types are the same on both: int8/bigint (ids, count(*)) come back as JS numbers,
 * numeric as strings, timestamptz as Date, json/jsonb parsed.
 */
export interface DatabaseClient extends Statements {
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives, for logs: the PGlite folder, or the redacted connection string. */
  readonly location: string;
  /** Runs fn in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel` (by any process, once its transaction commits; sent
   * with notifyChannel, which names the channel after the schema as this does: db/channels.ts). After
   * a lost connection is made again `onNotify` gets `undefined`: notifications may have been missed, read the state
   * again. Resolves once listening; the function it gives stops it.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** A pool's connections now (PostgreSQL's; the embedded database has none), for the operator's metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** The one database interface the server uses: the client, and Kysely over it typed by the declared schema. */
export interface Database extends DatabaseClient {
  /** Typed queries (db/schema.ts); `kysely.transaction().execute(fn)` for a transaction. */
  readonly kysely: Kysely<DatabaseSchema>;
}
