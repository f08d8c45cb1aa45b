// The Redis the server's tests share between processes: where it is, whether a run must have it (CI), and whether it
// answers (a sentence saying why not, for the test's skip or failure).
import { Redis } from 'ioredis';
import { describeError } from '../platform/db/index.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
export const REDIS_REQUIRED = process.env.REQUIRE_REDIS === '1' || process.env.CI === 'true';

export async function redisReachable(): Promise<string | undefined> {
  const probe = new Redis(TEST_REDIS_URL, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return `Redis not reachable at ${TEST_REDIS_URL}: ${describeError(error)} (set TEST_REDIS_URL to point the tests at a server)`;
  } finally {
    probe.disconnect();
  }
}
