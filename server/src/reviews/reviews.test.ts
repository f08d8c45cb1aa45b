// Product reviews end to end on both databases: validation with clear JSON errors, unknown products,
// storage (e-mail kept, never returned), order (stored newest first, then the catalogue's seed reviews),
// the ratings summary, the honeypot, a failing database and the rate limits: one review of a product a day per client
// (durable, shared by every process on the database) and a rating that counts each client once.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { reviewsApiPath, RATINGS_API_PATH } from '@site/contracts/api';
import { buildApp } from '../app.js';
import { MIGRATIONS, openDatabase, runMigrations, type Database } from '../platform/db/index.js';
import { freshAddresses } from '../test-support/addresses.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, stubDatabase, type Fixture } from '../test-support/fixture.js';
import { badJsonBodyCases, json, type BadCase } from '../test-support/jsonBodies.js';
import { createReviewCatalogue, siteReviewCatalogue } from './productCatalogue.js';
import { REVIEW_BODY_LIMIT } from './reviewRoutes.js';
import { clientNetworks } from '../platform/http/clientAddress.js';
import { alreadyReviewed, describeWait, reviewClientKey } from './reviewLimit.js';
import { seedCatalogue } from '../catalogue/seed.js';

/** A product with two seed reviews (5 and 4 stars) in content/data/product-details.json. */
const SEEDED = 'hex_cw_brass_cable_gland';
/** A product without seed reviews. */
const UNSEEDED = 'hex_e1w_brass_cable_gland';

const VALID = {
  customerName: 'Aisha Rahman',
  emailId: 'aisha@example.com',
  comment: 'Threads cut clean, fitted first time.',
  stars: 5,
};

/** A review whose comment holds raw bytes that are not UTF-8 (curl --data-binary can send them; a browser cannot). */
const withBytes = (bytes: number[]): Omit<InjectOptions, 'url'> => {
  const [before, after] = JSON.stringify({ ...VALID, comment: 'a\u0001b' }).split('\\u0001') as [string, string];
  return { ...json(''), payload: Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]) };
};

/** The 429 of a second review of one product within a day, with the wait as the server words it. */
const ALREADY_REVIEWED =
  /^You have already reviewed this product today\. One review of a product a day is accepted from each address: please try again in (24|23) hours\.$/;

/** A documentation address (198.18.0.0/15) no other test of this file uses: a client of its own. */
const freshAddress = freshAddresses();

function badInputCorpus(): BadCase[] {
  const cases: BadCase[] = [
    ...badJsonBodyCases(VALID, {
      bodyLimit: REVIEW_BODY_LIMIT,
      what: 'the review',
      emptyHint: 'send the review as a JSON object',
    }),
    {
      what: 'no fields',
      request: json({}),
      status: 400,
      error: /^customerName is required; comment is required; stars is required$/,
    },
    {
      what: 'an unknown field',
      request: json({ ...VALID, approved: true }),
      status: 400,
      error: /^Unknown field "approved": expected only customerName, emailId, comment, stars$/,
    },
    {
      what: 'customerName missing',
      request: json({ ...VALID, customerName: undefined }),
      status: 400,
      error: /^customerName is required$/,
    },
    {
      what: 'customerName blank',
      request: json({ ...VALID, customerName: ' \n\t ' }),
      status: 400,
      error: /^customerName (is required|contains)/,
    },
    {
      what: 'customerName too long',
      request: json({ ...VALID, customerName: 'x'.repeat(101) }),
      status: 400,
      error: /^customerName must be at most 100 characters$/,
    },
    {
      what: 'customerName with a line break',
      request: json({ ...VALID, customerName: 'A\r\nB' }),
      status: 400,
      error: /^customerName contains characters that are not allowed$/,
    },
    {
      what: 'customerName as a number',
      request: json({ ...VALID, customerName: 42 }),
      status: 400,
      error: /^customerName must be text$/,
    },
    {
      what: 'comment missing',
      request: json({ ...VALID, comment: undefined }),
      status: 400,
      error: /^comment is required$/,
    },
    { what: 'comment blank', request: json({ ...VALID, comment: '   ' }), status: 400, error: /^comment is required$/ },
    {
      what: 'comment too long',
      request: json({ ...VALID, comment: 'x'.repeat(4001) }),
      status: 400,
      error: /^comment must be at most 4000 characters$/,
    },
    {
      what: 'comment with NUL',
      request: json({ ...VALID, comment: 'a\u0000b' }),
      status: 400,
      error: /^comment contains characters that are not allowed$/,
    },
    {
      what: 'comment with a lone surrogate',
      request: json({ ...VALID, comment: 'a\ud800b' }),
      status: 400,
      error: /^comment contains characters that are not allowed$/,
    },
    {
      what: 'comment with a C1 control',
      request: json({ ...VALID, comment: 'a\u0085b' }),
      status: 400,
      error: /^comment contains characters that are not allowed$/,
    },
    {
      what: 'a body with the byte 0xFF',
      request: withBytes([0xff]),
      status: 400,
      error: /^The request body is not valid UTF-8: send the JSON encoded as UTF-8$/,
    },
    {
      what: 'a body with an overlong "/"',
      request: withBytes([0xc0, 0xaf]),
      status: 400,
      error: /^The request body is not valid UTF-8/,
    },
    {
      what: 'a body with an encoded surrogate',
      request: withBytes([0xed, 0xa0, 0x80]),
      status: 400,
      error: /^The request body is not valid UTF-8/,
    },
    {
      what: 'a body with a cut sequence',
      request: withBytes([0xf0, 0x9f, 0x98]),
      status: 400,
      error: /^The request body is not valid UTF-8/,
    },
    {
      what: 'comment as an object',
      request: json({ ...VALID, comment: { text: 'x' } }),
      status: 400,
      error: /^comment must be text$/,
    },
    {
      what: 'emailId too long',
      request: json({ ...VALID, emailId: `${'a'.repeat(250)}@example.com` }),
      status: 400,
      error: /^emailId must be at most 254 characters$/,
    },
    {
      what: 'a honeypot that is not text',
      request: json({ ...VALID, website: ['x'] }),
      status: 400,
      error: /^website must be text$/,
    },
    {
      what: 'several wrong fields',
      request: json({ customerName: '', comment: '', stars: 9 }),
      status: 400,
      error: /^customerName is required; comment is required; stars must be a whole number from 1 to 5$/,
    },
  ];
  for (const bad of ['aisha', 'aisha@example', 'a b@example.com', 'a@b.co,evil@x.example', '<a@b.co>']) {
    cases.push({
      what: `emailId ${JSON.stringify(bad)}`,
      request: json({ ...VALID, emailId: bad }),
      status: 400,
      error: /^emailId must be a valid email address$/,
    });
  }
  for (const bad of [0, 6, -1, 2.5, '5', null, true, [5], Number.MAX_SAFE_INTEGER + 2]) {
    cases.push({
      what: `stars ${JSON.stringify(bad)}`,
      request: json({ ...VALID, stars: bad }),
      status: 400,
      error: /^stars must be a whole number from 1 to 5$/,
    });
  }
  for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
    const direction =
      /^(customerName|emailId) contains invisible text-direction characters \(U\+202A–U\+202E, U\+2066–U\+2069\), which are not allowed$/;
    cases.push({
      what: `customerName with U+${control.codePointAt(0)!.toString(16)}`,
      request: json({ ...VALID, customerName: `${control}gpj.exe` }),
      status: 400,
      error: direction,
    });
    cases.push({
      what: `emailId with U+${control.codePointAt(0)!.toString(16)}`,
      request: json({ ...VALID, emailId: `a${control}@example.com` }),
      status: 400,
      error: direction,
    });
  }
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    cases.push({
      what: `method ${method}`,
      request: { method },
      status: 405,
      error: new RegExp(`^Method ${method} is not allowed here \\(allowed: GET, POST\\)$`),
    });
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
  /** Each post from a client of its own (one review of a product a day per client); `from` for a given one. */
  const post = (productId: string, body: unknown, from = freshAddress(), target = app) =>
    target.inject({ ...json(body), url: reviewsApiPath(productId), remoteAddress: from });
  const ratingOf = async (productId: string) => {
    const res = await app.inject({ method: 'GET', url: RATINGS_API_PATH });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ ratings: Record<string, { average: number; count: number }> }>().ratings[productId];
  };
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
    await seedCatalogue(database.db); // the catalogue the app reads (the site's, as on a first start)
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
      for (const res of [
        await app.inject({ method: 'GET', url: `/api/products/${id}/reviews` }),
        await app.inject({ ...json(VALID), url: `/api/products/${id}/reviews` }),
      ]) {
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
      // a refused body's problems one by one beside the sentence, nothing else
      assert.deepEqual(
        Object.keys(body).filter((key) => key !== 'problems'),
        ['error'],
        bad.what,
      );
      assert.match(String(body.error), bad.error, bad.what);
    }
    assert.equal(await count(database.db), 0, 'nothing stored');
  });

  await t.test(
    'a review is stored with its e-mail, answered without it, and listed first; the newest first',
    async () => {
      const res = await post(SEEDED, { ...VALID, customerName: '  Aisha Rahman ', website: '' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.deepEqual(res.json(), {
        ok: true,
        review: { customerName: 'Aisha Rahman', stars: 5, comment: VALID.comment },
      });
      const [row] = await database.db.query('select product_id, customer_name, email, comment, stars from reviews');
      assert.deepEqual(row, {
        product_id: SEEDED,
        customer_name: 'Aisha Rahman',
        email: 'aisha@example.com',
        comment: VALID.comment,
        stars: 5,
      });

      assert.equal(
        (await post(SEEDED, { customerName: 'Sam', comment: 'Good\nvalue.', stars: 3 })).statusCode,
        200,
        'no e-mail is fine',
      );
      assert.equal(
        (await post(SEEDED, { customerName: 'Lee', emailId: '  ', comment: 'OK', stars: 4 })).statusCode,
        200,
        'a blank e-mail is fine',
      );
      const [noMail] = await database.db.query<{ email: string | null }>(
        "select email from reviews where customer_name = 'Lee'",
      );
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
    },
  );

  await t.test(
    'HTML, script, SQL and any language are stored and returned exactly (the page shows them as text)',
    async () => {
      const bodies = [
        { customerName: '<img src=x onerror=alert(1)>', comment: '<script>alert("x")</script>', stars: 1 },
        { customerName: 'عائشة 你好 😀👍🏽', comment: 'ممتاز\n很好', stars: 5 },
        { customerName: "'); drop table reviews; --", comment: 'x'.repeat(4000), stars: 2 },
        { customerName: 'n'.repeat(100), comment: 'Max name', stars: 3 },
        // 70 letters with shadda and a vowel each: 70 characters to the reader, 210 UTF-16 units, 420 bytes
        {
          customerName: Array.from(
            { length: 70 },
            (_, i) => `${'بتثجحخدذرزسشصضطظعغفقكلمنهوي'[i % 27]}\u0651\u064E`,
          ).join(''),
          comment: 'اسمٌ مُشَكَّلٌ',
          stars: 3,
        },
      ];
      for (const body of bodies) assert.equal((await post(UNSEEDED, body)).statusCode, 200);
      assert.deepEqual(await list(UNSEEDED), [...bodies].reverse());
    },
  );

  await t.test('the ratings summary averages seed and stored reviews of every reviewed product', async () => {
    const res = await app.inject({ method: 'GET', url: RATINGS_API_PATH });
    assert.equal(res.statusCode, 200, res.body);
    const { ratings } = res.json<{ ratings: Record<string, { average: number; count: number }> }>();
    // seeds 5 + 4, stored 5 + 3 + 4
    assert.deepEqual(ratings[SEEDED], { average: 4.2, count: 5 });
    // stored only: 1, 5, 2, 3, 3
    assert.deepEqual(ratings[UNSEEDED], { average: 2.8, count: 5 });
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
      assert.deepEqual(posted.json(), {
        error: 'Your review could not be saved right now. Please try again in a few minutes.',
      });
      for (const url of [reviewsApiPath(SEEDED), RATINGS_API_PATH]) {
        const res = await other.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 503, url);
        assert.deepEqual(res.json(), {
          error: 'Reviews could not be loaded right now. Please try again in a few minutes.',
        });
      }
      assert.equal((await other.inject({ method: 'GET', url: '/remotes.json' })).statusCode, 200);
    } finally {
      await other.close();
    }
  });

  const countOf = async (productId: string): Promise<number> => {
    const [row] = await database.db.query<{ n: number }>('select count(*) as n from reviews where product_id = $1', [
      productId,
    ]);
    return row!.n;
  };
  /** A second server process on the same database (PostgreSQL: its own pool; PGlite allows one process: the same handle). */
  const secondProcess = async () => {
    const db = await database.openAnother();
    const other = await buildApp(fixture.config, db);
    return {
      app: other,
      close: async () => {
        await other.close();
        if (db !== database.db) await db.close();
      },
    };
  };

  await t.test(
    'one client, one review of a product a day: the second is a 429 that says so, with Retry-After; nothing stored',
    async () => {
      const product = 'oc_cu_xlpe_swa_pvc_cable';
      const client = freshAddress();
      assert.equal((await post(product, { ...VALID, stars: 1 }, client)).statusCode, 200);
      const stored = await countOf(product);
      // the attacker's next posts: another name, other stars, another e-mail; the same address
      for (const body of [
        { ...VALID, stars: 1 },
        { customerName: 'Someone Else', emailId: 'x@example.com', comment: 'Bad.', stars: 1 },
      ]) {
        const refused = await post(product, body, client);
        assert.equal(refused.statusCode, 429, refused.body);
        assert.match(refused.json<{ error: string }>().error, ALREADY_REVIEWED);
        const retryAfter = Number(refused.headers['retry-after']);
        assert.ok(retryAfter > 86_000 && retryAfter <= 86_400, `Retry-After ${retryAfter}`);
      }
      assert.equal(await countOf(product), stored, 'nothing stored');
      assert.equal(
        (await post('oc_cu_xlpe_swa_lszh_cable', VALID, client)).statusCode,
        200,
        'another product from the same client',
      );
      assert.equal((await post(product, VALID)).statusCode, 200, 'the same product from another client');
    },
  );

  await t.test('an IPv6 client is one client across its /64; an IPv4-mapped address is its IPv4 one', async () => {
    const product = '3m_lv_cold_shrink_straight_joint';
    assert.equal((await post(product, VALID, '2001:db8:5:6::1')).statusCode, 200);
    assert.equal(
      (await post(product, VALID, '2001:db8:5:6:ffff:1:2:3')).statusCode,
      429,
      'another address of the same /64',
    );
    assert.equal((await post(product, VALID, '2001:0db8:0005:0006:0:0:0:abcd')).statusCode, 429, 'written out in full');
    assert.equal((await post(product, VALID, '2001:db8:5:7::1')).statusCode, 200, 'another /64');
    const v4 = freshAddress();
    assert.equal((await post(product, VALID, v4)).statusCode, 200);
    assert.equal((await post(product, VALID, `::ffff:${v4}`)).statusCode, 429, 'the same IPv4 client over IPv6');
  });

  await t.test(
    'the limit is stored: a restarted server, or another process on the same database, still refuses',
    async () => {
      const product = 'elite_tinned_copper_tube_lug';
      const client = freshAddress();
      assert.equal((await post(product, VALID, client)).statusCode, 200);
      const other = await secondProcess();
      try {
        const refused = await post(product, { ...VALID, stars: 1 }, client, other.app);
        assert.equal(refused.statusCode, 429, refused.body);
        assert.match(refused.json<{ error: string }>().error, ALREADY_REVIEWED);
      } finally {
        await other.close();
      }
      assert.equal(await countOf(product), 1);
    },
  );

  await t.test(
    'a burst of simultaneous reviews of one product from one client, through two processes: exactly one stored',
    async () => {
      const product = 'mesc_lv_resin_joint_kit';
      const client = freshAddress();
      const other = await secondProcess();
      try {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            post(product, { ...VALID, comment: `Burst ${i}`, stars: 1 }, client, i % 2 === 0 ? app : other.app),
          ),
        );
        assert.deepEqual(answers.map((res) => res.statusCode).sort(), [200, 429, 429, 429, 429, 429, 429, 429]);
      } finally {
        await other.close();
      }
      assert.equal(await countOf(product), 1);
    },
  );

  await t.test('a burst from one client moves the rating as one review, even with the limit off', async () => {
    // seeds 5 and 4: 4.5 from 2 reviews
    const product = 'mk_logic_plus_13a_switched_socket';
    const unlimitedFixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0', REVIEWS_PER_PRODUCT_MAX: '0' } });
    const unlimited = await buildApp(unlimitedFixture.config, database.db);
    try {
      assert.deepEqual(await ratingOf(product), { average: 4.5, count: 2 });
      const attacker = freshAddress();
      for (let i = 0; i < 3; i += 1)
        assert.equal(
          (await post(product, { ...VALID, customerName: `Bot ${i}`, stars: 1 }, attacker, unlimited)).statusCode,
          200,
        );
      // three 1-star reviews, shown (staff moderation is another matter), weigh as one: (5 + 4 + 1) / 3
      assert.deepEqual(await ratingOf(product), { average: 3.33, count: 5 });
      // ... from addresses of one IPv6 /64 too: one more client
      for (const address of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9:1::3']) {
        assert.equal((await post(product, { ...VALID, stars: 1 }, address, unlimited)).statusCode, 200);
      }
      assert.deepEqual(await ratingOf(product), { average: 2.75, count: 8 });
      // a real customer counts in full: (5 + 4 + 1 + 1 + 5) / 5
      assert.equal((await post(product, { ...VALID, stars: 5 })).statusCode, 200);
      assert.deepEqual(await ratingOf(product), { average: 3.2, count: 9 });
    } finally {
      await unlimited.close();
      await unlimitedFixture.cleanup();
    }
  });
}

test('reviews on embedded PGlite', async (t) => {
  await reviewsSuite(t, pgliteTarget);
});

test('reviews on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => reviewsSuite(t, target));
});

describe('review rate limit (in memory)', () => {
  test('the 3rd review in a minute from one client gets 429; reading reviews is not limited', async () => {
    const fixture = await createFixture({
      env: { SUBMIT_RATE_LIMIT_MAX: '2', SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    try {
      const send = (remoteAddress: string) =>
        app.inject({ ...json({ customerName: 'A' }), url: reviewsApiPath(SEEDED), remoteAddress });
      assert.equal((await send('203.0.113.7')).statusCode, 400);
      assert.equal((await send('203.0.113.7')).statusCode, 400);
      const limited = await send('203.0.113.7');
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), { error: 'Too many reviews, please try again in a minute.' });
      assert.match(String(limited.headers['retry-after']), /^\d+$/);
      assert.equal((await send('198.51.100.20')).statusCode, 400, 'another client');
      for (let i = 0; i < 5; i += 1) {
        assert.equal(
          (await app.inject({ method: 'GET', url: reviewsApiPath(SEEDED), remoteAddress: '203.0.113.7' })).statusCode,
          200,
        );
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

describe('review clients and the limit text', () => {
  test('the stored key is a hash: the same for one client, different for another, never the address', () => {
    assert.equal(
      reviewClientKey(clientNetworks('2001:db8:a:b::1')),
      reviewClientKey(clientNetworks('2001:db8:a:b::2')),
    );
    assert.equal(reviewClientKey(clientNetworks('0x09.9.9.9')), reviewClientKey(clientNetworks('::ffff:9.9.9.9')));
    assert.notEqual(reviewClientKey(clientNetworks('203.0.113.7')), reviewClientKey(clientNetworks('203.0.113.8')));
    assert.match(reviewClientKey(clientNetworks('203.0.113.7')), /^[A-Za-z0-9_-]{22}$/);
    assert.ok(!reviewClientKey(clientNetworks('203.0.113.7')).includes('203'));
  });

  test('the 429 text says what happened, the rule and when to come back', () => {
    assert.equal(
      alreadyReviewed(1, 86_400_000, 23.5 * 3_600_000),
      'You have already reviewed this product today. One review of a product a day is accepted from each address: please try again in 24 hours.',
    );
    assert.equal(
      alreadyReviewed(2, 6 * 3_600_000, 90_000),
      'You have already reviewed this product. 2 reviews of a product every 6 hours are accepted from each address: please try again in 2 minutes.',
    );
    assert.equal(describeWait(3_600_000), 'an hour');
    assert.equal(describeWait(59_500), 'a minute');
    assert.equal(describeWait(1), 'a second');
  });
});

test('migration 003: names stored before the rule lose their text-direction controls; old reviews have no client', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-reviews-migration-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await runMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < '003'),
    );
    await db.query(
      'insert into reviews (product_id, customer_name, comment, stars) values ($1, $2, $3, 5), ($1, $4, $3, 4)',
      [SEEDED, '\u202egpj.exe \u2067عائشة\u2069', 'Stored before.', 'Aisha \u200fعائشة'],
    );
    assert.deepEqual(
      (
        await runMigrations(
          db,
          MIGRATIONS.filter((m) => m.version <= '003'),
        )
      ).applied,
      ['003'],
    );
    const rows = await db.query<{ customer_name: string; client_key: string | null }>(
      'select customer_name, client_key from reviews order by id',
    );
    assert.deepEqual(rows, [
      { customer_name: 'gpj.exe عائشة', client_key: null },
      { customer_name: 'Aisha \u200fعائشة', client_key: null },
    ]);
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
