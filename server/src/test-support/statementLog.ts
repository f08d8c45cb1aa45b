// A database that writes down each SQL statement it runs (in a transaction or not), for tests that check what a
// request reads: the same client underneath, with Kysely over the watching one.
import { withKysely, type Database, type Transaction } from '../platform/db/index.js';
import type { RunResult, Statements } from '../platform/db/types.js';

export interface LoggedDatabase {
  db: Database;
  /** The statements run since the last clear, in order. */
  statements: string[];
  clear(): void;
}

export function logStatements(inner: Database): LoggedDatabase {
  const statements: string[] = [];
  const watched = (client: Statements): Statements => ({
    query: <R>(sql: string, params?: readonly unknown[]): Promise<R[]> => {
      statements.push(sql);
      return client.query<R>(sql, params);
    },
    run: <R>(sql: string, params?: readonly unknown[]): Promise<RunResult<R>> => {
      statements.push(sql);
      return client.run<R>(sql, params);
    },
  });
  const watchedTransaction = (tx: Transaction): Transaction => ({
    ...watched(tx),
    exec: (sql) => {
      statements.push(sql);
      return tx.exec(sql);
    },
  });
  const db = withKysely({
    kind: inner.kind,
    location: inner.location,
    ...watched(inner),
    transaction: (fn) => inner.transaction((tx) => fn(watchedTransaction(tx))),
    listen: (channel, onNotify) => inner.listen(channel, onNotify),
    close: async () => undefined, // the inner database is the test's to close
  });
  return {
    db,
    statements,
    clear: () => {
      statements.length = 0;
    },
  };
}
