// What staff see after a send, on both databases: each revision's link state (viewed, changes asked with the buyer's
// text, accepted with name, position, PO number and file, expired, superseded), newest first; the buyer's PO file;
// the orders and their CSV and workbook, every formula-like cell opening as text. The attacks tried: another branch's
// request, PO file and orders; no session; a forged CSRF token; the catalogue role; a PO file asked of a quotation
// that has none (another request's file cannot be named: the address is the quotation's, checked by branch).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import {
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  STAFF_QUOTATION_LINK_API,
  type BuyerQuotation,
  type QuotationLinkHistory,
  type StaffOrder,
  type StaffOrderList,
} from '@site/contracts/quotation-link-api';
import { CSRF_HEADER, staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import type { Database } from '../../platform/db/index.js';
import { readCsv } from '../../platform/spreadsheet/csv.js';
import { MESSAGES, staffRoutes } from '../../staff/staffRoutes.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { FORMULA_LIKE_TEXTS, formulasOpened, workbookCells } from '../../test-support/spreadsheet.js';
import { addStaffAccount, signInStaff, staffCall as realCall } from '../../test-support/staffSignIn.js';
import { ORDERS_FILE_HEADER, ordersFile } from './ordersFile.js';
import { multipartForm } from '../../test-support/multipart.js';
import { answerOf as ok, refusalOf as refusal } from '../../test-support/answers.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const A_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function staffLinksSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let db: Database;
  let site: FastifyInstance;
  let dubai: StaffAccountSummary;
  let oman: StaffAccountSummary;
  let admin: StaffAccountSummary;
  let catalogue: StaffAccountSummary;
  let clock = NOW;
  const now = () => clock;

  const call = (who: StaffAccountSummary, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    s.call(who, method, url, body);
  const send = (who: StaffAccountSummary, id: number) => s.send(who, id);
  const sendNew = (who: StaffAccountSummary, branch: string, fields: Record<string, unknown> = {}) =>
    s.sendNew(who, branch, fields);
  const statesUrl = (requestId: number) => `${STAFF_QUOTATION_LINK_API.linkStates}?requestId=${requestId}`;
  const poUrl = (id: number) => staffApiPath(STAFF_QUOTATION_LINK_API.purchaseOrder, { id });
  const link = (pattern: string, token: string) => quotationLinkApiPath(pattern, token);
  const json = { 'content-type': 'application/json' };
  const accept = async (token: string, fields: Record<string, string>, file?: Buffer) =>
    ok<BuyerQuotation>(
      await site.inject({
        method: 'POST',
        url: link(QUOTATION_LINK_API.accept, token),
        ...(file === undefined
          ? { headers: json, payload: JSON.stringify(fields) }
          : multipartForm(fields, { name: 'po.pdf', type: 'application/pdf', bytes: file })),
      }),
    );

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now, omrRate: '0.10477' });
    ({ db, site, dubai, oman, admin, catalogue } = s);
  });
  t.after(async () => {
    await s?.close();
  });

  let accepted: { requestId: number; first: Quotation; revision: Quotation };

  await t.test(
    'each revision’s link state, newest first: viewed, changes asked with the buyer’s text, superseded, accepted with the PO',
    async () => {
      const sent = await sendNew(dubai, 'Dubai', { companyName: 'Gulf Build LLC' });
      assert.deepEqual(
        ok<QuotationLinkHistory>(await call(dubai, 'GET', statesUrl(sent.requestId))).quotations.map((q) => [
          q.number,
          q.state,
          q.viewedAt,
        ]),
        [[sent.quotation.number, 'sent', null]],
      );
      clock = new Date(NOW.getTime() + 60_000);
      ok<BuyerQuotation>(await site.inject({ method: 'GET', url: link(QUOTATION_LINK_API.quotation, sent.token) }));
      ok<BuyerQuotation>(
        await site.inject({
          method: 'POST',
          url: link(QUOTATION_LINK_API.changes, sent.token),
          headers: json,
          payload: JSON.stringify({ message: 'Can you deliver in two lots?\nThe first by Sunday.' }),
        }),
      );
      const draft = ok<Quotation>(
        await call(dubai, 'POST', staffApiPath(QUOTATIONS_API.revise, { id: sent.quotation.id }), {
          version: sent.quotation.version,
        }),
        201,
      );
      // a draft revision is not a link yet
      assert.equal(ok<QuotationLinkHistory>(await call(dubai, 'GET', statesUrl(sent.requestId))).quotations.length, 1);
      const revision = await send(dubai, draft.id);
      ok<BuyerQuotation>(await site.inject({ method: 'GET', url: link(QUOTATION_LINK_API.quotation, revision.token) }));
      await accept(
        revision.token,
        { name: 'Karim Nasser', position: 'Procurement manager', poNumber: 'PO-7781' },
        A_PDF,
      );

      const [newest, older, ...none] = ok<QuotationLinkHistory>(
        await call(dubai, 'GET', statesUrl(sent.requestId)),
      ).quotations;
      assert.deepEqual(none, []);
      assert.equal(newest!.number, `${sent.quotation.number}-R1`);
      assert.equal(newest!.state, 'accepted');
      assert.equal(newest!.total, revision.quotation.totals.total);
      assert.equal(newest!.sentBy, 'dubai@crescent.example');
      assert.ok(newest!.viewedAt !== null);
      assert.deepEqual(
        { ...newest!.acceptance, acceptedAt: undefined },
        {
          name: 'Karim Nasser',
          position: 'Procurement manager',
          poNumber: 'PO-7781',
          poFile: true,
          acceptedAt: undefined,
        },
      );
      assert.equal(newest!.supersededBy, null);
      assert.equal(older!.state, 'superseded');
      assert.ok(older!.viewedAt !== null);
      assert.deepEqual(
        older!.changes.map((change) => change.message),
        ['Can you deliver in two lots?\nThe first by Sunday.'],
      );
      assert.equal(older!.acceptance, null);
      assert.equal(older!.supersededBy?.number, newest!.number);
      accepted = { requestId: sent.requestId, first: sent.quotation, revision: revision.quotation };
      // an admin sees it too; another branch's staff and the catalogue role do not, nor does an unknown request
      assert.equal(ok<QuotationLinkHistory>(await call(admin, 'GET', statesUrl(sent.requestId))).quotations.length, 2);
      assert.equal(refusal(await call(oman, 'GET', statesUrl(sent.requestId)), 403), 'This belongs to another branch.');
      assert.equal(
        refusal(await call(catalogue, 'GET', statesUrl(sent.requestId)), 403),
        'Only administrators and branch staff prepare quotations.',
      );
      assert.equal(
        refusal(await call(dubai, 'GET', statesUrl(999_999)), 404),
        'There is no such request for quotation',
      );
      assert.match(
        refusal(await call(dubai, 'GET', `${STAFF_QUOTATION_LINK_API.linkStates}?requestId=abc`), 400),
        /requestId must be a request id/,
      );
    },
  );

  await t.test('expired: found past its validity by the buyer’s opening, with when', async () => {
    const sent = await sendNew(dubai, 'Dubai');
    clock = new Date(NOW.getTime() + 40 * 24 * 60 * 60 * 1000);
    try {
      ok<BuyerQuotation>(await site.inject({ method: 'GET', url: link(QUOTATION_LINK_API.quotation, sent.token) }));
    } finally {
      clock = NOW;
    }
    const [state] = ok<QuotationLinkHistory>(await call(dubai, 'GET', statesUrl(sent.requestId))).quotations;
    assert.equal(state!.state, 'expired');
    assert.ok(state!.expiredAt !== null);
    assert.equal(state!.viewedAt, null);
  });

  await t.test(
    'the PO file: the buyer’s PDF as an attachment named by the quotation; none is a 404; another branch’s a 403',
    async () => {
      const file = await call(dubai, 'GET', poUrl(accepted.revision.id));
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'application/pdf');
      assert.equal(
        file.headers['content-disposition'],
        `attachment; filename="purchase-order-${accepted.revision.number}.pdf"`,
      );
      assert.equal(file.headers['cache-control'], 'private, no-store');
      assert.deepEqual(file.rawPayload, A_PDF);
      assert.equal((await call(admin, 'GET', poUrl(accepted.revision.id))).statusCode, 200);
      assert.equal(
        refusal(await call(dubai, 'GET', poUrl(accepted.first.id)), 404),
        'This quotation has no purchase order file',
      );
      assert.equal(
        refusal(await call(oman, 'GET', poUrl(accepted.revision.id)), 403),
        'This belongs to another branch.',
      );
      assert.equal(
        refusal(await call(catalogue, 'GET', poUrl(accepted.revision.id)), 403),
        'Only administrators and branch staff prepare quotations.',
      );
      assert.equal((await call(dubai, 'GET', poUrl(999_999))).statusCode, 404);
      assert.equal((await call(dubai, 'GET', '/api/staff/quotations/1%20or%201=1/purchase-order')).statusCode, 404);
    },
  );

  let omanOrder: { reference: string };

  await t.test(
    'orders: branch staff see their branch’s, admins every one, newest first, with the total in its currency and the PO number',
    async () => {
      const sent = await sendNew(oman, 'Oman', { companyName: '=HYPERLINK("http://evil.example","Click")' });
      await accept(sent.token, { name: 'Salim', position: 'Buyer', poNumber: '@SUM(A1:A2)' });
      omanOrder = { reference: sent.reference };
      const shape = (order: StaffOrder) => [
        order.requestReference,
        order.branch,
        order.currency,
        order.total,
        order.poNumber,
        order.hasPoFile,
      ];
      const dubaiList = ok<StaffOrderList>(await call(dubai, 'GET', STAFF_QUOTATION_LINK_API.orders));
      assert.deepEqual(dubaiList.orders.map(shape), [
        [accepted.revision.requestReference, 'Dubai', 'AED', accepted.revision.totals.total, 'PO-7781', true],
      ]);
      assert.equal(dubaiList.orders[0]!.buyerCompany, 'Gulf Build LLC');
      assert.equal(dubaiList.orders[0]!.quotationNumber, accepted.revision.number);
      assert.equal(dubaiList.more, false);
      const omanList = ok<StaffOrderList>(await call(oman, 'GET', STAFF_QUOTATION_LINK_API.orders));
      assert.deepEqual(omanList.orders.map(shape), [
        [sent.reference, 'Oman', 'OMR', sent.quotation.totals.total, '@SUM(A1:A2)', false],
      ]);
      assert.match(sent.quotation.totals.total, /^\d+\.\d{3}$/);
      const everyOrder = ok<StaffOrderList>(await call(admin, 'GET', STAFF_QUOTATION_LINK_API.orders));
      assert.deepEqual(
        everyOrder.orders.map((order) => order.branch),
        ['Oman', 'Dubai'],
      );
      assert.equal(
        refusal(await call(catalogue, 'GET', STAFF_QUOTATION_LINK_API.orders), 403),
        'Only administrators and branch staff prepare quotations.',
      );
    },
  );

  await t.test(
    'the orders as CSV and as a workbook: the caller’s branch only, what a buyer typed as a formula opens as text',
    async () => {
      const csv = await call(admin, 'GET', `${STAFF_QUOTATION_LINK_API.ordersFile}?format=csv`);
      assert.equal(csv.statusCode, 200, csv.body);
      assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
      assert.match(
        String(csv.headers['content-disposition']),
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      assert.deepEqual(formulasOpened(csv.body), []);
      const records = readCsv(csv.body);
      assert.deepEqual(records[0]!.cells, [...ORDERS_FILE_HEADER]);
      assert.deepEqual(
        records
          .slice(1)
          .map((record) => [record.cells[1], record.cells[3], record.cells[4], record.cells[6], record.cells[7]]),
        [
          [omanOrder.reference, '=HYPERLINK("http://evil.example","Click")', 'Oman', 'OMR', '@SUM(A1:A2)'],
          [accepted.revision.requestReference, 'Gulf Build LLC', 'Dubai', 'AED', 'PO-7781'],
        ],
      );
      const dubaiCsv = readCsv((await call(dubai, 'GET', `${STAFF_QUOTATION_LINK_API.ordersFile}?format=csv`)).body);
      assert.deepEqual(
        dubaiCsv.slice(1).map((record) => record.cells[4]),
        ['Dubai'],
      );

      const xlsx = await call(oman, 'GET', `${STAFF_QUOTATION_LINK_API.ordersFile}?format=xlsx`);
      assert.equal(xlsx.statusCode, 200, xlsx.body);
      assert.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const cells = await workbookCells(xlsx.rawPayload);
      assert.deepEqual(
        cells.filter((cell) => cell.formula),
        [],
      );
      assert.equal(cells.length, 2 * ORDERS_FILE_HEADER.length, 'the header and Oman’s one order');
      const typed = cells.filter((cell) => /^[=@]/.test(cell.text));
      assert.deepEqual(
        typed.map((cell) => [cell.text, cell.type]),
        [
          ['=HYPERLINK("http://evil.example","Click")', 'inlineStr'],
          ['@SUM(A1:A2)', 'inlineStr'],
        ],
      );
      assert.match(
        refusal(await call(dubai, 'GET', `${STAFF_QUOTATION_LINK_API.ordersFile}?format=pdf`), 400),
        /format must be csv or xlsx/,
      );
      assert.equal((await call(catalogue, 'GET', `${STAFF_QUOTATION_LINK_API.ordersFile}?format=csv`)).statusCode, 403);
    },
  );

  await t.test(
    'through the staff API itself: no session is a 401, a forged CSRF token a 403, another branch’s session its 403',
    async () => {
      const real = Fastify();
      await real.register(staffRoutes, {
        db,
        sessionIdleMinutes: 30,
        sessionMaxHours: 12,
        totpKeys: undefined,
        totpKeyFile: path.join(os.tmpdir(), `staff-links-totp-${randomBytes(6).toString('hex')}.key`),
      });
      await real.ready();
      try {
        const addresses = [
          statesUrl(accepted.requestId),
          poUrl(accepted.revision.id),
          STAFF_QUOTATION_LINK_API.orders,
          `${STAFF_QUOTATION_LINK_API.ordersFile}?format=csv`,
        ];
        for (const url of addresses) assert.equal((await real.inject({ method: 'GET', url })).statusCode, 401, url);
        await addStaffAccount(db, 'dubai.real@crescent.example', 'branch', 'Dubai');
        await addStaffAccount(db, 'oman.real@crescent.example', 'branch', 'Oman');
        const dubaiCaller = await signInStaff(real, 'dubai.real@crescent.example');
        const omanCaller = await signInStaff(real, 'oman.real@crescent.example');
        for (const url of addresses) assert.equal((await realCall(real, dubaiCaller, 'GET', url)).statusCode, 200, url);
        // a forged session cookie is no session; a change with a forged token is refused before any route
        assert.equal(
          (
            await real.inject({
              method: 'GET',
              url: STAFF_QUOTATION_LINK_API.orders,
              headers: { cookie: `${dubaiCaller.cookie.split('=')[0]}=forged` },
            })
          ).statusCode,
          401,
        );
        const forged = await real.inject({
          method: 'POST',
          url: STAFF_QUOTATION_LINK_API.ordersFile,
          headers: { cookie: dubaiCaller.cookie, [CSRF_HEADER]: 'forged', 'content-type': 'application/json' },
          payload: '{}',
        });
        // the bare scope answers in Fastify's own shape (the app's error handler makes it {error}: staffAccess.test.ts)
        assert.equal(forged.statusCode, 403);
        assert.equal(forged.json<{ message: string }>().message, MESSAGES.stale);
        const crossSite = await real.inject({
          method: 'POST',
          url: STAFF_QUOTATION_LINK_API.ordersFile,
          headers: {
            cookie: dubaiCaller.cookie,
            [CSRF_HEADER]: dubaiCaller.csrf,
            'sec-fetch-site': 'cross-site',
            'content-type': 'application/json',
          },
          payload: '{}',
        });
        assert.equal(crossSite.statusCode, 403);
        assert.equal(
          refusal(await realCall(real, omanCaller, 'GET', statesUrl(accepted.requestId)), 403),
          'This belongs to another branch.',
        );
        assert.equal(
          refusal(await realCall(real, omanCaller, 'GET', poUrl(accepted.revision.id)), 403),
          'This belongs to another branch.',
        );
        const omanFile = readCsv(
          (await realCall(real, omanCaller, 'GET', `${STAFF_QUOTATION_LINK_API.ordersFile}?format=csv`)).body,
        );
        assert.deepEqual(
          omanFile.slice(1).map((record) => record.cells[4]),
          ['Oman'],
        );
      } finally {
        await real.close();
      }
    },
  );
}

describe('staff: sent quotations and orders', () => {
  test('on embedded PGlite', async (t) => staffLinksSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => staffLinksSuite(t, target)));
});

test('the orders file: a cell starting with =, +, -, @, tab, CR or ; opens as text, in CSV and in the workbook', async () => {
  const base: StaffOrder = {
    id: '1',
    quotationId: 1,
    requestId: 1,
    createdAt: NOW.toISOString(),
    requestReference: 'RFQ-AE-2026-000001',
    quotationNumber: 'QT-AE-2026-000001',
    buyerCompany: 'Gulf Build LLC',
    branch: 'Dubai',
    currency: 'AED',
    total: '504.00',
    poNumber: null,
    hasPoFile: false,
  };
  const orders = FORMULA_LIKE_TEXTS.map((text, index) => ({
    ...base,
    id: String(index + 1),
    buyerCompany: text,
    poNumber: text,
  }));
  const csv = (await ordersFile('csv', orders)).toString('utf8');
  assert.deepEqual(formulasOpened(csv), []);
  const read = readCsv(csv).slice(1);
  assert.deepEqual(
    read.map((record) => [record.cells[3], record.cells[7]]),
    FORMULA_LIKE_TEXTS.map((text) => [text, text]),
  );
  const cells = await workbookCells(await ordersFile('xlsx', orders));
  assert.deepEqual(
    cells.filter((cell) => cell.formula),
    [],
  );
  const startsFormula = (text: string) => /^[=+\-@\t\r;]/.test(text);
  const formulaLike = cells.filter((cell) => startsFormula(cell.text));
  assert.equal(formulaLike.length, 2 * FORMULA_LIKE_TEXTS.filter(startsFormula).length, JSON.stringify(formulaLike));
  assert.deepEqual(
    formulaLike.filter((cell) => cell.type !== 'inlineStr'),
    [],
  );
});
