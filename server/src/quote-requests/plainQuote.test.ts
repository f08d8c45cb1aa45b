// The request page's form posted as a plain HTML form (no scripts: plainQuoteRoutes.ts), on the real app with the
// built site (the page is drawn by the contact remote's server-render module), a real database and a real SMTP server
// on loopback: a request taken is stored with the lines of its pasted list and its two mails before the 303, and its
// confirmation is drawn from the stored request for the key's holder; a request not taken draws the form again with
// the scripted form's words and everything as typed, nothing stored; another site's post is refused unread; the rate
// limit, the body limit and the honeypot hold as the API's.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { FIRST_VIEW_STATE_ELEMENT_ID } from '@site/contracts/dom-ids';
import { buildApp } from '../app.js';
import { seedCatalogue } from '../catalogue/seed.js';
import { loadConfig } from '../app/config.js';
import { type Database } from '../platform/db/index.js';
import { createOutboxWorker } from '../platform/mail/outboxWorker.js';
import { createSmtpTransport } from '../platform/mail/transport.js';
import { siteMailComposers } from '../outboxMail.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { isoDay } from '../test-support/quoteRequest.js';
import { startSmtpServer } from '../test-support/smtp.js';
import { QUOTE_FORM_BODY_LIMIT } from './plainQuoteRoutes.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SITE = 'http://site.test';
/** What a browser sends with a form posted from the site's own page. */
const SAME_ORIGIN = { host: 'site.test', origin: SITE, 'sec-fetch-site': 'same-origin' };
const DUBAI = 'dubai@crescent-electrical.example';
const MAIL_FROM = 'Crescent website <website@crescent-electrical.example>';

/** The contact remote's words in each language (the page's: mfe-contact/src/i18n). */
const WORDS = {
  en: JSON.parse(readFileSync(path.join(REPO_ROOT, 'mfe-contact/src/i18n/en.json'), 'utf8')) as Record<string, string>,
  ar: JSON.parse(readFileSync(path.join(REPO_ROOT, 'mfe-contact/src/i18n/ar.json'), 'utf8')) as Record<string, string>,
};

/**
 * A list as a buyer pastes it: the cable by its code, the gland's size 25 by its variant's code, the gland by its id
 * (its first size) in lower case, a quantity with a unit after it.
 */
const LIST = 'OC-SWA-416\t212.5\r\nHEX-CW-25 40 pcs\r\nhex_cw_brass_cable_gland 3';

/** The form as a buyer fills it (its controls' names), the line breaks a browser posts. */
const FORM = {
  companyName: 'Gulf Build LLC',
  name: 'Aisha Rahman',
  email: 'aisha@example.com',
  phone: '+971 50 123 4567',
  branch: 'Dubai',
  deliveryCity: 'Abu Dhabi',
  neededBy: isoDay(30),
  notes: 'Two deliveries, please.\r\nThe cable first.',
  answer: '9',
  website: '',
  pastedList: LIST,
};

/** HTML text as React writes it in an attribute or an element. */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The page's first view (its root and the state it was drawn from): what a browser without scripts shows. */
const firstView = (res: LightMyRequestResponse): string => res.body.slice(res.body.search(/<div id="?root"?>/));

async function count(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

async function plainQuoteSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const stored = async () => ({
    requests: await count(database.db, 'quote_requests'),
    lines: await count(database.db, 'quote_request_lines'),
    mails: await count(database.db, 'outbox'),
  });

  t.before(async () => {
    // npm test builds the site before the server tests; run alone, this says what is missing
    const built = path.join(REPO_ROOT, 'mfe-contact', 'dist', 'server-render.json');
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
    database = await target.fresh();
    await seedCatalogue(database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'plain-quote-'));
    app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, SUBMIT_RATE_LIMIT_MAX: '0' }), database.db);
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  await t.test(
    'a request posted without scripts is stored with its list as lines and its two mails (sent through SMTP), then 303 to its confirmation',
    async () => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = createOutboxWorker({
        db: database.db,
        transport: createSmtpTransport(smtp.url),
        composers: siteMailComposers(),
        from: MAIL_FROM,
        retryBaseMs: 200,
        retryMaxMs: 1_000,
        pollMs: 50,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      try {
        const res = await post('/request-quote', FORM);
        assert.equal(res.statusCode, 303, res.body.slice(0, 500));
        const location = String(res.headers.location);
        const match = /^\/request-quote\?sent=(RFQ-AE-\d{4}-\d{6,})&key=([\w-]{43})$/.exec(location);
        assert.ok(match, location);
        const [, reference, key] = match;

        // stored before the answer: the request, its lines (the list's, in its order), its two mails
        const [row] = await database.db.query<Record<string, unknown>>(
          `select id, company_name, name, email, phone, branch, delivery_city, to_char(needed_by, 'YYYY-MM-DD') as needed_by, notes, language, spam
           from quote_requests where reference = $1`,
          [reference],
        );
        assert.ok(row, 'stored under its reference');
        const { id, ...fields } = row;
        assert.deepEqual(fields, {
          company_name: 'Gulf Build LLC',
          name: 'Aisha Rahman',
          email: 'aisha@example.com',
          phone: '+971 50 123 4567',
          branch: 'Dubai',
          delivery_city: 'Abu Dhabi',
          needed_by: FORM.neededBy,
          // as the scripted form sends a textarea's text
          notes: 'Two deliveries, please.\nThe cable first.',
          language: 'en',
          spam: false,
        });
        const lines = await database.db.query(
          'select product_id, product_code, unit, quantity::text as quantity from quote_request_lines where request_id = $1 order by line_no',
          [id],
        );
        assert.deepEqual(lines, [
          { product_id: 'oc_cu_xlpe_swa_pvc_cable', product_code: 'OC-SWA-416', unit: 'metre', quantity: '212.50' },
          { product_id: 'hex_cw_brass_cable_gland', product_code: 'HEX-CW-25', unit: 'piece', quantity: '40.00' },
          { product_id: 'hex_cw_brass_cable_gland', product_code: 'HEX-CW-20S', unit: 'piece', quantity: '3.00' },
        ]);
        const mails = await database.db.query<{ kind: string; recipient: string }>(
          'select kind, recipient from outbox where ref_id = $1 order by id',
          [id],
        );
        assert.deepEqual(mails, [
          { kind: 'quote_request', recipient: DUBAI },
          { kind: 'quote_confirmation', recipient: 'aisha@example.com' },
        ]);
        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
        const branchMail = smtp.received.find((mail) => mail.envelopeTo.includes(DUBAI));
        assert.equal(branchMail?.headers.subject, `Request for quotation ${reference}: Gulf Build LLC (Dubai)`);
        assert.ok(branchMail.text.includes('1. OC-SWA-416  212.5 metres'), branchMail.text);
        assert.ok(
          smtp.received.some(
            (mail) => mail.envelopeTo.includes('aisha@example.com') && mail.headers.subject?.includes(reference!),
          ),
          'the buyer got a confirmation',
        );

        // the confirmation: "Request sent" with the reference, the lines and the details, for the key's holder alone
        const confirmation = await app.inject({ url: location, headers: { host: 'site.test' } });
        assert.equal(confirmation.statusCode, 200);
        assert.equal(confirmation.headers['cache-control'], 'no-store');
        assert.equal(confirmation.headers['x-robots-tag'], 'noindex');
        const view = firstView(confirmation);
        for (const shown of [
          WORDS.en['contact.quote.sent.heading']!,
          reference!,
          'OC-SWA-416',
          'HEX-CW-25',
          'Size 25 (M25)',
          '212.5 metres',
          'Gulf Build LLC',
          'Abu Dhabi',
          WORDS.en['contact.quote.sent.pdf']!,
        ]) {
          assert.ok(view.includes(html(shown)), `${shown} in the confirmation`);
        }
        assert.ok(view.includes(`href="/api/quote-requests/${reference}.pdf?key=${key}"`), 'its PDF link');
        assert.ok(!view.includes('id="quote-form"'), 'no form: the request was sent');
        const pdf = await app.inject({ url: `/api/quote-requests/${reference}.pdf?key=${key}` });
        assert.equal(pdf.statusCode, 200);

        // a wrong key shows the page as anyone gets it: nothing of the request
        const wrongKey = await app.inject({
          url: `/request-quote?sent=${reference}&key=${key!.slice(0, -1)}${key!.endsWith('A') ? 'B' : 'A'}`,
        });
        assert.equal(wrongKey.statusCode, 200);
        assert.ok(
          !wrongKey.body.includes(reference!) && !wrongKey.body.includes('Gulf Build LLC'),
          'nothing of the request',
        );
        assert.ok(firstView(wrongKey).includes('id="quote-form"'), 'the empty form');

        // a request stored before the branch codes (RFQ-2026-000123) keeps its confirmation at its own reference
        const old = reference!.replace(/^RFQ-AE-/, 'RFQ-');
        await database.db.query('update quote_requests set reference = $1 where reference = $2', [old, reference]);
        const oldView = firstView(await app.inject({ url: `/request-quote?sent=${old}&key=${key}` }));
        assert.ok(
          oldView.includes(`href="/api/quote-requests/${old}.pdf?key=${key}"`),
          'its PDF link, at its reference',
        );
        assert.ok(oldView.includes(html('Gulf Build LLC')), 'the request');
        await database.db.query('update quote_requests set reference = $1 where reference = $2', [reference, old]);
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    'the server HTML of the page is a plain form: post to its own address, named fields, the list in it',
    async () => {
      for (const [url, action] of [
        ['/request-quote', '/request-quote'],
        ['/ar/request-quote', '/ar/request-quote'],
      ] as const) {
        const page = await app.inject({ url });
        const view = firstView(page);
        const form = /<form [^>]*id="quote-form"[^>]*>/.exec(view)?.[0] ?? '';
        assert.ok(form.includes(' method="post"') && form.includes(` action="${action}"`), `${url}: ${form}`);
        for (const name of [
          'companyName',
          'name',
          'email',
          'phone',
          'branch',
          'deliveryCity',
          'neededBy',
          'notes',
          'answer',
          'website',
        ]) {
          assert.match(view, new RegExp(`<(input|select|textarea)[^>]* name="${name}"`), `${url}: ${name}`);
        }
        assert.match(
          view,
          /<textarea[^>]* name="pastedList" form="quote-form"/,
          `${url}: the list belongs to the request form`,
        );
        assert.ok(!page.body.includes('"postedForm"'), `${url}: no posted outcome in a page anyone gets`);
      }
    },
  );

  await t.test('an Arabic request: stored in Arabic, its confirmation in Arabic', async () => {
    const res = await post('/ar/request-quote', { ...FORM, answer: '٩', name: 'عائشة الرحمن' });
    assert.equal(res.statusCode, 303, res.body.slice(0, 500));
    const location = String(res.headers.location);
    assert.match(location, /^\/ar\/request-quote\?sent=RFQ-AE-\d{4}-\d{6}&/);
    const reference = new URLSearchParams(location.split('?')[1]).get('sent')!;
    const [row] = await database.db.query<{ language: string; name: string }>(
      'select language, name from quote_requests where reference = $1',
      [reference],
    );
    assert.deepEqual(row, { language: 'ar', name: 'عائشة الرحمن' });
    const view = firstView(await app.inject({ url: location }));
    for (const shown of [WORDS.ar['contact.quote.sent.heading']!, reference, 'عائشة الرحمن', 'المقاس 25 (M25)'])
      assert.ok(view.includes(shown), `${shown} in the Arabic confirmation`);
  });

  await t.test(
    "a form the checks refuse is drawn again (400) with the scripted form's words and everything as typed; nothing stored",
    async () => {
      const before = await stored();
      const cases: { what: string; url: string; form: Record<string, string>; words: string[] }[] = [
        {
          what: 'no company',
          url: '/request-quote',
          form: { ...FORM, companyName: '  ' },
          words: [WORDS.en['contact.quote.error.required']!],
        },
        {
          what: 'a bad e-mail',
          url: '/request-quote',
          form: { ...FORM, email: 'aisha@example' },
          words: [WORDS.en['contact.form.error.invalidEmail']!],
        },
        {
          what: 'a date in the past',
          url: '/request-quote',
          form: { ...FORM, neededBy: isoDay(-3) },
          words: [WORDS.en['contact.quote.error.neededBy']!],
        },
        {
          what: 'the wrong answer',
          url: '/request-quote',
          form: { ...FORM, answer: '8' },
          words: [WORDS.en['contact.form.error.wrongAnswer']!],
        },
        {
          what: 'no list',
          url: '/request-quote',
          form: { ...FORM, pastedList: ' \r\n ' },
          words: [WORDS.en['contact.quote.error.noLines']!],
        },
        {
          what: 'an unknown code and a refused quantity',
          url: '/request-quote',
          form: { ...FORM, pastedList: `${LIST}\r\nNO-SUCH-PART 5\r\nHEX-CW-32 2.5` },
          words: [
            WORDS.en['contact.quote.error.badList']!,
            WORDS.en['contact.quote.paste.notRecognised']!,
            'NO-SUCH-PART 5',
            WORDS.en['contact.quote.paste.refused']!,
            'HEX-CW-32 2.5',
          ],
        },
        {
          what: "a field the API's schema refuses (its sentence on an English page)",
          url: '/request-quote',
          form: { ...FORM, deliveryCity: 'x'.repeat(101) },
          words: [WORDS.en['contact.quote.error.refused']!, 'deliveryCity must be at most 100 characters'],
        },
        {
          what: 'no company, in Arabic',
          url: '/ar/request-quote',
          form: { ...FORM, companyName: '' },
          words: [WORDS.ar['contact.quote.error.required']!],
        },
        {
          what: 'an unknown code, in Arabic',
          url: '/ar/request-quote',
          form: { ...FORM, pastedList: 'NO-SUCH-PART 5' },
          words: [WORDS.ar['contact.quote.error.badList']!, WORDS.ar['contact.quote.paste.notRecognised']!],
        },
      ];
      for (const { what, url, form, words } of cases) {
        const res = await post(url, form);
        assert.equal(res.statusCode, 400, `${what}: ${res.statusCode}`);
        assert.equal(res.headers['cache-control'], 'no-store', what);
        assert.ok(
          res.body.includes(`id="${FIRST_VIEW_STATE_ELEMENT_ID}"`) && res.body.includes('"postedForm"'),
          `${what}: the browser starts from the post's outcome`,
        );
        const view = firstView(res);
        for (const word of words) assert.ok(view.includes(html(word)), `${what}: "${word}" shown`);
        // everything as typed: the details in their fields, the list in its box, the branch chosen
        for (const field of ['name', 'email', 'phone', 'deliveryCity'] as const)
          assert.ok(view.includes(`value="${html(form[field]!)}"`), `${what}: ${field} kept`);
        assert.ok(view.includes(`${html(form.notes!.replace(/\r\n/g, '\n'))}</textarea>`), `${what}: the notes kept`);
        if (form.pastedList!.trim() !== '')
          assert.ok(
            view.includes(html(form.pastedList!.replace(/\r\n/g, '\n').split('\n')[0]!)),
            `${what}: the list kept`,
          );
      }
      // the Arabic page's refusal of the schema names no English sentence
      const arabic = firstView(await post('/ar/request-quote', { ...FORM, deliveryCity: 'x'.repeat(101) }));
      assert.ok(arabic.includes(WORDS.ar['contact.quote.error.refused']!) && !arabic.includes('deliveryCity must be'));
      assert.deepEqual(await stored(), before, 'nothing stored, no mail');
    },
  );

  await t.test("another site's plain form post is refused unread (403), nothing stored", async () => {
    const before = await stored();
    const attacks: Record<string, string>[] = [
      { host: 'site.test', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { host: 'site.test', origin: 'https://evil.example' },
      { host: 'site.test', 'sec-fetch-site': 'cross-site' },
      { host: 'site.test', origin: 'https://shop.site.test', 'sec-fetch-site': 'same-site' },
      { host: 'site.test', origin: 'null' },
    ];
    for (const headers of attacks) {
      for (const url of ['/request-quote', '/ar/request-quote']) {
        const res = await post(url, FORM, headers);
        assert.equal(res.statusCode, 403, `${JSON.stringify(headers)} ${url}`);
        assert.match(res.body, url.startsWith('/ar') ? /موقع آخر/ : /sent from another site/);
      }
    }
    assert.deepEqual(await stored(), before);
  });

  await t.test('a filled honeypot gets the same answer, is stored as spam and mailed to nobody', async () => {
    const mails = await count(database.db, 'outbox');
    const res = await post('/request-quote', { ...FORM, website: 'http://cheap-pills.example' });
    assert.equal(res.statusCode, 303);
    const reference = new URLSearchParams(String(res.headers.location).split('?')[1]).get('sent');
    const [row] = await database.db.query<{ spam: boolean }>('select spam from quote_requests where reference = $1', [
      reference,
    ]);
    assert.equal(row?.spam, true);
    assert.equal(await count(database.db, 'outbox'), mails);
  });

  await t.test(
    'a body over the limit, or not a form, is refused unread with the page (413, 415); nothing stored',
    async () => {
      const before = await stored();
      const large = await post('/request-quote', { ...FORM, pastedList: 'x'.repeat(QUOTE_FORM_BODY_LIMIT) });
      assert.equal(large.statusCode, 413);
      assert.ok(firstView(large).includes(html(WORDS.en['contact.quote.error.failed']!)));
      const json = await app.inject({
        method: 'POST',
        url: '/request-quote',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(FORM),
      });
      assert.equal(json.statusCode, 415);
      assert.ok(firstView(json).includes(html(WORDS.en['contact.quote.error.failed']!)));
      assert.deepEqual(await stored(), before);
    },
  );
}

test('the request form posted without scripts, on embedded PGlite', async (t) => {
  await plainQuoteSuite(t, pgliteTarget);
});

test('the request form posted without scripts, on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => plainQuoteSuite(t, target));
});

test('past the rate limit a plain post is drawn again (429) with everything as typed', async () => {
  const database = await pgliteTarget.fresh();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plain-quote-limit-'));
  const app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, SUBMIT_RATE_LIMIT_MAX: '2' }), database.db);
  try {
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/request-quote',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...FORM, companyName: '' }).toString(),
      });
    assert.equal((await post()).statusCode, 400);
    assert.equal((await post()).statusCode, 400);
    const limited = await post();
    assert.equal(limited.statusCode, 429);
    const view = firstView(limited);
    assert.ok(view.includes(html(WORDS.en['contact.quote.error.rateLimited']!)), "the scripted form's words");
    assert.ok(view.includes('value="Aisha Rahman"'), 'the fields kept');
  } finally {
    await app.close();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
