// "Copy a previous quotation" for a new request, on both databases: the branch's sent quotations found by number or
// buyer company (newest first, never a draft, never another branch's); one's lines as the new draft takes them, each
// price checked against the catalogue's today at the draft's rate and a difference said in words (dearer, cheaper, on
// request, withdrawn, gone from the catalogue), with the part's stock now; the copied lines saved as typed lines are.
// Attacks: another branch's quotation is never listed nor copied (its staff, the other branch's staff, an admin into a
// draft of another currency), a draft is not a source, a sent quotation is not a target.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import {
  QUOTATIONS_API,
  type CopiedQuotation,
  type CopySourceList,
  type Quotation,
} from '@site/contracts/quotations-api';
import type { QuotationLineInput } from '@site/contracts/quotations-api-schemas';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { answerOf as ok } from '../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite, lineInputOf } from '../test-support/quotationSite.js';
import { feedStock } from '../test-support/stockFeed.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const GLAND_20S = 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66) — Size 20S (M20)';

async function copySuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  /** Oman's first sent quotation (Muscat Build LLC), its second (Sohar Traders), Dubai's, and Oman's new draft. */
  let first: Quotation;
  let second: Quotation;
  let dubaiSent: Quotation;
  let draft: Quotation;

  const sourcesUrl = (q?: string, id = draft.id) =>
    `${staffApiPath(QUOTATIONS_API.copySources, { id })}${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`;
  const copyUrl = (sourceId: number, id = draft.id) => staffApiPath(QUOTATIONS_API.copyFrom, { id, sourceId });
  /** A request of `branch` from `company`, prepared by `who`, its lines saved as `lines` (the draft's when left out). */
  const prepare = async (
    who: StaffAccountSummary,
    branch: string,
    company: string,
    lines?: (current: Quotation) => QuotationLineInput[],
  ) => {
    const { id: requestId } = await submitQuote(s.db, {
      branch,
      companyName: company,
      lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 }],
    });
    const prepared = ok<Quotation>(await s.call(who, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
    if (lines === undefined) return prepared;
    return ok<Quotation>(
      await s.call(who, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: prepared.id }), {
        version: prepared.version,
        validUntil: prepared.validUntil,
        paymentTerms: '30 days',
        deliveryTerms: '',
        buyerNote: '',
        lines: lines(prepared),
      }),
    );
  };
  const sourceIds = (list: CopySourceList) => list.quotations.map((source) => source.number);

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW, omrRate: '0.10477' });
    await s.db.query(`update catalogue_product_variants set price = '14.35' where code = 'HEX-CW-20'`);
    await s.db.query(`update catalogue_product_variants set price = '20.00' where code = 'HEX-CW-25'`);
    await feedStock(s.db, [{ code: 'HEX-CW-20S', location: 'muscat', onHand: 25, leadTimeDays: 10 }]);
    // Muscat Build's quotation: the gland at a negotiated 1.200 (the catalogue's is 1.257), 5 % off; HEX-CW-20 at the
    // catalogue's 1.503; HEX-CW-25 at 2.095; a free-text delivery line
    const firstDraft = await prepare(s.oman, 'Oman', 'Muscat Build LLC', (current) => [
      { ...lineInputOf(current.lines[0]!), unitPrice: '1.200', discountPercent: '5' },
      {
        ...lineInputOf(current.lines[0]!),
        code: 'HEX-CW-20',
        description: 'Gland 20',
        quantity: '12',
        unitPrice: '1.503',
      },
      {
        ...lineInputOf(current.lines[0]!),
        code: 'HEX-CW-25',
        description: 'Gland 25',
        quantity: '3.5',
        unitPrice: '2.095',
      },
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
    ]);
    first = (await s.send(s.oman, firstDraft.id)).quotation;
    second = (await s.send(s.oman, (await prepare(s.oman, 'Oman', 'Sohar Traders')).id)).quotation;
    dubaiSent = (await s.send(s.dubai, (await prepare(s.dubai, 'Dubai', 'Muscat Build LLC')).id)).quotation;
    draft = await prepare(s.oman, 'Oman', 'Muscat Build LLC');
    // since it was sent: HEX-CW-25 dearer in the catalogue (20.00 → 21.00 AED: 2.200 OMR)
    await s.db.query(`update catalogue_product_variants set price = '21.00' where code = 'HEX-CW-25'`);
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test('the branch’s sent quotations, by number or buyer company, newest first; never a draft', async () => {
    assert.deepEqual(sourceIds(ok(await s.call(s.oman, 'GET', sourcesUrl()))), [second.number, first.number]);
    assert.deepEqual(sourceIds(ok(await s.call(s.oman, 'GET', sourcesUrl('')))), [second.number, first.number]);
    const byCompany = ok<CopySourceList>(await s.call(s.oman, 'GET', sourcesUrl('muscat BUILD')));
    assert.deepEqual(byCompany.quotations, [
      {
        id: first.id,
        number: first.number,
        state: 'sent',
        requestReference: byCompany.quotations[0]!.requestReference,
        buyerCompany: 'Muscat Build LLC',
        sentAt: first.sentAt,
        lineCount: 4,
        currency: 'OMR',
        total: first.totals.total,
      },
    ]);
    assert.match(byCompany.quotations[0]!.requestReference, /^RFQ-OM-2026-\d{6}$/);
    assert.deepEqual(sourceIds(ok(await s.call(s.oman, 'GET', sourcesUrl(second.number!.slice(-6))))), [second.number]);
    // LIKE's own characters are themselves
    assert.deepEqual(sourceIds(ok(await s.call(s.oman, 'GET', sourcesUrl('%')))), []);
    assert.equal((await s.call(s.oman, 'GET', sourcesUrl('x'.repeat(101)))).statusCode, 400);
  });

  await t.test(
    'the lines as the draft takes them: each price checked against the catalogue’s today, in words',
    async () => {
      const copied = ok<CopiedQuotation>(await s.call(s.oman, 'GET', copyUrl(first.id)));
      assert.equal(copied.source.number, first.number);
      assert.deepEqual(copied.lines, [
        {
          code: 'HEX-CW-20S',
          description: GLAND_20S,
          unit: 'piece',
          quantity: '40',
          unitPrice: '1.200',
          discountPercent: '5',
          // 12.00 AED × 0.10477 = 1.25724 → 1.257
          cataloguePrice: '1.257',
          priceCheck: `HEX-CW-20S: quoted at 1.200 OMR in ${first.number}; the catalogue's price today is 1.257 OMR (dearer now).`,
          // 25 in Muscat, short of the 40 quoted: the lead time is said too
          availabilityNote: 'In stock: 25 pieces · Lead time: about 10 days',
        },
        {
          code: 'HEX-CW-20',
          description: 'Gland 20',
          unit: 'piece',
          quantity: '12',
          unitPrice: '1.503',
          discountPercent: '0',
          // 14.35 × 0.10477 = 1.5034495 → 1.503: the same, nothing to say
          cataloguePrice: '1.503',
          priceCheck: '',
          availabilityNote: '',
        },
        {
          code: 'HEX-CW-25',
          description: 'Gland 25',
          unit: 'piece',
          quantity: '3.5',
          unitPrice: '2.095',
          discountPercent: '0',
          // 21.00 × 0.10477 = 2.20017 → 2.200
          cataloguePrice: '2.200',
          priceCheck: `HEX-CW-25: quoted at 2.095 OMR in ${first.number}; the catalogue's price today is 2.200 OMR (dearer now).`,
          availabilityNote: '',
        },
        {
          code: null,
          description: 'Delivery to Sohar',
          unit: '',
          quantity: '1',
          unitPrice: '15.000',
          discountPercent: '0',
          cataloguePrice: null,
          priceCheck: '',
          availabilityNote: '',
        },
      ]);

      // the copied lines go into the draft as typed lines do: saved, priced and stocked by the server
      const saved = ok<Quotation>(
        await s.call(s.oman, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }), {
          version: draft.version,
          validUntil: draft.validUntil,
          paymentTerms: '',
          deliveryTerms: '',
          buyerNote: '',
          lines: copied.lines.map(({ cataloguePrice: _price, priceCheck: _check, ...line }) => ({
            ...line,
            lineNote: '',
          })),
        }),
      );
      assert.deepEqual(
        saved.lines.map((line) => [line.code, line.quantity, line.unitPrice, line.discountPercent, line.lineTotal]),
        [
          // 40 × 1.200 × 0.95 = 45.600
          ['HEX-CW-20S', '40', '1.200', '5', '45.600'],
          ['HEX-CW-20', '12', '1.503', '0', '18.036'],
          ['HEX-CW-25', '3.5', '2.095', '0', '7.333'],
          [null, '1', '15.000', '0', '15.000'],
        ],
      );
      draft = saved;
    },
  );

  await t.test('a part on request, withdrawn or gone from the catalogue since is said in words', async () => {
    await s.db.query(`update catalogue_product_variants set price = null where code = 'HEX-CW-20'`);
    await s.db.query(`update catalogue_product_variants set published = false where code = 'HEX-CW-25'`);
    // a code the catalogue no longer has at all (its variant deleted since the quotation was sent)
    await s.db.query(
      `update quotation_lines set variant_code = 'HEX-OLD-99' where quotation_id = $1 and position = 1`,
      [first.id],
    );
    const copied = ok<CopiedQuotation>(await s.call(s.oman, 'GET', copyUrl(first.id)));
    assert.deepEqual(
      copied.lines.map((line) => [line.code, line.cataloguePrice, line.priceCheck]),
      [
        [null, null, 'HEX-OLD-99 is no longer in the catalogue: copied as a free-text line at the price quoted.'],
        [
          'HEX-CW-20',
          null,
          'HEX-CW-20: the catalogue prices it on request today, so the price quoted (1.503 OMR) is not checked.',
        ],
        [
          'HEX-CW-25',
          null,
          'HEX-CW-25 was withdrawn from the catalogue: check it can still be supplied before quoting it.',
        ],
        [null, null, ''],
      ],
    );
    await s.db.query(
      `update quotation_lines set variant_code = 'HEX-CW-20S' where quotation_id = $1 and position = 1`,
      [first.id],
    );
  });

  await t.test('attacks: another branch’s quotation is never listed nor copied', async () => {
    // Oman's staff look for Dubai's quotation by its number and its company: nothing of it comes back
    for (const q of [dubaiSent.number!, 'Muscat Build', '']) {
      const found = await s.call(s.oman, 'GET', sourcesUrl(q));
      assert.ok(!found.body.includes(dubaiSent.number!), q);
      assert.ok(!ok<CopySourceList>(found).quotations.some((source) => source.id === dubaiSent.id));
    }
    // nor copied into their draft, by its id
    const stolen = await s.call(s.oman, 'GET', copyUrl(dubaiSent.id));
    assert.equal(stolen.statusCode, 403);
    assert.deepEqual(stolen.json(), { error: 'This belongs to another branch.' });
    // an admin sees every branch, but a Dubai quotation is not copied into an Oman draft (another currency)
    assert.equal((await s.call(s.admin, 'GET', copyUrl(dubaiSent.id))).statusCode, 403);
    assert.ok(!(await s.call(s.admin, 'GET', sourcesUrl(dubaiSent.number!))).body.includes(dubaiSent.number!));
    // Dubai's staff may not use Oman's draft to list or copy Oman's quotations
    assert.equal((await s.call(s.dubai, 'GET', sourcesUrl())).statusCode, 403);
    assert.equal((await s.call(s.dubai, 'GET', copyUrl(first.id))).statusCode, 403);
    const dubaiDraft = await prepare(s.dubai, 'Dubai', 'Jebel Ali Works');
    const fromDubai = await s.call(s.dubai, 'GET', copyUrl(first.id, dubaiDraft.id));
    assert.equal(fromDubai.statusCode, 403);
    assert.ok(!fromDubai.body.includes('Delivery to Sohar'));
    assert.deepEqual(sourceIds(ok(await s.call(s.dubai, 'GET', sourcesUrl('', dubaiDraft.id)))), [dubaiSent.number]);
    // the catalogue role prices nothing; no session at all is the scope's 401
    assert.equal((await s.call(s.catalogue, 'GET', sourcesUrl())).statusCode, 403);
    assert.equal((await s.staff.inject({ method: 'GET', url: copyUrl(first.id) })).statusCode, 401);
  });

  await t.test('a draft is not a source, a sent quotation is not a target; unknown ids are 404s', async () => {
    const other = await prepare(s.oman, 'Oman', 'Nizwa Power');
    assert.equal((await s.call(s.oman, 'GET', copyUrl(other.id))).statusCode, 404, 'an unsent draft');
    assert.ok(
      !ok<CopySourceList>(await s.call(s.oman, 'GET', sourcesUrl())).quotations.some(({ id }) => id === other.id),
    );
    const intoSent = await s.call(s.oman, 'GET', copyUrl(second.id, first.id));
    assert.equal(intoSent.statusCode, 409);
    assert.match(intoSent.json<{ error: string }>().error, /lines are copied into a draft only/);
    assert.equal((await s.call(s.oman, 'GET', copyUrl(9_999_999))).statusCode, 404);
    assert.equal((await s.call(s.oman, 'GET', copyUrl(first.id, 9_999_999))).statusCode, 404);
    assert.equal(
      (await s.call(s.oman, 'GET', `${staffApiPath(QUOTATIONS_API.copyFrom, { id: draft.id, sourceId: 'x1' })}`))
        .statusCode,
      404,
    );
  });
}

describe('quotations: copy a previous quotation', () => {
  test('on embedded PGlite', async (t) => copySuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => copySuite(t, target)));
});
