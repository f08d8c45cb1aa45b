// The staff inbox on both databases, over rows stored by the public saving functions: the list (newest first, spam
// apart, filters, full-text search, keyset paging with ties to the microsecond, totals), one row opened (fields in the
// form's order, quote lines, mails with their state, notes), the changes (status, spam in and out, assign, notes,
// re-send of a failed mail through a real outbox worker, delete of spam) each with its audit line, branch isolation
// (403 on another branch's row for every call, never in a branch account's list or CSV), the CSV export, and stored
// XSS: hostile text the public forms accept comes back in the JSON exactly as sent (the staff app renders text).
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  STAFF_API,
  staffApiPath,
  type InboxItemDetail,
  type InboxKind,
  type InboxPage,
  type StaffAccountSummary,
} from '@site/contracts/staff-api';
import { decodeInboxCursor, encodeInboxCursor } from '@site/contracts/staff-api-schemas';
import type { Database } from '../../platform/db/index.js';
import { composeOutboxMail, siteMailComposers } from '../../outboxMail.js';
import { createOutboxWorker } from '../../platform/mail/outboxWorker.js';
import { readQuoteSnapshot } from '../../quote-requests/quoteSnapshot.js';
import { branchEmail } from '../../submissions/store.js';
import type { MailTransport } from '../../platform/mail/transport.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../../test-support/databases.js';
import { FORMULA_LIKE_TEXTS, formulasOpened } from '../../test-support/spreadsheet.js';
import { readCsv } from '../../platform/spreadsheet/csv.js';
import { as, buildStaffWorkTestApp, createTestAccount } from '../../test-support/staffWorkApp.js';
import {
  submit,
  submitContact,
  submitEnquiry,
  submitQuote,
  submitRegistration,
  type Submitted,
} from '../../test-support/staffWorkData.js';

// ---------------------------------------------------------------- helpers

/** Parses CSV as RFC 4180 has it (quoted cells with "" and line breaks inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  assert.equal(cell, '', 'the CSV ends with CRLF');
  return rows;
}

const itemUrl = (kind: InboxKind, id: number, pattern: string = STAFF_API.inboxItem) =>
  staffApiPath(pattern, { kind, id });

async function auditLines(
  db: Database,
  target: string,
): Promise<{ action: string; actor_email: string | null; detail: string | null }[]> {
  return db.query('select action, actor_email, detail from staff_audit_log where target = $1 order by id', [target]);
}

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  assert.equal(res.statusCode, status, res.body);
  return res.json<T>();
}

/** A transport that fails while `failing` is true, and records what it sent otherwise. */
function switchableTransport(): MailTransport & { failing: boolean; sent: number } {
  return {
    failing: true,
    sent: 0,
    async sendMail() {
      if (this.failing) throw new Error('550 mailbox unavailable');
      this.sent += 1;
      return {};
    },
    close() {},
  };
}

// ---------------------------------------------------------------- the suite

async function inboxSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let nudges = 0;
  let admin: StaffAccountSummary;
  let dubai: StaffAccountSummary;
  let dubai2: StaffAccountSummary;
  let oman: StaffAccountSummary;
  let dubaiDisabled: StaffAccountSummary;
  const rows: Record<string, Submitted> = {};

  const get = (account: StaffAccountSummary, url: string, query: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, query, headers: as(account) });
  const post = (account: StaffAccountSummary, url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...as(account), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    } satisfies InjectOptions);
  const list = async (account: StaffAccountSummary, query: Record<string, string> = {}) =>
    ok<InboxPage>(await get(account, STAFF_API.inbox, query));
  const keys = (page: InboxPage) => page.items.map((item) => `${item.kind}:${item.id}`);
  const key = (row: Submitted) => `${row.kind}:${row.id}`;

  t.before(async () => {
    database = await target.fresh();
    db = database.db;
    app = await buildStaffWorkTestApp({ db, onOutboxWrite: () => (nudges += 1), productName: (id) => `Product ${id}` });
    admin = await createTestAccount(db, 'admin@crescent.example', 'admin');
    dubai = await createTestAccount(db, 'dubai@crescent.example', 'branch', 'Dubai');
    dubai2 = await createTestAccount(db, 'dubai2@crescent.example', 'branch', 'Dubai');
    oman = await createTestAccount(db, 'oman@crescent.example', 'branch', 'Oman');
    dubaiDisabled = await createTestAccount(db, 'gone@crescent.example', 'branch', 'Dubai', { disabled: true });

    rows.contactDubai = await submitContact(db, {
      name: 'Aisha Rahman',
      email: 'aisha@gulfbuild.example',
      message: 'We need armoured cable for a substation.\nSecond line.',
      companyName: 'Gulf Build LLC',
    });
    rows.contactOman = await submitContact(db, {
      name: 'Salim Al Harthy',
      email: 'salim@muscat.example',
      country: 'Oman',
      message: 'Price list for cable glands please',
      companyName: 'Muscat Works',
    });
    rows.registrationBahrain = await submitRegistration(db, {
      userName: 'Fatima Noor',
      userEmail: 'fatima@bahrain.example',
      userCountry: 'Bahrain',
    });
    rows.enquiryDubai = await submitEnquiry(db, {
      userName: 'Lina Saleh',
      userEmail: 'lina@example.net',
      inquiryMessage: 'مرحبا، نحتاج كابلات مدرعة',
      companyName: 'Saleh Trading',
    });
    rows.quoteDubai = await submitQuote(db, { name: 'Karim Nasser', notes: 'Deliver to site 4' });
    rows.quoteOman = await submitQuote(db, {
      name: 'Yusuf Omani',
      email: 'yusuf@oman.example',
      branch: 'Oman',
      notes: null,
    });
    rows.spamContact = await submitContact(db, {
      name: 'Cheap Pills',
      email: 'bot@spam.example',
      message: 'buy now',
      website: 'http://spam.example',
    });
    rows.spamQuoteOman = await submitQuote(db, {
      name: 'Bot Quote',
      email: 'bot2@spam.example',
      branch: 'Oman',
      website: 'x',
    });
    // a contact message stored before the branch was required (country null): admins only
    const [legacy] = await db.query<{ id: number }>(
      `insert into contact_messages (name, email, message) values ('Old Timer', 'old@example.com', 'from 2019') returning id`,
    );
    rows.legacy = { kind: 'contact', id: legacy!.id };
    // a clear order, a second apart, oldest first as inserted
    const ordered = [
      'legacy',
      'contactDubai',
      'contactOman',
      'registrationBahrain',
      'enquiryDubai',
      'quoteDubai',
      'quoteOman',
      'spamContact',
      'spamQuoteOman',
    ];
    for (const [index, name] of ordered.entries()) {
      const { kind, id } = rows[name]!;
      const table = {
        contact: 'contact_messages',
        registration: 'registrations',
        enquiry: 'inquiries',
        quote: 'quote_requests',
      }[kind];
      await db.query(
        `update ${table} set created_at = timestamptz '2025-03-01 10:00:00+00' + make_interval(secs => $2) where id = $1`,
        [id, index],
      );
    }
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const NOT_SPAM_NEWEST_FIRST = () =>
    ['quoteOman', 'quoteDubai', 'enquiryDubai', 'registrationBahrain', 'contactOman', 'contactDubai', 'legacy'].map(
      (name) => key(rows[name]!),
    );

  await t.test('the list: newest first, spam left out, totals, summaries as text', async () => {
    const page = await list(admin);
    assert.deepEqual(keys(page), NOT_SPAM_NEWEST_FIRST());
    assert.equal(page.total, 7);
    assert.equal(page.nextCursor, null);
    const contact = page.items.find((item) => item.kind === 'contact' && item.id === rows.contactDubai!.id)!;
    assert.deepEqual(contact, {
      kind: 'contact',
      id: rows.contactDubai!.id,
      createdAt: '2025-03-01T10:00:01.000Z',
      branch: 'Dubai',
      status: 'new',
      name: 'Aisha Rahman',
      email: 'aisha@gulfbuild.example',
      company: 'Gulf Build LLC',
      preview: 'We need armoured cable for a substation.\nSecond line.',
      assignee: null,
    });
    const quote = page.items.find((item) => item.kind === 'quote' && item.id === rows.quoteOman!.id)!;
    assert.equal(quote.preview, '1 product lines', 'a quote without notes shows what it asks for');
    const registration = page.items.find((item) => item.kind === 'registration')!;
    assert.deepEqual([registration.preview, registration.company, registration.branch], ['', null, 'Bahrain']);
    const res = await get(admin, STAFF_API.inbox);
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  await t.test('a long message is previewed by its first 200 characters', async () => {
    const long = await submitContact(db, { name: 'Long Writer', message: `${'x'.repeat(199)}é${'y'.repeat(500)}` });
    try {
      const page = await list(admin, { q: 'long writer' });
      assert.equal(page.items[0]!.preview, `${'x'.repeat(199)}é`);
    } finally {
      await db.query('delete from outbox where kind = $1 and ref_id = $2', ['contact_message', long.id]);
      await db.query('delete from contact_messages where id = $1', [long.id]);
    }
  });

  await t.test('filters: kind, branch, status, dates; spam only when asked', async () => {
    assert.deepEqual(keys(await list(admin, { kind: 'quote' })), [key(rows.quoteOman!), key(rows.quoteDubai!)]);
    assert.deepEqual(keys(await list(admin, { branch: 'Oman' })), [key(rows.quoteOman!), key(rows.contactOman!)]);
    assert.deepEqual(keys(await list(admin, { branch: 'Oman', kind: 'contact' })), [key(rows.contactOman!)]);
    assert.deepEqual(keys(await list(admin, { status: 'spam' })), [key(rows.spamQuoteOman!), key(rows.spamContact!)]);
    assert.equal(
      (await list(admin, { status: 'spam' })).items.every((item) => item.status === 'spam'),
      true,
    );
    assert.deepEqual(keys(await list(admin, { status: 'handled' })), []);
    assert.equal((await list(admin, { status: 'new' })).total, 7);
    // dates are whole UTC days, both ends included
    assert.equal((await list(admin, { from: '2025-03-01', to: '2025-03-01' })).total, 7);
    assert.equal((await list(admin, { from: '2025-03-02' })).total, 0);
    assert.equal((await list(admin, { to: '2025-02-28' })).total, 0);
    // empty parameters are left out (a form's blank selects)
    assert.equal((await list(admin, { kind: '', branch: '', status: '', q: '' })).total, 7);
  });

  await t.test(
    'full-text search over names, e-mails, companies, messages and quote references; words as prefixes, any case',
    async () => {
      const search = async (q: string, account = admin) => keys(await list(account, { q }));
      assert.deepEqual(await search('aisha'), [key(rows.contactDubai!)]);
      assert.deepEqual(await search('AIS'), [key(rows.contactDubai!)], 'a prefix, any case');
      assert.deepEqual(await search('aisha rahman'), [key(rows.contactDubai!)]);
      assert.deepEqual(await search('aisha salim'), [], 'every word must match');
      assert.deepEqual(await search('aisha@gulfbuild.example'), [key(rows.contactDubai!)], 'a whole address');
      assert.deepEqual(await search('gulfbuild.example'), [key(rows.contactDubai!)], 'an address by its domain');
      assert.deepEqual(await search('substation'), [key(rows.contactDubai!)], 'a word of the message');
      assert.deepEqual(await search('muscat'), [key(rows.contactOman!)], 'a company (and a domain)');
      assert.deepEqual(await search('مدرعة'), [key(rows.enquiryDubai!)], 'Arabic');
      assert.deepEqual(await search('fatima'), [key(rows.registrationBahrain!)]);
      const dubaiReference = (rows.quoteDubai as Submitted & { reference: string }).reference;
      assert.match(dubaiReference, /^RFQ-AE-\d{4}-\d{6}$/);
      assert.deepEqual(await search(dubaiReference), [key(rows.quoteDubai!)], 'a quote reference');
      assert.deepEqual(await search(dubaiReference.toLowerCase()), [key(rows.quoteDubai!)], 'in any case');
      assert.deepEqual(await search('RFQ-OM'), [key(rows.quoteOman!)], "a branch's code finds its requests");
      // a reference stored before the branch codes is found as it is written
      const omanReference = (rows.quoteOman as Submitted & { reference: string }).reference;
      const old = omanReference.replace(/^RFQ-OM-/, 'RFQ-');
      await db.query('update quote_requests set reference = $1 where reference = $2', [old, omanReference]);
      try {
        assert.deepEqual(await search(old), [key(rows.quoteOman!)], 'an old reference');
        assert.deepEqual(await search(omanReference), [], 'not under the code it never had');
      } finally {
        await db.query('update quote_requests set reference = $1 where reference = $2', [omanReference, old]);
      }
      assert.deepEqual(await search('site'), [key(rows.quoteDubai!)], 'a quote note');
      assert.deepEqual(await search('cable'), [key(rows.contactOman!), key(rows.contactDubai!)], 'newest first');
      assert.equal((await list(admin, { q: 'cable' })).total, 2);
      assert.deepEqual(await search('!!! ???'), [], 'no word at all: nothing');
      assert.deepEqual(await search("o'brien & | ! :* ( )"), [], 'tsquery syntax in the text is only text');
      assert.deepEqual(await search('cheap'), [], 'spam is not searched unless asked for');
      assert.deepEqual(keys(await list(admin, { q: 'cheap', status: 'spam' })), [key(rows.spamContact!)]);
      assert.deepEqual(await search('salim', dubai), [], "another branch's rows are not found");
    },
  );

  await t.test(
    'paging: a keyset cursor walks every row once, in order, ties broken by kind and id to the microsecond',
    async () => {
      // four rows of four kinds at the very same instant, two more a microsecond either side of it
      const tie: Submitted[] = [];
      for (const kind of ['quote', 'contact', 'enquiry', 'registration', 'contact', 'quote'] as const)
        tie.push(await submit(db, kind, 'Saudi Arabia', kind === 'quote' ? { name: 'Tie Quote' } : {}));
      const instants = [
        '2025-04-01 12:00:00.000001+00',
        '2025-04-01 12:00:00.000001+00',
        '2025-04-01 12:00:00.000001+00',
        '2025-04-01 12:00:00.000001+00',
        '2025-04-01 12:00:00.000002+00',
        '2025-04-01 12:00:00+00',
      ];
      const tables = {
        contact: 'contact_messages',
        registration: 'registrations',
        enquiry: 'inquiries',
        quote: 'quote_requests',
      } as const;
      for (const [index, row] of tie.entries())
        await db.query(`update ${tables[row.kind]} set created_at = $2 where id = $1`, [row.id, instants[index]]);
      try {
        const all = await list(admin, { branch: 'Saudi Arabia', limit: '100' });
        assert.deepEqual(
          keys(all),
          [key(tie[4]!), key(tie[0]!), key(tie[2]!), key(tie[3]!), key(tie[1]!), key(tie[5]!)],
          'newest first; same instant: quote, enquiry, registration, contact',
        );
        for (const size of [1, 2, 4]) {
          const walked: string[] = [];
          let cursor: string | null = null;
          let pages = 0;
          do {
            const page: InboxPage = await list(admin, {
              branch: 'Saudi Arabia',
              limit: String(size),
              ...(cursor === null ? {} : { cursor }),
            });
            assert.equal(page.total, 6, 'the total is of every page');
            walked.push(...keys(page));
            cursor = page.nextCursor;
            pages += 1;
          } while (cursor !== null);
          assert.deepEqual(walked, keys(all), `pages of ${size}`);
          assert.equal(pages, Math.ceil(6 / size));
        }
        // the whole inbox too, in pages of 3
        const everything = await list(admin, { limit: '100' });
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const page: InboxPage = await list(admin, { limit: '3', ...(cursor === null ? {} : { cursor }) });
          walked.push(...keys(page));
          cursor = page.nextCursor;
        } while (cursor !== null);
        assert.deepEqual(walked, keys(everything));
        assert.equal(new Set(walked).size, everything.total);
      } finally {
        for (const row of tie) {
          await db.query('delete from outbox where ref_id = $1 and kind = any($2::text[])', [
            row.id,
            row.kind === 'quote'
              ? ['quote_request', 'quote_confirmation']
              : row.kind === 'contact'
                ? ['contact_message']
                : ['inquiry'],
          ]);
          await db.query(`delete from ${tables[row.kind]} where id = $1`, [row.id]);
        }
      }
    },
  );

  await t.test('bad parameters: a clear 400', async () => {
    const bad = async (query: Record<string, string>, message: RegExp) => {
      const res = await get(admin, STAFF_API.inbox, query);
      assert.equal(res.statusCode, 400, JSON.stringify(query));
      assert.match(res.json<{ error: string }>().error, message);
    };
    await bad({ kind: 'order' }, /^kind must be one of: contact, registration, enquiry, quote$/);
    await bad({ branch: 'Qatar' }, /^branch must be one of: Dubai, Oman, Bahrain, Saudi Arabia$/);
    await bad({ status: 'done' }, /^status must be one of: new, in_progress, handled, spam$/);
    await bad({ from: '2025-02-30' }, /^from must be a date written YYYY-MM-DD$/);
    await bad({ to: 'yesterday' }, /^to must be a date written YYYY-MM-DD$/);
    await bad({ from: '2025-03-02', to: '2025-03-01' }, /^from must be a day before or the same as to$/);
    await bad({ limit: '0' }, /^limit must be a whole number from 1 to 100$/);
    await bad({ limit: '101' }, /^limit must be a whole number from 1 to 100$/);
    await bad({ limit: '1e2' }, /^limit must be/);
    await bad({ cursor: 'not-a-cursor' }, /^cursor is not valid/);
    await bad({ cursor: Buffer.from('[1,2,3]').toString('base64url') }, /^cursor is not valid/);
    // crafted cursors that pass a pattern but name no real row: instants that do not exist, ranks and ids out of range
    // (the database refused the first ones: a 503)
    const crafted = (at: string, rank: number, id: number) =>
      Buffer.from(JSON.stringify([at, rank, id])).toString('base64url');
    for (const [at, rank, id] of [
      ['0000-00-00T00:00:00.000000Z', 1, 1],
      ['2026-02-31T10:00:00.000000Z', 1, 1],
      ['2026-13-01T10:00:00.000000Z', 1, 1],
      ['2026-11-23T24:00:00.000000Z', 1, 1],
      ['2026-11-23T10:61:00.000000Z', 1, 1],
      ['2026-11-23T10:00:00.000000Z', 0, 1],
      ['2026-11-23T10:00:00.000000Z', 99, 1],
      ['2026-11-23T10:00:00.000000Z', 2, -1],
      ['2026-11-23T10:00:00.000000Z', 2, 2 ** 53],
    ] as const) {
      await bad({ cursor: crafted(at, rank, id) }, /^cursor is not valid/);
    }
    await bad({ q: 'x'.repeat(201) }, /^q must be at most 200 characters$/);
    await bad({ q: 'a\u0000b' }, /^q contains characters that are not allowed$/);
    await bad({ sort: 'name' }, /^Unknown parameter "sort"/);
    const twice = await app.inject({
      method: 'GET',
      url: `${STAFF_API.inbox}?kind=quote&kind=contact`,
      headers: as(admin),
    });
    assert.equal(twice.statusCode, 400);
    assert.match(twice.json<{ error: string }>().error, /^kind must be given once$/);
    const cursor = { at: '2025-03-01T10:00:01.123456Z', rank: 2, id: 7 };
    assert.deepEqual(decodeInboxCursor(encodeInboxCursor(cursor)), cursor);
  });

  await t.test(
    'branch staff: their branch only, in the list, search, filters and CSV; admins see every branch and rows of none',
    async () => {
      const mine = await list(dubai);
      assert.deepEqual(keys(mine), [key(rows.quoteDubai!), key(rows.enquiryDubai!), key(rows.contactDubai!)]);
      assert.equal(mine.total, 3);
      assert.deepEqual(keys(await list(dubai, { branch: 'Dubai' })), keys(mine));
      assert.deepEqual(keys(await list(dubai, { status: 'spam' })), [key(rows.spamContact!)]);
      assert.deepEqual(keys(await list(oman, { status: 'spam' })), [key(rows.spamQuoteOman!)]);
      const other = await get(dubai, STAFF_API.inbox, { branch: 'Oman' });
      assert.equal(other.statusCode, 403);
      assert.deepEqual(other.json(), { error: 'You can see only your own branch.' });
      assert.equal((await get(dubai, STAFF_API.inboxCsv, { branch: 'Oman' })).statusCode, 403);
      const csv = parseCsv((await get(dubai, STAFF_API.inboxCsv)).body.slice(1));
      assert.deepEqual(
        csv.slice(1).map((row) => `${row[0]}:${row[1]}`),
        keys(mine),
      );
      assert.ok(csv.slice(1).every((row) => row[4] === 'Dubai'));
      const legacy = (await list(admin)).items.find((item) => item.id === rows.legacy!.id && item.kind === 'contact')!;
      assert.equal(legacy.branch, null);
    },
  );

  await t.test("another branch's row: 403 for opening it and for every change, and nothing changes", async () => {
    const row = rows.contactOman!;
    const before = JSON.stringify(
      await db.query('select status, spam, assignee_id, updated_at from contact_messages where id = $1', [row.id]),
    );
    const [mail] = await db.query<{ id: number }>('select id from outbox where kind = $1 and ref_id = $2', [
      'contact_message',
      row.id,
    ]);
    const attempts: [string, Promise<LightMyRequestResponse>][] = [
      ['open', get(dubai, itemUrl(row.kind, row.id))],
      ['status', post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), { status: 'handled' })],
      ['spam', post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), { status: 'spam' })],
      ['assign', post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxAssign), { assigneeId: dubai.id })],
      ['note', post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxNote), { text: 'mine now' })],
      ['resend', post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxResend), { mailId: mail!.id })],
      [
        'delete',
        app.inject({ method: 'DELETE', url: itemUrl(row.kind, row.id, STAFF_API.inboxDelete), headers: as(dubai) }),
      ],
      ['legacy row', get(dubai, itemUrl('contact', rows.legacy!.id))],
      [
        'spam of Oman',
        app.inject({
          method: 'DELETE',
          url: itemUrl('quote', rows.spamQuoteOman!.id, STAFF_API.inboxDelete),
          headers: as(dubai),
        }),
      ],
    ];
    for (const [what, pending] of attempts) {
      const res = await pending;
      assert.equal(res.statusCode, 403, `${what}: ${res.body}`);
      assert.deepEqual(res.json(), { error: 'This belongs to another branch.' });
    }
    assert.equal(
      JSON.stringify(
        await db.query('select status, spam, assignee_id, updated_at from contact_messages where id = $1', [row.id]),
      ),
      before,
    );
    assert.deepEqual(await auditLines(db, `contact:${row.id}`), []);
    assert.equal((await db.query('select 1 from staff_notes')).length, 0);
    // unknown rows and addresses: 404
    assert.equal((await get(admin, itemUrl('contact', 999_999))).statusCode, 404);
    assert.equal((await get(admin, '/api/staff/inbox/order/1')).statusCode, 404);
    assert.equal((await get(admin, '/api/staff/inbox/contact/0')).statusCode, 404);
    assert.equal((await get(admin, '/api/staff/inbox/contact/1e3')).statusCode, 404);
  });

  await t.test('opening a row: every field in the form order, a quote with its lines, its mails, as text', async () => {
    const contact = ok<InboxItemDetail>(await get(dubai, itemUrl('contact', rows.contactDubai!.id)));
    assert.deepEqual(contact.fields, [
      { label: 'Name', value: 'Aisha Rahman' },
      { label: 'Email', value: 'aisha@gulfbuild.example' },
      { label: 'Phone', value: '+971 50 123 4567' },
      { label: 'Country', value: 'Dubai' },
      { label: 'Company Name', value: 'Gulf Build LLC' },
      { label: 'Company Location', value: 'Dubai' },
      { label: 'Message', value: 'We need armoured cable for a substation.\nSecond line.' },
      { label: 'Language', value: 'English' },
    ]);
    assert.deepEqual(
      contact.mails.map(({ kind, recipient, state, attempts, lastError, sentAt }) => ({
        kind,
        recipient,
        state,
        attempts,
        lastError,
        sentAt,
      })),
      [
        {
          kind: 'contact_message',
          recipient: 'dubai@crescent-electrical.example',
          state: 'pending',
          attempts: 0,
          lastError: null,
          sentAt: null,
        },
      ],
    );
    assert.deepEqual(contact.notes, []);
    assert.equal(contact.reference, undefined);

    const quote = ok<InboxItemDetail>(await get(admin, itemUrl('quote', rows.quoteDubai!.id)));
    assert.equal(quote.reference, (rows.quoteDubai as Submitted & { reference: string }).reference);
    assert.deepEqual(
      quote.fields.map((field) => field.label),
      [
        'Reference',
        'Company',
        'Your name',
        'Email',
        'Phone',
        'Branch',
        'Delivery city',
        'Needed by',
        'Notes',
        'Language',
      ],
    );
    assert.match(quote.fields[7]!.value, /^\d{4}-\d{2}-\d{2}$/);
    // no code sent: the gland's first size, named by its code and label
    assert.deepEqual(quote.lines, [
      {
        productId: 'hex_cw_brass_cable_gland',
        productCode: 'HEX-CW-20S',
        productName: quote.lines![0]!.productName,
        variantLabel: 'Size 20S (M20)',
        unit: 'piece',
        quantity: '40',
      },
    ]);
    assert.deepEqual(
      quote.mails.map((mail) => [mail.kind, mail.state]),
      [
        ['quote_request', 'pending'],
        ['quote_confirmation', 'pending'],
      ],
    );

    const registration = ok<InboxItemDetail>(await get(admin, itemUrl('registration', rows.registrationBahrain!.id)));
    assert.deepEqual(registration.fields, [
      { label: 'Full Name', value: 'Fatima Noor' },
      { label: 'Email Address', value: 'fatima@bahrain.example' },
      { label: 'Region/Branch', value: 'Bahrain' },
    ]);
    assert.deepEqual(registration.mails, []);
    const enquiry = ok<InboxItemDetail>(await get(admin, itemUrl('enquiry', rows.enquiryDubai!.id)));
    assert.deepEqual(
      enquiry.fields.map((field) => field.label),
      [
        'Full Name',
        'Email Address',
        'Phone Number',
        'Region/Branch',
        'Company Name',
        'Company Location',
        'Your Inquiry',
        'Language',
      ],
    );
    assert.equal(enquiry.fields[2]!.value, '', 'a field left blank is empty text');
  });

  await t.test('status: set, filtered on, audited; spam in and out of the inbox', async () => {
    const row = rows.enquiryDubai!;
    const detail = ok<InboxItemDetail>(
      await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), { status: 'in_progress' }),
    );
    assert.equal(detail.status, 'in_progress');
    assert.deepEqual(keys(await list(dubai, { status: 'in_progress' })), [key(row)]);
    assert.equal((await list(dubai, { status: 'new' })).total, 2);

    ok(await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), { status: 'spam' }));
    assert.ok(!keys(await list(dubai)).includes(key(row)), 'spam leaves the inbox');
    assert.ok(keys(await list(dubai, { status: 'spam' })).includes(key(row)));
    assert.deepEqual(
      (await db.query('select spam from inquiries where id = $1', [row.id]))[0],
      { spam: true },
      'spam is the one flag',
    );
    const restored = ok<InboxItemDetail>(
      await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), { status: 'new' }),
    );
    assert.equal(restored.status, 'new');
    assert.ok(keys(await list(dubai)).includes(key(row)), 'restored');
    assert.deepEqual(
      (await auditLines(db, key(row))).map((line) => [line.action, line.actor_email, line.detail]),
      [
        ['inbox.status', 'dubai@crescent.example', 'new → in_progress'],
        ['inbox.status', 'dubai@crescent.example', 'in_progress → spam'],
        ['inbox.status', 'dubai@crescent.example', 'spam → new'],
      ],
    );
    for (const body of [{}, { status: 'done' }, { status: 'new', extra: 1 }, null, 'new']) {
      const res = await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
    }
    const plain = await app.inject({
      method: 'POST',
      url: itemUrl(row.kind, row.id, STAFF_API.inboxStatus),
      headers: { ...as(dubai), 'content-type': 'text/plain' },
      payload: 'handled',
    });
    assert.equal(plain.statusCode, 415);
    assert.deepEqual(plain.json(), { error: 'Send the request as JSON (Content-Type: application/json)' });
    assert.equal((await auditLines(db, key(row))).length, 3, 'a refused change leaves no line');
  });

  await t.test(
    'assign: to a colleague of the branch or an admin; not to another branch or a disabled account; unassign',
    async () => {
      const row = rows.contactDubai!;
      const url = itemUrl(row.kind, row.id, STAFF_API.inboxAssign);
      const detail = ok<InboxItemDetail>(await post(dubai, url, { assigneeId: dubai2.id }));
      assert.deepEqual(detail.assignee, {
        id: dubai2.id,
        email: 'dubai2@crescent.example',
        role: 'branch',
        branch: 'Dubai',
      });
      assert.deepEqual((await list(dubai, { q: 'aisha' })).items[0]!.assignee, detail.assignee);
      for (const [who, id] of [
        ['another branch', oman.id],
        ['a disabled account', dubaiDisabled.id],
        ['nobody', 999_999],
      ] as const) {
        const res = await post(dubai, url, { assigneeId: id });
        assert.equal(res.statusCode, 400, who);
        const message = 'assigneeId must be an enabled account that may see this branch';
        assert.deepEqual(res.json(), { error: message, problems: [{ path: [], message }] });
      }
      assert.deepEqual(ok<InboxItemDetail>(await post(dubai, url, { assigneeId: admin.id })).assignee, {
        id: admin.id,
        email: 'admin@crescent.example',
        role: 'admin',
        branch: null,
      });
      assert.equal(ok<InboxItemDetail>(await post(dubai, url, { assigneeId: null })).assignee, null);
      assert.equal((await post(dubai, url, {})).statusCode, 400);
      assert.equal((await post(dubai, url, { assigneeId: '2' })).statusCode, 400);
      assert.deepEqual(
        (await auditLines(db, key(row))).map((line) => line.detail),
        ['assigned to dubai2@crescent.example', 'assigned to admin@crescent.example', 'unassigned'],
      );
    },
  );

  await t.test('notes: added with their author, in order; the text rules of the forms', async () => {
    const row = rows.quoteDubai!;
    const url = itemUrl(row.kind, row.id, STAFF_API.inboxNote);
    ok(await post(dubai, url, { text: '  Called back, sending prices.  ' }));
    const detail = ok<InboxItemDetail>(await post(admin, url, { text: 'Approved <b>5%</b> discount\nsecond line' }));
    assert.deepEqual(
      detail.notes.map((note) => [note.author.email, note.text]),
      [
        ['dubai@crescent.example', 'Called back, sending prices.'],
        ['admin@crescent.example', 'Approved <b>5%</b> discount\nsecond line'],
      ],
    );
    for (const [text, message] of [
      ['', /^text is required$/],
      ['   ', /^text is required$/],
      ['a\u0000b', /^text contains characters that are not allowed$/],
      ['a\u001b[31m', /^text contains characters that are not allowed$/],
      ['x'.repeat(4001), /^text must be at most 4000 characters$/],
      [42, /^text must be text$/],
    ] as const) {
      const res = await post(dubai, url, { text });
      assert.equal(res.statusCode, 400);
      assert.match(res.json<{ error: string }>().error, message);
    }
    assert.equal((await auditLines(db, key(row))).filter((line) => line.action === 'inbox.note').length, 2);
  });

  await t.test(
    're-send: a failed mail (through a real outbox worker) is queued again now and sent; others are refused',
    async () => {
      const row = rows.contactDubai!;
      const transport = switchableTransport();
      const worker = createOutboxWorker({
        db,
        transport,
        composers: siteMailComposers(),
        from: 'site@crescent.example',
        retryBaseMs: 3_600_000,
        retryMaxMs: 3_600_000,
        pollMs: 60_000,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      // only this row's mail is due: the others wait
      await db.query(
        `update outbox set next_attempt_at = now() + interval '1 day' where not (kind = 'contact_message' and ref_id = $1)`,
        [row.id],
      );
      assert.deepEqual(await worker.drain(), { sent: 0, failed: 1 });
      let detail = ok<InboxItemDetail>(await get(dubai, itemUrl(row.kind, row.id)));
      const mail = detail.mails[0]!;
      assert.deepEqual([mail.state, mail.attempts, mail.lastError], ['failed', 1, '550 mailbox unavailable']);
      assert.deepEqual(await worker.drain(), { sent: 0, failed: 0 }, 'the backoff keeps it for an hour');

      transport.failing = false;
      const before = nudges;
      detail = ok<InboxItemDetail>(
        await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxResend), { mailId: mail.id }),
      );
      assert.deepEqual(
        [detail.mails[0]!.state, detail.mails[0]!.attempts, detail.mails[0]!.lastError],
        ['pending', 0, null],
      );
      assert.equal(nudges, before + 1, 'the worker is woken');
      assert.deepEqual(await worker.drain(), { sent: 1, failed: 0 });
      detail = ok<InboxItemDetail>(await get(dubai, itemUrl(row.kind, row.id)));
      assert.equal(detail.mails[0]!.state, 'sent');
      assert.match(detail.mails[0]!.sentAt!, /^\d{4}-\d{2}-\d{2}T/);
      const [line] = (await auditLines(db, key(row))).filter((entry) => entry.action === 'inbox.resend');
      assert.match(line!.detail!, /queued again after 1 attempts; last error: 550 mailbox unavailable$/);

      const sent = await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxResend), { mailId: mail.id });
      assert.equal(sent.statusCode, 409);
      assert.deepEqual(sent.json(), { error: 'Only a mail that failed can be sent again (this one is sent)' });
      const [pending] = await db.query<{ id: number }>('select id from outbox where kind = $1 and ref_id = $2', [
        'quote_request',
        rows.quoteDubai!.id,
      ]);
      assert.equal(
        (await post(dubai, itemUrl('quote', rows.quoteDubai!.id, STAFF_API.inboxResend), { mailId: pending!.id }))
          .statusCode,
        409,
        'pending',
      );
      assert.equal(
        (await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxResend), { mailId: pending!.id })).statusCode,
        404,
        "another row's mail",
      );
      await worker.stop();
    },
  );

  await t.test(
    're-send while the worker is retrying that very mail: refused as pending, and the mail goes once',
    async () => {
      const row = rows.contactDubai!;
      const [mail] = await db.query<{ id: number }>(
        `select id from outbox where kind = 'contact_message' and ref_id = $1`,
        [row.id],
      );
      await db.query(
        `update outbox set sent_at = null, last_error = '550 mailbox unavailable', attempts = 1, next_attempt_at = now() where id = $1`,
        [mail!.id],
      );
      await db.query(
        `update outbox set next_attempt_at = now() + interval '1 day' where id <> $1 and sent_at is null`,
        [mail!.id],
      );
      assert.equal(ok<InboxItemDetail>(await get(dubai, itemUrl(row.kind, row.id))).mails[0]!.state, 'failed');
      // a transport that holds the first send until the test lets it go
      let entered!: () => void;
      const sending = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let sent = 0;
      const transport: MailTransport = {
        async sendMail() {
          entered();
          await released;
          sent += 1;
          return {};
        },
        close() {},
      };
      const worker = createOutboxWorker({
        db,
        transport,
        composers: siteMailComposers(),
        from: 'site@crescent.example',
        retryBaseMs: 3_600_000,
        retryMaxMs: 3_600_000,
        pollMs: 60_000,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      const draining = worker.drain();
      await sending;
      const during = await post(dubai, itemUrl(row.kind, row.id, STAFF_API.inboxResend), { mailId: mail!.id });
      assert.equal(during.statusCode, 409, during.body);
      assert.deepEqual(during.json(), { error: 'Only a mail that failed can be sent again (this one is pending)' });
      release();
      assert.deepEqual(await draining, { sent: 1, failed: 0 });
      assert.deepEqual(await worker.drain(), { sent: 0, failed: 0 }, 'nothing queued twice');
      assert.equal(sent, 1);
      assert.equal(ok<InboxItemDetail>(await get(dubai, itemUrl(row.kind, row.id))).mails[0]!.state, 'sent');
      await worker.stop();
    },
  );

  await t.test('delete: spam only, with its notes, lines and mails', async () => {
    const quote = rows.quoteDubai!;
    const refused = await app.inject({
      method: 'DELETE',
      url: itemUrl(quote.kind, quote.id, STAFF_API.inboxDelete),
      headers: as(dubai),
    });
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.json(), { error: 'Only spam can be deleted: mark it as spam first' });

    ok(await post(dubai, itemUrl(quote.kind, quote.id, STAFF_API.inboxStatus), { status: 'spam' }));
    const res = await app.inject({
      method: 'DELETE',
      url: itemUrl(quote.kind, quote.id, STAFF_API.inboxDelete),
      headers: as(dubai),
    });
    assert.equal(res.statusCode, 204, res.body);
    assert.equal(res.body, '');
    for (const [sql, params] of [
      ['select 1 from quote_requests where id = $1', [quote.id]],
      ['select 1 from quote_request_lines where request_id = $1', [quote.id]],
      [`select 1 from outbox where kind in ('quote_request', 'quote_confirmation') and ref_id = $1`, [quote.id]],
      [`select 1 from staff_notes where kind = 'quote' and ref_id = $1`, [quote.id]],
    ] as const) {
      assert.equal((await db.query(sql, params)).length, 0, sql);
    }
    assert.equal((await get(dubai, itemUrl(quote.kind, quote.id))).statusCode, 404);
    assert.deepEqual((await auditLines(db, key(quote))).at(-1)!.action, 'inbox.delete');
    // the honeypot's spam too
    assert.equal(
      (
        await app.inject({
          method: 'DELETE',
          url: itemUrl('contact', rows.spamContact!.id, STAFF_API.inboxDelete),
          headers: as(dubai),
        })
      ).statusCode,
      204,
    );
    assert.deepEqual(keys(await list(dubai, { status: 'spam' })), []);
  });

  await t.test('CSV: the whole filtered view, BOM, RFC 4180 quoting, formula-looking cells as text', async () => {
    const hostile = await submitContact(db, {
      name: '=HYPERLINK("http://evil.example","Click")',
      email: 'csv@example.com',
      phone: '+971 50 000 0000',
      companyName: '@SUM(A1:A9)',
      companyLocation: 'Dubai, "Al Quoz"',
      message: '-2+3\r\nline two, with "quotes"',
    });
    const res = await get(admin, STAFF_API.inboxCsv, { q: 'csv@example.com', limit: '1', cursor: 'ignored' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="inbox-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.rawPayload.subarray(0, 3).toString('hex'), 'efbbbf', 'UTF-8 byte-order mark');
    const [header, row, ...rest] = parseCsv(res.body.slice(1));
    assert.deepEqual(header, [
      'Kind',
      'ID',
      'Reference',
      'Received (UTC)',
      'Branch',
      'Status',
      'Assignee',
      'Name',
      'Email',
      'Phone',
      'Company',
      'Message',
    ]);
    assert.deepEqual(rest, []);
    assert.equal(row![1], String(hostile.id));
    assert.equal(row![7], `'=HYPERLINK("http://evil.example","Click")`);
    assert.equal(row![9], "'+971 50 000 0000");
    assert.equal(row![10], "'@SUM(A1:A9)");
    assert.equal(row![11], '\'-2+3\r\nline two, with "quotes"');
    assert.ok(
      res.body.includes('"\'=HYPERLINK(""http://evil.example"",""Click"")"'),
      'quotes doubled inside a quoted cell',
    );

    const all = parseCsv((await get(admin, STAFF_API.inboxCsv)).body.slice(1));
    assert.equal(all.length - 1, (await list(admin)).total, 'every row, not one page');
    const quoteCsv = parseCsv((await get(admin, STAFF_API.inboxCsv, { kind: 'quote' })).body.slice(1));
    assert.match(quoteCsv[1]![2]!, /^RFQ-(AE|OM)-\d{4}-\d{6}$/);
    assert.equal((await db.query(`select 1 from staff_audit_log where action = 'inbox.export'`)).length, 4);

    // a message starting with each of what a spreadsheet runs as a formula (as stored: the form's checks aside) opens
    // as text whichever separator the spreadsheet splits on, and reads back as it was
    for (const text of FORMULA_LIKE_TEXTS) {
      const row = await submitContact(db, { email: 'formula@example.com' });
      await db.query('update contact_messages set message = $1 where id = $2', [text, row.id]);
    }
    const formulas = await get(admin, STAFF_API.inboxCsv, { q: 'formula@example.com' });
    assert.deepEqual(formulasOpened(formulas.body), []);
    const [formulaHeader, ...formulaRows] = readCsv(formulas.body);
    const messageColumn = formulaHeader!.cells.indexOf('Message');
    assert.deepEqual(formulaRows.map((record) => record.cells[messageColumn]).sort(), [...FORMULA_LIKE_TEXTS].sort());
  });

  await t.test('stored XSS: hostile text the public forms accept comes back in the JSON exactly as sent', async () => {
    const corpus = [
      '<script>alert("x")</script><img src=x onerror=alert(1)>',
      '"><svg/onload=alert(document.domain)>',
      "javascript:alert('x')",
      '{{constructor.constructor("alert(1)")()}}',
      '=HYPERLINK("http://evil.example")',
      "'); drop table outbox; --",
      'عائشة الرحمن 你好 😀👍🏽 é \u200f',
      '&lt;b&gt;already escaped&lt;/b&gt; &amp;',
    ];
    for (const text of corpus) {
      for (const kind of ['contact', 'enquiry', 'quote', 'registration'] as const) {
        const fields: Record<string, unknown> =
          kind === 'contact'
            ? { name: text, message: `${text}\n${text}`, companyName: text }
            : kind === 'enquiry'
              ? { userName: text, inquiryMessage: text, companyName: text }
              : kind === 'quote'
                ? { name: text, companyName: text, notes: text, deliveryCity: text.slice(0, 100) }
                : { userName: text };
        const row = await submit(db, kind, 'Bahrain', fields);
        const res = await get(admin, itemUrl(kind, row.id));
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        const detail = ok<InboxItemDetail>(res);
        assert.equal(detail.name, text, `${kind} name: ${text}`);
        if (kind === 'contact')
          assert.equal(detail.fields.find((field) => field.label === 'Message')!.value, `${text}\n${text}`);
        if (kind !== 'registration') assert.equal(detail.company, text);
        const summary = (await list(admin, { kind, branch: 'Bahrain', limit: '1' })).items[0]!;
        assert.equal(summary.name, text);
        if (kind === 'quote' || kind === 'enquiry') assert.equal(summary.preview, text);
      }
    }
  });

  await t.test('the list and a row need an account; a branch account that is not active gets nothing', async () => {
    const res = await app.inject({ method: 'GET', url: STAFF_API.inbox });
    assert.equal(res.statusCode, 401);
    assert.equal((await get(dubaiDisabled, STAFF_API.inbox)).statusCode, 401);
  });

  const omanEmail = branchEmail('Oman');
  await t.test(
    'a submission that came as spam, restored by staff, gets the branch mail it never got, once; no buyer confirmation',
    async () => {
      const outboxOf = (kind: string, id: number) =>
        db.query<{ kind: string; recipient: string; payload: Record<string, unknown> }>(
          'select kind, recipient, payload from outbox where ref_id = $1 and kind like $2 order by id',
          [id, `${kind}%`],
        );
      const contact = await submitContact(db, {
        name: 'Real Buyer',
        message: 'Flagged by mistake: please call.',
        country: 'Oman',
        website: 'x',
      });
      const quote = await submitQuote(db, { name: 'Real Quote', branch: 'Oman', website: 'x' });
      assert.deepEqual(await outboxOf('contact', contact.id), [], 'spam gets no mail when it comes');
      assert.deepEqual(await outboxOf('quote', quote.id), []);

      for (const row of [contact, quote]) {
        const restored = ok<InboxItemDetail>(
          await post(oman, itemUrl(row.kind, row.id, STAFF_API.inboxStatus), { status: 'new' }),
        );
        assert.deepEqual(
          restored.mails.map((mail) => mail.state),
          ['pending'],
          `${row.kind}: its mail is queued`,
        );
      }
      const [contactMail] = await outboxOf('contact', contact.id);
      assert.deepEqual([contactMail?.kind, contactMail?.recipient], ['contact_message', omanEmail]);
      const mail = await composeOutboxMail({ id: 1, ref_id: contact.id, ...contactMail! }, 'site@crescent.example');
      assert.match(mail.text, /Flagged by mistake: please call\./);
      assert.equal(mail.replyTo.address, 'aisha@example.com');
      const quoteMails = await outboxOf('quote', quote.id);
      assert.deepEqual(
        quoteMails.map((row) => [row.kind, row.recipient]),
        [['quote_request', omanEmail]],
        'the branch only: no late confirmation',
      );
      assert.equal(readQuoteSnapshot(quoteMails[0]!.payload).reference, quote.reference);
      assert.match(
        (await auditLines(db, key(contact))).at(-1)!.detail!,
        new RegExp(`^spam → new; its mail to ${omanEmail} queued$`),
      );

      // spam again and back: the mail it has is not queued twice
      ok(await post(oman, itemUrl(contact.kind, contact.id, STAFF_API.inboxStatus), { status: 'spam' }));
      ok(await post(oman, itemUrl(contact.kind, contact.id, STAFF_API.inboxStatus), { status: 'handled' }));
      assert.equal((await outboxOf('contact', contact.id)).length, 1);
      assert.equal((await auditLines(db, key(contact))).at(-1)!.detail, 'spam → handled');
    },
  );
}

describe('the staff inbox', () => {
  test('on embedded PGlite', async (t) => inboxSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => inboxSuite(t, target)));
});
