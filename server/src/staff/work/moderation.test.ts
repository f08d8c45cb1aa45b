// Review moderation and the settings on both databases, with the real public review calls (buildApp) and the staff
// calls on the same database: a hidden review leaves GET /api/products/:id/reviews and the rating at once and comes
// back when shown; "hold new reviews" (admins only) stores new ones held, answers the visitor so, keeps them out of
// the public list and rating until approved; the staff list's filters and pages; each change with its audit line.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RATINGS_API_PATH, reviewsApiPath } from '@site/contracts/api';
import {
  STAFF_API,
  staffApiPath,
  type ReviewPage,
  type StaffAccountSummary,
  type StaffReview,
} from '@site/contracts/staff-api';
import type { StaffSettings } from '@site/contracts/staff-api-schemas';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/index.js';
import { siteReviewCatalogue } from '../../reviews/productCatalogue.js';
import { freshAddresses } from '../../test-support/addresses.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../../test-support/databases.js';
import { createFixture, type Fixture } from '../../test-support/fixture.js';
import { REVIEWS_PER_PAGE } from './reviewModeration.js';
import { as, buildStaffWorkTestApp, createTestAccount } from '../../test-support/staffWorkApp.js';
import { seedCatalogue } from '../../catalogue/seed.js';

/** Two seed reviews (5 and 4 stars) in the catalogue. */
const SEEDED = 'hex_cw_brass_cable_gland';
const OTHER = 'hex_e1w_brass_cable_gland';

interface PublicReview {
  customerName: string;
  stars: number;
  comment: string;
}

/** A client address of its own for each review (one review of a product a day per client). */
const freshAddress = freshAddresses('198.19');

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  assert.equal(res.statusCode, status, res.body);
  return res.json<T>();
}

async function moderationSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let site: FastifyInstance;
  let staffApp: FastifyInstance;
  let admin: StaffAccountSummary;
  let dubai: StaffAccountSummary;

  const postReview = (productId: string, review: Record<string, unknown>) =>
    site.inject({
      method: 'POST',
      url: reviewsApiPath(productId),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(review),
      remoteAddress: freshAddress(),
    });
  const publicList = async (productId: string) =>
    ok<{ reviews: PublicReview[] }>(await site.inject({ method: 'GET', url: reviewsApiPath(productId) })).reviews;
  const rating = async (productId: string) =>
    ok<{ ratings: Record<string, { average: number; count: number }> }>(
      await site.inject({ method: 'GET', url: RATINGS_API_PATH }),
    ).ratings[productId];
  const staffGet = (account: StaffAccountSummary, url: string, query: Record<string, string> = {}) =>
    staffApp.inject({ method: 'GET', url, query, headers: as(account) });
  const staffSend = (account: StaffAccountSummary, method: 'POST' | 'PUT', url: string, body: unknown) =>
    staffApp.inject({
      method,
      url,
      headers: { ...as(account), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const reviews = async (query: Record<string, string> = {}) =>
    ok<ReviewPage>(await staffGet(admin, STAFF_API.reviews, query));
  const setHidden = (account: StaffAccountSummary, id: number, hidden: boolean) =>
    staffSend(account, 'POST', staffApiPath(STAFF_API.reviewVisibility, { id }), { hidden });
  const seeds = siteReviewCatalogue.seedReviews(SEEDED);

  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
    database = await target.fresh();
    await seedCatalogue(database.db); // the catalogue the app reads (the site's, as on a first start)
    db = database.db;
    site = await buildApp(fixture.config, db);
    staffApp = await buildStaffWorkTestApp({ db });
    admin = await createTestAccount(db, 'admin@crescent.example', 'admin');
    dubai = await createTestAccount(db, 'dubai@crescent.example', 'branch', 'Dubai');
  });
  t.after(async () => {
    await site?.close();
    await staffApp?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  await t.test(
    'hiding a review takes it out of the public list and the rating at once; showing it brings it back',
    async () => {
      const before = await rating(SEEDED);
      assert.deepEqual(before, { average: 4.5, count: 2 });
      assert.deepEqual(
        ok(
          await postReview(SEEDED, {
            customerName: 'Spiteful Sam',
            emailId: 'sam@example.com',
            comment: 'Terrible <b>!!!</b>',
            stars: 1,
          }),
        ),
        {
          ok: true,
          review: { customerName: 'Spiteful Sam', stars: 1, comment: 'Terrible <b>!!!</b>' },
        },
      );
      assert.deepEqual(await rating(SEEDED), { average: 3.33, count: 3 });
      assert.equal((await publicList(SEEDED))[0]!.customerName, 'Spiteful Sam');

      const [listed] = (await reviews({ productId: SEEDED })).reviews;
      assert.deepEqual(
        { ...listed, id: 0, createdAt: '' },
        {
          id: 0,
          productId: SEEDED,
          productName: listed!.productName,
          customerName: 'Spiteful Sam',
          email: 'sam@example.com',
          comment: 'Terrible <b>!!!</b>',
          stars: 1,
          createdAt: '',
          visibility: 'visible',
        },
      );
      assert.notEqual(listed!.productName, SEEDED, "the catalogue's name");

      const hidden = ok<StaffReview>(await setHidden(admin, listed!.id, true));
      assert.equal(hidden.visibility, 'hidden');
      assert.deepEqual(await publicList(SEEDED), seeds, 'gone from the public list');
      assert.deepEqual(await rating(SEEDED), before, 'and from the rating');

      assert.equal(ok<StaffReview>(await setHidden(admin, listed!.id, false)).visibility, 'visible');
      assert.equal((await publicList(SEEDED))[0]!.customerName, 'Spiteful Sam');
      assert.deepEqual(await rating(SEEDED), { average: 3.33, count: 3 });

      const lines = await db.query<{ action: string; actor_email: string; detail: string }>(
        `select action, actor_email, detail from staff_audit_log where target = $1 order by id`,
        [`review:${listed!.id}`],
      );
      assert.deepEqual(
        lines.map((line) => [line.action, line.actor_email, line.detail]),
        [
          ['review.hide', 'admin@crescent.example', 'visible → hidden'],
          ['review.show', 'admin@crescent.example', 'hidden → visible'],
        ],
      );
      // a product whose only stored review is hidden has no stored rating left
      const only = ok<{ ok: true }>(await postReview(OTHER, { customerName: 'Lone', comment: 'Fine.', stars: 4 }));
      assert.equal(only.ok, true);
      assert.deepEqual(await rating(OTHER), { average: 4, count: 1 });
      const lone = (await reviews({ productId: OTHER })).reviews[0]!;
      ok(await setHidden(admin, lone.id, true));
      assert.equal(await rating(OTHER), undefined);
      assert.deepEqual(await publicList(OTHER), []);
    },
  );

  await t.test(
    'branch staff cannot moderate: no list (with its e-mails), no hiding, no approving; the review stays as it was',
    async () => {
      ok(
        await postReview(SEEDED, {
          customerName: 'Fair Fatima',
          emailId: 'fatima@example.com',
          comment: 'Solid glands.',
          stars: 5,
        }),
      );
      const target = (await reviews({ q: 'Fair Fatima' })).reviews[0]!;
      const listing = await staffGet(dubai, STAFF_API.reviews);
      assert.equal(listing.statusCode, 403, listing.body);
      assert.deepEqual(listing.json(), { error: 'Only an administrator can moderate reviews.' });
      assert.ok(!listing.body.includes('fatima@example.com'), "no reviewer's e-mail");
      for (const hidden of [true, false]) {
        const res = await setHidden(dubai, target.id, hidden);
        assert.equal(res.statusCode, 403, `hidden: ${hidden}: ${res.body}`);
      }
      assert.ok(
        (await publicList(SEEDED)).some((review) => review.customerName === 'Fair Fatima'),
        'still shown to visitors',
      );
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from staff_audit_log where actor_email = 'dubai@crescent.example' and action like 'review.%'`,
      );
      assert.equal(row?.n, 0, 'nothing changed, nothing audited');
    },
  );

  await t.test('settings: anyone reads them, only an admin changes them (audited)', async () => {
    assert.deepEqual(ok<StaffSettings>(await staffGet(dubai, STAFF_API.settings)), { holdNewReviews: false });
    const refused = await staffSend(dubai, 'PUT', STAFF_API.settings, { holdNewReviews: true });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { error: 'Only an administrator can change the settings.' });
    for (const body of [{}, { holdNewReviews: 'yes' }, { holdNewReviews: true, more: 1 }, []]) {
      assert.equal((await staffSend(admin, 'PUT', STAFF_API.settings, body)).statusCode, 400, JSON.stringify(body));
    }
    assert.deepEqual(ok<StaffSettings>(await staffSend(admin, 'PUT', STAFF_API.settings, { holdNewReviews: true })), {
      holdNewReviews: true,
    });
    assert.deepEqual(ok<StaffSettings>(await staffGet(dubai, STAFF_API.settings)), { holdNewReviews: true });
    const [line] = await db.query<{ action: string; detail: string }>(
      `select action, detail from staff_audit_log where action = 'settings.update'`,
    );
    assert.deepEqual(line, { action: 'settings.update', detail: 'holdNewReviews: false → true' });
  });

  await t.test(
    'held: a new review is stored held, the visitor is told, nothing public changes until it is approved',
    async () => {
      const before = await rating(SEEDED);
      const publicBefore = await publicList(SEEDED);
      const answer = ok(await postReview(SEEDED, { customerName: 'Patient Pat', comment: 'Good glands.', stars: 5 }));
      assert.deepEqual(answer, {
        ok: true,
        review: { customerName: 'Patient Pat', stars: 5, comment: 'Good glands.' },
        held: true,
      });
      assert.deepEqual(await publicList(SEEDED), publicBefore);
      assert.deepEqual(await rating(SEEDED), before);
      // the honeypot's answer looks the same (and nothing is stored)
      assert.deepEqual(ok(await postReview(SEEDED, { customerName: 'Bot', comment: 'spam', stars: 5, website: 'x' })), {
        ok: true,
        review: { customerName: 'Bot', stars: 5, comment: 'spam' },
        held: true,
      });

      const held = await reviews({ visibility: 'held' });
      assert.deepEqual(
        held.reviews.map((review) => review.customerName),
        ['Patient Pat'],
      );
      assert.equal(held.total, 1);
      const approved = ok<StaffReview>(await setHidden(admin, held.reviews[0]!.id, false));
      assert.equal(approved.visibility, 'visible');
      assert.equal((await publicList(SEEDED))[0]!.customerName, 'Patient Pat');
      assert.notDeepEqual(await rating(SEEDED), before);
      const [line] = await db.query<{ action: string }>('select action from staff_audit_log where target = $1', [
        `review:${approved.id}`,
      ]);
      assert.equal(line!.action, 'review.approve');

      ok(await staffSend(admin, 'PUT', STAFF_API.settings, { holdNewReviews: false }));
      assert.deepEqual(
        ok(await postReview(SEEDED, { customerName: 'Quick Quinn', comment: 'Shown at once.', stars: 4 })),
        {
          ok: true,
          review: { customerName: 'Quick Quinn', stars: 4, comment: 'Shown at once.' },
        },
      );
      assert.equal((await publicList(SEEDED))[0]!.customerName, 'Quick Quinn');
    },
  );

  await t.test('the staff list: filters, search, pages; bad parameters and unknown reviews', async () => {
    for (let index = 0; index < REVIEWS_PER_PAGE + 3; index += 1) {
      await db.query(`insert into reviews (product_id, customer_name, comment, stars) values ($1, $2, $3, $4)`, [
        OTHER,
        `Bulk ${index}`,
        `Bulk comment 100%_${index}`,
        (index % 5) + 1,
      ]);
    }
    const first = await reviews({ productId: OTHER });
    assert.equal(first.total, REVIEWS_PER_PAGE + 4);
    assert.deepEqual([first.page, first.pageCount, first.reviews.length], [1, 2, REVIEWS_PER_PAGE]);
    const second = await reviews({ productId: OTHER, page: '2' });
    assert.equal(second.reviews.length, 4);
    assert.equal(new Set([...first.reviews, ...second.reviews].map((review) => review.id)).size, REVIEWS_PER_PAGE + 4);
    assert.equal((await reviews({ productId: OTHER, page: '3' })).reviews.length, 0);
    assert.ok((await reviews({ stars: '1' })).reviews.every((review) => review.stars === 1));
    assert.deepEqual(
      (await reviews({ visibility: 'hidden' })).reviews.map((review) => review.customerName),
      ['Lone'],
    );
    assert.deepEqual(
      (await reviews({ q: 'SAM@EXAMPLE' })).reviews.map((review) => review.customerName),
      ['Spiteful Sam'],
      'by e-mail, any case',
    );
    assert.deepEqual(
      (await reviews({ q: '100%_7' })).reviews.map((review) => review.customerName),
      ['Bulk 7'],
      '% and _ are text',
    );
    const badQueries: Record<string, string>[] = [
      { stars: '6' },
      { visibility: 'gone' },
      { page: '0' },
      { page: 'x' },
      { sort: 'stars' },
      { q: 'a\u0000' },
    ];
    for (const query of badQueries) {
      assert.equal((await staffGet(admin, STAFF_API.reviews, query)).statusCode, 400, JSON.stringify(query));
    }
    assert.equal((await setHidden(admin, 999_999, true)).statusCode, 404);
    assert.equal(
      (await staffSend(admin, 'POST', staffApiPath(STAFF_API.reviewVisibility, { id: 'x' }), { hidden: true }))
        .statusCode,
      404,
    );
    assert.equal(
      (
        await staffSend(admin, 'POST', staffApiPath(STAFF_API.reviewVisibility, { id: first.reviews[0]!.id }), {
          hidden: 'yes',
        })
      ).statusCode,
      400,
    );
  });
}

describe('review moderation and settings', () => {
  test('on embedded PGlite', async (t) => moderationSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => moderationSuite(t, target)));
});
