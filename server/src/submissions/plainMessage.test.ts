// The contact page's message form posted as a plain HTML form (no scripts: plainMessageRoutes.ts), on the real app with
// the built site (the page drawn by the contact remote's server-render module), a real database and a real SMTP server
// on loopback: a message taken is stored with its mail to the branch before the 303, and the page's confirmation says
// so; a message not taken draws the form again with the scripted form's words and everything as typed, nothing stored;
// another site's post is refused unread; the rate limit holds as the API's.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../app/config.js';
import type { Database } from '../platform/db/index.js';
import { createOutboxWorker } from '../platform/mail/outboxWorker.js';
import { createSmtpTransport } from '../platform/mail/transport.js';
import { siteMailComposers } from '../outboxMail.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { startSmtpServer } from '../test-support/smtp.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SAME_ORIGIN = { host: 'site.test', origin: 'http://site.test', 'sec-fetch-site': 'same-origin' };
const BAHRAIN = 'bahrain@crescent-electrical.example';

const WORDS = {
  en: JSON.parse(readFileSync(path.join(REPO_ROOT, 'mfe-contact/src/i18n/en.json'), 'utf8')) as Record<string, string>,
  ar: JSON.parse(readFileSync(path.join(REPO_ROOT, 'mfe-contact/src/i18n/ar.json'), 'utf8')) as Record<string, string>,
};

/** The form as a visitor fills it (its controls' names), the line breaks a browser posts. */
const FORM = {
  name: 'Omar Haddad',
  email: 'omar@example.com',
  phone: '+973 1700 0000',
  message: 'Do you stock 4-core SWA cable?\r\nWe need 500 m.',
  country: 'Bahrain',
  companyName: 'Haddad Contracting',
  companyLocation: 'Manama',
  answer: '9',
  website: '',
};

const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
const firstView = (res: LightMyRequestResponse): string => res.body.slice(res.body.search(/<div id="?root"?>/));

async function count(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

async function plainMessageSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
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
    messages: await count(database.db, 'contact_messages'),
    mails: await count(database.db, 'outbox'),
  });

  t.before(async () => {
    const built = path.join(REPO_ROOT, 'mfe-contact', 'dist', 'server-render.json');
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
    database = await target.fresh();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'plain-message-'));
    app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, SUBMIT_RATE_LIMIT_MAX: '0' }), database.db);
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  await t.test(
    'the server HTML of the contact page has the message form as a plain form: post to its own address, named fields',
    async () => {
      for (const url of ['/contact-us', '/ar/contact-us']) {
        const view = firstView(await app.inject({ url }));
        const form = /<form [^>]*aria-labelledby="message-form-heading"[^>]*>/.exec(view)?.[0] ?? '';
        assert.ok(form.includes(' method="post"') && form.includes(` action="${url}"`), `${url}: ${form}`);
        for (const name of [
          'name',
          'email',
          'phone',
          'message',
          'country',
          'companyName',
          'companyLocation',
          'answer',
          'website',
        ]) {
          assert.match(view, new RegExp(`<(input|select|textarea)[^>]* name="${name}"`), `${url}: ${name}`);
        }
      }
    },
  );

  await t.test(
    'a message posted without scripts is stored with its mail (sent through SMTP), then 303 to the page saying so, the fields empty',
    async () => {
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
        const res = await post('/contact-us', FORM);
        assert.equal(res.statusCode, 303, res.body.slice(0, 300));
        assert.equal(res.headers.location, '/contact-us?sent=message');
        const rows = await database.db.query<Record<string, unknown>>(
          'select name, email, phone, message, country, company_name, company_location, spam from contact_messages',
        );
        assert.deepEqual(rows, [
          {
            name: 'Omar Haddad',
            email: 'omar@example.com',
            phone: '+973 1700 0000',
            message: 'Do you stock 4-core SWA cable?\nWe need 500 m.',
            country: 'Bahrain',
            company_name: 'Haddad Contracting',
            company_location: 'Manama',
            spam: false,
          },
        ]);
        assert.deepEqual(await database.db.query('select kind, recipient from outbox'), [
          { kind: 'contact_message', recipient: BAHRAIN },
        ]);
        assert.deepEqual(await sender.drain(), { sent: 1, failed: 0 });
        const [mail] = smtp.received;
        assert.deepEqual(mail?.envelopeTo, [BAHRAIN]);
        assert.ok(mail.text.includes('Do you stock 4-core SWA cable?'), mail.text);

        const confirmation = await app.inject({ url: '/contact-us?sent=message' });
        assert.equal(confirmation.statusCode, 200);
        assert.equal(confirmation.headers['cache-control'], 'no-store');
        const view = firstView(confirmation);
        assert.ok(view.includes(html(WORDS.en['contact.form.success']!)), 'the success text');
        assert.ok(!view.includes('Omar Haddad') && view.includes('name="name" value=""'), 'the fields empty');
        const arabic = firstView(await app.inject({ url: '/ar/contact-us?sent=message' }));
        assert.ok(arabic.includes(WORDS.ar['contact.form.success']!), 'the Arabic success text');
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test('the page at its own address says nothing of a message sent', async () => {
    const view = firstView(await app.inject({ url: '/contact-us' }));
    assert.ok(!view.includes(html(WORDS.en['contact.form.success']!)));
  });

  await t.test(
    "a message the checks refuse is drawn again (400) with the scripted form's words and everything as typed; nothing stored",
    async () => {
      const before = await stored();
      const cases: { what: string; url: string; form: Record<string, string>; words: string }[] = [
        {
          what: 'no message',
          url: '/contact-us',
          form: { ...FORM, message: ' ' },
          words: WORDS.en['contact.form.error.required']!,
        },
        {
          what: 'a bad e-mail',
          url: '/contact-us',
          form: { ...FORM, email: 'omar@' },
          words: WORDS.en['contact.form.error.invalidEmail']!,
        },
        {
          what: 'the wrong answer',
          url: '/contact-us',
          form: { ...FORM, answer: '10' },
          words: WORDS.en['contact.form.error.wrongAnswer']!,
        },
        // the API's schema: the scripted form's one failure text, the branch's address in it
        {
          what: 'a name over 100 characters',
          url: '/contact-us',
          form: { ...FORM, name: 'x'.repeat(101) },
          words: 'Failed to send message. Please try again or contact us directly at',
        },
        {
          what: 'no message, in Arabic',
          url: '/ar/contact-us',
          form: { ...FORM, message: '' },
          words: WORDS.ar['contact.form.error.required']!,
        },
      ];
      for (const { what, url, form, words } of cases) {
        const res = await post(url, form);
        assert.equal(res.statusCode, 400, what);
        const view = firstView(res);
        assert.ok(view.includes(html(words)), `${what}: "${words}" shown`);
        for (const field of ['name', 'email', 'phone', 'companyName', 'companyLocation'] as const)
          assert.ok(view.includes(`value="${html(form[field]!)}"`), `${what}: ${field} kept`);
        assert.ok(
          view.includes(`${html(form.message!.replace(/\r\n/g, '\n'))}</textarea>`),
          `${what}: the message kept`,
        );
        assert.match(view, /<option value="Bahrain" selected="">/, `${what}: the branch kept`);
      }
      const failed = firstView(await post('/contact-us', { ...FORM, name: 'x'.repeat(101) }));
      assert.ok(failed.includes(BAHRAIN), "the failure names the chosen branch's address");
      assert.deepEqual(await stored(), before);
    },
  );

  await t.test("another site's plain form post is refused unread (403), nothing stored", async () => {
    const before = await stored();
    const attacks: Record<string, string>[] = [
      { host: 'site.test', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { host: 'site.test', origin: 'https://evil.example' },
      { host: 'site.test', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attacks) {
      const res = await post('/contact-us', FORM, headers);
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      assert.match(res.body, /sent from another site/);
    }
    assert.deepEqual(await stored(), before);
  });
}

test('the message form posted without scripts, on embedded PGlite', async (t) => {
  await plainMessageSuite(t, pgliteTarget);
});

test('the message form posted without scripts, on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => plainMessageSuite(t, target));
});

test('past the rate limit a plain post of the message form is drawn again (429) with its failure text, the fields kept', async () => {
  const database = await pgliteTarget.fresh();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plain-message-limit-'));
  const app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, SUBMIT_RATE_LIMIT_MAX: '1' }), database.db);
  try {
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/contact-us',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(FORM).toString(),
      });
    assert.equal((await post()).statusCode, 303);
    const limited = await post();
    assert.equal(limited.statusCode, 429);
    const view = firstView(limited);
    assert.ok(view.includes('Failed to send message. Please try again or contact us directly at'));
    assert.ok(view.includes('value="Omar Haddad"'));
    assert.equal(await count(database.db, 'contact_messages'), 1);
  } finally {
    await app.close();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
