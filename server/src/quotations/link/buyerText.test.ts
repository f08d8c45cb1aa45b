// What the buyer types on a sent quotation, through the link's real routes on both databases. The attacks and accidents tried: an emoji across the 500th unit of a message (the audit line's cut once
// halved it, PostgreSQL refused the JSON and the buyer got "try again in a minute" for good); a lone surrogate half in
// the message, name, position or PO number (the same 503 for good); and the invisible direction controls
// U+202A–U+202E and U+2066–U+2069 in the name, position and PO number, which must never reach the ERP's orders.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import {
  ORDERS_API,
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  type BuyerQuotation,
  type OrdersPage,
} from '@site/contracts/quotation-link-api';
import { createReleaseToken } from '../../releases/tokens.js';
import { multipartForm } from '../../test-support/multipart.js';
import { answerOf, refusalOf } from '../../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const LONE_HALVES = { 'a high half alone (U+D83D)': '\ud83d', 'a low half alone (U+DE00)': '\ude00' };
const ACCEPT = { name: 'Karim Nasser', position: 'Purchasing manager', poNumber: 'PO-7781' };

async function buyerTextSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => NOW });
  });
  t.after(async () => {
    await s?.close();
  });
  const post = (pattern: string, token: string, body: unknown) =>
    s.site.inject({
      method: 'POST',
      url: quotationLinkApiPath(pattern, token),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const stateOf = async (id: number) =>
    (await s.db.query<{ state: string }>('select state from quotations where id = $1', [id]))[0]?.state;
  const ordersOf = async () => {
    const token = (
      await createReleaseToken(s.db.kysely, 'admin@crescent.example', {
        name: 'erp',
        scope: 'orders',
        remotes: [],
        expiresInDays: 1,
      })
    ).token;
    return answerOf<OrdersPage>(
      await s.site.inject({ method: 'GET', url: ORDERS_API.orders, headers: { authorization: `Bearer ${token}` } }),
    ).orders;
  };

  await t.test(
    'an emoji across the 500th unit of a message: asked (200), the whole message kept, the audit line cut between characters',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      // units 499 and 500 are the emoji's two halves: a cut by units at 500 keeps one half
      const message = `${'a'.repeat(499)}😀 and the rest of the message.`;
      const asked = answerOf<BuyerQuotation>(await post(QUOTATION_LINK_API.changes, token, { message }));
      assert.equal(asked.state, 'changes_asked');
      const [stored] = await s.db.query<{ message: string }>(
        'select message from quotation_change_requests where quotation_id = $1',
        [quotation.id],
      );
      assert.equal(stored!.message, message);
      const [line] = await s.db.query<{ fields: { message: string } }>(
        `select fields from staff_audit_log where action = 'quotation.changes_asked' and target = $1`,
        [`quotation:${quotation.id}`],
      );
      assert.equal(line!.fields.message, `${'a'.repeat(499)}😀`, 'the first 500 characters, the emoji whole');
    },
  );

  await t.test(
    'a lone surrogate half in the message, name, position or PO number: a 400 in words, nothing stored, the quotation still open',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      for (const [what, half] of Object.entries(LONE_HALVES)) {
        const changes = await post(QUOTATION_LINK_API.changes, token, { message: `Two lots please ${half}` });
        assert.equal(refusalOf(changes, 400), 'message contains characters that are not allowed', what);
        for (const field of ['name', 'position', 'poNumber'] as const) {
          const res = await post(QUOTATION_LINK_API.accept, token, { ...ACCEPT, [field]: `${ACCEPT[field]}${half}` });
          assert.equal(
            refusalOf(res, 400),
            `${field} contains characters that are not allowed`,
            `${field} with ${what}`,
          );
        }
      }
      assert.equal(await stateOf(quotation.id), 'sent');
      assert.equal(
        (await s.db.query('select 1 from quotation_change_requests where quotation_id = $1', [quotation.id])).length,
        0,
      );
      assert.equal(
        (await s.db.query('select 1 from quotation_acceptances where quotation_id = $1', [quotation.id])).length,
        0,
      );
      // and the buyer can still answer in words that are text
      assert.equal(
        answerOf<BuyerQuotation>(await post(QUOTATION_LINK_API.changes, token, { message: 'Two lots please 😀' }))
          .state,
        'changes_asked',
      );
    },
  );

  await t.test(
    'direction controls (U+202A–E, U+2066–9) in the name, position or PO number: refused as JSON and multipart, never an order for the ERP',
    async () => {
      const { quotation, token } = await s.sendNew(s.dubai, 'Dubai');
      const before = await ordersOf();
      for (const control of DIRECTION_CONTROLS) {
        const code = `U+${control.codePointAt(0)!.toString(16).toUpperCase()}`;
        for (const field of ['name', 'position', 'poNumber'] as const) {
          const fields = { ...ACCEPT, [field]: `${control}${ACCEPT[field].split('').reverse().join('')}` };
          const expected = `${field} contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed`;
          assert.equal(
            refusalOf(await post(QUOTATION_LINK_API.accept, token, fields), 400),
            expected,
            `${field} with ${code} as JSON`,
          );
          assert.equal(
            refusalOf(
              await s.site.inject({
                method: 'POST',
                url: quotationLinkApiPath(QUOTATION_LINK_API.accept, token),
                ...multipartForm(fields),
              }),
              400,
            ),
            expected,
            `${field} with ${code} as multipart`,
          );
        }
      }
      assert.equal(await stateOf(quotation.id), 'sent');
      assert.deepEqual(await ordersOf(), before, 'no order reached the ERP');
      // an Arabic name (its marks U+200F allowed) is accepted, and that is what the ERP reads
      const accepted = answerOf<BuyerQuotation>(
        await post(QUOTATION_LINK_API.accept, token, {
          name: 'كريم ناصر\u200f',
          position: 'مدير المشتريات',
          poNumber: 'PO-7781',
        }),
      );
      assert.equal(accepted.state, 'accepted');
      const orders = await ordersOf();
      assert.deepEqual(
        orders
          .filter((order) => !before.some((seen) => seen.id === order.id))
          .map((order) => [order.buyer.acceptedBy, order.buyer.position, order.poNumber]),
        [['كريم ناصر\u200f', 'مدير المشتريات', 'PO-7781']],
      );
      for (const order of orders) assert.doesNotMatch(JSON.stringify(order), /[\u202a-\u202e\u2066-\u2069]/);
    },
  );
}

describe('what the buyer types on a quotation link', () => {
  test('on embedded PGlite', async (t) => buyerTextSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => buyerTextSuite(t, target)));
});
