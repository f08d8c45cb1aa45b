// The database's sign-in counter under a burst: twenty guesses at one account from one address, sent at once, on both
// databases, from one process and from four (four counters on four connection pools, as four server processes). A
// Kysely plugin holds the counter's inserts back, so attempts side by side have all written their rows before any
// counts: the interleaving PostgreSQL produced now and then under the whole app's test (staffAccess.test.ts). Without
// the counter's turns and lock, one process let 0 guesses through and four let 6-8.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { clientNetworks } from '../platform/http/clientAddress.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { databaseFailureCounter, failureKeys, PAIR_FAILURE_LIMIT } from './lockout.js';

/**
 * Holds every INSERT's answer back until `parties` inserts are waiting, or `ms` have passed: the rows are written, and
 * the attempts go on together (without the counter's lock, each then counts the others' rows) or, one at a time, after
 * `ms` each.
 */
class InsertsTogether implements KyselyPlugin {
  private readonly inserts = new WeakSet<QueryId>();
  private waiting: (() => void)[] = [];
  constructor(
    private readonly parties: number,
    private readonly ms: number,
  ) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode') this.inserts.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.inserts.has(queryId)) return result;
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (this.waiting.length >= this.parties) {
        for (const go of this.waiting) go();
        this.waiting = [];
      } else setTimeout(resolve, this.ms);
    });
    return result;
  }
}

async function burstSuite(target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  // other pools on the same database, as other server processes have (PGlite has one, shared)
  const others = await Promise.all([1, 2, 3].map(() => database.openAnother()));
  try {
    const keys = failureKeys('dubai.two@crescent.example', clientNetworks('203.0.113.7'));
    const pairRows = async () =>
      (
        await database.db.query<{ n: number }>(`select count(*)::int as n from staff_sign_in_failures where key = $1`, [
          keys.pair,
        ])
      )[0]?.n;
    // one process: every insert held 40 ms; four: held until the four processes' inserts are in (at most 100 ms)
    const together = new InsertsTogether(4, 100);
    const processes = [database.db, ...others].map((db) => databaseFailureCounter(db.kysely.withPlugin(together)));
    const alone = databaseFailureCounter(database.db.kysely.withPlugin(new InsertsTogether(Infinity, 40)));
    for (const [burst, counters] of [
      ['one process', [alone]],
      ['four processes', processes],
    ] as const) {
      await database.db.query('delete from staff_sign_in_failures');
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_unused, i) => counters[i % counters.length]!.attempt(keys)),
      );
      const checked = attempts.filter((attempt) => !attempt.refused).length;
      assert.equal(
        checked,
        PAIR_FAILURE_LIMIT,
        `${burst}: ${checked} of the burst were let through to the password check`,
      );
      assert.equal(
        (await processes[0]!.attempt(keys)).refused,
        true,
        `${burst}: the address is locked out of the account after the burst`,
      );
      assert.equal(
        await pairRows(),
        PAIR_FAILURE_LIMIT,
        `${burst}: the checked guesses stay counted, the refused ones are taken back`,
      );
    }
  } finally {
    for (const other of others) if (other !== database.db) await other.close();
    await database.cleanup();
  }
}

/**
 * A burst at one account takes one of the process's connections, not its pool: each attempt waits for the one before
 * it *before* it takes a connection (the counter's turns), so the rest of the site (a page, a form) is still answered
 * while the burst is counted. Without the turns (each attempt waiting on the account's lock with a connection of its
 * own) another query was answered only after 7 of the 20 attempts on PostgreSQL's pool of 10, after all 20 on PGlite.
 */
async function poolSuite(target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  try {
    const keys = failureKeys('dubai.three@crescent.example', clientNetworks('203.0.113.8'));
    const counter = databaseFailureCounter(database.db.kysely.withPlugin(new InsertsTogether(Infinity, 40)));
    let counted = 0;
    const burst = Promise.all(
      Array.from({ length: 20 }, () =>
        counter.attempt(keys).then(() => {
          counted += 1;
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sql`select 1`.execute(database.db.kysely);
    const countedBeforeAnswer = counted;
    await burst;
    assert.ok(
      countedBeforeAnswer <= 2,
      `another query was answered only after ${countedBeforeAnswer} of the burst's 20 attempts`,
    );
    assert.equal(counted, 20);
  } finally {
    await database.cleanup();
  }
}

test('a burst at one account leaves the rest of the pool to the site, on embedded PGlite', async () => {
  await poolSuite(pgliteTarget);
});

test('a burst at one account leaves the rest of the pool to the site, on PostgreSQL', async (t) => {
  await onPostgres(t, poolSuite);
});

test('a parallel burst of guesses on embedded PGlite: exactly 5 checked, then locked', async () => {
  await burstSuite(pgliteTarget);
});

test('a parallel burst of guesses on PostgreSQL: exactly 5 checked, then locked', async (t) => {
  await onPostgres(t, burstSuite);
});
