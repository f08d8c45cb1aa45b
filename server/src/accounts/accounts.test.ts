// The buyer's account's sign-in, attacked as the issue lists: a link reused and one past its 15 minutes, enumeration
// by answer and by timing, CSRF from another site and from the public origin, a planted session (fixation), another
// account's session ended by id, the account reached through the public origin. Over real HTTP to the public and the
// account listeners of one app, the mail through the real outbox to a real SMTP server on loopback, on both databases.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { siteMailComposers } from '../outboxMail.js';
import type { Database } from '../platform/db/index.js';
import { createOutboxWorker, type OutboxWorker } from '../platform/mail/outboxWorker.js';
import { createSmtpTransport } from '../platform/mail/transport.js';
import { totpSecretBoxOf } from '../staff/index.js';
import { onBothDatabases, startAccountApp, type AccountApp } from '../test-support/accountApp.js';
import { listenOnLoopback } from '../test-support/ports.js';
import { startSmtpServer, type TestSmtpServer } from '../test-support/smtp.js';
import { assertTakesAsLong } from '../test-support/timing.js';
import { waitFor } from '../test-support/waitFor.js';
import { ACCOUNT_LINK_SEAL_PURPOSE } from './index.js';
import { accountOfAddress } from './buyerSessions.js';
import { createChallenge, PASSKEY_CHALLENGE_MS, spendChallenge } from './passkeys/passkeyStore.js';
import { LINK_LIFETIME_MS, LINKS_PER_ADDRESS, createSignInLink } from './signInLinks.js';

const MAIL_FROM = 'Website <website@crescent.example>';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

onBothDatabases("the buyer's account's sign-in", ({ before, after, test }) => {
  let account: AccountApp;
  let db: Database;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let outbox: OutboxWorker;
  let publicOrigin = '';
  let accountOrigin = '';

  before(async (target) => {
    smtp = await startSmtpServer();
    account = await startAccountApp(target, {
      env: { SUBMIT_RATE_LIMIT_MAX: '10000' },
      appOptions: { onOutboxWrite: () => outbox.nudge() },
    });
    ({ db, app, origin: accountOrigin } = account);
    publicOrigin = `http://127.0.0.1:${await listenOnLoopback(app)}`;
    const { config } = account.fixture;
    const keys = await totpSecretBoxOf(config.staff.totpKeys, config.staff.totpKeyFile);
    outbox = createOutboxWorker({
      db,
      transport: createSmtpTransport(smtp.url),
      composers: siteMailComposers(undefined, db, keys.forPurpose(ACCOUNT_LINK_SEAL_PURPOSE)),
      from: MAIL_FROM,
      retryBaseMs: 200,
      retryMaxMs: 1_000,
      pollMs: 50,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    outbox.start();
  });
  after(async () => {
    await outbox.stop();
    await account.close();
    await smtp.close();
  });

  /** POST a form to the account origin as its own page does. */
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${accountOrigin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': FORM, origin: accountOrigin, 'sec-fetch-site': 'same-origin', ...headers },
      body: form(fields),
    });
  /** Asks for a link for `email` and waits for its mail: the link it carries (on this test's loopback address). */
  async function linkMailedTo(email: string, path = '/account/sign-in'): Promise<string> {
    const before = smtp.received.length;
    const answer = await post(path, { email });
    assert.equal(answer.status, 200);
    // other tests' mails may still be on their way: this address's, received since
    const mine = () => smtp.received.slice(before).find((mail) => mail.envelopeTo.includes(email.toLowerCase()));
    await waitFor(`the sign-in mail to ${email}`, async () => mine() !== undefined, 10_000);
    const mail = mine()!;
    const link = /https?:\/\/\S+\/account\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    assert.ok(link !== undefined, mail.text);
    return link.replace(/^https?:\/\/[^/]+/, accountOrigin);
  }
  /** Spends `link` (its button's POST) in a browser holding `cookie`: the new session's cookie. */
  async function signIn(link: string, cookie = ''): Promise<string> {
    const answer = await post(new URL(link).pathname, {}, cookie === '' ? {} : { cookie });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('location'), link.includes('/ar/') ? '/ar/account' : '/account');
    const set = answer.headers.get('set-cookie') ?? '';
    assert.match(set, /^buyer_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    return set.split(';')[0]!;
  }
  const devicesOf = (cookie: string) =>
    fetch(`${accountOrigin}/account/devices`, { redirect: 'manual', headers: { cookie } });
  const csrfOf = async (cookie: string) =>
    /name="csrf" value="([^"]+)"/.exec(await (await devicesOf(cookie)).text())?.[1] ?? '';

  test('a buyer asks for a link, gets it by mail, signs in with its button once; the link is sealed in the database', async () => {
    const page = await (await fetch(`${accountOrigin}/account/sign-in`)).text();
    assert.match(page, /<h1>Sign in to your account<\/h1>/);
    assert.match(page, /<meta name="robots" content="noindex">/);
    // the one script is the origin's own (the passkeys' ceremony): nothing inline, nothing from elsewhere
    assert.deepEqual(page.match(/<script[^>]*>/gi), ['<script src="/account/passkeys.js" defer>']);
    const link = await linkMailedTo('Buyer.One@Gulf-Contracting.example');
    const token = link.split('/').at(-1)!;
    // no copy of the database opens the account: the token is nowhere in it, only its hash and the sealed link
    const dump = JSON.stringify(
      await db.query('select payload::text as p from outbox union all select id as p from buyer_sign_in_links'),
    );
    assert.ok(!dump.includes(token));
    // opening the link (a mail scanner does) spends nothing: it asks
    for (let i = 0; i < 2; i++) {
      const confirm = await fetch(link);
      assert.equal(confirm.status, 200);
      const text = await confirm.text();
      assert.match(text, /Sign in to the account of buyer\.one@gulf-contracting\.example on this device\?/);
      assert.equal(confirm.headers.get('cache-control'), 'no-store, private');
      assert.match(confirm.headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'self';/);
      assert.match(confirm.headers.get('permissions-policy') ?? '', /publickey-credentials-get=\(self\)/);
    }
    const cookie = await signIn(link);
    // the account's page: the buyer's records (none yet), with the way to the devices and out
    const account = await fetch(`${accountOrigin}/account`, { headers: { cookie } });
    assert.equal(account.status, 200);
    const records = await account.text();
    assert.match(records, /<h1>Your requests and quotations<\/h1>/);
    assert.match(records, /No requests yet\./);
    assert.match(records, /<a href="\/account\/devices">Signed-in devices<\/a>/);
    assert.match(records, /<form method="post" action="\/account\/sign-out">/);
    assert.equal(account.headers.get('cache-control'), 'no-store, private');
    const devices = await devicesOf(cookie);
    assert.equal(devices.status, 200);
    assert.match(await devices.text(), /This device/);
    // reused: refused, and no session made
    const again = await post(new URL(link).pathname, {});
    assert.equal(again.status, 410);
    assert.match(await again.text(), /This link no longer works/);
    assert.equal(again.headers.get('set-cookie'), null);
    const rows = await db.query<{ n: number }>('select count(*)::int as n from buyer_sessions');
    assert.equal(rows[0]?.n, 1);
  });

  test('a link past its 15 minutes opens nothing', async () => {
    const old = await createSignInLink(db.kysely, 'late@buyer.example', 'en', Date.now() - LINK_LIFETIME_MS - 1_000);
    assert.ok(old !== undefined);
    assert.equal((await fetch(`${accountOrigin}/account/sign-in/${old.token}`)).status, 410);
    assert.equal((await post(`/account/sign-in/${old.token}`, {})).status, 410);
    // a token never issued, and one of the wrong shape
    assert.equal((await post(`/account/sign-in/${'A'.repeat(43)}`, {})).status, 410);
    assert.equal((await post('/account/sign-in/%00%3Cscript%3E', {})).status, 410);
  });

  test('the same answer for an address with an account and one without, in the same time; a bad address is said so', async () => {
    await signIn(await linkMailedTo('known@buyer.example'));
    const answerFor = async (email: string) =>
      (await (await post('/account/sign-in', { email })).text()).replace(email, 'ADDRESS');
    assert.equal(await answerFor('known@buyer.example'), await answerFor('nobody-yet@buyer.example'));
    // timed on fresh addresses each run (an address's hourly cap would change the work): with an account or not
    for (const direction of ['a', 'b'])
      for (let round = 0; round < 3; round++)
        for (let i = 0; i < 3; i++)
          await accountOfAddress(db.kysely, `known-${direction}-${round}-${i}@timing.example`, Date.now());
    const withAccount = (direction: string) => ({
      name: 'an address with an account',
      run: (i: number, round: number) =>
        post('/account/sign-in', { email: `known-${direction}-${round}-${i}@timing.example` }),
    });
    const withoutAccount = (direction: string) => ({
      name: 'an address without one',
      run: (i: number, round: number) =>
        post('/account/sign-in', { email: `new-${direction}-${round}-${i}@timing.example` }),
    });
    await assertTakesAsLong(withAccount('a'), withoutAccount('a'), { atLeast: 0.6, runs: 3 });
    await assertTakesAsLong(withoutAccount('b'), withAccount('b'), { atLeast: 0.6, runs: 3 });
    const bad = await post('/account/sign-in', { email: 'not an address' });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /role="alert" id="problem">Enter a valid e-mail address/);
  });

  test(`one address gets at most ${LINKS_PER_ADDRESS} links an hour, with the same answer after`, async () => {
    const email = 'flooded@buyer.example';
    const answers = new Set<string>();
    for (let i = 0; i < LINKS_PER_ADDRESS + 3; i++)
      answers.add(`${(await post('/account/sign-in', { email })).status}`);
    assert.deepEqual([...answers], ['200']);
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from outbox where kind = 'buyer_sign_in_link' and recipient = $1`,
      [email],
    );
    assert.equal(rows[0]?.n, LINKS_PER_ADDRESS);
  });

  test('CSRF: a form from another site or from the public origin is refused; signed in, a form without its token too', async () => {
    const victim = 'csrf-victim@buyer.example';
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: publicOrigin, 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const answer = await post('/account/sign-in', { email: victim }, headers);
      assert.equal(answer.status, 403, JSON.stringify(headers));
      assert.match(await answer.text(), /This form was sent from another site and was not accepted\./);
    }
    const sent = await db.query<{ n: number }>('select count(*)::int as n from buyer_sign_in_links where email = $1', [
      victim,
    ]);
    assert.equal(sent[0]?.n, 0);
    const cookie = await signIn(await linkMailedTo('csrf-owner@buyer.example'));
    const out = await post('/account/sign-out', { csrf: 'guessed' }, { cookie });
    assert.equal(out.status, 403);
    assert.equal((await devicesOf(cookie)).status, 200, 'still signed in');
    const crossSite = await post(
      '/account/sign-out',
      { csrf: await csrfOf(cookie) },
      { cookie, 'sec-fetch-site': 'cross-site' },
    );
    assert.equal(crossSite.status, 403);
    const signedOut = await post('/account/sign-out', { csrf: await csrfOf(cookie) }, { cookie });
    assert.equal(signedOut.status, 303);
    assert.equal((await devicesOf(cookie)).status, 303, 'signed out: sent to sign in');
  });

  test('session fixation: a session planted in the browser before sign-in is ended by it, and a new one made', async () => {
    // the attacker signs in to their own account and plants that cookie in the victim's browser
    const planted = await signIn(await linkMailedTo('attacker@evil.example'));
    const victimCookie = await signIn(await linkMailedTo('victim@buyer.example'), planted);
    assert.notEqual(victimCookie, planted);
    assert.equal(
      (await devicesOf(planted)).status,
      303,
      "the planted session opens nothing after the victim's sign-in",
    );
    assert.equal((await devicesOf(victimCookie)).status, 200);
  });

  test("a buyer cannot end another account's session by its id; their own other device, yes", async () => {
    const alice = await signIn(await linkMailedTo('alice@one.example'));
    const aliceLaptop = await signIn(await linkMailedTo('alice@one.example'));
    const mallory = await signIn(await linkMailedTo('mallory@two.example'));
    // the session ids (the SHA-256 of each cookie's token) of Alice's two devices, as her devices page names them
    const idOf = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    for (const id of [idOf(alice), idOf(aliceLaptop)]) {
      const answer = await post(
        '/account/devices/end',
        { csrf: await csrfOf(mallory), session: id },
        { cookie: mallory },
      );
      assert.equal(answer.status, 303);
    }
    assert.equal((await devicesOf(alice)).status, 200);
    assert.equal((await devicesOf(aliceLaptop)).status, 200);
    const listed = await (await devicesOf(alice)).text();
    assert.equal((listed.match(/>Sign out this device</g) ?? []).length, 2, 'her two devices, each with its button');
    assert.ok(listed.includes(`value="${idOf(aliceLaptop)}"`));
    const ended = await post(
      '/account/devices/end',
      { csrf: await csrfOf(alice), session: idOf(aliceLaptop) },
      { cookie: alice },
    );
    assert.equal(ended.headers.get('location'), '/account/devices');
    assert.equal((await devicesOf(aliceLaptop)).status, 303, 'the laptop signed out');
    assert.equal((await devicesOf(alice)).status, 200);
  });

  test('the public origin draws no account page and answers no account API; the account origin nothing else', async () => {
    for (const path of ['/account', '/account/sign-in', '/ar/account/devices']) {
      const answer = await fetch(`${publicOrigin}${path}`, { redirect: 'manual' });
      assert.equal(answer.status, 302, path);
      assert.equal(answer.headers.get('location'), `${app.accountSurface.origin()}${path}`);
    }
    const posted = await fetch(`${publicOrigin}/account/sign-in`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: form({ email: 'x@y.example' }),
    });
    assert.equal(posted.status, 404);
    assert.equal((await fetch(`${publicOrigin}/api/account/records`)).status, 404);
    const page = await fetch(`${accountOrigin}/products`, { redirect: 'manual' });
    assert.equal(page.status, 302);
    assert.match(page.headers.get('location') ?? '', /\/products$/);
    assert.equal((await fetch(`${accountOrigin}/remotes.json`)).status, 404);
    assert.equal((await fetch(`${accountOrigin}/api/catalogue/search?q=gland`)).status, 404);
    assert.equal(await (await fetch(`${accountOrigin}/robots.txt`)).text(), 'User-agent: *\nDisallow: /\n');
  });

  test("passkeys: the ceremonies refuse another site's post, a form, a post without the session's token, an unknown or forged answer; a challenge is spent once, by its own ceremony and account", async () => {
    const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${accountOrigin}/api/account/passkeys/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: accountOrigin, ...headers },
        body: JSON.stringify(body),
      });
    const messageOf = async (answer: Response) => ((await answer.json()) as { message: string }).message;
    // the script is served here, as script
    const script = await fetch(`${accountOrigin}/account/passkeys.js`);
    assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
    // another site's post, and a form (which any site may send), are refused before any work
    assert.equal((await json('sign-in/options', {}, { 'sec-fetch-site': 'cross-site' })).status, 403);
    assert.equal((await json('sign-in/options', {}, { origin: publicOrigin })).status, 403);
    const asForm = await fetch(`${accountOrigin}/api/account/passkeys/sign-in/options`, {
      method: 'POST',
      headers: { 'content-type': FORM, origin: accountOrigin },
      body: 'locale=en',
    });
    assert.equal(asForm.status, 415);
    // a body the server cannot read (not JSON, or past the limit) is answered in the page's words, as the script says
    // which they are (Content-Language)
    const unreadable = async (body: string, language: string) => {
      const answer = await fetch(`${accountOrigin}/api/account/passkeys/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-language': language, origin: accountOrigin },
        body,
      });
      return { status: answer.status, message: await messageOf(answer) };
    };
    assert.deepEqual(await unreadable('{"locale":', 'ar'), {
      status: 400,
      message: 'تعذّر التحقق من مفتاح المرور. يرجى المحاولة مرة أخرى، أو الدخول عبر البريد الإلكتروني.',
    });
    assert.deepEqual(await unreadable(JSON.stringify({ pad: 'x'.repeat(20_000) }), 'ar'), {
      status: 413,
      message: 'تعذّر التحقق من مفتاح المرور. يرجى المحاولة مرة أخرى، أو الدخول عبر البريد الإلكتروني.',
    });
    assert.deepEqual(await unreadable('{"locale":', 'en'), {
      status: 400,
      message: 'The passkey could not be checked. Try again, or sign in by e-mail.',
    });
    // anyone may ask to sign in: a challenge for this origin's RP ID
    const signInOptions = await json('sign-in/options', { locale: 'en' });
    assert.equal(signInOptions.status, 200);
    const { options } = (await signInOptions.json()) as { options: { challenge: string; rpId: string } };
    assert.match(options.challenge, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(options.rpId, '127.0.0.1');
    // an answer naming a passkey no account holds, and a forged one, sign nobody in
    const unknown = await json('sign-in', {
      locale: 'ar',
      credential: { id: 'bm8tc3VjaC1rZXk', rawId: 'bm8tc3VjaC1rZXk', type: 'public-key', response: {} },
    });
    assert.equal(unknown.status, 400);
    assert.equal(
      await messageOf(unknown),
      'مفتاح المرور هذا غير مرتبط بأي حساب. ادخل عبر البريد الإلكتروني، ثم أضفه من حسابك.',
    );
    assert.equal(unknown.headers.get('set-cookie'), null);
    assert.equal((await json('sign-in', { locale: 'en', credential: 'forged' })).status, 400);
    // adding one: signed in, with the session's token in its header
    const cookie = await signIn(await linkMailedTo('passkey.buyer@gulf-contracting.example'));
    const csrf = await csrfOf(cookie);
    assert.equal((await json('add/options', { locale: 'en' })).status, 403);
    assert.equal((await json('add/options', { locale: 'en' }, { cookie })).status, 403);
    assert.equal((await json('add/options', { locale: 'en' }, { cookie, 'x-csrf-token': 'guess' })).status, 403);
    const addOptions = await json('add/options', { locale: 'en' }, { cookie, 'x-csrf-token': csrf });
    assert.equal(addOptions.status, 200);
    const added = (await addOptions.json()) as { options: { user: { name: string }; rp: { id: string } } };
    assert.equal(added.options.user.name, 'passkey.buyer@gulf-contracting.example');
    const forged = await json(
      'add',
      {
        locale: 'en',
        credential: { id: 'eA', rawId: 'eA', type: 'public-key', response: { clientDataJSON: 'e30' } },
      },
      { cookie, 'x-csrf-token': csrf },
    );
    assert.equal(forged.status, 400);
    assert.equal(await messageOf(forged), 'The passkey could not be checked. Try again, or sign in by e-mail.');
    // a challenge: spent once, by its own ceremony and account, within its five minutes
    const one = await accountOfAddress(db.kysely, 'challenge.one@buyer.example', Date.now());
    const two = await accountOfAddress(db.kysely, 'challenge.two@buyer.example', Date.now());
    const challenge = await createChallenge(db.kysely, 'add', one, Date.now());
    assert.equal(await spendChallenge(db.kysely, challenge, 'add', two, Date.now()), false);
    assert.equal(await spendChallenge(db.kysely, challenge, 'sign-in', null, Date.now()), false);
    assert.equal(await spendChallenge(db.kysely, challenge, 'add', one, Date.now() + PASSKEY_CHALLENGE_MS + 1), false);
    assert.equal(await spendChallenge(db.kysely, challenge, 'add', one, Date.now()), true);
    assert.equal(await spendChallenge(db.kysely, challenge, 'add', one, Date.now()), false);
    const anyone = await createChallenge(db.kysely, 'sign-in', null, Date.now());
    assert.equal(await spendChallenge(db.kysely, anyone, 'sign-in', one, Date.now()), false);
    assert.equal(await spendChallenge(db.kysely, anyone, 'sign-in', null, Date.now()), true);
  });

  test("the buyer's data: the activity on the devices page, the downloads signed in only, closing refused from elsewhere or unticked, then the account gone and its log kept", async () => {
    const email = 'closing.buyer@gulf-contracting.example';
    const chrome = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' };
    const link = await linkMailedTo(email);
    const signedIn = await post(new URL(link).pathname, {}, chrome);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const devices = await (await devicesOf(cookie)).text();
    assert.match(
      devices,
      /<h2 id="activity">Recent activity<\/h2><ul class="devices"><li>Signed in by e-mail link — Chrome — Linux<br>/,
    );
    const csrf = await csrfOf(cookie);
    // the downloads: signed out, the sign-in; signed in, the account's data, never cached
    const signedOut = await fetch(`${accountOrigin}/account/export.json`, { redirect: 'manual' });
    assert.equal(signedOut.status, 303);
    const json = await fetch(`${accountOrigin}/account/export.json`, { headers: { cookie } });
    assert.equal(json.status, 200);
    assert.equal(json.headers.get('cache-control'), 'no-store, private');
    assert.match(
      json.headers.get('content-disposition') ?? '',
      /^attachment; filename="account-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = (await json.json()) as { account: { email: string }; activity: { event: string }[] };
    assert.equal(data.account.email, email);
    // the download is logged once its file is built: this one is in the next file, not its own
    assert.deepEqual(
      data.activity.map((event) => event.event),
      ['signed-in-by-link'],
    );
    const csv = await fetch(`${accountOrigin}/account/export.csv`, { headers: { cookie } });
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    const csvText = Buffer.from(await csv.arrayBuffer()).toString('utf8');
    assert.match(csvText, /^\uFEFFRecord,Reference,/);
    assert.match(csvText, /\r\nActivity,,[^,]+,,data-downloaded,/);
    // the page, in Arabic too
    assert.match(
      await (await fetch(`${accountOrigin}/ar/account/privacy`, { headers: { cookie } })).text(),
      /<h1>بياناتك<\/h1>/,
    );
    // closing: from another site, or the box not ticked, closes nothing
    const crossSite = await post(
      '/account/close',
      { csrf, confirm: 'yes' },
      { cookie, 'sec-fetch-site': 'cross-site' },
    );
    assert.equal(crossSite.status, 403);
    const unticked = await post('/account/close', { csrf }, { cookie });
    assert.equal(unticked.status, 400);
    assert.match(await unticked.text(), /Tick the box to confirm that you want to close your account\./);
    assert.equal((await devicesOf(cookie)).status, 200);
    // ticked: the account, its sessions and links gone; the browser signed out; the log kept with the address
    const closed = await post('/account/close', { csrf, confirm: 'yes' }, { cookie });
    assert.equal(closed.status, 200);
    assert.match(await closed.text(), /<h1>Your account is closed<\/h1>/);
    assert.match(closed.headers.get('set-cookie') ?? '', /^buyer_session=; Max-Age=0;/);
    assert.equal((await devicesOf(cookie)).status, 303);
    const left = await db.query<{ n: number }>(
      'select (select count(*) from buyer_accounts where email = $1)::int + (select count(*) from buyer_sign_in_links where email = $1)::int as n',
      [email],
    );
    assert.equal(left[0]!.n, 0);
    const log = await db.query<{ kind: string; account_id: number | null }>(
      'select kind, account_id from buyer_account_events where email = $1 order by id',
      [email],
    );
    assert.deepEqual(
      log.map((row) => [row.kind, row.account_id]),
      [
        ['signed-in-by-link', null],
        ['data-downloaded', null],
        ['data-downloaded', null],
        ['closed', null],
      ],
    );
  });

  test('the Arabic edition: its pages right to left, its mail in Arabic, and its link back to the Arabic account', async () => {
    const page = await (await fetch(`${accountOrigin}/ar/account/sign-in`)).text();
    assert.match(page, /<html lang="ar" dir="rtl">/);
    assert.match(page, /<h1>تسجيل الدخول إلى حسابك<\/h1>/);
    // the way to the other edition names it in its own language
    assert.match(page, /<a href="\/account\/sign-in" lang="en" hreflang="en">English<\/a>/);
    const link = await linkMailedTo('arabic@buyer.example', '/ar/account/sign-in');
    assert.match(link, /\/ar\/account\/sign-in\//);
    const arabicMail = smtp.received.find((mail) => mail.envelopeTo.includes('arabic@buyer.example'))!;
    assert.match(arabicMail.text, /يعمل مرة واحدة خلال 15 دقيقة/);
    assert.equal(arabicMail.headers.subject, 'رابط الدخول إلى حسابك');
    await signIn(link);
  });
});
