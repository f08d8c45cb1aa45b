// What the salesperson's editor works with besides the stored lines, on both databases: each line's stock at the branch
// now (the stock feed's words for the quantity saved, beside the note the document keeps from when it was priced), the
// VAT rate a save charges, and the figures the editor works out as staff type (@site/contracts/quotation-money's
// draftFigures) equal to what the save stores, line by line and in total, for lines drawn at random in rials and in
// dirhams (fast-check, a fixed seed: MONEY_SEED=<n> explores another).
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import type { SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import {
  draftFigures,
  formatScaled,
  formatScaledShort,
  parsePercent,
  type LineText,
} from '@site/contracts/quotation-money';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { answerOf as ok } from '../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite, lineInputOf } from '../test-support/quotationSite.js';
import { feedStock } from '../test-support/stockFeed.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const SEED = Number(process.env.MONEY_SEED ?? 20_261_128);

/** A figure of `scale` decimals as staff type it: with all of its decimals ('12.500') or without trailing zeros ('12.5'). */
const typed = (max: bigint, scale: number, min = 0n) =>
  fc
    .tuple(fc.bigInt({ min, max }), fc.boolean())
    .map(([value, short]) => (short ? formatScaledShort(value, scale) : formatScaled(value, scale)));

async function editorFiguresSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  const prepare = async (who: StaffAccountSummary, branch: string, quantity: number) => {
    const { id: requestId } = await submitQuote(s.db, {
      branch,
      lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity }],
    });
    return ok<Quotation>(await s.call(who, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
  };
  const read = async (who: StaffAccountSummary, id: number) =>
    ok<Quotation>(await s.call(who, 'GET', staffApiPath(QUOTATIONS_API.quotation, { id })));

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW, omrRate: '0.10477' });
    await feedStock(s.db, [{ code: 'HEX-CW-20S', location: 'muscat', onHand: 40, leadTimeDays: 28 }]);
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test(
    'each line says its stock at the branch now, beside what the document noted when it was priced',
    async () => {
      const draft = await prepare(s.oman, 'Oman', 30);
      assert.deepEqual(
        draft.lines.map((line) => [line.code, line.availabilityNote, line.availabilityNow]),
        [['HEX-CW-20S', 'In stock: 40 pieces', 'In stock: 40 pieces']],
      );
      assert.equal(draft.vatPercent, '5', 'Oman charges 5 %: what a save prices the lines at');
      // Muscat sells 28 after the draft was prepared: the document's note stays, the editor says what is true now
      await feedStock(s.db, [{ code: 'HEX-CW-20S', location: 'muscat', onHand: 12, leadTimeDays: 28 }]);
      const later = await read(s.oman, draft.id);
      assert.deepEqual(
        later.lines.map((line) => [line.availabilityNote, line.availabilityNow]),
        [['In stock: 40 pieces', 'In stock: 12 pieces · Lead time: about 4 weeks']],
      );
      // a free-text line has no stock to say; a Dubai draft reads Dubai's warehouse, where the feed named nothing
      const saved = ok<Quotation>(
        await s.call(s.oman, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }), {
          version: later.version,
          validUntil: later.validUntil,
          paymentTerms: '',
          deliveryTerms: '',
          buyerNote: '',
          lines: [
            ...later.lines.map(lineInputOf),
            {
              code: null,
              description: 'Delivery to Sohar',
              unit: '',
              quantity: '1',
              unitPrice: '15',
              discountPercent: '0',
              availabilityNote: '',
              lineNote: '',
            },
          ],
        } satisfies SaveQuotationBody),
      );
      assert.deepEqual(
        saved.lines.map((line) => line.availabilityNow),
        ['In stock: 12 pieces · Lead time: about 4 weeks', ''],
      );
      assert.deepEqual(
        (await prepare(s.dubai, 'Dubai', 5)).lines.map((line) => line.availabilityNow),
        [''],
      );
    },
  );

  for (const [branch, scale] of [
    ['Oman', 3],
    ['Dubai', 2],
  ] as const) {
    await t.test(`${branch}: the editor’s figures as staff type are the figures the save stores`, async () => {
      const who = branch === 'Oman' ? s.oman : s.dubai;
      let current = await prepare(who, branch, 1);
      const line = fc.record({
        // 0.01 to 100,000 of a unit, prices up to the largest, discounts 0 to 100 %
        quantity: typed(10_000_000n, 2, 1n),
        unitPrice: typed(10n ** BigInt(8 + scale) - 1n, scale),
        discountPercent: typed(10_000n, 2),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12 }), async (lines: LineText[]) => {
          const vat = parsePercent(current.vatPercent ?? '');
          assert.ok(vat.ok, `a VAT rate is in force: ${current.vatPercent}`);
          const live = draftFigures(lines, current.currency, vat.basisPoints);
          const res = await s.call(who, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: current.id }), {
            version: current.version,
            validUntil: current.validUntil,
            paymentTerms: '',
            deliveryTerms: '',
            buyerNote: '',
            lines: lines.map((typedLine, index) => ({
              code: null,
              description: `Line ${index + 1}`,
              unit: '',
              availabilityNote: '',
              lineNote: '',
              ...typedLine,
            })),
          } satisfies SaveQuotationBody);
          current = ok<Quotation>(res);
          assert.deepEqual(
            current.lines.map(({ lineTotal, vat }) => ({ ok: true, lineTotal, vat })),
            live.lines,
            JSON.stringify(lines),
          );
          assert.deepEqual(current.totals, live.totals);
        }),
        { seed: SEED, numRuns: 25 },
      );
    });
  }
}

describe('quotations: what the editor works with', () => {
  test('on embedded PGlite', async (t) => editorFiguresSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => editorFiguresSuite(t, target)));
});
