// After Send, on both databases: the buyer's link (a 256-bit token kept only as its SHA-256), the mail with the PDF in
// the buyer's language (English, Arabic right to left), the buyer's calls by token (view, PDF, accept once with or
// without a PO file, ask for changes), the states and their audit lines, the order made exactly once, and the ERP's
// orders by cursor behind an orders-scoped token. The attacks tried: guessed and malformed tokens (one 404 body, then
// the rate limit), an HTML or zip "PDF", acceptance replayed after a revision or past the validity, the link reused
// after acceptance, two accepts at once, a release or stock token on the orders and an orders token on releases and
// stock. (Another branch's staff on a quotation: quotations.test.ts, every call.)
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import {
  ORDERS_API,
  QUOTATION_LINK_API,
  QUOTATION_LINK_NOT_FOUND,
  quotationLinkApiPath,
  type BuyerQuotation,
  type OrdersPage,
} from '@site/contracts/quotation-link-api';
import { RELEASES_API } from '../../releases/releasesApiPaths.js';
import { STOCK_API } from '@site/contracts/stock-api';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/index.js';
import { createReleaseToken } from '../../releases/tokens.js';
import { recordStaffAction } from '../../staff/audit.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { createFixture } from '../../test-support/fixture.js';
import { pdfStructure, pdfText, pdfWords } from '../../test-support/index.js';
import { TEST_KEY, TEST_LINK_SEALER } from '../../test-support/staffWorkApp.js';
import { sealAsBefore } from '../../test-support/legacySeal.js';
import { linkBinding } from './linkSeal.js';
import { TotpSecretBox } from '../../staff/totpSecrets.js';
import { composeQuotationMail, QUOTATION_OUTBOX_KIND } from './buyerMail.js';
import { buyerTexts } from './buyerTexts.js';
import { quotationLinkPlugin } from './linkPlugin.js';
import { multipartForm } from '../../test-support/multipart.js';
import { answerOf as ok } from '../../test-support/answers.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const SITE = 'https://www.crescent.example';
const DUBAI_PHONE = '+971 4 347 1100';

const A_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const AN_HTML = Buffer.from('\uFEFF  <!doctype html><html><script>alert(1)</script></html>');
const A_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);

async function linkSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let db: Database;
  let site: FastifyInstance;
  let dubai: StaffAccountSummary;
  let clock = NOW;
  const now = () => clock;

  const staffCall = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => s.call(dubai, method, path, body);
  const linkUrl = (pattern: string, token: string) => quotationLinkApiPath(pattern, token);
  const tokenOf = (link: string) => link.split('/').at(-1)!;
  const audit = async (id: number) =>
    (
      await db.query<{ action: string; actor_email: string | null }>(
        'select action, actor_email from staff_audit_log where target = $1 order by id',
        [`quotation:${id}`],
      )
    ).map((row) => row.action);
  const outbox = (kind: string, ref: number) =>
    db.query<{ recipient: string; payload: Record<string, unknown> }>(
      'select recipient, payload from outbox where kind = $1 and ref_id = $2 order by id',
      [kind, ref],
    );
  /** A Dubai request prepared and sent; its quotation and the link the mail carries. */
  const sendNew = (fields: Record<string, unknown> = {}) => s.sendNew(dubai, 'Dubai', fields);

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now });
    ({ db, site, dubai } = s);
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test(
    'send: a 256-bit base64url token, only its SHA-256 kept; the mail to the request’s address with the link and the English PDF',
    async () => {
      const { quotation, link, token } = await sendNew();
      assert.match(link, /^https:\/\/www\.crescent\.example\/quotation\/[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(token, 'base64url').length, 32);
      const [row] = await db.query<{ buyer_token_hash: string }>(
        'select buyer_token_hash from quotations where id = $1',
        [quotation.id],
      );
      assert.equal(row!.buyer_token_hash, createHash('sha256').update(token).digest('hex'));
      const everything = JSON.stringify(await db.query('select * from quotations'));
      assert.ok(!everything.includes(token), 'the token itself is not in the quotations table');

      const [mail] = await outbox(QUOTATION_OUTBOX_KIND.sent, quotation.id);
      assert.equal(mail!.recipient, 'karim@example.com');
      const composed = await composeQuotationMail(
        {
          id: 1,
          kind: QUOTATION_OUTBOX_KIND.sent,
          ref_id: quotation.id,
          recipient: mail!.recipient,
          payload: mail!.payload,
        },
        'site@crescent.example',
        TEST_LINK_SEALER,
      );
      assert.equal(composed.to, 'karim@example.com');
      assert.match(quotation.number!, /^QT-AE-2026-\d{6}$/, "a Dubai quotation's number carries AE");
      assert.ok(composed.subject.startsWith(`Quotation ${quotation.number} (`), composed.subject);
      assert.ok(composed.text.includes(link), 'the text carries the link');
      assert.ok(composed.html.includes(`href="${link}"`));
      const pdf = composed.attachments?.[0];
      assert.equal(pdf?.filename, `Quotation-${quotation.number}.pdf`);
      assert.equal(pdf.content.subarray(0, 5).toString(), '%PDF-');
      const text = pdfText(pdf.content);
      if ('text' in text) {
        assert.match(text.text, new RegExp(quotation.number!));
        assert.match(text.text, /Valid until/);
        assert.match(text.text, new RegExp(quotation.totals.total.replace('.', '\\.')));
        assert.match(text.text, /VAT rounded per line/);
        assert.match(text.text, /\+971 4 347 1100/);
      } else t.diagnostic(`PDF text not read: ${text.skipped}`);
      assert.deepEqual(await audit(quotation.id), ['quotation.prepare', 'quotation.send']);
    },
  );

  await t.test('an Arabic request: the link under /ar, the mail and the PDF in Arabic, right to left', async () => {
    const { quotation, link } = await sendNew({ language: 'ar' });
    assert.match(link, /^https:\/\/www\.crescent\.example\/ar\/quotation\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await outbox(QUOTATION_OUTBOX_KIND.sent, quotation.id);
    const composed = await composeQuotationMail(
      {
        id: 2,
        kind: QUOTATION_OUTBOX_KIND.sent,
        ref_id: quotation.id,
        recipient: mail!.recipient,
        payload: mail!.payload,
      },
      'site@crescent.example',
      TEST_LINK_SEALER,
    );
    assert.match(composed.subject, /^عرض السعر رقم QT-AE-2026-\d{6} /);
    assert.match(composed.html, /<html lang="ar" dir="rtl">/);
    const pdf = composed.attachments![0]!.content;
    assert.ok(pdf.toString('latin1').includes('NotoSansArabic'), 'the PDF embeds the Arabic font');
    const text = pdfText(pdf);
    if ('text' in text) {
      for (const expected of [quotation.number!, quotation.requestReference, '2026-12-28', '+971 4 347 1100'])
        assert.ok(text.text.includes(expected), `${expected} in:\n${text.text}`);
      // every Arabic label it shows reads back word for word (copy, search and screen readers get what is shown)
      const words = pdfWords(text.text);
      const ar = buyerTexts('ar');
      for (const label of [
        ar.companyName,
        ar.title,
        ar.number,
        ar.reference,
        ar.date,
        ar.validUntil,
        ar.branch,
        ar.phone,
        ar.currency,
        ar.description,
        ar.quantity,
        ar.unitPrice,
        ar.lineTotal,
        ar.vat,
        ar.subtotal,
        ar.vatTotal,
        ar.total,
        ar.vatRounding,
      ])
        for (const word of pdfWords(label))
          assert.ok(words.includes(word), `"${word}" of "${label}" in: ${words.join(' ')}`);
    } else t.diagnostic(`PDF text not read: ${text.skipped}`);
    // tagged: a screen reader reads its structure in Arabic and in reading order, the page footer skipped
    const structure = pdfStructure(pdf);
    if ('elements' in structure) {
      const ar = buyerTexts('ar');
      assert.equal(structure.lang, 'ar');
      assert.match(
        structure.tree,
        /^Document\n {2}P \(block\)\n[\s\S]*\n {2}H1 \(block\)\n[\s\S]*\n {2}Table \(block\)\n {4}TR\n {6}TH\n/,
      );
      const said = structure.elements.map(({ type, text }) => `${type}: ${text}`);
      for (const expected of [
        `P: ${ar.companyName}`,
        `H1: ${ar.title} ${quotation.number}`,
        `P: ${ar.validUntil}: 2026-12-28`,
        `TH: ${ar.description}`,
        `TH: ${ar.lineTotal}`,
        `TD: ${quotation.totals.subtotal}`,
        `P: ${ar.total}: ${quotation.totals.total} AED`,
        `P: ${ar.vatRounding}`,
      ])
        assert.ok(said.includes(expected), `${expected} in:\n${said.join('\n')}`);
      assert.ok(!said.some((line) => line.includes(ar.page(1, 1))), 'the page footer is no element');
    } else t.diagnostic(`PDF structure not read: ${structure.skipped}`);
  });

  await t.test(
    'the outbox read as an attacker with the database would: no link that opens the quotation, queued or delivered; the worker, with the key, mails the working link',
    async () => {
      const { quotation, token } = await sendNew();
      /** Every row of the outbox as text, every token-shaped string in it tried as a buyer's link: none opens one. */
      const noWorkingLink = async () => {
        const stored = JSON.stringify(await db.query('select * from outbox'));
        assert.ok(!stored.includes(token), 'the token is not in the outbox');
        assert.doesNotMatch(stored, /\/quotation\/[A-Za-z0-9_-]{43}/, 'no link in the clear');
        for (const candidate of new Set(stored.match(/[A-Za-z0-9_-]{43}/g) ?? [])) {
          const res = await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, candidate) });
          assert.equal(res.statusCode, 404, `${candidate} opens a quotation`);
        }
      };
      await noWorkingLink();

      // the worker opens the sealed link with the key kept outside the database; without it, or moved onto another
      // quotation's row, the mail is not composed (it fails, to be tried again) rather than sent without its link
      const [mail] = await db.query<{ id: number; payload: Record<string, unknown> }>(
        'select id, payload from outbox where kind = $1 and ref_id = $2',
        [QUOTATION_OUTBOX_KIND.sent, quotation.id],
      );
      const row = {
        id: mail!.id,
        kind: QUOTATION_OUTBOX_KIND.sent,
        ref_id: quotation.id,
        recipient: 'karim@example.com',
        payload: mail!.payload,
      };
      const composed = await composeQuotationMail(row, 'site@crescent.example', TEST_LINK_SEALER);
      assert.ok(composed.text.includes(`${SITE}/quotation/${token}`), composed.text);
      const otherKey = new TotpSecretBox([{ id: 'other', key: Buffer.alloc(32, 9) }]);
      await assert.rejects(
        composeQuotationMail(row, 'site@crescent.example', otherKey),
        /no key given opens the quotation's sealed link/,
      );
      await assert.rejects(composeQuotationMail(row, 'site@crescent.example'), /no key given opens/);
      await assert.rejects(
        composeQuotationMail({ ...row, ref_id: quotation.id + 1 }, 'site@crescent.example', TEST_LINK_SEALER),
        /no key given opens/,
      );
      assert.equal(
        ok<BuyerQuotation>(await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, token) }))
          .number,
        quotation.number,
      );
      // sealed with the links' own sub-key: the same keys' TOTP box does not open it
      await assert.rejects(
        composeQuotationMail(row, 'site@crescent.example', new TotpSecretBox([TEST_KEY])),
        /no key given opens/,
      );
      // a mail queued before the links had a sub-key of their own (sealed under the key itself) still goes out
      const before = {
        ...row,
        payload: {
          ...row.payload,
          sealedLink: sealAsBefore(TEST_KEY, `${SITE}/quotation/${token}`, linkBinding(quotation.id)),
        },
      };
      assert.ok(
        (await composeQuotationMail(before, 'site@crescent.example', TEST_LINK_SEALER)).text.includes(
          `${SITE}/quotation/${token}`,
        ),
      );

      // delivered, then another send: the delivered row keeps not even the sealed link
      await db.query('update outbox set sent_at = now() where id = $1', [mail!.id]);
      await sendNew();
      const [delivered] = await db.query<{ payload: Record<string, unknown> }>(
        'select payload from outbox where id = $1',
        [mail!.id],
      );
      assert.deepEqual([delivered!.payload.link, delivered!.payload.sealedLink], [undefined, undefined]);
      await noWorkingLink();
    },
  );

  await t.test(
    'the buyer opens it: lines, VAT, currency and decimals, validity, the branch’s name and phone; no-store, noindex; the first opening marks it viewed, once',
    async () => {
      const { quotation, token } = await sendNew();
      const res = await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, token) });
      const seen = ok<BuyerQuotation>(res);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-robots-tag'], 'noindex');
      assert.equal(seen.state, 'viewed');
      assert.deepEqual(
        [seen.number, seen.currency, seen.decimals, seen.validUntil],
        [quotation.number, 'AED', 2, '2026-12-28'],
      );
      assert.deepEqual(seen.branch, { name: 'Dubai', phone: DUBAI_PHONE, email: 'dubai@crescent-electrical.example' });
      assert.deepEqual(
        seen.lines.map((line) => [
          line.code,
          line.quantity,
          line.unitPrice,
          line.discountPercent,
          line.lineTotal,
          line.vatPercent,
          line.vat,
        ]),
        [['HEX-CW-20S', '40', '12.00', '0', '480.00', '5', '24.00']],
      );
      assert.deepEqual(seen.totals, { subtotal: '480.00', vat: '24.00', total: '504.00' });
      assert.equal(seen.canAnswer, true);
      ok<BuyerQuotation>(await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, token) }));
      assert.deepEqual(await audit(quotation.id), ['quotation.prepare', 'quotation.send', 'quotation.view']);
      const staffView = ok<Quotation>(
        await staffCall('GET', staffApiPath(QUOTATIONS_API.quotation, { id: quotation.id })),
      );
      assert.equal(staffView.state, 'viewed');

      const pdf = await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.pdf, token) });
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.equal(pdf.headers['cache-control'], 'no-store');
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    },
  );

  await t.test('guessed, malformed and altered tokens: the same 404 body for every one', async () => {
    const { token } = await sendNew();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const guesses = [
      altered,
      'A'.repeat(43),
      'short',
      `${token}x`,
      token.toUpperCase() === token ? 'b'.repeat(43) : token.toUpperCase(),
      '..%2F..%2Fetc',
      createHash('sha256').update(token).digest('hex'),
    ];
    for (const guess of guesses) {
      for (const pattern of [QUOTATION_LINK_API.quotation, QUOTATION_LINK_API.pdf]) {
        const res = await site.inject({ method: 'GET', url: linkUrl(pattern, guess) });
        assert.equal(res.statusCode, 404, guess);
        assert.deepEqual(res.json(), QUOTATION_LINK_NOT_FOUND);
        assert.equal(res.headers['cache-control'], 'no-store');
      }
      const accept = await site.inject({
        method: 'POST',
        url: linkUrl(QUOTATION_LINK_API.accept, guess),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'X', position: 'Y' }),
      });
      assert.deepEqual([accept.statusCode, accept.json()], [404, QUOTATION_LINK_NOT_FOUND]);
    }
  });

  await t.test('tokens are rate-limited per client address: guessing runs into 429', async () => {
    const limited = Fastify({ logger: false });
    await limited.register(quotationLinkPlugin, {
      db,
      recordStaffAction,
      now,
      rateLimitMax: 5,
      rateLimitWindowMs: 60_000,
    });
    await limited.ready();
    try {
      const statuses: number[] = [];
      for (let guess = 0; guess < 7; guess += 1)
        statuses.push(
          (
            await limited.inject({
              method: 'GET',
              url: linkUrl(QUOTATION_LINK_API.quotation, `${'G'.repeat(40)}${String(guess).padStart(3, '0')}`),
              remoteAddress: '203.0.113.9',
            })
          ).statusCode,
        );
      assert.deepEqual(statuses, [404, 404, 404, 404, 404, 429, 429]);
      // another address is counted on its own
      assert.equal(
        (
          await limited.inject({
            method: 'GET',
            url: linkUrl(QUOTATION_LINK_API.quotation, 'G'.repeat(43)),
            remoteAddress: '198.51.100.7',
          })
        ).statusCode,
        404,
      );
    } finally {
      await limited.close();
    }
  });

  await t.test(
    'a PO file that is an HTML page or a zip is refused (415) and nothing is accepted; ask for changes, then accept with a real PDF',
    async () => {
      const { quotation, token } = await sendNew();
      const acceptUrl = linkUrl(QUOTATION_LINK_API.accept, token);
      const fields = { name: 'Karim Nasser', position: 'Purchasing manager', poNumber: 'PO-7781' };
      const html = multipartForm(fields, { name: 'po.pdf', type: 'application/pdf', bytes: AN_HTML });
      const htmlRes = await site.inject({ method: 'POST', url: acceptUrl, ...html });
      assert.equal(htmlRes.statusCode, 415);
      assert.match(htmlRes.json<{ error: string }>().error, /must be a PDF: this file is an HTML page/);
      const zip = multipartForm(fields, { name: 'po.pdf', type: 'application/pdf', bytes: A_ZIP });
      const zipRes = await site.inject({ method: 'POST', url: acceptUrl, ...zip });
      assert.equal(zipRes.statusCode, 415);
      assert.match(zipRes.json<{ error: string }>().error, /must be a PDF: this file is a zip archive/);
      assert.equal(
        (await db.query('select 1 from quotation_acceptances where quotation_id = $1', [quotation.id])).length,
        0,
      );
      // too large: refused by its size
      const big = multipartForm(fields, {
        name: 'po.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([A_PDF, Buffer.alloc(5 * 1024 * 1024)]),
      });
      assert.equal((await site.inject({ method: 'POST', url: acceptUrl, ...big })).statusCode, 413);

      const asked = ok<BuyerQuotation>(
        await site.inject({
          method: 'POST',
          url: linkUrl(QUOTATION_LINK_API.changes, token),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ message: 'Can you deliver in two lots?' }),
        }),
      );
      assert.equal(asked.state, 'changes_asked');
      const [changes] = await outbox(QUOTATION_OUTBOX_KIND.changes, quotation.id);
      assert.equal(changes!.recipient, 'dubai@crescent-electrical.example');

      const accepted = ok<BuyerQuotation>(
        await site.inject({
          method: 'POST',
          url: acceptUrl,
          ...multipartForm(fields, { name: 'PO 7781.pdf', type: 'application/pdf', bytes: A_PDF }),
        }),
      );
      assert.equal(accepted.state, 'accepted');
      assert.deepEqual(
        { ...accepted.acceptance, acceptedAt: undefined },
        {
          name: 'Karim Nasser',
          position: 'Purchasing manager',
          poNumber: 'PO-7781',
          poFile: true,
          acceptedAt: undefined,
        },
      );
      const [stored] = await db.query<{ po_file_bytes: number }>(
        'select po_file_bytes from quotation_acceptances where quotation_id = $1',
        [quotation.id],
      );
      assert.equal(stored!.po_file_bytes, A_PDF.length);
      const orders = await db.query<{ has_po_file: boolean; po_number: string; total: string }>(
        'select has_po_file, po_number, total_minor::text as total from orders where quotation_id = $1',
        [quotation.id],
      );
      assert.deepEqual(orders, [{ has_po_file: true, po_number: 'PO-7781', total: '50400' }]);
      assert.deepEqual(await audit(quotation.id), [
        'quotation.prepare',
        'quotation.send',
        'quotation.changes_asked',
        'quotation.accept',
      ]);
    },
  );

  await t.test(
    'accepting is idempotent: two at once and a retry give one acceptance, one order, one confirmation, the same answer; the link reused after shows it accepted',
    async () => {
      const { quotation, token } = await sendNew();
      const accept = (name: string) =>
        site.inject({
          method: 'POST',
          url: linkUrl(QUOTATION_LINK_API.accept, token),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name, position: 'Buyer' }),
        });
      const [first, second] = await Promise.all([accept('Karim Nasser'), accept('Karim Nasser')]);
      const a = ok<BuyerQuotation>(first);
      const b = ok<BuyerQuotation>(second);
      assert.deepEqual(a, b);
      const retry = ok<BuyerQuotation>(await accept('Karim Nasser'));
      assert.deepEqual(retry, a, 'a retry answers the acceptance made, not a new one');
      // another submission (other texts, no key) is told it came second, and changes nothing (laterAnswers.test.ts)
      const other = await accept('Someone Else');
      assert.equal(other.statusCode, 409);
      assert.match(
        other.json<{ error: string }>().error,
        /^This quotation was already accepted on \d{4}-\d{2}-\d{2}\.$/,
      );
      assert.equal((await db.query('select 1 from orders where quotation_id = $1', [quotation.id])).length, 1);
      assert.equal(
        (await db.query('select 1 from quotation_acceptances where quotation_id = $1', [quotation.id])).length,
        1,
      );
      const confirmations = await outbox(QUOTATION_OUTBOX_KIND.accepted, quotation.id);
      assert.equal(confirmations.length, 1);
      assert.equal(confirmations[0]!.recipient, 'karim@example.com');
      const composed = await composeQuotationMail(
        {
          id: 3,
          kind: QUOTATION_OUTBOX_KIND.accepted,
          ref_id: quotation.id,
          recipient: 'karim@example.com',
          payload: confirmations[0]!.payload,
        },
        'site@crescent.example',
      );
      assert.match(composed.text, new RegExp(`we have received your acceptance of quotation ${quotation.number}`));

      const again = ok<BuyerQuotation>(
        await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, token) }),
      );
      assert.equal(again.state, 'accepted');
      assert.equal(again.acceptance?.name, 'Karim Nasser');
      assert.equal(again.canAnswer, false);
      const changes = await site.inject({
        method: 'POST',
        url: linkUrl(QUOTATION_LINK_API.changes, token),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'One more change' }),
      });
      assert.equal(changes.statusCode, 409);
      assert.equal((await db.query('select 1 from orders where quotation_id = $1', [quotation.id])).length, 1);
      // staff cannot send a revision over an accepted quotation
      assert.equal(
        (
          await staffCall('POST', staffApiPath(QUOTATIONS_API.revise, { id: quotation.id }), {
            version: (
              await staffCall('GET', staffApiPath(QUOTATIONS_API.quotation, { id: quotation.id }))
            ).json<Quotation>().version,
          })
        ).statusCode,
        409,
      );
    },
  );

  await t.test(
    'acceptance replayed after a revision: the old link says it was replaced, naming the branch’s phone; the revision’s link accepts',
    async () => {
      const { quotation, token } = await sendNew();
      const revision = ok<Quotation>(
        await staffCall('POST', staffApiPath(QUOTATIONS_API.revise, { id: quotation.id }), {
          version: quotation.version,
        }),
        201,
      );
      const sent = ok<Quotation>(
        await staffCall('POST', staffApiPath(QUOTATIONS_API.send, { id: revision.id }), { version: revision.version }),
      );
      assert.match(sent.number!, /-R1$/);
      const body = { 'content-type': 'application/json' };
      const replay = await site.inject({
        method: 'POST',
        url: linkUrl(QUOTATION_LINK_API.accept, token),
        headers: body,
        payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
      });
      assert.equal(replay.statusCode, 409);
      assert.equal(
        replay.json<{ error: string }>().error,
        `This quotation was replaced by a later revision and can no longer be accepted. Please use the latest one, or call the branch on ${DUBAI_PHONE}.`,
      );
      const old = ok<BuyerQuotation>(
        await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, token) }),
      );
      assert.equal(old.state, 'superseded');
      assert.equal((await db.query('select 1 from orders where quotation_id = $1', [quotation.id])).length, 0);
      assert.ok((await audit(quotation.id)).includes('quotation.supersede'));
      const [mail] = await outbox(QUOTATION_OUTBOX_KIND.sent, sent.id);
      const newToken = tokenOf(TEST_LINK_SEALER.open(mail!.payload.sealedLink as string, linkBinding(sent.id))!);
      assert.notEqual(newToken, token);
      assert.equal(
        ok<BuyerQuotation>(
          await site.inject({
            method: 'POST',
            url: linkUrl(QUOTATION_LINK_API.accept, newToken),
            headers: body,
            payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
          }),
        ).state,
        'accepted',
      );
    },
  );

  await t.test(
    'past its validity: shown expired, refused with the branch’s phone, written to the audit log',
    async () => {
      const { quotation, token } = await sendNew();
      clock = new Date('2026-12-29T08:00:00Z');
      try {
        const res = await site.inject({
          method: 'POST',
          url: linkUrl(QUOTATION_LINK_API.accept, token),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
        });
        assert.equal(res.statusCode, 409);
        assert.equal(
          res.json<{ error: string }>().error,
          `This quotation was valid until 2026-12-28 and can no longer be accepted. Please call the branch on ${DUBAI_PHONE} for a new one.`,
        );
        const seen = ok<BuyerQuotation>(
          await site.inject({ method: 'GET', url: linkUrl(QUOTATION_LINK_API.quotation, token) }),
        );
        assert.deepEqual([seen.state, seen.canAnswer], ['expired', false]);
        assert.deepEqual(await audit(quotation.id), ['quotation.prepare', 'quotation.send', 'quotation.expire']);
      } finally {
        clock = NOW;
      }
    },
  );

  await t.test(
    'the ERP’s orders: an orders token reads them after a cursor, each once; a release or stock token gets 403, none 401',
    async () => {
      const orders = (
        await createReleaseToken(db.kysely, 'admin@crescent.example', {
          name: 'erp',
          scope: 'orders',
          remotes: [],
          expiresInDays: 1,
        })
      ).token;
      const stock = (
        await createReleaseToken(db.kysely, 'admin@crescent.example', {
          name: 'feed',
          scope: 'stock',
          remotes: [],
          expiresInDays: 1,
        })
      ).token;
      const release = (
        await createReleaseToken(db.kysely, 'admin@crescent.example', {
          name: 'ci',
          remotes: ['catalogue'],
          expiresInDays: 1,
        })
      ).token;
      const read = (token: string, since?: string) =>
        site.inject({
          method: 'GET',
          url: `${ORDERS_API.orders}${since === undefined ? '' : `?since=${since}`}`,
          headers: { authorization: `Bearer ${token}` },
        });
      assert.equal((await read(stock)).statusCode, 403);
      assert.match(
        (await read(release)).json<{ error: string }>().error,
        /This is a release token: it cannot read orders/,
      );
      assert.equal((await site.inject({ method: 'GET', url: ORDERS_API.orders })).statusCode, 401);
      assert.equal((await read('srt_unknown')).statusCode, 401);

      const first = ok<OrdersPage>(await read(orders));
      assert.equal(first.orders.length, 3, 'the three accepted quotations above');
      assert.deepEqual(
        first.orders.map((order) => order.currency),
        ['AED', 'AED', 'AED'],
      );
      assert.equal(first.orders[0]!.total, '504.00');
      assert.equal(first.orders[0]!.lines[0]!.code, 'HEX-CW-20S');
      const after = ok<OrdersPage>(await read(orders, first.next));
      assert.deepEqual([after.orders.length, after.next], [0, first.next]);
      // one more accepted: in the next page only
      const { token } = await sendNew();
      ok(
        await site.inject({
          method: 'POST',
          url: linkUrl(QUOTATION_LINK_API.accept, token),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
        }),
      );
      const next = ok<OrdersPage>(await read(orders, first.next));
      assert.equal(next.orders.length, 1);
      assert.equal(ok<OrdersPage>(await read(orders, next.next)).orders.length, 0);
      assert.equal((await read(orders, 'abc')).statusCode, 400);
    },
  );
}

describe('quotation links', () => {
  test('on embedded PGlite', async (t) => linkSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => linkSuite(t, target)));
});

describe('token scopes through the whole app', () => {
  test('an orders token cannot release nor push stock; the orders API is registered', async () => {
    const fixture = await createFixture({ env: { SERVER_RENDERING: 'off' } });
    const database = await pgliteTarget.fresh();
    const app = await buildApp(fixture.config, database.db, { catalogue: 'files' });
    try {
      const orders = (
        await createReleaseToken(database.db.kysely, 'admin@crescent.example', {
          name: 'erp',
          scope: 'orders',
          remotes: [],
          expiresInDays: 1,
        })
      ).token;
      const headers = { authorization: `Bearer ${orders}` };
      assert.equal((await app.inject({ method: 'GET', url: RELEASES_API.remotes, headers })).statusCode, 403);
      const stock = await app.inject({
        method: 'PUT',
        url: STOCK_API.feed,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '[]',
      });
      assert.equal(stock.statusCode, 403);
      const page = await app.inject({ method: 'GET', url: ORDERS_API.orders, headers });
      assert.deepEqual([page.statusCode, page.json()], [200, { orders: [], next: '0', more: false }]);
      const link = await app.inject({
        method: 'GET',
        url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, 'A'.repeat(43)),
      });
      assert.deepEqual(
        [link.statusCode, link.json(), link.headers['x-robots-tag']],
        [404, QUOTATION_LINK_NOT_FOUND, 'noindex'],
      );
    } finally {
      await app.close();
      await database.cleanup();
      await fixture.cleanup();
    }
  });
});
