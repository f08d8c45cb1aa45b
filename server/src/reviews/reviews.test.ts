// Product reviews end to end on both databases: validation with clear JSON errors, unknown products,
// storage (e-mail kept, never returned), order (stored newest first, then the catalogue's seed reviews),
// the ratings summary, the honeypot, a failing database and the rate limit.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { reviewsApiPath, RATINGS_API_PATH } from '@site/content/src/reviews.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/index.js';
import { pgliteTarget, postgresOrSkip, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { createReviewCatalogue, siteReviewCatalogue } from './productCatalogue.js';
import { REVIEW_BODY_LIMIT } from './reviewRoutes.js';

/** A product with two seed reviews (5 and 4 stars) in content/data/product-details.json. */
const SEEDED = 'hex_cw_brass_cable_gland';
/** A product without seed reviews. */
const UNSEEDED = 'hex_e1w_brass_cable_gland';

const VALID = { customerName: 'Aisha Rahman', emailId: 'aisha@example.com', comment: 'Threads cut clean, fitted first time.', stars: 5 };

const json = (body: unknown): Omit<InjectOptions, 'url'> => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

interface BadCase {
  what: string;
  request: Omit<InjectOptions, 'url'>;
  status: number;
  error: RegExp;
}

function badInputCorpus(): BadCase[] {
  const cases: BadCase[] = [
    { what: 'malformed JSON', request: json('{"customerName": "A",'), status: 400, error: /^The request body is not valid JSON$/ },
    { what: 'an empty JSON body', request: json(''), status: 400, error: /^The request body is empty/ },
    { what: 'a JSON array', request: json([VALID]), status: 400, error: /^The request body must be a JSON object$/ },
    { what: 'JSON null', request: json('null'), status: 400, error: /^The request body must be a JSON object$/ },
    { what: '__proto__ pollution', request: json(`{"__proto__":{"admin":true},${JSON.stringify(VALID).slice(1)}`), status: 400, error: /not valid JSON/ },
    { what: 'text/plain', request: { method: 'POST', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(VALID) }, status: 415, error: /^Send the review as JSON/ },
    { what: 'no content type and no body', request: { method: 'POST' }, status: 415, error: /Content-Type: application\/json/ },
    { what: 'a body over the limit', request: json({ ...VALID, padding: 'x'.repeat(REVIEW_BODY_LIMIT) }), status: 413, error: /^The request body is too large: the limit is 16 KB$/ },
    { what: 'no fields', request: json({}), status: 400, error: /^customerName is required; comment is required; stars is required$/ },
    { what: 'an unknown field', request: json({ ...VALID, approved: true }), status: 400, error: /^Unknown field "approved": expected only customerName, emailId, comment, stars$/ },
    { what: 'customerName missing', request: json({ ...VALID, customerName: undefined }), status: 400, error: /^customerName is required$/ },
    { what: 'customerName blank', request: json({ ...VALID, customerName: ' \n\t ' }), status: 400, error: /^customerName (is required|contains)/ },
    { what: 'customerName too long', request: json({ ...VALID, customerName: 'x'.repeat(101) }), status: 400, error: /^customerName must be at most 100 characters$/ },
    { what: 'customerName with a line break', request: json({ ...VALID, customerName: 'A\r\nB' }), status: 400, error: /^customerName contains characters that are not allowed$/ },
    { what: 'customerName as a number', request: json({ ...VALID, customerName: 42 }), status: 400, error: /^customerName must be text$/ },
    { what: 'comment missing', request: json({ ...VALID, comment: undefined }), status: 400, error: /^comment is required$/ },
    { what: 'comment blank', request: json({ ...VALID, comment: '   ' }), status: 400, error: /^comment is required$/ },
    { what: 'comment too long', request: json({ ...VALID, comment: 'x'.repeat(4001) }), status: 400, error: /^comment must be at most 4000 characters$/ },
    { what: 'comment with NUL', request: json({ ...VALID, comment: 'a\u0000b' }), status: 400, error: /^comment contains characters that are not allowed$/ },
    { what: 'comment with a lone surrogate', request: json({ ...VALID, comment: 'a\ud800b' }), status: 400, error: /^comment contains characters that are not allowed$/ },
    { what: 'comment as an object', request: json({ ...VALID, comment: { text: 'x' } }), status: 400, error: /^comment must be text$/ },
    { what: 'emailId too long', request: json({ ...VALID, emailId: `${'a'.repeat(250)}@example.com` }), status: 400, error: /^emailId must be at most 254 characters$/ },
    { what: 'a honeypot that is not text', request: json({ ...VALID, website: ['x'] }), status: 400, error: /^website must be text$/ },
    { what: 'several wrong fields', request: json({ customerName: '', comment: '', stars: 9 }), status: 400, error: /^customerName is required; comment is required; stars must be a whole number from 1 to 5$/ },
  ];
  for (const bad of ['aisha', 'aisha@example', 'a b@example.com', 'a@b.co,evil@x.example', '<a@b.co>']) {
    cases.push({ what: `emailId ${JSON.stringify(bad)}`, request: json({ ...VALID, emailId: bad }), status: 400, error: /^emailId must be a valid email address$/ });
  }
  for (const bad of [0, 6, -1, 2.5, '5', null, true, [5], Number.MAX_SAFE_INTEGER + 2]) {
    cases.push({ what: `stars ${JSON.stringify(bad)}`, request: json({ ...VALID, stars: bad }), status: 400, error: /^stars must be a whole number from 1 to 5$/ });
  }
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    cases.push({ what: `method ${method}`, request: { method }, status: 405, error: new RegExp(`^Method ${method} is not allowed here \\(allowed: GET, POST\\)$`) });
  }
  return cases;
}

async function count(db: Database): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*) as n from reviews');
  return row!.n;
}

interface Review {
  customerName: string;
  stars: number;
  comment: string;
}

async function reviewsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let app: FastifyInstance;
  const post = (productId: string, body: unknown) => app.inject({ ...json(body), url: reviewsApiPath(productId) });
  const list = async (productId: string): Promise<Review[]> => {
    const res = await app.inject({ method: 'GET', url: reviewsApiPath(productId) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    return res.json<{ reviews: Review[] }>().reviews;
  };
  const seeds = siteReviewCatalogue.seedReviews(SEEDED);

  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
    database = await target.fresh();
    app = await buildApp(fixture.config, database.db);
  });
  t.after(async () => {
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  await t.test('a product without stored reviews lists its seed reviews; one without any lists none', async () => {
    assert.equal(seeds.length, 2);
    assert.deepEqual(await list(SEEDED), seeds);
    assert.deepEqual(await list(UNSEEDED), []);
  });

  await t.test('an unknown product is a 404 with a clear message, for GET and POST; nothing stored', async () => {
    for (const id of ['cw_brass_cable_gland', 'nope', "x' or '1'='1", '..%2F..%2Fetc']) {
      for (const res of [await app.inject({ method: 'GET', url: `/api/products/${id}/reviews` }), await app.inject({ ...json(VALID), url: `/api/products/${id}/reviews` })]) {
        assert.equal(res.statusCode, 404, `${id}: ${res.body}`);
        assert.match(res.json<{ error: string }>().error, /^There is no product ".*" in the catalogue$/);
      }
    }
    assert.equal(await count(database.db), 0);
  });

  await t.test('the bad-input corpus is refused with clear JSON errors, nothing stored', async () => {
    for (const bad of badInputCorpus()) {
      const res = await app.inject({ ...bad.request, url: reviewsApiPath(SEEDED) });
      assert.equal(res.statusCode, bad.status, `${bad.what}: ${res.statusCode} ${res.body}`);
      assert.match(String(res.headers['content-type']), /^application\/json/, bad.what);
      const body = res.json<{ error: unknown }>();
      assert.deepEqual(Object.keys(body), ['error'], bad.what);
      assert.match(String(body.error), bad.error, bad.what);
    }
    assert.equal(await count(database.db), 0, 'nothing stored');
  });

  await t.test('a review is stored with its e-mail, answered without it, and listed first; the newest first', async () => {
    const res = await post(SEEDED, { ...VALID, customerName: '  Aisha Rahman ', website: '' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(res.json(), { ok: true, review: { customerName: 'Aisha Rahman', stars: 5, comment: VALID.comment } });
    const [row] = await database.db.query('select product_id, customer_name, email, comment, stars from reviews');
    assert.deepEqual(row, { product_id: SEEDED, customer_name: 'Aisha Rahman', email: 'aisha@example.com', comment: VALID.comment, stars: 5 });

    assert.equal((await post(SEEDED, { customerName: 'Sam', comment: 'Good\nvalue.', stars: 3 })).statusCode, 200, 'no e-mail is fine');
    assert.equal((await post(SEEDED, { customerName: 'Lee', emailId: '  ', comment: 'OK', stars: 4 })).statusCode, 200, 'a blank e-mail is fine');
    const [noMail] = await database.db.query<{ email: string | null }>("select email from reviews where customer_name = 'Lee'");
    assert.equal(noMail?.email, null);

    const reviews = await list(SEEDED);
    assert.deepEqual(reviews, [
      { customerName: 'Lee', stars: 4, comment: 'OK' },
      { customerName: 'Sam', stars: 3, comment: 'Good\nvalue.' },
      { customerName: 'Aisha Rahman', stars: 5, comment: VALID.comment },
      ...seeds,
    ]);
    const raw = (await app.inject({ method: 'GET', url: reviewsApiPath(SEEDED) })).body;
    assert.ok(!raw.includes('@'), 'no e-mail in the answer');
    assert.deepEqual(await list(UNSEEDED), [], 'other products are not affected');
  });

  await t.test('HTML, script, SQL and any language are stored and returned exactly (the page shows them as text)', async () => {
    const bodies = [
      { customerName: '<img src=x onerror=alert(1)>', comment: '<script>alert("x")</script>', stars: 1 },
      { customerName: 'عائشة 你好 😀👍🏽', comment: 'ممتاز\n很好', stars: 5 },
      { customerName: "'); drop table reviews; --", comment: 'x'.repeat(4000), stars: 2 },
      { customerName: 'n'.repeat(100), comment: 'Max name', stars: 3 },
    ];
    for (const body of bodies) assert.equal((await post(UNSEEDED, body)).statusCode, 200);
    assert.deepEqual(await list(UNSEEDED), [...bodies].reverse());
  });

  await t.test('the ratings summary averages seed and stored reviews of every reviewed product', async () => {
    const res = await app.inject({ method: 'GET', url: RATINGS_API_PATH });
    assert.equal(res.statusCode, 200, res.body);
    const { ratings } = res.json<{ ratings: Record<string, { average: number; count: number }> }>();
    // seeds 5 + 4, stored 5 + 3 + 4
    assert.deepEqual(ratings[SEEDED], { average: 4.2, count: 5 });
    // stored only: 1, 5, 2, 3
    assert.deepEqual(ratings[UNSEEDED], { average: 2.75, count: 4 });
    // seeds only: 5, 4, 5
    assert.deepEqual(ratings.oc_6491x_pvc_single_core_wire, { average: 4.67, count: 3 });
    assert.equal(ratings.hex_bw_brass_cable_gland, undefined, 'unreviewed products are left out');
    assert.equal(Object.keys(ratings).length, siteReviewCatalogue.seededProductIds().length + 1);
    assert.equal((await app.inject({ method: 'POST', url: RATINGS_API_PATH })).statusCode, 405);
  });

  await t.test('a filled honeypot gets the same answer and is not stored', async () => {
    const before = await count(database.db);
    const res = await post(SEEDED, { ...VALID, website: 'http://cheap-pills.example' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json<{ ok: boolean }>().ok, true);
    assert.equal(await count(database.db), before);
  });

  await t.test('with the database failing: a clear 503 for each call, the server keeps going', async () => {
    const broken = stubDatabase(new Error('connection terminated unexpectedly'));
    const other = await buildApp(fixture.config, broken);
    try {
      const posted = await other.inject({ ...json(VALID), url: reviewsApiPath(SEEDED) });
      assert.equal(posted.statusCode, 503);
      assert.deepEqual(posted.json(), { error: 'Your review could not be saved right now. Please try again in a few minutes.' });
      for (const url of [reviewsApiPath(SEEDED), RATINGS_API_PATH]) {
        const res = await other.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 503, url);
        assert.deepEqual(res.json(), { error: 'Reviews could not be loaded right now. Please try again in a few minutes.' });
      }
      assert.equal((await other.inject({ method: 'GET', url: '/remotes.json' })).statusCode, 200);
    } finally {
      await other.close();
    }
  });
}

test('reviews on embedded PGlite', async (t) => {
  await reviewsSuite(t, pgliteTarget);
});

test('reviews on PostgreSQL', async (t) => {
  const postgres = await postgresOrSkip();
  if ('skipped' in postgres) {
    console.log(`PostgreSQL tests skipped: ${postgres.skipped}`);
    t.skip(postgres.skipped);
    return;
  }
  await reviewsSuite(t, postgres.target);
});

describe('review rate limit (in memory)', () => {
  test('the 3rd review in a minute from one client gets 429; reading reviews is not limited', async () => {
    const fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '2', SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '60' } });
    const app = await buildApp(fixture.config, stubDatabase());
    try {
      const send = (remoteAddress: string) => app.inject({ ...json({ customerName: 'A' }), url: reviewsApiPath(SEEDED), remoteAddress });
      assert.equal((await send('203.0.113.7')).statusCode, 400);
      assert.equal((await send('203.0.113.7')).statusCode, 400);
      const limited = await send('203.0.113.7');
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), { error: 'Too many reviews, please try again in a minute.' });
      assert.match(String(limited.headers['retry-after']), /^\d+$/);
      assert.equal((await send('198.51.100.20')).statusCode, 400, 'another client');
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await app.inject({ method: 'GET', url: reviewsApiPath(SEEDED), remoteAddress: '203.0.113.7' })).statusCode, 200);
      }
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});

test('createReviewCatalogue knows the ids and copies only the displayed fields of the seeds', () => {
  const catalogue = createReviewCatalogue([
    { id: 'a', customerReviews: [{ customerName: 'X', stars: 4, comment: 'c', ...{ emailId: 'x@y.z' } }] },
    { id: 'b' },
  ]);
  assert.equal(catalogue.has('a'), true);
  assert.equal(catalogue.has('b'), true);
  assert.equal(catalogue.has('c'), false);
  assert.deepEqual(catalogue.seedReviews('a'), [{ customerName: 'X', stars: 4, comment: 'c' }]);
  assert.deepEqual(catalogue.seedReviews('c'), []);
  assert.deepEqual(catalogue.seededProductIds(), ['a']);
});
