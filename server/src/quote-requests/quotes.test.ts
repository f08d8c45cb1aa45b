// Requests for quotation end to end on both databases: the bad-input corpus refused with nothing stored, a good
// request stored with its lines and two mails before the answer, the confirmations' cap per address, the mails
// through a real SMTP server on loopback (lines table, PDF attached, Arabic), the PDF download and its key, and the
// staff listing. Rate limits, the schema's pieces and the PDF's layout rules have their own tests below.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { neededByProblem, neededByRange, QUOTE_REFERENCE_PATTERN } from '@site/content/validation';
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { buildApp } from '../app.js';
import { withKysely, type Database } from '../platform/db/index.js';
import { createOutboxWorker, type OutboxWorker } from '../platform/mail/outboxWorker.js';
import { siteMailComposers } from '../outboxMail.js';
import { createSmtpTransport } from '../platform/mail/transport.js';
import { submissionsCli } from '../staff/submissionsCli.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { pdfStructure, pdfText } from '@site/content/pdf/testing';
import { badJsonBodyCases, json, type BadCase } from '../test-support/jsonBodies.js';
import { isoDay, quoteRequestBody } from '../test-support/quoteRequest.js';
import { escapeRegExp } from '../test-support/regexp.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test-support/smtp.js';
import { onlyVariant, siteQuoteCatalogue, type QuoteCatalogue } from './quoteCatalogue.js';
import { QUOTE_BODY_LIMIT, quoteRoutes } from './quoteRoutes.js';
import { checkQuoteLines } from './quoteSchema.js';
import { seedCatalogue } from '../catalogue/seed.js';

const URL = QUOTE_REQUESTS_API_PATH;
const MAIL_FROM = 'Crescent website <website@crescent-electrical.example>';
const DUBAI = 'dubai@crescent-electrical.example';
const OMAN = 'oman@crescent-electrical.example';

/** Sold by the metre (decimals), by the piece, by the pack. */
const CABLE = 'oc_cu_xlpe_swa_pvc_cable';
const GLAND = 'hex_cw_brass_cable_gland';
const TERMINALS = 'elite_pre_insulated_ring_terminal';
const product = (id: string) => siteQuoteCatalogue().find(id)!;
/** The gland's first size (its product code's) and two others: content/data/product-variants.json. */
const GLAND_FIRST = { code: 'HEX-CW-20S', label: 'Size 20S (M20)', labelAr: 'المقاس 20S (M20)' };
const GLAND_25 = { code: 'HEX-CW-25', label: 'Size 25 (M25)', labelAr: 'المقاس 25 (M25)' };
const GLAND_32 = { code: 'HEX-CW-32', label: 'Size 32 (M32)', labelAr: 'المقاس 32 (M32)' };

const VALID = quoteRequestBody([
  { productId: CABLE, quantity: 200 },
  { productId: GLAND, quantity: 40 },
]);

const without = (field: keyof typeof VALID) =>
  Object.fromEntries(Object.entries(VALID).filter(([key]) => key !== field));
const withLines = (...lines: unknown[]) => ({ ...VALID, lines });
const line = (productId: unknown, quantity: unknown) => ({ productId, quantity });
const part = (productId: unknown, code: unknown, quantity: unknown) => ({ productId, code, quantity });

/** Everything POST /api/quote-requests must refuse, with the message it must give. */
function badInputCorpus(): BadCase[] {
  const bad = (what: string, body: unknown, error: RegExp): BadCase => ({
    what,
    request: json(body),
    status: 400,
    error,
  });
  const cases: BadCase[] = [
    ...badJsonBodyCases(VALID, {
      bodyLimit: QUOTE_BODY_LIMIT,
      what: 'the request',
      emptyHint: 'send the request for quotation as a JSON object',
    }),
    bad(
      '__proto__ pollution inside a line',
      JSON.stringify(VALID).replace('{"productId"', '{"__proto__":{"admin":true},"productId"'),
      /not valid JSON/,
    ),
    bad(
      'constructor.prototype pollution inside a line',
      JSON.stringify(VALID).replace('{"productId"', '{"constructor":{"prototype":{"admin":true}},"productId"'),
      /not valid JSON/,
    ),
    bad(
      'an unknown field',
      { ...VALID, isAdmin: true },
      /^Unknown field "isAdmin": expected only lines, companyName, name, email, phone, branch, deliveryCity, neededBy, notes, language, website$/,
    ),
    bad('the human-check answer (browser only)', { ...VALID, answer: 9 }, /^Unknown field "answer"/),
    bad('a honeypot that is not text', { ...VALID, website: { url: 'x' } }, /^website must be text$/),
    // the lines
    bad('no lines', without('lines'), /^lines is required$/),
    bad('lines as text', { ...VALID, lines: 'OC-SWA-416 200' }, /^lines must be a list of products/),
    bad('lines as an object', { ...VALID, lines: { [CABLE]: 200 } }, /^lines must be a list of products/),
    bad('lines null', { ...VALID, lines: null }, /^lines must be a list of products/),
    bad('no line at all', withLines(), /^lines must hold at least one product$/),
    bad(
      '101 lines',
      withLines(...Array.from({ length: 101 }, () => line(GLAND, 1))),
      /^lines must hold at most 100 products \(got 101\)$/,
    ),
    bad(
      'a line that is a number',
      withLines(5),
      /^lines\[0\] must be an object \{"productId": \.\.\., "quantity": \.\.\.\}$/,
    ),
    bad('a line that is null', withLines(line(CABLE, 1), null), /^lines\[1\] must be an object/),
    bad('a line that is a list', withLines([CABLE, 1]), /^lines\[0\] must be an object/),
    bad(
      'a line with a price',
      withLines({ productId: CABLE, quantity: 1, price: 0.01 }),
      /^lines\[0\] has unknown field "price": expected only productId, code, quantity$/,
    ),
    bad(
      'a line with "isAdmin" and "toString"',
      withLines({ productId: CABLE, quantity: 1, isAdmin: true, toString: 'x' }),
      /^lines\[0\] has unknown fields "isAdmin", "toString"/,
    ),
    bad('a line without its product', withLines({ quantity: 1 }), /^lines\[0\]\.productId is required$/),
    bad('a product id as a number', withLines(line(42, 1)), /^lines\[0\]\.productId must be text$/),
    bad(
      'an unknown product',
      withLines(line('no_such_product', 1)),
      /^lines\[0\]\.productId "no_such_product" is not a product of the catalogue$/,
    ),
    bad(
      '"__proto__" as a product id',
      withLines(line('__proto__', 1)),
      /^lines\[0\]\.productId "__proto__" is not a product of the catalogue$/,
    ),
    bad('"toString" as a product id', withLines(line('toString', 1)), /is not a product of the catalogue$/),
    bad(
      'a product code instead of its id',
      withLines(line('OC-SWA-416', 1)),
      /^lines\[0\]\.productId "OC-SWA-416" is not a product/,
    ),
    bad(
      'a product twice',
      withLines(line(GLAND, 1), line(CABLE, 2), line(GLAND, 3)),
      /^lines\[2\]\.productId "hex_cw_brass_cable_gland" is also lines\[0\]: send each product once/,
    ),
    // the variants' codes (docs/decisions/034-orderable-variants.md), tried as an attacker would
    bad(
      'a code the product does not have',
      withLines(line(CABLE, 1), part(GLAND, 'HEX-CW-99', 1)),
      /^lines\[1\]\.code HEX-CW-99 is not a code of hex_cw_brass_cable_gland$/,
    ),
    bad(
      "another product's code",
      withLines(part(CABLE, GLAND_25.code, 1)),
      /^lines\[0\]\.code HEX-CW-25 is not a code of oc_cu_xlpe_swa_pvc_cable$/,
    ),
    bad(
      "a product's id as a code",
      withLines(part(GLAND, GLAND, 1)),
      /^lines\[0\]\.code hex_cw_brass_cable_gland is not a code of hex_cw_brass_cable_gland$/,
    ),
    bad('a code as a number', withLines(part(GLAND, 25, 1)), /^lines\[0\]\.code must be text$/),
    bad('a code null', withLines(part(GLAND, null, 1)), /^lines\[0\]\.code must be text$/),
    bad(
      '"__proto__" as a code',
      withLines(part(GLAND, '__proto__', 1)),
      /^lines\[0\]\.code __proto__ is not a code of hex_cw_brass_cable_gland$/,
    ),
    bad(
      'a code with markup',
      withLines(part(GLAND, '<b>HEX</b>', 1)),
      /^lines\[0\]\.code "<b>HEX<\/b>" is not a code of hex_cw_brass_cable_gland$/,
    ),
    bad(
      'the same size twice, written otherwise',
      withLines(part(GLAND, GLAND_25.code, 1), part(GLAND, 'hex cw 25', 2)),
      /^lines\[1\]\.code HEX-CW-25 is also lines\[0\]: send each part once, with its whole quantity$/,
    ),
    bad(
      'the first size by its code and by no code',
      withLines(part(GLAND, GLAND_FIRST.code, 1), line(GLAND, 2)),
      /^lines\[1\]\.productId "hex_cw_brass_cable_gland" is also lines\[0\]: send each product once/,
    ),
    bad('a line without its quantity', withLines({ productId: CABLE }), /^lines\[0\]\.quantity is required$/),
    bad('quantity "5" (text)', withLines(line(GLAND, '5')), /^lines\[0\]\.quantity must be a number$/),
    bad('quantity null (NaN in JSON)', withLines(line(GLAND, Number.NaN)), /^lines\[0\]\.quantity must be a number$/),
    bad('quantity [5]', withLines(line(GLAND, [5])), /^lines\[0\]\.quantity must be a number$/),
    bad('quantity true', withLines(line(GLAND, true)), /^lines\[0\]\.quantity must be a number$/),
    bad('quantity 0', withLines(line(GLAND, 0)), /^lines\[0\]\.quantity must be greater than 0$/),
    bad('quantity -1', withLines(line(CABLE, -1)), /^lines\[0\]\.quantity must be greater than 0$/),
    bad('quantity 2.5 pieces', withLines(line(GLAND, 2.5)), /^lines\[0\]\.quantity must be a whole number of pieces$/),
    bad(
      'quantity 1.5 packs',
      withLines(line(TERMINALS, 1.5)),
      /^lines\[0\]\.quantity must be a whole number of packs$/,
    ),
    bad(
      'quantity 12.345 metres',
      withLines(line(CABLE, 12.345)),
      /^lines\[0\]\.quantity must have at most 2 decimal places$/,
    ),
    bad('quantity 1e9', withLines(line(GLAND, 1e9)), /^lines\[0\]\.quantity must be at most 100000 pieces$/),
    bad('quantity 1e308 metres', withLines(line(CABLE, 1e308)), /^lines\[0\]\.quantity must be at most 100000 metres$/),
    // every problem named, each line's on its own; past ten, counted
    bad(
      'three problems at once',
      { ...withLines(line(GLAND, 0), line('nope', 1)), email: 'aisha' },
      /^lines\[0\]\.quantity must be greater than 0; lines\[1\]\.productId "nope" is not a product of the catalogue; email must be a valid email address$/,
    ),
    bad(
      'fifteen bad lines',
      withLines(...Array.from({ length: 15 }, (_unused, index) => line(`gone_${index}`, 1))),
      /; lines\[9\]\.productId "gone_9" is not a product of the catalogue; and 5 more problems in lines$/,
    ),
    bad(
      'fifteen lines of the wrong shape',
      withLines(...Array.from({ length: 15 }, (_unused, index) => line(index, 1))),
      /; lines\[9\]\.productId must be text; and 5 more problems in lines$/,
    ),
    bad(
      'problems of the shape and of the catalogue, in line order',
      withLines(line('nope', 1), line(GLAND, 'x')),
      /^lines\[0\]\.productId "nope" is not a product of the catalogue; lines\[1\]\.quantity must be a number$/,
    ),
    // the buyer's details
    bad('branch left out', without('branch'), /^branch is required$/),
    bad('branch Qatar', { ...VALID, branch: 'Qatar' }, /^branch must be one of: Dubai, Oman, Bahrain, Saudi Arabia$/),
    bad('branch in lower case', { ...VALID, branch: 'dubai' }, /^branch must be one of/),
    bad(
      'deliveryCity over 100 characters',
      { ...VALID, deliveryCity: 'x'.repeat(101) },
      /^deliveryCity must be at most 100 characters$/,
    ),
    bad(
      'deliveryCity on two lines',
      { ...VALID, deliveryCity: 'Abu\nDhabi' },
      /^deliveryCity contains characters that are not allowed$/,
    ),
    bad('deliveryCity as a number', { ...VALID, deliveryCity: 42 }, /^deliveryCity must be text$/),
    bad('notes over 2000 characters', { ...VALID, notes: 'x'.repeat(2001) }, /^notes must be at most 2000 characters$/),
    bad('notes with NUL', { ...VALID, notes: 'a\u0000b' }, /^notes contains characters that are not allowed$/),
    bad(
      'notes with an escape sequence',
      { ...VALID, notes: 'a\u001b[31mred' },
      /^notes contains characters that are not allowed$/,
    ),
    bad('neededBy "tomorrow"', { ...VALID, neededBy: 'tomorrow' }, /^neededBy must be a date written YYYY-MM-DD$/),
    bad('neededBy 15/03/2026', { ...VALID, neededBy: '15/03/2026' }, /^neededBy must be a date written YYYY-MM-DD$/),
    bad('neededBy as a number', { ...VALID, neededBy: 20260315 }, /^neededBy must be a date written YYYY-MM-DD$/),
    bad(
      'neededBy 30 February',
      { ...VALID, neededBy: `${new Date().getUTCFullYear() + 1}-02-30` },
      /^neededBy must be a real date \(YYYY-MM-DD\)$/,
    ),
    bad('neededBy three days ago', { ...VALID, neededBy: isoDay(-3) }, /^neededBy cannot be in the past$/),
    bad('neededBy in three years', { ...VALID, neededBy: isoDay(3 * 366) }, /^neededBy must be at most 2 years ahead$/),
    bad('language fr', { ...VALID, language: 'fr' }, /^language must be one of: en, ar$/),
    bad('language as a list', { ...VALID, language: ['ar'] }, /^language must be one of: en, ar$/),
  ];
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
    cases.push({
      what: `method ${method}`,
      request: { method },
      status: 405,
      error: new RegExp(`^Method ${method} is not allowed here: send the request with POST$`),
    });
  }
  cases.push({
    what: 'POST to a PDF',
    request: { ...json(VALID), url: `${URL}/RFQ-2026-000001.pdf` },
    status: 405,
    error: /^Method POST is not allowed here: download the PDF with GET$/,
  });
  const limits: Record<string, number> = { companyName: 150, name: 100, email: 254, phone: 40 };
  for (const field of ['companyName', 'name', 'email', 'phone'] as const) {
    cases.push(bad(`${field} missing`, without(field), new RegExp(`^${field} is required$`)));
    cases.push(
      bad(
        `${field} blank`,
        { ...VALID, [field]: ' \t ' },
        new RegExp(`^${field} (is required|contains characters that are not allowed)$`),
      ),
    );
    for (const wrong of [42, true, ['x'], { text: 'x' }, null]) {
      cases.push(
        bad(
          `${field} as ${JSON.stringify(wrong)}`,
          { ...VALID, [field]: wrong },
          new RegExp(`^${field} must be text$`),
        ),
      );
    }
    const long = field === 'email' ? `${'a'.repeat(250)}@example.com` : 'x'.repeat(limits[field]! + 1);
    cases.push(
      bad(
        `${field} too long`,
        { ...VALID, [field]: long },
        new RegExp(`^${field} must be at most ${limits[field]} characters$`),
      ),
    );
    cases.push(
      bad(
        `${field} huge`,
        { ...VALID, [field]: 'y'.repeat(50_000) },
        new RegExp(`^${field} must be at most ${limits[field]} characters`),
      ),
    );
    if (field !== 'email') {
      for (const control of ['a\u0000b', 'a\u001b[31mred', 'a\ud800b', 'line\nbreak']) {
        cases.push(
          bad(
            `${field} with ${JSON.stringify(control)}`,
            { ...VALID, [field]: control },
            new RegExp(`^${field} contains characters that are not allowed$`),
          ),
        );
      }
      cases.push(
        bad(
          `${field} with U+202E`,
          { ...VALID, [field]: '\u202egpj.exe' },
          new RegExp(`^${field} contains invisible text-direction characters`),
        ),
      );
    }
  }
  for (const email of [
    'aisha',
    'aisha@example',
    'a b@example.com',
    'a@b.co,evil@x.example',
    'a@b.co\r\nBcc: evil@x.example',
  ]) {
    cases.push(
      bad(
        `email ${JSON.stringify(email)}`,
        { ...VALID, email },
        /^email (must be a valid email address|contains characters)/,
      ),
    );
  }
  const [head, tail] = JSON.stringify({ ...VALID, companyName: 'a\u0001b' }).split('\\u0001') as [string, string];
  cases.push({
    what: 'bytes that are not UTF-8 in companyName',
    request: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from(head), Buffer.from([0xc0, 0xaf]), Buffer.from(tail)]),
    },
    status: 400,
    error: /^The request body is not valid UTF-8/,
  });
  return cases;
}

async function count(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Created {
  ok: true;
  reference: string;
  pdfUrl: string;
}

function created(res: LightMyRequestResponse): Created {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<Created>();
  assert.deepEqual(Object.keys(body).sort(), ['ok', 'pdfUrl', 'reference']);
  assert.equal(body.ok, true);
  assert.match(body.reference, QUOTE_REFERENCE_PATTERN);
  assert.match(body.pdfUrl, new RegExp(`^/api/quote-requests/${body.reference}\\.pdf\\?key=[A-Za-z0-9_-]{43}$`));
  return body;
}

const keyOf = (pdfUrl: string) => new URLSearchParams(pdfUrl.split('?')[1]).get('key')!;

function worker(db: Database, smtpUrl: string): OutboxWorker {
  return createOutboxWorker({
    db,
    transport: createSmtpTransport(smtpUrl),
    composers: siteMailComposers(),
    from: MAIL_FROM,
    retryBaseMs: 200,
    retryMaxMs: 1_000,
    pollMs: 50,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

/** The PDF's text (pdftotext; `layout`: a table's rows kept on their lines), or the test's skip note when it cannot be read here. */
function readPdf(t: TestContext, pdf: Buffer, layout = false): string | undefined {
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', 'a PDF');
  const read = pdfText(pdf, { layout });
  if ('skipped' in read) {
    t.diagnostic(read.skipped);
    return undefined;
  }
  return read.text;
}

const mailTo = (smtp: TestSmtpServer, address: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.envelopeTo.includes(address));

// ---------------------------------------------------------------- the suite, run on each database

async function quoteSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  let nudges = 0;
  const post = (body: unknown) => app.inject({ method: 'POST', url: URL, payload: body as object });
  const confirmationsTo = async (address: string) =>
    (
      await database.db.query<{ n: number }>(
        `select count(*)::int as n from outbox where kind = 'quote_confirmation' and lower(recipient) = lower($1)`,
        [address],
      )
    )[0]!.n;

  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
    // the submissions command opens it too (by its folder, on PGlite)
    database = await target.fresh({ openedByPath: true });
    await seedCatalogue(database.db); // the catalogue the app reads (the site's, as on a first start)
    app = await buildApp(fixture.config, database.db, { onOutboxWrite: () => (nudges += 1) });
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  await t.test('the bad-input corpus is refused with clear 4xx messages, nothing stored, server healthy', async () => {
    const corpus = badInputCorpus();
    assert.ok(corpus.length > 100, `a real corpus (${corpus.length} cases)`);
    for (const bad of corpus) {
      const res = await app.inject({ url: URL, ...bad.request });
      assert.equal(res.statusCode, bad.status, `${bad.what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      assert.match(String(res.headers['content-type']), /^application\/json/, bad.what);
      const body = res.json<{ error: unknown }>();
      // a refused body's problems one by one beside the sentence, nothing else
      assert.deepEqual(
        Object.keys(body).filter((key) => key !== 'problems'),
        ['error'],
        bad.what,
      );
      assert.match(String(body.error), bad.error, bad.what);
      if (bad.status === 405) assert.equal(res.headers.allow, bad.request.url === undefined ? 'POST' : 'GET', bad.what);
    }
    for (const table of ['quote_requests', 'quote_request_lines', 'outbox'])
      assert.equal(await count(database.db, table), 0, `nothing in ${table}`);
    assert.equal(nudges, 0);
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });

  await t.test(
    'a request is stored with its lines (code, names and unit of the day) and its two mails before the answer',
    async () => {
      nudges = 0;
      const res = await post({ ...VALID, website: '' });
      assert.equal(res.headers['cache-control'], 'no-store');
      const { reference, pdfUrl } = created(res);
      const [row] = await database.db.query<Record<string, unknown>>(
        `select id, reference, created_at, company_name, name, email, phone, branch, delivery_city, to_char(needed_by, 'YYYY-MM-DD') as needed_by,
              notes, language, pdf_key_hash, spam from quote_requests where reference = $1`,
        [reference],
      );
      assert.ok(row, 'stored under its reference');
      assert.equal(
        reference,
        `RFQ-AE-${(row.created_at as Date).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`,
        "the reference is made of the branch's code (Dubai's: AE), the year and the id",
      );
      assert.equal(row.pdf_key_hash, sha256(keyOf(pdfUrl)), "the key's hash is kept, never the key");
      const { id, created_at: _createdAt, pdf_key_hash: _hash, ...fields } = row;
      assert.deepEqual(fields, {
        reference,
        company_name: 'Gulf Build LLC',
        name: 'Aisha Rahman',
        email: 'aisha@example.com',
        phone: '+971 50 123 4567',
        branch: 'Dubai',
        delivery_city: 'Abu Dhabi',
        needed_by: VALID.neededBy,
        notes: VALID.notes,
        language: 'en',
        spam: false,
      });
      const lines = await database.db.query(
        'select line_no, product_id, product_code, product_name, product_name_ar, unit, quantity::text as quantity from quote_request_lines where request_id = $1 order by line_no',
        [id],
      );
      const cable = product(CABLE);
      const gland = product(GLAND);
      assert.equal(cable.code, 'OC-SWA-416');
      assert.deepEqual(lines, [
        {
          line_no: 1,
          product_id: CABLE,
          product_code: cable.code,
          product_name: cable.name,
          product_name_ar: cable.nameAr,
          unit: 'metre',
          quantity: '200.00',
        },
        {
          line_no: 2,
          product_id: GLAND,
          product_code: gland.code,
          product_name: gland.name,
          product_name_ar: gland.nameAr,
          unit: 'piece',
          quantity: '40.00',
        },
      ]);
      assert.notEqual(cable.nameAr, cable.name, 'the Arabic name is the Arabic edition');
      const mails = await database.db.query<{
        kind: string;
        recipient: string;
        payload: Record<string, unknown>;
        attempts: number;
        sent_at: Date | null;
      }>('select kind, recipient, payload, attempts, sent_at from outbox where ref_id = $1 order by id', [id]);
      assert.deepEqual(
        mails.map(({ kind, recipient, attempts, sent_at }) => ({ kind, recipient, attempts, sent_at })),
        [
          { kind: 'quote_request', recipient: DUBAI, attempts: 0, sent_at: null },
          { kind: 'quote_confirmation', recipient: 'aisha@example.com', attempts: 0, sent_at: null },
        ],
      );
      assert.deepEqual(mails[0]!.payload.lines, [
        // availability []: no stock fed here, nothing to say of it (quoteStock.test.ts has the figures)
        {
          productId: CABLE,
          code: cable.code,
          name: cable.name,
          nameAr: cable.nameAr,
          label: '',
          labelAr: '',
          unit: 'metre',
          quantity: 200,
          availability: [],
        },
        // no code: the product's first size, its code the product's
        {
          productId: GLAND,
          name: gland.name,
          nameAr: gland.nameAr,
          ...GLAND_FIRST,
          unit: 'piece',
          quantity: 40,
          availability: [],
        },
      ]);
      assert.equal(gland.code, GLAND_FIRST.code);
      assert.equal(mails[0]!.payload.reference, reference);
      assert.deepEqual(mails[1]!.payload, mails[0]!.payload, 'both mails carry the same request');
      assert.equal(nudges, 1, 'the outbox worker was woken');
    },
  );

  await t.test(
    'a quantity that rounds to 0 (1e-9 metres) is a 400 with words, and spends no reference number',
    async () => {
      const numberOf = (reference: string) => Number(reference.split('-').at(-1)); // RFQ-AE-2026-000123: the id
      const before = numberOf(created(await post(VALID)).reference);
      const requests = await count(database.db, 'quote_requests');
      for (const tiny of [1e-9, 0.000001]) {
        const res = await post(withLines(line(CABLE, tiny)));
        assert.equal(res.statusCode, 400, res.body);
        const message = 'lines[0].quantity must have at most 2 decimal places';
        assert.deepEqual(res.json(), { error: message, problems: [{ path: ['lines', 0, 'quantity'], message }] });
      }
      assert.equal(await count(database.db, 'quote_requests'), requests, 'nothing stored');
      assert.equal(
        numberOf(created(await post(VALID)).reference),
        before + 1,
        'the next accepted request has the next number',
      );
    },
  );

  await t.test(
    'decimals of a metre, trimmed text, optional fields left out (null), a date of today; accepted text is stored exactly',
    async () => {
      const res = await post({
        lines: [line(CABLE, 12.25), line(GLAND, 100_000)],
        companyName: '  <script>alert("x")</script> & Sons  ',
        name: 'عائشة الرحمن 😀',
        email: ' aisha@example.com ',
        phone: '+971 50 123 4567',
        branch: 'Bahrain',
        neededBy: isoDay(0),
      });
      const { reference } = created(res);
      const [row] = await database.db.query<Record<string, unknown>>(
        `select id, company_name, name, email, delivery_city, to_char(needed_by, 'YYYY-MM-DD') as needed_by, notes, language from quote_requests where reference = $1`,
        [reference],
      );
      assert.deepEqual(
        { ...row, id: undefined },
        {
          id: undefined,
          company_name: '<script>alert("x")</script> & Sons',
          name: 'عائشة الرحمن 😀',
          email: 'aisha@example.com',
          delivery_city: null,
          needed_by: isoDay(0),
          notes: null,
          language: 'en',
        },
      );
      const quantities = await database.db.query<{ quantity: string }>(
        'select quantity::text as quantity from quote_request_lines where request_id = $1 order by line_no',
        [row!.id],
      );
      assert.deepEqual(
        quantities.map((q) => q.quantity),
        ['12.25', '100000.00'],
      );
    },
  );

  await t.test(
    'a filled honeypot gets the same kind of answer, is stored flagged as spam, and nothing is mailed',
    async () => {
      nudges = 0;
      const outbox = await count(database.db, 'outbox');
      const { reference, pdfUrl } = created(await post({ ...VALID, website: 'http://cheap-pills.example' }));
      const [row] = await database.db.query<{ spam: boolean }>('select spam from quote_requests where reference = $1', [
        reference,
      ]);
      assert.equal(row?.spam, true);
      assert.equal(await count(database.db, 'outbox'), outbox, 'no mail queued');
      assert.equal(nudges, 0);
      assert.equal(
        (await app.inject({ method: 'GET', url: pdfUrl })).statusCode,
        200,
        'its PDF link works like any other',
      );
    },
  );

  await t.test(
    'at most 3 confirmations a day to one address (any case): the 4th request is stored and its branch mailed, without one',
    async () => {
      const address = 'Cap.Test@Example.com';
      const references: string[] = [];
      for (const email of [address, address.toLowerCase(), address.toUpperCase(), address])
        references.push(created(await post({ ...VALID, email })).reference);
      assert.equal(await confirmationsTo(address), 3);
      const mailsOfLast = await database.db.query<{ kind: string }>(
        'select o.kind from outbox o join quote_requests q on q.id = o.ref_id where q.reference = $1 order by o.id',
        [references[3]],
      );
      assert.deepEqual(
        mailsOfLast.map((m) => m.kind),
        ['quote_request'],
        'the branch has it; the buyer gets no 4th confirmation',
      );
      // a day later the address may be sent one again
      await database.db.query(
        `update outbox set created_at = now() - interval '25 hours' where kind = 'quote_confirmation' and lower(recipient) = lower($1)`,
        [address],
      );
      created(await post({ ...VALID, email: address }));
      assert.equal(await confirmationsTo(address), 4);
    },
  );

  await t.test(
    'requests sent at once from one address still get 3 confirmations at most (counted under a lock)',
    async () => {
      const handle = await database.openAnother();
      const other = handle === database.db ? app : await buildApp(fixture.config, handle);
      try {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_unused, index) =>
            (index % 2 ? other : app).inject({
              method: 'POST',
              url: URL,
              payload: { ...VALID, email: 'burst@example.com' },
            }),
          ),
        );
        for (const res of answers) created(res);
        assert.equal(await confirmationsTo('burst@example.com'), 3);
      } finally {
        if (other !== app) await other.close();
      }
    },
  );

  await t.test(
    'past QUOTE_CONFIRMATIONS_PER_HOUR (every address together, also sent at once through two processes) requests are stored and their branches mailed, without a confirmation',
    async () => {
      const countOf = async (sql: string) => (await database.db.query<{ n: number }>(sql))[0]!.n;
      const lastHour = () =>
        countOf(
          `select count(*)::int as n from outbox where kind = 'quote_confirmation' and created_at > now() - interval '1 hour'`,
        );
      const cap = (await lastHour()) + 3;
      const capped = (db: Database) =>
        buildApp(
          { ...fixture.config, submissions: { ...fixture.config.submissions, quoteConfirmationsPerHour: cap } },
          db,
        );
      const handle = await database.openAnother();
      const first = await capped(database.db);
      const second = handle === database.db ? first : await capped(handle);
      try {
        const branchMails = await countOf(`select count(*)::int as n from outbox where kind = 'quote_request'`);
        // a relay run: each request names another stranger's address, so the per-address cap never bites
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_unused, index) =>
            (index % 2 ? second : first).inject({
              method: 'POST',
              url: URL,
              payload: { ...VALID, email: `stranger${index}@target.example` },
            }),
          ),
        );
        const references = answers.map((res) => created(res).reference);
        assert.equal(await lastHour(), cap, 'three more confirmations, then none');
        assert.equal(
          await countOf(`select count(*)::int as n from outbox where kind = 'quote_request'`),
          branchMails + 8,
          'every branch mail is queued',
        );
        const skipped = await database.db.query<{ confirmation_skipped: string | null }>(
          'select confirmation_skipped from quote_requests where reference = any($1::text[])',
          [references],
        );
        assert.equal(skipped.length, 8, 'every request is stored');
        assert.deepEqual(skipped.map((row) => row.confirmation_skipped).sort(), [
          'hourly_cap',
          'hourly_cap',
          'hourly_cap',
          'hourly_cap',
          'hourly_cap',
          null,
          null,
          null,
        ]);
      } finally {
        await first.close();
        if (second !== first) await second.close();
      }
      const none = await buildApp(
        { ...fixture.config, submissions: { ...fixture.config.submissions, quoteConfirmationsPerHour: 0 } },
        database.db,
      );
      try {
        created(
          await none.inject({ method: 'POST', url: URL, payload: { ...VALID, email: 'nobody.mailed@example.com' } }),
        );
        assert.equal(await confirmationsTo('nobody.mailed@example.com'), 0, '0 mails no confirmation at all');
      } finally {
        await none.close();
      }
    },
  );

  await t.test('the PDF: the right key gets it; a wrong key, another request, no key get the same 404', async (t2) => {
    const first = created(await post(VALID));
    const second = created(await post({ ...VALID, companyName: 'Another Co' }));
    const res = await app.inject({ method: 'GET', url: first.pdfUrl });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], `attachment; filename="${first.reference}.pdf"`);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const text = readPdf(t2, res.rawPayload);
    if (text !== undefined) {
      for (const expected of [
        first.reference,
        'Gulf Build LLC',
        'OC-SWA-416',
        product(GLAND).code,
        'Request for quotation',
        'Abu Dhabi',
        '200',
        'metres',
        'Two deliveries, please.',
      ]) {
        assert.ok(text.includes(expected), `the PDF says ${expected}:\n${text}`);
      }
    }
    const key = keyOf(first.pdfUrl);
    const refusals = [
      // one character changed: the first (the last of a base64url key carries padding bits that may decode the same)
      `${URL}/${first.reference}.pdf?key=${key.startsWith('A') ? 'B' : 'A'}${key.slice(1)}`,
      `${URL}/${first.reference}.pdf?key=${keyOf(second.pdfUrl)}`,
      `${URL}/${second.reference}.pdf?key=${key}`,
      `${URL}/${first.reference}.pdf`,
      `${URL}/${first.reference}.pdf?key=`,
      `${URL}/${first.reference}.pdf?key=${key}&key=${key}`,
      `${URL}/RFQ-AE-2026-999999.pdf?key=${key}`,
      `${URL}/${first.reference.replace('RFQ-AE-', 'RFQ-OM-')}.pdf?key=${key}`,
      `${URL}/${first.reference}.txt?key=${key}`,
      `${URL}/${first.reference}?key=${key}`,
      `${URL}/..%2f${first.reference}.pdf?key=${key}`,
    ];
    for (const url of refusals) {
      const refused = await app.inject({ method: 'GET', url });
      assert.equal(refused.statusCode, 404, url);
      assert.deepEqual(refused.json(), { error: 'Not found' }, url);
    }
  });

  await t.test(
    'a request stored before the branch codes keeps its reference: its PDF opens at it with its key',
    async (t2) => {
      const sent = created(await post(VALID));
      const old = sent.reference.replace(/^RFQ-AE-/, 'RFQ-');
      assert.match(old, /^RFQ-\d{4}-\d{6}$/);
      await database.db.query('update quote_requests set reference = $1 where reference = $2', [old, sent.reference]);
      const key = keyOf(sent.pdfUrl);
      const res = await app.inject({ method: 'GET', url: `${URL}/${old}.pdf?key=${key}` });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-disposition'], `attachment; filename="${old}.pdf"`);
      const text = readPdf(t2, res.rawPayload);
      if (text !== undefined) assert.ok(text.includes(old), `the PDF says ${old}:\n${text}`);
      const gone = await app.inject({ method: 'GET', url: `${URL}/${sent.reference}.pdf?key=${key}` });
      assert.equal(gone.statusCode, 404, 'the reference it never had finds nothing');
    },
  );

  await t.test(
    'a later change to the catalogue does not rewrite a stored request: its PDF names the product as it was',
    async (t2) => {
      const old = { code: 'OLD-GLAND-7', unit: 'box' } as const;
      const renamed: QuoteCatalogue = {
        find: (id) =>
          id === GLAND
            ? {
                id,
                ...old,
                name: 'Old gland name',
                nameAr: 'اسم قديم',
                variants: [onlyVariant(old)],
                withdrawnCodes: [],
              }
            : undefined,
      };
      const before = Fastify();
      await before.register(quoteRoutes, {
        db: database.db,
        rateLimitMax: 0,
        rateLimitWindowMs: 60_000,
        catalogue: renamed,
      });
      try {
        const { pdfUrl, reference } = created(
          await before.inject({ method: 'POST', url: URL, payload: withLines(line(GLAND, 3)) }),
        );
        const res = await app.inject({ method: 'GET', url: pdfUrl }); // today's catalogue
        const text = readPdf(t2, res.rawPayload);
        if (text !== undefined)
          for (const expected of ['OLD-GLAND-7', 'Old gland name', 'boxes', reference])
            assert.ok(text.includes(expected), `${expected} in:\n${text}`);
      } finally {
        await before.close();
      }
    },
  );

  await t.test(
    'with the database down: a clear 503 for the request and for the PDF, and the server keeps going',
    async () => {
      // Kysely made over the failing client, whose run (what Kysely's queries go through) fails too
      const failing = withKysely({
        ...database.db,
        query: async () => {
          throw new Error('connection terminated unexpectedly');
        },
        run: async () => {
          throw new Error('connection terminated unexpectedly');
        },
        transaction: async () => {
          throw new Error('connection terminated unexpectedly');
        },
      });
      const other = await buildApp(fixture.config, failing);
      try {
        const res = await other.inject({ method: 'POST', url: URL, payload: VALID });
        assert.equal(res.statusCode, 503);
        assert.deepEqual(res.json(), {
          error: 'Your request could not be saved right now. Please try again in a few minutes.',
        });
        const pdf = await other.inject({ method: 'GET', url: `${URL}/RFQ-AE-2026-000001.pdf?key=${'a'.repeat(43)}` });
        assert.equal(pdf.statusCode, 503);
        assert.deepEqual(pdf.json(), {
          error: 'The request could not be read right now. Please try again in a few minutes.',
        });
      } finally {
        await other.close();
      }
    },
  );

  // ---- mail ----

  await t.test(
    'through a real SMTP server: the branch gets the lines table and the PDF, the buyer a confirmation without either',
    async (t2) => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = worker(database.db, smtp.url);
      try {
        const body = {
          ...VALID,
          companyName: 'Gulf <b>Build</b> & Co',
          notes: 'Deliver <script>alert(1)</script>\nto gate 3',
          email: 'mail.test@example.com',
        };
        const { reference, pdfUrl } = created(await post(body));
        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
        const download = (await app.inject({ method: 'GET', url: pdfUrl })).rawPayload;

        const [branch] = mailTo(smtp, DUBAI);
        assert.ok(branch, 'the branch mail arrived');
        assert.match(branch.headers['reply-to']!, /mail\.test@example\.com/);
        assert.equal(branch.headers.subject, `Request for quotation ${reference}: Gulf <b>Build</b> & Co (Dubai)`);
        assert.ok(
          branch.text.startsWith(`Request for quotation ${reference} from the website (Dubai).\n`),
          branch.text,
        );
        assert.ok(
          branch.text.includes(
            'Company: Gulf <b>Build</b> & Co\nName: Aisha Rahman\nEmail: mail.test@example.com\nPhone: +971 50 123 4567\nBranch: Dubai\n',
          ),
          branch.text,
        );
        assert.ok(branch.text.includes('Language: English'), branch.text);
        assert.ok(
          branch.text.includes(
            `Products (2):\n1. OC-SWA-416  200 metres  ${product(CABLE).name}\n2. ${product(GLAND).code.padEnd(10)}  40 pieces   ${product(GLAND).name} – ${GLAND_FIRST.label}\n`,
          ),
          branch.text,
        );
        assert.ok(branch.text.includes('Notes:\nDeliver <script>alert(1)</script>\nto gate 3'), branch.text);
        assert.match(
          branch.html,
          /<th [^>]*>No\.<\/th><th [^>]*>Code<\/th><th [^>]*>Product<\/th><th [^>]*>Quantity<\/th><th [^>]*>Unit<\/th>/,
        );
        assert.match(
          branch.html,
          /<td [^>]*>1<\/td><td [^>]*><span dir="ltr">OC-SWA-416<\/span><\/td><td [^>]*>0\.6\/1 kV[^<]*<\/td><td [^>]*><span dir="ltr">200<\/span><\/td><td [^>]*>metres<\/td>/,
        );
        assert.ok(
          branch.html.includes('Gulf &lt;b&gt;Build&lt;/b&gt; &amp; Co') &&
            branch.html.includes('Deliver &lt;script&gt;'),
          branch.html,
        );
        assert.ok(!branch.html.includes('<script>') && !branch.html.includes('<b>Build'), 'no visitor HTML survives');
        assert.deepEqual(
          branch.attachments.map((a) => [a.filename, a.contentType]),
          [[`${reference}.pdf`, 'application/pdf']],
        );
        assert.ok(branch.attachments[0]!.content.equals(download), 'the attachment is the PDF the buyer downloads');
        const text = readPdf(t2, branch.attachments[0]!.content);
        if (text !== undefined)
          for (const expected of [
            reference,
            'OC-SWA-416',
            'Gulf <b>Build</b> & Co',
            'Deliver <script>alert(1)</script>',
          ])
            assert.ok(text.includes(expected), `${expected} in:\n${text}`);

        const [confirmation] = mailTo(smtp, 'mail.test@example.com');
        assert.ok(confirmation, 'the buyer got a confirmation');
        assert.equal(
          confirmation.headers.subject,
          `Your request for quotation ${reference} (Crescent Electrical Trading)`,
        );
        assert.match(
          confirmation.headers['reply-to']!,
          new RegExp(DUBAI.replace(/\./g, '\\.')),
          'a reply goes to the branch',
        );
        assert.ok(
          confirmation.text.startsWith(
            'Hello,\n\nThank you for your request for quotation. Our Dubai branch has received it and will reply to this e-mail address.\n',
          ),
          confirmation.text,
        );
        assert.ok(confirmation.text.includes(`Reference: ${reference}\n`), confirmation.text);
        assert.ok(confirmation.text.includes(`1. OC-SWA-416  200 metres  ${product(CABLE).name}`), confirmation.text);
        assert.ok(
          confirmation.text.includes('If you did not send this request, you can ignore this e-mail.'),
          confirmation.text,
        );
        assert.deepEqual(confirmation.attachments, [], 'no PDF: it holds what the requester typed');
        assert.ok(
          !confirmation.html.includes('Build') && !confirmation.text.includes('Build'),
          'the company name is not written back',
        );
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    'two sizes of one product: two lines stored with their codes and labels, printed in the PDF and named in the mails',
    async (t2) => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = worker(database.db, smtp.url);
      try {
        const body = {
          ...VALID,
          lines: [part(GLAND, GLAND_25.code, 100), part(GLAND, 'hex-cw-32', 50), line(CABLE, 12.5)],
          email: 'sizes.test@example.com',
        };
        const { reference, pdfUrl } = created(await post(body));
        const lines = await database.db.query(
          `select l.line_no, l.product_id, l.product_code, l.variant_label, l.variant_label_ar, l.unit, l.quantity::text as quantity
           from quote_request_lines l join quote_requests q on q.id = l.request_id where q.reference = $1 order by l.line_no`,
          [reference],
        );
        const sized = (lineNo: number, size: typeof GLAND_25, quantity: string) => ({
          line_no: lineNo,
          product_id: GLAND,
          product_code: size.code,
          variant_label: size.label,
          variant_label_ar: size.labelAr,
          unit: 'piece',
          quantity,
        });
        assert.deepEqual(lines, [
          sized(1, GLAND_25, '100.00'),
          // the code as the catalogue writes it, whatever the case and dashes sent
          sized(2, GLAND_32, '50.00'),
          {
            line_no: 3,
            product_id: CABLE,
            product_code: 'OC-SWA-416',
            variant_label: '',
            variant_label_ar: '',
            unit: 'metre',
            quantity: '12.50',
          },
        ]);

        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
        const [branch] = mailTo(smtp, DUBAI);
        const name = product(GLAND).name;
        const mailLine = (no: number, code: string, quantity: string, size: string) =>
          new RegExp(`^${no}\\. ${code} +${quantity} +${escapeRegExp(`${name} – ${size}`)}$`, 'm');
        assert.match(branch!.text, mailLine(1, 'HEX-CW-25', '100 pieces', 'Size 25 (M25)'));
        assert.match(branch!.text, mailLine(2, 'HEX-CW-32', '50 pieces', 'Size 32 (M32)'));
        assert.match(
          branch!.html,
          /<span dir="ltr">HEX-CW-25<\/span><\/td><td [^>]*>CW Brass Cable Gland[^<]* – Size 25 \(M25\)<\/td><td [^>]*><span dir="ltr">100<\/span>/,
        );
        const [confirmation] = mailTo(smtp, 'sizes.test@example.com');
        assert.match(confirmation!.text, mailLine(2, 'HEX-CW-32', '50 pieces', 'Size 32 (M32)'));

        // the PDF, downloaded and attached: both codes with their quantities and sizes
        const pdf = (await app.inject({ method: 'GET', url: pdfUrl })).rawPayload;
        assert.ok(branch!.attachments[0]!.content.equals(pdf));
        const text = readPdf(t2, pdf, true);
        if (text !== undefined) {
          // each row: its number, code, the product's name (wrapped), quantity and unit; the size on the name's last line
          for (const expected of [
            /^ *1 +HEX-CW-25 +CW Brass Cable Gland.* 100 +pieces$/m,
            /^ *2 +HEX-CW-32 +CW Brass Cable Gland.* 50 +pieces$/m,
            /– Size 25 \(M25\)/,
            /– Size 32 \(M32\)/,
          ]) {
            assert.match(text, expected);
          }
        }
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    'a size withdrawn (unpublished) is refused, naming its line, and nothing is stored; published again, it is taken',
    async () => {
      const requests = await count(database.db, 'quote_requests');
      await database.db.query(`update catalogue_product_variants set published = false where code = 'HEX-CW-40'`);
      try {
        const res = await post({ ...VALID, lines: [part(GLAND, GLAND_25.code, 1), part(GLAND, 'HEX-CW-40', 2)] });
        assert.equal(res.statusCode, 400, res.body);
        assert.match(
          res.json<{ error: string }>().error,
          /^lines\[1\]\.code HEX-CW-40 \(CW Brass Cable Gland.*\) is no longer available: it was withdrawn from the catalogue\. Remove it from the request and send the rest$/,
        );
        assert.equal(await count(database.db, 'quote_requests'), requests, 'nothing stored');
      } finally {
        await database.db.query(`update catalogue_product_variants set published = true where code = 'HEX-CW-40'`);
      }
      created(await post({ ...VALID, lines: [part(GLAND, 'HEX-CW-40', 2)] }));
    },
  );

  await t.test(
    "a request naming a stranger's address: the confirmation mailed there carries none of the requester's words, no PDF, no link, and says it can be ignored",
    async () => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = worker(database.db, smtp.url);
      // what a phisher writes into every free field, hoping the site relays it from its own domain
      const lure = {
        name: 'IT Helpdesk: your mailbox is suspended',
        companyName: 'Verify at phish.example/login',
        phone: '+1 555 0100 call now',
        deliveryCity: 'Reset at phish.example',
        notes: 'Your password expires today.\nLog in at https://phish.example/reset to keep your account.',
      };
      const markers = ['phish', 'suspended', 'Helpdesk', 'call now', 'password', 'expires', 'Verify', 'Reset'];
      try {
        for (const language of ['en', 'ar'] as const) {
          const victim = `victim.${language}@target.example`;
          const { reference } = created(await post({ ...VALID, ...lure, email: victim, language }));
          assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
          const [mail] = mailTo(smtp, victim);
          assert.ok(mail, `a confirmation went to ${victim}`);
          // the headers a reader sees (message-id and boundaries are random: they could hold any marker by chance)
          const seen = ['from', 'to', 'reply-to', 'subject'].map((name) => mail.headers[name] ?? '');
          const everything = [...seen, mail.text, mail.html, ...mail.attachments.map((a) => a.filename)].join('\n');
          for (const marker of markers)
            assert.ok(!everything.includes(marker), `${language}: "${marker}" is not relayed:\n${everything}`);
          assert.deepEqual(mail.attachments, [], `${language}: no PDF (it holds the requester's text)`);
          assert.ok(
            !/quote-requests|key=|https?:/.test(`${mail.text}\n${mail.html}`),
            `${language}: no link to the request or its PDF`,
          );
          assert.ok(
            mail.text.includes(reference) && mail.text.includes('OC-SWA-416'),
            `${language}: the reference and the lines as the catalogue names them`,
          );
          const ignore =
            language === 'en'
              ? 'If you did not send this request, you can ignore this e-mail.'
              : 'إذا لم تكونوا قد أرسلتم هذا الطلب، فيمكنكم تجاهل هذه الرسالة.';
          assert.ok(
            mail.text.includes(ignore) && mail.html.includes(ignore),
            `${language}: it says plainly it can be ignored`,
          );
          const [branch] = smtp.received.filter(
            (m) => m.envelopeTo.includes(DUBAI) && m.headers.subject?.includes(reference),
          );
          assert.ok(
            branch?.text.includes('https://phish.example/reset'),
            'the branch, the company itself, still reads everything',
          );
        }
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test(
    'an Arabic request: the branch mail says "Language: Arabic", the confirmation and the PDF are in Arabic',
    async (t2) => {
      await database.db.query('delete from outbox');
      const smtp = await startSmtpServer();
      const sender = worker(database.db, smtp.url);
      try {
        const body = {
          ...VALID,
          name: 'عائشة الرحمن',
          companyName: 'شركة الخليج للبناء',
          branch: 'Oman',
          notes: 'نرجو التسليم خلال أسبوع.',
          language: 'ar',
          email: 'arabic.test@example.com',
        };
        const { reference } = created(await post(body));
        assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
        const [branch] = mailTo(smtp, OMAN);
        assert.ok(branch, 'to the Oman branch');
        assert.ok(
          branch.text.includes('Branch: Oman\nDelivery city: Abu Dhabi\n') && branch.text.includes('Language: Arabic'),
          branch.text,
        );
        assert.ok(
          branch.text.includes(`1. OC-SWA-416  200 metres  ${product(CABLE).name}`),
          'the branch reads the English names',
        );

        const [confirmation] = mailTo(smtp, 'arabic.test@example.com');
        assert.equal(confirmation!.headers.subject, `طلبكم لعرض سعر رقم ${reference} (الهلال للتجارة الكهربائية)`);
        assert.ok(
          confirmation!.text.startsWith(
            'تحية طيبة،\n\nشكرًا لكم على طلب عرض السعر. تسلّم فرعنا في عُمان طلبكم، وسيردّ عليكم على عنوان البريد الإلكتروني هذا.\n',
          ),
          confirmation!.text,
        );
        assert.ok(
          confirmation!.text.includes('إذا لم تكونوا قد أرسلتم هذا الطلب، فيمكنكم تجاهل هذه الرسالة.'),
          confirmation!.text,
        );
        assert.ok(confirmation!.text.includes(`الرقم المرجعي: ${reference}\n`), confirmation!.text);
        assert.ok(confirmation!.text.includes(`1. OC-SWA-416  200 متر  ${product(CABLE).nameAr}`), confirmation!.text);
        assert.ok(confirmation!.text.includes('الفرع: عُمان'), confirmation!.text);
        assert.match(confirmation!.html, /^<!doctype html><html lang="ar" dir="rtl">/);
        assert.deepEqual(confirmation!.attachments, [], 'the buyer gets no PDF by mail');
        const pdf = branch.attachments[0]!.content;
        assert.ok(pdf.includes('NotoSansArabic'), "the PDF, in the buyer's language, embeds the Arabic font");
        const text = readPdf(t2, pdf);
        if (text !== undefined)
          for (const expected of [reference, 'OC-SWA-416', 'arabic.test@example.com', '+971 50 123 4567'])
            assert.ok(text.includes(expected), `${expected} in:\n${text}`);
        // tagged: its structure read in Arabic and in reading order (the buyer's company, the notes, a line's cells)
        const structure = pdfStructure(pdf);
        if ('elements' in structure) {
          assert.equal(structure.lang, 'ar');
          const said = structure.elements.map(({ type, text: words }) => `${type}: ${words}`);
          for (const expected of [
            'P: الشركة: شركة الخليج للبناء',
            'H2: ملاحظات',
            'P: نرجو التسليم خلال أسبوع.',
            'TD: OC-SWA-416',
            'TD: 200',
          ])
            assert.ok(said.includes(expected), `${expected} in:\n${said.join('\n')}`);
        } else t2.diagnostic(structure.skipped);
      } finally {
        await sender.stop();
        await smtp.close();
      }
    },
  );

  await t.test('with SMTP down the mails wait; once it is back they are sent, with the same PDF', async () => {
    await database.db.query('delete from outbox');
    const smtp = await startSmtpServer(0, { down: true });
    const sender = worker(database.db, smtp.url);
    try {
      const { pdfUrl } = created(await post({ ...VALID, email: 'retry.test@example.com' }));
      assert.deepEqual(await sender.drain(), { sent: 0, failed: 2 });
      await database.db.query('update outbox set next_attempt_at = now()');
      smtp.down = false;
      assert.deepEqual(await sender.drain(), { sent: 2, failed: 0 });
      const download = (await app.inject({ method: 'GET', url: pdfUrl })).rawPayload;
      const [branch] = mailTo(smtp, DUBAI);
      assert.ok(branch!.attachments[0]!.content.equals(download), 'the retried mail to the branch has the same PDF');
      assert.equal(mailTo(smtp, 'retry.test@example.com').length, 1, 'the confirmation is sent too');
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  await t.test('npm run submissions lists the requests with their lines and the state of both mails', async () => {
    await post({ ...VALID, email: 'listed@example.com', notes: 'line one\r\nline two' });
    if (database.db.kind === 'embedded') await database.db.close(); // one process per PGlite folder: the server would be stopped too
    let out = '';
    let err = '';
    const io = { out: (text: string) => (out += text), err: (text: string) => (err += text) };
    assert.equal(await submissionsCli(['--limit', '100'], { ...database.env, REPO_ROOT: fixture.root }, io), 0, err);
    assert.match(out, /^Requests for quotation: \d+ in all$/m);
    assert.match(out, /^RFQ-AE-\d{4}-\d{6} {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}branch: Dubai {2}language: English$/m);
    assert.match(out, /^ {2}From: Aisha Rahman <listed@example\.com> {2}Phone: \+971 50 123 4567$/m);
    assert.match(
      out,
      new RegExp(`^ {2}Company: Gulf Build LLC {2}Delivery city: Abu Dhabi {2}Needed by: ${VALID.neededBy}$`, 'm'),
    );
    assert.match(out, /^ {2}Lines \(2\):\n {4}1\. OC-SWA-416 {2}200 metres {2}0\.6\/1 kV/m);
    assert.match(out, /^ {4}2\. HEX-CW-20S {2}40 pieces {2}CW Brass Cable Gland.* – Size 20S \(M20\)$/m);
    assert.match(out, /^ {2}\| line one\n {2}\| line two$/m);
    assert.match(out, /Mail to the branch: waiting to be sent to dubai@crescent-electrical\.example/);
    assert.match(out, /Confirmation to the buyer: waiting to be sent to listed@example\.com/);
    assert.match(out, /Confirmation to the buyer: none \(the address had 3 within 24 hours\)/);
    assert.match(
      out,
      /Confirmation to the buyer: none \(the site had mailed its QUOTE_CONFIRMATIONS_PER_HOUR within the hour\)/,
    );
    assert.match(out, /Mail to the branch: sent \d{4}-\d\d-\d\d \d\d:\d\d UTC to dubai@crescent-electrical\.example/);
    const spam = out.split('\n\n').find((entry) => entry.includes('[SPAM]'));
    assert.ok(
      spam?.endsWith('\n  Mail: none (spam: the hidden honeypot field was filled)') &&
        !spam.includes('Mail to the branch'),
      `the spam request: ${spam}`,
    );

    out = '';
    assert.equal(
      await submissionsCli(['--json', '--limit', '1'], { ...database.env, REPO_ROOT: fixture.root }, io),
      0,
      err,
    );
    const report = JSON.parse(out) as {
      quoteRequests: {
        entries: { email: string; lines: { code: string; quantity: number; unit: string }[]; confirmation: unknown }[];
      };
    };
    const [newest] = report.quoteRequests.entries;
    assert.equal(newest?.email, 'listed@example.com');
    assert.deepEqual(
      newest?.lines.map((l) => [l.code, l.quantity, l.unit]),
      [
        ['OC-SWA-416', 200, 'metre'],
        [product(GLAND).code, 40, 'piece'],
      ],
    );
  });
}

// ---------------------------------------------------------------- runs

test('requests for quotation on embedded PGlite', async (t) => {
  await quoteSuite(t, pgliteTarget);
});

test('requests for quotation on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => quoteSuite(t, target));
});

// ---------------------------------------------------------------- no database needed

describe('the rate limit of the forms holds here too', () => {
  test('the 4th request in a minute from one client gets 429 (its PDF downloads count too)', async () => {
    const fixture = await createFixture({
      env: { SUBMIT_RATE_LIMIT_MAX: '3', SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    try {
      const send = () => app.inject({ method: 'POST', url: URL, payload: { lines: [] }, remoteAddress: '203.0.113.9' });
      for (let i = 0; i < 3; i += 1) assert.equal((await send()).statusCode, 400);
      const limited = await send();
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), { error: 'Too many requests, please try again in a minute.' });
      const pdf = () =>
        app.inject({ method: 'GET', url: `${URL}/RFQ-2026-000001.pdf?key=x`, remoteAddress: '203.0.113.9' });
      for (let i = 0; i < 3; i += 1) assert.equal((await pdf()).statusCode, 404);
      assert.equal((await pdf()).statusCode, 429);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});

describe('the lines and the needed-by date, on their own', () => {
  const catalogue = siteQuoteCatalogue();

  test('lines come back with their products and quantities; metres keep two decimals', () => {
    const checked = checkQuoteLines([line(CABLE, 12.5), line(GLAND, 3)], catalogue);
    assert.ok(checked.ok);
    assert.deepEqual(
      checked.lines.map((l) => [l.product.code, l.product.unit, l.quantity]),
      [
        ['OC-SWA-416', 'metre', 12.5],
        [product(GLAND).code, 'piece', 3],
      ],
    );
  });

  test('100 lines are fine', () => {
    const ids = ['oc_cu_xlpe_swa_pvc_cable'];
    const many = Array.from({ length: 100 }, (_unused, index) => line(index === 0 ? ids[0] : `x${index}`, 1));
    const checked = checkQuoteLines(many, {
      find: (id) => ({ ...product(CABLE), id, variants: [onlyVariant({ code: `C-${id}`, unit: 'metre' })] }),
    });
    assert.ok(checked.ok);
  });

  test('the needed-by date: today and up to two years ahead, a day of slack for time zones', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    assert.equal(neededByProblem('2026-03-10', now), null);
    assert.equal(
      neededByProblem('2026-03-09', now),
      null,
      "yesterday in UTC is today east of it... or the buyer's today",
    );
    assert.equal(neededByProblem('2026-03-08', now), 'past');
    assert.equal(neededByProblem('2028-03-10', now), null);
    assert.equal(neededByProblem('2028-03-11', now), 'tooFar');
    assert.equal(neededByProblem('2028-02-28', new Date('2026-02-28T00:00:00Z')), null);
    assert.equal(neededByProblem('2028-02-29', new Date('2026-02-28T00:00:00Z')), 'tooFar');
    assert.equal(neededByProblem('2026-13-01', now), 'noSuchDay');
    assert.equal(neededByProblem('2026-3-1', now), 'format');
  });

  test("the date field's range is the buyer's today to two years ahead, all of it accepted", () => {
    for (const now of [new Date('2026-03-10T23:30:00Z'), new Date('2026-02-28T00:00:00Z'), new Date()]) {
      const { min, max } = neededByRange(now);
      assert.equal(neededByProblem(min, now), null, `min ${min}`);
      assert.equal(neededByProblem(max, now), null, `max ${max}`);
      const dayBefore = new Date(Date.parse(min) - 86_400_000).toISOString().slice(0, 10);
      assert.ok(dayBefore < min && max > min);
    }
  });
});
