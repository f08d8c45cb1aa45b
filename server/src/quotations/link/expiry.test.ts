// Expiry on the date, on both databases: a sent quotation past its validity shows "expired" to staff (the request's
// sent quotations, the quotation itself) from its branch's next day, without its buyer opening the link; its audit line
// once, whoever finds it first (a staff read, the sweep, the buyer); an accepted quotation and a draft never expire.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import {
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  STAFF_QUOTATION_LINK_API,
  type BuyerQuotation,
  type QuotationLinkHistory,
} from '@site/contracts/quotation-link-api';
import { staffApiPath } from '@site/contracts/staff-api';
import { recordStaffAction } from '../../staff/audit.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { submitQuote, TEST_PRODUCT } from '../../test-support/staffWorkData.js';
import { expireOverdueQuotations } from './expiry.js';
import { answerOf as ok } from '../../test-support/answers.js';

const NOW = new Date('2026-11-28T10:00:00Z');

async function expirySuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let s: QuotationTestSite;
  let clock = NOW;
  const states = async (requestId: number) =>
    ok<QuotationLinkHistory>(
      await s.call(s.admin, 'GET', `${STAFF_QUOTATION_LINK_API.linkStates}?requestId=${requestId}`),
    ).quotations;
  const audit = (id: number) =>
    s.db.query<{ actor_email: string | null; detail: string }>(
      "select actor_email, detail from staff_audit_log where target = $1 and action = 'quotation.expire'",
      [`quotation:${id}`],
    );

  t.before(async () => {
    s = await buildQuotationTestSite(target, { now: () => clock });
    ok(
      await s.call(s.admin, 'PUT', staffApiPath(QUOTATIONS_API.currencyRate, { currency: 'BHD' }), { rate: '0.10238' }),
    );
  });
  t.after(async () => {
    await s?.close();
  });

  await t.test(
    'from the branch’s next day the staff see it expired, with its audit line, before the buyer opens the link',
    async () => {
      clock = NOW;
      const dubai = await s.sendNew(s.dubai, 'Dubai');
      const bahrain = await s.sendNew(s.admin, 'Bahrain');
      const accepted = await s.sendNew(s.dubai, 'Dubai');
      ok(
        await s.site.inject({
          method: 'POST',
          url: quotationLinkApiPath(QUOTATION_LINK_API.accept, accepted.token),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
        }),
      );
      const { id: requestId } = await submitQuote(s.db, {
        branch: 'Dubai',
        lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 1 }],
      });
      const draft = ok<Quotation>(await s.call(s.dubai, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
      assert.equal(dubai.quotation.validUntil, '2026-12-28');

      // the last minute of 28 December in Dubai (UTC+4): still valid
      clock = new Date('2026-12-28T19:59:00Z');
      assert.equal((await states(dubai.requestId))[0]!.state, 'sent');
      // midnight in Dubai; still 23:00 on the 28th in Bahrain (UTC+3)
      clock = new Date('2026-12-28T20:00:00Z');
      const [expired] = await states(dubai.requestId);
      assert.equal(expired!.state, 'expired');
      assert.ok(expired!.expiredAt !== null, 'when it was found expired');
      assert.deepEqual(await audit(dubai.quotation.id), [
        { actor_email: null, detail: `${dubai.quotation.number} was valid until 2026-12-28` },
      ]);
      assert.equal(
        ok<Quotation>(await s.call(s.dubai, 'GET', staffApiPath(QUOTATIONS_API.quotation, { id: dubai.quotation.id })))
          .state,
        'expired',
      );
      assert.equal((await states(bahrain.requestId))[0]!.state, 'sent', 'Bahrain’s day is not over');
      assert.equal((await states(accepted.requestId))[0]!.state, 'accepted', 'an accepted quotation never expires');
      assert.equal(
        ok<Quotation>(await s.call(s.dubai, 'GET', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }))).state,
        'draft',
        'nor does a draft',
      );

      // the buyer opens it later: expired, and no second audit line
      const seen = ok<BuyerQuotation>(
        await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, dubai.token) }),
      );
      assert.deepEqual([seen.state, seen.canAnswer], ['expired', false]);
      assert.equal((await audit(dubai.quotation.id)).length, 1);
    },
  );

  await t.test('the sweep marks each once, at the branch’s midnight, without any read', async () => {
    clock = new Date('2026-12-28T21:00:00Z');
    assert.equal(await expireOverdueQuotations(s.db.kysely, recordStaffAction, clock), 1, 'Bahrain’s, at its midnight');
    assert.equal(await expireOverdueQuotations(s.db.kysely, recordStaffAction, clock), 0, 'once');
    const [row] = await s.db.query<{ n: number }>(
      "select count(*)::int as n from staff_audit_log where action = 'quotation.expire'",
    );
    assert.equal(Number(row!.n), 2);
    const [states] = await s.db.query<{ states: string }>(
      "select string_agg(state, ',' order by id) as states from quotations",
    );
    assert.equal(states!.states, 'expired,expired,accepted,draft');
  });
}

describe('quotations: expiry on the date', () => {
  test('on embedded PGlite', async (t) => expirySuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => expirySuite(t, target)));
});
