// What a buyer's link says once another answer came first, on both databases:
// - a revision replaced since names the latest revision of its own request and gives its link (the same buyer was
//   mailed both), never a revision of another request, not even with the sealed tokens moved between rows; its PDF
//   says superseded in its heading;
// - two acceptances at once by different submissions: one wins; the other is told when and with which PO number, its
//   PO file is kept, and at the buyer's word mailed to the salesperson with the file attached (real SMTP on loopback);
//   a retry of either submission answers as before; a key of this quotation opens nothing on another one.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import {
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  type AlreadyAcceptedAnswer,
  type BuyerQuotation,
  type LatePurchaseOrderSent,
} from '@site/contracts/quotation-link-api';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import type { LightMyRequestResponse } from 'fastify';
import { siteMailComposers } from '../../outboxMail.js';
import type { Database } from '../../platform/db/index.js';
import { createOutboxWorker } from '../../platform/mail/outboxWorker.js';
import { createSmtpTransport } from '../../platform/mail/transport.js';
import { answerOf as ok } from '../../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { pdfText } from '../../test-support/index.js';
import { multipartForm } from '../../test-support/multipart.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp.js';
import { TEST_LINK_SEALER } from '../../test-support/staffWorkApp.js';
import { QUOTATION_OUTBOX_KIND } from './buyerMail.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const DUBAI_PHONE = '+971 4 347 1100';
/** Two purchase orders' PDFs, told apart by their bytes. */
const PO_A = Buffer.from('%PDF-1.4\n% purchase order A\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PO_B = Buffer.from('%PDF-1.4\n% purchase order B, a longer one\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const KEY_A = 'submissionA_0123456789';
const KEY_B = 'submissionB_0123456789';

async function laterAnswersSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let db: Database;
  let dubai: StaffAccountSummary;
  let smtp: TestSmtpServer;

  const staffCall = (method: 'GET' | 'POST', path: string, body?: unknown) => s.call(dubai, method, path, body);
  const read = (token: string) =>
    s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, token) });
  /** A sent quotation revised and the revision sent: the revision and its link's token. */
  const reviseAndSend = async (id: number) => {
    const current = ok<Quotation>(await staffCall('GET', staffApiPath(QUOTATIONS_API.quotation, { id })));
    const draft = ok<Quotation>(
      await staffCall('POST', staffApiPath(QUOTATIONS_API.revise, { id }), { version: current.version }),
      201,
    );
    return s.send(dubai, draft.id);
  };
  const acceptWithFile = (token: string, fields: Record<string, string>, file?: Buffer, name = 'po.pdf') => {
    const form = multipartForm(fields, file === undefined ? undefined : { name, type: 'application/pdf', bytes: file });
    return s.site.inject({
      method: 'POST',
      url: quotationLinkApiPath(QUOTATION_LINK_API.accept, token),
      headers: form.headers,
      payload: form.payload,
    });
  };
  const sendPo = (token: string, submission: string) =>
    s.site.inject({
      method: 'POST',
      url: quotationLinkApiPath(QUOTATION_LINK_API.purchaseOrder, token),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ submission }),
    });
  const count = async (sql: string, id: number) => (await db.query(sql, [id])).length;

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW });
    ({ db, dubai } = s);
    smtp = await startSmtpServer();
  });
  t.after(async () => {
    await s?.close();
    await smtp?.close();
  });

  await t.test(
    'a replaced revision names its request’s latest revision with its link; another request’s never, even with the sealed tokens moved',
    async () => {
      const r0 = await s.sendNew(dubai, 'Dubai');
      const r1 = await reviseAndSend(r0.quotation.id);
      // another request of the same buyer's address, sent after: never the latest revision of the first
      const other = await s.sendNew(dubai, 'Dubai');
      const r2 = await reviseAndSend(r1.quotation.id);
      // a revision prepared and not sent is nobody's latest
      const current = ok<Quotation>(
        await staffCall('GET', staffApiPath(QUOTATIONS_API.quotation, { id: r2.quotation.id })),
      );
      ok(
        await staffCall('POST', staffApiPath(QUOTATIONS_API.revise, { id: r2.quotation.id }), {
          version: current.version,
        }),
        201,
      );

      // the column keeps the token sealed, never as it is
      const sealed = await db.query<{ buyer_token_sealed: string }>(
        'select buyer_token_sealed from quotations where id = $1',
        [r2.quotation.id],
      );
      assert.ok(sealed[0]!.buyer_token_sealed.length > 0);
      assert.ok(!sealed[0]!.buyer_token_sealed.includes(r2.token));

      for (const old of [r0, r1]) {
        const answer = await read(old.token);
        const view = ok<BuyerQuotation>(answer);
        assert.equal(view.state, 'superseded');
        assert.deepEqual(view.latestRevision, {
          number: r2.quotation.number,
          sentAt: r2.quotation.sentAt,
          token: r2.token,
        });
        assert.ok(!answer.body.includes(other.token), 'another request’s token is nowhere in the answer');
        assert.ok(!answer.body.includes(r1.token) || old === r1, 'an intermediate revision’s token is not given');
      }
      const latest = ok<BuyerQuotation>(await read(r2.token));
      assert.equal(latest.state, 'viewed');
      assert.equal(latest.latestRevision, undefined);
      assert.equal(ok<BuyerQuotation>(await read(other.token)).latestRevision, undefined);

      // someone who can write the database moves the other request's sealed token onto R2's row: it opens nothing there
      await db.query(
        'update quotations set buyer_token_sealed = (select buyer_token_sealed from quotations where id = $1) where id = $2',
        [other.quotation.id, r2.quotation.id],
      );
      const moved = await read(r0.token);
      assert.deepEqual(ok<BuyerQuotation>(moved).latestRevision, {
        number: r2.quotation.number,
        sentAt: r2.quotation.sentAt,
        token: null,
      });
      assert.ok(!moved.body.includes(other.token));
      // a revision sent before tokens were kept sealed: named, without a link
      await db.query('update quotations set buyer_token_sealed = null where id = $1', [r2.quotation.id]);
      assert.equal(ok<BuyerQuotation>(await read(r0.token)).latestRevision?.token, null);

      // the replaced revision's PDF says superseded in its heading; the latest one's does not
      const pdf = await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.pdf, r0.token) });
      assert.equal(pdf.statusCode, 200);
      const text = pdfText(pdf.rawPayload);
      if ('text' in text) {
        assert.match(text.text, new RegExp(`Quotation ${r0.quotation.number} – SUPERSEDED`));
        const fresh = pdfText(
          (await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.pdf, r2.token) }))
            .rawPayload,
        );
        if ('text' in fresh) assert.doesNotMatch(fresh.text, /SUPERSEDED/);
      } else t.diagnostic(`PDF text not read: ${text.skipped}`);
    },
  );

  await t.test(
    'an Arabic request’s replaced revision: its PDF’s heading says مستبدل, the latest link is the Arabic page’s token',
    async () => {
      const r0 = await s.sendNew(dubai, 'Dubai', { language: 'ar' });
      const r1 = await reviseAndSend(r0.quotation.id);
      assert.match(r1.link, /\/ar\/quotation\/[A-Za-z0-9_-]{43}$/);
      const view = ok<BuyerQuotation>(await read(r0.token));
      assert.equal(view.latestRevision?.token, r1.token);
      const pdf = await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.pdf, r0.token) });
      const text = pdfText(pdf.rawPayload);
      if ('text' in text)
        assert.ok(text.text.replace(/[\u200e\u200f\u202a-\u202e]/g, '').includes('مستبدل'), text.text.slice(0, 400));
      else t.diagnostic(`PDF text not read: ${text.skipped}`);
    },
  );

  await t.test(
    'two acceptances at once: one wins; the other is told when and with which PO, its file kept and mailed to the salesperson at its word',
    async () => {
      const { quotation, token } = await s.sendNew(dubai, 'Dubai');
      const a = { name: 'Karim Nasser', position: 'Buyer', poNumber: 'PO-A-1', submission: KEY_A };
      const b = { name: 'Huda Saleh', position: 'Procurement', poNumber: 'PO-B-2', submission: KEY_B };
      const [first, second] = await Promise.all([
        acceptWithFile(token, a, PO_A, 'po-a.pdf'),
        acceptWithFile(token, b, PO_B, 'po-b.pdf'),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      assert.deepEqual(statuses, [200, 409], `${first.body} / ${second.body}`);
      const [won, lost] = first.statusCode === 200 ? [a, b] : [b, a];
      const [wonFile, lostFile] = first.statusCode === 200 ? [PO_A, PO_B] : [PO_B, PO_A];
      const lostAnswer: LightMyRequestResponse = first.statusCode === 200 ? second : first;
      const told = lostAnswer.json<AlreadyAcceptedAnswer>();
      // the day of the acceptance in Dubai (UTC+4), from the stored row
      const [{ accepted_at: acceptedAt }] = (await db.query<{ accepted_at: Date }>(
        'select accepted_at from quotation_acceptances where quotation_id = $1',
        [quotation.id],
      )) as [{ accepted_at: Date }];
      const day = new Date(new Date(acceptedAt).getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
      assert.equal(told.error, `This quotation was already accepted on ${day} with PO ${won.poNumber}.`);
      assert.equal(told.alreadyAccepted.acceptedOn, day);
      assert.equal(told.alreadyAccepted.poNumber, won.poNumber);
      assert.equal(told.alreadyAccepted.quotation.state, 'accepted');
      assert.equal(told.alreadyAccepted.quotation.acceptance?.name, won.name);
      assert.deepEqual(told.alreadyAccepted.heldFile, {
        submission: lost.submission,
        name: lost === a ? 'po-a.pdf' : 'po-b.pdf',
        sentToBranch: false,
      });

      // the retry of the winning submission answers as before; the losing one's retry is told the same, its file kept once
      const winnerRetry = ok<BuyerQuotation>(await acceptWithFile(token, won, wonFile));
      assert.equal(winnerRetry.acceptance?.poNumber, won.poNumber);
      const loserRetry = await acceptWithFile(token, lost, lostFile);
      assert.equal(loserRetry.statusCode, 409);
      assert.deepEqual(
        loserRetry.json<AlreadyAcceptedAnswer>().alreadyAccepted.heldFile,
        told.alreadyAccepted.heldFile,
      );
      // a third submission without a file: told, nothing kept
      const third = await acceptWithFile(token, {
        name: 'Omar',
        position: 'Clerk',
        submission: 'submissionC_0123456789',
      });
      assert.equal(third.statusCode, 409);
      assert.equal(third.json<AlreadyAcceptedAnswer>().alreadyAccepted.heldFile, null);
      // without keys, the same texts are a double submit (answered as before), other texts another submission
      const { token: plain } = await s.sendNew(dubai, 'Dubai');
      const json = (body: object) =>
        s.site.inject({
          method: 'POST',
          url: quotationLinkApiPath(QUOTATION_LINK_API.accept, plain),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      ok<BuyerQuotation>(await json({ name: 'Karim Nasser', position: 'Buyer' }));
      ok<BuyerQuotation>(await json({ name: 'Karim Nasser', position: 'Buyer' }));
      assert.equal(
        (await json({ name: 'Someone Else', position: 'Buyer' })).json<AlreadyAcceptedAnswer>().error,
        `This quotation was already accepted on ${day}.`,
      );

      // the rows: one acceptance (the winner's, with its key and file), one order, the loser's file kept once
      const acceptances = await db.query<{ po_number: string; submission_key: string; po_file_bytes: number }>(
        'select po_number, submission_key, po_file_bytes from quotation_acceptances where quotation_id = $1',
        [quotation.id],
      );
      assert.deepEqual(acceptances, [
        { po_number: won.poNumber, submission_key: won.submission, po_file_bytes: wonFile.length },
      ]);
      assert.equal(await count('select 1 from orders where quotation_id = $1', quotation.id), 1);
      const kept = await db.query<{
        name: string;
        po_number: string;
        po_file: Uint8Array;
        sent_to_branch_at: Date | null;
      }>(
        'select name, po_number, po_file, sent_to_branch_at from quotation_late_purchase_orders where quotation_id = $1',
        [quotation.id],
      );
      assert.equal(kept.length, 1);
      assert.equal(kept[0]!.name, lost.name);
      assert.equal(kept[0]!.po_number, lost.poNumber);
      assert.ok(Buffer.from(kept[0]!.po_file).equals(lostFile));
      assert.equal(kept[0]!.sent_to_branch_at, null);
      assert.equal(
        await count(
          `select 1 from outbox where kind = '${QUOTATION_OUTBOX_KIND.accepted}' and ref_id = $1`,
          quotation.id,
        ),
        1,
      );

      // the key opens nothing on another quotation, nor a key never given
      const { token: another } = await s.sendNew(dubai, 'Dubai');
      const elsewhere = await sendPo(another, lost.submission);
      assert.equal(elsewhere.statusCode, 404);
      assert.equal(
        elsewhere.json<{ error: string }>().error,
        `No purchase order file of yours is kept for this quotation. Please send it to the branch by e-mail, or call the branch on ${DUBAI_PHONE}.`,
      );
      assert.equal((await sendPo(token, 'neverGiven_0123456789')).statusCode, 404);
      assert.equal((await sendPo(token, 'short')).statusCode, 400);

      // sent at the buyer's word, once
      const sent = ok<LatePurchaseOrderSent>(await sendPo(token, lost.submission));
      assert.deepEqual(sent, { branch: 'Dubai', fileName: lost === a ? 'po-a.pdf' : 'po-b.pdf' });
      assert.deepEqual(ok<LatePurchaseOrderSent>(await sendPo(token, lost.submission)), sent);
      const queued = await db.query<{ recipient: string }>(
        'select recipient from outbox where kind = $1 and ref_id = $2',
        [QUOTATION_OUTBOX_KIND.latePurchaseOrder, quotation.id],
      );
      assert.deepEqual(queued, [{ recipient: 'dubai@crescent.example' }], 'to the salesperson who sent it');
      const [after] = await db.query<{ sent: boolean }>(
        'select sent_to_branch_at is not null as sent from quotation_late_purchase_orders where quotation_id = $1',
        [quotation.id],
      );
      assert.equal(after!.sent, true);
      assert.equal(
        (await acceptWithFile(token, lost)).json<AlreadyAcceptedAnswer>().alreadyAccepted.heldFile?.sentToBranch,
        true,
      );
      const audit = await db.query<{ action: string }>(
        'select action from staff_audit_log where target = $1 order by id',
        [`quotation:${quotation.id}`],
      );
      assert.deepEqual(
        audit.map((row) => row.action),
        ['quotation.prepare', 'quotation.send', 'quotation.accept', 'quotation.late_purchase_order'],
      );

      // the outbox sends it over SMTP: the file attached, Reply-To the buyer
      const worker = createOutboxWorker({
        db,
        transport: createSmtpTransport(smtp.url),
        composers: siteMailComposers(TEST_LINK_SEALER, db),
        from: 'Website <website@crescent.example>',
        retryBaseMs: 200,
        retryMaxMs: 1_000,
        pollMs: 50,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      await worker.drain();
      const mail = smtp.received.find(
        (received) =>
          received.envelopeTo.includes('dubai@crescent.example') &&
          received.headers.subject === `Purchase order sent after quotation ${quotation.number} was accepted`,
      );
      assert.ok(
        mail !== undefined,
        `the mail to the salesperson: ${smtp.received.map((m) => m.headers.subject).join(' | ')}`,
      );
      assert.match(mail.headers['reply-to'] ?? '', /karim@example\.com/);
      assert.match(
        mail.text,
        new RegExp(
          `Accepted on ${acceptedAt.toISOString().slice(0, 10)} by ${won.name} \\(${won.position}\\) with PO ${won.poNumber}\\.`,
        ),
      );
      assert.match(mail.text, new RegExp(`sent by ${lost.name} \\(${lost.position}\\), PO ${lost.poNumber}`));
      assert.equal(mail.attachments.length, 1);
      assert.equal(mail.attachments[0]!.filename, lost === a ? 'po-a.pdf' : 'po-b.pdf');
      assert.ok(mail.attachments[0]!.content.equals(lostFile), 'the kept file itself');
    },
  );
}

describe('later answers on a quotation link', () => {
  test('on embedded PGlite', async (t) => laterAnswersSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => laterAnswersSuite(t, target)));
});
