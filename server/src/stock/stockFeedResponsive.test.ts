// While a snapshot applies on the embedded database, the site goes on answering (a
// 500,000-row snapshot held /robots.txt 6.2 s and /healthz 14.5 s; PGlite serves one transaction at a time in the
// server's process, and the feed was one transaction of a few statements over every row). A snapshot of ROWS rows is
// sent over HTTP with a stock token while /healthz (which asks the database) and /robots.txt are asked for one after
// the other; counted, not timed: how many of each were answered before the feed's own answer. In one transaction,
// /healthz is answered only before it opens (5 times: while the body is kept); paced (feedApplyPaced.ts), between its slices.
// The figures at size are the bench's: `npx tsx tools/bench/stock-feed.ts` (docs/stock.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { STOCK_LOCATIONS, type StockFeedReport } from '@site/contracts/stock-api';
import { buildApp } from '../app.js';
import { seedCatalogue } from '../catalogue/index.js';
import { createReleaseToken } from '../releases/tokens.js';
import { pgliteTarget } from '../test-support/databases.js';
import { createFixture } from '../test-support/fixture.js';

/** Extra variants: × 3 locations, 60,000 rows (the feed's slices are 5,000 rows). */
const VARIANTS = 20_000;
/** The answers /healthz must give while the snapshot applies (paced: 35 on a loaded 2-core machine; in one transaction 5, all before it opened). */
const HEALTHZ_AT_LEAST = 15;

test('the site answers while a snapshot applies on embedded PGlite: /healthz and /robots.txt between its slices', {
  timeout: 180_000,
}, async (t) => {
  const fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
  const database = await pgliteTarget.fresh();
  const { db } = database;
  t.after(async () => {
    await database.cleanup();
    await fixture.cleanup();
  });
  await seedCatalogue(db);
  const [product] = await db.query<{ id: string }>('select id from catalogue_products order by id limit 1');
  await db.query(
    `insert into catalogue_product_variants (product_id, position, code, unit) select $1, 1000 + g, 'LOAD-' || g, 'pcs' from generate_series(1, $2::int) as g`,
    [product!.id, VARIANTS],
  );
  const app = await buildApp(fixture.config, db, { stock: { maxRows: 1_000_000 } });
  t.after(() => app.close());
  const { token } = await createReleaseToken(db.kysely, 'test', {
    name: 'ERP',
    scope: 'stock',
    remotes: [],
    expiresInDays: 1,
  });
  const lines = ['code,location,on_hand'];
  for (let index = 1; index <= VARIANTS; index += 1)
    for (const location of STOCK_LOCATIONS) lines.push(`LOAD-${index},${location},${index % 50}`);
  const body = `${lines.join('\n')}\n`;

  const counted = { healthz: 0, robots: 0 };
  let done = false;
  const keepAsking = async (url: string, key: keyof typeof counted) => {
    while (!done) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      if (!done) counted[key] += 1;
      // a client on the network: its next request comes with the next turn of the loop (injected ones would never yield)
      await setImmediate();
    }
  };
  const feeding = app
    .inject({
      method: 'PUT',
      url: '/api/stock',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: body,
    })
    .finally(() => (done = true));
  const [res] = await Promise.all([feeding, keepAsking('/healthz', 'healthz'), keepAsking('/robots.txt', 'robots')]);
  assert.equal(res.statusCode, 200, res.body);
  const report = res.json<StockFeedReport>();
  assert.deepEqual([report.rows, report.applied, report.refused], [VARIANTS * 3, VARIANTS * 3, 0]);
  t.diagnostic(
    `snapshot of ${report.rows} rows in ${report.durationMs} ms: /healthz answered ${counted.healthz} times, /robots.txt ${counted.robots} times meanwhile`,
  );
  assert.ok(
    counted.healthz >= HEALTHZ_AT_LEAST,
    `/healthz answered ${counted.healthz} times while the snapshot applied (at least ${HEALTHZ_AT_LEAST})`,
  );
  assert.ok(
    counted.robots >= HEALTHZ_AT_LEAST,
    `/robots.txt answered ${counted.robots} times while the snapshot applied`,
  );
  const [stored] = await db.query<{ n: number }>('select count(*)::int as n from stock_levels');
  assert.equal(Number(stored?.n), VARIANTS * 3);
});
