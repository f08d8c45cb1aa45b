// The form POSTs end to end on both databases: bad input never stored, good input stored with its
// outbox mail in one transaction, mail delivered through a real SMTP server on loopback (with SMTP
// down, retried until it is back), several workers on one database, and the staff listing.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { branches, company } from '@site/content';
import { buildApp } from '../app.js';
import { withKysely, type Database } from '../platform/db/index.js';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from '../platform/mail/outboxWorker.js';
import { siteMailComposers } from '../outboxMail.js';
import { createSmtpTransport, type MailTransport } from '../platform/mail/transport.js';
import { SUBMISSION_BODY_LIMIT } from './submissionRoutes.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { badJsonBodyCases, json, type BadCase } from '../test-support/jsonBodies.js';
import { startSmtpServer } from '../test-support/smtp.js';
import { submissionsCli } from '../staff/submissionsCli.js';

const MAIL_FROM = 'Crescent website <website@crescent-electrical.example>';
const DUBAI = 'dubai@crescent-electrical.example';
const SAUDI = 'saudi@crescent-electrical.example';

interface FieldRule {
  max?: number;
  required?: boolean;
  kind?: 'email' | 'branch';
  /** A message: tab and line breaks allowed (any other text field is one line). */
  multiline?: true;
}

/** The bidi embedding, override and isolate controls: refused in every one-line field. */
const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

/** A JSON body whose `field` holds raw bytes that are not UTF-8 (what a browser never sends). */
const withBytes = (valid: Record<string, string>, field: string, bytes: number[]): Omit<InjectOptions, 'url'> => {
  const [before, after] = JSON.stringify({ ...valid, [field]: 'a\u0001b' }).split('\\u0001') as [string, string];
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    payload: Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]),
  };
};

/** Byte sequences that are not UTF-8: a lone continuation byte, 0xFF, an overlong '/', a UTF-16 surrogate (CESU-8), a cut sequence. */
const NOT_UTF8: [string, number[]][] = [
  ['a lone continuation byte', [0x80]],
  ['the byte 0xFF', [0xff]],
  ['an overlong "/"', [0xc0, 0xaf]],
  ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ['a cut sequence', [0xe2, 0x82]],
];

interface Endpoint {
  url: string;
  table: string;
  valid: Record<string, string>;
  fields: Record<string, FieldRule>;
  /** Takes the visitor's page language ('en' | 'ar', optional): the forms whose mail goes to a branch. */
  language: boolean;
}

const CONTACT: Endpoint = {
  url: '/api/send-contact-form',
  table: 'contact_messages',
  valid: {
    name: 'Aisha Rahman',
    email: 'aisha@example.com',
    phone: '+971 50 123 4567',
    message: 'Please quote 200 cable glands, size 20S.',
    country: 'Dubai',
    companyName: 'Gulf Build LLC',
    companyLocation: 'Dubai, UAE',
  },
  fields: {
    name: { max: 100, required: true },
    email: { kind: 'email', required: true },
    phone: { max: 40 },
    message: { max: 4000, required: true, multiline: true },
    country: { kind: 'branch' },
    companyName: { max: 150 },
    companyLocation: { max: 150 },
  },
  language: true,
};

const REGISTRATION: Endpoint = {
  url: '/api/send-user-registration',
  table: 'registrations',
  valid: { userName: 'Sam Carter', userEmail: 'sam@example.com', userCountry: 'Bahrain' },
  fields: {
    userName: { max: 100, required: true },
    userEmail: { kind: 'email', required: true },
    userCountry: { kind: 'branch', required: true },
  },
  language: false,
};

const INQUIRY: Endpoint = {
  url: '/api/send-inquiry',
  table: 'inquiries',
  valid: {
    userName: 'Sam Carter',
    userEmail: 'sam@example.com',
    userCountry: 'Saudi Arabia',
    inquiryPhone: '+966 55 000 0000',
    inquiryMessage: 'Do you stock 33 kV heat shrink terminations?',
    companyName: 'Eastern Utilities',
    companyLocation: 'Dammam, KSA',
  },
  fields: {
    userName: { max: 100, required: true },
    userEmail: { kind: 'email', required: true },
    userCountry: { kind: 'branch', required: true },
    inquiryPhone: { max: 40 },
    inquiryMessage: { max: 4000, required: true, multiline: true },
    companyName: { max: 150 },
    companyLocation: { max: 150 },
  },
  language: true,
};

const ENDPOINTS = [CONTACT, REGISTRATION, INQUIRY];

/** Everything that must be refused, for one endpoint. */
function badInputCorpus(endpoint: Endpoint): BadCase[] {
  const { valid } = endpoint;
  const cases: BadCase[] = [
    ...badJsonBodyCases(valid, {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      what: 'the form',
      emptyHint: 'send the form as a JSON object',
    }),
    { what: 'no fields', request: json({}), status: 400, error: / is required/ },
    {
      what: 'an unknown field',
      request: json({ ...valid, isAdmin: true }),
      status: 400,
      error: /^Unknown field "isAdmin": expected only /,
    },
    {
      what: 'the human-check answer (browser only)',
      request: json({ ...valid, answer: 9 }),
      status: 400,
      error: /^Unknown field "answer"/,
    },
    {
      what: 'a honeypot that is not text',
      request: json({ ...valid, website: { url: 'x' } }),
      status: 400,
      error: /^website must be text$/,
    },
  ];
  if (endpoint.language) {
    for (const language of ['fr', 'AR', 'Arabic', 'ar-AE', '', 1, ['ar']]) {
      cases.push({
        what: `language ${JSON.stringify(language)}`,
        request: json({ ...valid, language }),
        status: 400,
        error: /^language must be one of: en, ar$/,
      });
    }
  } else {
    cases.push({
      what: 'a language (no mail: unknown here)',
      request: json({ ...valid, language: 'ar' }),
      status: 400,
      error: /^Unknown field "language"/,
    });
  }
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
    cases.push({
      what: `method ${method}`,
      request: { method },
      status: 405,
      error: new RegExp(`^Method ${method} is not allowed here: send the form with POST$`),
    });
  }
  for (const [field, rule] of Object.entries(endpoint.fields)) {
    if (rule.required) {
      const { [field]: _left, ...without } = valid;
      cases.push({
        what: `${field} missing`,
        request: json(without),
        status: 400,
        error: new RegExp(`^${field} is required$`),
      });
      if (rule.kind !== 'branch') {
        cases.push({
          what: `${field} blank`,
          request: json({ ...valid, [field]: ' \n\t ' }),
          status: 400,
          error: new RegExp(`^${field} (is required|contains)`),
        });
      }
    }
    for (const wrong of [42, true, ['x'], { text: 'x' }]) {
      cases.push({
        what: `${field} as ${JSON.stringify(wrong)}`,
        request: json({ ...valid, [field]: wrong }),
        status: 400,
        error: new RegExp(`^${field} must be text$`),
      });
    }
    const max = rule.kind === 'email' ? 254 : rule.max;
    if (max !== undefined) {
      const long = rule.kind === 'email' ? `${'a'.repeat(250)}@example.com` : 'x'.repeat(max + 1);
      cases.push({
        what: `${field} too long`,
        request: json({ ...valid, [field]: long }),
        status: 400,
        error: new RegExp(`^${field} must be at most ${max} characters$`),
      });
    }
    if (rule.kind === 'email') {
      for (const bad of [
        'aisha',
        'aisha@example',
        'a b@example.com',
        'a@b.co,evil@x.example',
        '<script>@x.co',
        'a@b.co\r\nBcc: evil@x.example',
      ]) {
        cases.push({
          what: `${field} ${JSON.stringify(bad)}`,
          request: json({ ...valid, [field]: bad }),
          status: 400,
          error: new RegExp(`^${field} (must be a valid email address|contains characters)`),
        });
      }
    }
    if (rule.kind === 'branch') {
      for (const bad of ['Qatar', 'dubai', 'Oman (Muscat Office)', '<script>alert(1)</script>']) {
        cases.push({
          what: `${field} ${JSON.stringify(bad)}`,
          request: json({ ...valid, [field]: bad }),
          status: 400,
          error: new RegExp(`^${field} must be one of: Dubai, Oman, Bahrain, Saudi Arabia$`),
        });
      }
    } else if (rule.kind !== 'email') {
      for (const bad of ['a\u0000b', 'a\u001b[31mred', 'a\ud800b', 'a\u0085b']) {
        cases.push({
          what: `${field} with ${JSON.stringify(bad)}`,
          request: json({ ...valid, [field]: bad }),
          status: 400,
          error: new RegExp(`^${field} contains characters that are not allowed$`),
        });
      }
    }
    if (rule.kind !== 'branch' && rule.multiline === undefined) {
      // "\u202Egpj.exe" shows as "exe.jpg" in a page, a subject or a Reply-To name
      for (const control of DIRECTION_CONTROLS) {
        const bad = rule.kind === 'email' ? `a${control}@example.com` : `${control}gpj.exe`;
        cases.push({
          what: `${field} with U+${control.codePointAt(0)!.toString(16).toUpperCase()}`,
          request: json({ ...valid, [field]: bad }),
          status: 400,
          error: new RegExp(
            `^${field} contains invisible text-direction characters \\(U\\+202A–U\\+202E, U\\+2066–U\\+2069\\), which are not allowed$`,
          ),
        });
      }
    }
    if (rule.kind !== 'branch') {
      for (const [what, bytes] of NOT_UTF8) {
        cases.push({
          what: `${field} with ${what}`,
          request: withBytes(valid, field, bytes),
          status: 400,
          error: /^The request body is not valid UTF-8: send the JSON encoded as UTF-8$/,
        });
      }
    }
  }
  return cases;
}

/** Input a person may well type: accepted and stored exactly (it is escaped where it is shown). */
function acceptedCorpus(endpoint: Endpoint): { what: string; body: Record<string, string> }[] {
  const textFields = Object.entries(endpoint.fields).filter(([, rule]) => rule.kind === undefined);
  const withAll = (value: (field: string, max: number) => string) =>
    Object.fromEntries(textFields.map(([field, rule]) => [field, value(field, rule.max!).slice(0, rule.max)]));
  return [
    {
      what: 'HTML and script in every text field',
      body: { ...endpoint.valid, ...withAll((f) => `<script>alert("${f}")</script><img src=x onerror=alert(1)>`) },
    },
    {
      what: 'Arabic, CJK, emoji and combining marks',
      body: { ...endpoint.valid, ...withAll(() => 'عائشة الرحمن 你好 😀👍🏽 é ‏') },
    },
    // Arabic mixed with Latin and digits, with the direction marks RLM, LRM and ALM (not controls): the Arabic edition
    {
      what: 'Arabic with Latin, digits and direction marks',
      body: { ...endpoint.valid, ...withAll(() => 'شركة Gulf Build ذ.م.م \u200f٢٠٢٥\u200e 20S \u061cدبي') },
    },
    {
      what: 'every text field at its length limit',
      body: { ...endpoint.valid, ...withAll((_f, max) => 'x'.repeat(max)) },
    },
    { what: 'SQL in the text', body: { ...endpoint.valid, ...withAll(() => "'); drop table outbox; --") } },
  ];
}

async function count(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*) as n from ${table}`);
  return row!.n;
}

function worker(db: Database, transport: MailTransport, overrides: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  return createOutboxWorker({
    db,
    transport,
    composers: siteMailComposers(),
    from: MAIL_FROM,
    retryBaseMs: 200,
    retryMaxMs: 1_000,
    pollMs: 50,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    ...overrides,
  });
}

/** Polls `check` (every 20 ms) until it holds; fails the test when it still does not after `timeoutMs`. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await delay(20);
  }
}

/**
 * `db` as a worker sees it, and `idle`, which resolves once the worker's loop has drained and found nothing to send.
 * The worker's only query that answers rows is its claim, so the first empty answer is a drain finding nothing.
 */
function watchedForIdle(db: Database): { db: Database; idle: Promise<void> } {
  let becameIdle: () => void = () => undefined;
  const idle = new Promise<void>((resolve) => (becameIdle = resolve));
  const watched = withKysely({
    kind: db.kind,
    location: db.location,
    transaction: (fn) => db.transaction(fn),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
    async query<T>(sql: string, params?: readonly unknown[]) {
      const rows = await db.query<T>(sql, params);
      if (rows.length === 0) becameIdle();
      return rows;
    },
    async run<T>(sql: string, params?: readonly unknown[]) {
      const result = await db.run<T>(sql, params);
      if (result.rows.length === 0) becameIdle();
      return result;
    },
  });
  return { db: watched, idle };
}

// ---------------------------------------------------------------- the suite, run on each database

async function submissionsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let nudges = 0;
  const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object });

  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
    // the submissions command opens it too (by its folder, on PGlite)
    database = await target.fresh({ openedByPath: true });
    app = await buildApp(fixture.config, database.db, { onOutboxWrite: () => (nudges += 1) });
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  for (const endpoint of ENDPOINTS) {
    await t.test(
      `${endpoint.url}: the bad-input corpus is refused with clear 4xx messages, nothing stored, server healthy`,
      async () => {
        const before = await count(database.db, endpoint.table);
        const outboxBefore = await count(database.db, 'outbox');
        const corpus = badInputCorpus(endpoint);
        assert.ok(corpus.length > 40, `a real corpus (${corpus.length} cases)`);
        for (const bad of corpus) {
          const res = await app.inject({ ...bad.request, url: endpoint.url });
          assert.equal(res.statusCode, bad.status, `${bad.what}: ${res.statusCode} ${res.body}`);
          assert.match(String(res.headers['content-type']), /^application\/json/, bad.what);
          const body = res.json<{ error: unknown }>();
          // a refused body's problems one by one beside the sentence, nothing else
          assert.deepEqual(
            Object.keys(body).filter((key) => key !== 'problems'),
            ['error'],
            bad.what,
          );
          assert.equal(typeof body.error, 'string', bad.what);
          assert.match(body.error as string, bad.error, bad.what);
          if (bad.status === 405) assert.equal(res.headers.allow, 'POST');
        }
        assert.equal(await count(database.db, endpoint.table), before, 'nothing stored');
        assert.equal(await count(database.db, 'outbox'), outboxBefore, 'no mail queued');
        assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
        assert.equal((await post(endpoint.url, endpoint.valid)).statusCode, 200, 'still takes a good submission');
      },
    );

    await t.test(`${endpoint.url}: HTML, script, any language and maximum lengths are stored exactly`, async () => {
      for (const { what, body } of acceptedCorpus(endpoint)) {
        const res = await post(endpoint.url, body);
        assert.equal(res.statusCode, 200, `${what}: ${res.body}`);
        const { id } = res.json<{ ok: boolean; id: number }>();
        const [row] = await database.db.query<Record<string, unknown>>(
          `select * from ${endpoint.table} where id = $1`,
          [id],
        );
        const stored = JSON.stringify(row);
        for (const [field, value] of Object.entries(body))
          assert.ok(stored.includes(JSON.stringify(value)), `${what}: ${field} stored as sent`);
      }
      await count(database.db, 'outbox'); // still there: the SQL in the text was only text
    });
  }

  await t.test('a contact message is stored with its mail to the chosen branch before the answer', async () => {
    nudges = 0;
    const res = await post(CONTACT.url, { ...CONTACT.valid, country: 'Saudi Arabia', website: '' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.json<{ ok: boolean; id: number }>();
    assert.equal(body.ok, true);
    assert.equal(typeof body.id, 'number');
    const [row] = await database.db.query(
      'select name, email, phone, message, country, company_name, company_location, spam from contact_messages where id = $1',
      [body.id],
    );
    assert.deepEqual(row, {
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      message: 'Please quote 200 cable glands, size 20S.',
      country: 'Saudi Arabia',
      company_name: 'Gulf Build LLC',
      company_location: 'Dubai, UAE',
      spam: false,
    });
    const mails = await database.db.query(
      'select recipient, payload, attempts, sent_at, last_error from outbox where kind = $1 and ref_id = $2',
      ['contact_message', body.id],
    );
    assert.deepEqual(mails, [
      {
        recipient: SAUDI,
        payload: { ...CONTACT.valid, country: 'Saudi Arabia', language: 'en' },
        attempts: 0,
        sent_at: null,
        last_error: null,
      },
    ]);
    assert.equal(nudges, 1, 'the worker was woken');
  });

  await t.test('optional fields left out are stored as null; country defaults to Dubai', async () => {
    const res = await post(CONTACT.url, { name: 'Lee', email: 'lee@example.com', message: 'Hello' });
    assert.equal(res.statusCode, 200);
    const { id } = res.json<{ id: number }>();
    const [row] = await database.db.query(
      'select phone, country, company_name, company_location from contact_messages where id = $1',
      [id],
    );
    assert.deepEqual(row, { phone: null, country: 'Dubai', company_name: null, company_location: null });
    const [mail] = await database.db.query<{ recipient: string }>(
      'select recipient from outbox where kind = $1 and ref_id = $2',
      ['contact_message', id],
    );
    assert.equal(mail?.recipient, DUBAI);
  });

  await t.test(
    "the visitor's page language goes with the mail: 'ar' from an Arabic page, 'en' when the form leaves it out",
    async () => {
      const arabic = {
        ...CONTACT.valid,
        name: 'عائشة الرحمن',
        message: 'نرجو تزويدنا بعرض سعر.',
        country: 'Bahrain',
        language: 'ar',
      };
      const res = await post(CONTACT.url, arabic);
      assert.equal(res.statusCode, 200, res.body);
      const { id } = res.json<{ id: number }>();
      const [mail] = await database.db.query<{ payload: Record<string, unknown> }>(
        'select payload from outbox where kind = $1 and ref_id = $2',
        ['contact_message', id],
      );
      assert.deepEqual(mail?.payload, arabic);
      const inquiry = (await post(INQUIRY.url, { ...INQUIRY.valid, language: 'ar' })).json<{ id: number }>();
      const [inquiryMail] = await database.db.query<{ payload: Record<string, unknown> }>(
        'select payload from outbox where kind = $1 and ref_id = $2',
        ['inquiry', inquiry.id],
      );
      assert.equal(inquiryMail?.payload.language, 'ar');
      const english = (await post(INQUIRY.url, INQUIRY.valid)).json<{ id: number }>();
      const [englishMail] = await database.db.query<{ payload: Record<string, unknown> }>(
        'select payload from outbox where kind = $1 and ref_id = $2',
        ['inquiry', english.id],
      );
      assert.equal(englishMail?.payload.language, 'en');
    },
  );

  await t.test('an enquiry is mailed to its branch; a registration is stored without mail', async () => {
    const inquiry = (await post(INQUIRY.url, INQUIRY.valid)).json<{ id: number }>();
    const [mail] = await database.db.query<{ recipient: string }>(
      'select recipient from outbox where kind = $1 and ref_id = $2',
      ['inquiry', inquiry.id],
    );
    assert.equal(mail?.recipient, SAUDI);
    const outboxBefore = await count(database.db, 'outbox');
    const registration = await post(REGISTRATION.url, REGISTRATION.valid);
    assert.equal(registration.statusCode, 200);
    const { id } = registration.json<{ id: number }>();
    const [row] = await database.db.query(
      'select user_name, user_email, user_country, spam from registrations where id = $1',
      [id],
    );
    assert.deepEqual(row, {
      user_name: 'Sam Carter',
      user_email: 'sam@example.com',
      user_country: 'Bahrain',
      spam: false,
    });
    assert.equal(await count(database.db, 'outbox'), outboxBefore);
  });

  await t.test(
    "no public form mails the address it was given: contact messages and enquiries go to a branch's own address, registrations to nobody",
    async () => {
      // the quote confirmation is the one mail the public can send to an address of its choosing (quote-requests/quoteStore.ts
      // caps it and writes none of the requester's text into it); these three never mail the visitor
      const branchAddresses = new Set([...branches.map((branch) => branch.email), company.generalEmail]);
      const victim = 'victim@target.example';
      const before = await database.db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from outbox');
      for (const branch of [...branches.map((b) => b.name), 'Atlantis']) {
        await post(CONTACT.url, { ...CONTACT.valid, email: victim, country: branch });
        await post(INQUIRY.url, { ...INQUIRY.valid, userEmail: victim, userCountry: branch });
        await post(REGISTRATION.url, { ...REGISTRATION.valid, userEmail: victim, userCountry: branch });
      }
      const queued = await database.db.query<{ kind: string; recipient: string }>(
        'select kind, recipient from outbox where id > $1',
        [before[0]!.n],
      );
      assert.equal(
        queued.length,
        2 * branches.length,
        'one mail per contact message and per enquiry that was accepted; none per registration',
      );
      for (const { kind, recipient } of queued)
        assert.ok(branchAddresses.has(recipient), `${kind} mailed to ${recipient}, not a branch's address`);
    },
  );

  await t.test('a filled honeypot gets the same answer, is stored flagged as spam, and is never mailed', async () => {
    nudges = 0;
    const outboxBefore = await count(database.db, 'outbox');
    for (const endpoint of ENDPOINTS) {
      const res = await post(endpoint.url, { ...endpoint.valid, website: 'http://cheap-pills.example' });
      assert.equal(res.statusCode, 200);
      const body = res.json<{ ok: boolean; id: number }>();
      assert.equal(body.ok, true);
      const [row] = await database.db.query<{ spam: boolean }>(`select spam from ${endpoint.table} where id = $1`, [
        body.id,
      ]);
      assert.equal(row?.spam, true, endpoint.url);
    }
    assert.equal(await count(database.db, 'outbox'), outboxBefore, 'no mail queued');
    assert.equal(nudges, 0);
  });

  await t.test('when the database fails, the visitor gets a clear 503 and the server keeps going', async () => {
    // Kysely made over the failing client (the spread's own kysely would still reach the working one)
    const failing = withKysely({
      ...database.db,
      query: database.db.query.bind(database.db),
      run: database.db.run.bind(database.db),
      transaction: async () => {
        throw new Error('connection terminated unexpectedly');
      },
    });
    const other = await buildApp(fixture.config, failing);
    try {
      const res = await other.inject({ method: 'POST', url: CONTACT.url, payload: CONTACT.valid });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), {
        error: 'Your submission could not be saved right now. Please try again in a few minutes.',
      });
      assert.equal((await other.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      await other.close();
    }
  });

  // ---- mail ----

  await t.test(
    'the outbox worker sends a contact message to the Dubai address through a real SMTP server',
    async () => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = worker(database.db, createSmtpTransport(smtp.url));
      try {
        const message = 'We need 40 × 25 mm² glands <script>alert(1)</script>\nSecond line: “quotes” & مرحبا';
        const res = await post(CONTACT.url, {
          ...CONTACT.valid,
          name: 'Aisha <b>Rahman</b>',
          message,
          country: 'Dubai',
        });
        const { id } = res.json<{ id: number }>();
        assert.deepEqual(await sender.drain(), { sent: 1, failed: 0 });

        assert.equal(smtp.received.length, 1);
        const mail = smtp.received[0]!;
        assert.deepEqual(mail.envelopeTo, [DUBAI]);
        assert.equal(mail.envelopeFrom, 'website@crescent-electrical.example');
        assert.equal(mail.headers.to, DUBAI);
        assert.match(mail.headers.from!, /website@crescent-electrical\.example/);
        assert.match(mail.headers['reply-to']!, /aisha@example\.com/);
        assert.equal(mail.headers.subject, 'Contact message from the website: Aisha <b>Rahman</b> (Dubai)');
        assert.ok(mail.text.includes(message), `the visitor's text, as written:\n${mail.text}`);
        assert.ok(mail.text.includes('Company: Gulf Build LLC'));
        assert.ok(mail.text.includes('Branch: Dubai\nLanguage: English\n'), mail.text);
        assert.ok(mail.html.includes('We need 40 × 25 mm² glands &lt;script&gt;alert(1)&lt;/script&gt;'), mail.html);
        assert.ok(mail.html.includes('Aisha &lt;b&gt;Rahman&lt;/b&gt;'));
        assert.ok(!mail.html.includes('<script>') && !mail.html.includes('<b>Rahman'), 'no visitor HTML survives');
        assert.ok(mail.html.includes('&amp; مرحبا'));

        const [row] = await database.db.query<{ sent_at: Date | null; attempts: number; last_error: string | null }>(
          'select sent_at, attempts, last_error from outbox where kind = $1 and ref_id = $2',
          ['contact_message', id],
        );
        assert.ok(row?.sent_at instanceof Date);
        assert.equal(row.attempts, 1);
        assert.equal(row.last_error, null);
        assert.deepEqual(await sender.drain(), { sent: 0, failed: 0 }, 'sent once only');
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    'a message from an Arabic page reaches the branch through SMTP saying "Language: Arabic", the rest of the mail as in English',
    async () => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = worker(database.db, createSmtpTransport(smtp.url));
      try {
        const message = 'نرجو تزويدنا بعرض سعر لـ 200 جلبة كابل نحاسية مقاس 20S.\nمع الشكر';
        const res = await post(CONTACT.url, {
          ...CONTACT.valid,
          name: 'عائشة الرحمن',
          message,
          country: 'Oman',
          language: 'ar',
        });
        assert.equal(res.statusCode, 200, res.body);
        const inquiry = await post(INQUIRY.url, { ...INQUIRY.valid, language: 'ar' });
        assert.equal(inquiry.statusCode, 200, inquiry.body);
        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });

        const contactMail = smtp.received.find((mail) => mail.envelopeTo.includes('oman@crescent-electrical.example'))!;
        assert.ok(contactMail, 'the contact message went to the Oman branch');
        assert.equal(contactMail.headers.subject, 'Contact message from the website: عائشة الرحمن (Oman)');
        assert.ok(contactMail.text.startsWith('Contact message from the website (Oman).\n'), contactMail.text);
        assert.ok(
          contactMail.text.includes('Branch: Oman\nLanguage: Arabic\n\nMessage:\n' + message),
          contactMail.text,
        );
        assert.match(contactMail.html, /<th align="left"[^>]*>Language<\/th><td>Arabic<\/td>/);
        assert.ok(contactMail.html.includes('<div dir="auto"'), 'the Arabic message reads right to left');

        const inquiryMail = smtp.received.find((mail) => mail.envelopeTo.includes(SAUDI))!;
        assert.ok(inquiryMail.text.includes('Branch: Saudi Arabia\nLanguage: Arabic\n'), inquiryMail.text);
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test('with SMTP down the mail stays pending with the error, and is delivered once SMTP is back', async () => {
    await database.db.query('delete from outbox');
    const smtp = await startSmtpServer(0, { down: true });
    const sender = worker(database.db, createSmtpTransport(smtp.url), { retryBaseMs: 300, retryMaxMs: 2_000 });
    try {
      const { id } = (await post(INQUIRY.url, INQUIRY.valid)).json<{ id: number }>();
      const pending = async () =>
        (
          await database.db.query<{
            attempts: number;
            sent_at: Date | null;
            last_error: string | null;
            wait_ms: number;
            next_ms: number;
          }>(
            `select attempts, sent_at, last_error, extract(epoch from (next_attempt_at - now()))::float8 * 1000 as wait_ms,
                  extract(epoch from next_attempt_at)::float8 * 1000 as next_ms
             from outbox where kind = 'inquiry' and ref_id = $1`,
            [id],
          )
        )[0]!;
      const databaseNow = async () =>
        (await database.db.query<{ ms: number }>('select extract(epoch from now())::float8 * 1000 as ms'))[0]!.ms;
      /**
       * The next try is `delay` after the failed one, which came after `before` and before the row was read: bounds
       * that hold however long a busy machine takes between the statements (a fixed margin of 200 ms did not).
       */
      const assertBackoff = (row: { wait_ms: number; next_ms: number }, before: number, delay: number, what: string) =>
        assert.ok(
          row.next_ms - before >= delay - 0.01 && row.wait_ms <= delay + 0.01,
          `${what} (next try ${row.next_ms - before} ms after the drain began, ${row.wait_ms} ms from now)`,
        );
      let before = await databaseNow();
      assert.deepEqual(await sender.drain(), { sent: 0, failed: 1 });
      let row = await pending();
      assert.equal(row.attempts, 1);
      assert.equal(row.sent_at, null);
      assert.match(row.last_error ?? '', /ECONNRESET/);
      assertBackoff(row, before, 300, 'backs off the base delay');
      assert.deepEqual(await sender.drain(), { sent: 0, failed: 0 }, 'not retried before its time');

      await until(async () => (await pending()).wait_ms <= 0, 'the backoff to pass', 2_000);
      before = await databaseNow();
      assert.deepEqual(await sender.drain(), { sent: 0, failed: 1 }, 'retried after the backoff, still down');
      row = await pending();
      assert.equal(row.attempts, 2);
      assertBackoff(row, before, 600, 'the delay doubled');

      smtp.down = false;
      sender.start(); // the background loop picks it up when it is due
      await until(() => smtp.received.length === 1, 'the mail to arrive');
      assert.deepEqual(smtp.received[0]!.envelopeTo, [SAUDI]);
      assert.ok(smtp.received[0]!.text.includes(INQUIRY.valid.inquiryMessage!));
      await until(async () => (await pending()).sent_at !== null, 'the mail to be marked sent');
      row = await pending();
      assert.equal(row.attempts, 3);
      assert.equal(row.last_error, null);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  await t.test('a running worker sends a new submission at once (woken, not polled)', async () => {
    await database.db.query('delete from outbox');
    const smtp = await startSmtpServer();
    const watched = watchedForIdle(database.db);
    const sender = worker(watched.db, createSmtpTransport(smtp.url), { pollMs: 60_000 });
    const awake = await buildApp(fixture.config, database.db, { onOutboxWrite: () => sender.nudge() });
    try {
      sender.start();
      await watched.idle; // the loop has drained (nothing) and sleeps for a minute
      await awake.inject({ method: 'POST', url: CONTACT.url, payload: CONTACT.valid });
      await until(() => smtp.received.length === 1, 'the mail to arrive', 3_000);
    } finally {
      await awake.close();
      await sender.stop();
      await smtp.close();
    }
  });

  await t.test(
    'mail left by a stopped server is sent after a restart; a mail claimed by a dead worker is retried after its lease',
    async () => {
      await database.db.query('delete from outbox');
      // submissions while no worker runs (SMTP not configured, or the server was down)
      for (let i = 0; i < 3; i += 1) await post(CONTACT.url, { ...CONTACT.valid, message: `queued ${i}` });
      // a worker claims one and hangs mid-send (its process "dies": never finishes)
      let release: () => void = () => undefined;
      const hanging: MailTransport = {
        sendMail: () => new Promise((resolve) => (release = () => resolve(undefined))),
        close: () => undefined,
      };
      const dead = worker(database.db, hanging, { leaseMs: 1_500 });
      const stuck = dead.drain();
      await until(
        async () => (await database.db.query('select 1 from outbox where attempts = 1')).length === 1,
        'the claim',
      );

      const smtp = await startSmtpServer();
      const restarted = worker(database.db, createSmtpTransport(smtp.url));
      try {
        assert.deepEqual(
          await restarted.drain(),
          { sent: 2, failed: 0 },
          'the two unclaimed mails, not the one being sent',
        );
        let abandoned = 0;
        await until(
          async () => (abandoned += (await restarted.drain()).sent) === 1,
          'the abandoned mail, after its lease',
        );
        assert.deepEqual(smtp.received.map((mail) => /queued (\d)/.exec(mail.text)?.[1]).sort(), ['0', '1', '2']);
        assert.equal((await database.db.query('select 1 from outbox where sent_at is null')).length, 0);
      } finally {
        release();
        await stuck;
        await restarted.stop();
        await smtp.close();
      }
    },
  );

  await t.test('several workers on one database send each mail exactly once', async () => {
    await database.db.query('delete from outbox');
    for (let i = 0; i < 12; i += 1)
      await post(
        i % 2 ? CONTACT.url : INQUIRY.url,
        i % 2 ? { ...CONTACT.valid, message: `parallel ${i}` } : { ...INQUIRY.valid, inquiryMessage: `parallel ${i}` },
      );
    const smtp = await startSmtpServer();
    const handles = [database.db, await database.openAnother(), await database.openAnother()];
    const workers = handles.map((handle) => worker(handle, createSmtpTransport(smtp.url)));
    try {
      const results = await Promise.all(workers.map((w) => w.drain()));
      assert.equal(
        results.reduce((sum, r) => sum + r.sent, 0),
        12,
      );
      const numbers = smtp.received.map((mail) => Number(/parallel (\d+)/.exec(mail.text)?.[1])).sort((a, b) => a - b);
      assert.deepEqual(numbers, [...Array(12).keys()]);
      const [row] = await database.db.query<{ attempts: number }>('select max(attempts) as attempts from outbox');
      assert.equal(row?.attempts, 1, 'no mail was claimed twice');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await smtp.close();
    }
  });

  await t.test('npm run submissions lists what arrived and the state of its mail, without SQL', async () => {
    await database.db.query(
      "update outbox set last_error = 'connect ECONNREFUSED 127.0.0.1:2525', attempts = 2 where id = (select min(id) from outbox)",
    );
    await database.db.query('update outbox set sent_at = null where id = (select min(id) from outbox)');
    await post(CONTACT.url, { ...CONTACT.valid, name: 'Terminal \u200ftrick', message: 'line one\r\nline two' });
    await post(CONTACT.url, { ...CONTACT.valid, country: 'Bahrain', language: 'ar' });
    if (database.db.kind === 'embedded') await database.db.close(); // one process per PGlite folder: the server would be stopped too
    let out = '';
    let err = '';
    const io = { out: (text: string) => (out += text), err: (text: string) => (err += text) };
    const code = await submissionsCli(['--limit', '50'], { ...database.env, REPO_ROOT: fixture.root }, io);
    assert.equal(code, 0, err);
    assert.match(out, /^Contact messages: \d+ in all/m);
    assert.match(out, /^Enquiries \(chat\): \d+ in all/m);
    assert.match(out, /^Registrations \(chat\): \d+ in all/m);
    assert.match(out, /From: Aisha Rahman <aisha@example\.com> {2}Phone: \+971 50 123 4567/);
    assert.match(out, /\| Please quote 200 cable glands, size 20S\./);
    assert.match(out, /\| line one\n {2}\| line two/);
    assert.match(out, /\[SPAM\]/);
    assert.match(out, /Mail: none \(spam: the hidden honeypot field was filled\)/);
    assert.match(out, new RegExp(`Mail: sent \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC to ${DUBAI.replace('.', '\\.')}`));
    assert.match(
      out,
      /Mail: NOT SENT to .* after 2 attempts, last error: connect ECONNREFUSED 127\.0\.0\.1:2525; next try /,
    );
    assert.match(out, /Mail: waiting to be sent to /);
    assert.match(out, /From: Sam Carter <sam@example\.com>\n {2}Mail: none/);
    assert.match(out, /branch: Saudi Arabia {2}language: English\n/, 'the language of a mailed submission');
    assert.match(out, /branch: Bahrain {2}language: Arabic\n/);
    assert.match(out, /^Outbox: \d+ sent, \d+ waiting \(1 of them failed at least once\)$/m);

    out = '';
    assert.equal(
      await submissionsCli(['--json', '--limit', '1'], { ...database.env, REPO_ROOT: fixture.root }, io),
      0,
      err,
    );
    const report = JSON.parse(out) as { sections: { title: string; entries: unknown[] }[] };
    assert.deepEqual(
      report.sections.map((s) => [s.title, s.entries.length]),
      [
        ['Contact messages', 1],
        ['Enquiries (chat)', 1],
        ['Registrations (chat)', 1],
      ],
    );
  });
}

// ---------------------------------------------------------------- runs

test('submissions on embedded PGlite', async (t) => {
  await submissionsSuite(t, pgliteTarget);
});

test('submissions on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => submissionsSuite(t, target));
});
