import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { STAFF_BRANCHES } from '@site/contracts/staff-api';
import { buildApp } from '../../app.js';
import { createFixture } from '../../test-support/fixture.js';
import { adminQuery, findPostgres, freshSchema } from '../../test-support/databases.js';
import { eventually } from '../../test-support/eventually.js';
import { placeMigratedDatabase } from '../../test-support/pgliteTemplate.js';
import { channelName, notifyChannel } from './channels.js';
import { MIGRATIONS, openDatabase, pgliteDir, runMigrations, type Database } from './index.js';

const TABLES = [
  'contact_messages',
  'registrations',
  'inquiries',
  'reviews',
  'outbox',
  'quote_requests',
  'quote_request_lines',
  'schema_migrations',
  'staff_accounts',
  'staff_recovery_codes',
  'staff_sessions',
  'staff_sign_in_failures',
  'staff_audit_log',
  'staff_notes',
  'staff_settings',
  'catalogue_categories',
  'catalogue_brands',
  'catalogue_products',
  'catalogue_search_en',
  'catalogue_search_ar',
  'catalogue_search_words',
  'catalogue_search_broad',
  'catalogue_search_broad_rows',
  'catalogue_search_broad_pairs',
  'catalogue_facet_sets',
  'catalogue_import_jobs',
  'catalogue_publish_schedules',
  'catalogue_state',
  'catalogue_product_edits',
  'catalogue_product_history',
  'buyer_accounts',
  'buyer_sessions',
  'buyer_passkeys',
  'buyer_passkey_challenges',
  'buyer_account_events',
  'buyer_lists',
  'buyer_list_lines',
  'buyer_baskets',
  'buyer_basket_handoffs',
  'buyer_basket_browsers',
  'buyer_companies',
  'buyer_company_members',
  'buyer_company_invitations',
  'buyer_company_kept_addresses',
  'buyer_sign_in_links',
  'catalogue_archived_products',
  'catalogue_product_variants',
  'remote_releases',
  'remote_pointers',
  'remote_registry_state',
  'release_tokens',
  'release_audit',
  'remote_release_health',
  'remote_load_outcomes',
  'quotation_currency_rates',
  'quotation_vat_rates',
  'quotation_number_counters',
  'quotations',
  'quotation_lines',
  'quotation_acceptances',
  'quotation_change_requests',
  'quotation_branch_settings',
  'quotation_late_purchase_orders',
  'quotation_expiry_reminders',
  'orders',
  'vitals_histograms',
  'vitals_sessions',
  'stock_levels',
  'stock_state',
  'stock_feeds',
];

/** One empty place to keep a database: a temp folder (PGlite) or a fresh schema (PostgreSQL). */
interface Location {
  open(): Promise<Database>;
  /** Two handles for the concurrent-migration test: two pools on PostgreSQL, the one instance on PGlite. */
  openPair(): Promise<[Database, Database]>;
  cleanup(): Promise<void>;
}

interface Target {
  name: string;
  fresh(): Promise<Location>;
}

// ---------------------------------------------------------------- targets

const pgliteTarget: Target = {
  name: 'embedded PGlite',
  async fresh() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-db-test-'));
    const open = () => openDatabase({ dataDir, databaseUrl: undefined });
    return {
      open,
      async openPair() {
        const db = await open();
        return [db, db];
      },
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgresTarget(baseUrl: string): Target {
  return {
    name: 'PostgreSQL',
    async fresh() {
      const schema = await freshSchema(baseUrl);
      const open = () => openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
      return {
        open,
        openPair: async () => [await open(), await open()],
        cleanup: () => schema.drop(),
      };
    },
  };
}

// ---------------------------------------------------------------- the suite, run on each target

async function databaseSuite(t: TestContext, target: Target): Promise<void> {
  await t.test('migrations create the schema; a second run does nothing; data survives close + reopen', async () => {
    const location = await target.fresh();
    try {
      let db = await location.open();
      try {
        assert.deepEqual(await runMigrations(db), { applied: MIGRATIONS.map((m) => m.version) });
        const tables = await db.query<{ table_name: string }>(
          `select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
        );
        assert.deepEqual(tables.map((row) => row.table_name).sort(), [...TABLES].sort());
        assert.deepEqual(await runMigrations(db), { applied: [] });

        const [inserted] = await db.query<{ id: number; created_at: Date }>(
          `insert into contact_messages (name, email, phone, message, country, company_name, company_location)
           values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at`,
          ['Aisha', 'aisha@example.com', '+971 50 000 0000', 'Need cable glands', 'Dubai', 'ACME', 'Dubai, UAE'],
        );
        assert.ok(inserted);
        assert.equal(typeof inserted.id, 'number', 'bigint ids come back as numbers on both databases');
        assert.ok(inserted.created_at instanceof Date);
      } finally {
        await db.close();
      }

      db = await location.open();
      try {
        assert.deepEqual(await runMigrations(db), { applied: [] });
        const rows = await db.query<{ name: string; email: string; count: number }>(
          'select name, email, count(*) over () as count from contact_messages',
        );
        assert.deepEqual(rows, [{ name: 'Aisha', email: 'aisha@example.com', count: 1 }]);
      } finally {
        await db.close();
      }
    } finally {
      await location.cleanup();
    }
  });

  await t.test('two migration runs at once do not fail and apply each migration once', async () => {
    const location = await target.fresh();
    const [a, b] = await location.openPair();
    try {
      const results = await Promise.all([runMigrations(a), runMigrations(b), runMigrations(a)]);
      const applied = results.flatMap((result) => result.applied).sort();
      assert.deepEqual(
        applied,
        MIGRATIONS.map((m) => m.version),
      );
      const [row] = await a.query<{ n: number }>('select count(*) as n from schema_migrations');
      assert.equal(row?.n, MIGRATIONS.length);
    } finally {
      await a.close();
      if (b !== a) await b.close();
      await location.cleanup();
    }
  });

  await t.test('constraints, jsonb, transactions, and a migration edited after it ran', async () => {
    const location = await target.fresh();
    const db = await location.open();
    try {
      await runMigrations(db);

      await assert.rejects(
        db.query(`insert into reviews (product_id, customer_name, comment, stars) values ('p1', 'Sam', 'Great', 6)`),
        (error: unknown) => (error as { code?: string }).code === '23514', // check_violation
      );
      await db.query(`insert into reviews (product_id, customer_name, comment, stars) values ('p1', 'Sam', 'Good', 4)`);
      await db.query(
        `insert into reviews (product_id, customer_name, comment, stars, created_at)
         values ('p1', 'Lee', 'Older', 5, now() - interval '1 day')`,
      );
      const reviews = await db.query<{ customer_name: string; stars: number }>(
        'select customer_name, stars from reviews where product_id = $1 order by created_at desc',
        ['p1'],
      );
      assert.deepEqual(reviews, [
        { customer_name: 'Sam', stars: 4 },
        { customer_name: 'Lee', stars: 5 },
      ]);

      const payload = { subject: 'New inquiry', lines: ['a', 'b'], nested: { n: 1 } };
      await db.query(`insert into outbox (kind, ref_id, recipient, payload) values ('inquiry', $1, $2, $3)`, [
        7,
        'dubai@example.com',
        JSON.stringify(payload),
      ]);
      const [pending] = await db.query<{ payload: unknown; attempts: number; sent_at: Date | null }>(
        'select payload, attempts, sent_at from outbox where sent_at is null and next_attempt_at <= now()',
      );
      assert.deepEqual(pending, { payload, attempts: 0, sent_at: null });

      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query(
            `insert into registrations (user_name, user_email, user_country) values ('A', 'a@x.y', 'Oman')`,
          );
          throw new Error('changed my mind');
        }),
        /changed my mind/,
      );
      const committed = await db.transaction(async (tx) => {
        await tx.query(
          `insert into registrations (user_name, user_email, user_country) values ('B', 'b@x.y', 'Bahrain')`,
        );
        return tx.query<{ user_name: string }>('select user_name from registrations');
      });
      assert.deepEqual(committed, [{ user_name: 'B' }]);
      assert.deepEqual(await db.query('select user_name from registrations'), [{ user_name: 'B' }]);

      // a request for quotation: one reference each, lines of a positive quantity, gone with their request
      const quote = (reference: string) =>
        db.query<{ id: number }>(
          `insert into quote_requests (reference, company_name, name, email, phone, branch, pdf_key_hash) values ($1, 'Co', 'N', 'n@x.y', '1', 'Dubai', 'h') returning id`,
          [reference],
        );
      const [request] = await quote('RFQ-2026-000001');
      await assert.rejects(quote('RFQ-2026-000001'), (error: unknown) => (error as { code?: string }).code === '23505'); // unique_violation
      const addLine = (lineNo: number, productId: string, quantity: number, code = 'C') =>
        db.query(
          `insert into quote_request_lines (request_id, line_no, product_id, product_code, product_name, product_name_ar, unit, quantity) values ($1, $2, $3, $5, 'P', 'ب', 'metre', $4)`,
          [request!.id, lineNo, productId, quantity, code],
        );
      await addLine(1, 'p1', 12.5);
      await assert.rejects(addLine(2, 'p2', 0), (error: unknown) => (error as { code?: string }).code === '23514');
      // migration 030: a part (variant code) once per request; two parts of one product are two lines
      await assert.rejects(
        addLine(2, 'p2', 1),
        (error: unknown) => (error as { code?: string }).code === '23505',
        'a code once per request',
      );
      await addLine(2, 'p1', 3, 'C-2');
      assert.deepEqual(
        await db.query('select quantity::text as quantity, variant_label from quote_request_lines order by line_no'),
        [
          { quantity: '12.50', variant_label: '' },
          { quantity: '3.00', variant_label: '' },
        ],
      );
      await db.query('delete from quote_requests');
      assert.deepEqual(await db.query('select 1 from quote_request_lines'), [], 'the lines go with their request');

      const edited = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
      await assert.rejects(runMigrations(db, edited), /Migration 001_initial was changed after it was applied/);
    } finally {
      await db.close();
      await location.cleanup();
    }
  });

  // Migration 005's check spells the branches in SQL (a migration that ran never changes): it must keep to the list.
  await t.test("staff_accounts.branch takes exactly the contract's branches", async () => {
    const location = await target.fresh();
    const db = await location.open();
    try {
      await runMigrations(db);
      const insert = (branch: string) =>
        db.query(`insert into staff_accounts (email, password_hash, role, branch) values ($1, 'x', 'branch', $2)`, [
          `${branch.replace(/\W/g, '')}@example.com`,
          branch,
        ]);
      for (const branch of STAFF_BRANCHES) await insert(branch);
      const stored = await db.query<{ branch: string }>('select branch from staff_accounts order by id');
      assert.deepEqual(
        stored.map((row) => row.branch),
        [...STAFF_BRANCHES],
      );
      for (const other of ['Saudi', 'dubai', 'Abu Dhabi']) {
        await assert.rejects(insert(other), (error: unknown) => (error as { code?: string }).code === '23514', other); // check_violation
      }
    } finally {
      await db.close();
      await location.cleanup();
    }
  });

  await t.test('/healthz reports the database', async () => {
    const location = await target.fresh();
    const fixture = await createFixture();
    const db = await location.open();
    const app = await buildApp(fixture.config, db);
    try {
      const ok = await app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(ok.statusCode, 200);
      assert.deepEqual(ok.json(), { status: 'ok', database: 'ok' });
      await db.close();
      const down = await app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(down.statusCode, 503);
      const body = down.json<{ status: string; database: string }>();
      assert.equal(body.status, 'error');
      assert.ok(body.database.length > 0, 'says why');
    } finally {
      await app.close();
      await db.close();
      await fixture.cleanup();
      await location.cleanup();
    }
  });
}

// ---------------------------------------------------------------- runs

test('database on embedded PGlite', async (t) => {
  await databaseSuite(t, pgliteTarget);

  await t.test('keeps its files in <dataDir>/pglite and refuses a second open of the same folder', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-db-test-'));
    // the run's migrated copy, not an initdb of its own (the migrations test above makes one from nothing)
    await placeMigratedDatabase(dataDir);
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      assert.equal(db.kind, 'embedded');
      assert.equal(db.location, pgliteDir(dataDir));
      await assert.rejects(openDatabase({ dataDir, databaseUrl: undefined }), /already open in this process/);
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

test('database on PostgreSQL', async (t) => {
  const found = await findPostgres();
  if ('reason' in found) {
    if (process.env.REQUIRE_POSTGRES === '1') assert.fail(`${found.reason} (REQUIRE_POSTGRES=1)`);
    console.log(`PostgreSQL tests skipped: ${found.reason}`);
    t.skip(found.reason);
    return;
  }
  await databaseSuite(t, postgresTarget(found.url));

  await t.test(
    'migration runs in two schemas of a new database at once both succeed: what the database shares is made once',
    async (t) => {
      // A database of its own: the test database has the pg_trgm extension since the first run, and making it is the race.
      const name = `test_db_${randomBytes(6).toString('hex')}`;
      try {
        await adminQuery(found.url, `create database ${name}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error; // insufficient_privilege: no CREATEDB here
        t.skip(`cannot create a database at ${found.url}`);
        return;
      }
      const url = new URL(found.url);
      url.pathname = `/${name}`;
      try {
        const schemas = await Promise.all([freshSchema(url.toString()), freshSchema(url.toString())]);
        const dbs = await Promise.all(
          schemas.map((schema) => openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() })),
        );
        try {
          const results = await Promise.all(dbs.map((db) => runMigrations(db)));
          assert.deepEqual(
            results,
            dbs.map(() => ({ applied: MIGRATIONS.map((m) => m.version) })),
          );
        } finally {
          await Promise.all(dbs.map((db) => db.close()));
        }
      } finally {
        await adminQuery(found.url, `drop database if exists ${name}`);
      }
    },
  );

  await t.test('a NOTIFY is heard in its own schema only; in public the channel keeps its bare name', async () => {
    const [first, second] = [await freshSchema(found.url), await freshSchema(found.url)];
    const open = (url: string) => openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
    const [a, b, inPublic] = [await open(first.url), await open(second.url), await open(found.url)];
    const heard: string[] = [];
    const stops = [
      await a.listen('test_changed', (payload) => heard.push(`a ${payload}`)),
      await b.listen('test_changed', (payload) => heard.push(`b ${payload}`)),
    ];
    const notify = (db: Database, payload: string) =>
      db.kysely.transaction().execute((trx) => notifyChannel(trx, 'test_changed', payload));
    // Waits for `last` to be heard. Notifications reach each listener in commit order, so one delivered to the wrong
    // schema's listener would have been heard before the next one sent to that listener: the list is then complete.
    const settle = (last: string) =>
      eventually(
        () => [...heard],
        (seen) => seen.includes(last),
        5_000,
      );
    try {
      await notify(a, '7');
      await settle('a 7');
      await notify(b, '8');
      await settle('b 8');
      await notify(a, '9'); // after '8': what a's listener would have heard of b's notification comes before it
      assert.deepEqual(await settle('a 9'), ['a 7', 'b 8', 'a 9']);
      assert.match(await channelName(a, 'test_changed'), /^test_changed\.\d+$/);
      assert.equal(await channelName(inPublic, 'test_changed'), 'test_changed', 'what every release so far listens on');
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await Promise.all([a, b, inPublic].map((db) => db.close()));
      await Promise.all([first.drop(), second.drop()]);
    }
  });

  await t.test("a server's statements run without parallel workers, on every connection of its pool", async () => {
    const schema = await freshSchema(found.url);
    const db = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    try {
      // connections opened side by side, each asked in turn
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          db.transaction(
            async (tx) =>
              (await tx.query<{ max_parallel_workers_per_gather: string }>('show max_parallel_workers_per_gather'))[0]
                ?.max_parallel_workers_per_gather,
          ),
        ),
      );
      assert.deepEqual(settings, ['0', '0', '0', '0']);
    } finally {
      await db.close();
      await schema.drop();
    }
  });

  await t.test('an unreachable server fails with a clear message', async () => {
    await assert.rejects(
      openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: os.tmpdir() }),
      /^Error: Cannot connect to PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/none: .*ECONNREFUSED/,
    );
  });
});
