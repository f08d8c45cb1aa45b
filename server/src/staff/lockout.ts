// Failed sign-ins (issue 20): counted per account (by the e-mail typed, known or not, so the lock says nothing about
// which accounts exist) and per client address, over a 15-minute window. In Redis when REDIS_URL is set (every
// process counts together), else in the database (every process on it, and across restarts). A Redis that fails
// is replaced by the database for that call: sign-in keeps working and stays limited.
//
// An attempt is counted *before* its password or code is checked, and taken back when it was right: a burst of
// guesses sent in parallel cannot all pass a check made before any of them failed.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { describeError, type Queryable } from '../db/index.js';
import { clientAddress } from '../reviews/reviewLimit.js';

export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const TOO_MANY_FAILURES = 'Too many failed sign-ins. Please wait 15 minutes and try again.';

export interface FailureKeys {
  account: string;
  address: string;
}

/** The two counters a sign-in attempt from `ip` for `email` belongs to. */
export function failureKeys(email: string, ip: string): FailureKeys {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${clientAddress(ip)}` };
}

export interface Attempt {
  /** More attempts than a limit allows: refuse it unchecked (it is not counted). */
  refused: boolean;
  /** This attempt is the last one a limit allows: if it fails, the lock starts now. */
  last: boolean;
}

export interface FailureCounter {
  /** Counts an attempt on both counters, as a failure until `succeeded` says otherwise. */
  attempt(keys: FailureKeys): Promise<Attempt>;
  /**
   * The attempt was right: it is taken back, and with `signedIn` the account's earlier failures are forgotten too
   * (never the address's: one good account must not reset an address that guessed at others).
   */
  succeeded(keys: FailureKeys, signedIn: boolean): Promise<void>;
}

const judge = (account: number, address: number): Attempt => ({
  refused: account > ACCOUNT_FAILURE_LIMIT || address > ADDRESS_FAILURE_LIMIT,
  last: account === ACCOUNT_FAILURE_LIMIT || address === ADDRESS_FAILURE_LIMIT,
});

/** Rows in staff_sign_in_failures, one per attempt counted: a sliding window. */
export function databaseFailureCounter(db: Queryable, now: () => number = Date.now): FailureCounter {
  const since = () => new Date(now() - LOCKOUT_WINDOW_MS).toISOString();
  const takeBackOne = (key: string) =>
    db.query(
      `delete from staff_sign_in_failures where ctid in (
         select ctid from staff_sign_in_failures where key = $1 and at > $2::timestamptz order by at desc limit 1)`,
      [key, since()],
    );
  return {
    async attempt(keys) {
      // old rows go as new ones come: the table holds about one window of attempts
      await db.query('delete from staff_sign_in_failures where at <= $1::timestamptz', [since()]);
      await db.query('insert into staff_sign_in_failures (key, at) values ($1, $3::timestamptz), ($2, $3::timestamptz)', [
        keys.account,
        keys.address,
        new Date(now()).toISOString(),
      ]);
      const rows = await db.query<{ key: string; n: number }>(
        'select key, count(*)::int as n from staff_sign_in_failures where key = any($1::text[]) and at > $2::timestamptz group by key',
        [[keys.account, keys.address], since()],
      );
      const of = (key: string) => rows.find((row) => row.key === key)?.n ?? 0;
      const result = judge(of(keys.account), of(keys.address));
      if (result.refused) await Promise.all([takeBackOne(keys.account), takeBackOne(keys.address)]);
      return result;
    },
    async succeeded(keys, signedIn) {
      if (signedIn) await db.query('delete from staff_sign_in_failures where key = $1', [keys.account]);
      else await takeBackOne(keys.account);
      await takeBackOne(keys.address);
    },
  };
}

/**
 * Counters in Redis: a key per counter, expiring 15 minutes after its first attempt (a fixed window). `namespace`
 * prefixes the keys (tests use their own).
 */
export function redisFailureCounter(redis: Redis, namespace: string, fallback: FailureCounter, log: FastifyBaseLogger): FailureCounter {
  const names = (keys: FailureKeys) => [`${namespace}${keys.account}`, `${namespace}${keys.address}`] as const;
  const orFallback = async <T>(what: string, run: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    // A Redis that is down would hold each command for its reconnect attempts: go to the database at once instead.
    if (!(await connected(redis))) return instead();
    try {
      return await run();
    } catch (error) {
      log.warn(`Redis for the staff sign-in lockout (${what}): ${describeError(error)}; counting in the database instead`);
      return instead();
    }
  };
  // Only a counter that is still there: DECR on an expired key would make a -1 that never expires.
  const decrement = async (...keys: string[]) => {
    await redis.eval(DECREMENT_EXISTING, keys.length, ...keys);
  };
  return {
    attempt: (keys) =>
      orFallback(
        'count',
        async () => {
          const [account, address] = names(keys);
          // SET NX PX then INCR, atomically: the first attempt starts the window, later ones keep its expiry
          const results = (await redis.multi().set(account, 0, 'PX', LOCKOUT_WINDOW_MS, 'NX').incr(account).set(address, 0, 'PX', LOCKOUT_WINDOW_MS, 'NX').incr(address).exec()) ?? [];
          const failed = results.find(([error]) => error !== null);
          if (failed !== undefined) throw failed[0] as Error;
          const result = judge(Number(results[1]?.[1] ?? 0), Number(results[3]?.[1] ?? 0));
          if (result.refused) await decrement(account, address);
          return result;
        },
        () => fallback.attempt(keys),
      ),
    succeeded: (keys, signedIn) =>
      orFallback(
        'take back',
        async () => {
          const [account, address] = names(keys);
          if (signedIn) await redis.del(account);
          await decrement(...(signedIn ? [address] : [account, address]));
        },
        () => fallback.succeeded(keys, signedIn),
      ),
  };
}

const DECREMENT_EXISTING = "for _, key in ipairs(KEYS) do if redis.call('exists', key) == 1 then redis.call('decr', key) end end return 0";

/** Whether Redis can take a command now: ready, or ready within a second while it first connects. */
function connected(redis: Redis): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  if (!['wait', 'connecting', 'connect'].includes(redis.status)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), 1_000);
    redis.once('ready', onReady);
  });
}
