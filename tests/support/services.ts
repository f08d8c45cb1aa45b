// PostgreSQL and Redis for the fault and scale-out specs: the machine's trust-auth PostgreSQL (or
// TEST_DATABASE_URL) with a fresh schema per test, and the local Redis (or TEST_REDIS_URL). When a service is
// unreachable the spec skips with the reason; REQUIRE_POSTGRES=1 / REQUIRE_REDIS=1 (CI) turn that into a failure.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { findPostgres as findServerTestPostgres } from '@site/server/test-support';

export interface FreshSchema {
  /** DATABASE_URL for the server: the schema is selected with `options=-c search_path=<schema>`. */
  url: string;
  schema: string;
  /** Runs a query in the schema (a short-lived client per call). */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A reachable PostgreSQL base URL (the server tests' finder), or why there is none; REQUIRE_POSTGRES=1 makes none fail. */
export async function findPostgres(): Promise<{ url: string } | { reason: string }> {
  const found = await findServerTestPostgres();
  if ('reason' in found && process.env.REQUIRE_POSTGRES === '1')
    throw new Error(`${found.reason} and REQUIRE_POSTGRES=1`);
  return found;
}

/** A new empty schema on the server at baseUrl; the site's migrations create the tables on start. */
export async function freshSchema(baseUrl: string, prefix = 'e2e'): Promise<FreshSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create schema ${schema}`));
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    schema,
    query: <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
      withClient(url.toString(), async (client) => (await client.query<T>(sql, params)).rows),
    drop: () =>
      withClient(baseUrl, (client) => client.query(`drop schema if exists ${schema} cascade`)).then(() => undefined),
  };
}

/**
 * A new empty database on the server at baseUrl, for a spec whose servers take database-wide advisory locks (the
 * stock feeds' turn): another suite's or a benchmark's feeds on a schema of the shared database would make it wait.
 */
export async function freshDatabase(baseUrl: string, prefix = 'e2e'): Promise<FreshSchema> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    schema: 'public',
    query: <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
      withClient(url.toString(), async (client) => (await client.query<T>(sql, params)).rows),
    drop: () =>
      withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** A reachable Redis URL, or why there is none. */
export async function findRedis(): Promise<{ url: string } | { reason: string }> {
  const url = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return { url };
  } catch (error) {
    const reason = `Redis not reachable at ${url} (${(error as Error).message})`;
    if (process.env.REQUIRE_REDIS === '1') throw new Error(`${reason} and REQUIRE_REDIS=1`);
    return { reason };
  } finally {
    redis.disconnect();
  }
}

/** Both services a scaled-out site needs (its PostgreSQL base URL and Redis URL), or why either is missing. */
export async function findPostgresAndRedis(): Promise<{ postgres: string; redis: string } | { reason: string }> {
  const [postgres, redis] = await Promise.all([findPostgres(), findRedis()]);
  if ('reason' in postgres || 'reason' in redis)
    return {
      reason: ['reason' in postgres ? postgres.reason : '', 'reason' in redis ? redis.reason : '']
        .filter(Boolean)
        .join('; '),
    };
  return { postgres: postgres.url, redis: redis.url };
}
