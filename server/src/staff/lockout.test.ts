// The database's sign-in counter under a burst: twenty guesses at one account from one address, sent at once, on both
// databases. The counter's insert is slowed (a Kysely plugin), so every attempt of the burst has written its row
// before any has counted: the interleaving PostgreSQL produced now and then under the whole app's test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { databaseFailureCounter, failureKeys, PAIR_FAILURE_LIMIT } from './lockout.js';

/** Holds every INSERT's answer back a while: the row is written, the attempt goes on later. */
class SlowInserts implements KyselyPlugin {
  private readonly inserts = new WeakSet<QueryId>();
  constructor(private readonly ms: number) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode') this.inserts.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.inserts.has(queryId)) await new Promise((resolve) => setTimeout(resolve, this.ms));
    return result;
  }
}

async function burstSuite(target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  try {
    const counter = databaseFailureCounter(database.db.kysely.withPlugin(new SlowInserts(40)));
    const keys = failureKeys('dubai.two@crescent.example', '203.0.113.7');
    const burst = await Promise.all(Array.from({ length: 20 }, () => counter.attempt(keys)));
    const checked = burst.filter((attempt) => !attempt.refused).length;
    assert.equal(checked, PAIR_FAILURE_LIMIT, `${checked} of the burst were let through to the password check`);
    assert.equal((await counter.attempt(keys)).refused, true, 'the address is locked out of the account after the burst');
    const [row] = await database.db.query<{ n: number }>(`select count(*)::int as n from staff_sign_in_failures where key = $1`, [keys.pair]);
    assert.equal(row?.n, PAIR_FAILURE_LIMIT, 'the checked guesses stay counted, the refused ones are taken back');
  } finally {
    await database.cleanup();
  }
}

test('a parallel burst of guesses on embedded PGlite: exactly 5 checked, then locked', async () => {
  await burstSuite(pgliteTarget);
});

test('a parallel burst of guesses on PostgreSQL: exactly 5 checked, then locked', async (t) => {
  await onPostgres(t, burstSuite);
});
