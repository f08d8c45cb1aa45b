// The account's saved lists over real HTTP to the account listener of a whole app (the seeded catalogue, on both
// databases): a bill of materials uploaded as CSV and as XLSX, each line matched by our code, a spaced code or the
// maker's part number, the unmatched named with close parts to choose, the request link of the ready lines. And the
// attacks the issue lists: a file with formulas and bidi characters, 50,000 lines, a zip bomb, a file past the size;
// another buyer's list by id (read, matched, deleted); CSRF (no field, the field after the file, another site).
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { QUOTE_LIST_PARAM } from '@site/contracts/quote-api';
import type { Database } from '../../platform/db/index.js';
import {
  onBothDatabases,
  signedInBuyer,
  signedInBuyers,
  startAccountApp,
  TWO_COMPANIES,
  type AccountApp,
} from '../../test-support/accountApp.js';
import { multipartForm, type FormPart, type MultipartForm } from '../../test-support/multipart.js';
import { repeated, workbookParts, zipArchive } from '../../test-support/zipFiles.js';
import { accountExport, accountExportCsv } from '../privacy/accountExport.js';
import { closeAccount } from '../privacy/closeAccount.js';
import { BOM_LIMITS } from './bomFile.js';
import { LIST_NAME_MAX } from './listStore.js';

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The bill of materials' file part, as the upload form names it. */
const bomFile = (bytes: Buffer, name: string, type = CSV_TYPE): FormPart => ({ field: 'file', name, type, bytes });

async function workbookOf(rows: readonly (readonly (string | number | ExcelJS.CellFormulaValue)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

onBothDatabases("the account's saved lists", ({ before, after, test }) => {
  let account: AccountApp;
  let db: Database;
  let origin = '';
  /** Two buyers of two companies, each signed in: their session cookies. */
  const buyers = { a: '', b: '' };
  const accountIds = { a: 0, b: 0 };

  before(async (target) => {
    // the site's catalogue, as the server's first start writes it
    account = await startAccountApp(target, { env: { SUBMIT_RATE_LIMIT_MAX: '10000' }, seedCatalogue: true });
    ({ db, origin } = account);
    const signed = await signedInBuyers(db, TWO_COMPANIES);
    for (const key of ['a', 'b'] as const) {
      accountIds[key] = signed[key].accountId;
      buyers[key] = signed[key].cookie;
    }
  });
  after(() => account.close());

  const get = (path: string, cookie: string) => fetch(`${origin}${path}`, { redirect: 'manual', headers: { cookie } });
  const csrfOf = async (cookie: string) =>
    /name="csrf" value="([^"]+)"/.exec(await (await get('/account/lists', cookie)).text())?.[1] ?? '';
  const sameOrigin = () => ({ origin, 'sec-fetch-site': 'same-origin' });
  const upload = (cookie: string, form: MultipartForm, path = '/account/lists', headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, ...form.headers, ...sameOrigin(), ...headers },
      body: form.payload,
    });
  const uploadFile = async (cookie: string, name: string, file: Buffer, fileName: string, type = CSV_TYPE) =>
    upload(
      cookie,
      multipartForm([
        { field: 'csrf', value: await csrfOf(cookie) },
        { field: 'name', value: name },
        bomFile(file, fileName, type),
      ]),
    );
  const postForm = (
    cookie: string,
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...sameOrigin(), ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const storedLines = async (listId: number) =>
    db.kysely
      .selectFrom('buyer_list_lines')
      .select(['position', 'reference', 'quantity', 'code'])
      .where('list_id', '=', listId)
      .orderBy('position')
      .execute();
  const listCount = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('buyer_lists')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listIdOf = (answer: Response) => {
    assert.equal(answer.status, 303);
    const location = answer.headers.get('location') ?? '';
    assert.match(location, /^(\/ar)?\/account\/lists\/\d+$/);
    return Number(location.split('/').at(-1));
  };

  test('a CSV bill of materials: matched by code, spaced code and maker’s part number; the rest named, with close parts to choose; one link requests the ready lines', async () => {
    const csv = [
      'Part No.,Description,Qty',
      'HEX-CW-25,Brass gland,10',
      'csj-lv-1,Cold shrink joint (maker part number),2',
      'hex cw 32,spaced and lower case,5',
      'HEX-CW-26,a size we do not have,3',
      'HEX-CW-40,half a gland,2.5',
      '',
    ].join('\r\n');
    const answer = await uploadFile(buyers.a, 'Substation 4 <glands>', Buffer.from(csv), 'bom.csv');
    const id = listIdOf(answer);
    assert.deepEqual(await storedLines(id), [
      { position: 1, reference: 'HEX-CW-25', quantity: '10', code: 'HEX-CW-25' },
      { position: 2, reference: 'csj-lv-1', quantity: '2', code: '3M-CSJ-LV-1' },
      { position: 3, reference: 'hex cw 32', quantity: '5', code: 'HEX-CW-32' },
      { position: 4, reference: 'HEX-CW-26', quantity: '3', code: null },
      { position: 5, reference: 'HEX-CW-40', quantity: '2.5', code: 'HEX-CW-40' },
    ]);
    const page = await get(`/account/lists/${id}`, buyers.a);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-store, private');
    const html = await page.text();
    assert.match(html, /<h1>Substation 4 &lt;glands&gt;<\/h1>/);
    assert.match(html, /3 of 5 lines are matched to a part and ready to request\./);
    assert.match(html, /No part has this code or maker’s part number\./);
    assert.match(html, /This part is sold in whole units\./);
    const link = /<a href="([^"]+)">Request a quotation for the 3 ready lines<\/a>/.exec(html)?.[1];
    assert.ok(link !== undefined, html);
    const asked = new URL(link.replace(/&amp;/g, '&'), 'http://site.example');
    assert.equal(asked.pathname, '/request-quote');
    assert.equal(asked.searchParams.get(QUOTE_LIST_PARAM), 'HEX-CW-25 10\n3M-CSJ-LV-1 2\nHEX-CW-32 5');
    // the close parts of the unmatched line: each a form that matches the line to it
    const choices = [...html.matchAll(/<button class="quiet" type="submit" aria-label="Use ([^:"]+):/g)].map(
      (match) => match[1]!,
    );
    assert.ok(choices.length > 0, 'no close part offered for HEX-CW-26');
    const chosen = await postForm(buyers.a, `/account/lists/${id}/lines/4`, {
      csrf: await csrfOf(buyers.a),
      code: choices[0]!,
    });
    assert.equal(chosen.status, 303);
    assert.equal((await storedLines(id))[3]!.code, choices[0]);
    assert.match(await (await get(`/account/lists/${id}`, buyers.a)).text(), /4 of 5 lines are matched/);
    // the Arabic edition of the same list
    const arabic = await (await get(`/ar/account/lists/${id}`, buyers.a)).text();
    assert.match(arabic, /<html lang="ar" dir="rtl">/);
    assert.match(arabic, /4 من 5 بنود مطابقة لقطعة وجاهزة للطلب\./);
    assert.match(arabic, /href="\/ar\/request-quote\?list=/);
    // the lists page names it
    const lists = await (await get('/account/lists', buyers.a)).text();
    assert.match(lists, new RegExp(`<a href="/account/lists/${id}">Substation 4 &lt;glands&gt;</a>`));
  });

  test('an XLSX file: a formula is kept as text and never run or linked; bidi and zero-width characters are taken out before matching', async () => {
    const file = await workbookOf([
      ['Code', 'Quantity'],
      [{ formula: 'HYPERLINK("http://evil.example/","HEX-CW-25")', result: 'HEX-CW-25' }, 1],
      ['HEX-\u202eCW\u200b-20', 4],
      ['=1+1', '=2*3'],
    ]);
    const id = listIdOf(await uploadFile(buyers.a, 'قائمة المحطة', file, 'bom.xlsx', XLSX_TYPE));
    const lines = await storedLines(id);
    assert.deepEqual(
      lines.map((line) => [line.reference, line.quantity, line.code]),
      [
        ['=HYPERLINK("http://evil.example/","HEX-CW-25")', '1', null],
        ['HEX- CW -20', '4', 'HEX-CW-20'],
        ['=1+1', '=2*3', null],
      ],
    );
    const html = await (await get(`/account/lists/${id}`, buyers.a)).text();
    assert.doesNotMatch(html, /href="http:\/\/evil/);
    assert.doesNotMatch(html, /[\u202a-\u202e\u2066-\u2069\u200b]/);
    assert.match(html, /=HYPERLINK\(&quot;http:\/\/evil\.example\/&quot;,&quot;HEX-CW-25&quot;\)/);
    // downloaded, a spreadsheet opens the formula as text
    const csv = accountExportCsv(await accountExport(db.kysely, accountIds.a, new Date()));
    assert.match(csv, /'=HYPERLINK/);
    assert.match(csv, /'=1\+1/);
    assert.doesNotMatch(csv, /,=/);
  });

  test('50,000 lines, a zip bomb, a file past 2 MB, a file not UTF-8, an empty one: each refused in words, nothing stored', async () => {
    const before = await listCount();
    const tooBig = /The file is larger than a list holds: at most 100 part lines/;
    const many = Buffer.from(
      ['Code,Qty', ...Array.from({ length: 50_000 }, (_, index) => `HEX-CW-25,${index + 1}`)].join('\n'),
    );
    const manyAnswer = await uploadFile(buyers.a, 'Many', many, 'many.csv');
    assert.equal(manyAnswer.status, 413);
    assert.match(await manyAnswer.text(), tooBig);
    // 101 lines: one more than a list (a request) holds
    const over = Buffer.from(['Code,Qty', ...Array.from({ length: 101 }, () => 'HEX-CW-25,1')].join('\n'));
    assert.equal((await uploadFile(buyers.a, 'Over', over, 'over.csv')).status, 413);
    // a workbook of 60 MB of rows packed into a few hundred KB
    const bomb = await zipArchive(workbookParts(repeated(Buffer.from('<row r="1"/>'.repeat(80_000)), 64)));
    assert.ok(bomb.length < BOM_LIMITS.bytes, `the bomb is ${bomb.length} bytes`);
    const bombAnswer = await uploadFile(buyers.a, 'Bomb', bomb, 'bomb.xlsx', XLSX_TYPE);
    assert.equal(bombAnswer.status, 413);
    assert.match(await bombAnswer.text(), tooBig);
    const large = await uploadFile(buyers.a, 'Large', Buffer.alloc(BOM_LIMITS.bytes + 1, 0x41), 'large.csv');
    assert.equal(large.status, 413);
    assert.match(await large.text(), tooBig);
    const latin1 = await uploadFile(
      buyers.a,
      'Latin',
      Buffer.from('Code,Qty\r\nHEX-CW-25,1 caf\xe9\r\n', 'latin1'),
      'l.csv',
    );
    assert.equal(latin1.status, 400);
    assert.match(await latin1.text(), /The file is not UTF-8 text\. In Excel, save it as “CSV UTF-8”/);
    const empty = await uploadFile(buyers.a, 'Empty', Buffer.from('Code,Qty\r\n\r\n'), 'empty.csv');
    assert.equal(empty.status, 400);
    assert.match(await empty.text(), /The file has no part lines\./);
    const arabic = await upload(
      buyers.a,
      multipartForm([
        { field: 'csrf', value: await csrfOf(buyers.a) },
        { field: 'name', value: 'كبير' },
        bomFile(many, 'many.csv'),
      ]),
      '/ar/account/lists',
    );
    assert.equal(arabic.status, 413);
    assert.match(await arabic.text(), /الملف أكبر مما تتسع له القائمة/);
    assert.equal(await listCount(), before);
  });

  test('another buyer’s list by id: not shown, not matched, not deleted; the same 404 as a list that does not exist', async () => {
    const id = listIdOf(
      await uploadFile(buyers.a, 'Private', Buffer.from('HEX-CW-25,3\r\nNO-SUCH-PART,1\r\n'), 'private.csv'),
    );
    const mine = await get(`/account/lists/${id}`, buyers.a);
    assert.equal(mine.status, 200);
    for (const path of [
      `/account/lists/${id}`,
      `/ar/account/lists/${id}`,
      '/account/lists/999999',
      '/account/lists/x',
    ]) {
      const answer = await get(path, buyers.b);
      assert.equal(answer.status, 404, path);
      const html = await answer.text();
      assert.doesNotMatch(html, /Private|NO-SUCH-PART/);
    }
    const csrfB = await csrfOf(buyers.b);
    const matched = await postForm(buyers.b, `/account/lists/${id}/lines/2`, { csrf: csrfB, code: 'HEX-CW-20' });
    assert.equal(matched.status, 404);
    const deleted = await postForm(buyers.b, `/account/lists/${id}/delete`, { csrf: csrfB });
    assert.equal(deleted.status, 404);
    assert.deepEqual(
      (await storedLines(id)).map((line) => line.code),
      ['HEX-CW-25', null],
    );
    assert.doesNotMatch(await (await get('/account/lists', buyers.b)).text(), /Private/);
    // its owner deletes it
    const gone = await postForm(buyers.a, `/account/lists/${id}/delete`, { csrf: await csrfOf(buyers.a) });
    assert.equal(gone.status, 303);
    assert.equal(gone.headers.get('location'), '/account/lists');
    assert.equal((await get(`/account/lists/${id}`, buyers.a)).status, 404);
  });

  test('renaming a list: its owner, in either edition, the name cleaned and cut; an empty name refused in words; another company’s buyer, or no CSRF field, renames nothing', async () => {
    const id = listIdOf(await uploadFile(buyers.a, 'Site A', Buffer.from('HEX-CW-25,3\r\n'), 'site-a.csv'));
    const nameOf = async () =>
      (await db.kysely.selectFrom('buyer_lists').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    const csrfA = await csrfOf(buyers.a);
    const renamed = await postForm(buyers.a, `/account/lists/${id}/name`, {
      csrf: csrfA,
      name: '  Tower B \u202Eoffice\u200B fit-out  ',
    });
    assert.equal(renamed.status, 303);
    assert.equal(renamed.headers.get('location'), `/account/lists/${id}`);
    assert.equal(await nameOf(), 'Tower B office fit-out');
    assert.match(await (await get(`/account/lists/${id}`, buyers.a)).text(), /<h1>Tower B office fit-out<\/h1>/);
    assert.match(await (await get('/account/lists', buyers.a)).text(), />Tower B office fit-out<\/a>/);
    const arabic = await postForm(buyers.a, `/ar/account/lists/${id}/name`, { csrf: csrfA, name: 'x'.repeat(200) });
    assert.equal(arabic.headers.get('location'), `/ar/account/lists/${id}`);
    assert.equal(await nameOf(), 'x'.repeat(LIST_NAME_MAX));
    // an empty name: the list page again, the field marked and the problem said; the name kept
    const empty = await postForm(buyers.a, `/account/lists/${id}/name`, { csrf: csrfA, name: ' \u200B ' });
    assert.equal(empty.status, 400);
    assert.match(
      await empty.text(),
      /aria-invalid="true" aria-describedby="rename-problem"><p role="alert" id="rename-problem">Give the list a name\.<\/p>/,
    );
    assert.equal(await nameOf(), 'x'.repeat(LIST_NAME_MAX));
    // another company's buyer: the 404 of a list that does not exist; no CSRF field: refused
    const other = await postForm(buyers.b, `/account/lists/${id}/name`, { csrf: await csrfOf(buyers.b), name: 'Mine' });
    assert.equal(other.status, 404);
    const noCsrf = await postForm(buyers.a, `/account/lists/${id}/name`, { name: 'No token' });
    assert.equal(noCsrf.status, 403);
    assert.equal(await nameOf(), 'x'.repeat(LIST_NAME_MAX));
  });

  test('the basket kept in the account saved as a list: offered only while there is one, named, matched by code; another buyer saves only their own, and without the CSRF field nothing', async () => {
    const listsPageOf = async (cookie: string) => (await get('/account/lists', cookie)).text();
    assert.doesNotMatch(await listsPageOf(buyers.a), /Save your basket as a list/);
    const line = {
      productId: 'p',
      productCategoryId: 'c',
      image: 'i',
      unit: 'piece',
      names: { en: 'Gland' },
      labels: {},
    };
    const basket = [
      { ...line, code: 'HEX-CW-25', quantity: 40 },
      { ...line, code: 'GONE-1', quantity: 5 },
    ];
    await db.kysely
      .insertInto('buyer_baskets')
      .values({ account_id: accountIds.a, lines: JSON.stringify(basket), updated_at: new Date().toISOString() })
      .execute();
    const page = await listsPageOf(buyers.a);
    assert.match(
      page,
      /<h2 id="from-basket">Save your basket as a list<\/h2><p id="basket-hint">The basket kept in your account holds 2 lines\./,
    );
    assert.match(await (await get('/ar/account/lists', buyers.a)).text(), /<h2 id="from-basket">حفظ سلتك كقائمة<\/h2>/);
    const csrfA = await csrfOf(buyers.a);
    const unnamed = await postForm(buyers.a, '/account/lists/basket', { csrf: csrfA, name: ' ' });
    assert.equal(unnamed.status, 400);
    assert.match(await unnamed.text(), /<p role="alert" id="basket-problem">Give the list a name\.<\/p>/);
    const before = await listCount();
    assert.equal((await postForm(buyers.a, '/account/lists/basket', { name: 'No token' })).status, 403);
    // B has no basket: B's own is saved, never A's
    const fromB = await postForm(buyers.b, '/account/lists/basket', { csrf: await csrfOf(buyers.b), name: 'Mine' });
    assert.equal(fromB.status, 409);
    assert.match(await fromB.text(), /Your basket is empty now: there is nothing to save\./);
    assert.equal(await listCount(), before);
    const id = listIdOf(await postForm(buyers.a, '/account/lists/basket', { csrf: csrfA, name: 'Site visit basket' }));
    assert.deepEqual(await storedLines(id), [
      { position: 1, reference: 'HEX-CW-25', quantity: '40', code: 'HEX-CW-25' },
      { position: 2, reference: 'GONE-1', quantity: '5', code: null },
    ]);
    const list = await (await get(`/account/lists/${id}`, buyers.a)).text();
    assert.match(list, /<h1>Site visit basket<\/h1>/);
    assert.match(list, /1 of 2 lines are matched to a part and ready to request\./);
  });

  test('CSRF: an upload without the field, with the field after the file, or from another site stores nothing; a delete without it deletes nothing', async () => {
    const before = await listCount();
    const file = bomFile(Buffer.from('HEX-CW-25,1\r\n'), 'a.csv');
    const csrf = await csrfOf(buyers.a);
    const noField = await upload(buyers.a, multipartForm([{ field: 'name', value: 'x' }, file]));
    assert.equal(noField.status, 403);
    const fieldAfter = await upload(
      buyers.a,
      multipartForm([{ field: 'name', value: 'x' }, file, { field: 'csrf', value: csrf }]),
    );
    assert.equal(fieldAfter.status, 403);
    const otherBuyers = await upload(
      buyers.b,
      multipartForm([{ field: 'csrf', value: csrf }, { field: 'name', value: 'x' }, file]),
    );
    assert.equal(otherBuyers.status, 403);
    const crossSite = await upload(
      buyers.a,
      multipartForm([{ field: 'csrf', value: csrf }, { field: 'name', value: 'x' }, file]),
      '/account/lists',
      {
        origin: 'https://attacker.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    assert.equal(crossSite.status, 403);
    assert.match(await crossSite.text(), /This form was sent from another site and was not accepted\./);
    assert.equal(await listCount(), before);
    const id = listIdOf(await uploadFile(buyers.a, 'Kept', Buffer.from('HEX-CW-25,1\r\n'), 'kept.csv'));
    const noCsrf = await postForm(buyers.a, `/account/lists/${id}/delete`, {});
    assert.equal(noCsrf.status, 403);
    assert.equal((await get(`/account/lists/${id}`, buyers.a)).status, 200);
    // signed out: the sign-in page
    const signedOut = await fetch(`${origin}/account/lists`, { redirect: 'manual' });
    assert.equal(signedOut.status, 303);
    assert.equal(signedOut.headers.get('location'), '/account/sign-in');
  });

  test('the lists are in the download, and go with the account when it is closed', async () => {
    const email = 'closing@three.example';
    const { accountId, cookie } = await signedInBuyer(db, email);
    listIdOf(await uploadFile(cookie, 'To go', Buffer.from('Code,Qty\r\nHEX-CW-25,7\r\n'), 'go.csv'));
    const data = await accountExport(db.kysely, accountId, new Date());
    assert.deepEqual(
      data.lists.map((list) => [list.name, list.fileName, list.lines]),
      [['To go', 'go.csv', [{ reference: 'HEX-CW-25', quantity: '7', code: 'HEX-CW-25' }]]],
    );
    await closeAccount(db.kysely, { accountId, email, device: 'test' }, Date.now());
    const left = await db.kysely.selectFrom('buyer_lists').select('id').where('account_id', '=', accountId).execute();
    assert.deepEqual(left, []);
  });
});
