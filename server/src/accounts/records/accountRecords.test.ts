// The account's records, on both databases: two buyers' requests and quotations made through the real
// paths (the request's store, staff preparing, sending and revising on the staff work calls), the records plugin on a
// Fastify of its own with the signed-in buyer named by a test header. What a buyer sees: A's page lists A's requests
// and every revision of A's quotation, the latest first, the replaced one marked, in English and Arabic; B's page
// shows nothing of A's; A asking for B's PDFs gets the same 404 as for made-up ones; signed out, the pages redirect
// to the sign-in and the PDFs answer 401; nothing is cached or indexed; the PDFs are PDFs.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { staffApiPath } from '@site/contracts/staff-api';
import { answerOf as ok } from '../../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { submitQuote } from '../../test-support/staffWorkData.js';
import { accountOfAddress } from '../buyerSessions.js';
import { accountExport, accountExportCsv } from '../privacy/accountExport.js';
import { closeAccount } from '../privacy/closeAccount.js';
import { accountRecordsOf } from './accountRecords.js';
import { quotationPdfPath, requestPdfPath } from './accountPage.js';
import { accountRecordsRoutes } from './recordsPlugin.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const A = 'a@one.example';
const B = 'b@two.example';
const BUYER_HEADER = 'x-test-buyer';

const assertPrivate = (res: LightMyRequestResponse) => {
  assert.equal(res.headers['cache-control'], 'no-store, private');
  assert.equal(res.headers['x-robots-tag'], 'noindex');
};

async function recordsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let app: FastifyInstance;
  /** A's request with its quotation sent and revised (R0 replaced by R1), and another without a quotation. */
  let a: { reference: string; r0: Quotation; r1: Quotation; bare: string };
  let b: { reference: string; quotation: Quotation };

  const get = (url: string, buyer?: string) =>
    app.inject({ method: 'GET', url, headers: buyer === undefined ? {} : { [BUYER_HEADER]: buyer } });

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW });
    const reviseAndSend = async (id: number) => {
      const current = ok<Quotation>(await s.call(s.dubai, 'GET', staffApiPath(QUOTATIONS_API.quotation, { id })));
      const draft = ok<Quotation>(
        await s.call(s.dubai, 'POST', staffApiPath(QUOTATIONS_API.revise, { id }), { version: current.version }),
        201,
      );
      return s.send(s.dubai, draft.id);
    };
    const first = await s.sendNew(s.dubai, 'Dubai', { email: A, companyName: 'One <Trading> & Co' });
    const revised = await reviseAndSend(first.quotation.id);
    // typed in capitals: the same verified address
    const bare = await submitQuote(s.db, { email: 'A@One.Example', branch: 'Oman' });
    a = {
      reference: first.reference,
      r0: first.quotation,
      r1: revised.quotation,
      bare: bare.reference,
    };
    const other = await s.sendNew(s.dubai, 'Dubai', { email: B, companyName: 'Two Trading' });
    b = { reference: other.reference, quotation: other.quotation };
    app = Fastify({ logger: false });
    await app.register(accountRecordsRoutes, {
      db: s.db.kysely,
      now: () => NOW,
      buyerOf: async (request) => {
        const email = request.headers[BUYER_HEADER];
        return typeof email === 'string' ? { email, csrfToken: 'test-csrf-token' } : undefined;
      },
    });
    await app.ready();
  });
  t.after(async () => {
    await app?.close();
    await s?.close();
  });

  await t.test('the records of a buyer: requests the latest first, every revision the latest first', async () => {
    const records = await accountRecordsOf(s.db.kysely, ` ${A.toUpperCase()} `, NOW);
    assert.deepEqual(
      records.requests.map((request) => request.reference),
      [a.bare, a.reference],
    );
    assert.equal(records.requests[1]!.lineCount, 1);
    assert.equal(records.quotations.length, 1);
    const [quotation] = records.quotations;
    assert.equal(quotation!.requestReference, a.reference);
    assert.deepEqual(
      quotation!.revisions.map((revision) => [
        revision.number,
        revision.revision,
        revision.state,
        revision.supersededBy,
      ]),
      [
        [a.r1.number, 1, 'sent', null],
        [a.r0.number, 0, 'superseded', 1],
      ],
    );
    const none = await accountRecordsOf(s.db.kysely, 'nobody@three.example', NOW);
    assert.deepEqual(none, { requests: [], quotations: [] });
  });

  await t.test(
    'A’s page in English: A’s requests and revisions, the replaced one marked; private, no script',
    async () => {
      const res = await get('/account', A);
      assert.equal(res.statusCode, 200);
      assertPrivate(res);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      const html = res.body;
      assert.match(html, /^<!doctype html><html lang="en" dir="ltr">/);
      assert.match(html, /<meta name="robots" content="noindex">/);
      assert.doesNotMatch(html, /<script/i);
      for (const reference of [a.reference, a.bare]) assert.ok(html.includes(reference), reference);
      assert.ok(html.includes(`href="${requestPdfPath(a.reference)}"`));
      const r1 = html.indexOf(a.r1.number!);
      const r0 = html.indexOf(`>${a.r0.number!}<`);
      assert.ok(r1 !== -1 && r0 !== -1 && r1 < r0, 'the latest revision first');
      assert.ok(html.includes('Superseded by revision 1'));
      assert.ok(html.includes(`href="${quotationPdfPath(a.r0.id)}"`));
      assert.ok(html.includes(`href="${quotationPdfPath(a.r1.id)}"`));
      assert.ok(html.includes('>Sent<'), 'the latest revision’s state');
      assert.ok(!html.includes(b.reference) && !html.includes(b.quotation.number!), 'nothing of B’s');
      assert.ok(!html.includes('No requests yet.') && !html.includes('No quotations yet.'));
      // "Request again": the request page with the record's parts (code and quantity) for the basket
      const [line] = (await accountRecordsOf(s.db.kysely, A, NOW)).requests[1]!.parts;
      assert.ok(line !== undefined);
      const again = `href="/request-quote?list=${encodeURIComponent(`${line.code} ${line.quantity}`)}" aria-label="Request the parts of ${a.reference} again"`;
      assert.ok(html.includes(again), again);
      assert.ok(html.includes(`aria-label="Request the parts of ${a.r0.number} again"`));
    },
  );

  await t.test('A’s page in Arabic: right to left, the same records, the replaced revision marked', async () => {
    const res = await get('/ar/account', A);
    assert.equal(res.statusCode, 200);
    assertPrivate(res);
    const html = res.body;
    assert.match(html, /<html lang="ar" dir="rtl">/);
    assert.match(html, /<meta name="robots" content="noindex">/);
    assert.ok(html.includes('طلبات عروض الأسعار'));
    assert.ok(html.includes('حلّت محله المراجعة رقم 1'));
    assert.ok(html.includes('href="/ar/request-quote?list='));
    assert.ok(html.includes('مُرسَل'), 'the latest revision’s state, as the quotation’s own words have it');
    assert.ok(html.includes(a.reference) && html.includes(a.r1.number!) && html.includes(a.r0.number!));
    assert.ok(html.indexOf(a.r1.number!) < html.indexOf(`>${a.r0.number!}<`));
    assert.ok(!html.includes(b.reference));
  });

  await t.test('B’s page shows nothing of A’s; a buyer with nothing sees the empty state', async () => {
    const html = (await get('/account', B)).body;
    assert.ok(html.includes(b.reference) && html.includes(b.quotation.number!));
    for (const text of [a.reference, a.bare, a.r0.number!, a.r1.number!]) assert.ok(!html.includes(text), text);
    assert.ok(!html.includes('Superseded'));
    const empty = await get('/account', 'new@three.example');
    assert.equal(empty.statusCode, 200);
    assert.ok(empty.body.includes('No requests yet.') && empty.body.includes('No quotations yet.'));
    const emptyAr = await get('/ar/account', 'new@three.example');
    assert.ok(
      emptyAr.body.includes('لا توجد طلبات حتى الآن.') && emptyAr.body.includes('لا توجد عروض أسعار حتى الآن.'),
    );
  });

  await t.test('A’s PDFs: the request and both revisions, private', async () => {
    for (const url of [requestPdfPath(a.reference), quotationPdfPath(a.r0.id), quotationPdfPath(a.r1.id)]) {
      const res = await get(url, A.toUpperCase());
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      assertPrivate(res);
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.match(String(res.headers['content-disposition']), /^attachment; filename="[A-Za-z0-9.-]+\.pdf"$/);
      assert.equal(res.rawPayload.subarray(0, 4).toString('latin1'), '%PDF');
    }
    const named = await get(requestPdfPath(a.reference), A);
    assert.equal(named.headers['content-disposition'], `attachment; filename="${a.reference}.pdf"`);
  });

  await t.test('A asking for B’s PDFs gets the 404 of a made-up one', async () => {
    const madeUp = await get(requestPdfPath('RFQ-AE-2026-999999'), A);
    assert.equal(madeUp.statusCode, 404);
    assertPrivate(madeUp);
    for (const url of [
      requestPdfPath(b.reference),
      quotationPdfPath(b.quotation.id),
      quotationPdfPath(999_999),
      '/account/quotations/99999999999999.pdf',
      '/account/quotations/abc.pdf',
      '/account/requests/rfq%3Cscript%3E.pdf',
    ]) {
      const res = await get(url, A);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.body, madeUp.body, url);
      assert.deepEqual(
        Object.keys(res.headers)
          .filter((name) => name !== 'date')
          .sort(),
        Object.keys(madeUp.headers)
          .filter((name) => name !== 'date')
          .sort(),
        url,
      );
      assert.equal(res.headers['content-length'], madeUp.headers['content-length']);
    }
    // and B's own works for B
    assert.equal((await get(quotationPdfPath(b.quotation.id), B)).statusCode, 200);
  });

  await t.test(
    'the download of A’s account: A’s requests with their lines and every revision, none of B’s; the CSV guarded; closing keeps the records and the log',
    async () => {
      const db = s.db.kysely;
      const accountId = await accountOfAddress(db, A, NOW.getTime());
      const data = await accountExport(db, accountId, NOW);
      assert.equal(data.account.email, A);
      assert.deepEqual(
        data.requests.map((request) => [request.reference, request.branch]),
        [
          [a.bare, 'Oman'],
          [a.reference, 'Dubai'],
        ],
      );
      assert.equal(data.requests[1]!.companyName, 'One <Trading> & Co');
      assert.equal(data.requests[1]!.lines.length, 1);
      assert.match(data.requests[1]!.lines[0]!.code, /\S/);
      assert.deepEqual(
        data.quotations.map((quotation) => quotation.revisions.map((revision) => [revision.number, revision.state])),
        [
          [
            [a.r1.number, 'sent'],
            [a.r0.number, 'superseded'],
          ],
        ],
      );
      assert.ok(!JSON.stringify(data).includes(b.reference));
      // as many queries whatever the number of requests (A has two, B one): their lines are read in one
      const queriesOf = async (email: string) => {
        let queries = 0;
        const counted = db.withPlugin({
          transformQuery: (args) => {
            queries += 1;
            return args.node;
          },
          transformResult: async (args) => args.result,
        });
        await accountExport(counted, await accountOfAddress(db, email, NOW.getTime()), NOW);
        return queries;
      };
      assert.equal(await queriesOf(A), await queriesOf(B));
      const csv = accountExportCsv(data);
      assert.ok(csv.startsWith('\uFEFFRecord,Reference,Date,Branch,State,Code,Part,Quantity,Unit,Device\r\n'));
      assert.match(csv, new RegExp(`^Request line,${a.reference},`, 'm'));
      assert.match(csv, new RegExp(`^Quotation,${a.r0.number},.*,superseded,`, 'm'));
      // a device name from a User-Agent a buyer's browser sent: guarded, never a formula
      const withFormula = accountExportCsv({
        ...data,
        activity: [{ at: NOW.toISOString(), event: 'signed-out', device: '=HYPERLINK("x")', detail: '' }],
      });
      assert.match(withFormula, /^Activity,,[^,]+,,signed-out,,,,,"?'=HYPERLINK/m);

      await closeAccount(db, { accountId, email: A, device: 'Firefox — Linux' }, NOW.getTime());
      assert.equal(
        await db.selectFrom('buyer_accounts').select('id').where('id', '=', accountId).executeTakeFirst(),
        undefined,
      );
      const log = await db
        .selectFrom('buyer_account_events')
        .select(['account_id', 'email', 'kind'])
        .where('email', '=', A)
        .execute();
      assert.deepEqual(log, [{ account_id: null, email: A, kind: 'closed' }]);
      // the requests and quotations are the branches' records: still there, shown again to the address's next account
      assert.equal((await accountRecordsOf(db, A, NOW)).requests.length, 2);
    },
  );

  await t.test('signed out: the pages redirect to the sign-in, the PDFs answer 401', async () => {
    for (const [url, location] of [
      ['/account', '/account/sign-in'],
      ['/ar/account', '/ar/account/sign-in'],
    ] as const) {
      const res = await get(url);
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, location);
      assertPrivate(res);
    }
    for (const url of [requestPdfPath(a.reference), quotationPdfPath(a.r1.id)]) {
      const res = await get(url);
      assert.equal(res.statusCode, 401);
      assertPrivate(res);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.ok(!res.rawPayload.subarray(0, 4).equals(Buffer.from('%PDF')));
    }
  });
}

describe('the account’s records', () => {
  test('on embedded PGlite', async (t) => recordsSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => recordsSuite(t, target)));
});
