// Property-based fuzzing of the buyer's link calls (/api/quotation-links/<token>: view, PDF, accept as JSON or
// multipart with a PO file, ask for changes, send a kept PO file) on the real app (buildApp) over a fresh embedded database, with quotations
// sent by the staff work calls. Each request comes from an address of its own (the link's rate limit is per address).
//
// The properties:
//   - hostile tokens (random text of every kind, base64url of every length, a real token altered, lengthened or cut,
//     path and percent tricks, very long ones), with any body and headers: never a 5xx, never a 2xx, nothing of any
//     quotation in the answer, and exactly the answer the same request gets with a plain wrong token (no oracle:
//     neither the status nor the body tells one wrong token from another), and no quotation touched;
//   - a deleted quotation's token gets that same answer;
//   - the real tokens with hostile bodies and headers: never a 5xx; every refusal a 4xx JSON {error: text} naming no
//     internals (a second acceptance's 409 adds what was accepted: alreadyAccepted); a 2xx only for a body the call's
//     schema takes; every answer no-store and noindex.
//
// FUZZ_RUNS / FUZZ_SEED as in ./generators.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { QUOTATION_LINK_API, QUOTATION_LINK_NOT_FOUND } from '@site/contracts/quotation-link-api';
import {
  acceptQuotationBodySchema,
  askForChangesBodySchema,
  sendLatePurchaseOrderBodySchema,
} from '@site/contracts/quotation-link-api-schemas';
import { buildApp } from '../app.js';
import { checkBody } from '../platform/http/contracts.js';
import { pgliteTarget } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { multipartForm } from '../test-support/multipart.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../test-support/quotationSite.js';
import { anyChar, anyJson, extraKey, longText, objectOf, runs, weirdText } from './generators.js';

const NOW = new Date('2026-11-28T10:00:00Z');
/** A token of the right shape that opens nothing: what every wrong token's answer is compared with. */
const PLAIN_WRONG = 'A'.repeat(43);

type Call = 'view' | 'pdf' | 'accept' | 'acceptMultipart' | 'changes' | 'purchaseOrder';
const CALLS: readonly Call[] = ['view', 'pdf', 'accept', 'acceptMultipart', 'changes', 'purchaseOrder'];
const PATTERN: Record<Call, string> = {
  view: QUOTATION_LINK_API.quotation,
  pdf: QUOTATION_LINK_API.pdf,
  accept: QUOTATION_LINK_API.accept,
  acceptMultipart: QUOTATION_LINK_API.accept,
  changes: QUOTATION_LINK_API.changes,
  purchaseOrder: QUOTATION_LINK_API.purchaseOrder,
};

let fixture: Fixture;
let s: QuotationTestSite;
let app: FastifyInstance;
/** The sent quotations' tokens, and what of them must never show in an answer to another token. */
const tokens: string[] = [];
const secrets: string[] = [];
let deletedToken = '';
let address = 0;

// ---------------------------------------------------------------- generators

const base64url = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 0,
  maxLength: 90,
});

/** A real token changed: one character replaced, a character more or less, its case flipped, wrapped. */
const alteredToken = fc
  .tuple(fc.nat(), fc.nat({ max: 42 }), fc.constantFrom(...'AZaz09-_=+/. %'), fc.integer({ min: 0, max: 6 }))
  .map(([pick, at, character, how]) => {
    const token = tokens[pick % tokens.length]!;
    switch (how) {
      case 0:
        return (
          token.slice(0, at) +
          (token[at] === character ? (character === 'A' ? 'B' : 'A') : character) +
          token.slice(at + 1)
        );
      case 1:
        return token + character;
      case 2:
        return token.slice(0, -1);
      case 3:
        return token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase();
      case 4:
        return ` ${token}`;
      case 5:
        return `${token}\u0000`;
      default:
        return Buffer.from(Buffer.from(token, 'base64url').toString('hex'), 'utf8').toString('base64url').slice(0, 43);
    }
  });

const trickToken = fc.constantFrom(
  '..',
  '../pdf',
  '%2e%2e',
  '%00',
  'null',
  'undefined',
  '0',
  '-1',
  "' or '1'='1",
  '$where',
  '__proto__',
  '<script>alert(1)</script>',
  '*',
  '%',
  '\\',
  'A'.repeat(42),
  'A'.repeat(44),
  '='.repeat(43),
);

/**
 * The token as a path segment: its UTF-8 bytes percent-encoded but for the unreserved characters (a lone surrogate is
 * the bytes a browser would send for it, not an exception as encodeURIComponent's).
 */
const segmentOf = (token: string): string =>
  [...Buffer.from(token, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Segments as an attacker writes them by hand: bad and overlong escapes, encoded slashes and dots. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%C0%AF', '%ff', '..%2f..', '%2e%2e', '%2F', 'a%00b', '%u0041'];

/** A path segment whose token opens nothing (none, by chance, a real one). */
const hostileSegment = fc.oneof(
  {
    arbitrary: fc
      .oneof(
        { arbitrary: base64url, weight: 3 },
        { arbitrary: alteredToken, weight: 3 },
        { arbitrary: fc.string({ unit: anyChar, minLength: 1, maxLength: 60 }), weight: 2 },
        { arbitrary: longText(4096).filter((text) => text.length > 0), weight: 1 },
        { arbitrary: trickToken, weight: 1 },
      )
      .filter((token) => token !== '' && !tokens.includes(token))
      .map(segmentOf),
    weight: 9,
  },
  { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
);

/** Headers a client may send, odd ones included (each request's own address is set apart). */
const headers = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('ar', 'en', 'ar-AE,ar;q=0.9', '*'), weirdText),
    'x-forwarded-for': fc.oneof(fc.constantFrom('127.0.0.1', '::1', '1.1.1.1, 2.2.2.2'), weirdText),
    cookie: fc.oneof(fc.constantFrom('staff_session=forged', '__Host-staff_session=x; a=b'), weirdText),
    origin: fc.constantFrom('https://evil.example', 'null'),
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/pdf'),
  },
  { requiredKeys: [] },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/pdf',
  '',
);

/** A body for accept or changes: any JSON, near-valid ones, extra keys. */
const answerBody = fc.oneof(
  { arbitrary: anyJson, weight: 2 },
  {
    arbitrary: fc.record(
      {
        name: fc.oneof(fc.constantFrom('Karim Nasser', '', ' '), weirdText, longText(120)),
        position: fc.oneof(fc.constantFrom('Procurement manager', ''), weirdText, longText(120)),
        poNumber: fc.oneof(fc.constantFrom('PO-7781', '=HYPERLINK("x")', ''), weirdText, longText(80)),
        message: fc.oneof(fc.constantFrom('Can you deliver in two lots?', ''), weirdText, longText(2100)),
        submission: fc.oneof(fc.constantFrom('submissionA_0123456789', ''), weirdText, longText(70)),
      },
      { requiredKeys: [] },
    ),
    weight: 3,
  },
  { arbitrary: fc.array(fc.tuple(extraKey, anyJson), { maxLength: 3 }).map(objectOf), weight: 1 },
);

/** A PO file part: a PDF, an HTML page, a zip, empty, or bytes of anything. */
const poFile: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(Buffer.from('%PDF-1.4\n%%EOF\n')),
  fc.constant(Buffer.from('<!doctype html><script>alert(1)</script>')),
  fc.constant(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(20)])),
  fc.constant(Buffer.alloc(0)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(Array.from(bytes))),
);

const multipartFields = fc.dictionary(
  fc.oneof(fc.constantFrom('name', 'position', 'poNumber', 'submission', 'poFile', 'other'), weirdText),
  fc.oneof(weirdText, fc.constantFrom('Karim Nasser', 'Buyer')),
  { maxKeys: 4 },
);

interface Sent {
  call: Call;
  body: unknown;
  headers: Record<string, string>;
  contentType: string;
  file: Buffer | undefined;
  fields: Record<string, string>;
  fileField: string;
}

const request = fc.record({
  call: fc.constantFrom(...CALLS),
  body: answerBody,
  headers,
  contentType,
  file: fc.option(poFile, { nil: undefined }),
  fields: multipartFields,
  fileField: fc.constantFrom('poFile', 'poFile', 'file'),
});

// ---------------------------------------------------------------- sending

/** The request `sent` to the link of path segment `segment`, from an address of its own. */
function inject(segment: string, sent: Sent): Promise<LightMyRequestResponse> {
  address += 1;
  const options: InjectOptions = {
    method: sent.call === 'view' || sent.call === 'pdf' ? 'GET' : 'POST',
    url: PATTERN[sent.call].replace(':token', segment),
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: { ...sent.headers },
  };
  if (sent.call === 'acceptMultipart') {
    const form = multipartForm(
      sent.fields,
      sent.file === undefined
        ? undefined
        : { name: 'po.pdf', type: 'application/pdf', bytes: sent.file, field: sent.fileField },
    );
    options.payload = form.payload;
    options.headers = { ...options.headers, ...form.headers };
  } else if (options.method === 'POST') {
    options.payload = typeof sent.body === 'string' ? sent.body : (JSON.stringify(sent.body) ?? '');
    if (sent.contentType !== '') options.headers = { ...options.headers, 'content-type': sent.contentType };
  }
  return app.inject(options);
}

/** The body as the server read it: text sent as it is is JSON when it parses. */
function bodyRead(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Status, body and the headers that matter, to compare two answers. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  cache: res.headers['cache-control'],
  robots: res.headers['x-robots-tag'],
  type: res.headers['content-type'],
});

function noInternals(res: LightMyRequestResponse): void {
  assert.ok(res.statusCode < 500, `a ${res.statusCode}: ${res.body.slice(0, 300)}`);
  assert.doesNotMatch(
    res.body,
    /node_modules|\bat [\w.<>]+ \(|stack|SELECT |syntax error|relation "/i,
    'internals in the answer',
  );
}

// ---------------------------------------------------------------- the properties

describe('fuzz: the buyer’s quotation link calls', () => {
  before(async () => {
    fixture = await createFixture({ env: { SERVER_RENDERING: 'off' } });
    s = await buildQuotationTestSite(pgliteTarget, { now: () => NOW });
    app = await buildApp(fixture.config, s.db, { catalogue: 'files' });
    await app.ready();
    for (let index = 0; index < 3; index += 1) {
      const sent = await s.sendNew(s.dubai, 'Dubai', { companyName: `Secret Holdings ${index}` });
      tokens.push(sent.token);
      secrets.push(sent.token, sent.quotation.number!, `Secret Holdings ${index}`);
    }
    // one more, whose request is deleted (as spam): its token must open nothing, as a wrong one
    const gone = await s.sendNew(s.dubai, 'Dubai', { companyName: 'Deleted Trading' });
    deletedToken = gone.token;
    await s.db.query('delete from quote_requests where id = $1', [gone.requestId]);
  });
  after(async () => {
    await app?.close();
    await s?.close();
    await fixture?.cleanup();
  });

  test('a hostile token, with any body and headers: never a 5xx nor a 2xx, nothing of a quotation, the answer a plain wrong token gets', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSegment, request, async (segment, sent) => {
        const [res, plain] = [await inject(segment, sent), await inject(PLAIN_WRONG, sent)];
        noInternals(res);
        assert.ok(res.statusCode >= 400, `a ${res.statusCode} for ${segment}`);
        for (const secret of secrets) assert.ok(!res.body.includes(secret), `the answer shows ${secret}`);
        // the route found (a token of no route is the site's own 404, which says nothing of links either)
        if (res.statusCode === 404 && res.headers['x-robots-tag'] === 'noindex')
          assert.deepEqual(seen(res), seen(plain), `${segment} answers otherwise than a plain wrong token`);
        else assert.notEqual(res.statusCode, 200);
      }),
      runs(150),
    );
    // and none of them touched a quotation
    const states = await s.db.query<{ state: string; viewed_at: Date | null }>(
      'select state, viewed_at from quotations order by id',
    );
    assert.deepEqual(
      states.map((row) => [row.state, row.viewed_at]),
      tokens.map(() => ['sent', null]),
    );
  });

  test('a deleted quotation’s token answers as a wrong one, on every call', async () => {
    const sent: Sent = {
      call: 'view',
      body: { name: 'Karim', position: 'Buyer', message: 'Hello' },
      headers: {},
      contentType: 'application/json',
      file: undefined,
      fields: { name: 'Karim', position: 'Buyer' },
      fileField: 'poFile',
    };
    for (const call of CALLS) {
      const [deleted, plain] = [
        await inject(segmentOf(deletedToken), { ...sent, call }),
        await inject(PLAIN_WRONG, { ...sent, call }),
      ];
      assert.deepEqual(seen(deleted), seen(plain), call);
      assert.deepEqual([deleted.statusCode, deleted.json()], [404, QUOTATION_LINK_NOT_FOUND], call);
      assert.ok(!deleted.body.includes('Deleted Trading'));
    }
  });

  test('the real tokens with hostile bodies and headers: never a 5xx, refusals as {error}, a 2xx only for a body the call takes, never kept nor indexed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), request, async (pick, sent) => {
        const res = await inject(segmentOf(tokens[pick % tokens.length]!), sent);
        noInternals(res);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.equal(res.headers['x-robots-tag'], 'noindex');
        if (res.statusCode >= 400) {
          const answer = res.json<Record<string, unknown>>();
          // a second acceptance's 409 says what was accepted besides (when, the PO number, the quotation)
          const expected =
            res.statusCode === 409 && 'alreadyAccepted' in answer ? ['error', 'alreadyAccepted'] : ['error'];
          assert.deepEqual(Object.keys(answer), expected, res.body);
          assert.ok(typeof answer.error === 'string' && answer.error.trim() !== '', res.body);
          return;
        }
        assert.equal(res.statusCode, 200, res.body);
        if (sent.call === 'pdf') return assert.equal(res.headers['content-type'], 'application/pdf');
        if (sent.call === 'accept')
          assert.ok(
            checkBody(acceptQuotationBodySchema, bodyRead(sent.body)).ok,
            `accepted ${JSON.stringify(sent.body).slice(0, 200)}`,
          );
        if (sent.call === 'acceptMultipart')
          assert.ok(
            checkBody(acceptQuotationBodySchema, sent.fields).ok,
            `accepted ${JSON.stringify(sent.fields).slice(0, 200)}`,
          );
        if (sent.call === 'changes')
          assert.ok(
            checkBody(askForChangesBodySchema, bodyRead(sent.body)).ok,
            `asked ${JSON.stringify(sent.body).slice(0, 200)}`,
          );
        if (sent.call === 'purchaseOrder')
          assert.ok(
            checkBody(sendLatePurchaseOrderBodySchema, bodyRead(sent.body)).ok,
            `sent ${JSON.stringify(sent.body).slice(0, 200)}`,
          );
      }),
      runs(150),
    );
  });

  test('every hostile character in every field the buyer types: a 400 in words (never a 5xx), nothing of it stored nor sent to the ERP', async () => {
    const { quotation, token } = await s.sendNew(s.dubai, 'Dubai', { companyName: 'Corpus Trading' });
    const segment = segmentOf(token);
    const valid = {
      name: 'Karim Nasser',
      position: 'Purchasing manager',
      poNumber: 'PO-7781',
      message: 'Can you deliver in two lots?',
    };
    const json = (call: Call, body: Record<string, string>): Sent => ({
      call,
      body,
      headers: {},
      contentType: 'application/json',
      file: undefined,
      fields: {},
      fileField: 'poFile',
    });
    const { message, ...acceptFields } = valid;
    const problems: string[] = [];
    for (const [field, call] of [
      ['name', 'accept'],
      ['position', 'accept'],
      ['poNumber', 'accept'],
      ['message', 'changes'],
    ] as const) {
      for (const [what, hostile] of HOSTILE_IN_TEXT) {
        if (what.startsWith('direction') && field === 'message') continue; // a message is multi-line text: direction marks belong there
        const base: Record<string, string> = call === 'changes' ? { message } : acceptFields;
        const value = `${valid[field].slice(0, 5)}${hostile}${valid[field].slice(5)}`;
        const tries: Sent[] = [json(call, { ...base, [field]: value })];
        // multipart carries UTF-8 bytes: a lone half cannot be sent in it (a client sends U+FFFD, which is text)
        if (call === 'accept' && !what.startsWith('lone'))
          tries.push({ ...json('acceptMultipart', {}), fields: { ...base, [field]: value } });
        for (const sent of tries) {
          const res = await inject(segment, sent);
          const answer = res.statusCode === 400 ? res.json<{ error?: unknown }>().error : undefined;
          if (typeof answer !== 'string' || !answer.startsWith(`${field} `))
            problems.push(`${sent.call} ${field} with ${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    assert.deepEqual(problems, []);
    const [row] = await s.db.query<{ state: string }>('select state from quotations where id = $1', [quotation.id]);
    assert.equal(row!.state, 'sent', 'no hostile answer was taken');
    const stored = JSON.stringify(
      await s.db.query(
        'select a.*, o.*, c.* from quotations q left join quotation_acceptances a on a.quotation_id = q.id left join orders o on o.quotation_id = q.id left join quotation_change_requests c on c.quotation_id = q.id where q.id = $1',
        [quotation.id],
      ),
    );
    assert.doesNotMatch(
      stored,
      // eslint-disable-next-line no-control-regex -- control characters are what must not be stored
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]|\\ud[89a-f]/i,
    );
  });
});

/** What no text the buyer types may hold (a message may hold direction marks: it is multi-line). */
const HOSTILE_IN_TEXT: readonly (readonly [string, string])[] = [
  ['lone high half U+D83D', '\ud83d'],
  ['lone low half U+DE00', '\ude00'],
  ['lone low half before a high one', '\ude00\ud83d'],
  ['NUL', '\u0000'],
  ['ESC', '\u001b[2J'],
  ['DEL', '\u007f'],
  ['NEL U+0085', '\u0085'],
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map(
    (control) => [`direction control U+${control.codePointAt(0)!.toString(16).toUpperCase()}`, control] as const,
  ),
];
