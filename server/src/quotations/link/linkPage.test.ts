// The buyer's page drawn by the server, through the whole app (buildApp over this repository's built shell and contact
// remote, as pageReads.test.ts) on a real database: the quotation's heading, lines, totals and both forms in the HTML
// of each edition, in its language; private (no-store, noindex, never in the page cache, the token in no log line); a
// token that opens nothing gets today's one sentence with a 200. Its plain form posts (no script): stored before the
// 303 back to the page, which then says so; refused with the reason and the values as typed (400); another site's
// form refused (403) with nothing stored; rate-limited per client address, as the link's API calls are.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FIRST_VIEW_STATE_ELEMENT_ID } from '@site/contracts/dom-ids';
import { quotationLinkPath } from '@site/contracts/quotation-link-api';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../app/config.js';
import type { Database } from '../../platform/db/index.js';
import { PageCache, type RenderedPage } from '../../pages/index.js';
import { decodeEntities } from '../../test-support/html.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { multipartForm } from '../../test-support/multipart.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { CROSS_SITE_REFUSAL } from './linkPage.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const A_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const AN_HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

/** The page's own sentences (its catalogs, as the build compiles them in). */
const TEXTS = {
  en: {
    heading: 'Quotation',
    caption: 'Quoted products',
    accept: 'Accept this quotation',
    changes: 'Ask for changes',
    notFound: 'This link is not valid or has expired',
    required: 'Please fill in your name and position.',
    notPdf: 'The purchase order must be a PDF file.',
    message: 'Please write what should change.',
    thanks: 'Thank you: the quotation is accepted and our branch will confirm your order.',
    changesSent: 'Your request for changes has been sent to our Dubai branch.',
  },
  ar: {
    heading: 'عرض سعر',
    caption: 'المنتجات المسعّرة',
    accept: 'قبول عرض السعر',
    changes: 'طلب تعديلات',
    notFound: 'هذا الرابط غير صالح أو انتهت صلاحيته',
    required: 'يُرجى إدخال الاسم والمنصب.',
    thanks: 'شكرًا لكم: تم قبول عرض السعر، وسيؤكد فرعنا طلبكم.',
  },
} as const;

/** The first view: from <div id="root"> on. */
const rootOf = (html: string): string => html.slice(Math.max(0, html.search(/<div id="?root"?>/)));
/** What a reader sees of some HTML: its text, tags and comments out, entities decoded, spaces as one. */
const textOf = (html: string): string =>
  decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
/** The text of the page's first <h1>. */
const headingOf = (html: string): string => textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(rootOf(html))?.[1] ?? '');
/** The value attribute of the input named `name` in the first view ('' when it has none). */
const valueOf = (html: string, name: string): string | undefined => {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(rootOf(html))?.[0];
  return input === undefined ? undefined : decodeEntities(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '');
};

async function pageSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const built = path.join(REPO_ROOT, 'mfe-contact', 'dist', 'server-render.json');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  let s: QuotationTestSite;
  let db: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const pageCache = new PageCache<Promise<RenderedPage>>();
  const lines: string[] = [];
  // each step from an address of its own: the link's limit (30 a minute) is the last step's to try
  let address = 0;
  const from = () => `192.0.2.${(address += 1)}`;

  t.before(async () => {
    // the real clock on both sides: the quotation is valid for 30 days from now
    s = await buildQuotationTestSite(target, { now: () => new Date() });
    db = s.db;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'link-page-'));
    app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, LOG_LEVEL: 'info' }), db, {
      catalogue: 'files',
      pageCache,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  t.after(async () => {
    await app?.close();
    await s?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, remoteAddress = from()) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress });
  /** A post as the browser sends the page's form from the page itself (same origin). */
  const post = (
    url: string,
    body: Pick<InjectOptions, 'payload' | 'headers'>,
    headers: Record<string, string> = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
  ) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: from(),
      payload: body.payload,
      headers: { ...body.headers, host: 'localhost:80', ...headers },
    });
  const urlencoded = (fields: Record<string, string>) => ({
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const state = async (id: number) =>
    (await db.query<{ state: string }>('select state from quotations where id = $1', [id]))[0]!.state;
  const acceptances = (id: number) =>
    db.query<{ name: string; position: string; po_number: string | null; po_file_bytes: number | null }>(
      'select name, position, po_number, po_file_bytes from quotation_acceptances where quotation_id = $1',
      [id],
    );

  await t.test(
    'each edition: the heading, the lines, the totals and both forms in the HTML, in its language; private and never kept',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      const cachedBefore = pageCache.size;
      for (const language of ['en', 'ar'] as const) {
        const url = quotationLinkPath(token, language);
        const res = await get(url);
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['cache-control'], 'no-store', url);
        assert.equal(res.headers['x-robots-tag'], 'noindex', url);
        assert.match(res.body, /<meta name="robots" content="noindex">/);
        assert.match(res.body, language === 'ar' ? /<html lang="ar" dir="rtl"/ : /<html lang="en"/);
        assert.equal(headingOf(res.body), `${TEXTS[language].heading} ${quotation.number}`, url);
        const view = textOf(rootOf(res.body));
        for (const shown of [
          TEXTS[language].caption,
          TEXTS[language].accept,
          TEXTS[language].changes,
          'HEX-CW-20S',
          quotation.totals.subtotal,
          quotation.totals.vat,
          quotation.totals.total,
          'AED',
        ])
          assert.ok(view.includes(shown), `${url}: ${shown} in ${view}`);
        // both forms, posting to the page's own address without a script (the acceptance with its file)
        const forms = [...rootOf(res.body).matchAll(/<form\b[^>]*method="post"[^>]*>/g)].map((form) => form[0]);
        assert.equal(forms.length, 2, forms.join('\n'));
        for (const form of forms) assert.ok(form.includes(` action="${url}"`), form);
        assert.deepEqual(
          forms.map((form) => /encType="([^"]*)"/i.exec(form)?.[1]),
          ['multipart/form-data', undefined],
        );
        assert.deepEqual(
          [valueOf(res.body, 'answer'), valueOf(res.body, 'name'), valueOf(res.body, 'position')],
          ['accept', '', ''],
        );
        assert.match(rootOf(res.body), /<textarea[^>]*name="message"/);
        assert.match(rootOf(res.body), /<input[^>]*type="file"[^>]*name="poFile"/);
        // the browser starts from what the server drew (no load, no second answer to match)
        const stateJson = new RegExp(
          `<script type="application/json" id="${FIRST_VIEW_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`,
        ).exec(res.body)?.[1];
        assert.ok(stateJson?.includes(quotation.number!), 'the state the page was drawn from comes with it');
        // the contact remote's files asked for with the page: its entry, the quotation module and its catalog in this
        // language (an unlisted page names no route of the table, which gave it no hint at all)
        const hints = [...res.body.matchAll(/<link rel="preload"[^>]*href="([^"]+)"/g)].map((hint) => hint[1]!);
        assert.ok(
          hints.includes('/remotes/contact/remoteEntry.js'),
          `${url}: the contact remote's entry preloaded (${hints.join(', ')})`,
        );
        assert.ok(
          hints.some((href) => /^\/remotes\/contact\/__federation_expose_Quotation\.[0-9a-f]+\.js$/.test(href)),
          `${url}: its page module preloaded (${hints.join(', ')})`,
        );
        assert.ok(
          hints.some((href) =>
            new RegExp(`^/remotes/contact/__federation_expose_messages_${language}\\.[0-9a-f]+\\.js$`).test(href),
          ),
          `${url}: its ${language} catalog preloaded (${hints.join(', ')})`,
        );
      }
      // opened: viewed, as the API's first opening marks it
      assert.equal(await state(quotation.id), 'viewed');
      // kept nowhere: no page was added to the cache for it, while a public page is kept
      assert.equal(pageCache.size, cachedBefore);
      assert.equal((await get('/contact-us')).statusCode, 200);
      assert.equal(pageCache.size, cachedBefore + 1);
      const logged = lines.join('');
      assert.ok(!logged.includes(token), 'the token is in no log line');
      assert.ok(logged.includes('/quotation/[token]'), 'the page is logged by its route');
    },
  );

  await t.test(
    'a token that opens nothing, in each edition: the one sentence, 200 as before, no quotation, not kept',
    async () => {
      const { token } = await s.sendNew(s.dubai, 'Dubai');
      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const language of ['en', 'ar'] as const) {
        const answers = [];
        for (const wrong of [altered, 'A'.repeat(43), 'short']) {
          const res = await get(quotationLinkPath(wrong, language));
          assert.equal(res.statusCode, 200, wrong);
          assert.equal(res.headers['cache-control'], 'no-store');
          assert.equal(headingOf(res.body), TEXTS[language].notFound, wrong);
          assert.doesNotMatch(rootOf(res.body), /<table|method="post"/, wrong);
          answers.push(rootOf(res.body).replaceAll(wrong, '<token>'));
        }
        assert.equal(new Set(answers).size, 1, 'one answer for every wrong token');
      }
    },
  );

  await t.test(
    'without scripts, two drawn pages accept: the second is told when and with which PO, and sends its kept PO file; a re-post of the first answers as before',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      const url = quotationLinkPath(token, 'en');
      // each drawing's form carries a key of its own
      const [first, second] = [
        valueOf((await get(url)).body, 'submission'),
        valueOf((await get(url)).body, 'submission'),
      ];
      assert.match(first ?? '', /^[A-Za-z0-9_-]{24}$/);
      assert.notEqual(first, second);
      const acceptForm = (submission: string, poNumber: string, file?: Buffer) =>
        multipartForm(
          { answer: 'accept', submission, name: 'Karim Nasser', position: 'Buyer', poNumber },
          file === undefined ? undefined : { name: 'second-po.pdf', type: 'application/pdf', bytes: file },
        );
      const won = await post(url, acceptForm(first!, 'PO-FIRST'));
      assert.equal(won.statusCode, 303);
      assert.equal(won.headers.location, `${url}?answered=accepted`);
      // the same form posted again (the browser's re-post): the same answer
      const again = await post(url, acceptForm(first!, 'PO-FIRST'));
      assert.equal(again.headers.location, `${url}?answered=accepted`);

      const told = await post(url, acceptForm(second!, 'PO-SECOND', A_PDF));
      assert.equal(told.statusCode, 200);
      const [{ accepted_at: at }] = (await db.query<{ accepted_at: Date }>(
        'select accepted_at from quotation_acceptances where quotation_id = $1',
        [quotation.id],
      )) as [{ accepted_at: Date }];
      const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${new Date(new Date(at).getTime() + 4 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`),
      );
      const view = textOf(rootOf(told.body));
      // the PO number in a span of its own (left to right)
      assert.ok(view.includes(`This quotation was already accepted on ${day} with PO PO-FIRST .`), view);
      assert.ok(view.includes('The purchase order file you chose, second-po.pdf, is kept.'), view);
      assert.equal(valueOf(told.body, 'answer'), 'purchaseOrder');
      assert.equal(valueOf(told.body, 'submission'), second);
      const kept = await db.query<{ po_number: string; sent: boolean }>(
        'select po_number, sent_to_branch_at is not null as sent from quotation_late_purchase_orders where quotation_id = $1',
        [quotation.id],
      );
      assert.deepEqual(kept, [{ po_number: 'PO-SECOND', sent: false }]);

      const sent = await post(url, urlencoded({ answer: 'purchaseOrder', submission: second! }));
      assert.equal(sent.statusCode, 303);
      assert.equal(sent.headers.location, `${url}?answered=purchaseOrder`);
      const page = textOf(rootOf((await get(sent.headers.location)).body));
      assert.ok(page.includes('Your purchase order file was sent to our Dubai branch.'), page);
      assert.deepEqual(
        await db.query(
          'select sent_to_branch_at is not null as sent from quotation_late_purchase_orders where quotation_id = $1',
          [quotation.id],
        ),
        [{ sent: true }],
      );
      assert.equal(
        (
          await db.query("select 1 from outbox where kind = 'quotation_late_purchase_order' and ref_id = $1", [
            quotation.id,
          ])
        ).length,
        1,
      );
      assert.deepEqual(await acceptances(quotation.id), [
        { name: 'Karim Nasser', position: 'Buyer', po_number: 'PO-FIRST', po_file_bytes: null },
      ]);
    },
  );

  await t.test('Ask for changes as a plain form: stored, then 303 to the page, which says it was sent', async () => {
    const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
    const url = quotationLinkPath(token, 'en');
    const empty = await post(url, urlencoded({ answer: 'changes', message: '   ' }));
    assert.equal(empty.statusCode, 400);
    assert.ok(textOf(rootOf(empty.body)).includes(TEXTS.en.message), 'the reason under the form');
    // sent as multipart (not the page's own form), a message longer than the parser reads is refused, never cut short
    const long = await post(url, multipartForm({ answer: 'changes', message: 'x'.repeat(1500) }));
    assert.equal(long.statusCode, 400);
    assert.ok(textOf(rootOf(long.body)).includes('A field of the form is too long'), textOf(rootOf(long.body)));
    assert.equal(await state(quotation.id), 'viewed');

    const res = await post(url, urlencoded({ answer: 'changes', message: 'Two deliveries,\r\nplease.' }));
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${url}?answered=changes`);
    assert.equal(await state(quotation.id), 'changes_asked');
    // stored as the script sends it: the browser's line break as one '\n'
    assert.deepEqual(
      await db.query('select message from quotation_change_requests where quotation_id = $1', [quotation.id]),
      [{ message: 'Two deliveries,\nplease.' }],
    );
    const page = await get(res.headers.location);
    assert.equal(page.statusCode, 200);
    assert.ok(textOf(rootOf(page.body)).includes(TEXTS.en.changesSent), textOf(rootOf(page.body)));
  });

  await t.test(
    'Accept as a plain form: refused with the reason and the values as typed; then stored with its PO file, 303, the page says accepted',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      const url = quotationLinkPath(token, 'en');
      const typed = { answer: 'accept', name: 'Karim Nasser', position: '', poNumber: 'PO-7781' };
      const missing = await post(url, multipartForm(typed));
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.headers['cache-control'], 'no-store');
      assert.ok(textOf(rootOf(missing.body)).includes(TEXTS.en.required));
      assert.deepEqual(
        [valueOf(missing.body, 'name'), valueOf(missing.body, 'position'), valueOf(missing.body, 'poNumber')],
        ['Karim Nasser', '', 'PO-7781'],
      );
      const notPdf = await post(
        url,
        multipartForm({ ...typed, position: 'Buyer' }, { name: 'po.pdf', type: 'application/pdf', bytes: AN_HTML }),
      );
      assert.equal(notPdf.statusCode, 400);
      assert.ok(textOf(rootOf(notPdf.body)).includes(TEXTS.en.notPdf));
      assert.deepEqual([valueOf(notPdf.body, 'name'), valueOf(notPdf.body, 'position')], ['Karim Nasser', 'Buyer']);
      assert.deepEqual(await acceptances(quotation.id), []);

      const res = await post(
        url,
        multipartForm({ ...typed, position: 'Buyer' }, { name: 'PO 7781.pdf', type: 'application/pdf', bytes: A_PDF }),
      );
      assert.equal(res.statusCode, 303, res.body);
      assert.equal(res.headers.location, `${url}?answered=accepted`);
      assert.deepEqual(await acceptances(quotation.id), [
        { name: 'Karim Nasser', position: 'Buyer', po_number: 'PO-7781', po_file_bytes: A_PDF.length },
      ]);
      assert.equal((await db.query('select 1 from orders where quotation_id = $1', [quotation.id])).length, 1);
      const page = textOf(rootOf((await get(res.headers.location)).body));
      assert.ok(page.includes(TEXTS.en.thanks) && page.includes('PO-7781'), page);
      assert.ok(!page.includes(TEXTS.en.accept), 'no forms once accepted');
      // a repeat (a second click of the plain form: the same texts, and no key here) changes nothing: the same page
      // (another submission is told it came second: the test above)
      assert.equal(
        (await post(url, multipartForm({ ...typed, position: 'Buyer' }))).headers.location,
        `${url}?answered=accepted`,
      );
      assert.deepEqual(
        (await acceptances(quotation.id)).map((row) => row.name),
        ['Karim Nasser'],
      );
    },
  );

  await t.test(
    'the Arabic page’s plain form, urlencoded without a file: stored, 303 back to the Arabic page',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai', { language: 'ar' });
      const url = quotationLinkPath(token, 'ar');
      const missing = await post(
        url,
        urlencoded({ answer: 'accept', name: 'عائشة الرحمن', position: ' ', poNumber: '' }),
      );
      assert.equal(missing.statusCode, 400);
      assert.ok(textOf(rootOf(missing.body)).includes(TEXTS.ar.required), 'the reason in Arabic');
      assert.equal(valueOf(missing.body, 'name'), 'عائشة الرحمن');
      const res = await post(
        url,
        urlencoded({ answer: 'accept', name: 'عائشة الرحمن', position: 'مديرة المشتريات', poNumber: '' }),
      );
      assert.equal(res.statusCode, 303, res.body);
      assert.equal(res.headers.location, `${url}?answered=accepted`);
      assert.deepEqual(await acceptances(quotation.id), [
        { name: 'عائشة الرحمن', position: 'مديرة المشتريات', po_number: null, po_file_bytes: null },
      ]);
      const page = await get(res.headers.location);
      assert.match(page.body, /<html lang="ar" dir="rtl"/);
      assert.ok(textOf(rootOf(page.body)).includes(TEXTS.ar.thanks), textOf(rootOf(page.body)));
    },
  );

  await t.test(
    'another site’s form is refused before anything is read: 403, nothing stored; a wrong token is sent to the page unread',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      const url = quotationLinkPath(token, 'en');
      const accept = urlencoded({ answer: 'accept', name: 'Mallory', position: 'Attacker' });
      const attacks: Record<string, string>[] = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        // an older browser: no Sec-Fetch-Site, only the other site's Origin
        { origin: 'https://evil.example' },
        // a sibling host of the same site is another site's page too
        { origin: 'https://shop.localhost', 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of attacks) {
        const res = await post(url, accept, headers);
        assert.equal(res.statusCode, 403, JSON.stringify(headers));
        assert.equal(res.body, CROSS_SITE_REFUSAL);
      }
      const changes = await post(url, urlencoded({ answer: 'changes', message: 'Cancel it' }), attacks[0]);
      assert.equal(changes.statusCode, 403);
      assert.deepEqual(await acceptances(quotation.id), []);
      assert.equal(await state(quotation.id), 'sent');
      assert.deepEqual(
        await db.query('select 1 from quotation_change_requests where quotation_id = $1', [quotation.id]),
        [],
      );

      const wrong = await post(quotationLinkPath('A'.repeat(43), 'en'), accept);
      assert.deepEqual([wrong.statusCode, wrong.headers.location], [303, quotationLinkPath('A'.repeat(43), 'en')]);
    },
  );

  await t.test('the page and its posts are rate-limited per client address, as the link’s API calls are', async () => {
    const one = '203.0.113.77';
    const statuses: number[] = [];
    for (let call = 0; call < 31; call += 1)
      statuses.push(
        (await get(quotationLinkPath(`${'G'.repeat(40)}${String(call).padStart(3, '0')}`, 'en'), one)).statusCode,
      );
    assert.deepEqual(statuses, [...Array<number>(30).fill(200), 429]);
    const limited = await get(quotationLinkPath('G'.repeat(43), 'en'), one);
    assert.equal(limited.statusCode, 429);
    assert.match(limited.body, /^Too many requests/);
    // another address is counted on its own
    assert.equal((await get(quotationLinkPath('G'.repeat(43), 'en'))).statusCode, 200);
    for (let call = 0; call < 30; call += 1)
      await app.inject({
        method: 'POST',
        url: quotationLinkPath('G'.repeat(43), 'en'),
        remoteAddress: one,
        ...urlencoded({ answer: 'changes', message: 'x' }),
      });
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: quotationLinkPath('G'.repeat(43), 'en'),
          remoteAddress: one,
          ...urlencoded({ answer: 'changes', message: 'x' }),
        })
      ).statusCode,
      429,
    );
  });
}

test('on embedded PGlite', async (t) => pageSuite(t, pgliteTarget));
test('on PostgreSQL', async (t) => onPostgres(t, (target) => pageSuite(t, target)));
