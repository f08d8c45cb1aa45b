/** Anything that runs one parameterised SQL statement ($1, $2... placeholders). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** A connection inside a transaction: also runs multi-statement scripts (migrations). */
export interface Transaction extends Queryable {
  /** Runs a script of one or more statements, without parameters. */
  exec(sql: string): Promise<void>;
}

/**
 * The one database interface the server uses. The same SQL runs on both kinds:
 * - 'embedded': PGlite (PostgreSQL compiled to WASM) in a folder, the default;
 * - 'postgres': a PostgreSQL server through a `pg` pool, when DATABASE_URL is set.
 *
 * Result types are the same on both: int8/bigint (ids, count(*)) come back as JS numbers,
 * numeric as strings, timestamptz as Date, json/jsonb parsed.
 */
export interface Database extends Queryable {
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives, for logs: the PGlite folder, or the redacted connection string. */
  readonly location: string;
  /** Runs fn in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
