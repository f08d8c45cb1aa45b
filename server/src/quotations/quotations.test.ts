// Staff price a request for quotation, on both databases, through the staff work routes (the quotation calls are
// registered there, with the scope's account, branch rule and audit log): "Prepare quotation" from a request's lines
// priced from the catalogue (converted at the rate in use for rials, dinars and riyals), reading, saving on the version
// read (409 for a stale one, and for one of two saves at once), adding and taking out lines, every refusal of bad input
// (three decimals in dirhams, a negative quantity, a discount over 100 %…) with its problems, branch isolation tried as
// an attacker would (another branch's staff on every call), the rate and VAT tables (admins only; VAT by the branch's
// day), and sending: numbers per branch without gaps and with the branch's code, revisions -R1, a sent quotation
// immutable.
import assert from 'node:assert/strict';
import { lineInputOf } from '../test-support/quotationSite.js';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  QUOTATIONS_API,
  VAT_ROUNDING_TEXT,
  type CurrencyRateTable,
  type Quotation,
  type QuotationList,
  type StaleQuotationAnswer,
  type VatRateTable,
} from '@site/contracts/quotations-api';
import type { QuotationLineInput, SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import type { ApiError } from '@site/contracts/forms-api';
import { seedCatalogue } from '../catalogue/index.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { as, buildStaffWorkTestApp, createTestAccount } from '../test-support/staffWorkApp.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';
import Fastify from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MESSAGES, staffRoutes } from '../staff/staffRoutes.js';
import { addStaffAccount, signInStaff, staffCall } from '../test-support/staffSignIn.js';
import { branchDay } from './days.js';
import { vatRateOn } from './rateStore.js';

const NOW = new Date('2026-11-28T10:00:00Z');

const url = (pattern: string, params: Record<string, string | number>) => staffApiPath(pattern, params);
const quotationUrl = (id: number) => url(QUOTATIONS_API.quotation, { id });

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  assert.equal(res.statusCode, status, res.body);
  return res.json<T>();
}

function refusal(res: LightMyRequestResponse, status: number): ApiError {
  assert.equal(res.statusCode, status, res.body);
  return res.json<ApiError>();
}

const saveBody = (quotation: Quotation, change: Partial<SaveQuotationBody> = {}): SaveQuotationBody => ({
  version: quotation.version,
  validUntil: quotation.validUntil,
  paymentTerms: quotation.paymentTerms,
  deliveryTerms: quotation.deliveryTerms,
  buyerNote: quotation.buyerNote,
  lines: quotation.lines.map(lineInputOf),
  ...change,
});

const amounts = (quotation: Quotation) =>
  quotation.lines.map((line) => [
    line.code,
    line.quantity,
    line.unitPrice,
    line.discountPercent,
    line.lineTotal,
    line.vatPercent,
    line.vat,
  ]);

async function quotationSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let admin: StaffAccountSummary;
  let dubai: StaffAccountSummary;
  let dubai2: StaffAccountSummary;
  let oman: StaffAccountSummary;
  let editor: StaffAccountSummary;
  const requests: Record<string, number> = {};

  const call = (
    account: StaffAccountSummary,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    on: FastifyInstance = app,
  ) =>
    on.inject({
      method,
      url: path,
      headers: { ...as(account), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const prepare = (account: StaffAccountSummary, requestId: number) =>
    call(account, 'POST', QUOTATIONS_API.quotations, { requestId });
  const read = async (id: number) => ok<Quotation>(await call(admin, 'GET', quotationUrl(id)));
  const save = (
    account: StaffAccountSummary,
    quotation: Quotation,
    change: Partial<SaveQuotationBody> = {},
    on: FastifyInstance = app,
  ) => call(account, 'PUT', quotationUrl(quotation.id), saveBody(quotation, change), on);
  const auditOf = (id: number) =>
    db.query<{ action: string; actor_email: string; detail: string }>(
      'select action, actor_email, detail from staff_audit_log where target = $1 order by id',
      [`quotation:${id}`],
    );
  const setRate = (currency: string, rate: string) =>
    call(admin, 'PUT', url(QUOTATIONS_API.currencyRate, { currency }), { rate });

  t.before(async () => {
    database = await target.fresh();
    db = database.db;
    await seedCatalogue(db);
    // prices the sums below are worked out from
    await db.query(`update catalogue_product_variants set price = '12.00' where code = 'HEX-CW-20S'`);
    await db.query(`update catalogue_product_variants set price = '14.35' where code = 'HEX-CW-20'`);
    app = await buildStaffWorkTestApp({ db, now: () => NOW, quotationValidDays: 30 });
    admin = await createTestAccount(db, 'admin@crescent.example', 'admin');
    dubai = await createTestAccount(db, 'dubai@crescent.example', 'branch', 'Dubai');
    dubai2 = await createTestAccount(db, 'dubai2@crescent.example', 'branch', 'Dubai');
    oman = await createTestAccount(db, 'oman@crescent.example', 'branch', 'Oman');
    editor = await createTestAccount(db, 'editor@crescent.example', 'catalogue');
    const lines = [
      { productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 },
      { productId: TEST_PRODUCT, code: 'HEX-CW-20', quantity: 3 },
    ];
    for (const [name, branch] of [
      ['dubai', 'Dubai'],
      ['dubaiSecond', 'Dubai'],
      ['dubaiThird', 'Dubai'],
      ['oman', 'Oman'],
      ['omanSecond', 'Oman'],
      ['bahrain', 'Bahrain'],
      ['saudi', 'Saudi Arabia'],
    ] as const) {
      requests[name] = (await submitQuote(db, { branch, lines })).id;
    }
    requests.spam = (await submitQuote(db, { branch: 'Dubai', lines, website: 'http://spam.example' })).id;
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
  });

  await t.test(
    '"Prepare quotation": a draft in dirhams from the request’s lines, each priced from the catalogue, VAT 5 % per line',
    async () => {
      const quotation = ok<Quotation>(await prepare(dubai, requests.dubai!), 201);
      assert.equal(quotation.state, 'draft');
      assert.equal(quotation.number, null);
      assert.equal(quotation.version, 1);
      assert.equal(quotation.currency, 'AED');
      assert.equal(quotation.decimals, 2);
      assert.equal(quotation.rate.rate, '1');
      assert.equal(quotation.vatCountry, 'AE');
      assert.equal(quotation.vatDate, '2026-11-28');
      assert.equal(quotation.validUntil, '2026-12-28', 'QUOTATION_VALID_DAYS from the branch’s today');
      assert.match(quotation.requestReference, /^RFQ-/);
      assert.deepEqual(amounts(quotation), [
        ['HEX-CW-20S', '40', '12.00', '0', '480.00', '5', '24.00'],
        ['HEX-CW-20', '3', '14.35', '0', '43.05', '5', '2.15'], // 2.1525 → 2.15
      ]);
      assert.match(quotation.lines[0]!.description, /^CW Brass Cable Gland.* — Size 20S/);
      assert.equal(quotation.lines[0]!.unit, 'piece');
      assert.deepEqual(quotation.totals, { subtotal: '523.05', vat: '26.15', total: '549.20' });
      assert.equal(quotation.vatRounding, VAT_ROUNDING_TEXT);
      assert.equal(quotation.vatRounding, 'VAT rounded per line');

      // the same request again opens the same draft: one draft per request at a time
      const again = ok<Quotation>(await prepare(dubai2, requests.dubai!), 200);
      assert.equal(again.id, quotation.id);
      assert.deepEqual(
        ok<QuotationList>(
          await call(dubai, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.dubai}`),
        ).quotations.map((one) => [one.id, one.state, one.total]),
        [[quotation.id, 'draft', '549.20']],
      );
      assert.deepEqual(
        (await auditOf(quotation.id)).map((line) => [line.action, line.actor_email]),
        [['quotation.prepare', 'dubai@crescent.example']],
      );
    },
  );

  await t.test('two "Prepare" at once make one draft', async () => {
    const [a, b] = await Promise.all([prepare(dubai, requests.dubaiThird!), prepare(dubai2, requests.dubaiThird!)]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 201]);
    assert.equal(a.json<Quotation>().id, b.json<Quotation>().id);
  });

  await t.test('a spam request is not priced; an unknown one is a 404', async () => {
    assert.match(refusal(await prepare(admin, requests.spam!), 409).error, /marked as spam/);
    assert.equal((await prepare(admin, 999_999)).statusCode, 404);
    assert.match(
      refusal(await call(admin, 'POST', QUOTATIONS_API.quotations, { requestId: -1 }), 400).error,
      /requestId must be positive/,
    );
  });

  await t.test(
    'rials: no rate yet is a clear 409; with 1 AED = 0.10477 OMR, prices convert and round half-up to the baisa',
    async () => {
      assert.match(
        refusal(await prepare(oman, requests.oman!), 409).error,
        /^No rate from AED to OMR has been set: an administrator sets it/,
      );
      const table = ok<CurrencyRateTable>(await setRate('OMR', '0.10477'));
      assert.deepEqual(
        table.current.map((rate) => [rate.currency, rate.rate, rate.setBy]),
        [['OMR', '0.10477', 'admin@crescent.example']],
      );
      const quotation = ok<Quotation>(await prepare(oman, requests.oman!), 201);
      assert.equal(quotation.currency, 'OMR');
      assert.equal(quotation.decimals, 3);
      assert.equal(quotation.rate.rate, '0.10477');
      assert.equal(quotation.rate.setBy, 'admin@crescent.example');
      assert.deepEqual(amounts(quotation), [
        ['HEX-CW-20S', '40', '1.257', '0', '50.280', '5', '2.514'], // 12.00 × 0.10477 = 1.25724
        ['HEX-CW-20', '3', '1.503', '0', '4.509', '5', '0.225'], // 14.35 × 0.10477 = 1.5034495; VAT 0.22545
      ]);
      assert.deepEqual(quotation.totals, { subtotal: '54.789', vat: '2.739', total: '57.528' });
    },
  );

  await t.test('each quotation keeps the rate it used: a new rate prices new quotations only', async () => {
    ok(await setRate('OMR', '0.105'));
    const [first] = ok<QuotationList>(
      await call(oman, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.oman}`),
    ).quotations;
    const kept = await read(first!.id);
    assert.equal(kept.rate.rate, '0.10477');
    // a part added to it is priced at its own rate too
    const added = ok<Quotation>(
      await call(oman, 'POST', url(QUOTATIONS_API.lines, { id: kept.id }), {
        version: kept.version,
        line: { kind: 'catalogue', code: 'hex-cw-20s' },
      }),
    );
    assert.deepEqual(amounts(added).at(-1), ['HEX-CW-20S', '1', '1.257', '0', '1.257', '5', '0.063']);
    const fresh = ok<Quotation>(await prepare(oman, requests.omanSecond!), 201);
    assert.equal(fresh.rate.rate, '0.105');
    assert.equal(fresh.lines[0]!.unitPrice, '1.260'); // 12.00 × 0.105
    const history = ok<CurrencyRateTable>(await call(dubai, 'GET', QUOTATIONS_API.currencyRates)).history;
    assert.deepEqual(
      history.map((rate) => rate.rate),
      ['0.105', '0.10477'],
    );
  });

  await t.test('dinars (three decimals, VAT 10 %) and riyals (two decimals, VAT 15 %)', async () => {
    ok(await setRate('BHD', '0.10238'));
    ok(await setRate('SAR', '1.0211'));
    const bahrain = ok<Quotation>(await prepare(admin, requests.bahrain!), 201);
    assert.deepEqual([bahrain.currency, bahrain.decimals, bahrain.vatCountry], ['BHD', 3, 'BH']);
    assert.deepEqual(amounts(bahrain)[0], ['HEX-CW-20S', '40', '1.229', '0', '49.160', '10', '4.916']);
    const saudi = ok<Quotation>(await prepare(admin, requests.saudi!), 201);
    assert.deepEqual([saudi.currency, saudi.decimals, saudi.vatCountry], ['SAR', 2, 'SA']);
    assert.deepEqual(amounts(saudi)[0], ['HEX-CW-20S', '40', '12.25', '0', '490.00', '15', '73.50']);
  });

  await t.test(
    'saving the draft on the version read: header and lines, repriced exactly; the version goes up',
    async () => {
      const quotation = ok<Quotation>(await prepare(dubai, requests.dubai!));
      const lines = quotation.lines.map(lineInputOf);
      lines[0] = {
        ...lines[0]!,
        unitPrice: '11.75',
        discountPercent: '2.5',
        availabilityNote: 'Ex stock',
        lineNote: 'Brass,\nnickel plated',
      };
      const saved = ok<Quotation>(
        await save(dubai, quotation, {
          lines,
          validUntil: '2027-01-15',
          paymentTerms: '30 days from invoice',
          deliveryTerms: 'Delivered to site, Abu Dhabi',
          buyerNote: 'Thank you for your request.',
        }),
      );
      assert.equal(saved.version, quotation.version + 1);
      assert.equal(saved.updatedBy, 'dubai@crescent.example');
      assert.deepEqual(amounts(saved), [
        ['HEX-CW-20S', '40', '11.75', '2.5', '458.25', '5', '22.91'], // 470 × 0.975; VAT 22.9125
        ['HEX-CW-20', '3', '14.35', '0', '43.05', '5', '2.15'],
      ]);
      assert.deepEqual(saved.totals, { subtotal: '501.30', vat: '25.06', total: '526.36' });
      assert.deepEqual(
        [saved.validUntil, saved.paymentTerms, saved.deliveryTerms, saved.buyerNote],
        ['2027-01-15', '30 days from invoice', 'Delivered to site, Abu Dhabi', 'Thank you for your request.'],
      );
      assert.deepEqual(
        [saved.lines[0]!.availabilityNote, saved.lines[0]!.lineNote],
        ['Ex stock', 'Brass,\nnickel plated'],
      );
      assert.deepEqual(await read(quotation.id), saved);
      // numbers typed as JSON numbers are read as the text that writes them
      const asNumbers = ok<Quotation>(
        await save(dubai, saved, {
          lines: saved.lines.map((line) => ({ ...lineInputOf(line), quantity: 40, unitPrice: 11.75 })),
        }),
      );
      assert.deepEqual(amounts(asNumbers)[1], ['HEX-CW-20', '40', '11.75', '0', '470.00', '5', '23.50']);
      assert.equal((await auditOf(quotation.id)).at(-1)?.action, 'quotation.save');
    },
  );

  await t.test(
    'a save on an older version is a 409 that says someone else saved it; nothing of it is kept',
    async () => {
      const current = ok<Quotation>(await prepare(dubai, requests.dubai!));
      const stale = { ...current, version: current.version - 1 };
      const res = await save(dubai2, stale, { buyerNote: 'Mine' });
      assert.equal(res.statusCode, 409, res.body);
      const answer = res.json<StaleQuotationAnswer>();
      assert.match(answer.error, /^Someone else saved this quotation .*: reload to see their changes$/);
      assert.equal(answer.version, current.version);
      assert.equal(answer.savedBy, 'dubai@crescent.example');
      assert.deepEqual(await read(current.id), current);
    },
  );

  await t.test('two saves at once on the same version: one is saved, the other gets the 409', async () => {
    const current = ok<Quotation>(await prepare(dubai, requests.dubai!));
    const results = await Promise.all([
      save(dubai, current, { buyerNote: 'First' }),
      save(dubai2, current, { buyerNote: 'Second' }),
    ]);
    assert.deepEqual(results.map((res) => res.statusCode).sort(), [200, 409]);
    const after = await read(current.id);
    assert.equal(after.version, current.version + 1);
    const winner = results.find((res) => res.statusCode === 200)!.json<Quotation>();
    assert.equal(after.buyerNote, winner.buyerNote);
  });

  await t.test('bad input is a 400 naming each problem at its path; nothing is saved', async () => {
    const current = ok<Quotation>(await prepare(dubai, requests.dubai!));
    const withLine = (change: Partial<QuotationLineInput>) => ({
      lines: [{ ...lineInputOf(current.lines[0]!), ...change }, ...current.lines.slice(1).map(lineInputOf)],
    });
    const expect400 = async (change: Partial<SaveQuotationBody>, path: (string | number)[], message: RegExp) => {
      const answer = refusal(await save(dubai, current, change), 400);
      const problem = answer.problems?.find((one) => JSON.stringify(one.path) === JSON.stringify(path));
      assert.ok(problem !== undefined, `a problem at ${JSON.stringify(path)}: ${JSON.stringify(answer)}`);
      assert.match(problem.message, message);
      assert.match(answer.error, message);
    };
    await expect400(
      withLine({ unitPrice: '10.125' }),
      ['lines', 0, 'unitPrice'],
      /lines\[0\]\.unitPrice "10\.125" has 3 decimals: AED amounts have 2 \(fils\)/,
    );
    await expect400(withLine({ quantity: '-3' }), ['lines', 0, 'quantity'], /quantity cannot be negative/);
    await expect400(withLine({ quantity: -3 }), ['lines', 0, 'quantity'], /quantity cannot be negative/);
    await expect400(withLine({ quantity: '0' }), ['lines', 0, 'quantity'], /must be greater than 0/);
    await expect400(
      withLine({ quantity: '2.555' }),
      ['lines', 0, 'quantity'],
      /has 3 decimals: a quantity has at most 2/,
    );
    await expect400(withLine({ discountPercent: '150' }), ['lines', 0, 'discountPercent'], /must be from 0 to 100/);
    await expect400(withLine({ discountPercent: '100.01' }), ['lines', 0, 'discountPercent'], /must be from 0 to 100/);
    await expect400(
      withLine({ discountPercent: '-5' }),
      ['lines', 0, 'discountPercent'],
      /discountPercent cannot be negative/,
    );
    await expect400(
      withLine({ unitPrice: '1,200.00' }),
      ['lines', 0, 'unitPrice'],
      /unitPrice must be a number such as "12.50"/,
    );
    await expect400(withLine({ unitPrice: '' }), ['lines', 0, 'unitPrice'], /unitPrice is required/);
    await expect400(withLine({ description: '' }), ['lines', 0, 'description'], /description is required/);
    await expect400(
      withLine({ code: 'NOT-A-CODE' }),
      ['lines', 0, 'code'],
      /"NOT-A-CODE" is not a code of the catalogue/,
    );
    await expect400(
      withLine({ description: 'Cable\u202egland' }),
      ['lines', 0, 'description'],
      /text-direction characters/,
    );
    await expect400({ validUntil: '2026-11-27' }, ['validUntil'], /is before today \(2026-11-28\)/);
    await expect400({ validUntil: '2026-02-30' }, ['validUntil'], /validUntil must be a date written YYYY-MM-DD/);
    // several at once: each named
    const several = refusal(
      await save(dubai, current, {
        lines: [{ ...lineInputOf(current.lines[0]!), unitPrice: '1.001', discountPercent: '101' }],
      }),
      400,
    );
    assert.deepEqual(
      several.problems?.map((problem) => problem.path),
      [
        ['lines', 0, 'unitPrice'],
        ['lines', 0, 'discountPercent'],
      ],
    );
    const unknownField = refusal(
      await call(dubai, 'PUT', quotationUrl(current.id), { ...saveBody(current), total: '1.00' }),
      400,
    );
    assert.match(unknownField.error, /Unknown field "total"/);
    const noVersion = refusal(
      await call(dubai, 'PUT', quotationUrl(current.id), { ...saveBody(current), version: undefined }),
      400,
    );
    assert.match(noVersion.error, /version is required/);
    assert.equal((await call(dubai, 'PUT', quotationUrl(current.id), 'not json')).statusCode, 400);
    assert.deepEqual(await read(current.id), current, 'nothing saved');
  });

  await t.test('three decimals are refused in dirhams and riyals, taken in rials and dinars', async () => {
    const [oneOman] = ok<QuotationList>(
      await call(admin, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.oman}`),
    ).quotations;
    const omani = await read(oneOman!.id);
    const saved = ok<Quotation>(
      await save(oman, omani, { lines: [{ ...lineInputOf(omani.lines[0]!), unitPrice: '1.234' }] }),
    );
    assert.equal(saved.lines[0]!.unitPrice, '1.234');
    const fourDecimals = refusal(
      await save(oman, saved, { lines: [{ ...lineInputOf(saved.lines[0]!), unitPrice: '1.2345' }] }),
      400,
    );
    assert.match(fourDecimals.error, /has 4 decimals: OMR amounts have 3 \(baisa\)/);
    const [oneSaudi] = ok<QuotationList>(
      await call(admin, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.saudi}`),
    ).quotations;
    const saudi = await read(oneSaudi!.id);
    assert.match(
      refusal(await save(admin, saudi, { lines: [{ ...lineInputOf(saudi.lines[0]!), unitPrice: '12.255' }] }), 400)
        .error,
      /SAR amounts have 2 \(halalas\)/,
    );
  });

  await t.test(
    'lines: another catalogue part by its code, a free-text line, one taken out (the ones after it move up)',
    async () => {
      const current = ok<Quotation>(await prepare(dubai, requests.dubaiSecond!), 201);
      const linesUrl = url(QUOTATIONS_API.lines, { id: current.id });
      const withPart = ok<Quotation>(
        await call(dubai, 'POST', linesUrl, {
          version: current.version,
          line: { kind: 'catalogue', code: 'hex cw 20', quantity: '5' },
        }),
      );
      assert.deepEqual(amounts(withPart).at(-1), ['HEX-CW-20', '5', '14.35', '0', '71.75', '5', '3.59']);
      const withText = ok<Quotation>(
        await call(dubai, 'POST', linesUrl, {
          version: withPart.version,
          line: { kind: 'text', description: 'Delivery to Abu Dhabi', unitPrice: '150.5' },
        }),
      );
      assert.deepEqual(amounts(withText).at(-1), [null, '1', '150.50', '0', '150.50', '5', '7.53']);
      assert.equal(withText.lines.length, 4);

      assert.match(
        refusal(
          await call(dubai, 'POST', linesUrl, {
            version: withText.version,
            line: { kind: 'catalogue', code: 'NOPE-1' },
          }),
          400,
        ).error,
        /"NOPE-1" is not a code of the catalogue/,
      );
      assert.match(
        refusal(
          await call(dubai, 'POST', linesUrl, {
            version: withText.version,
            line: { kind: 'text', description: 'Fee', unitPrice: '1.005' },
          }),
          400,
        ).error,
        /AED amounts have 2/,
      );
      assert.match(
        refusal(
          await call(dubai, 'POST', linesUrl, {
            version: withText.version,
            line: { kind: 'text', description: 'Fee', quantity: '-1' },
          }),
          400,
        ).error,
        /quantity cannot be negative/,
      );
      assert.match(
        refusal(await call(dubai, 'POST', linesUrl, { version: withText.version, line: { kind: 'other' } }), 400).error,
        /line\.kind must be catalogue/,
      );
      await db.query(`update catalogue_product_variants set published = false where code = 'HEX-CW-25'`);
      assert.match(
        refusal(
          await call(dubai, 'POST', linesUrl, {
            version: withText.version,
            line: { kind: 'catalogue', code: 'HEX-CW-25' },
          }),
          400,
        ).error,
        /withdrawn from the catalogue/,
      );
      await db.query(`update catalogue_product_variants set published = true where code = 'HEX-CW-25'`);
      // a stale version is refused here too
      assert.equal(
        (await call(dubai, 'POST', linesUrl, { version: current.version, line: { kind: 'text', description: 'Late' } }))
          .statusCode,
        409,
      );

      const removed = ok<Quotation>(
        await call(
          dubai,
          'DELETE',
          `${url(QUOTATIONS_API.line, { id: current.id, position: 1 })}?version=${withText.version}`,
        ),
      );
      assert.deepEqual(
        removed.lines.map((line) => [line.position, line.code]),
        [
          [1, 'HEX-CW-20'],
          [2, 'HEX-CW-20'],
          [3, null],
        ],
      );
      assert.equal(removed.version, withText.version + 1);
      assert.equal(
        (
          await call(
            dubai,
            'DELETE',
            `${url(QUOTATIONS_API.line, { id: current.id, position: 9 })}?version=${removed.version}`,
          )
        ).statusCode,
        404,
      );
      assert.equal(
        (await call(dubai, 'DELETE', url(QUOTATIONS_API.line, { id: current.id, position: 1 }))).statusCode,
        400,
        'no version',
      );
      assert.deepEqual(
        (await auditOf(current.id)).map((line) => line.action),
        ['quotation.prepare', 'quotation.line_add', 'quotation.line_add', 'quotation.line_remove'],
      );
    },
  );

  await t.test(
    'another branch’s staff are refused on every call, as an attacker would send them; nothing changes',
    async () => {
      const dubaiQuotation = ok<Quotation>(await prepare(dubai, requests.dubai!));
      const attempts: [string, LightMyRequestResponse][] = [
        ['read', await call(oman, 'GET', quotationUrl(dubaiQuotation.id))],
        ['save', await save(oman, dubaiQuotation, { buyerNote: 'Pay to another account' })],
        [
          'add a line',
          await call(oman, 'POST', url(QUOTATIONS_API.lines, { id: dubaiQuotation.id }), {
            version: dubaiQuotation.version,
            line: { kind: 'text', description: 'x', unitPrice: '0.01' },
          }),
        ],
        [
          'take out a line',
          await call(
            oman,
            'DELETE',
            `${url(QUOTATIONS_API.line, { id: dubaiQuotation.id, position: 1 })}?version=${dubaiQuotation.version}`,
          ),
        ],
        [
          'send',
          await call(oman, 'POST', url(QUOTATIONS_API.send, { id: dubaiQuotation.id }), {
            version: dubaiQuotation.version,
          }),
        ],
        [
          'revise',
          await call(oman, 'POST', url(QUOTATIONS_API.revise, { id: dubaiQuotation.id }), {
            version: dubaiQuotation.version,
          }),
        ],
        ['prepare', await prepare(oman, requests.dubai!)],
        ['list', await call(oman, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.dubai}`)],
        // a body its schema refuses is still a 403: the branch is checked first
        ['save, bad body', await call(oman, 'PUT', quotationUrl(dubaiQuotation.id), { nonsense: true })],
      ];
      for (const [what, res] of attempts) {
        assert.equal(res.statusCode, 403, `${what}: ${res.body}`);
        assert.equal(res.json<ApiError>().error, 'This belongs to another branch.', what);
      }
      // the catalogue role prices nothing; an unknown quotation is a 404 for everyone
      assert.equal(
        refusal(await call(editor, 'GET', quotationUrl(dubaiQuotation.id)), 403).error,
        'Only administrators and branch staff prepare quotations.',
      );
      assert.equal((await prepare(editor, requests.dubai!)).statusCode, 403);
      assert.equal((await call(oman, 'GET', quotationUrl(9_999_999))).statusCode, 404);
      assert.equal((await call(oman, 'GET', url(QUOTATIONS_API.quotation, { id: 'abc' }))).statusCode, 404);
      // admins see every branch's
      ok(await call(admin, 'GET', quotationUrl(dubaiQuotation.id)));
      assert.deepEqual(await read(dubaiQuotation.id), dubaiQuotation, 'nothing changed');
    },
  );

  await t.test('the rate and VAT tables: admins change them, clear refusals of bad rates', async () => {
    for (const [account, path, body] of [
      [dubai, url(QUOTATIONS_API.currencyRate, { currency: 'OMR' }), { rate: '0.2' }],
      [oman, QUOTATIONS_API.vatRates, { country: 'OM', ratePercent: '0', startsOn: '2027-01-01' }],
    ] as const) {
      assert.equal(refusal(await call(account, 'PUT', path, body), 403).error, 'Only administrators can do this.');
    }
    assert.equal(
      refusal(await call(editor, 'GET', QUOTATIONS_API.vatRates), 403).error,
      'Only administrators and branch staff prepare quotations.',
    );
    assert.match(refusal(await setRate('OMR', '0'), 400).error, /rate must be more than 0/);
    assert.match(refusal(await setRate('OMR', '-0.1'), 400).error, /rate cannot be negative/);
    assert.match(refusal(await setRate('OMR', '0.12345678901'), 400).error, /has 11 decimals: at most 10/);
    assert.equal((await setRate('USD', '0.27')).statusCode, 404);
    assert.equal((await setRate('AED', '1')).statusCode, 404, 'a dirham is a dirham');
    const vat = (body: unknown) => call(admin, 'PUT', QUOTATIONS_API.vatRates, body);
    assert.match(
      refusal(await vat({ country: 'AE', ratePercent: '100.5', startsOn: '2027-01-01' }), 400).error,
      /ratePercent "100.5" must be from 0 to 100/,
    );
    assert.match(
      refusal(await vat({ country: 'AE', ratePercent: '5.125', startsOn: '2027-01-01' }), 400).error,
      /has 3 decimals/,
    );
    assert.match(
      refusal(await vat({ country: 'QA', ratePercent: '5', startsOn: '2027-01-01' }), 400).error,
      /country must be one of: AE, OM, BH, SA/,
    );
    assert.match(
      refusal(await vat({ country: 'AE', ratePercent: '5', startsOn: '2027-13-01' }), 400).error,
      /startsOn must be a date/,
    );

    const table = ok<VatRateTable>(await call(dubai, 'GET', QUOTATIONS_API.vatRates));
    assert.deepEqual(
      table.rates.map((rate) => [rate.country, rate.ratePercent, rate.startsOn]),
      [
        ['AE', '5', '2018-01-01'],
        ['BH', '10', '2022-01-01'],
        ['OM', '5', '2021-04-16'],
        ['SA', '15', '2020-07-01'],
      ],
    );
    assert.deepEqual(
      table.today.map((rate) => [rate.country, rate.ratePercent]),
      [
        ['AE', '5'],
        ['OM', '5'],
        ['BH', '10'],
        ['SA', '15'],
      ],
    );
  });

  await t.test('VAT by date: each rate from the day it starts, in the branch’s own calendar', async () => {
    // the seeded rates start where the law made them start
    for (const [country, day, expected] of [
      ['SA', '2020-06-30', undefined],
      ['SA', '2020-07-01', 1500],
      ['BH', '2021-12-31', undefined],
      ['BH', '2022-01-01', 1000],
      ['OM', '2021-04-15', undefined],
      ['OM', '2021-04-16', 500],
      ['AE', '2018-01-01', 500],
      ['AE', '2017-12-31', undefined],
    ] as const) {
      assert.equal((await vatRateOn(db.kysely, country, day))?.basisPoints, expected, `${country} ${day}`);
    }
    const set = ok<VatRateTable>(
      await call(admin, 'PUT', QUOTATIONS_API.vatRates, { country: 'AE', ratePercent: '7.5', startsOn: '2026-12-01' }),
    );
    assert.deepEqual(set.today.find((rate) => rate.country === 'AE')?.ratePercent, '5', 'not yet in force');
    const current = ok<Quotation>(await prepare(dubai, requests.dubai!));
    const oneLine = [{ ...lineInputOf(current.lines[0]!), quantity: '3', unitPrice: '14.35', discountPercent: '0' }];
    const stillFive = ok<Quotation>(await save(dubai, current, { lines: oneLine }));
    assert.deepEqual(
      [stillFive.vatDate, stillFive.lines[0]!.vatPercent, stillFive.lines[0]!.vat],
      ['2026-11-28', '5', '2.15'],
    );

    // 20:30 UTC on 30 November is already 1 December in Dubai (UTC+4), still 30 November in Bahrain (UTC+3)
    const evening = new Date('2026-11-30T20:30:00Z');
    assert.deepEqual([branchDay('Dubai', evening), branchDay('Bahrain', evening)], ['2026-12-01', '2026-11-30']);
    const later = await buildStaffWorkTestApp({ db, now: () => evening });
    try {
      const repriced = ok<Quotation>(await save(dubai, stillFive, {}, later));
      // 43.05 × 7.5 % = 3.22875
      assert.deepEqual(
        [repriced.vatDate, repriced.lines[0]!.vatPercent, repriced.lines[0]!.vat],
        ['2026-12-01', '7.5', '3.23'],
      );
    } finally {
      await later.close();
    }
    const history = await db.query<{ detail: string }>(
      `select detail from staff_audit_log where action = 'quotation.vat' order by id`,
    );
    assert.deepEqual(
      history.map((line) => line.detail),
      ['from 2026-12-01: new → 7.5 %'],
    );
  });

  await t.test(
    'send: numbered per branch without gaps, VAT of the day, immutable after; a revision takes -R1 and supersedes it',
    async () => {
      const dubaiDraft = ok<Quotation>(await prepare(dubai, requests.dubaiThird!));
      const sendUrl = (id: number) => url(QUOTATIONS_API.send, { id });
      // a line without a price is refused, and takes no number
      const unpriced = ok<Quotation>(
        await save(dubai, dubaiDraft, { lines: [{ ...lineInputOf(dubaiDraft.lines[0]!), unitPrice: '0' }] }),
      );
      assert.match(
        refusal(await call(dubai, 'POST', sendUrl(unpriced.id), { version: unpriced.version }), 400).error,
        /has no price: enter its unit price before sending/,
      );
      const priced = ok<Quotation>(await save(dubai, unpriced, { lines: dubaiDraft.lines.map(lineInputOf) }));
      assert.equal((await call(dubai, 'POST', sendUrl(priced.id), { version: priced.version - 1 })).statusCode, 409);
      const sent = ok<Quotation>(await call(dubai, 'POST', sendUrl(priced.id), { version: priced.version }));
      assert.deepEqual(
        [sent.state, sent.number, sent.revision, sent.version],
        ['sent', 'QT-AE-2026-000001', 0, priced.version + 1],
      );
      assert.ok(sent.sentAt !== null);

      // immutable: every change is a 409
      assert.match(
        refusal(await save(dubai, sent), 409).error,
        /^This quotation was sent as QT-AE-2026-000001 and can no longer be changed/,
      );
      assert.equal(
        (
          await call(dubai, 'POST', url(QUOTATIONS_API.lines, { id: sent.id }), {
            version: sent.version,
            line: { kind: 'text', description: 'x' },
          })
        ).statusCode,
        409,
      );
      assert.equal((await call(dubai, 'POST', sendUrl(sent.id), { version: sent.version })).statusCode, 409);

      // the next of the branch's is 2; Oman counts on its own, its code keeping its 1 apart from Dubai's
      const second = ok<Quotation>(await prepare(dubai, requests.dubaiSecond!));
      assert.equal(
        ok<Quotation>(await call(dubai, 'POST', sendUrl(second.id), { version: second.version })).number,
        'QT-AE-2026-000002',
      );
      const omani = await read(
        ok<QuotationList>(await call(oman, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.omanSecond}`))
          .quotations[0]!.id,
      );
      assert.equal(
        ok<Quotation>(await call(oman, 'POST', sendUrl(omani.id), { version: omani.version })).number,
        'QT-OM-2026-000001',
      );

      // a revision: a new draft of the same lines; sent, QT-AE-2026-000001-R1, and the first is superseded
      const revision = ok<Quotation>(
        await call(dubai, 'POST', url(QUOTATIONS_API.revise, { id: sent.id }), { version: sent.version }),
        201,
      );
      assert.deepEqual([revision.state, revision.revision, revision.number], ['draft', 1, null]);
      assert.deepEqual(amounts(revision), amounts(sent));
      const revised = ok<Quotation>(
        await save(dubai, revision, { lines: [{ ...lineInputOf(revision.lines[0]!), discountPercent: '10' }] }),
      );
      const sentRevision = ok<Quotation>(await call(dubai, 'POST', sendUrl(revised.id), { version: revised.version }));
      assert.equal(sentRevision.number, 'QT-AE-2026-000001-R1');
      assert.equal((await read(sent.id)).state, 'superseded');
      assert.match(
        refusal(
          await call(dubai, 'POST', url(QUOTATIONS_API.revise, { id: sent.id }), {
            version: (await read(sent.id)).version,
          }),
          409,
        ).error,
        /superseded is not revised/,
      );
      const counters = await db.query<{ branch: string; last_number: number }>(
        'select branch, last_number from quotation_number_counters order by branch',
      );
      assert.deepEqual(
        counters.map((row) => [row.branch, Number(row.last_number)]),
        [
          ['Dubai', 2],
          ['Oman', 1],
        ],
      );
    },
  );

  await t.test('sends at once take consecutive numbers, none twice', async () => {
    const ids: Quotation[] = [];
    for (const name of ['bahrain']) {
      const [one] = ok<QuotationList>(
        await call(admin, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests[name]}`),
      ).quotations;
      ids.push(await read(one!.id));
    }
    const extra = await Promise.all(
      [1, 2, 3].map(
        async () =>
          (
            await submitQuote(db, {
              branch: 'Bahrain',
              lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 1 }],
            })
          ).id,
      ),
    );
    for (const requestId of extra) ids.push(ok<Quotation>(await prepare(admin, requestId), 201));
    const sent = await Promise.all(
      ids.map((quotation) =>
        call(admin, 'POST', url(QUOTATIONS_API.send, { id: quotation.id }), { version: quotation.version }),
      ),
    );
    const numbers = sent.map((res) => ok<Quotation>(res).number).sort();
    assert.deepEqual(numbers, ['QT-BH-2026-000001', 'QT-BH-2026-000002', 'QT-BH-2026-000003', 'QT-BH-2026-000004']);
  });

  await t.test(
    'through the staff API itself: a session for every call, the CSRF token for every change, the branch rule for a real session',
    async () => {
      const real = Fastify();
      await real.register(staffRoutes, {
        db,
        sessionIdleMinutes: 30,
        sessionMaxHours: 12,
        totpKeys: undefined,
        totpKeyFile: path.join(os.tmpdir(), `quotations-totp-${randomBytes(6).toString('hex')}.key`),
      });
      await real.ready();
      try {
        const [dubaiQuotation] = ok<QuotationList>(
          await call(admin, 'GET', `${QUOTATIONS_API.quotations}?requestId=${requests.dubai}`),
        ).quotations;
        const address = quotationUrl(dubaiQuotation!.id);
        assert.equal((await real.inject({ method: 'GET', url: address })).statusCode, 401);
        await addStaffAccount(db, 'dubai.real@crescent.example', 'branch', 'Dubai');
        await addStaffAccount(db, 'oman.real@crescent.example', 'branch', 'Oman');
        const dubaiCaller = await signInStaff(real, 'dubai.real@crescent.example');
        const omanCaller = await signInStaff(real, 'oman.real@crescent.example');
        const opened = ok<Quotation>(await staffCall(real, dubaiCaller, 'GET', address));
        const noToken = await real.inject({
          method: 'PUT',
          url: address,
          headers: { cookie: dubaiCaller.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(saveBody(opened)),
        });
        // the bare scope answers with Fastify's own shape (the app's error handler makes it {error}: staffAccess.test.ts)
        assert.equal(noToken.statusCode, 403);
        assert.equal(noToken.json<{ message: string }>().message, MESSAGES.stale);
        assert.equal(
          refusal(await staffCall(real, omanCaller, 'GET', address), 403).error,
          'This belongs to another branch.',
        );
        assert.equal(
          refusal(
            await staffCall(real, omanCaller, 'PUT', address, saveBody(opened, { buyerNote: 'Pay elsewhere' })),
            403,
          ).error,
          'This belongs to another branch.',
        );
        const saved = ok<Quotation>(
          await staffCall(real, dubaiCaller, 'PUT', address, saveBody(opened, { buyerNote: 'Through the API' })),
        );
        assert.equal(saved.buyerNote, 'Through the API');
        assert.equal(saved.updatedBy, 'dubai.real@crescent.example');
        assert.equal(
          (await real.inject({ method: 'GET', url: address, headers: { cookie: dubaiCaller.cookie } })).headers[
            'cache-control'
          ],
          'no-store',
        );
      } finally {
        await real.close();
      }
    },
  );
}

describe('quotations', () => {
  test('on embedded PGlite', async (t) => quotationSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => quotationSuite(t, target)));
});
