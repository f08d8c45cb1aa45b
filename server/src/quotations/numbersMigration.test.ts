// Migration 046 on a database holding numbers of the old form, on PGlite and PostgreSQL: Oman's and Bahrain's first
// quotations were both QT-2026-000001 (an order each under that number), requests RFQ-2026-00000N. The migration keeps
// every one of them as it was; the next numbers carry the branch's code and follow each branch's counter; a revision
// of an old quotation keeps its first's number (-R1); and the database itself refuses a number twice over the company,
// or a number with another branch's code.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { QUOTATION_NUMBER_PATTERN, QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { seedCatalogue } from '../catalogue/index.js';
import { MIGRATIONS, runMigrations, type Database } from '../platform/db/index.js';
import { answerOf } from '../test-support/answers.js';
import { testOnEmptyDatabases } from '../test-support/databases.js';
import { as, buildStaffWorkTestApp, createTestAccount } from '../test-support/staffWorkApp.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';

const BEFORE = MIGRATIONS.filter((migration) => migration.version < '046');
/** Up to 046: the later migrations are their own tests'. */
const UP_TO = MIGRATIONS.filter((migration) => migration.version <= '046');
const NOW = new Date('2026-11-28T10:00:00Z');

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const refusedWith = (code: string) => (error: unknown) => (error as { code?: string }).code === code;

/** The old rows: [reference, branch, currency, vat country, state, number] a request and its quotation each. */
const OLD = [
  ['RFQ-2026-000001', 'Oman', 'OMR', 'OM', 'accepted', 'QT-2026-000001'],
  ['RFQ-2026-000002', 'Bahrain', 'BHD', 'BH', 'accepted', 'QT-2026-000001'],
  ['RFQ-2026-000003', 'Oman', 'OMR', 'OM', 'sent', 'QT-2026-000002'],
  ['RFQ-2026-000004', 'Bahrain', 'BHD', 'BH', 'sent', 'QT-2026-000002'],
] as const;

/** Requests, quotations, counters and orders as the site wrote them before the branch codes. */
async function seedOldNumbers(db: Database): Promise<void> {
  for (const [reference, branch, currency, country, state, number] of OLD) {
    const [request] = await db.query<{ id: number }>(
      `insert into quote_requests (reference, company_name, name, email, phone, branch, pdf_key_hash, created_at)
       values ($1, 'Gulf Build LLC', 'Karim Nasser', 'karim@example.com', '+968 0000 0000', $2, 'h', '2026-03-01T08:00:00Z')
       returning id`,
      [reference, branch],
    );
    const [quotation] = await db.query<{ id: number }>(
      `insert into quotations (request_id, branch, currency, rate_value, rate_scale, vat_country, vat_on, valid_until,
         state, number, sent_at)
       values ($1, $2, $3, 105, 3, $4, '2026-03-01', '2026-03-31', $5, $6, '2026-03-01T09:00:00Z') returning id`,
      [request!.id, branch, currency, country, state, number],
    );
    await db.query(
      `insert into quotation_lines (quotation_id, position, variant_code, description, unit, quantity, unit_price_minor,
         line_total_minor, vat_rate_bp, vat_minor)
       values ($1, 1, 'HEX-CW-20S', 'Brass cable gland', 'piece', 40, 1260, 50400, 500, 2520)`,
      [quotation!.id],
    );
    if (state === 'accepted')
      await db.query(
        `insert into orders (quotation_id, request_id, request_reference, branch, quotation_number, currency,
           subtotal_minor, vat_minor, total_minor, buyer_company, buyer_email, accepted_by_name, accepted_by_position, lines)
         values ($1, $2, $3, $4, $5, $6, 50400, 2520, 52920, 'Gulf Build LLC', 'karim@example.com', 'Karim Nasser', 'Buyer', '[]')`,
        [quotation!.id, request!.id, reference, branch, number, currency],
      );
  }
  await db.query(
    `insert into quotation_number_counters (branch, year, last_number) values ('Oman', 2026, 2), ('Bahrain', 2026, 2)`,
  );
}

const everyNumber = (db: Database) =>
  db.query<{ branch: string; reference: string; number: string | null; order_number: string | null }>(
    `select r.branch, r.reference, q.number, o.quotation_number as order_number
     from quote_requests r join quotations q on q.request_id = r.id left join orders o on o.quotation_id = q.id
     order by q.id`,
  );

async function migrationSuite(t: TestContext, db: Database): Promise<void> {
  await runMigrations(db, BEFORE);
  // the collisions the old numbering made were allowed: the same number in two branches, and two orders under it
  await seedOldNumbers(db);
  const before = await everyNumber(db);
  assert.deepEqual(await runMigrations(db, UP_TO), { applied: ['046'] });

  await t.test('every number and reference stored before is kept as it was', async () => {
    assert.deepEqual(await everyNumber(db), before);
    assert.deepEqual(
      before.map((row) => [row.branch, row.reference, row.number, row.order_number]),
      [
        ['Oman', 'RFQ-2026-000001', 'QT-2026-000001', 'QT-2026-000001'],
        ['Bahrain', 'RFQ-2026-000002', 'QT-2026-000001', 'QT-2026-000001'],
        ['Oman', 'RFQ-2026-000003', 'QT-2026-000002', null],
        ['Bahrain', 'RFQ-2026-000004', 'QT-2026-000002', null],
      ],
    );
  });

  // the rest of the schema, as a server starting on this database applies it, before the app works on it
  await runMigrations(db);
  await seedCatalogue(db);
  await db.query(`update catalogue_product_variants set price = '12.00' where code = 'HEX-CW-20S'`);
  const app = await buildStaffWorkTestApp({ db, now: () => NOW });
  t.after(() => app.close());
  const admin = await createTestAccount(db, 'admin@crescent.example', 'admin');
  const call = (who: StaffAccountSummary, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...as(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  for (const currency of ['OMR', 'BHD'])
    answerOf(await call(admin, 'PUT', staffApiPath(QUOTATIONS_API.currencyRate, { currency }), { rate: '0.105' }));
  const send = async (id: number): Promise<Quotation> => {
    const draft = answerOf<Quotation>(await call(admin, 'GET', staffApiPath(QUOTATIONS_API.quotation, { id })));
    return answerOf<Quotation>(
      await call(admin, 'POST', staffApiPath(QUOTATIONS_API.send, { id }), { version: draft.version }),
    );
  };
  const idOf = async (number: string, branch: string) =>
    (
      await db.query<{ id: number }>('select id from quotations where number = $1 and branch = $2', [number, branch])
    )[0]!.id;

  await t.test(
    "new requests and quotations carry the branch's code; each branch's counter goes on from its last number",
    async () => {
      const sent: string[] = [];
      for (const branch of ['Oman', 'Bahrain']) {
        const { id: requestId, reference } = await submitQuote(db, {
          branch,
          lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 }],
        });
        assert.match(reference, new RegExp(`^RFQ-${branch === 'Oman' ? 'OM' : 'BH'}-\\d{4}-\\d{6}$`));
        const draft = answerOf<Quotation>(await call(admin, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
        sent.push((await send(draft.id)).number!);
      }
      assert.deepEqual(sent, ['QT-OM-2026-000003', 'QT-BH-2026-000003']);
    },
  );

  await t.test(
    "a revision of an old quotation keeps its first's number, unique with its branch as before",
    async () => {
      const revised: string[] = [];
      for (const branch of ['Oman', 'Bahrain']) {
        const old = answerOf<Quotation>(
          await call(
            admin,
            'GET',
            staffApiPath(QUOTATIONS_API.quotation, { id: await idOf('QT-2026-000002', branch) }),
          ),
        );
        const revision = answerOf<Quotation>(
          await call(admin, 'POST', staffApiPath(QUOTATIONS_API.revise, { id: old.id }), { version: old.version }),
          201,
        );
        // a quotation from before the document named its delivery names none: the salesperson types it in
        await db.query(`update quotations set incoterm = 'DAP', delivery_place = 'Muscat' where id = $1`, [
          revision.id,
        ]);
        revised.push((await send(revision.id)).number!);
      }
      assert.deepEqual(revised, ['QT-2026-000002-R1', 'QT-2026-000002-R1']);
      const numbers = await db.query<{ number: string }>('select number from quotations where number is not null');
      assert.deepEqual(
        numbers.filter((row) => !QUOTATION_NUMBER_PATTERN.test(row.number)),
        [],
        'every number, old or new, is one the readers of numbers take',
      );
    },
  );

  await t.test('the database refuses a number twice over the company, or under another branch’s code', async () => {
    const [request] = await db.query<{ id: number }>(`select id from quote_requests order by id desc limit 1`);
    const insert = (branch: string, number: string) =>
      db.query(
        `insert into quotations (request_id, branch, currency, rate_value, rate_scale, vat_country, vat_on, valid_until,
           state, number)
         values ($1, $2, 'AED', 1, 0, 'AE', '2026-11-28', '2026-12-28', 'sent', $3)`,
        [request!.id, branch, number],
      );
    await assert.rejects(insert('Oman', 'QT-OM-2026-000003'), refusedWith(UNIQUE_VIOLATION), 'given already');
    await assert.rejects(insert('Bahrain', 'QT-OM-2026-000004'), refusedWith(CHECK_VIOLATION), "Oman's code");
    await assert.rejects(insert('Dubai', 'QT-XX-2026-000001'), refusedWith(CHECK_VIOLATION), 'no such code');
    await assert.rejects(insert('Oman', 'QT-2026-000001'), refusedWith(UNIQUE_VIOLATION), 'old, in its branch');
    await assert.rejects(insert('Oman', 'QT-2026-000002-R1'), refusedWith(UNIQUE_VIOLATION), 'an old revision');

    const order = (quotationId: number, number: string) =>
      db.query(
        `insert into orders (quotation_id, request_id, request_reference, branch, quotation_number, currency,
           subtotal_minor, vat_minor, total_minor, buyer_company, buyer_email, accepted_by_name, accepted_by_position, lines)
         values ($1, 1, 'RFQ-OM-2026-000005', 'Oman', $2, 'OMR', 1, 0, 1, 'Co', 'a@b.c', 'N', 'P', '[]')`,
        [quotationId, number],
      );
    await order(9_001, 'QT-OM-2026-000003');
    await assert.rejects(order(9_002, 'QT-OM-2026-000003'), refusedWith(UNIQUE_VIOLATION), "the ERP's key, once");

    const requestOf = (reference: string, branch: string) =>
      db.query(
        `insert into quote_requests (reference, company_name, name, email, phone, branch, pdf_key_hash)
         values ($1, 'Co', 'N', 'n@x.y', '1', $2, 'h')`,
        [reference, branch],
      );
    await assert.rejects(requestOf('RFQ-OM-2026-999999', 'Dubai'), refusedWith(CHECK_VIOLATION), "Oman's code");
    await assert.rejects(requestOf('RFQ-2026-000001', 'Dubai'), refusedWith(UNIQUE_VIOLATION), 'a reference once');
    await requestOf('RFQ-AE-2026-999999', 'Dubai');
  });
}

testOnEmptyDatabases('migration 046', migrationSuite);
