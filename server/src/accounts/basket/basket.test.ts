// The basket that follows the buyer, over real HTTP to both origins of a whole app, on both databases: two browsers
// (a phone, a laptop) connected by the hand-off, merged once each, a change on one read on the other; and the attacks:
// a code reused, late, or carried to another browser (the state); no or a forged token; another site's call; a
// basket that is not one (a fraction of a piece, too many lines, not JSON); the token on the account origin; another
// buyer's basket; a browser disconnected; the account closed.
import assert from 'node:assert/strict';
import { BASKET_API, BASKET_CONNECT_PATH, BASKET_CONNECTED_PATH } from '@site/contracts/basket-api';
import type { BasketLine } from '@site/contracts/basket-api-schemas';
import type { Database } from '../../platform/db/index.js';
import {
  onBothDatabases,
  signedInBuyers,
  startAccountApp,
  TWO_COMPANIES,
  type AccountApp,
} from '../../test-support/accountApp.js';
import { listenOnLoopback } from '../../test-support/ports.js';
import { accountExport, accountExportCsv } from '../privacy/accountExport.js';
import { closeAccount } from '../privacy/closeAccount.js';
import { createHandoff, HANDOFF_LIFETIME_MS, spendHandoff } from './basketStore.js';

const line = (code: string, quantity: number, unit: BasketLine['unit'] = 'piece'): BasketLine => ({
  productId: `product_${code.toLowerCase()}`,
  code,
  productCategoryId: 'switchgear',
  image: 'switch',
  unit,
  names: { en: `Part ${code}` },
  labels: {},
  quantity,
});

/** A browser: its cookies as a jar, the set-cookie answers kept. */
class Browser {
  readonly jar = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/Max-Age=0/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

onBothDatabases('the basket on every device', ({ before, after, test }) => {
  let running: AccountApp;
  let db: Database;
  let site = '';
  let account = '';
  const sessions = { a: '', b: '' };
  const accountIds = { a: 0, b: 0 };

  before(async (target) => {
    running = await startAccountApp(target, { env: { SUBMIT_RATE_LIMIT_MAX: '10000' } });
    db = running.db;
    account = running.origin;
    site = `http://127.0.0.1:${await listenOnLoopback(running.app)}`;
    const signed = await signedInBuyers(db, TWO_COMPANIES);
    for (const key of ['a', 'b'] as const) {
      accountIds[key] = signed[key].accountId;
      sessions[key] = signed[key].cookie;
    }
  });
  after(() => running.close());

  /** An address's path and query (the app names its origins by configuration; the test reaches them on loopback). */
  const local = (location: string | null) => {
    const url = new URL(location ?? '/', 'http://x');
    return `${url.pathname}${url.search}`;
  };
  const onSite = async (browser: Browser, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${site}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { cookie: browser.cookie, ...(init.headers as Record<string, string>) },
    });
    browser.take(response);
    return response;
  };
  const call = (browser: Browser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    onSite(browser, path, {
      method,
      headers: { origin: site, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  /** Each merge's word on whether it merged (the first of a newly connected browser only). */
  const merges: boolean[] = [];
  const merge = async (browser: Browser, lines: readonly BasketLine[]) => {
    const response = await call(browser, 'POST', BASKET_API.merge, { lines });
    assert.equal(response.status, 200, await response.clone().text());
    const answer = (await response.json()) as { lines: BasketLine[]; merged: boolean };
    merges.push(answer.merged);
    return answer.lines.map((kept) => [kept.code, kept.quantity]);
  };
  const accountPage = (path: string, session: string) =>
    fetch(`${account}${path}`, { redirect: 'manual', headers: { cookie: session } });
  const accountPost = (path: string, session: string, fields: Record<string, string>) =>
    fetch(`${account}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: session,
        origin: account,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    });

  /** The hand-off as a browser goes through it, up to the account's answer: the code's address and the page seen. */
  async function handOff(browser: Browser, session: string, lang = '') {
    const start = await onSite(browser, `${BASKET_CONNECT_PATH}${lang}`);
    assert.equal(start.status, 303);
    const asked = local(start.headers.get('location'));
    const page = await accountPage(asked, session);
    const html = await page.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const answer = await accountPost(asked.split('?')[0] ?? '', session, { csrf, state });
    return { asked, page, html, answer, back: local(answer.headers.get('location')) };
  }
  async function connect(browser: Browser, session: string, lang = '') {
    const { back } = await handOff(browser, session, lang);
    return onSite(browser, back);
  }

  const phone = new Browser();
  const laptop = new Browser();

  test('connecting a phone: the account asks, signed in, in its edition; the phone gets a token for the basket only', async () => {
    const { asked, page, html, answer, back } = await handOff(phone, sessions.a);
    assert.match(asked, /^\/account\/basket\/connect\?state=[A-Za-z0-9_-]{43}$/);
    assert.equal(page.status, 200);
    assert.match(
      html,
      /<h1>Keep this browser&#39;s basket in your account<\/h1>|<h1>Keep this browser's basket in your account<\/h1>/,
    );
    assert.match(html, /Your account(&#39;|')s basket is empty\./);
    // its form sends the browser back to the public origin: the page's form-action allows it, and only it
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /form-action 'self' http:\/\/[^ ;]+;/);
    assert.equal(page.headers.get('cache-control'), 'no-store, private');
    assert.equal(answer.status, 303);
    assert.match(back, new RegExp(`^${BASKET_CONNECTED_PATH}\\?code=[A-Za-z0-9_-]{43}&state=`));
    const done = await onSite(phone, back);
    assert.equal(done.status, 303);
    assert.equal(done.headers.get('location'), '/request-quote');
    const cookies = done.headers.getSetCookie();
    assert.ok(
      cookies.some((cookie) => /^basket_token=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/.test(cookie)),
    );
    assert.ok(cookies.some((cookie) => /^basket_linked=1; Path=\/; SameSite=Lax/.test(cookie)));
    assert.ok(!phone.jar.has('basket_state'), 'the state is spent');
    // the first merge keeps what the phone held
    assert.deepEqual(await merge(phone, [line('MCB-C16', 5), line('RCD-40', 3)]), [
      ['MCB-C16', 5],
      ['RCD-40', 3],
    ]);
    // the token is no session: the account's pages do not open with it
    const withToken = await accountPage('/account', phone.cookie);
    assert.equal(withToken.status, 303);
    assert.match(withToken.headers.get('location') ?? '', /\/account\/sign-in$/);
    // and the account origin answers no basket call
    const there = await fetch(`${account}${BASKET_API.merge}`, {
      method: 'POST',
      headers: { cookie: phone.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [] }),
    });
    assert.equal(there.status, 404);
  });

  test('a laptop connected in Arabic: merged once (a part in both keeps the larger quantity); a change on one is the basket on the other', async () => {
    const { html } = await handOff(new Browser(), sessions.a, '?lang=ar');
    assert.match(html, /lang="ar" dir="rtl"/);
    assert.match(html, /عدد المنتجات في سلة حسابك: 2\./);
    const done = await connect(laptop, sessions.a, '?lang=ar');
    assert.equal(done.headers.get('location'), '/ar/request-quote');
    assert.deepEqual(await merge(laptop, [line('RCD-40', 7), line('CABLE-4', 12.5, 'metre')]), [
      ['MCB-C16', 5],
      ['RCD-40', 7],
      ['CABLE-4', 12.5],
    ]);
    assert.equal(merges.at(-1), true, 'this call merged');
    // merged once: the laptop's empty basket later (it was cleared before the merge answer, say) empties nothing
    assert.deepEqual(await merge(laptop, []), [
      ['MCB-C16', 5],
      ['RCD-40', 7],
      ['CABLE-4', 12.5],
    ]);
    assert.equal(merges.at(-1), false, 'and says so');
    const put = await call(laptop, 'PUT', BASKET_API.basket, { lines: [line('CABLE-4', 20, 'metre')] });
    assert.equal(put.status, 204);
    // the phone, already merged, reads the account's basket as the laptop left it
    assert.deepEqual(await merge(phone, [line('MCB-C16', 5), line('RCD-40', 3)]), [['CABLE-4', 20]]);
    const stored = await db.kysely
      .selectFrom('buyer_baskets')
      .select('lines')
      .where('account_id', '=', accountIds.a)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      (stored.lines as BasketLine[]).map((kept) => kept.code),
      ['CABLE-4'],
    );
  });

  test('a code spent, late, or carried to another browser (not its state) connects nothing', async () => {
    // spent: the same address again
    const tablet = new Browser();
    const { back } = await handOff(tablet, sessions.a);
    const keptState = tablet.jar.get('basket_state') ?? '';
    assert.equal((await onSite(tablet, back)).status, 303);
    assert.ok(tablet.jar.has('basket_token'));
    const again = new Browser();
    again.jar.set('basket_state', keptState);
    const reused = await onSite(again, back);
    assert.match(reused.headers.get('location') ?? '', /\/account\/basket\/connect\?failed=1$/);
    assert.ok(!again.jar.has('basket_token'));

    // carried: an attacker's code (for the attacker's own browser's state) handed to a victim's browser
    const attacker = new Browser();
    const trap = await handOff(attacker, sessions.b);
    const victim = new Browser();
    await onSite(victim, BASKET_CONNECT_PATH); // the victim's browser has a state of its own
    const caught = await onSite(victim, trap.back);
    assert.match(caught.headers.get('location') ?? '', /failed=1$/);
    assert.ok(!victim.jar.has('basket_token'), "the victim's basket goes to no other account");
    // no state at all
    const bare = new Browser();
    assert.match((await onSite(bare, trap.back)).headers.get('location') ?? '', /failed=1$/);
    // the account's page says so, with the way to start again
    const failed = await accountPage('/account/basket/connect?failed=1', sessions.a);
    assert.equal(failed.status, 409);
    assert.match(
      await failed.text(),
      /The connection was already used, had expired, or was finished in another browser\./,
    );

    // late: a code older than its two minutes
    const state = 'S'.repeat(43);
    const code = await createHandoff(db.kysely, accountIds.a, state, Date.now() - HANDOFF_LIFETIME_MS - 1000);
    assert.equal(await spendHandoff(db.kysely, code, state, Date.now()), undefined);
    const fresh = await createHandoff(db.kysely, accountIds.a, state, Date.now());
    assert.equal(await spendHandoff(db.kysely, fresh, 'T'.repeat(43), Date.now()), undefined, 'another state');
    assert.equal(await spendHandoff(db.kysely, fresh, state, Date.now()), accountIds.a);
    assert.equal(await spendHandoff(db.kysely, fresh, state, Date.now()), undefined, 'once');
  });

  test("the account's page and form: not from the link, no CSRF field, another site: refused", async () => {
    const bare = await accountPage('/account/basket/connect', sessions.a);
    assert.equal(bare.status, 400);
    assert.match(await bare.text(), /This page opens from the quote request page/);
    const signedOut = await accountPage(`/account/basket/connect?state=${'S'.repeat(43)}`, '');
    assert.equal(signedOut.status, 303);
    assert.match(signedOut.headers.get('location') ?? '', /\/account\/sign-in$/);
    const noCsrf = await accountPost('/account/basket/connect', sessions.a, { state: 'S'.repeat(43) });
    assert.equal(noCsrf.status, 403);
    const elsewhere = await fetch(`${account}/account/basket/connect`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: sessions.a,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ state: 'S'.repeat(43) }).toString(),
    });
    assert.equal(elsewhere.status, 403);
  });

  test('calls without a token, with a forged one, from another site, or with a basket that is not one: refused, nothing changed', async () => {
    const before = await merge(laptop, []);
    const stranger = new Browser();
    const none = await call(stranger, 'PUT', BASKET_API.basket, { lines: [] });
    assert.equal(none.status, 401);
    assert.match(((await none.json()) as { error: string }).error, /not kept in an account/);
    stranger.jar.set('basket_token', 'A'.repeat(43));
    stranger.jar.set('basket_linked', '1');
    assert.equal((await call(stranger, 'POST', BASKET_API.merge, { lines: [] })).status, 401);
    assert.ok(!stranger.jar.has('basket_linked'), 'a refused browser is told it is connected no more');

    const crossSite = await call(
      laptop,
      'PUT',
      BASKET_API.basket,
      { lines: [] },
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    assert.equal(crossSite.status, 403);
    const fraction = await call(laptop, 'PUT', BASKET_API.basket, { lines: [line('MCB-C16', 2.5)] });
    assert.equal(fraction.status, 400);
    assert.match(
      ((await fraction.json()) as { error: string }).error,
      /lines\.0\.quantity: a quantity the unit does not take/,
    );
    const many = await call(laptop, 'PUT', BASKET_API.basket, {
      lines: Array.from({ length: 101 }, (_, index) => line(`P-${index}`, 1)),
    });
    assert.equal(many.status, 400);
    const twice = await call(laptop, 'PUT', BASKET_API.basket, { lines: [line('A-1', 1), line('A-1', 2)] });
    assert.equal(twice.status, 400);
    const form = await call(laptop, 'PUT', BASKET_API.basket, 'lines=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 415);
    const script = await call(laptop, 'PUT', BASKET_API.basket, {
      lines: [{ ...line('X-1', 1), names: { en: 'x', evil: '<script>' } }],
    });
    assert.equal(script.status, 400);
    assert.deepEqual(await merge(laptop, []), before, 'nothing changed');
  });

  test("another buyer's browser sees its own account's basket only; the download and the devices page name it; disconnected from there", async () => {
    const other = new Browser();
    await connect(other, sessions.b);
    assert.deepEqual(await merge(other, [line('LAMP-9', 4)]), [['LAMP-9', 4]]);
    assert.deepEqual(await merge(laptop, []), [['CABLE-4', 20]]);
    // the basket and its browsers are in what the account holds, to download
    const data = await accountExport(db.kysely, accountIds.b, new Date());
    assert.deepEqual(data.basket, [{ code: 'LAMP-9', part: 'Part LAMP-9', quantity: 4, unit: 'piece' }]);
    assert.equal(data.basketBrowsers.length, 1);
    assert.match(accountExportCsv(data), /Basket line,+LAMP-9,Part LAMP-9,4,piece/);
    // the devices page names them, and disconnects them all
    const devices = await (await accountPage('/account/devices', sessions.b)).text();
    assert.match(devices, /<h2>Browsers keeping your basket<\/h2><p>1 browser keeps your account(&#39;|')s basket/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(devices)?.[1] ?? '';
    const forget = await accountPost('/account/basket/forget', sessions.b, { csrf });
    assert.equal(forget.status, 303);
    assert.equal((await call(other, 'POST', BASKET_API.merge, { lines: [] })).status, 401);
    // none left: the section is gone
    assert.doesNotMatch(
      await (await accountPage('/ar/account/devices', sessions.b)).text(),
      /المتصفحات التي تحفظ سلتك/,
    );
  });

  test('a browser disconnected, and every browser once the account is closed, keeps its basket to itself', async () => {
    const token = phone.jar.get('basket_token') ?? '';
    // a call without a body, as the page's button makes it
    const gone = await onSite(phone, BASKET_API.disconnect, {
      method: 'POST',
      headers: { origin: site, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(gone.status, 204);
    assert.ok(!phone.jar.has('basket_token') && !phone.jar.has('basket_linked'));
    // its token, kept by someone, is worth nothing now
    phone.jar.set('basket_token', token);
    assert.equal((await call(phone, 'POST', BASKET_API.merge, { lines: [] })).status, 401);

    await closeAccount(
      db.kysely,
      { accountId: accountIds.a, email: 'buyer@one-contracting.example', device: 'test' },
      Date.now(),
    );
    assert.equal((await call(laptop, 'POST', BASKET_API.merge, { lines: [] })).status, 401);
    const left = await db.kysely.selectFrom('buyer_baskets').select('account_id').execute();
    assert.deepEqual(
      left.map((row) => row.account_id),
      [accountIds.b],
    );
  });
});
