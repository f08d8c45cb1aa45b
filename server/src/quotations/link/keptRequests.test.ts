// A request whose quotation went to its buyer is kept: branch staff once marked an accepted
// request as spam and deleted it, and the quotation, its acceptance and the PO file went with it (the buyer's link
// answered 404). Tried as that member of staff would, through the inbox's calls on both databases: marking as spam and
// deleting a request with a sent quotation, and one with an accepted quotation and its PO file, are refused (409 in
// words), and every row and the buyer's link are still there. A request whose quotation is only a draft is still spam
// to delete, its draft with it.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { QUOTATIONS_API } from '@site/contracts/quotations-api';
import {
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  STAFF_QUOTATION_LINK_API,
  type BuyerQuotation,
} from '@site/contracts/quotation-link-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { answerOf, refusalOf } from '../../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { multipartForm } from '../../test-support/multipart.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { submitQuote, TEST_PRODUCT } from '../../test-support/staffWorkData.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const A_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function keptSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW });
  });
  t.after(async () => {
    await s?.close();
  });
  const row = (id: number) => ({ kind: 'quote', id });
  const markSpam = (id: number) =>
    s.call(s.dubai, 'POST', staffApiPath(STAFF_API.inboxStatus, row(id)), { status: 'spam' });
  const remove = (id: number) => s.call(s.dubai, 'DELETE', staffApiPath(STAFF_API.inboxDelete, row(id)));
  const count = async (sql: string, id: number) => (await s.db.query(sql, [id])).length;
  /** What a request keeps: itself, its quotations, their acceptance (with the PO file) and order. */
  const kept = async (requestId: number, quotationId: number) => ({
    request: await count('select 1 from quote_requests where id = $1 and not spam', requestId),
    quotations: await count('select 1 from quotations where request_id = $1', requestId),
    acceptance: await count(
      'select 1 from quotation_acceptances where quotation_id = $1 and po_file is not null',
      quotationId,
    ),
    orders: await count('select 1 from orders where quotation_id = $1', quotationId),
  });
  const opens = async (token: string) =>
    answerOf<BuyerQuotation>(
      await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, token) }),
    );

  await t.test(
    'a request with a sent quotation: marking it as spam and deleting it are refused; the request, the quotation and the buyer’s link stay',
    async () => {
      const { requestId, quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      assert.equal(
        refusalOf(await markSpam(requestId), 409),
        `This request cannot be marked as spam: its quotation ${quotation.number} was sent to the buyer (sent), and it is kept with the quotation and the buyer's answers`,
      );
      // flagged some other way (before this rule, or by hand in the database): the deletion is refused all the same
      await s.db.query('update quote_requests set spam = true where id = $1', [requestId]);
      assert.equal(
        refusalOf(await remove(requestId), 409),
        `This request cannot be deleted: its quotation ${quotation.number} was sent to the buyer (sent), and it is kept with the quotation and the buyer's answers`,
      );
      await s.db.query('update quote_requests set spam = false where id = $1', [requestId]);
      assert.deepEqual(await kept(requestId, quotation.id), { request: 1, quotations: 1, acceptance: 0, orders: 0 });
      assert.equal((await opens(token)).number, quotation.number);
    },
  );

  await t.test(
    'a request with an accepted quotation and its PO file: refused both ways; the acceptance, the PO file, the order and the link stay',
    async () => {
      const { requestId, quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      const form = multipartForm(
        { name: 'Karim Nasser', position: 'Buyer' },
        { name: 'po.pdf', type: 'application/pdf', bytes: A_PDF },
      );
      const accepted = await s.site.inject({
        method: 'POST',
        url: quotationLinkApiPath(QUOTATION_LINK_API.accept, token),
        ...form,
      });
      assert.equal(answerOf<BuyerQuotation>(accepted).state, 'accepted');

      assert.match(
        refusalOf(await markSpam(requestId), 409),
        new RegExp(`cannot be marked as spam: its quotation ${quotation.number} was sent to the buyer \\(accepted\\)`),
      );
      await s.db.query('update quote_requests set spam = true where id = $1', [requestId]);
      assert.match(refusalOf(await remove(requestId), 409), /cannot be deleted: .* \(accepted\)/);
      await s.db.query('update quote_requests set spam = false where id = $1', [requestId]);
      assert.deepEqual(await kept(requestId, quotation.id), { request: 1, quotations: 1, acceptance: 1, orders: 1 });
      const seen = await opens(token);
      assert.deepEqual([seen.state, seen.acceptance?.poFile], ['accepted', true]);
      // the PO file is still the staff's to download
      const po = await s.call(
        s.dubai,
        'GET',
        staffApiPath(STAFF_QUOTATION_LINK_API.purchaseOrder, { id: quotation.id }),
      );
      assert.deepEqual([po.statusCode, po.rawPayload.subarray(0, 5).toString()], [200, '%PDF-']);
    },
  );

  await t.test(
    'a request whose quotation is only a draft is still spam to mark and delete, its draft with it',
    async () => {
      const { id: requestId } = await submitQuote(s.db, {
        branch: 'Dubai',
        lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 2 }],
      });
      answerOf(await s.call(s.dubai, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
      answerOf(await markSpam(requestId));
      assert.equal((await remove(requestId)).statusCode, 204);
      assert.equal(await count('select 1 from quotations where request_id = $1', requestId), 0);
      assert.equal(await count('select 1 from quote_requests where id = $1', requestId), 0);
    },
  );
}

describe('a request with a sent quotation is kept', () => {
  test('on embedded PGlite', async (t) => keptSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => keptSuite(t, target)));
});
