// The buyers' company over real HTTP to the account listener of a whole app, on both databases: a buyer makes the
// company of their domain and invites a colleague, who joins and then sees the company's requests (with their PDFs)
// and lists; a buyer of another company sees none of it, by page or by id. Attacks: a public mail service's domain,
// an address of another domain invited, a buyer of the domain not invited joining, a colleague (not administrator)
// removing, another company's administrator removing by account id or withdrawing its invitations, a form without its
// CSRF field. The accounts' log records every change; closing an account keeps its records with the company. The
// branch's staff see the company and its buyers on a request.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/index.js';
import { onBothDatabases, signedInBuyer, startAccountApp, type AccountApp } from '../../test-support/accountApp.js';
import { submitQuote } from '../../test-support/staffWorkData.js';
import { multipartForm } from '../../test-support/multipart.js';
import { closeAccount } from '../privacy/closeAccount.js';
import { STAFF_API, staffApiPath, type InboxItemDetail } from '@site/contracts/staff-api';
import { as, buildStaffWorkTestApp, createTestAccount } from '../../test-support/staffWorkApp.js';
import { buyerCompanyOfAddress, readBuyerAuditPage } from '../index.js';

const ADMIN = 'amal@one-contracting.example';
const COLLEAGUE = 'chris@one-contracting.example';
const UNINVITED = 'dina@one-contracting.example';
const OTHER = 'bilal@two-trading.example';
const PUBLIC = 'someone@gmail.com';

onBothDatabases("the buyers' company", ({ before, after, test }) => {
  let account: AccountApp;
  let db: Database;
  let origin = '';
  const cookies = new Map<string, string>();
  const ids = new Map<string, number>();

  before(async (target) => {
    account = await startAccountApp(target, { seedCatalogue: true });
    ({ db, origin } = account);
    for (const email of [ADMIN, COLLEAGUE, UNINVITED, OTHER, PUBLIC]) {
      const { accountId, cookie } = await signedInBuyer(db, email);
      ids.set(email, accountId);
      cookies.set(email, cookie);
    }
  });
  after(() => account.close());

  const get = (path: string, who: string) =>
    fetch(`${origin}${path}`, { redirect: 'manual', headers: { cookie: cookies.get(who)! } });
  const page = async (path: string, who: string) => (await get(path, who)).text();
  const csrfOf = async (who: string) =>
    /name="csrf" value="([^"]+)"/.exec(await page('/account/company', who))?.[1] ?? '';
  const post = async (who: string, path: string, fields: Record<string, string> = {}, csrf = true) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: cookies.get(who)!,
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ ...(csrf ? { csrf: await csrfOf(who) } : {}), ...fields }).toString(),
    });
  const events = async (who: string) =>
    (
      await db.kysely
        .selectFrom('buyer_account_events')
        .select(['kind', 'detail'])
        .where('email', '=', who)
        .where(sql<boolean>`kind like 'company-%'`)
        .orderBy('id')
        .execute()
    ).map((row) => `${row.kind} ${row.detail}`);

  test('a buyer makes the company of their domain, invites a colleague, who joins and sees its requests and lists; another company sees none', async () => {
    const { reference } = await submitQuote(db, { email: ADMIN });
    assert.match(await page('/account/company', ADMIN), /Set up a company account for one-contracting\.example\./);
    const made = await post(ADMIN, '/account/company/create', { name: 'One Contracting <LLC>' });
    assert.equal(made.status, 303);
    assert.equal(made.headers.get('location'), '/account/company');
    const adminPage = await page('/account/company', ADMIN);
    assert.match(adminPage, /<strong>One Contracting &lt;LLC&gt;<\/strong>/);
    assert.match(adminPage, /amal@one-contracting\.example<\/bdi> \(you\)<\/th><td>Administrator<\/td>/);
    // a second company for the domain cannot be made, by anyone of it
    assert.match(
      await page('/account/company', UNINVITED),
      /One Contracting &lt;LLC&gt; already has a company account for one-contracting\.example\. Ask its administrator to invite dina@one-contracting\.example\./,
    );
    assert.equal((await post(UNINVITED, '/account/company/create', { name: 'Rival' })).status, 409);
    // only addresses of the domain are invited
    const otherDomain = await post(ADMIN, '/account/company/invite', { email: OTHER });
    assert.equal(otherDomain.status, 409);
    assert.match(await otherDomain.text(), /Invite addresses at your company’s own domain only\./);
    assert.equal(
      (await post(ADMIN, '/account/company/invite', { email: 'Chris@One-Contracting.example' })).status,
      303,
    );
    assert.match(await page('/account/company', ADMIN), /Withdraw the invitation of chris@one-contracting\.example/);
    // the invited colleague joins; a colleague not invited cannot
    assert.match(
      await page('/account/company', COLLEAGUE),
      /amal@one-contracting\.example invited you to join One Contracting &lt;LLC&gt; \(one-contracting\.example\)\./,
    );
    assert.equal((await post(UNINVITED, '/account/company/join')).status, 409);
    assert.equal((await post(COLLEAGUE, '/account/company/join')).status, 303);
    // the colleague sees the company's request, who sent it, and its PDF
    const records = await page('/account', COLLEAGUE);
    assert.match(records, /<h1>Your company’s requests and quotations<\/h1>/);
    assert.match(records, new RegExp(`${reference}.*amal@one-contracting\\.example`, 's'));
    assert.equal((await get(`/account/requests/${reference}.pdf`, COLLEAGUE)).status, 200);
    const arabic = await page('/ar/account', COLLEAGUE);
    assert.match(arabic, /<h1>طلبات شركتكم وعروض أسعارها<\/h1>/);
    // and the lists of the company
    const upload = multipartForm([
      { field: 'csrf', value: await csrfOf(ADMIN) },
      { field: 'name', value: 'Site B glands' },
      { field: 'file', name: 'b.csv', type: 'text/csv', bytes: Buffer.from('HEX-CW-25,4\r\n') },
    ]);
    const saved = await fetch(`${origin}/account/lists`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: cookies.get(ADMIN)!,
        ...upload.headers,
        origin,
        'sec-fetch-site': 'same-origin',
      },
      body: upload.payload,
    });
    assert.equal(saved.status, 303);
    const listPath = saved.headers.get('location')!;
    assert.match(await page('/account/lists', COLLEAGUE), /Site B glands/);
    assert.equal((await get(listPath, COLLEAGUE)).status, 200);
    // a buyer of another company: none of it, by page or by id
    assert.doesNotMatch(await page('/account', OTHER), new RegExp(reference));
    assert.equal((await get(`/account/requests/${reference}.pdf`, OTHER)).status, 404);
    assert.doesNotMatch(await page('/account/lists', OTHER), /Site B glands/);
    assert.equal((await get(listPath, OTHER)).status, 404);
    assert.deepEqual(await events(ADMIN), [
      'company-created one-contracting.example',
      'company-invited chris@one-contracting.example',
    ]);
    // the branch's staff see the company and its buyers on the request (the inbox's call, as app/ wires it)
    const staffApp = await buildStaffWorkTestApp({
      db,
      buyerCompanyOf: (email) => buyerCompanyOfAddress(db.kysely, email),
    });
    try {
      const seller = await createTestAccount(db, 'seller@crescent.example', 'branch', 'Dubai');
      const { id } = await db.kysely
        .selectFrom('quote_requests')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      const detail = (
        await staffApp.inject({
          method: 'GET',
          url: staffApiPath(STAFF_API.inboxItem, { kind: 'quote', id: Number(id) }),
          headers: as(seller),
        })
      ).json<InboxItemDetail>();
      assert.deepEqual(detail.buyerCompany, {
        name: 'One Contracting <LLC>',
        domain: 'one-contracting.example',
        buyers: [ADMIN, COLLEAGUE],
      });
      // a request from an address in no company account: none
      const { reference: alone } = await submitQuote(db, { email: UNINVITED });
      const aloneId = await db.kysely
        .selectFrom('quote_requests')
        .select('id')
        .where('reference', '=', alone)
        .executeTakeFirstOrThrow();
      const aloneDetail = (
        await staffApp.inject({
          method: 'GET',
          url: staffApiPath(STAFF_API.inboxItem, { kind: 'quote', id: Number(aloneId.id) }),
          headers: as(seller),
        })
      ).json<InboxItemDetail>();
      assert.equal(aloneDetail.buyerCompany, undefined);
    } finally {
      await staffApp.close();
    }
    assert.deepEqual(await events(COLLEAGUE), ['company-joined one-contracting.example']);
  });

  test('attacks: a public mail domain, a colleague removing, another company’s administrator by id, no CSRF field', async () => {
    assert.match(await page('/account/company', PUBLIC), /Your address is at a public mail service/);
    assert.equal((await post(PUBLIC, '/account/company/create', { name: 'Gmail Trading' })).status, 409);
    assert.equal(
      await db.kysely.selectFrom('buyer_companies').select('id').where('domain', '=', 'gmail.com').executeTakeFirst(),
      undefined,
    );
    // a colleague is not the administrator
    const byColleague = await post(COLLEAGUE, '/account/company/members/remove', { account: String(ids.get(ADMIN)) });
    assert.equal(byColleague.status, 403);
    assert.match(await byColleague.text(), /Only the company’s administrator can do this\./);
    // another company's administrator, naming this company's colleague and invitation
    assert.equal((await post(OTHER, '/account/company/create', { name: 'Two Trading' })).status, 303);
    assert.equal((await post(ADMIN, '/account/company/invite', { email: UNINVITED })).status, 303);
    assert.equal(
      (await post(OTHER, '/account/company/members/remove', { account: String(ids.get(COLLEAGUE)) })).status,
      409,
    );
    assert.equal((await post(OTHER, '/account/company/invitations/withdraw', { email: UNINVITED })).status, 409);
    // without the form's CSRF field: nothing changes
    assert.equal(
      (await post(ADMIN, '/account/company/members/remove', { account: String(ids.get(COLLEAGUE)) }, false)).status,
      403,
    );
    const members = await db.kysely
      .selectFrom('buyer_company_members')
      .select('account_id')
      .where('account_id', 'in', [ids.get(ADMIN)!, ids.get(COLLEAGUE)!])
      .execute();
    assert.equal(members.length, 2);
    assert.match(await page('/account/company', ADMIN), /Withdraw the invitation of dina@one-contracting\.example/);
    assert.equal((await post(ADMIN, '/account/company/invitations/withdraw', { email: UNINVITED })).status, 303);
  });

  test('a second administrator: made by the administrator only, said on the page and in both logs; then the first may leave, and the company stays', async () => {
    // in a company of its own (three-build.example), so the other cases' company is as they left it
    const [first, second, third] = [
      'first@three-build.example',
      'second@three-build.example',
      'third@three-build.example',
    ];
    for (const email of [first, second, third]) {
      const { accountId, cookie } = await signedInBuyer(db, email);
      ids.set(email, accountId);
      cookies.set(email, cookie);
    }
    assert.equal((await post(first, '/account/company/create', { name: 'Three Build' })).status, 303);
    for (const email of [second, third]) {
      assert.equal((await post(first, '/account/company/invite', { email })).status, 303);
      assert.equal((await post(email, '/account/company/join')).status, 303);
    }
    assert.match(await page('/account/company', first), /Make second@three-build\.example an administrator/);
    assert.doesNotMatch(await page('/account/company', second), /an administrator</);
    // a colleague cannot; another company's administrator cannot name this company's colleague; no CSRF field: nothing
    const byColleague = await post(second, '/account/company/members/admin', { account: String(ids.get(third)) });
    assert.equal(byColleague.status, 403);
    assert.equal(
      (await post(ADMIN, '/account/company/members/admin', { account: String(ids.get(second)) })).status,
      409,
    );
    assert.equal(
      (await post(first, '/account/company/members/admin', { account: String(ids.get(second)) }, false)).status,
      403,
    );
    const roleOf = async (email: string) =>
      (
        await db.kysely
          .selectFrom('buyer_company_members')
          .select('role')
          .where('account_id', '=', ids.get(email)!)
          .executeTakeFirstOrThrow()
      ).role;
    assert.deepEqual([await roleOf(second), await roleOf(third)], ['member', 'member']);
    // the administrator makes the second one an administrator: the page and both logs say so
    const made = await post(first, '/account/company/members/admin', { account: String(ids.get(second)) });
    assert.equal(made.status, 303);
    assert.equal(await roleOf(second), 'admin');
    assert.deepEqual((await events(first)).slice(-1), [`company-admin-made ${second}`]);
    assert.deepEqual((await events(second)).slice(-1), [`company-admin-made ${first}`]);
    assert.doesNotMatch(await page('/account/company', first), /Make second@three-build\.example an administrator/);
    assert.match(await page('/account/company', second), /Make third@three-build\.example an administrator/);
    assert.match(await page('/ar/account/company', second), /تعيين third@three-build\.example مسؤولاً/);
    // an administrator already: refused as not a colleague to make one
    assert.equal(
      (await post(first, '/account/company/members/admin', { account: String(ids.get(second)) })).status,
      409,
    );
    // the first leaves; the company stays with its other administrator
    assert.equal((await post(first, '/account/company/leave')).status, 303);
    assert.match(await page('/account/company', second), /third@three-build\.example/);
    assert.equal(await roleOf(second), 'admin');
  });

  test('the last administrator cannot leave colleagues behind; removed, a colleague sees the company no more; a closed account’s records stay the company’s', async () => {
    const leave = await post(ADMIN, '/account/company/leave');
    assert.equal(leave.status, 409);
    assert.match(await leave.text(), /You are the company’s only administrator/);
    const { reference } = await submitQuote(db, { email: COLLEAGUE });
    assert.match(await page('/account', ADMIN), new RegExp(reference));
    // the colleague closes their account: their request stays the company's
    await closeAccount(db.kysely, { accountId: ids.get(COLLEAGUE)!, email: COLLEAGUE, device: 'test' }, Date.now());
    assert.match(await page('/account', ADMIN), new RegExp(reference));
    // the administrator, alone now, leaves: the company goes
    assert.equal((await post(ADMIN, '/account/company/leave')).status, 303);
    assert.equal(
      await db.kysely
        .selectFrom('buyer_companies')
        .select('id')
        .where('domain', '=', 'one-contracting.example')
        .executeTakeFirst(),
      undefined,
    );
    assert.doesNotMatch(await page('/account', ADMIN), new RegExp(reference));
    assert.deepEqual((await events(ADMIN)).slice(-1), ['company-left one-contracting.example']);
    // the staff's audit page reads the buyers' log: the company's changes, the buyer as the actor, newest first
    const audit = await readBuyerAuditPage(db.kysely, 1);
    assert.deepEqual(
      audit.entries
        .filter((entry) => entry.actor === ADMIN)
        .map((entry) => [entry.action, entry.target])
        .slice(0, 2),
      [
        ['buyer.company-left', 'one-contracting.example'],
        ['buyer.company-invitation-withdrawn', UNINVITED],
      ],
    );
  });
});
