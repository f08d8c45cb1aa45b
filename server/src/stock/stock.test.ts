// The ERP's stock feed through the whole app (buildApp), on both databases: the scopes of pipeline tokens tried as an
// attacker would (none, malformed, another scope's, expired, revoked), a feed's rows and report (every refusal
// reason, strict, a snapshot's zeroing, the same feed twice), CSV as spreadsheets write it, the size limits, feeds at
// once and beside a catalogue import, the announcement to another process, the staff's list and the CLI.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RELEASES_API } from '../releases/releaseRoutes.js';
import { CSRF_HEADER, STAFF_API, type StaffSession } from '@site/contracts/staff-api';
import {
  STOCK_API,
  STOCK_AVAILABILITY_CODES_MAX,
  type AvailabilityAnswer,
  type StockFeedDetail,
  type StockFeedHealth,
  type StockFeedList,
  type StockFeedReport,
} from '@site/contracts/stock-api';
import { buildApp } from '../app.js';
import { lockCatalogue } from '../catalogue/file/catalogueImport.js';
import { seedCatalogue } from '../catalogue/index.js';
import { openDatabase, type Database } from '../platform/db/index.js';
import { hashPassword } from '../staff/passwords.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import {
  addStaffAccount,
  codeAt,
  currentStep,
  onStaffOrigin,
  sessionCookieOf,
  signInStaff,
  STAFF_TEST_PASSWORD,
  type StaffCaller,
} from '../test-support/staffSignIn.js';
import { waitFor } from '../test-support/waitFor.js';
import { readStockVersion } from './state.js';
import { stockCli } from './stockCli.js';
import { readAvailability } from './stockStore.js';

const ADMIN_TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The feeds' clock: "today" for a past date. */
const TODAY = '2030-06-15';
const FUTURE = '2030-07-01';
const LIMITS = { maxBytes: 64 * 1024, maxRows: 200 };

interface Stock {
  code: string;
  location: string;
  on_hand: number;
  incoming: number;
  incoming_date: string | null;
  lead_time_days: number | null;
}

async function stockSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let other: FastifyInstance;
  let admin: StaffCaller;
  let stockToken = '';
  let releaseToken = '';
  /** Variant codes of the seeded catalogue. */
  let codes: string[] = [];

  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0', STOCK_FEED_STALE_MINUTES: '30' } });
    database = await target.fresh();
    db = database.db;
    await seedCatalogue(db);
    const options = { stock: { ...LIMITS, now: () => new Date(`${TODAY}T10:00:00Z`) } };
    app = await buildApp(fixture.config, db, options);
    // a second server process on the same database (on PGlite the same instance)
    other = await buildApp(fixture.config, await database.openAnother(), options);
    await db.query(
      'insert into staff_accounts (email, password_hash, role, totp_secret, totp_enabled_at) values ($1, $2, $3, $4, now())',
      ['admin@crescent.example', await hashPassword(STAFF_TEST_PASSWORD), 'admin', ADMIN_TOTP],
    );
    await addStaffAccount(db, 'catalogue@crescent.example', 'catalogue');
    const signIn = await app.inject({
      method: 'POST',
      url: STAFF_API.signIn,
      headers: onStaffOrigin(app),
      payload: { email: 'admin@crescent.example', password: STAFF_TEST_PASSWORD },
    });
    const done = await app.inject({
      method: 'POST',
      url: STAFF_API.secondFactor,
      headers: { ...onStaffOrigin(app), cookie: sessionCookieOf(signIn) },
      payload: { code: codeAt(ADMIN_TOTP, currentStep()) },
    });
    assert.equal(done.statusCode, 200, done.body);
    admin = { cookie: sessionCookieOf(done), csrf: done.json<StaffSession>().csrfToken };
    codes = (
      await db.query<{ code: string }>(
        'select code from catalogue_product_variants where published order by product_id, position limit 6',
      )
    ).map((row) => row.code);
    assert.equal(codes.length, 6);
  });
  t.after(async () => {
    await other?.close();
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const staff = (who: StaffCaller, method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        ...onStaffOrigin(app),
        cookie: who.cookie,
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: who.csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const makeToken = async (body: Record<string, unknown>): Promise<string> => {
    const made = await staff(admin, 'POST', STAFF_API.releaseTokens, { expiresInDays: 30, ...body });
    assert.equal(made.statusCode, 201, made.body);
    return made.json<{ token: string }>().token;
  };
  const feed = (
    method: 'PUT' | 'PATCH',
    body: string | Buffer | Readable | unknown[],
    options: { token?: string | null; type?: string; query?: string; to?: FastifyInstance } = {},
  ): Promise<LightMyRequestResponse> => {
    const token = options.token === undefined ? stockToken : options.token;
    const type =
      options.type ??
      (typeof body === 'string' || Buffer.isBuffer(body) || body instanceof Readable ? 'text/csv' : 'application/json');
    return (options.to ?? app).inject({
      method,
      url: `/api/stock${options.query ?? ''}`,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), 'content-type': type },
      payload: Array.isArray(body) ? JSON.stringify(body) : body,
    });
  };
  const report = (res: LightMyRequestResponse, status = 200): StockFeedReport => {
    assert.equal(res.statusCode, status, res.body);
    return res.json<StockFeedReport>();
  };
  const stored = async (): Promise<Stock[]> =>
    (
      await db.query<Stock>(
        'select code, location, on_hand, incoming, incoming_date::text as incoming_date, lead_time_days from stock_levels order by code, location',
      )
    )
      .map((row) => ({
        ...row,
        on_hand: Number(row.on_hand),
        incoming: Number(row.incoming),
        lead_time_days: row.lead_time_days === null ? null : Number(row.lead_time_days),
      }))
      .sort((x, y) => (`${x.code}/${x.location}` < `${y.code}/${y.location}` ? -1 : 1));
  const feedCount = async () => Number((await db.query<{ n: number }>('select count(*) as n from stock_feeds'))[0]?.n);

  await t.test(
    'tokens have a scope: an admin makes a stock token (no remotes); a scope or remotes out of place are refused',
    async () => {
      for (const bad of [
        { name: 'ERP', scope: 'stock', remotes: ['catalogue'] },
        { name: 'ERP', scope: 'admin' },
        { name: 'ERP', scope: 'orders', remotes: ['catalogue'] },
        { name: 'ERP', scope: 'release' },
        { name: 'ERP', scope: 'release', remotes: [] },
        { name: 'ERP', scope: ['stock'] },
      ]) {
        const res = await staff(admin, 'POST', STAFF_API.releaseTokens, { expiresInDays: 30, ...bad });
        assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      }
      const editor = await signInStaff(app, 'catalogue@crescent.example');
      assert.equal(
        (await staff(editor, 'POST', STAFF_API.releaseTokens, { name: 'ERP', scope: 'stock', expiresInDays: 30 }))
          .statusCode,
        403,
      );
      stockToken = await makeToken({ name: 'ERP', scope: 'stock' });
      assert.match(stockToken, /^srt_[\w-]{43}$/);
      releaseToken = await makeToken({ name: 'catalogue pipeline', remotes: ['catalogue'] });
      const listed = (await staff(admin, 'GET', STAFF_API.releaseTokens)).json<{
        tokens: { name: string; scope: string; remotes: string[] }[];
      }>().tokens;
      assert.deepEqual(
        listed.map(({ name, scope, remotes }) => `${name}: ${scope} ${remotes.join()}`),
        ['catalogue pipeline: release catalogue', 'ERP: stock '],
      );
      const rows = await db.query<{ scope: string; remotes: string; token_hash: string }>(
        'select scope, remotes, token_hash from release_tokens order by id',
      );
      assert.deepEqual(
        rows.map((row) => `${row.scope}:${row.remotes}`),
        ['stock:', 'release:catalogue'],
      );
      assert.ok(
        rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash)),
        'only hashes are stored',
      );
    },
  );

  await t.test(
    'a release token cannot push stock, a stock token cannot release; none, malformed, tampered, expired or revoked: refused, nothing read or recorded',
    async () => {
      const body = [{ code: codes[0], location: 'dubai', onHand: 5 }];
      const before = await feedCount();
      assert.equal((await feed('PUT', body, { token: null })).statusCode, 401);
      for (const token of [
        'nonsense',
        stockToken.slice(4),
        stockToken.slice(0, -1) + (stockToken.endsWith('A') ? 'B' : 'A'),
        `srt_${'A'.repeat(43)}`,
      ]) {
        assert.equal((await feed('PATCH', body, { token })).statusCode, 401, token);
      }
      const withRelease = await feed('PATCH', body, { token: releaseToken });
      assert.equal(withRelease.statusCode, 403, withRelease.body);
      assert.match(withRelease.json<{ error: string }>().error, /release token: it cannot send stock/);
      // a body far past the limit is never read without a token in force
      assert.equal(
        (await feed('PUT', Buffer.alloc(LIMITS.maxBytes * 4, 0x41), { token: releaseToken })).statusCode,
        403,
      );
      // the stock token at the releases' API
      const atReleases = await app.inject({
        method: 'GET',
        url: RELEASES_API.remotes,
        headers: { authorization: `Bearer ${stockToken}` },
      });
      assert.equal(atReleases.statusCode, 403, atReleases.body);
      assert.match(atReleases.json<{ error: string }>().error, /stock token: it cannot release/);
      const register = await app.inject({
        method: 'POST',
        url: `${RELEASES_API.remotes}/catalogue/releases`,
        headers: { authorization: `Bearer ${stockToken}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ version: 'evil', entry: 'https://evil.example/mf-manifest.json' }),
      });
      assert.equal(register.statusCode, 403, register.body);
      assert.equal((await db.query("select id from remote_releases where version = 'evil'")).length, 0);

      // expired, then revoked: refused by both APIs alike
      const expiring = await makeToken({ name: 'old ERP', scope: 'stock' });
      await db.query(`update release_tokens set expires_at = now() - interval '1 second' where name = 'old ERP'`);
      assert.equal((await feed('PATCH', body, { token: expiring })).statusCode, 401);
      assert.equal(
        (
          await app.inject({
            method: 'GET',
            url: RELEASES_API.remotes,
            headers: { authorization: `Bearer ${expiring}` },
          })
        ).statusCode,
        401,
      );
      const revoked = await makeToken({ name: 'revoked ERP', scope: 'stock' });
      assert.equal(report(await feed('PATCH', [], { token: revoked })).rows, 0);
      const [row] = await db.query<{ id: number }>(`select id from release_tokens where name = 'revoked ERP'`);
      assert.equal(
        (await staff(admin, 'POST', STAFF_API.releaseTokenRevoke.replace(':id', String(row?.id)))).statusCode,
        200,
      );
      assert.equal((await feed('PATCH', body, { token: revoked })).statusCode, 401);
      // nothing applied by any of them, one (empty) feed recorded for the token while it was in force
      assert.deepEqual(await stored(), []);
      assert.equal(await feedCount(), before + 1);
      // other methods and addresses: after the token check
      assert.equal((await app.inject({ method: 'GET', url: '/api/stock' })).statusCode, 401);
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/stock', headers: { authorization: `Bearer ${stockToken}` } }))
          .statusCode,
        404,
      );
      assert.equal(
        (await app.inject({ method: 'POST', url: '/api/stock/x', headers: { authorization: `Bearer ${stockToken}` } }))
          .statusCode,
        404,
      );
      assert.equal((await feed('PATCH', '<stock/>', { type: 'application/xml' })).statusCode, 415);
      assert.equal(
        (await feed('PATCH', 'code,location,on_hand\r\n', { type: 'text/csv; charset=windows-1256' })).statusCode,
        415,
      );
    },
  );

  await t.test(
    'a delta applies its rows; availability reads them; the same feed twice changes nothing the second time',
    async () => {
      const [a, b] = codes as [string, string];
      const version = await readStockVersion(db.kysely);
      const body = [
        { code: a, location: 'dubai', onHand: 12, incoming: 40, incomingDate: FUTURE, leadTimeDays: 21 },
        { code: a.toLowerCase(), location: 'MUSCAT', onHand: 0, leadTimeDays: 30 },
        { code: b, location: 'bahrain', onHand: 3 },
      ];
      const first = report(await feed('PATCH', body));
      assert.deepEqual(
        { ...first, feedId: 0, durationMs: 0 },
        {
          feedId: 0,
          kind: 'delta',
          outcome: 'applied',
          rows: 3,
          applied: 3,
          changed: 3,
          cleared: 0,
          refused: 0,
          reasons: {},
          refusals: [],
          durationMs: 0,
        },
      );
      assert.equal(await readStockVersion(db.kysely), version + 1);
      const [availability] = await readAvailability(db.kysely, [a.toLowerCase()]);
      assert.equal(availability?.code, a.toLowerCase());
      assert.ok(availability?.locations.every(({ updatedAt }) => !Number.isNaN(Date.parse(updatedAt))));
      assert.deepEqual(
        availability?.locations.map(({ updatedAt: _updatedAt, ...rest }) => rest),
        [
          { location: 'dubai', onHand: 12, incoming: { quantity: 40, date: FUTURE }, leadTimeDays: 21 },
          { location: 'muscat', onHand: 0, incoming: null, leadTimeDays: 30 },
        ],
      );
      // a code the ERP never named: no location at all (not "0")
      assert.deepEqual(await readAvailability(db.kysely, [codes[5]!, 'NO-SUCH-CODE']), [
        { code: codes[5], locations: [] },
        { code: 'NO-SUCH-CODE', locations: [] },
      ]);
      const storedBefore = await stored();
      const again = report(await feed('PATCH', body));
      assert.equal(again.changed, 0);
      assert.equal(again.applied, 3);
      assert.deepEqual(await stored(), storedBefore);
      assert.equal(await readStockVersion(db.kysely), version + 1, 'nothing changed: no version, no announcement');
      assert.equal((await app.stock.availability([a]))[0]?.locations.length, 2);
    },
  );

  await t.test(
    'anyone reads availability over HTTP: no token, cached for seconds; bad lists are refused, not read',
    async () => {
      const [a, b] = codes as [string, string];
      const read = (query: string) => app.inject({ method: 'GET', url: `${STOCK_API.availability}${query}` });
      const answer = await read(`?codes=${encodeURIComponent(`${a}, ${b},NO-SUCH-CODE,${a}`)}`);
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(answer.headers['cache-control'], 'public, max-age=5');
      const { display, availability } = answer.json<AvailabilityAnswer>();
      assert.equal(display, 'exact', 'STOCK_DISPLAY by default');
      assert.deepEqual(
        availability.map(({ code, locations }) => [code, locations.map((location) => location.location)]),
        [
          [a, ['dubai', 'muscat']],
          [b, ['bahrain']],
          ['NO-SUCH-CODE', []],
        ],
      );
      // as an attacker would: no list, a list past the limit, a quote or markup in a code, an SQL fragment
      const tooMany = Array.from({ length: STOCK_AVAILABILITY_CODES_MAX + 1 }, (_, index) => `C-${index}`).join(',');
      for (const query of [
        '',
        '?codes=',
        `?codes=${tooMany}`,
        `?codes=${encodeURIComponent("A' or '1'='1")}`,
        `?codes=${encodeURIComponent('<script>')}`,
      ]) {
        const refused = await read(query);
        assert.equal(refused.statusCode, 400, `${query}: ${refused.body}`);
        assert.match(refused.json<{ error: string }>().error, /codes|code/);
      }
    },
  );

  await t.test(
    'a snapshot clears what it does not name (once); a snapshot with no row to apply is refused',
    async () => {
      const [a, b, c] = codes as [string, string, string];
      report(await feed('PATCH', [{ code: c, location: 'dubai', onHand: 7 }]));
      const snapshot = [
        { code: a, location: 'dubai', onHand: 10, incoming: 40, incomingDate: FUTURE, leadTimeDays: 21 },
      ];
      const first = report(await feed('PUT', snapshot));
      assert.equal(first.kind, 'snapshot');
      assert.equal(first.changed, 1);
      // a/muscat had a lead time, b/bahrain and c/dubai stock: all three cleared
      assert.equal(first.cleared, 3);
      assert.deepEqual(
        (await stored())
          .map(
            (row) =>
              `${row.code}/${row.location} ${row.on_hand} ${row.incoming} ${row.incoming_date} ${row.lead_time_days}`,
          )
          .sort(),
        [
          `${a}/dubai 10 40 ${FUTURE} 21`,
          `${a}/muscat 0 0 null null`,
          `${b}/bahrain 0 0 null null`,
          `${c}/dubai 0 0 null null`,
        ].sort(),
      );
      // the same snapshot again: no row written (not even its time or feed), no version, no announcement
      const written = async () =>
        db.query<{ code_key: string; location: string; updated_at: Date; feed_id: number }>(
          'select code_key, location, updated_at, feed_id from stock_levels order by code_key, location',
        );
      const [rowsBefore, version] = [await written(), await readStockVersion(db.kysely)];
      const again = report(await feed('PUT', snapshot));
      assert.deepEqual([again.changed, again.cleared], [0, 0]);
      assert.deepEqual(await written(), rowsBefore);
      assert.equal(await readStockVersion(db.kysely), version);

      const before = await stored();
      const empty = await feed('PUT', []);
      assert.equal(empty.statusCode, 400, empty.body);
      const allRefused = report(await feed('PUT', [{ code: 'NO-SUCH-CODE', location: 'dubai', onHand: 1 }]), 422);
      assert.equal(allRefused.outcome, 'refused');
      assert.match(allRefused.message ?? '', /would clear all stock/);
      assert.deepEqual(await stored(), before);
    },
  );

  await t.test(
    'every bad row is reported (line, code, reason) and the rest applies; a refused row keeps its stock in a snapshot',
    async () => {
      const [a, b, c, d] = codes as [string, string, string, string];
      report(
        await feed('PATCH', [
          { code: a, location: 'muscat', onHand: 8 },
          { code: a, location: 'dubai', onHand: 3 },
        ]),
      );
      const rows: unknown[] = [
        { code: b, location: 'dubai', onHand: 4 },
        { code: 'NO-SUCH-CODE', location: 'dubai', onHand: 1 },
        { code: c, location: 'dubai', onHand: -2 },
        { code: c, location: 'muscat', onHand: 2.5 },
        { code: c, location: 'bahrain', onHand: 1, incoming: 5, incomingDate: '2030-06-14' },
        { code: d, location: 'riyadh', onHand: 1 },
        { location: 'dubai', onHand: 1 },
        { code: d, location: 'dubai', onHand: 1, incoming: 5, incomingDate: '15/07/2030' },
        { code: d, location: 'muscat', onHand: 1, incoming: 5 },
        { code: d, location: 'bahrain', onHand: 1, leadTimeDays: -1 },
        { code: a, location: 'muscat', onHand: 1 },
        { code: a, location: 'muscat', onHand: 2 },
        { code: b, location: 'muscat', onHand: 1, colour: 'red' },
        'not a row',
        { code: b, location: 'muscat', onHand: '=2+3' },
        { code: b, location: 'bahrain', onHand: 6, incoming: 0, incomingDate: '2020-01-01' },
      ];
      const result = report(await feed('PUT', rows));
      assert.equal(result.outcome, 'applied');
      assert.deepEqual(
        result.refusals.map(({ line, code, reason }) => `${line} ${code} ${reason}`),
        [
          `2 NO-SUCH-CODE unknown-code`,
          `3 ${c} bad-quantity`,
          `4 ${c} bad-quantity`,
          `5 ${c} past-date`,
          `6 ${d} unknown-location`,
          `7  missing-code`,
          `8 ${d} bad-date`,
          `9 ${d} bad-date`,
          `10 ${d} bad-lead-time`,
          `11 ${a} duplicate`,
          `12 ${a} duplicate`,
          `13 ${b} bad-row`,
          `14  bad-row`,
          `15 ${b} bad-quantity`,
        ],
      );
      assert.match(
        result.refusals.find((refusal) => refusal.line === 6)?.message ?? '',
        /Saudi associate holds no stock/,
      );
      assert.match(result.refusals.find((refusal) => refusal.line === 3)?.message ?? '', /negative/);
      assert.match(result.refusals.find((refusal) => refusal.line === 11)?.message ?? '', /lines 11, 12/);
      assert.deepEqual(result.reasons, {
        'unknown-code': 1,
        'bad-quantity': 3,
        'past-date': 1,
        'unknown-location': 1,
        'missing-code': 1,
        'bad-date': 2,
        'bad-lead-time': 1,
        duplicate: 2,
        'bad-row': 2,
      });
      assert.deepEqual([result.rows, result.applied, result.refused], [16, 2, 14]);
      const now = await stored();
      const at = (code: string, location: string) => now.find((row) => row.code === code && row.location === location);
      assert.equal(at(b, 'dubai')?.on_hand, 4);
      // a date with no incoming stock says nothing: not kept, and not judged
      assert.deepEqual([at(b, 'bahrain')?.on_hand, at(b, 'bahrain')?.incoming_date], [6, null]);
      // a/dubai was not named: cleared; a/muscat was named (twice, refused): left as it was
      assert.equal(at(a, 'dubai')?.on_hand, 0);
      assert.equal(at(a, 'muscat')?.on_hand, 8);
      // c/dubai held 0 already; named (refused), left as it was
      assert.equal(at(c, 'dubai')?.on_hand, 0);
      assert.equal(at(d, 'dubai'), undefined, 'a refused row invents no stock');
    },
  );

  await t.test(
    'a code and location on two rows: a good row beside a refused one is refused too; an unknown code stays unknown',
    async () => {
      const [, , , , e] = codes as [string, string, string, string, string];
      report(await feed('PATCH', [{ code: e, location: 'dubai', onHand: 9 }]));
      const result = report(
        await feed('PATCH', [
          { code: e, location: 'dubai', onHand: 1 },
          { code: 'NO-SUCH-2', location: 'dubai', onHand: 1 },
          { code: e.toLowerCase(), location: 'DUBAI', onHand: -1 },
          { code: 'NO-SUCH-2', location: 'dubai', onHand: 2 },
          { code: e, location: 'muscat', onHand: 4 },
        ]),
      );
      assert.deepEqual(
        result.refusals.map(
          ({ line, reason, message }) => `${line} ${reason}${reason === 'duplicate' ? ` ${message}` : ''}`,
        ),
        [
          '1 duplicate The code and location are on more than one row (lines 1, 3)',
          '2 unknown-code',
          '3 bad-quantity',
          '4 unknown-code',
        ],
      );
      assert.deepEqual([result.applied, result.changed], [1, 1]);
      assert.equal((await stored()).find((row) => row.code === e && row.location === 'dubai')?.on_hand, 9);
    },
  );

  await t.test(
    '?strict=1: any bad row refuses the whole feed (422), nothing applied, the feed recorded as refused',
    async () => {
      const before = await stored();
      const res = await feed(
        'PATCH',
        [
          { code: codes[0], location: 'dubai', onHand: 99 },
          { code: 'NO-SUCH-CODE', location: 'dubai', onHand: 1 },
        ],
        { query: '?strict=1' },
      );
      const refused = report(res, 422);
      assert.deepEqual([refused.outcome, refused.applied, refused.refused, refused.changed], ['refused', 1, 1, 0]);
      assert.deepEqual(await stored(), before);
      const [last] = await db.query<{ outcome: string; strict: boolean }>(
        'select outcome, strict from stock_feeds order by id desc limit 1',
      );
      assert.deepEqual(last, { outcome: 'refused', strict: true });
      // strict and clean: applied
      assert.equal(
        report(await feed('PATCH', [{ code: codes[0], location: 'dubai', onHand: 99 }], { query: '?strict=1' }))
          .changed,
        1,
      );
    },
  );

  await t.test(
    'CSV as spreadsheets write it: BOM, CRLF, semicolons, Arabic-Indic digits, quoted cells; formulas are text',
    async () => {
      const [a, b, c] = codes as [string, string, string];
      const csv = [
        '\uFEFFCode;Location;On hand;Incoming;Incoming date;Lead time (days)',
        `${a};dubai;\u0661\u0662\u0663;\u06f4\u06f0;\u0662\u0660\u0663\u0660-\u0660\u0667-\u0660\u0661;\u0661\u0664`,
        '',
        `"${b}";"muscat";"7";;;`,
        `${c};bahrain;=2+3;;;`,
        `"=HYPERLINK(""http://evil.example"")";dubai;1;;;`,
        `'${c};dubai;'-4;;;`,
      ].join('\r\n');
      const result = report(await feed('PATCH', csv));
      assert.deepEqual(
        result.refusals.map(({ line, reason }) => `${line} ${reason}`),
        ['5 bad-quantity', '6 unknown-code', '7 bad-quantity'],
      );
      assert.match(result.refusals[0]?.message ?? '', /not "=2\+3"/);
      const now = await stored();
      const row = now.find((stock) => stock.code === a && stock.location === 'dubai');
      assert.deepEqual(
        [row?.on_hand, row?.incoming, row?.incoming_date, row?.lead_time_days],
        [123, 40, '2030-07-01', 14],
      );
      assert.equal(now.find((stock) => stock.code === b && stock.location === 'muscat')?.on_hand, 7);

      // a comma file with LF line ends and a tab file; a header with a column no field has, or without on_hand: 400
      assert.equal(report(await feed('PATCH', `code,location,on_hand\n${b},muscat,8\n`)).changed, 1);
      assert.equal(report(await feed('PATCH', `code\tlocation\ton_hand\n${b}\tmuscat\t9\n`)).changed, 1);
      for (const bad of [
        `code,location,on_hand,colour\n${b},muscat,8\n`,
        `code,location\n${b},muscat\n`,
        '',
        `code,location,on_hand\n"${b},muscat,8\n`,
      ]) {
        const res = await feed('PATCH', bad);
        assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      }
      for (const bad of ['{"code": 1}', '[{"code": "x"', '[1,]', '[] []', 'not json']) {
        const res = await feed('PATCH', bad, { type: 'application/json' });
        assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
      }
    },
  );

  await t.test(
    'a value holding U+0000 or half a surrogate pair, JSON or CSV, is a refused row in words (was a 500 failing the feed)',
    async () => {
      const [a, b] = codes as [string, string];
      const before = await stored();
      const at = (rows: Stock[], code: string, location: string) =>
        rows.find((row) => row.code === code && row.location === location)?.on_hand;
      // as the JSON arrives on the wire: the escapes are JSON's, read by the feed's parser
      const json = `[${[
        `{"code": "${a}\\u0000", "location": "dubai", "onHand": 1}`,
        `{"code": "${a}", "location": "dubai\\u0000", "onHand": 1}`,
        `{"code": "${a}", "location": "muscat", "onHand": 1, "incoming": 5, "incomingDate": "${FUTURE}\\u0000"}`,
        `{"code": "${a}\\ud800", "location": "bahrain", "onHand": 1}`,
        `{"code": "${b}", "location": "bahrain", "onHand": 1, "col\\u0000our": "red"}`,
        `{"code": "${b}", "location": "dubai", "onHand": 41}`,
      ].join(',')}]`;
      const result = report(await feed('PATCH', json, { type: 'application/json' }));
      assert.deepEqual(
        result.refusals.map(({ line, reason }) => `${line} ${reason}`),
        ['1 bad-row', '2 bad-row', '3 bad-row', '4 bad-row', '5 bad-row'],
      );
      assert.match(result.refusals[0]?.message ?? '', /The code holds a character a text cannot \(U\+0000/);
      assert.match(result.refusals[1]?.message ?? '', /The location holds/);
      assert.match(result.refusals[2]?.message ?? '', /The incoming date holds/);
      assert.match(result.refusals[4]?.message ?? '', /Unknown field "col\ufffdour"/);
      assert.deepEqual([result.applied, result.changed], [1, 1]);
      let now = await stored();
      assert.equal(at(now, b, 'dubai'), 41);
      for (const location of ['dubai', 'muscat', 'bahrain'])
        assert.equal(at(now, a, location), at(before, a, location), `${a}/${location} as it was`);

      // CSV: a NUL byte in a cell, and in the header
      const csv = `code,location,on_hand,incoming,incoming_date\n${b}\u0000,muscat,1,,\n${b},muscat,7,5,${FUTURE}\u0000\n${b},bahrain,2,,\n`;
      const fromCsv = report(await feed('PATCH', csv));
      assert.deepEqual(
        fromCsv.refusals.map(({ line, reason }) => `${line} ${reason}`),
        ['2 bad-row', '3 bad-row'],
      );
      now = await stored();
      assert.equal(at(now, b, 'bahrain'), 2);
      assert.equal(at(now, b, 'muscat'), at(before, b, 'muscat'));
      const header = await feed('PATCH', `code,location,on_hand,col\u0000our\n${b},muscat,1,x\n`);
      assert.equal(header.statusCode, 400, header.body);
      // strict: refused whole, in words
      const strict = report(
        await feed(
          'PUT',
          `[{"code": "${b}\\u0000", "location": "dubai", "onHand": 1}, {"code": "${b}", "location": "dubai", "onHand": 3}]`,
          { type: 'application/json', query: '?strict=1' },
        ),
        422,
      );
      assert.equal(strict.reasons['bad-row'], 1);
      assert.equal(at(await stored(), b, 'dubai'), 41);
    },
  );

  await t.test(
    'limits: a body past the byte limit (with or without its length) or the row limit is refused with 413, nothing applied',
    async () => {
      const before = await stored();
      const big = `code,location,on_hand\n${`${codes[0]},dubai,1\n`.repeat(Math.ceil(LIMITS.maxBytes / 10))}`;
      assert.equal((await feed('PUT', big)).statusCode, 413);
      // chunked: no Content-Length, counted as it comes
      const streamed = await feed(
        'PUT',
        Readable.from([Buffer.from(big.slice(0, LIMITS.maxBytes / 2)), Buffer.from(big.slice(LIMITS.maxBytes / 2))]),
      );
      assert.equal(streamed.statusCode, 413, streamed.body);
      const rows = Array.from({ length: LIMITS.maxRows + 1 }, (_, index) => ({
        code: codes[index % 6],
        location: 'dubai',
        onHand: index,
      }));
      const tooMany = await feed('PATCH', rows);
      assert.equal(tooMany.statusCode, 413, tooMany.body);
      assert.match(tooMany.json<{ error: string }>().error, /more than 200 rows/);
      assert.deepEqual(await stored(), before);
      const refused = await db.query<{ outcome: string; message: string }>(
        "select outcome, message from stock_feeds where outcome = 'refused' and message like '%larger than%' or message like '%more than 200 rows%'",
      );
      assert.ok(refused.length >= 3, 'each refusal is in the feeds list');
    },
  );

  await t.test('two feeds at once take turns: both apply, neither is lost', async () => {
    const [a, b] = codes as [string, string];
    const one = Array.from({ length: 50 }, (_, index) => ({
      code: codes[index % 6],
      location: ['dubai', 'muscat', 'bahrain'][index % 3],
      onHand: 100 + index,
    })).filter(
      (row, index, all) =>
        all.findIndex((other) => other.code === row.code && other.location === row.location) === index,
    );
    const [first, second] = await Promise.all([
      feed('PATCH', one),
      feed(
        'PATCH',
        [
          { code: a, location: 'bahrain', onHand: 555 },
          { code: b, location: 'bahrain', onHand: 556 },
        ],
        { to: other },
      ),
    ]);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.statusCode, 200, second.body);
    const now = await stored();
    const at = (code: string | undefined, location: string | undefined) =>
      now.find((stock) => stock.code === code && stock.location === location)?.on_hand;
    for (const row of one) assert.equal(at(row.code, row.location), row.onHand, `${row.code}/${row.location}`);
    assert.deepEqual([at(a, 'bahrain'), at(b, 'bahrain')], [555, 556]);
  });

  await t.test('a feed beside a catalogue import: neither waits for the other forever, both are kept', async () => {
    const [a] = codes as [string];
    const importer = await database.openAnother();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // an import's transaction: the catalogue's lock, and a write to the very variant the feed names
    const importing = importer.kysely.transaction().execute(async (trx) => {
      await lockCatalogue(trx);
      await trx
        .updateTable('catalogue_product_variants')
        .set({ label: 'Imported label' })
        .where('code', '=', a)
        .execute();
      holding();
      await gate;
    });
    await held;
    const feeding = feed('PATCH', [{ code: a, location: 'dubai', onHand: 321 }]);
    if (target.name === 'PostgreSQL') {
      // the feed reads the variants without a lock: done while the import still holds its own
      const res = await feeding;
      assert.equal(res.statusCode, 200, res.body);
      release();
      await importing;
    } else {
      // one connection: the feed takes its turn after the import
      setTimeout(release, 100);
      await importing;
      assert.equal((await feeding).statusCode, 200);
    }
    assert.equal((await stored()).find((row) => row.code === a && row.location === 'dubai')?.on_hand, 321);
    assert.equal(
      (await db.query<{ label: string }>('select label from catalogue_product_variants where code = $1', [a]))[0]
        ?.label,
      'Imported label',
    );
  });

  await t.test(
    'a withdrawn variant keeps its stock; a withdrawn product\u2019s codes are unknown and their stock stays as it was',
    async () => {
      const [, , , , e, f] = codes as [string, string, string, string, string, string];
      report(await feed('PATCH', [{ code: f, location: 'dubai', onHand: 4 }]));
      await db.query('update catalogue_product_variants set published = false where code = $1', [e]);
      const unpublished = report(await feed('PATCH', [{ code: e, location: 'dubai', onHand: 2 }]));
      assert.equal(unpublished.changed, 1);
      // the product is gone from the catalogue's variants (withdrawn products' variants move to the archive)
      await db.query('delete from catalogue_product_variants where code = $1', [f]);
      const gone = report(await feed('PATCH', [{ code: f, location: 'dubai', onHand: 9 }]));
      assert.deepEqual(
        gone.refusals.map((refusal) => refusal.reason),
        ['unknown-code'],
      );
      assert.equal((await stored()).find((row) => row.code === f && row.location === 'dubai')?.on_hand, 4);
    },
  );

  await t.test(
    'a feed is announced: another process sees it within 2 s; the catalogue\u2019s version (and its pages\u2019 caches) stay',
    async () => {
      const [a] = codes as [string];
      const catalogueVersion = (await db.query<{ version: number }>('select version from catalogue_state'))[0]?.version;
      const seen = (await other.stock.availability([a]))[0]?.locations.find(
        (location) => location.location === 'dubai',
      )?.onHand;
      assert.equal(seen, 321);
      const started = Date.now();
      report(await feed('PATCH', [{ code: a, location: 'dubai', onHand: 322 }]));
      await waitFor(
        'the other process sees the feed',
        async () =>
          (await other.stock.availability([a]))[0]?.locations.find((location) => location.location === 'dubai')
            ?.onHand === 322,
      );
      assert.ok(Date.now() - started < 2_000);
      assert.equal(other.stock.version(), await readStockVersion(db.kysely));
      assert.equal(
        (await db.query<{ version: number }>('select version from catalogue_state'))[0]?.version,
        catalogueVersion,
      );
    },
  );

  await t.test(
    'the staff: admins list the feeds of 30 days with their reports and see when the feed is late; others are refused',
    async () => {
      const editor = await signInStaff(app, 'catalogue@crescent.example');
      for (const url of [STAFF_API.stockFeeds, STAFF_API.stockHealth, STAFF_API.stockFeed.replace(':id', '1')]) {
        assert.equal((await staff(editor, 'GET', url)).statusCode, 403, url);
        assert.equal((await app.inject({ method: 'GET', url, headers: onStaffOrigin(app) })).statusCode, 401, url);
      }
      const list = (await staff(admin, 'GET', STAFF_API.stockFeeds)).json<StockFeedList>();
      assert.equal(list.stale, false);
      assert.equal(list.staleAfterMinutes, 30);
      assert.ok(list.feeds.length > 10);
      const withRefusals = list.feeds.find((entry) => entry.reasons.duplicate === 2);
      assert.ok(withRefusals !== undefined);
      assert.match(withRefusals.actor, /^token \d+ "ERP"$/);
      const detail = (
        await staff(admin, 'GET', STAFF_API.stockFeed.replace(':id', String(withRefusals.id)))
      ).json<StockFeedDetail>();
      assert.equal(detail.refusals.length, 14);
      assert.equal((await staff(admin, 'GET', STAFF_API.stockFeed.replace(':id', '999999'))).statusCode, 404);
      assert.equal((await staff(admin, 'GET', STAFF_API.stockFeed.replace(':id', 'x'))).statusCode, 400);

      // no feed for longer than the setting: late; and feeds older than 30 days are pruned by the next feed
      await db.query(`update stock_feeds set at = at - interval '31 minutes'`);
      assert.equal((await staff(admin, 'GET', STAFF_API.stockHealth)).json<StockFeedHealth>().stale, true);
      await db.query(
        `update stock_feeds set at = now() - interval '31 days' where id = (select min(id) from stock_feeds)`,
      );
      report(await feed('PATCH', []));
      assert.equal((await staff(admin, 'GET', STAFF_API.stockHealth)).json<StockFeedHealth>().stale, false);
      assert.equal(
        Number(
          (
            await db.query<{ n: number }>(`select count(*) as n from stock_feeds where at < now() - interval '30 days'`)
          )[0]?.n,
        ),
        0,
      );
    },
  );
}

test('the stock feed on embedded PGlite', async (t) => stockSuite(t, pgliteTarget));
test('the stock feed on PostgreSQL', async (t) => onPostgres(t, (target) => stockSuite(t, target)));

/** `npm run stock -- import`: a file dropped by hand, on a database no server holds (the embedded one: one process). */
async function cliSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh({ openedByPath: true });
  await seedCatalogue(database.db);
  const [code] = (
    await database.db.query<{ code: string }>('select code from catalogue_product_variants order by product_id limit 1')
  ).map((row) => row.code);
  await database.db.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stock-cli-'));
  t.after(async () => {
    await database.cleanup();
    await rm(dir, { recursive: true, force: true });
  });
  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const exit = await stockCli(args, database.env, { out: (text) => (out += text), err: (text) => (err += text) });
    return { exit, out, err };
  };
  const file = path.join(dir, 'stock.csv');
  await writeFile(file, `\uFEFFcode;location;on_hand\r\n${code};dubai;5\r\nNO-SUCH-CODE;dubai;1\r\n`);
  const applied = await run(['import', file]);
  assert.equal(applied.exit, 0, applied.err);
  assert.match(applied.out, /Applied changes: 2 rows, 1 valid, 1 changed, 0 cleared, 1 refused/);
  assert.match(applied.out, /line 3 \(NO-SUCH-CODE\): No variant of the catalogue has this code \[unknown-code\]/);
  const strict = await run(['import', file, '--strict', '--snapshot']);
  assert.equal(strict.exit, 1);
  assert.match(strict.err, /^Refused: 1 row\(s\) refused, and the feed was sent strict/);
  assert.equal((await run(['import'])).exit, 2);
  assert.equal((await run(['import', path.join(dir, 'stock.xlsx')])).exit, 2);
  assert.equal((await run(['export', file])).exit, 2);
  assert.equal((await run(['import', path.join(dir, 'missing.csv')])).exit, 1);
  const db =
    target.name === 'PostgreSQL'
      ? await openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: os.tmpdir() })
      : await openDatabase({ dataDir: database.env.DATA_DIR!, databaseUrl: undefined });
  try {
    assert.deepEqual(await db.query('select code, location, on_hand from stock_levels'), [
      { code, location: 'dubai', on_hand: 5 },
    ]);
    assert.deepEqual(
      (await db.query<{ source: string; actor: string }>('select source, actor from stock_feeds order by id')).map(
        (row) => row.source,
      ),
      ['cli', 'cli'],
    );
  } finally {
    await db.close();
  }
}

test('npm run stock -- import, on embedded PGlite', async (t) => cliSuite(t, pgliteTarget));
test('npm run stock -- import, on PostgreSQL', async (t) => onPostgres(t, (target) => cliSuite(t, target)));
