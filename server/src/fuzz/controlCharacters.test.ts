// Control and invisible characters in every text slot of every API route, public and staff, on both databases.
//
// What it attacks: the one text rule every field that reaches the database must pass (textField, textProblemMessage:
// no NUL or other C0/C1 control, no DEL, no lone surrogate half anywhere; tab and line breaks only in multi-line
// fields; no text-direction overrides or isolates outside them). PostgreSQL refuses 0x00 in text, so a NUL that slips
// past a schema reaches a query and comes back as a 500/503 on PostgreSQL while PGlite may behave otherwise; a CR/LF
// in a one-line field can reach a mail header; U+202E rewrites what a member of staff reads in the inbox or audit log.
//
// How: one valid request per route (every STAFF_API address and every public API), then each hostile value put into
// each text slot in turn: every leaf of the JSON body (strings, and the numbers and booleans too, as text), every
// query parameter and every path parameter (percent-encoded as UTF-8; a lone surrogate as its 3 WTF-8 bytes), and
// the staff sign-in e-mail, password and codes. Staff calls go with one signed-in admin (TOTP second factor) and one
// branch account, the CSRF header on every change; the sign-in steps with fresh client addresses and an empty lockout
// table, and the public rate limits off, so every answer comes from validation, not from a 429.
//
// Properties, for every request:
//   - never a 5xx, and never a 429 (the limits must not hide what validation says);
//   - every refusal is a 4xx with exactly {"error": "<non-empty text>"};
//   - a value with NUL, U+0001, ESC, DEL, U+0085 or a lone surrogate is never accepted (a 2xx), except in a slot the
//     route documents as ignored (the honeypot, whose value only marks spam; the password, only ever hashed);
//   - tab, CR/LF and the direction controls inside a value are accepted only in multi-line fields (messages,
//     comments, notes, chat texts); CR/LF at the end may be trimmed away instead of refused;
// and after each database's run, no text column holds a control character (or U+FFFD, a surrogate half the driver
// replaced), and no one-line column a tab, line break or direction control: what was accepted was stored clean.
//
// Deterministic (fixed values, no random seed); one app and one pair of staff sessions per database.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CHAT_API_PATH, QUOTE_REQUESTS_API_PATH, RATINGS_API_PATH, REVIEWS_API_PATTERN } from '@site/contracts/api';
import { BRANCH_DETAILS_API } from '@site/contracts/quotations-api';
import {
  CSRF_HEADER,
  STAFF_API,
  STAFF_RELEASES_PREFIX,
  type InboxPage,
  type StaffSession,
  type TotpSetup,
} from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import { apiErrorSchema } from '@site/contracts/forms-api';
import { HONEYPOT_FIELD } from '@site/content/validation';
import { buildApp } from '../app.js';
import { requiredExposes } from '../releases/manifestCheck.js';
import { RELEASES_API } from '../releases/releaseRoutes.js';
import { seedCatalogue } from '../catalogue/seed.js';
import type { Database } from '../platform/db/index.js';
import { isStaffPath } from '../platform/http/staffSurface.js';
import { SUBMISSION_PATHS } from '../submissions/submissionRoutes.js';
import { hashPassword } from '../staff/passwords.js';
import { isoDay, quoteRequestBody } from '../test-support/quoteRequest.js';
import { freshAddresses } from '../test-support/addresses.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { codeAt, currentStep, onStaffOrigin, sessionCookieOf } from '../test-support/staffSignIn.js';

// ---------------------------------------------------------------- the hostile values

/**
 * 'never': refused wherever the value is not ignored. 'multiline': accepted only in a multi-line field.
 * 'trimmed': accepted in a multi-line field, or in any field when trimming removes it (checked in the stored rows).
 */
type Rule = 'never' | 'multiline' | 'trimmed';

interface Variant {
  name: string;
  rule: Rule;
  /** A lone surrogate half: in a URL only as bytes that are not UTF-8 (see ruleFor). */
  surrogate?: true;
  /** The hostile value made from a slot's valid one. */
  make(valid: string): string;
}

/** `inserted` in the middle of `valid` (between two characters, so trimming cannot remove it). */
const middle = (inserted: string) => (valid: string) => {
  const at = Math.ceil(valid.length / 2);
  return valid.slice(0, at) + inserted + valid.slice(at);
};

const VARIANTS: readonly Variant[] = [
  { name: 'NUL alone', rule: 'never', make: () => '\u0000' },
  { name: 'NUL at the start', rule: 'never', make: (valid) => `\u0000${valid}` },
  { name: 'NUL in the middle', rule: 'never', make: middle('\u0000') },
  { name: 'NUL at the end', rule: 'never', make: (valid) => `${valid}\u0000` },
  { name: 'U+0001', rule: 'never', make: middle('\u0001') },
  { name: 'ESC (U+001B)', rule: 'never', make: middle('\u001b[2J') },
  { name: 'DEL (U+007F)', rule: 'never', make: middle('\u007f') },
  { name: 'NEL (U+0085)', rule: 'never', make: middle('\u0085') },
  { name: 'lone surrogate U+D800', rule: 'never', surrogate: true, make: middle('\ud800') },
  { name: 'lone surrogate U+DC00 at the end', rule: 'never', surrogate: true, make: (valid) => `${valid}\udc00` },
  { name: 'CR/LF pair', rule: 'multiline', make: middle('\r\n') },
  { name: 'tab', rule: 'multiline', make: middle('\t') },
  { name: 'U+202E (right-to-left override)', rule: 'multiline', make: middle('\u202e') },
  { name: 'U+2066 (left-to-right isolate)', rule: 'multiline', make: middle('\u2066') },
  { name: 'CR/LF at the end', rule: 'trimmed', make: (valid) => `${valid}\r\n` },
];

/**
 * The rule for `variant` in `slot` (`hostile` is the value sent): a 'multiline' character that trimming removes (the
 * middle of a one-character value is its end) may be trimmed away instead; a lone surrogate half in a path or query
 * parameter is sent as bytes that are not UTF-8, which the server may refuse or keep undecoded (as "%ED%A0%80": no
 * surrogate, nothing to refuse), so any answer is right there and the stored rows are checked for U+FFFD instead.
 */
function ruleFor(variant: Variant, slot: Slot, hostile: string): Rule | 'any' {
  if (variant.surrogate && slot.where !== 'body') return 'any';
  if (variant.rule === 'multiline' && hostile.trim() === slot.valid.trim()) return 'trimmed';
  return variant.rule;
}

/** Percent-encoding of the UTF-8 bytes of `value`; a lone surrogate half as its WTF-8 bytes (not valid UTF-8). */
function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    let bytes: number[];
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes = [...Buffer.from(value.slice(i, i + 2), 'utf8')];
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    } else if (/[A-Za-z0-9\-_.~]/.test(value[i]!)) {
      out += value[i];
      continue;
    } else {
      bytes = [...Buffer.from(value[i]!, 'utf8')];
    }
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

// ---------------------------------------------------------------- the routes

type Json = Record<string, unknown>;
/** Who sends a request: a visitor, a signed-in staff member, or a session part-way through signing in. */
type Who = 'visitor' | 'admin' | 'branch' | 'second-factor' | 'totp-setup' | 'pipeline';

interface Route {
  method: NonNullable<InjectOptions['method']>;
  pattern: string;
  /** The STAFF_API name, so that every staff address is known to be covered. */
  staffApi?: keyof typeof STAFF_API;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  as: readonly Who[];
  /** Slots (as slotsOf names them) that take tab, line breaks and direction controls. */
  multiline?: readonly string[];
  /** Slots the route documents as ignored (or never stored), and why: any answer is right there. */
  ignored?: Readonly<Record<string, string>>;
  /** What the valid request gets (2xx unless said otherwise). */
  validStatus?: number;
  /** Sent with no lockout counted and from a new client address each time (the sign-in steps). */
  signInStep?: boolean;
  /** The body as it must be sent now (e.g. with the product's current edit version), from the slot-filled one. */
  bodyNow?: (body: Json) => Promise<Json>;
}

/** A staff address with nothing a client writes in it (no body, query or path parameter): nothing to put a character in. */
interface Unslotted {
  staffApi: keyof typeof STAFF_API;
  why: string;
}

interface Slot {
  name: string;
  where: 'path' | 'query' | 'body';
  /** The body's leaf: keys and list indexes. */
  at: (string | number)[];
  valid: string;
}

function leaves(value: unknown, at: (string | number)[] = []): { at: (string | number)[]; value: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...at, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return [{ at, value: String(value) }];
  return []; // null: nothing to write a character into
}

const leafName = (at: (string | number)[]) =>
  at.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');

function slotsOf(route: Route): Slot[] {
  return [
    ...Object.entries(route.params ?? {}).map(
      ([name, valid]): Slot => ({ name: `:${name}`, where: 'path', at: [name], valid }),
    ),
    ...Object.entries(route.query ?? {}).map(
      ([name, valid]): Slot => ({ name: `?${name}`, where: 'query', at: [name], valid }),
    ),
    ...leaves(route.body ?? {}).map(({ at, value }): Slot => ({ name: leafName(at), where: 'body', at, valid: value })),
  ];
}

/**
 * `value` with every list cut to its first item: every kind of slot of a product's documents is still there
 * (rows, sub-rows, sections, table rows), without thousands of requests per run for their repeats. A table's header
 * stays whole: its rows' spans must add up to its columns.
 */
function fewLeaves<T>(value: T): T {
  if (Array.isArray(value)) return value.slice(0, 1).map(fewLeaves) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'productDetailTableColumns' ? item : fewLeaves(item)]),
    ) as T;
  }
  return value;
}

function setLeaf(body: Json, at: (string | number)[], value: string): Json {
  const copy = structuredClone(body);
  let node: unknown = copy;
  for (const key of at.slice(0, -1)) node = (node as Record<string | number, unknown>)[key];
  (node as Record<string | number, unknown>)[at[at.length - 1]!] = value;
  return copy;
}

function urlOf(route: Route, params: Record<string, string>, query: Record<string, string>): string {
  const path = route.pattern.replace(/:(\w+)/g, (_match, name: string) => percentEncode(params[name] ?? ''));
  const search = Object.entries(query)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&');
  return search === '' ? path : `${path}?${search}`;
}

/** What the suite made before the routes run: rows, ids, a quote's PDF, an inbox cursor. */
interface Made {
  contactId: number;
  spamId: number;
  mailId: number;
  branchId: number;
  reviewId: number;
  quoteFile: string;
  quoteKey: string;
  cursor: string;
  totpCode: string;
  setupCode: string;
  /** The fuzzed product's published content, as the editor's draft sends it. */
  productContent: Json;
  /** The fuzzed product's current edit version (each accepted draft moves it on). */
  editVersion: () => Promise<number>;
  /** The fuzzed category's current edit version (each accepted save moves it on). */
  categoryVersion: () => Promise<number>;
  /** A release token's id, for its revocation. */
  spareTokenId: number;
}

const PRODUCT = 'hex_cw_brass_cable_gland';
const CATEGORY = 'industrial_cable_glands';
/** A category's every field as the staff app sends them (all one-line texts). */
const CATEGORY_CONTENT = {
  title: 'Industrial Cable Glands',
  title_ar: 'جلندات الكابلات الصناعية',
  info: 'Brass and nickel-plated cable glands.',
  info_ar: 'جلندات نحاسية ومطلية بالنيكل.',
  image: 'Industrial_Cable_Glands',
  company: 'Hex',
  position: 2,
};
const HONEYPOT_IGNORED = {
  [HONEYPOT_FIELD]: 'the honeypot: its value only marks the submission as spam, and is never stored',
};

function publicRoutes(made: Made): Route[] {
  return [
    {
      method: 'POST',
      pattern: SUBMISSION_PATHS.contactForm,
      as: ['visitor'],
      body: {
        name: 'Aisha Rahman',
        email: 'aisha@example.com',
        phone: '+971 50 123 4567',
        message: 'Please quote 200 cable glands.',
        country: 'Dubai',
        companyName: 'Gulf Build LLC',
        companyLocation: 'Dubai, UAE',
        language: 'en',
        [HONEYPOT_FIELD]: '',
      },
      multiline: ['message'],
      ignored: HONEYPOT_IGNORED,
    },
    {
      method: 'POST',
      pattern: SUBMISSION_PATHS.registration,
      as: ['visitor'],
      body: { userName: 'Sam Carter', userEmail: 'sam@example.com', userCountry: 'Oman', [HONEYPOT_FIELD]: '' },
      ignored: HONEYPOT_IGNORED,
    },
    {
      method: 'POST',
      pattern: SUBMISSION_PATHS.inquiry,
      as: ['visitor'],
      body: {
        userName: 'Sam Carter',
        userEmail: 'sam@example.com',
        userCountry: 'Bahrain',
        inquiryPhone: '+973 1700 0000',
        inquiryMessage: 'Do you stock 33 kV terminations?',
        companyName: 'Eastern Utilities',
        companyLocation: 'Manama',
        language: 'ar',
        [HONEYPOT_FIELD]: '',
      },
      multiline: ['inquiryMessage'],
      ignored: HONEYPOT_IGNORED,
    },
    { method: 'GET', pattern: REVIEWS_API_PATTERN, as: ['visitor'], params: { productId: PRODUCT } },
    {
      method: 'POST',
      pattern: REVIEWS_API_PATTERN,
      as: ['visitor'],
      params: { productId: PRODUCT },
      body: {
        customerName: 'José Núñez',
        emailId: 'jose@example.com',
        comment: 'Threads cut clean.',
        stars: 5,
        [HONEYPOT_FIELD]: '',
      },
      multiline: ['comment'],
      ignored: HONEYPOT_IGNORED,
    },
    {
      method: 'POST',
      pattern: CHAT_API_PATH,
      as: ['visitor'],
      body: {
        question: 'Do you stock cable glands?',
        history: [{ role: 'user', parts: [{ text: 'Hello there' }] }],
        language: 'en',
      },
      multiline: ['question', 'history[0].parts[0].text'],
    },
    {
      method: 'POST',
      pattern: QUOTE_REQUESTS_API_PATH,
      as: ['visitor'],
      body: { ...quoteRequestBody([{ productId: PRODUCT, quantity: 12 }]), [HONEYPOT_FIELD]: '' },
      multiline: ['notes'],
      ignored: HONEYPOT_IGNORED,
    },
    {
      method: 'GET',
      pattern: `${QUOTE_REQUESTS_API_PATH}/:file`,
      as: ['visitor'],
      params: { file: made.quoteFile },
      query: { key: made.quoteKey },
    },
    ...releaseRoutes(RELEASES_API.remotes, 'pipeline'),
  ];
}

let releaseCounter = 0;
/**
 * The remotes registry's calls under `remotes` (the pipelines' API with a token, the staff API as an admin): a release
 * (each under a version of its own), its canary, a test run pinned to it, promote, roll back.
 */
function releaseRoutes(remotes: string, who: Who): Route[] {
  const remote = { remote: 'catalogue' };
  /** The STAFF_API name of the staff API's copy of a call (the pipelines' have none). */
  const named = (staffApi: keyof typeof STAFF_API) => (remotes.startsWith(STAFF_RELEASES_PREFIX) ? { staffApi } : {});
  return [
    { method: 'GET', pattern: `${remotes}/:remote`, ...named('releaseRemote'), as: [who], params: remote },
    {
      method: 'POST',
      pattern: `${remotes}/:remote/releases`,
      ...named('releaseRegister'),
      as: [who],
      params: remote,
      body: { version: 'fuzz', entry: FUZZ_RELEASE_ENTRY, notes: 'New heading.' },
      multiline: ['notes'],
      validStatus: 201,
      bodyNow: async (body) => (body.version === 'fuzz' ? { ...body, version: `fuzz-${++releaseCounter}` } : body),
    },
    {
      method: 'POST',
      pattern: `${remotes}/:remote/canary`,
      ...named('releaseCanary'),
      as: [who],
      params: remote,
      body: { version: 'v2', percent: 50 },
    },
    // a test run pinned to that canary (its report is free text)
    {
      method: 'POST',
      pattern: `${remotes}/:remote/runs`,
      ...named('releaseRuns'),
      as: [who],
      params: remote,
      body: { passed: true, report: 'Suites passed.' },
      multiline: ['report'],
      validStatus: 201,
    },
    {
      method: 'POST',
      pattern: `${remotes}/:remote/promote`,
      ...named('releasePromote'),
      as: [who],
      params: remote,
      body: {},
    },
    {
      method: 'POST',
      pattern: `${remotes}/:remote/rollback`,
      ...named('releaseRollback'),
      as: [who],
      params: remote,
      body: {},
    },
    // a QA token for the remote's next pinned run (no body: only the remote's name is the caller's)
    {
      method: 'POST',
      pattern: `${remotes}/:remote/qa-token`,
      ...named('releaseQaToken'),
      as: [who],
      params: remote,
      body: {},
      validStatus: 201,
    },
  ];
}

/** A catalogue build exposing what the shell uses, in the fixture's dist (served at /remotes/catalogue/). */
const FUZZ_RELEASE_ENTRY = '/remotes/catalogue/v2/mf-manifest.json';

/** Public API routes without a text slot (nothing to put a character in): listed so the coverage is explicit. */
const PUBLIC_UNSLOTTED = [`GET ${RATINGS_API_PATH}: no parameters`];

function staffRoutes(made: Made): Route[] {
  const row = { kind: 'contact', id: String(made.contactId) };
  const inboxQuery = { kind: 'contact', branch: 'Dubai', status: 'new', from: '2020-01-01', to: isoDay(1), q: 'Aisha' };
  let createdIds = 0;
  return [
    {
      method: 'POST',
      pattern: STAFF_API.signIn,
      staffApi: 'signIn',
      as: ['visitor'],
      body: { email: BRANCH_EMAIL, password: PASSWORD },
      ignored: { password: 'the password is only ever hashed, never stored (a wrong one is a 401)' },
      signInStep: true,
    },
    // a spent TOTP code: the valid request is answered 401, the hostile ones must not get past validation either
    {
      method: 'POST',
      pattern: STAFF_API.secondFactor,
      staffApi: 'secondFactor',
      as: ['second-factor'],
      body: { code: made.totpCode },
      validStatus: 401,
      signInStep: true,
    },
    {
      method: 'POST',
      pattern: STAFF_API.totpConfirm,
      staffApi: 'totpConfirm',
      as: ['totp-setup'],
      body: { code: made.setupCode },
      validStatus: 401,
      signInStep: true,
    },
    {
      method: 'GET',
      pattern: STAFF_API.inbox,
      staffApi: 'inbox',
      as: ['admin', 'branch'],
      query: { ...inboxQuery, cursor: made.cursor, limit: '1' },
    },
    // the whole filtered view: no cursor or limit (the CSV ignores them)
    { method: 'GET', pattern: STAFF_API.inboxCsv, staffApi: 'inboxCsv', as: ['admin'], query: inboxQuery },
    { method: 'GET', pattern: STAFF_API.inboxItem, staffApi: 'inboxItem', as: ['admin', 'branch'], params: row },
    {
      method: 'POST',
      pattern: STAFF_API.inboxStatus,
      staffApi: 'inboxStatus',
      as: ['admin'],
      params: row,
      body: { status: 'in_progress' },
    },
    {
      method: 'POST',
      pattern: STAFF_API.inboxAssign,
      staffApi: 'inboxAssign',
      as: ['admin'],
      params: row,
      body: { assigneeId: made.branchId },
    },
    {
      method: 'POST',
      pattern: STAFF_API.inboxNote,
      staffApi: 'inboxNote',
      as: ['admin', 'branch'],
      params: row,
      body: { text: 'Called back today.' },
      multiline: ['text'],
    },
    // the mail was sent (or is pending), not failed: the valid request is a 409
    {
      method: 'POST',
      pattern: STAFF_API.inboxResend,
      staffApi: 'inboxResend',
      as: ['admin'],
      params: row,
      body: { mailId: made.mailId },
      validStatus: 409,
    },
    // sent after every hostile variant: the valid request deletes the spam row
    {
      method: 'DELETE',
      pattern: STAFF_API.inboxDelete,
      staffApi: 'inboxDelete',
      as: ['admin'],
      params: { kind: 'contact', id: String(made.spamId) },
    },
    {
      method: 'GET',
      pattern: STAFF_API.reviews,
      staffApi: 'reviews',
      as: ['admin'],
      query: { productId: PRODUCT, visibility: 'visible', stars: '5', q: 'Threads', page: '1' },
    },
    {
      method: 'POST',
      pattern: STAFF_API.reviewVisibility,
      staffApi: 'reviewVisibility',
      as: ['admin'],
      params: { id: String(made.reviewId) },
      body: { hidden: false },
    },
    {
      method: 'PUT',
      pattern: STAFF_API.settings,
      staffApi: 'settings',
      as: ['admin'],
      body: { holdNewReviews: false },
    },
    { method: 'GET', pattern: STAFF_API.audit, staffApi: 'audit', as: ['admin'], query: { page: '1' } },
    { method: 'GET', pattern: STAFF_API.buyerAudit, staffApi: 'buyerAudit', as: ['admin'], query: { page: '1' } },
    // the branches' seller details on quotations (quotations/branchDetails.ts): one-line texts, the branch in the path
    {
      method: 'PUT',
      pattern: BRANCH_DETAILS_API.branch,
      as: ['admin'],
      params: { branch: 'Bahrain' },
      body: {
        legalName: 'Crescent Electrical Trading W.L.L.',
        taxNumber: '200012345600002',
        commercialRegistration: '12345-1',
      },
    },
    // release tokens (releases/staffTokenRoutes.ts): the valid request makes one (201), the revocation revokes a spare one
    {
      method: 'POST',
      pattern: STAFF_API.releaseTokens,
      staffApi: 'releaseTokens',
      as: ['admin'],
      body: { name: 'chat pipeline', remotes: ['chat'], expiresInDays: 30 },
      validStatus: 201,
    },
    {
      method: 'POST',
      pattern: STAFF_API.releaseTokenRevoke,
      staffApi: 'releaseTokenRevoke',
      as: ['admin'],
      params: { id: String(made.spareTokenId) },
    },
    // the ERP's stock feeds (stock/staffStockRoutes.ts): no feed yet, so the one asked for by its id is a 404
    { method: 'GET', pattern: STAFF_API.stockFeeds, staffApi: 'stockFeeds', as: ['admin'], query: { before: '1000' } },
    {
      method: 'GET',
      pattern: STAFF_API.stockFeed,
      staffApi: 'stockFeed',
      as: ['admin'],
      params: { id: '1' },
      validStatus: 404,
    },
    // the registry's calls for admins (the same handlers as the pipelines')
    ...releaseRoutes(STAFF_API.releaseRemotes, 'admin'),
    // a remote's field vitals in the console (vitals/report.ts): the remote's name is the slot
    {
      method: 'GET',
      pattern: STAFF_API.releaseVitals,
      staffApi: 'releaseVitals',
      as: ['admin'],
      params: { remote: 'catalogue' },
    },
    {
      method: 'GET',
      pattern: STAFF_API.catalogueProducts,
      staffApi: 'catalogueProducts',
      as: ['admin'],
      query: {
        q: 'gland',
        category: 'industrial_cable_glands',
        brand: 'Hex',
        status: 'published',
        after: 'a',
        limit: '5',
      },
    },
    {
      method: 'GET',
      pattern: STAFF_API.catalogueProduct,
      staffApi: 'catalogueProduct',
      as: ['admin'],
      params: { id: PRODUCT },
    },
    {
      method: 'GET',
      pattern: STAFF_API.catalogueVersions,
      staffApi: 'catalogueVersions',
      as: ['admin'],
      params: { id: PRODUCT },
    },
    // no version published yet: the valid requests are answered 404 (diff, restore) and 409 (publish, no draft)
    {
      method: 'GET',
      pattern: STAFF_API.catalogueDiff,
      staffApi: 'catalogueDiff',
      as: ['admin'],
      params: { id: PRODUCT },
      query: { from: '0', to: '1' },
      validStatus: 404,
    },
    {
      method: 'POST',
      pattern: STAFF_API.cataloguePublish,
      staffApi: 'cataloguePublish',
      as: ['admin'],
      params: { id: PRODUCT },
      body: { baseVersion: 0 },
      validStatus: 409,
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueRestore,
      staffApi: 'catalogueRestore',
      as: ['admin'],
      params: { id: PRODUCT, version: '1' },
      body: { baseVersion: 0 },
      validStatus: 404,
    },
    // uploads: the one slot is the product id (the file part's name is never used or stored: a NUL or ../ in it is
    // tried by catalogue/staff/catalogueUploads.test.ts); the valid request sends no file, so it is a 415
    {
      method: 'POST',
      pattern: STAFF_API.cataloguePictures,
      staffApi: 'cataloguePictures',
      as: ['admin'],
      params: { id: PRODUCT },
      validStatus: 415,
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueDatasheets,
      staffApi: 'catalogueDatasheets',
      as: ['admin'],
      params: { id: PRODUCT },
      validStatus: 415,
    },
    // the catalogue file: the export's one slot is its format; the import's its dryRun flag (its file is the file tests')
    {
      method: 'GET',
      pattern: STAFF_API.catalogueExport,
      staffApi: 'catalogueExport',
      as: ['admin'],
      query: { format: 'csv' },
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueImport,
      staffApi: 'catalogueImport',
      as: ['admin'],
      query: { dryRun: '1' },
      validStatus: 415,
    },
    // an import job's address: its id is a UUID (the valid one no job's: 404)
    {
      method: 'GET',
      pattern: STAFF_API.catalogueImportJob,
      staffApi: 'catalogueImportJob',
      as: ['admin'],
      params: { id: '00000000-0000-4000-8000-000000000000' },
      validStatus: 404,
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueImportUndo,
      staffApi: 'catalogueImportUndo',
      as: ['admin'],
      params: { id: '00000000-0000-4000-8000-000000000000' },
      query: { dryRun: '1' },
      validStatus: 404,
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueBulkEdit,
      staffApi: 'catalogueBulkEdit',
      as: ['admin'],
      query: { dryRun: '1' },
      body: { selection: { codes: ['HEX-CW-25'] }, changes: { brand: 'Hex', packQuantity: '10' } },
      validStatus: 202,
    },
    {
      method: 'GET',
      pattern: STAFF_API.catalogueMissingArabic,
      staffApi: 'catalogueMissingArabic',
      as: ['admin'],
      query: { category: 'industrial_cable_glands', after: 'industrial_cable_glands/a', limit: '5' },
    },
    // a new product: every request that reaches the store takes an id of its own (an accepted one keeps its id), so
    // none is a 409 for an id an earlier one took; its code is no product's. Empty detail documents: their texts go
    // through the draft's checks (contentTextProblem, the import's), tried slot by slot by the draft below
    {
      method: 'POST',
      pattern: STAFF_API.catalogueCreate,
      staffApi: 'catalogueCreate',
      as: ['admin'],
      body: {
        id: 'fuzz_new_product',
        // its variants' codes no product's either (a variant code is unique over the catalogue)
        content: {
          ...made.productContent,
          code: 'FUZZ-NEW-1',
          details: {},
          details_ar: {},
          variants: (made.productContent.variants as Json[] | undefined)?.map((variant, index) => ({
            ...variant,
            code: `FUZZ-NEW-${index + 1}`,
          })),
        },
      },
      bodyNow: async (body) =>
        body.id === 'fuzz_new_product' ? { ...body, id: `fuzz_new_product_${(createdIds += 1)}` } : body,
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueDuplicate,
      staffApi: 'catalogueDuplicate',
      as: ['admin'],
      params: { id: PRODUCT },
      body: {},
    },
    // last: an accepted draft would give the publish above a draft to publish. Sent at the current edit version, so
    // what validation lets through is saved (a 200), never hidden behind a stale edit's 409.
    {
      method: 'PUT',
      pattern: STAFF_API.catalogueDraft,
      staffApi: 'catalogueDraft',
      as: ['admin'],
      params: { id: PRODUCT },
      body: { baseVersion: 0, content: made.productContent },
      // the detail documents' texts are HTML and lists: line breaks and Arabic's direction marks belong there
      multiline: slotsOf({ method: 'PUT', pattern: '', as: [], body: { content: made.productContent } })
        .map((slot) => slot.name)
        .filter((name) => /^content\.details(_ar)?[.[]/.test(name)),
      bodyNow: async (body) =>
        typeof body.baseVersion === 'number' ? { ...body, baseVersion: await made.editVersion() } : body,
    },
    // a published product: the valid deletion is the 409 that says it cannot be deleted
    {
      method: 'POST',
      pattern: STAFF_API.catalogueDeleteNew,
      staffApi: 'catalogueDeleteNew',
      as: ['admin'],
      params: { id: PRODUCT },
      body: { baseVersion: 0 },
      validStatus: 409,
      bodyNow: async (body) =>
        typeof body.baseVersion === 'number' ? { ...body, baseVersion: await made.editVersion() } : body,
    },
    // categories: a new one takes an id of its own each time; a save is sent at the category's current version
    {
      method: 'POST',
      pattern: STAFF_API.catalogueCategories,
      staffApi: 'catalogueCategories',
      as: ['admin'],
      body: { id: 'fuzz_category', content: CATEGORY_CONTENT },
      bodyNow: async (body) =>
        body.id === 'fuzz_category' ? { ...body, id: `fuzz_category_${(createdIds += 1)}` } : body,
    },
    {
      method: 'PUT',
      pattern: STAFF_API.catalogueCategory,
      staffApi: 'catalogueCategory',
      as: ['admin'],
      params: { id: CATEGORY },
      body: { baseVersion: 0, content: CATEGORY_CONTENT },
      bodyNow: async (body) =>
        typeof body.baseVersion === 'number' ? { ...body, baseVersion: await made.categoryVersion() } : body,
    },
    // a duplicate takes an id of its own each time; the category holds products (its valid archive is the 409 saying
    // so) and is live (its valid publish is the 409 saying so): each at its current version
    {
      method: 'POST',
      pattern: STAFF_API.catalogueCategoryDuplicate,
      staffApi: 'catalogueCategoryDuplicate',
      as: ['admin'],
      params: { id: CATEGORY },
      body: { id: 'fuzz_category_copy' },
      bodyNow: async (body) =>
        body.id === 'fuzz_category_copy' ? { ...body, id: `fuzz_category_copy_${(createdIds += 1)}` } : body,
    },
    ...(['catalogueCategoryArchive', 'catalogueCategoryPublish'] as const).map(
      (staffApi): Route => ({
        method: 'POST',
        pattern: STAFF_API[staffApi],
        staffApi,
        as: ['admin'],
        params: { id: CATEGORY },
        body: { baseVersion: 0 },
        validStatus: 409,
        bodyNow: async (body) =>
          typeof body.baseVersion === 'number' ? { ...body, baseVersion: await made.categoryVersion() } : body,
      }),
    ),
    // after the draft: the valid schedule publishes it at a time never due in a test (at the current version); the
    // valid cancel names no pending schedule (a 409)
    {
      method: 'PUT',
      pattern: STAFF_API.catalogueSchedule,
      staffApi: 'catalogueSchedule',
      as: ['admin'],
      params: { id: PRODUCT },
      body: { baseVersion: 0, dueAt: '2099-01-01T00:00' },
      bodyNow: async (body) =>
        typeof body.baseVersion === 'number' ? { ...body, baseVersion: await made.editVersion() } : body,
    },
    {
      method: 'POST',
      pattern: STAFF_API.catalogueScheduleCancel,
      staffApi: 'catalogueScheduleCancel',
      as: ['admin'],
      params: { id: PRODUCT },
      body: { scheduleId: 'no-such-schedule' },
      validStatus: 409,
    },
    // after the draft: the valid archive withdraws the product, the valid unarchive puts it back (each at its version)
    ...(['catalogueArchive', 'catalogueUnarchive'] as const).map(
      (staffApi): Route => ({
        method: 'POST',
        pattern: STAFF_API[staffApi],
        staffApi,
        as: ['admin'],
        params: { id: PRODUCT },
        body: { baseVersion: 0 },
        bodyNow: async (body) =>
          typeof body.baseVersion === 'number' ? { ...body, baseVersion: await made.editVersion() } : body,
      }),
    ),
  ];
}

const STAFF_UNSLOTTED: readonly Unslotted[] = [
  { staffApi: 'signOut', why: 'no body or parameter (and it would end the shared session)' },
  { staffApi: 'session', why: 'no body or parameter' },
  { staffApi: 'totpSetup', why: 'no body or parameter' },
  { staffApi: 'accounts', why: 'no body or parameter' },
  { staffApi: 'catalogueImportJobs', why: 'no body or parameter' },
  { staffApi: 'catalogueSchedules', why: 'no body or parameter' },
  { staffApi: 'releaseRemotes', why: 'no body or parameter' },
  { staffApi: 'stockHealth', why: 'no body or parameter' },
  { staffApi: 'siteVitals', why: 'no body or parameter' },
];

// ---------------------------------------------------------------- accounts, sessions

const PASSWORD = 'amber falcon quietly 71';
const ADMIN_EMAIL = 'admin@crescent.example';
const SETUP_EMAIL = 'new.admin@crescent.example';
const BRANCH_EMAIL = 'dubai@crescent.example';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** A well-formed code that is not the secret's code in any step near now. */
function wrongCode(secret: string): string {
  const near = new Set(Array.from({ length: 11 }, (_, offset) => codeAt(secret, currentStep() - 5 + offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

interface Session {
  cookie: string;
  csrf: string;
  /** A deployment pipeline's `Authorization` (the release API): sent instead of the cookie. */
  authorization?: string;
}

/** A client address no other request used: the per-address lockout never carries over. */
const freshAddress = freshAddresses();

// ---------------------------------------------------------------- checks

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a refusal: it must be a 4xx with exactly {"error": "<non-empty text>"}. */
function refusalProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400 || res.statusCode >= 500) return `a refusal is a 4xx, got ${res.statusCode}`;
  if (!/^application\/json/.test(String(res.headers['content-type'])))
    return `refusal ${res.statusCode} is not JSON (${String(res.headers['content-type'])})`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `refusal ${res.statusCode} is not JSON`;
  }
  // a 400 may carry its problems one by one beside the sentence (contracts' apiErrorSchema); nothing else
  if (
    !isObject(body) ||
    Object.keys(body)
      .filter((key) => !(res.statusCode === 400 && key === 'problems'))
      .join() !== 'error' ||
    typeof body.error !== 'string' ||
    body.error.trim() === ''
  ) {
    return `refusal ${res.statusCode} is not exactly {"error": "<text>"} (and a 400's problems)`;
  }
  if (body.problems !== undefined && !apiErrorSchema.safeParse(body).success)
    return `refusal ${res.statusCode} has problems not in the contract's shape`;
  return undefined;
}

/** Multi-line columns (tab, line breaks and direction controls allowed): the stored values of the multi-line fields. */
const MULTILINE_COLUMNS = new Set([
  'contact_messages.message',
  'inquiries.message',
  'reviews.comment',
  'quote_requests.notes',
  'staff_notes.text',
  'remote_releases.notes',
]);
/** Characters no stored text holds: controls but tab and line breaks, and U+FFFD (what a lone surrogate half becomes). */
const NEVER_STORED = '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]';
/** And what no one-line column holds. */
const NOT_IN_A_LINE = '[\t\n\r\u202a-\u202e\u2066-\u2069]';

/** Every text column holding a character it must not: "table.column: n rows". */
async function dirtyColumns(db: Database): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying') order by table_name, column_name`,
  );
  // the patterns, in this database's regular expressions: they find what they must and leave ordinary text alone
  const probes = [
    'a\u0001b',
    'a\u001bb',
    'a\u007fb',
    'a\u0085b',
    'a\ufffdb',
    'a\tb',
    'a\r\nb',
    'a\u202eb',
    'a\u2066b',
    'Aisha Rahman',
    'عائشة الرحمن',
  ];
  const [matches] = await db.query<{ never: boolean[]; line: boolean[] }>(
    `select array(select p ~ $2 from unnest($1::text[]) with ordinality u(p, i) order by i) as never,
            array(select p ~ $3 from unnest($1::text[]) with ordinality u(p, i) order by i) as line`,
    [probes, NEVER_STORED, NOT_IN_A_LINE],
  );
  assert.deepEqual(matches, {
    never: [true, true, true, true, true, false, false, false, false, false, false],
    line: [false, false, false, false, false, true, true, true, true, false, false],
  });
  const dirty: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const name = `${table}.${column}`;
    const pattern = MULTILINE_COLUMNS.has(name) ? NEVER_STORED : `${NEVER_STORED}|${NOT_IN_A_LINE}`;
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from "${table}" where "${column}" ~ $1`, [
      pattern,
    ]);
    if ((row?.n ?? 0) > 0) dirty.push(`${name}: ${row!.n} row(s)`);
  }
  return dirty;
}

// ---------------------------------------------------------------- the suite, on one database

async function controlCharacterSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const started = Date.now();
  // closed in reverse order of opening, whatever step failed
  const cleanups: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  // the promote gate off: this tries every slot's text, not the gate (pinnedRuns.test.ts is), and with it on the token
  // that registered a canary may not record its run
  const fixture: Fixture = await createFixture({
    env: {
      SUBMIT_RATE_LIMIT_MAX: '0',
      CHAT_RATE_LIMIT_MAX: '0',
      REVIEWS_PER_PRODUCT_MAX: '0',
      RELEASE_REQUIRE_PASSED_RUN: '0',
    },
  });
  cleanups.push(() => fixture.cleanup());
  const releaseManifest = {
    id: 'catalogue',
    metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    exposes: requiredExposes('catalogue').map((name) => ({ name })),
  };
  await mkdir(path.join(fixture.root, 'mfe-catalogue/dist/v2'), { recursive: true });
  await writeFile(path.join(fixture.root, 'mfe-catalogue/dist/v2/mf-manifest.json'), JSON.stringify(releaseManifest));
  const database: TestDatabase = await target.fresh();
  cleanups.push(() => database.cleanup());
  const db = database.db;
  await seedCatalogue(db); // the catalogue the app reads (the site's, as on a first start)
  const server: FastifyInstance = await buildApp(fixture.config, db);
  cleanups.push(() => server.close());
  await server.ready();
  const ready = Date.now();

  const send = (
    method: NonNullable<InjectOptions['method']>,
    url: string,
    options: { body?: unknown; session?: Session; address?: string } = {},
  ) =>
    server.inject({
      method,
      url,
      remoteAddress: options.address ?? freshAddress(),
      headers: {
        // the staff API on the staff origin, where it answers (platform/http/staffSurface.ts)
        ...(isStaffPath(url.split(/[?#]/, 1)[0] ?? url) ? onStaffOrigin(server) : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.session === undefined
          ? {}
          : options.session.authorization !== undefined
            ? { authorization: options.session.authorization }
            : { cookie: options.session.cookie, [CSRF_HEADER]: options.session.csrf }),
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
  const ok = <T>(res: LightMyRequestResponse, what: string): T => {
    assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${what}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const forgetFailures = () => db.query('delete from staff_sign_in_failures');

  // ---- accounts and sessions
  const addAccount = async (email: string, role: 'admin' | 'branch', branch: string | null) => {
    const [row] = await db.query<{ id: number }>(
      'insert into staff_accounts (email, password_hash, role, branch) values ($1, $2, $3, $4) returning id',
      [email, await hashPassword(PASSWORD), role, branch],
    );
    return row!.id;
  };
  const adminId = await addAccount(ADMIN_EMAIL, 'admin', null);
  await db.query('update staff_accounts set totp_secret = $2, totp_enabled_at = now() where id = $1', [
    adminId,
    TOTP_SECRET,
  ]);
  await addAccount(SETUP_EMAIL, 'admin', null);
  const branchId = await addAccount(BRANCH_EMAIL, 'branch', 'Dubai');

  const signIn = async (email: string, state: StaffSession['state']): Promise<Session> => {
    const res = await send('POST', STAFF_API.signIn, { body: { email, password: PASSWORD } });
    const session = ok<StaffSession>(res, `sign-in of ${email}`);
    assert.equal(session.state, state);
    return { cookie: sessionCookieOf(res), csrf: session.csrfToken };
  };
  const pendingAdmin = await signIn(ADMIN_EMAIL, 'second-factor');
  const spentCode = codeAt(TOTP_SECRET, currentStep());
  const activated = await send('POST', STAFF_API.secondFactor, { body: { code: spentCode }, session: pendingAdmin });
  const adminSession = {
    cookie: sessionCookieOf(activated),
    csrf: ok<StaffSession>(activated, 'the admin second factor').csrfToken,
  };
  const branchSession = await signIn(BRANCH_EMAIL, 'active');
  const secondFactorSession = await signIn(ADMIN_EMAIL, 'second-factor');
  const setupSession = await signIn(SETUP_EMAIL, 'totp-setup');
  const setup = ok<TotpSetup>(await send('POST', STAFF_API.totpSetup, { session: setupSession }), 'TOTP set-up');
  const sessions: Record<Who, Session | undefined> = {
    visitor: undefined,
    admin: adminSession,
    branch: branchSession,
    'second-factor': secondFactorSession,
    'totp-setup': setupSession,
    pipeline: undefined,
  };
  // ---- a deployment pipeline's token, a spare one to revoke, and the release its canary names
  const makeToken = async (name: string) =>
    ok<{ id: number; token: string }>(
      await send('POST', STAFF_API.releaseTokens, {
        body: { name, remotes: ['catalogue'], expiresInDays: 1 },
        session: adminSession,
      }),
      `the token ${name}`,
    );
  const pipelineToken = await makeToken('catalogue pipeline');
  const spareToken = await makeToken('spare');
  sessions.pipeline = { cookie: '', csrf: '', authorization: `Bearer ${pipelineToken.token}` };
  ok(
    await send('POST', RELEASES_API.releases('catalogue'), {
      body: { version: 'v2', entry: FUZZ_RELEASE_ENTRY },
      session: sessions.pipeline,
    }),
    'the v2 release',
  );

  // ---- rows to work on: two contact messages (one marked spam), a review, a quote request and its PDF
  const contact = { name: 'Aisha Rahman', email: 'aisha@example.com', message: 'Please call me.', country: 'Dubai' };
  const contactId = ok<{ id: number }>(
    await send('POST', SUBMISSION_PATHS.contactForm, { body: contact }),
    'a contact message',
  ).id;
  const spamId = ok<{ id: number }>(
    await send('POST', SUBMISSION_PATHS.contactForm, { body: { ...contact, [HONEYPOT_FIELD]: 'bot' } }),
    'a spam message',
  ).id;
  const [mail] = await db.query<{ id: number }>(
    `select id from outbox where kind = 'contact_message' and ref_id = $1`,
    [contactId],
  );
  assert.ok(mail !== undefined, 'the contact message queued a mail');
  const review = { customerName: 'Lee', comment: 'Threads cut clean.', stars: 5 };
  ok(await send('POST', REVIEWS_API_PATTERN.replace(':productId', PRODUCT), { body: review }), 'a review');
  const [reviewRow] = await db.query<{ id: number }>('select id from reviews order by id desc limit 1');
  const quote = ok<{ pdfUrl: string }>(
    await send('POST', QUOTE_REQUESTS_API_PATH, {
      body: {
        lines: [{ productId: PRODUCT, quantity: 3 }],
        companyName: 'Gulf Build LLC',
        name: 'Aisha',
        email: 'aisha@example.com',
        phone: '+971 50 123 4567',
        branch: 'Dubai',
      },
    }),
    'a request for quotation',
  );
  const pdf = new URL(quote.pdfUrl, 'http://localhost');
  const page = ok<InboxPage>(
    await send('GET', `${STAFF_API.inbox}?limit=1`, { session: adminSession }),
    'an inbox page',
  );
  assert.ok(page.nextCursor !== null, 'the inbox has a second page');

  const made: Made = {
    contactId,
    spamId,
    mailId: mail.id,
    branchId,
    reviewId: reviewRow!.id,
    quoteFile: decodeURIComponent(pdf.pathname.split('/').pop()!),
    quoteKey: pdf.searchParams.get('key')!,
    cursor: page.nextCursor,
    totpCode: spentCode,
    setupCode: wrongCode(setup.secret),
    productContent: fewLeaves(
      ok<EditorProduct>(
        await send('GET', STAFF_API.catalogueProduct.replace(':id', PRODUCT), { session: adminSession }),
        'the product in the editor',
      ).published,
    ),
    editVersion: async () =>
      (
        await db.query<{ version: number }>('select version from catalogue_product_edits where product_id = $1', [
          PRODUCT,
        ])
      )[0]?.version ?? 0,
    categoryVersion: async () =>
      (
        await db.query<{ edit_version: number }>('select edit_version from catalogue_categories where id = $1', [
          CATEGORY,
        ])
      )[0]?.edit_version ?? 0,
    spareTokenId: spareToken.id,
  };
  const routes = [...publicRoutes(made), ...staffRoutes(made)];

  // every staff address is either fuzzed here or listed as having no slot
  const covered = new Set([
    ...routes.flatMap((route) => (route.staffApi === undefined ? [] : [route.staffApi])),
    ...STAFF_UNSLOTTED.map((entry) => entry.staffApi),
  ]);
  assert.deepEqual(
    Object.keys(STAFF_API).filter((name) => !covered.has(name as keyof typeof STAFF_API)),
    [],
    'every STAFF_API address is covered',
  );

  // ---- the run
  const problems: string[] = [];
  let requests = 0;
  const tallies: string[] = [];

  for (const route of routes) {
    const routeName = `${route.method} ${route.pattern}`;
    for (const who of route.as) {
      const session = sessions[who];
      const statuses = new Map<number, number>();
      const routeStarted = Date.now();
      const exchange = async (
        params: Record<string, string>,
        query: Record<string, string>,
        body: Json | undefined,
      ) => {
        if (route.signInStep) await forgetFailures();
        requests += 1;
        const res = await send(route.method, urlOf(route, params, query), {
          body: body === undefined || route.bodyNow === undefined ? body : await route.bodyNow(body),
          session,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        return res;
      };

      for (const slot of slotsOf(route)) {
        const ignored = route.ignored?.[slot.name];
        const multiline = route.multiline?.includes(slot.name) ?? false;
        for (const variant of VARIANTS) {
          const hostile = variant.make(slot.valid);
          if (ruleFor(variant, slot, hostile) === 'any' && ignored === undefined) continue; // nothing to learn from its answer
          const params = { ...route.params, ...(slot.where === 'path' ? { [slot.name.slice(1)]: hostile } : {}) };
          const query = { ...route.query, ...(slot.where === 'query' ? { [slot.name.slice(1)]: hostile } : {}) };
          const body =
            route.body === undefined
              ? undefined
              : slot.where === 'body'
                ? setLeaf(route.body, slot.at, hostile)
                : route.body;
          const res = await exchange(params, query, body);

          const found: string[] = [];
          if (res.statusCode >= 500) found.push(`a ${res.statusCode}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode === 429)
            found.push(`a 429 (a limit answered, not validation): ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 300) {
            const problem = refusalProblem(res);
            if (problem !== undefined) found.push(`${problem}: ${res.body.slice(0, 200)}`);
          } else if (ignored === undefined) {
            const rule = ruleFor(variant, slot, hostile);
            if (rule === 'never')
              found.push(`accepted (${res.statusCode}): a value with ${variant.name} must be refused`);
            if (rule === 'multiline' && !multiline)
              found.push(`accepted (${res.statusCode}): ${variant.name} inside a one-line field must be refused`);
          }
          for (const problem of found)
            problems.push(`${routeName} as ${who}, ${slot.name} with ${variant.name}: ${problem}`);
        }
      }

      // the valid request, last (the delete's removes its row)
      const valid = await exchange(route.params ?? {}, route.query ?? {}, route.body);
      const wanted = route.validStatus;
      const validOk =
        wanted === undefined ? valid.statusCode >= 200 && valid.statusCode < 300 : valid.statusCode === wanted;
      if (!validOk)
        problems.push(
          `${routeName} as ${who}: the valid request got ${valid.statusCode} (expected ${wanted ?? '2xx'}): ${valid.body.slice(0, 200)}`,
        );
      tallies.push(
        `${routeName} as ${who} (${Date.now() - routeStarted} ms): ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(', ')}`,
      );
    }
  }

  const dirty = await dirtyColumns(db);
  const health = await send('GET', '/healthz');
  const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
  t.diagnostic(
    `${target.name}: database and app ready in ${((ready - started) / 1000).toFixed(1)} s, then ${requests} requests over ${routes.length} routes in ${seconds(ready)} s (slot-less: ${[...PUBLIC_UNSLOTTED, ...STAFF_UNSLOTTED.map((entry) => `${entry.staffApi}: ${entry.why}`)].join('; ')})`,
  );
  for (const tally of tallies) t.diagnostic(tally);

  await t.test('no 5xx or 429, every refusal a 4xx {error}, no hostile character accepted where it must not be', () => {
    assert.deepEqual(problems, []);
  });
  await t.test(
    'what was accepted was stored clean (no control character, no line break or direction control in a one-line column)',
    () => {
      assert.deepEqual(dirty, []);
    },
  );
  await t.test('the server is healthy after all of it', () => {
    assert.equal(health.statusCode, 200, health.body);
  });
}

test('control characters in every text slot on embedded PGlite', async (t) => {
  await controlCharacterSuite(t, pgliteTarget);
});

test('control characters in every text slot on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => controlCharacterSuite(t, target));
});
