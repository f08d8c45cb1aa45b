// A catalogue part added to a quotation by its code, on both databases: found by code (any case, any separators) or
// by words of its name, priced at the quotation's own rate in its currency, with what the stock feed says of it at the
// branch's location (nothing when the feed never named it); an unknown code is a clear refusal; another branch's
// quotation and the catalogue role are refused before anything is read.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { QUOTATIONS_API, type Quotation, type QuotationPartList } from '@site/contracts/quotations-api';
import { staffApiPath } from '@site/contracts/staff-api';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../test-support/quotationSite.js';
import { feedStock } from '../test-support/stockFeed.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';
import { answerOf as ok } from '../test-support/answers.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const GLAND_20S = 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66) — Size 20S (M20)';

async function partLinesSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let draft: Quotation;
  const partsUrl = (q: string, id = draft.id) =>
    `${staffApiPath(QUOTATIONS_API.parts, { id })}?q=${encodeURIComponent(q)}`;

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW, omrRate: '0.10477' });
    await feedStock(s.db, [
      { code: 'HEX-CW-20S', location: 'muscat', onHand: 40 },
      { code: 'HEX-CW-20S', location: 'dubai', onHand: 900 },
    ]);
    const { id: requestId } = await submitQuote(s.db, {
      branch: 'Oman',
      lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20', quantity: 3 }],
    });
    draft = ok<Quotation>(await s.call(s.oman, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test(
    'a code finds its part priced at the quotation’s rate, with the stock of the branch’s own location',
    async () => {
      // 12.00 AED × 0.10477 = 1.25724 OMR: 1.257
      const expected = {
        code: 'HEX-CW-20S',
        description: GLAND_20S,
        unit: 'piece',
        unitPrice: '1.257',
        onRequest: false,
        availabilityNote: 'In stock: 40 pieces',
      };
      for (const typed of ['HEX-CW-20S', 'hex cw 20s', ' hexcw20s ']) {
        const found = ok<QuotationPartList>(await s.call(s.oman, 'GET', partsUrl(typed)));
        assert.deepEqual(found.exact, expected, typed);
        assert.deepEqual(found.parts[0], expected, 'the exact one first');
      }
      // the feed never named this one: nothing is said of its stock
      assert.equal(
        ok<QuotationPartList>(await s.call(s.oman, 'GET', partsUrl('HEX-CW-25'))).exact?.availabilityNote,
        '',
      );
    },
  );

  await t.test('words of a name find parts, none exact; an unknown code finds nothing', async () => {
    const byName = ok<QuotationPartList>(await s.call(s.oman, 'GET', partsUrl('brass cable')));
    assert.equal(byName.exact, null);
    assert.ok(
      byName.parts.length > 1 && byName.parts.length <= 10,
      JSON.stringify(byName.parts.map((part) => part.code)),
    );
    assert.ok(
      byName.parts.every((part) => /brass cable/i.test(part.description)),
      JSON.stringify(byName.parts.map((part) => part.description)),
    );
    assert.deepEqual(ok<QuotationPartList>(await s.call(s.oman, 'GET', partsUrl('NO-SUCH-99'))), {
      exact: null,
      parts: [],
    });
    // LIKE's characters are the characters typed
    assert.deepEqual(ok<QuotationPartList>(await s.call(s.oman, 'GET', partsUrl('%'))).parts, []);
    assert.equal(
      (await s.call(s.oman, 'GET', `${staffApiPath(QUOTATIONS_API.parts, { id: draft.id })}`)).statusCode,
      400,
    );
    assert.equal((await s.call(s.oman, 'GET', partsUrl('x'.repeat(65)))).statusCode, 400);
  });

  await t.test(
    'added by code, the line carries the part’s name, price and stock; an unknown code is refused at its field',
    async () => {
      const linesUrl = staffApiPath(QUOTATIONS_API.lines, { id: draft.id });
      const added = ok<Quotation>(
        await s.call(s.oman, 'POST', linesUrl, {
          version: draft.version,
          line: { kind: 'catalogue', code: 'hex-cw-20s', quantity: '5' },
        }),
      );
      const line = added.lines.at(-1)!;
      assert.deepEqual(
        [line.code, line.description, line.quantity, line.unitPrice, line.lineTotal, line.availabilityNote],
        ['HEX-CW-20S', GLAND_20S, '5', '1.257', '6.285', 'In stock: 40 pieces'],
      );
      const unknown = await s.call(s.oman, 'POST', linesUrl, {
        version: added.version,
        line: { kind: 'catalogue', code: 'NO-SUCH-99' },
      });
      assert.equal(unknown.statusCode, 400);
      assert.deepEqual(unknown.json(), {
        error: 'line.code "NO-SUCH-99" is not a code of the catalogue',
        problems: [{ path: ['line', 'code'], message: 'line.code "NO-SUCH-99" is not a code of the catalogue' }],
      });
      draft = added;
    },
  );

  await t.test(
    'another branch’s quotation and the catalogue role are refused; admins find parts on every branch’s',
    async () => {
      assert.equal(
        (await s.call(s.dubai, 'GET', partsUrl('HEX-CW-20S'))).json<{ error: string }>().error,
        'This belongs to another branch.',
      );
      assert.equal((await s.call(s.dubai, 'GET', partsUrl('HEX-CW-20S'))).statusCode, 403);
      assert.equal((await s.call(s.catalogue, 'GET', partsUrl('HEX-CW-20S'))).statusCode, 403);
      assert.equal((await s.call(s.oman, 'GET', partsUrl('HEX-CW-20S', 9_999_999))).statusCode, 404);
      assert.equal(
        ok<QuotationPartList>(await s.call(s.admin, 'GET', partsUrl('HEX-CW-20S'))).exact?.unitPrice,
        '1.257',
      );
    },
  );
}

describe('quotations: a catalogue part by its code', () => {
  test('on embedded PGlite', async (t) => partLinesSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => partLinesSuite(t, target)));
});
