// A part's price breaks, minimum order and pack as a quotation prepares its lines (docs/decisions/043-price-breaks-
// and-order-multiples.md), on both databases: each line takes the price of the break its quantity reaches, converted
// at the quotation's own rate, and the salesperson is told in words what a quantity breaks of the minimum and the pack.
// Every amount is checked against an independent calculation (half-up to the baisa, per line).
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { staffApiPath } from '@site/contracts/staff-api';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { buildQuotationTestSite, lineInputOf, type QuotationTestSite } from '../test-support/quotationSite.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';
import { answerOf as ok } from '../test-support/answers.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const RATE = '0.10477';

/** fils × rate, half-up to baisa (3 decimals), as text: the test's own arithmetic. */
function omr(aed: string): string {
  const [whole, decimals = ''] = aed.split('.');
  const fils = BigInt(whole!) * 100n + BigInt(decimals.padEnd(2, '0'));
  // rate 0.10477 = 10477 / 100000; fils / 100 × rate in baisa (× 1000) = fils × 10477 / 10000
  const scaled = fils * 10477n;
  const baisa = (scaled + 5000n) / 10000n;
  return `${baisa / 1000n}.${String(baisa % 1000n).padStart(3, '0')}`;
}
const times = (quantity: number, price: string): string => {
  const baisa = BigInt(quantity) * BigInt(price.replace('.', ''));
  return `${baisa / 1000n}.${String(baisa % 1000n).padStart(3, '0')}`;
};

async function breakLinesSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let draft: Quotation;
  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW, omrRate: RATE });
    // this test's own data: the seeded catalogue has no breaks
    await s.db.query(
      `update catalogue_product_variants set price = 13.50, price_breaks = $1, minimum_order = 10, pack_quantity = 5
        where code = 'HEX-CW-20'`,
      [
        JSON.stringify([
          { quantity: 50, price: '12.50' },
          { quantity: 250, price: '11.00' },
        ]),
      ],
    );
    const { id: requestId } = await submitQuote(s.db, {
      branch: 'Oman',
      lines: [
        { productId: TEST_PRODUCT, code: 'HEX-CW-20', quantity: 60 },
        { productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 7 },
      ],
    });
    draft = ok<Quotation>(await s.call(s.oman, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test(
    'a prepared line takes the price of the break its quantity reaches; a part without breaks its own; its pack said',
    () => {
      assert.equal(omr('12.50'), '1.310');
      assert.deepEqual(
        draft.lines.map((line) => [line.code, line.quantity, line.unitPrice, line.lineTotal, line.quantityNote]),
        [
          ['HEX-CW-20', '60', omr('12.50'), times(60, omr('12.50')), ''],
          // its seeded pack of 10
          [
            'HEX-CW-20S',
            '7',
            omr('12.00'),
            times(7, omr('12.00')),
            'Not a multiple of the pack of 10: 10 would be whole packs.',
          ],
        ],
      );
      assert.deepEqual([draft.lines[0]!.lineTotal, draft.lines[1]!.lineTotal], ['78.600', '8.799']);
    },
  );

  await t.test('an added line at each break, and below the minimum or off the pack said in words', async () => {
    const linesUrl = staffApiPath(QUOTATIONS_API.lines, { id: draft.id });
    const cases: [string, string, string][] = [
      ['249', omr('12.50'), 'Not a multiple of the pack of 5: 245 or 250 would be whole packs.'],
      ['250', omr('11.00'), ''],
      ['49', omr('13.50'), 'Not a multiple of the pack of 5: 45 or 50 would be whole packs.'],
      [
        '3',
        omr('13.50'),
        'Below the minimum order of 10 pieces. Not a multiple of the pack of 5: 5 would be whole packs.',
      ],
    ];
    for (const [quantity, unitPrice, note] of cases) {
      draft = ok<Quotation>(
        await s.call(s.oman, 'POST', linesUrl, {
          version: draft.version,
          line: { kind: 'catalogue', code: 'HEX-CW-20', quantity },
        }),
      );
      const line = draft.lines.at(-1)!;
      assert.deepEqual(
        [line.quantity, line.unitPrice, line.lineTotal, line.quantityNote],
        [quantity, unitPrice, times(Number(quantity), unitPrice), note],
        quantity,
      );
    }
    assert.deepEqual(
      draft.lines.slice(2).map((line) => line.lineTotal),
      ['326.190', '288.000', '69.286', '4.242'],
    );
    assert.equal(draft.totals.subtotal, '775.117');
  });

  await t.test(
    "a quantity saved otherwise: a line at the catalogue's price follows the breaks, a typed price stays; the note is said again",
    async () => {
      const save = async (change: (index: number) => { quantity?: string; unitPrice?: string }) =>
        ok<Quotation>(
          await s.call(s.oman, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }), {
            version: draft.version,
            validUntil: draft.validUntil,
            paymentTerms: '',
            deliveryTerms: '',
            buyerNote: '',
            lines: draft.lines.map((line, index) => ({ ...lineInputOf(line), ...change(index) })),
          }),
        );
      // line 1: 60 at the 50+ break, now 12 (under the break): back to the price at 1; line 3: 249, now 250 at a price typed
      draft = await save((index) =>
        index === 0 ? { quantity: '12' } : index === 2 ? { quantity: '250', unitPrice: '1.300' } : {},
      );
      assert.deepEqual(
        [0, 2].map((index) => [
          draft.lines[index]!.quantity,
          draft.lines[index]!.unitPrice,
          draft.lines[index]!.lineTotal,
        ]),
        [
          ['12', omr('13.50'), times(12, omr('13.50'))],
          ['250', '1.300', '325.000'],
        ],
      );
      assert.equal(draft.lines[0]!.quantityNote, 'Not a multiple of the pack of 5: 10 or 15 would be whole packs.');
      assert.equal(draft.lines[2]!.quantityNote, '', 'a whole pack at a break');
      // a typed price stays when the quantity changes again
      draft = await save((index) => (index === 2 ? { quantity: '300' } : {}));
      assert.deepEqual([draft.lines[2]!.unitPrice, draft.lines[2]!.lineTotal], ['1.300', '390.000']);
    },
  );
}

describe('quotations: price breaks, minimum order and pack', () => {
  test('on embedded PGlite', async (t) => breakLinesSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => breakLinesSuite(t, target)));
});
