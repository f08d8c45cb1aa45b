import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { queriesObserved, reportQuery } from './queryTimings.js';
import type { DatabaseSchema } from './schema.js';
import type { DatabaseClient, RunResult, Statements } from './types.js';

/**
 * Kysely over the server's own database client (PGlite or a `pg` pool, db/pglite.ts and db/postgres.ts), so that
 * both kinds keep one set of type parsers, one lock and one transaction discipline. Kysely compiles PostgreSQL for
 * both (same SQL, same placeholders).
 *
 * Kysely drives a transaction as begin, queries, commit or rollback on one connection; the client runs a transaction
 * as a callback (PGlite's own mutex keeps other queries out of it; PostgreSQL takes a pooled connection for it). The
 * driver bridges the two: `beginTransaction` opens the client's transaction and keeps its callback waiting until
 * Kysely commits or rolls back.
 */
export function createKysely(client: DatabaseClient): Kysely<DatabaseSchema> {
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new ClientDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return new Kysely<DatabaseSchema>({ dialect });
}

/** Runs a query, telling the listeners (queryTimings.ts) how long it took. */
async function timed<T>(run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    const result = await run();
    reportQuery((performance.now() - start) / 1000, false);
    return result;
  } catch (error) {
    reportQuery((performance.now() - start) / 1000, true);
    throw error;
  }
}

/** Thrown into the client's transaction callback to make it roll back; never seen outside the driver. */
class Rollback extends Error {}
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  statements: Statements;
  /** Ends the client's callback: undefined commits, ROLLBACK rolls back. */
  finish(outcome: typeof ROLLBACK | undefined): void;
  /** The client's transaction promise: settles once COMMIT or ROLLBACK has run. */
  done: Promise<void>;
}

class ClientConnection implements DatabaseConnection {
  transaction: OpenTransaction | undefined;

  constructor(private readonly client: DatabaseClient) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target: Statements = this.transaction?.statements ?? this.client;
    const result: RunResult<R> = queriesObserved()
      ? await timed(() => target.run<R>(compiled.sql, compiled.parameters))
      : await target.run<R>(compiled.sql, compiled.parameters);
    return result.affectedRows === undefined
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; no store streams rows
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported: page with limit and a cursor instead');
  }
}

class ClientDriver implements Driver {
  constructor(private readonly client: DatabaseClient) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ClientConnection(this.client);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as ClientConnection;
    let started!: (statements: Statements) => void;
    let failedToStart!: (error: unknown) => void;
    const ready = new Promise<Statements>((resolve, reject) => {
      started = resolve;
      failedToStart = reject;
    });
    let finish!: (outcome: typeof ROLLBACK | undefined) => void;
    const ended = new Promise<typeof ROLLBACK | undefined>((resolve) => {
      finish = resolve;
    });
    let began = false;
    const done = this.client
      .transaction(async (tx) => {
        if (settings.isolationLevel !== undefined || settings.accessMode !== undefined) {
          const modes = [
            settings.isolationLevel === undefined ? '' : `isolation level ${settings.isolationLevel}`,
            settings.accessMode ?? '',
          ].filter((mode) => mode !== '');
          await tx.run(`set transaction ${modes.join(', ')}`);
        }
        began = true;
        started(tx);
        if ((await ended) === ROLLBACK) throw new Rollback('rolled back by Kysely');
      })
      .catch((error: unknown) => {
        if (!began) {
          failedToStart(error); // reported by beginTransaction: nobody awaits `done`
          return;
        }
        if (!(error instanceof Rollback)) throw error;
      });
    // A failure to begin surfaces here; a failure at COMMIT surfaces from commitTransaction.
    const statements = await ready;
    conn.transaction = { statements, finish, done };
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as ClientConnection, undefined);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as ClientConnection, ROLLBACK);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}

  private async end(conn: ClientConnection, outcome: typeof ROLLBACK | undefined): Promise<void> {
    const open = conn.transaction;
    if (open === undefined) throw new Error('No transaction is open on this connection');
    conn.transaction = undefined;
    open.finish(outcome);
    await open.done;
  }
}
