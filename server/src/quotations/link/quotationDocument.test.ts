// What a quotation's document names beside its prices, on both databases: the branches' seller details (legal name,
// TRN / VATIN by country, commercial registration) kept by admins and refused in words when malformed; a send refused
// in words while the branch lacks them; the salesperson, the buyer, the Incoterms rule and place, each line's stock when
// priced and the validity beside the total, stored as sent and read back word for word from the PDF (English and
// Arabic) with pdftotext, with "Page 1 of 2" on a two-page quotation; a quotation sent before these facts still renders.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import {
  BRANCH_DETAILS_API,
  QUOTATIONS_API,
  type BranchDetailsTable,
  type Quotation,
} from '@site/contracts/quotations-api';
import { QUOTATION_LINK_API, quotationLinkApiPath, type BuyerQuotation } from '@site/contracts/quotation-link-api';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import type { Database } from '../../platform/db/index.js';
import { answerOf as ok, refusalOf } from '../../test-support/answers.js';
import { TEST_BRANCH_DETAILS } from '../../test-support/branchDetails.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { pdfStructure, pdfText, pdfWords } from '../../test-support/index.js';
import { buildQuotationTestSite, lineInputOf, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { feedStock } from '../../test-support/stockFeed.js';
import { submitQuote, TEST_PRODUCT } from '../../test-support/staffWorkData.js';
import { buyerTexts } from './buyerTexts.js';
import { documentFacts } from './buyerMail.js';
import { renderQuotationPdf } from './quotationPdf.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const DUBAI = TEST_BRANCH_DETAILS.Dubai;

/** The PDF's text (pdftotext), or the test's diagnostic when it cannot be read here (an error with REQUIRE_PDFTOTEXT=1). */
function textOf(t: TestContext, pdf: Buffer): string | undefined {
  const text = pdfText(pdf);
  if ('text' in text) return text.text;
  t.diagnostic(`PDF text not read: ${text.skipped}`);
  return undefined;
}

async function documentSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let db: Database;
  let dubai: StaffAccountSummary;
  let admin: StaffAccountSummary;

  const pdfOf = async (token: string): Promise<Buffer> => {
    const res = await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.pdf, token) });
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  };
  const viewOf = async (token: string): Promise<BuyerQuotation> =>
    ok<BuyerQuotation>(
      await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, token) }),
    );
  const prepare = async (fields: Record<string, unknown> = {}) => {
    const { id: requestId } = await submitQuote(db, {
      branch: 'Dubai',
      lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 }],
      ...fields,
    });
    return ok<Quotation>(await s.call(dubai, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
  };
  const saveBody = (quotation: Quotation, change: Record<string, unknown> = {}) => ({
    version: quotation.version,
    validUntil: quotation.validUntil,
    paymentTerms: quotation.paymentTerms,
    deliveryTerms: quotation.deliveryTerms,
    buyerNote: quotation.buyerNote,
    lines: quotation.lines.map(lineInputOf),
    ...change,
  });

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW });
    ({ db, dubai, admin } = s);
    await db.query(
      `update staff_accounts set display_name = 'Layla Haddad', direct_phone = '+971 4 347 1123' where id = $1`,
      [dubai.id],
    );
    // the Dubai warehouse holds 25 of the 40 glands asked; 4 weeks for the rest
    await feedStock(db, [{ code: 'HEX-CW-20S', location: 'dubai', onHand: 25, leadTimeDays: 28 }]);
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test('branch details: each country’s number checked in words, kept compact; admins only', async () => {
    const put = (who: StaffAccountSummary, branch: string, body: unknown) =>
      s.call(who, 'PUT', staffApiPath(BRANCH_DETAILS_API.branch, { branch }), body);
    const refused = (branch: string, taxNumber: string, commercialRegistration = '1234567') =>
      put(admin, branch, { legalName: 'Crescent Electrical Trading L.L.C.', taxNumber, commercialRegistration });

    let res = await refused('Dubai', '10023456780000');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json<{ problems: unknown }>().problems, [
      {
        path: ['taxNumber'],
        message: 'TRN "10023456780000" is not valid: A UAE TRN is 15 digits, such as 100123456700003',
      },
    ]);
    res = await refused('Oman', '1100023456');
    assert.match(refusalOf(res, 400), /An Omani VATIN is OM followed by 10 digits/);
    res = await refused('Bahrain', '20001234560000X');
    assert.match(refusalOf(res, 400), /^VATIN "20001234560000X" is not valid: A Bahraini VATIN is 15 digits/);
    res = await refused('Saudi Arabia', '100012345600003');
    assert.match(refusalOf(res, 400), /A Saudi VAT number is 15 digits that begin and end with 3/);
    res = await refused('Dubai', '100234567800003', '');
    assert.deepEqual(res.json<{ problems: unknown }>().problems, [
      { path: ['commercialRegistration'], message: 'Commercial registration number is required' },
    ]);
    res = await put(admin, 'Dubai', { legalName: ' ', taxNumber: '', commercialRegistration: 'CR#1' });
    assert.deepEqual(
      res.json<{ problems: { path: string[] }[] }>().problems.map((problem) => problem.path[0]),
      ['legalName', 'taxNumber', 'commercialRegistration'],
    );
    assert.equal(
      refusalOf(await put(dubai, 'Dubai', { legalName: 'x', taxNumber: 'x', commercialRegistration: 'x' }), 403),
      'Only administrators can do this.',
    );
    assert.equal(
      (await put(admin, 'Qatar', { legalName: 'x', taxNumber: 'x', commercialRegistration: '1' })).statusCode,
      404,
    );

    // typed with the groups a certificate shows: kept as digits
    const table = ok<BranchDetailsTable>(
      await put(admin, 'Bahrain', {
        legalName: 'Crescent Electrical Trading W.L.L.',
        taxNumber: '2000-1234-5600-002',
        commercialRegistration: '12345-1',
      }),
    );
    assert.equal(table.branches.find((row) => row.branch === 'Bahrain')?.details?.taxNumber, '200012345600002');
    const [row] = await db.query<{ tax_number: string; updated_by_email: string }>(
      `select tax_number, updated_by_email from quotation_branch_settings where branch = 'Bahrain'`,
    );
    assert.deepEqual(row, { tax_number: '200012345600002', updated_by_email: 'admin@crescent.example' });
    const [audit] = await db.query<{ detail: string }>(
      `select detail from staff_audit_log where action = 'quotation.branch_details' order by id desc limit 1`,
    );
    assert.match(audit!.detail, /VATIN 200012345600002, CR 12345-1/);
  });

  await t.test(
    'a send refused in words while the branch lacks its details; nothing numbered, sent once they are set',
    async () => {
      const saved = await db.query<Record<string, string>>(
        `select * from quotation_branch_settings where branch = 'Dubai'`,
      );
      await db.query(`delete from quotation_branch_settings where branch = 'Dubai'`);
      const draft = await prepare();
      assert.deepEqual(
        draft.sendBlockers.map((blocker) => blocker.message),
        [
          'The Dubai branch has no legal name: an administrator sets it on the Rates and VAT page, under Branch details',
          'The Dubai branch has no TRN: an administrator sets it on the Rates and VAT page, under Branch details',
          'The Dubai branch has no commercial registration number: an administrator sets it on the Rates and VAT page, under Branch details',
        ],
      );
      const res = await s.call(dubai, 'POST', staffApiPath(QUOTATIONS_API.send, { id: draft.id }), {
        version: draft.version,
      });
      assert.equal(res.statusCode, 409);
      assert.match(
        res.json<{ error: string }>().error,
        /^This quotation is not sent: The Dubai branch has no legal name: .*Rates and VAT page/,
      );
      const [row] = await db.query<{ state: string; number: string | null }>(
        'select state, number from quotations where id = $1',
        [draft.id],
      );
      assert.deepEqual(row, { state: 'draft', number: null });
      const counters = await db.query(`select * from quotation_number_counters where branch = 'Dubai'`);

      // a delivery place cleared blocks it too
      await db.query(
        `insert into quotation_branch_settings (branch, legal_name, tax_number, commercial_registration) values ('Dubai', $1, $2, $3)`,
        [saved[0]!.legal_name, saved[0]!.tax_number, saved[0]!.commercial_registration],
      );
      const cleared = ok<Quotation>(
        await s.call(
          dubai,
          'PUT',
          staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }),
          saveBody(draft, { deliveryPlace: '' }),
        ),
      );
      assert.deepEqual(
        cleared.sendBlockers.map((blocker) => blocker.field),
        ['deliveryPlace'],
      );
      assert.equal(
        (await s.call(dubai, 'POST', staffApiPath(QUOTATIONS_API.send, { id: draft.id }), { version: cleared.version }))
          .statusCode,
        409,
      );
      assert.deepEqual(await db.query(`select * from quotation_number_counters where branch = 'Dubai'`), counters);
      const placed = ok<Quotation>(
        await s.call(
          dubai,
          'PUT',
          staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }),
          saveBody(cleared, { deliveryPlace: 'Abu Dhabi' }),
        ),
      );
      assert.deepEqual(placed.sendBlockers, []);
      const { quotation } = await s.send(dubai, draft.id);
      assert.equal(quotation.state, 'sent');
    },
  );

  await t.test(
    'Incoterms: DAP to the request’s city by default, EXW at the branch without one; another rule saved; a wrong one refused',
    async () => {
      const toCity = await prepare();
      assert.deepEqual([toCity.incoterm, toCity.deliveryPlace], ['DAP', 'Abu Dhabi']);
      const collected = await prepare({ deliveryCity: '' });
      assert.deepEqual(
        [collected.incoterm, collected.deliveryPlace],
        ['EXW', 'Warehouse No. 7, Street 19, Al Quoz Industrial Area 3, Dubai, United Arab Emirates'],
      );
      const url = staffApiPath(QUOTATIONS_API.quotation, { id: toCity.id });
      const fob = ok<Quotation>(
        await s.call(dubai, 'PUT', url, saveBody(toCity, { incoterm: 'FOB', deliveryPlace: 'Jebel Ali Port' })),
      );
      assert.deepEqual([fob.incoterm, fob.deliveryPlace], ['FOB', 'Jebel Ali Port']);
      const [row] = await db.query<{ incoterm: string; delivery_place: string }>(
        'select incoterm, delivery_place from quotations where id = $1',
        [toCity.id],
      );
      assert.deepEqual(row, { incoterm: 'FOB', delivery_place: 'Jebel Ali Port' });
      const wrong = await s.call(dubai, 'PUT', url, saveBody(fob, { incoterm: 'FOB2' }));
      assert.match(
        refusalOf(wrong, 400),
        /incoterm must be one of the Incoterms 2020: EXW, FCA, CPT, CIP, DAP, DPU, DDP, FAS, FOB, CFR, CIF/,
      );
      // a body without them (an older client) keeps them
      const kept = ok<Quotation>(await s.call(dubai, 'PUT', url, saveBody(fob)));
      assert.deepEqual([kept.incoterm, kept.deliveryPlace], ['FOB', 'Jebel Ali Port']);
    },
  );

  await t.test(
    'sent: the seller, salesperson, buyer, delivery and each line’s stock when priced stored as sent, in the English PDF word for word',
    async (tt) => {
      const { quotation, token } = await s.sendNew(dubai, 'Dubai');
      const [row] = await db.query<Record<string, string | null>>(
        `select seller_legal_name, seller_tax_number, seller_commercial_registration, salesperson_name, salesperson_phone,
        salesperson_email, incoterm, delivery_place from quotations where id = $1`,
        [quotation.id],
      );
      assert.deepEqual(row, {
        seller_legal_name: DUBAI.legalName,
        seller_tax_number: DUBAI.taxNumber,
        seller_commercial_registration: DUBAI.commercialRegistration,
        salesperson_name: 'Layla Haddad',
        salesperson_phone: '+971 4 347 1123',
        salesperson_email: 'dubai@crescent.example',
        incoterm: 'DAP',
        delivery_place: 'Abu Dhabi',
      });
      const [line] = await db.query<{ availability: unknown; availability_checked_at: Date }>(
        'select availability, availability_checked_at from quotation_lines where quotation_id = $1',
        [quotation.id],
      );
      assert.deepEqual(
        (line!.availability as { location: string; onHand: number; leadTimeDays: number }[]).map(
          ({ location, onHand, leadTimeDays }) => ({
            location,
            onHand,
            leadTimeDays,
          }),
        ),
        [{ location: 'dubai', onHand: 25, leadTimeDays: 28 }],
      );
      assert.equal(new Date(line!.availability_checked_at).toISOString(), NOW.toISOString());

      // the money as before: 40 × 12.00 = 480.00, VAT 5 % = 24.00, per line
      assert.deepEqual(quotation.totals, { subtotal: '480.00', vat: '24.00', total: '504.00' });

      // a later feed and a changed branch or account alter nothing sent
      await feedStock(db, [{ code: 'HEX-CW-20S', location: 'dubai', onHand: 0, leadTimeDays: 60 }]);
      await db.query(`update quotation_branch_settings set legal_name = 'Renamed L.L.C.' where branch = 'Dubai'`);
      await db.query(`update staff_accounts set display_name = 'Someone Else' where id = $1`, [dubai.id]);
      const view = await viewOf(token);
      assert.deepEqual(view.seller, {
        legalName: DUBAI.legalName,
        taxLabel: 'TRN',
        taxNumber: DUBAI.taxNumber,
        commercialRegistration: DUBAI.commercialRegistration,
      });
      assert.deepEqual(view.salesperson, {
        name: 'Layla Haddad',
        phone: '+971 4 347 1123',
        email: 'dubai@crescent.example',
      });
      assert.deepEqual(view.buyer, {
        company: 'Gulf Build LLC',
        contact: 'Karim Nasser',
        email: 'karim@example.com',
        phone: '+971 4 000 0000',
        city: 'Abu Dhabi',
      });
      assert.deepEqual(view.delivery, { incoterm: 'DAP', name: 'Delivered at Place', place: 'Abu Dhabi' });
      assert.equal(view.lines[0]!.availability, 'In stock: 25 pieces · Lead time: about 4 weeks');
      await db.query(`update quotation_branch_settings set legal_name = $1 where branch = 'Dubai'`, [DUBAI.legalName]);
      await db.query(`update staff_accounts set display_name = 'Layla Haddad' where id = $1`, [dubai.id]);
      await feedStock(db, [{ code: 'HEX-CW-20S', location: 'dubai', onHand: 25, leadTimeDays: 28 }]);

      const pdf = await pdfOf(token);
      const text = textOf(tt, pdf);
      if (text !== undefined) {
        const en = buyerTexts('en');
        // every word of every new label and fact is in the text layer (the columns interleave, so words, not lines)
        const words = pdfWords(text);
        for (const shown of [
          en.seller,
          en.legalName,
          DUBAI.legalName,
          'TRN',
          DUBAI.taxNumber,
          en.commercialRegistration,
          DUBAI.commercialRegistration,
          en.buyer,
          en.company,
          'Gulf Build LLC',
          en.contact,
          'Karim Nasser',
          'karim@example.com',
          '+971 4 000 0000',
          en.deliveryCity,
          'Abu Dhabi',
          en.salesperson,
          'Layla Haddad',
          en.directPhone,
          '+971 4 347 1123',
          'dubai@crescent.example',
          en.incoterms,
          'DAP (Delivered at Place)',
          en.deliveryPlace,
          'Availability: In stock: 25 pieces · Lead time: about 4 weeks',
          en.signature.forSeller(DUBAI.legalName),
          en.signature.forBuyer,
          en.signature.name,
          en.signature.signature,
          en.signature.date,
          en.signature.stamp,
        ])
          for (const word of pdfWords(shown)) assert.ok(words.includes(word), `"${word}" of "${shown}" in:\n${text}`);
        // the validity right under the total, and the page's number, as the page shows them
        const flat = text.replace(/\s+/g, ' ');
        assert.match(flat, /Total 504\.00 AED Valid until 2026-12-28/);
        assert.match(flat, /Page 1 of 1 · QT-AE-2026-\d{6}/);
        // and each fact read with its label, as a screen reader reads the tagged document
        const structure = pdfStructure(pdf);
        if ('elements' in structure) {
          const said = structure.elements.map(({ type, text: actual }) => `${type}: ${actual}`);
          for (const expected of [
            `H2: ${en.seller}`,
            `P: ${en.legalName}: ${DUBAI.legalName}`,
            `P: TRN: ${DUBAI.taxNumber}`,
            `P: ${en.commercialRegistration}: ${DUBAI.commercialRegistration}`,
            `P: ${en.company}: Gulf Build LLC`,
            `P: ${en.contact}: Karim Nasser`,
            `P: ${en.deliveryCity}: Abu Dhabi`,
            `P: ${en.signature.name}: Layla Haddad`,
            `P: ${en.directPhone}: +971 4 347 1123`,
            `P: ${en.incoterms}: DAP (Delivered at Place)`,
            `P: ${en.deliveryPlace}: Abu Dhabi`,
            `P: ${en.validUntil}: 2026-12-28`,
          ])
            assert.ok(said.includes(expected), `${expected} in:\n${said.join('\n')}`);
        } else tt.diagnostic(`PDF structure not read: ${structure.skipped}`);
      }
    },
  );

  await t.test(
    'the Arabic PDF: every new label and fact reads back word for word; the mail says the same facts',
    async (tt) => {
      const { quotation, token } = await s.sendNew(dubai, 'Dubai', { language: 'ar' });
      const view = await viewOf(token);
      assert.equal(view.seller?.taxLabel, 'رقم التسجيل الضريبي');
      assert.deepEqual(view.delivery, { incoterm: 'DAP', name: 'التسليم في المكان', place: 'Abu Dhabi' });
      assert.equal(view.lines[0]!.availability, 'متوفر في المخزون: 25 قطعة · مدة التوريد: نحو 4 أسابيع');
      const facts = documentFacts(view);
      assert.equal(facts.salesperson, 'مندوب المبيعات: Layla Haddad, +971 4 347 1123, dubai@crescent.example');
      assert.equal(facts.delivery, 'قواعد إنكوترمز 2020: DAP (التسليم في المكان), Abu Dhabi');
      assert.equal(
        facts.seller,
        `${DUBAI.legalName}, رقم التسجيل الضريبي: ${DUBAI.taxNumber}, رقم السجل التجاري: ${DUBAI.commercialRegistration}`,
      );
      const text = textOf(tt, await pdfOf(token));
      if (text !== undefined) {
        const words = pdfWords(text);
        const ar = buyerTexts('ar');
        for (const label of [
          ar.seller,
          ar.legalName,
          'رقم التسجيل الضريبي',
          ar.commercialRegistration,
          ar.buyer,
          ar.company,
          ar.contact,
          ar.email,
          ar.deliveryCity,
          ar.salesperson,
          ar.directPhone,
          ar.delivery,
          ar.incoterms,
          ar.deliveryPlace,
          ar.availability,
          'التسليم في المكان',
          'متوفر في المخزون: 25 قطعة · مدة التوريد: نحو 4 أسابيع',
          ar.validUntil,
          ar.total,
          ar.signature.forSeller(DUBAI.legalName),
          ar.signature.forBuyer,
          ar.signature.name,
          ar.signature.signature,
          ar.signature.date,
          ar.signature.stamp,
          ar.page(1, 1),
        ])
          for (const word of pdfWords(label))
            assert.ok(words.includes(word), `"${word}" of "${label}" in: ${words.join(' ')}`);
        for (const fact of [
          DUBAI.taxNumber,
          DUBAI.commercialRegistration,
          'Layla Haddad',
          '+971 4 347 1123',
          'Gulf Build LLC',
          'Karim Nasser',
          quotation.totals.total,
        ])
          assert.ok(text.includes(fact), `${fact} in:\n${text}`);
      }
    },
  );

  await t.test(
    'a quotation of 30 lines: two pages, "Page 1 of 2" and "Page 2 of 2" (in Arabic too), the amounts exact',
    async (tt) => {
      for (const language of ['en', 'ar'] as const) {
        const draft = await prepare({ language });
        const lines = Array.from({ length: 30 }, (_value, index) => ({
          code: null,
          description: `Cable tie pack ${index + 1}`,
          unit: 'pack',
          quantity: '3',
          unitPrice: `${index + 1}.05`,
          discountPercent: '0',
          availabilityNote: '',
          lineNote: '',
        }));
        const saved = ok<Quotation>(
          await s.call(
            dubai,
            'PUT',
            staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }),
            saveBody(draft, { lines }),
          ),
        );
        // independently: Σ 3 × (n + 0.05) for n = 1..30 = 3 × 465 + 3 × 1.50 = 1399.50; VAT 5 % per line, half-up
        const subtotal = lines.reduce((sum, _line, index) => sum + 3 * ((index + 1) * 100 + 5), 0);
        const vat = lines.reduce(
          (sum, _line, index) => sum + Math.floor((3 * ((index + 1) * 100 + 5) * 5 + 50) / 100),
          0,
        );
        assert.deepEqual(saved.totals, {
          subtotal: (subtotal / 100).toFixed(2),
          vat: (vat / 100).toFixed(2),
          total: ((subtotal + vat) / 100).toFixed(2),
        });
        assert.equal(saved.totals.subtotal, '1399.50');
        const { token } = await s.send(dubai, draft.id);
        const text = textOf(tt, await pdfOf(token));
        if (text === undefined) continue;
        const texts = buyerTexts(language);
        if (language === 'en') {
          assert.ok(text.includes('Page 1 of 2') && text.includes('Page 2 of 2'), text);
          assert.ok(!text.includes('of 3'));
        } else {
          const words = pdfWords(text);
          for (const word of [...pdfWords(texts.page(1, 2)), ...pdfWords(texts.page(2, 2))])
            assert.ok(words.includes(word), word);
        }
        // the signature block is drawn once, whole, after the last line
        assert.equal(text.split(texts.signature.stamp).length - 1 >= 1, true);
        // each page's footer: the form feed pdftotext puts between pages splits them
        const pages = text.split('\f').filter((page) => page.trim() !== '');
        assert.equal(pages.length, 2);
      }
    },
  );

  await t.test(
    'a quotation sent before the document named these facts still renders: "Not given", never a crash',
    async (tt) => {
      const { quotation, token } = await s.sendNew(dubai, 'Dubai');
      await db.query(
        `update quotations set incoterm = null, delivery_place = '', seller_legal_name = null, seller_tax_number = null,
        seller_commercial_registration = null, salesperson_name = null, salesperson_phone = null, salesperson_email = null
        where id = $1`,
        [quotation.id],
      );
      await db.query(
        'update quotation_lines set availability = null, availability_checked_at = null where quotation_id = $1',
        [quotation.id],
      );
      const view = await viewOf(token);
      assert.deepEqual(
        [view.seller, view.salesperson, view.delivery, view.lines[0]!.availability],
        [null, null, null, null],
      );
      const text = textOf(tt, await pdfOf(token));
      if (text !== undefined) {
        const flat = text.replace(/\s+/g, ' ');
        assert.equal(
          flat.split('Not given').length - 1,
          6,
          'legal name, salesperson name, phone, e-mail, Incoterms, place',
        );
        assert.match(flat, /Total 504\.00 AED/);
        assert.ok(!flat.includes('Availability:'));
      }
      // a view queued in the outbox before the document named them (no such keys at all) is still a PDF
      const { buyer: _buyer, seller: _seller, salesperson: _salesperson, delivery: _delivery, ...before } = view;
      const old = await renderQuotationPdf({
        ...before,
        lines: view.lines.map(({ availability: _a, ...line }) => line),
      });
      const oldText = textOf(tt, old);
      if (oldText !== undefined) {
        assert.match(oldText, /Gulf Build LLC/);
        assert.equal(oldText.split('Not given').length - 1, 10, 'all but the company and the subtotals');
      }
    },
  );
}

describe('the quotation document', () => {
  test('on embedded PGlite', async (t) => documentSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => documentSuite(t, target)));
});
