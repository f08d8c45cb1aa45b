// Sent quotations about to expire, on both databases: the "Expiring in 3 days" list (a buyer can still answer them:
// not accepted, not superseded, not a draft; validity ending on the branch's today or within 3 days; a branch's staff
// see their own branch's only, the catalogue role none); each one's salesperson reminded once, whichever of two
// processes on one database polls first (their functions raced, then both apps' own pollers), a later day's entries
// reminded then; the reminder stored, queued in the outbox with its audit line, and sent over real SMTP on loopback
// (to the salesperson, Reply-To the buyer, with the quotation's link in the staff app).
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { QUOTATION_LINK_API, quotationLinkApiPath } from '@site/contracts/quotation-link-api';
import {
  QUOTATIONS_API,
  type ExpiringQuotation,
  type ExpiringQuotationList,
  type Quotation,
} from '@site/contracts/quotations-api';
import { staffApiPath, type StaffAccountSummary } from '@site/contracts/staff-api';
import { siteMailComposers } from '../../outboxMail.js';
import type { Database } from '../../platform/db/index.js';
import { createOutboxWorker } from '../../platform/mail/outboxWorker.js';
import { createSmtpTransport } from '../../platform/mail/transport.js';
import { recordStaffAction } from '../../staff/audit.js';
import { answerOf as ok } from '../../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { eventually } from '../../test-support/eventually.js';
import { buildQuotationTestSite, type QuotationTestSite, lineInputOf } from '../../test-support/quotationSite.js';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp.js';
import { submitQuote, TEST_PRODUCT } from '../../test-support/staffWorkData.js';
import { as, buildStaffWorkTestApp, TEST_LINK_SEALER } from '../../test-support/staffWorkApp.js';
import { remindExpiringQuotations } from './expiring.js';
import { EXPIRY_REMINDER_KIND } from './reminderMail.js';

const STAFF_ORIGIN = 'https://staff.crescent.example';

async function remindersSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  /** 10:00 UTC: 14:00 in Dubai and Muscat, 13:00 in Bahrain, all on 28 November. */
  let now = new Date('2026-11-28T10:00:00Z');
  let s: QuotationTestSite;
  let db: Database;
  let otherDb: Database;
  let smtp: TestSmtpServer;
  const sent: Record<string, Quotation & { token: string }> = {};

  /** A request of `branch` (from `company`), its draft valid until `validUntil`, sent by `who`. */
  const sendValidUntil = async (who: StaffAccountSummary, branch: string, validUntil: string, company: string) => {
    const { id: requestId } = await submitQuote(s.db, {
      branch,
      companyName: company,
      lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 }],
    });
    const draft = ok<Quotation>(await s.call(who, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
    ok<Quotation>(
      await s.call(who, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }), {
        version: draft.version,
        validUntil,
        paymentTerms: '',
        deliveryTerms: '',
        buyerNote: '',
        lines: draft.lines.map(lineInputOf),
      }),
    );
    const { quotation, token } = await s.send(who, draft.id);
    return { ...quotation, token };
  };
  const listed = async (who: StaffAccountSummary) =>
    ok<ExpiringQuotationList>(await s.call(who, 'GET', QUOTATIONS_API.expiring)).quotations;
  const numbers = (list: ExpiringQuotation[]) => list.map((quotation) => quotation.number);
  const reminders = () =>
    db.query<{ quotation_id: number; recipient: string }>(
      'select quotation_id, recipient from quotation_expiry_reminders order by quotation_id',
    );
  const queued = () =>
    db.query<{ ref_id: number; recipient: string }>(
      'select ref_id, recipient from outbox where kind = $1 order by ref_id',
      [EXPIRY_REMINDER_KIND],
    );

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => now, omrRate: '0.10477' });
    db = s.db;
    otherDb = await s.database.openAnother();
    smtp = await startSmtpServer();
    // Dubai: valid 3 more days; its last day today; 4 more days (not yet); accepted; revised (the revision keeps its
    // validity and replaces it); Oman: valid until tomorrow; a Dubai draft valid until tomorrow (never sent)
    sent.three = await sendValidUntil(s.dubai, 'Dubai', '2026-12-01', 'Gulf Build LLC');
    sent.today = await sendValidUntil(s.dubai, 'Dubai', '2026-11-28', 'Jebel Ali Works');
    sent.four = await sendValidUntil(s.dubai, 'Dubai', '2026-12-02', 'Deira Lighting');
    sent.accepted = await sendValidUntil(s.dubai, 'Dubai', '2026-11-30', 'Karama Cables');
    ok(
      await s.site.inject({
        method: 'POST',
        url: quotationLinkApiPath(QUOTATION_LINK_API.accept, sent.accepted.token),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
      }),
    );
    sent.replaced = await sendValidUntil(s.dubai, 'Dubai', '2026-11-30', 'Marina Towers');
    const revision = ok<Quotation>(
      await s.call(s.dubai, 'POST', staffApiPath(QUOTATIONS_API.revise, { id: sent.replaced.id }), {
        version: sent.replaced.version,
      }),
      201,
    );
    const { quotation: revised, token } = await s.send(s.dubai, revision.id);
    sent.revision = { ...revised, token };
    sent.oman = await sendValidUntil(s.oman, 'Oman', '2026-11-29', 'Muscat Build LLC');
    const { id: requestId } = await submitQuote(s.db, { branch: 'Dubai' });
    const draft = ok<Quotation>(await s.call(s.dubai, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
    await s.call(s.dubai, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }), {
      version: draft.version,
      validUntil: '2026-11-29',
      paymentTerms: '',
      deliveryTerms: '',
      buyerNote: '',
      lines: draft.lines.map(lineInputOf),
    });
    // the buyer of the 3-day one opened its link
    ok(
      await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, sent.three.token) }),
    );
  });
  t.after(async () => {
    await s?.close();
    await smtp?.close();
  });

  await t.test(
    '"Expiring in 3 days": what a buyer can still answer, ending within 3 days, of the branches one sees',
    async () => {
      const dubai = await listed(s.dubai);
      assert.deepEqual(numbers(dubai), [sent.today!.number, sent.revision!.number, sent.three!.number]);
      assert.deepEqual(dubai[2], {
        id: sent.three!.id,
        number: sent.three!.number,
        state: 'viewed',
        requestId: sent.three!.requestId,
        requestReference: sent.three!.requestReference,
        buyerCompany: 'Gulf Build LLC',
        branch: 'Dubai',
        currency: 'AED',
        total: sent.three!.totals.total,
        validUntil: '2026-12-01',
        daysLeft: 3,
        sentBy: 'dubai@crescent.example',
        reminderSentAt: null,
      });
      assert.deepEqual(
        dubai.map((quotation) => [quotation.daysLeft, quotation.state]),
        [
          [0, 'sent'],
          [2, 'sent'],
          [3, 'viewed'],
        ],
      );
      assert.match(sent.revision!.number ?? '', /-R1$/, 'the revision, not the quotation it replaced');
      assert.deepEqual(numbers(await listed(s.oman)), [sent.oman!.number]);
      assert.deepEqual(numbers(await listed(s.admin)), [
        sent.today!.number,
        sent.oman!.number,
        sent.revision!.number,
        sent.three!.number,
      ]);
      assert.equal((await s.call(s.catalogue, 'GET', QUOTATIONS_API.expiring)).statusCode, 403);
      assert.equal((await s.staff.inject({ method: 'GET', url: QUOTATIONS_API.expiring })).statusCode, 401);
    },
  );

  await t.test('two processes remind each one once, whichever comes first; a later day’s then', async () => {
    const counts = await Promise.all([
      remindExpiringQuotations(db.kysely, recordStaffAction, now),
      remindExpiringQuotations(otherDb.kysely, recordStaffAction, now),
    ]);
    assert.equal(counts[0] + counts[1], 4, `reminded ${counts.join(' + ')}`);
    const expected = [sent.three!, sent.today!, sent.revision!, sent.oman!]
      .map((quotation) => quotation.id)
      .sort((a, b) => a - b);
    assert.deepEqual(
      (await reminders()).map((row) => [row.quotation_id, row.recipient]),
      expected.map((id) => [id, id === sent.oman!.id ? 'oman@crescent.example' : 'dubai@crescent.example']),
    );
    assert.deepEqual(
      (await queued()).map((row) => row.ref_id),
      expected,
    );
    assert.equal(await remindExpiringQuotations(db.kysely, recordStaffAction, now), 0, 'once');
    const [line] = await db.query<{ actor_email: string | null; detail: string }>(
      "select actor_email, detail from staff_audit_log where action = 'quotation.expiry_reminder' and target = $1",
      [`quotation:${sent.three!.id}`],
    );
    assert.deepEqual(line, {
      actor_email: null,
      detail: `${sent.three!.number} valid until 2026-12-01: its salesperson dubai@crescent.example reminded`,
    });
    const shown = await listed(s.dubai);
    assert.ok(
      shown.every((quotation) => quotation.reminderSentAt !== null),
      JSON.stringify(shown),
    );

    // a day later the 4-day one comes within 3 days (and today's has run out): it alone is reminded
    now = new Date('2026-11-29T10:00:00Z');
    assert.deepEqual(numbers(await listed(s.dubai)), [sent.revision!.number, sent.three!.number, sent.four!.number]);
    const later = await Promise.all([
      remindExpiringQuotations(db.kysely, recordStaffAction, now),
      remindExpiringQuotations(otherDb.kysely, recordStaffAction, now),
    ]);
    assert.equal(later[0] + later[1], 1);
    assert.deepEqual(
      (await queued()).map((row) => row.ref_id),
      [...expected, sent.four!.id].sort((a, b) => a - b),
    );
  });

  await t.test('both apps’ own pollers, on one database, remind a new one once', async () => {
    const apps: FastifyInstance[] = [];
    try {
      for (const handle of [db, otherDb])
        apps.push(
          await buildStaffWorkTestApp({
            db: handle,
            now: () => now,
            branchDetails: false,
            quotationReminderPollMs: 100,
            staffOrigin: () => STAFF_ORIGIN,
          }),
        );
      sent.polled = await sendValidUntil(s.dubai, 'Dubai', '2026-11-30', 'Creek Contracting');
      const reminded = await eventually(
        async () => (await queued()).filter((row) => row.ref_id === sent.polled!.id).length,
        (count) => count > 0,
        10_000,
      );
      assert.equal(reminded, 1);
      // a few more polls of each: still once
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal((await queued()).filter((row) => row.ref_id === sent.polled!.id).length, 1);
      assert.equal((await reminders()).filter((row) => row.quotation_id === sent.polled!.id).length, 1);
      // the list shows it reminded, on either app
      const read = ok<ExpiringQuotationList>(
        await apps[1]!.inject({ method: 'GET', url: QUOTATIONS_API.expiring, headers: as(s.dubai) }),
      );
      assert.notEqual(read.quotations.find((quotation) => quotation.id === sent.polled!.id)?.reminderSentAt, null);
    } finally {
      for (const app of apps) await app.close();
    }
  });

  await t.test('the outbox mails each reminder to its salesperson over SMTP, Reply-To the buyer', async () => {
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
    const reminderMails = smtp.received.filter((mail) => /^Quotation QT-.* expires /.test(mail.headers.subject ?? ''));
    assert.deepEqual(
      reminderMails.map((mail) => [mail.envelopeTo.join(), mail.headers.subject]).sort(),
      [
        ['dubai@crescent.example', `Quotation ${sent.three!.number} to Gulf Build LLC expires in 3 days`],
        ['dubai@crescent.example', `Quotation ${sent.today!.number} to Jebel Ali Works expires today`],
        ['dubai@crescent.example', `Quotation ${sent.revision!.number} to Marina Towers expires in 2 days`],
        ['dubai@crescent.example', `Quotation ${sent.four!.number} to Deira Lighting expires in 3 days`],
        ['dubai@crescent.example', `Quotation ${sent.polled!.number} to Creek Contracting expires tomorrow`],
        ['oman@crescent.example', `Quotation ${sent.oman!.number} to Muscat Build LLC expires tomorrow`],
      ].sort(),
    );
    const three = reminderMails.find((mail) => mail.headers.subject?.includes(sent.three!.number!))!;
    assert.match(three.headers['reply-to'] ?? '', /karim@example\.com/);
    assert.match(
      three.text,
      new RegExp(
        `^Quotation ${sent.three!.number} to Gulf Build LLC \\(request ${sent.three!.requestReference}\\) is valid until 1 December 2026: it expires in 3 days, and the buyer opened it and has not answered \\(first opened \\d{4}-\\d{2}-\\d{2}\\)\\.$`,
        'm',
      ),
    );
    assert.match(three.text, new RegExp(`^Total: ${sent.three!.totals.total} AED \\(Dubai branch\\)\\.$`, 'm'));
    assert.match(three.text, /^Buyer: Karim Nasser, karim@example\.com, \+971 4 000 0000\.$/m);
    assert.match(three.text, /prepare a revision with a later validity in the staff app \(Expiring quotations\)/);
    // the one the apps' pollers reminded knew the staff app's origin: its link
    const polled = reminderMails.find((mail) => mail.headers.subject?.includes(sent.polled!.number!))!;
    assert.ok(polled.text.includes(`${STAFF_ORIGIN}/staff/quotations/${sent.polled!.id}`), polled.text);
    assert.ok(polled.html.includes(`href="${STAFF_ORIGIN}/staff/quotations/${sent.polled!.id}"`));
  });
}

describe('quotations about to expire: the list and the salesperson’s reminder', () => {
  test('on embedded PGlite', async (t) => remindersSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => remindersSuite(t, target)));
});
