import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../../test-support/databases.js';

/** A row of the contact table through Kysely, with the fields the test reads back. */
async function insertContact(db: TestDatabase['db'], name: string): Promise<number> {
  const row = await db.kysely
    .insertInto('contact_messages')
    .values({ name, email: `${name.toLowerCase()}@example.com`, message: 'Need 300 glands' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function names(db: TestDatabase['db']): Promise<string[]> {
  const rows = await db.kysely.selectFrom('contact_messages').select('name').orderBy('id').execute();
  return rows.map((row) => row.name);
}

async function kyselySuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // One database for the suite (a fresh PGlite costs seconds); each test starts from an empty table.
  const database = await target.fresh();
  t.after(() => database.cleanup());
  t.beforeEach(async () => {
    await database.db.kysely.deleteFrom('contact_messages').execute();
  });

  await t.test('reads back what it wrote, with the types the schema declares', async () => {
    const { db } = database;
    const id = await insertContact(db, 'Aisha');
    const row = await db.kysely
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(typeof row.id, 'number');
    assert.ok(row.created_at instanceof Date);
    assert.equal(row.spam, false);
    assert.equal(row.status, 'new');
    assert.equal(row.phone, null);
    const { count } = await db.kysely
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    assert.equal(count, 1);
  });

  await t.test('an update and a delete say how many rows they touched', async () => {
    const { db } = database;
    await insertContact(db, 'Aisha');
    await insertContact(db, 'Omar');
    const updated = await db.kysely
      .updateTable('contact_messages')
      .set({ status: 'handled' })
      .executeTakeFirstOrThrow();
    assert.equal(updated.numUpdatedRows, 2n);
    const deleted = await db.kysely.deleteFrom('contact_messages').where('name', '=', 'Omar').executeTakeFirstOrThrow();
    assert.equal(deleted.numDeletedRows, 1n);
    assert.deepEqual(await names(db), ['Aisha']);
  });

  await t.test('a transaction commits when its function resolves and rolls back all of it when it throws', async () => {
    const { db } = database;
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_messages')
        .values({ name: 'Aisha', email: 'a@example.com', message: 'm' })
        .execute();
      await trx.insertInto('contact_messages').values({ name: 'Omar', email: 'o@example.com', message: 'm' }).execute();
    });
    await assert.rejects(
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('contact_messages')
          .values({ name: 'Lost', email: 'l@example.com', message: 'm' })
          .execute();
        throw new Error('the caller changed its mind');
      }),
      /the caller changed its mind/,
    );
    // A statement the database refuses inside the transaction rolls it back too (not null violated).
    await assert.rejects(
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('contact_messages')
          .values({ name: 'Lost too', email: 'l@example.com', message: 'm' })
          .execute();
        await sql`insert into contact_messages (name, email, message) values ('x', 'x@example.com', null)`.execute(trx);
      }),
      /null value in column "message"/,
    );
    assert.deepEqual(await names(db), ['Aisha', 'Omar']);
  });

  await t.test('what a transaction has written is not seen outside it before it commits', async () => {
    const { db } = database;
    const other = await database.openAnother();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const afterInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_messages')
        .values({ name: 'Pending', email: 'p@example.com', message: 'm' })
        .execute();
      inserted();
      await held;
    });
    await afterInsert;
    // On PostgreSQL another connection reads the committed state; on PGlite the read waits for the transaction.
    const seenOutside = names(other);
    const outcome = await Promise.race([
      seenOutside,
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 200)),
    ]);
    assert.ok(
      outcome === 'waiting' || (Array.isArray(outcome) && outcome.length === 0),
      `seen outside: ${String(outcome)}`,
    );
    release();
    await transaction;
    assert.deepEqual(await names(other), ['Pending']);
    if (outcome === 'waiting') assert.deepEqual(await seenOutside, ['Pending']);
  });

  await t.test('the raw client and Kysely share the same transaction discipline', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.query(`insert into contact_messages (name, email, message) values ('Raw', 'r@example.com', 'm')`);
    });
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_messages')
        .values({ name: 'Typed', email: 't@example.com', message: 'm' })
        .execute();
    });
    assert.deepEqual(await names(db), ['Raw', 'Typed']);
  });
}

test('Kysely on embedded PGlite', async (t) => {
  await kyselySuite(t, pgliteTarget);
});

test('Kysely on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => kyselySuite(t, target));
});
