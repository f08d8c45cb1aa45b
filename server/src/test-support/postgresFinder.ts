// Where the tests find PostgreSQL. Kept free of the server's own modules but one dependency-free helper: the
// Playwright suites (tests/support/services.ts) import this file too, and cannot load the server's database code.
import pg from 'pg';
import { describeError } from '../platform/db/errors.js';

/** Runs one statement on its own connection (schema create/drop, reachability checks). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL with its password, if any, replaced by ***. */
function withoutPassword(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@/]*@/, '$1***@');
}

/** TEST_DATABASE_URL when set, else the local trust-auth server as `root` or `postgres`. */
export async function findPostgres(): Promise<{ url: string } | { reason: string }> {
  const fromEnv = process.env.TEST_DATABASE_URL?.trim();
  const candidates = fromEnv
    ? [fromEnv]
    : ['postgres://root@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/test'];
  const failures: string[] = [];
  for (const url of candidates) {
    try {
      await adminQuery(url, 'select 1');
      return { url };
    } catch (error) {
      failures.push(`${withoutPassword(url)}: ${describeError(error)}`);
    }
  }
  const hint = fromEnv ? '' : ' (set TEST_DATABASE_URL to point the tests at a server)';
  return { reason: `PostgreSQL not reachable at ${failures.join('; ')}${hint}` };
}
