import pg from 'pg';
import { redactUrl } from '../config.js';
import { CHANNEL_NAME_SQL } from './channels.js';
import { describeError } from './errors.js';
import type { DatabaseClient, RunResult, Transaction } from './types.js';

const INT8_OID = 20;

/**
 * Parse int8 (bigint ids, count(*)) as a JS number, as PGlite does, so results have the same types on
 * both databases. Values above 2^53 would lose precision; none of our ids or counts get near that.
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Settings of every session the server opens. A request's statements run without parallel workers: they read a few
 * thousand rows at most, and starting two workers cost more than the statement itself (a listing's filter counts: 14 ms
 * of work, 100–120 ms with workers, on a 2-core server at 100,000 products). Requests side by side are the server's
 * parallelism.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * The connection string with SESSION_OPTIONS added to its own `options` (a URL's `options`, e.g. a search_path, win
 * over the pool's: both must be in the one string). A string that is not a URL gets them from the pool's config.
 */
function withSessionOptions(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const own = url.searchParams.get('options');
    url.searchParams.set('options', own ? `${own} ${SESSION_OPTIONS}` : SESSION_OPTIONS);
    return url.toString();
  } catch {
    return connectionString;
  }
}

export interface PostgresOptions {
  /** Pool size; default 10. */
  max?: number;
  /** Called for errors on idle connections (server restart...), which would otherwise crash the process. */
  onIdleError?: (error: Error) => void;
}

/** A PostgreSQL server through a `pg` pool. Connects once before returning so a bad URL fails at startup. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<DatabaseClient> {
  const location = redactUrl(connectionString);
  const pool = new pg.Pool({
    connectionString: withSessionOptions(connectionString),
    options: SESSION_OPTIONS,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: typeParsers,
  });
  const onIdleError =
    options.onIdleError ??
    ((error: Error) => console.error(`PostgreSQL connection error (${location}): ${describeError(error)}`));
  pool.on('error', onIdleError);

  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot connect to PostgreSQL at ${location}: ${describeError(error)}`, { cause: error });
  }

  let closed = false;
  return {
    kind: 'postgres',
    location,
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await pool.query(sql, [...params]);
      return result.rows as T[];
    },
    async run<T>(sql: string, params: readonly unknown[] = []): Promise<RunResult<T>> {
      return runResult<T>(await pool.query(sql, [...params]));
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({
          async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
            const res = await client.query(sql, [...params]);
            return res.rows as R[];
          },
          async run<R>(sql: string, params: readonly unknown[] = []): Promise<RunResult<R>> {
            return runResult<R>(await client.query(sql, [...params]));
          },
          async exec(sql: string): Promise<void> {
            await client.query(sql); // no parameters: simple protocol, several statements allowed
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        client.release(broken); // a connection whose rollback failed is discarded, not reused
      }
    },
    listen: (channel, onNotify) => listenOn(connectionString, channel, onNotify, onIdleError),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** pg's result as the client's: rowCount is null for statements that touch no rows (begin, set...). */
function runResult<T>(result: pg.QueryResult): RunResult<T> {
  return result.rowCount === null
    ? { rows: result.rows as T[] }
    : { rows: result.rows as T[], affectedRows: result.rowCount };
}

/** Wait before connecting again after the listening connection was lost. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it is lost (a server
 * restart, a network cut) it is made again every RELISTEN_DELAY_MS until it works, and `onNotify(undefined)` says that
 * notifications may have been missed meanwhile.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    /** The channel as this connection's schema names it (db/channels.ts); set before LISTEN. */
    let name: string | undefined;
    next.on('notification', (message) => {
      if (name !== undefined && message.channel === name) onNotify(message.payload);
    });
    const lost = (error?: Error) => {
      if (error !== undefined) onError(error);
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      name = (await next.query<{ name: string }>(CHANNEL_NAME_SQL, [channel])).rows[0]?.name ?? channel;
      await next.query(`listen ${pg.escapeIdentifier(name)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const scheduleRetry = () => {
    retry = setTimeout(() => {
      connect().then(
        () => onNotify(undefined),
        (error: unknown) => {
          onError(error instanceof Error ? error : new Error(String(error)));
          if (!stopped) scheduleRetry();
        },
      );
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
