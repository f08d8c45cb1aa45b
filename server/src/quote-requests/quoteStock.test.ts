// A request for quotation keeps each line's availability as it was when sent (docs/stock.md), on both databases: the
// stored row, the PDF's text (pdftotext) and both mails (a real SMTP server on loopback), in English and Arabic; the
// Saudi associate's buyer is told every location; a part the ERP never named says nothing; a later feed does not
// rewrite a stored request.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pdfText } from '@site/content/pdf/testing';
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { buildApp } from '../app.js';
import { siteMailComposers } from '../outboxMail.js';
import { createOutboxWorker } from '../platform/mail/outboxWorker.js';
import { createSmtpTransport } from '../platform/mail/transport.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { feedStock, stockedCatalogue } from '../test-support/stockFeed.js';
import { quoteRequestBody } from '../test-support/quoteRequest.js';
import { startSmtpServer } from '../test-support/smtp.js';

const GLAND = 'hex_cw_brass_cable_gland';
const CABLE = 'oc_cu_xlpe_swa_pvc_cable';
/** A date next year: written with its year. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const INCOMING = `${NEXT_YEAR}-12-12`;

async function suite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let firstReference = '';
  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
    database = await stockedCatalogue(target, [
      { code: 'HEX-CW-25', location: 'dubai', onHand: 40, incoming: 500, incomingDate: INCOMING },
      { code: 'HEX-CW-25', location: 'muscat', onHand: 0, leadTimeDays: 28 },
      { code: 'HEX-CW-32', location: 'dubai', onHand: 0, leadTimeDays: 10 },
    ]);
    app = await buildApp(fixture.config, database.db);
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const send = async (body: object) => {
    const res = await app.inject({ method: 'POST', url: QUOTE_REQUESTS_API_PATH, payload: body });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ reference: string; pdfUrl: string }>();
  };
  const stored = (reference: string) =>
    database.db.query<{ product_code: string; availability: unknown }>(
      `select l.product_code, l.availability from quote_request_lines l join quote_requests q on q.id = l.request_id where q.reference = $1 order by l.line_no`,
      [reference],
    );
  const lines = [
    { productId: GLAND, code: 'HEX-CW-25', quantity: 100 },
    { productId: GLAND, code: 'HEX-CW-32', quantity: 20 },
    { productId: CABLE, quantity: 200 },
  ];

  await t.test(
    "Dubai: each line stores the Dubai warehouse's figures of that moment; a part the ERP never named stores []",
    async () => {
      const { reference } = await send({ ...quoteRequestBody(lines), email: 'stock.en@example.com' });
      const rows = await stored(reference);
      assert.deepEqual(
        rows.map((row) => row.product_code),
        ['HEX-CW-25', 'HEX-CW-32', 'OC-SWA-416'],
      );
      const [first, second, third] = rows.map(
        (row) =>
          row.availability as { location: string; onHand: number; incoming: unknown; leadTimeDays: number | null }[],
      );
      assert.deepEqual(
        first!.map(({ location, onHand, incoming, leadTimeDays }) => ({ location, onHand, incoming, leadTimeDays })),
        [{ location: 'dubai', onHand: 40, incoming: { quantity: 500, date: INCOMING }, leadTimeDays: null }],
      );
      assert.deepEqual(
        second!.map((at) => [at.location, at.onHand, at.leadTimeDays]),
        [['dubai', 0, 10]],
      );
      assert.deepEqual(third, [], 'the ERP never named the cable: nothing is said of it');
      firstReference = reference;
    },
  );

  await t.test(
    'the PDF and both mails say it: "In stock: 40 pieces", "Incoming: 500 on 12 December <year>", "Lead time: about 10 days"; nothing for the cable',
    async (t2) => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = createOutboxWorker({
        db: database.db,
        transport: createSmtpTransport(smtp.url),
        composers: siteMailComposers(),
        from: 'Crescent website <website@crescent-electrical.example>',
        retryBaseMs: 200,
        retryMaxMs: 1_000,
        pollMs: 50,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      try {
        const { pdfUrl } = await send({ ...quoteRequestBody(lines), email: 'stock.mail@example.com' });
        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
        const branch = smtp.received.find((mail) => mail.envelopeTo.includes('dubai@crescent-electrical.example'))!;
        const confirmation = smtp.received.find((mail) => mail.envelopeTo.includes('stock.mail@example.com'))!;
        const expected = `Availability when requested: In stock: 40 pieces · Incoming: 500 on 12 December ${NEXT_YEAR}`;
        for (const mail of [branch, confirmation]) {
          assert.match(mail.text, new RegExp(`^1\\. HEX-CW-25 .*\\n +${expected}$`, 'm'), mail.text);
          assert.match(
            mail.text,
            /^2\. HEX-CW-32 .*\n +Availability when requested: Lead time: about 10 days$/m,
            mail.text,
          );
          assert.match(mail.text, /^3\. OC-SWA-416 .*(\n|$)(?! +Availability)/m, 'the cable: no availability line');
          assert.equal(mail.text.match(/Availability when requested/g)?.length, 2, mail.text);
          assert.ok(mail.html.includes(`<small style="color:#4a5563">${expected}</small>`), mail.html);
        }
        const pdf = (await app.inject({ method: 'GET', url: pdfUrl })).rawPayload;
        const read = pdfText(pdf, {});
        if ('skipped' in read) t2.diagnostic(read.skipped);
        else {
          const text = read.text.replace(/\s+/g, ' ');
          assert.ok(text.includes('In stock: 40 pieces'), text);
          assert.ok(text.includes(`Incoming: 500 on 12 December ${NEXT_YEAR}`), text);
          assert.ok(text.includes('Lead time: about 10 days'), text);
          assert.equal(text.match(/Availability when requested/g)?.length, 2, text);
        }
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    "Arabic, from Oman: the Muscat office's figures, in Arabic in the confirmation and the PDF",
    async (t2) => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = createOutboxWorker({
        db: database.db,
        transport: createSmtpTransport(smtp.url),
        composers: siteMailComposers(),
        from: 'Crescent website <website@crescent-electrical.example>',
        retryBaseMs: 200,
        retryMaxMs: 1_000,
        pollMs: 50,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      try {
        const { reference, pdfUrl } = await send({
          ...quoteRequestBody(lines),
          branch: 'Oman',
          language: 'ar',
          email: 'stock.ar@example.com',
        });
        const rows = await stored(reference);
        assert.deepEqual(
          (rows[0]!.availability as { location: string }[]).map((at) => at.location),
          ['muscat'],
        );
        assert.deepEqual(rows[1]!.availability, [], 'nothing stated at Muscat for this size');
        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
        const confirmation = smtp.received.find((mail) => mail.envelopeTo.includes('stock.ar@example.com'))!;
        assert.ok(confirmation.text.includes('التوافر عند الطلب: مدة التوريد: نحو 4 أسابيع'), confirmation.text);
        const branch = smtp.received.find((mail) => mail.envelopeTo.includes('oman@crescent-electrical.example'))!;
        assert.ok(branch.text.includes('Availability when requested: Lead time: about 4 weeks'), branch.text);
        const read = pdfText((await app.inject({ method: 'GET', url: pdfUrl })).rawPayload, {});
        if ('skipped' in read) t2.diagnostic(read.skipped);
        // pdftotext reads Arabic shapes back without some dots; these words come back whole
        else assert.match(read.text, /مدة التوريد/, read.text);
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    'the Saudi associate holds no stock: its request keeps every location the ERP stated, each named',
    async () => {
      const { reference } = await send({
        ...quoteRequestBody(lines),
        branch: 'Saudi Arabia',
        email: 'stock.sa@example.com',
      });
      const rows = await stored(reference);
      assert.deepEqual((rows[0]!.availability as { location: string }[]).map((at) => at.location).sort(), [
        'dubai',
        'muscat',
      ]);
    },
  );

  await t.test('a later feed changes the stock, not a stored request', async () => {
    await feedStock(database.db, [{ code: 'HEX-CW-25', location: 'dubai', onHand: 1 }]);
    const rows = await stored(firstReference);
    assert.equal((rows[0]!.availability as { onHand: number }[])[0]!.onHand, 40);
  });
}

test('quote requests keep their availability, on embedded PGlite', async (t) => {
  await suite(t, pgliteTarget);
});

test('quote requests keep their availability, on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => suite(t, target));
});
