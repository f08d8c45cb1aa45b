// Numbers sent at once from two places: Dubai's and Oman's drafts sent together, half through each of two servers on
// one database. On PostgreSQL the two are two processes (test-support/staffWorkCrashChild.ts, over HTTP); an embedded
// PGlite folder is open in one process only, so there the two are two apps on its one handle. No number is given
// twice over the company, each carries its branch's code, and each branch's run is 1, 2, 3… of its own counter.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { staffApiPath, type StaffAccountSummary, type StaffBranch } from '@site/contracts/staff-api';
import { seedCatalogue } from '../catalogue/index.js';
import { answerOf } from '../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { startStaffWorkChild } from '../test-support/staffWorkChild.js';
import { as, buildStaffWorkTestApp, createTestAccount } from '../test-support/staffWorkApp.js';
import { submitQuote, TEST_PRODUCT } from '../test-support/staffWorkData.js';

/** Drafts sent at once in each branch. */
const PER_BRANCH = 6;
const BRANCHES = ['Dubai', 'Oman'] as const satisfies readonly StaffBranch[];
const CODES = { Dubai: 'AE', Oman: 'OM' } as const;

/** A send as a server answers it: status and body. */
type Sender = (account: StaffAccountSummary, id: number, version: number) => Promise<{ status: number; body: string }>;

/** Starts a process serving the work calls on the database `env` names; resolves with its address once it listens. */
const overHttp =
  (url: string): Sender =>
  async (account, id, version) => {
    const res = await fetch(`${url}${staffApiPath(QUOTATIONS_API.send, { id })}`, {
      method: 'POST',
      headers: { ...as(account), 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    });
    return { status: res.status, body: await res.text() };
  };

async function numbersSuite(t: TestContext, target: DatabaseTarget, twoProcesses: boolean): Promise<void> {
  const database = await target.fresh({ openedByPath: true });
  const { db } = database;
  // real time: the children's clock, so drafts and sends agree on the day
  const local = await buildStaffWorkTestApp({ db });
  const closers: (() => Promise<unknown>)[] = [() => database.cleanup(), () => local.close()];
  t.after(async () => {
    for (const close of closers.reverse()) await close();
  });
  await seedCatalogue(db);
  await db.query(`update catalogue_product_variants set price = '12.00' where code = 'HEX-CW-20S'`);
  const admin = await createTestAccount(db, 'admin@crescent.example', 'admin');
  const staff = {
    Dubai: await createTestAccount(db, 'dubai@crescent.example', 'branch', 'Dubai'),
    Oman: await createTestAccount(db, 'oman@crescent.example', 'branch', 'Oman'),
  };
  const call = (account: StaffAccountSummary, method: 'POST' | 'PUT', url: string, body: unknown) =>
    local.inject({
      method,
      url,
      headers: { ...as(account), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  answerOf(await call(admin, 'PUT', staffApiPath(QUOTATIONS_API.currencyRate, { currency: 'OMR' }), { rate: '0.105' }));

  const drafts: { branch: (typeof BRANCHES)[number]; quotation: Quotation }[] = [];
  for (let index = 0; index < PER_BRANCH; index += 1)
    for (const branch of BRANCHES) {
      const { id: requestId } = await submitQuote(db, {
        branch,
        lines: [{ productId: TEST_PRODUCT, code: 'HEX-CW-20S', quantity: 40 }],
      });
      const quotation = answerOf<Quotation>(
        await call(staff[branch], 'POST', QUOTATIONS_API.quotations, { requestId }),
        201,
      );
      drafts.push({ branch, quotation });
    }

  let senders: [Sender, Sender];
  if (twoProcesses) {
    const started = await Promise.all([startStaffWorkChild(database.env), startStaffWorkChild(database.env)]);
    for (const { child } of started)
      closers.push(async () => {
        child.kill('SIGTERM');
        if (child.exitCode === null && child.signalCode === null) await new Promise((done) => child.once('exit', done));
      });
    senders = [overHttp(started[0].url), overHttp(started[1].url)];
  } else {
    const second = await buildStaffWorkTestApp({ db });
    closers.push(() => second.close());
    const inApp =
      (app: typeof local): Sender =>
      async (account, id, version) => {
        const res = await app.inject({
          method: 'POST',
          url: staffApiPath(QUOTATIONS_API.send, { id }),
          headers: { ...as(account), 'content-type': 'application/json' },
          payload: JSON.stringify({ version }),
        });
        return { status: res.statusCode, body: res.body };
      };
    senders = [inApp(local), inApp(second)];
  }

  // every draft at once, each branch's alternately through the one and the other
  const answers = await Promise.all(
    drafts.map(async ({ branch, quotation }, index) => {
      const sent = await senders[Math.floor(index / 2) % 2]!(staff[branch], quotation.id, quotation.version);
      assert.equal(sent.status, 200, sent.body);
      return { branch, quotation: JSON.parse(sent.body) as Quotation };
    }),
  );
  const numbers = answers.map((answer) => answer.quotation.number!);
  assert.equal(new Set(numbers).size, numbers.length, `no number twice: ${numbers.join(', ')}`);
  for (const branch of BRANCHES) {
    const mine = answers.filter((answer) => answer.branch === branch);
    const year = mine[0]!.quotation.vatDate.slice(0, 4);
    const expected = Array.from(
      { length: PER_BRANCH },
      (_, index) => `QT-${CODES[branch]}-${year}-${String(index + 1).padStart(6, '0')}`,
    );
    assert.deepEqual(mine.map((answer) => answer.quotation.number).sort(), expected, `${branch}: 1 to ${PER_BRANCH}`);
  }
  const stored = await db.query<{ branch: string; number: string }>(
    `select branch, number from quotations where number is not null order by number`,
  );
  assert.deepEqual(
    stored.map((row) => `${row.branch} ${row.number}`).sort(),
    answers.map((answer) => `${answer.branch} ${answer.quotation.number}`).sort(),
    'stored as answered',
  );
}

describe('quotation numbers sent at once in two branches, through two servers', () => {
  test('on embedded PGlite (two apps on its one handle)', async (t) => numbersSuite(t, pgliteTarget, false));
  test('on PostgreSQL (two processes)', async (t) => onPostgres(t, (target) => numbersSuite(t, target, true)));
});
