// Failed sign-ins, counted over a 15-minute window in three counters: per account (by the e-mail typed, known or
// not, so a lock says nothing about which accounts exist), per client address (its network: request.client), and per
// account *and* address. In Redis when REDIS_URL is set (every process counts together), else in the database (every
// process on it, and across restarts). A Redis that fails is replaced by the database for that call: sign-in keeps
// working and stays limited.
//
// The rule (OWASP's authentication cheat sheet: lock per account and address, slow the account down rather than wall
// it, or anyone who knows a colleague's e-mail could keep them out by typing five wrong passwords):
//   - one address gets 5 tries at one account, and 20 at all accounts together, then waits out the window;
//   - past 5 failures of an account from anywhere, the account is under attack: an address that has failed on it in
//     the window is refused, one that has not still gets its try (the person who knows the password, at their desk);
//   - past 100 failures of an account (that many addresses, each refused after its first failure), the password alone
//     no longer signs it in: only an account with a second factor goes on, to that second step (also counted here).
//
// An attempt is counted *before* its password or code is checked, and taken back when it was right: a burst of
// guesses sent in parallel cannot all pass a check made before any of them failed. In the database the attempts at
// one account are counted one at a time (an advisory lock per account): counted side by side, every attempt of a burst
// saw all the others, all were refused and taken back, and the burst left neither a checked guess nor a lock behind.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { describeError, type DatabaseSchema } from '../platform/db/index.js';
import { LOCK_CLASS, takeTurn } from '../platform/db/advisoryLocks.js';
import type { ClientNetworks } from '../platform/http/clientAddress.js';

export const LOCKOUT_WINDOW_MS = 15 * 60_000;
/** Tries of one address at one account. */
export const PAIR_FAILURE_LIMIT = 5;
/** Tries of one address at all accounts together. */
export const ADDRESS_FAILURE_LIMIT = 20;
/** Failures of one account from anywhere after which only addresses that have not failed on it may try. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failures of one account from anywhere after which only its second factor signs it in. */
export const ACCOUNT_PASSWORD_LIMIT = 100;
export const TOO_MANY_FAILURES = 'Too many failed sign-ins. Please wait 15 minutes and try again.';

export interface FailureKeys {
  account: string;
  address: string;
  pair: string;
}

/** The three counters a sign-in attempt from `client` (request.client: counted by its network) for `email` belongs to. */
export function failureKeys(email: string, client: ClientNetworks): FailureKeys {
  const account = email.trim().toLowerCase();
  const address = client.network;
  return { account: `account:${account}`, address: `address:${address}`, pair: `pair:${address} ${account}` };
}

export interface Attempt {
  /** More attempts than a limit allows: refuse it unchecked (it is not counted), unless `secondFactorOnly`. */
  refused: boolean;
  /**
   * Refused only because the account has met ACCOUNT_PASSWORD_LIMIT: an account with a second factor may still go on
   * to it with the right password, any other answer is the refusal's. Such an attempt is counted like any other (so
   * the address that made it has failed on the account, and is walled next time) until `succeeded` takes it back.
   */
  secondFactorOnly: boolean;
  /** If this attempt fails, a lock starts now (this address on this account or on all, or the account's attack mode). */
  last: boolean;
}

export interface FailureCounter {
  /** Counts an attempt on all three counters, as a failure until `succeeded` says otherwise. */
  attempt(keys: FailureKeys): Promise<Attempt>;
  /**
   * The attempt was right: it is taken back, and with `signedIn` the account's earlier failures (all addresses, and
   * this address on it) are forgotten too; never the address's own count: one good account must not reset an address
   * that guessed at others.
   */
  succeeded(keys: FailureKeys, signedIn: boolean): Promise<void>;
}

/** Counts after this attempt was added. */
interface Counts {
  account: number;
  address: number;
  pair: number;
}

/** The rule above, from the three counts including this attempt. */
export function judgeAttempt({ account, address, pair }: Counts): Attempt {
  const underAttack = account - 1 >= ACCOUNT_FAILURE_LIMIT;
  const walled = pair > PAIR_FAILURE_LIMIT || address > ADDRESS_FAILURE_LIMIT || (underAttack && pair > 1);
  const passwordClosed = account > ACCOUNT_PASSWORD_LIMIT;
  return {
    refused: walled || passwordClosed,
    secondFactorOnly: !walled && passwordClosed,
    last:
      pair === PAIR_FAILURE_LIMIT ||
      address === ADDRESS_FAILURE_LIMIT ||
      account === ACCOUNT_FAILURE_LIMIT ||
      account === ACCOUNT_PASSWORD_LIMIT,
  };
}

/** Rows in staff_sign_in_failures, one per attempt and counter: a sliding window. */
export function databaseFailureCounter(db: Kysely<DatabaseSchema>, now: () => number = Date.now): FailureCounter {
  /** An instant as a timestamptz parameter (its ISO text, cast in SQL). */
  const instant = (ms: number) => sql<Date>`${new Date(ms).toISOString()}::timestamptz`;
  const since = () => instant(now() - LOCKOUT_WINDOW_MS);
  // The rows have no key of their own: ctid (the row's place in the table) picks the newest one of a counter.
  const ctid = sql<string>`ctid`;
  const takeBackOne = (key: string, from: Kysely<DatabaseSchema> = db) =>
    from
      .deleteFrom('staff_sign_in_failures')
      .where(
        ctid,
        'in',
        from
          .selectFrom('staff_sign_in_failures')
          .select(ctid.as('ctid'))
          .where('key', '=', key)
          .where('at', '>', since())
          .orderBy('at', 'desc')
          .limit(1),
      )
      .execute();
  const countAttempt = async (keys: FailureKeys): Promise<Attempt> => {
    // old rows go as new ones come: the table holds about one window of attempts (outside the transaction below, so
    // that it holds no lock on rows another account's attempt also clears)
    await db.deleteFrom('staff_sign_in_failures').where('at', '<=', since()).execute();
    return db.transaction().execute(async (trx) => {
      // One attempt at an account at a time, on every process: each counts the attempts before it, none that is about
      // to be refused and taken back. One lock, so two attempts can never wait on each other in turn.
      await takeTurn(trx, { lockClass: LOCK_CLASS.staffSignIn, name: keys.account });
      const at = instant(now());
      await trx
        .insertInto('staff_sign_in_failures')
        .values([keys.account, keys.address, keys.pair].map((key) => ({ key, at })))
        .execute();
      const rows = await trx
        .selectFrom('staff_sign_in_failures')
        .select((eb) => ['key', eb.fn.countAll<number>().as('n')])
        .where('key', 'in', [keys.account, keys.address, keys.pair])
        .where('at', '>', since())
        .groupBy('key')
        .execute();
      const of = (key: string) => rows.find((row) => row.key === key)?.n ?? 0;
      const result = judgeAttempt({ account: of(keys.account), address: of(keys.address), pair: of(keys.pair) });
      if (result.refused && !result.secondFactorOnly) {
        for (const key of [keys.account, keys.address, keys.pair]) await takeBackOne(key, trx);
      }
      return result;
    });
  };
  // This process's attempts at one account take turns here, before they take a connection: waiting on the lock above
  // holds one each, and a burst at one account would otherwise hold the whole pool.
  const turns = new Map<string, Promise<void>>();
  const inTurn = <T>(account: string, run: () => Promise<T>): Promise<T> => {
    const mine = (turns.get(account) ?? Promise.resolve()).then(run);
    const done = mine.then(
      () => undefined,
      () => undefined,
    );
    turns.set(account, done);
    void done.then(() => {
      if (turns.get(account) === done) turns.delete(account);
    });
    return mine;
  };
  return {
    attempt: (keys) => inTurn(keys.account, () => countAttempt(keys)),
    async succeeded(keys, signedIn) {
      if (signedIn)
        await db.deleteFrom('staff_sign_in_failures').where('key', 'in', [keys.account, keys.pair]).execute();
      else await Promise.all([takeBackOne(keys.account), takeBackOne(keys.pair)]);
      await takeBackOne(keys.address);
    },
  };
}

/**
 * Counters in Redis: a key per counter, expiring 15 minutes after its first attempt (a fixed window). `namespace`
 * prefixes the keys (tests use their own).
 */
export function redisFailureCounter(
  redis: Redis,
  namespace: string,
  fallback: FailureCounter,
  log: FastifyBaseLogger,
): FailureCounter {
  const names = (keys: FailureKeys) =>
    [`${namespace}${keys.account}`, `${namespace}${keys.address}`, `${namespace}${keys.pair}`] as const;
  const orFallback = async <T>(what: string, run: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    // A Redis that is down would hold each command for its reconnect attempts: go to the database at once instead.
    if (!(await connected(redis))) return instead();
    try {
      return await run();
    } catch (error) {
      log.warn(
        `Redis for the staff sign-in lockout (${what}): ${describeError(error)}; counting in the database instead`,
      );
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
          const [account, address, pair] = names(keys);
          // SET NX PX then INCR, atomically: the first attempt starts the window, later ones keep its expiry
          let batch = redis.multi();
          for (const key of [account, address, pair])
            batch = batch.set(key, 0, 'PX', LOCKOUT_WINDOW_MS, 'NX').incr(key);
          const results = (await batch.exec()) ?? [];
          const failed = results.find(([error]) => error !== null);
          if (failed !== undefined) throw failed[0] as Error;
          const count = (index: number) => Number(results[index]?.[1] ?? 0);
          const result = judgeAttempt({ account: count(1), address: count(3), pair: count(5) });
          if (result.refused && !result.secondFactorOnly) await decrement(account, address, pair);
          return result;
        },
        () => fallback.attempt(keys),
      ),
    succeeded: (keys, signedIn) =>
      orFallback(
        'take back',
        async () => {
          const [account, address, pair] = names(keys);
          if (signedIn) await redis.del(account, pair);
          await decrement(...(signedIn ? [address] : [account, address, pair]));
        },
        () => fallback.succeeded(keys, signedIn),
      ),
  };
}

const DECREMENT_EXISTING =
  "for _, key in ipairs(KEYS) do if redis.call('exists', key) == 1 then redis.call('decr', key) end end return 0";

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
