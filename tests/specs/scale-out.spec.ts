// Two server processes on one PostgreSQL (a fresh schema) and one Redis (REDIS_URL, the
// rate limiter's store), as behind a load balancer. A review posted through one is read through the other, and the
// per-client rate limits count across both: the forms', the reviews' (per minute in Redis, one review of a product a
// day in PostgreSQL) and the chat's. Skipped, with the reason, when PostgreSQL or Redis is not reachable.
import { randomInt } from 'node:crypto';
import { productPath } from '@site/contracts/paths';
import { test, expect, localOnly } from '../support/fixtures';
import { findPostgresAndRedis, freshSchema, type FreshSchema } from '../support/services';
import { startSite, type RunningSite } from '../support/site-server';

localOnly('starts two servers of its own on PostgreSQL and Redis');

const PRODUCT = {
  id: 'hex_cw_brass_cable_gland',
  path: productPath('industrial_cable_glands', 'hex_cw_brass_cable_gland'),
};
/** Other products, for a client that reviews several (one review of a product a day from one address). */
const OTHER_PRODUCTS = [
  'hex_e1w_brass_cable_gland',
  'oc_cu_xlpe_swa_pvc_cable',
  'oc_fire_resistant_cable',
  'abb_s200_mcb',
  'pce_16a_industrial_plug',
];
const LIMIT = 3;

let schema: FreshSchema | undefined;
let sites: RunningSite[] = [];
let skipped: string | undefined;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const services = await findPostgresAndRedis();
  if ('reason' in services) {
    skipped = services.reason;
    return;
  }
  schema = await freshSchema(services.postgres, 'scaleout');
  const env = {
    DATABASE_URL: schema.url,
    REDIS_URL: services.redis,
    SUBMIT_RATE_LIMIT_MAX: String(LIMIT),
    SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '120',
    CHAT_RATE_LIMIT_MAX: String(LIMIT),
    CHAT_RATE_LIMIT_WINDOW_SECONDS: '120',
    // Each test comes from its own made-up client address (X-Forwarded-For from the loopback "load balancer"), so
    // counters left in the shared Redis by other runs on this machine never collide with this one's.
    TRUST_PROXY: 'loopback',
  };
  // One after the other: both run the migrations on the same schema; the second finds them applied.
  sites.push(await startSite(env));
  sites.push(await startSite(env));
});

test.afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  sites = [];
  await schema?.drop();
});

/** A random private client address (16 million of them), so its rate-limit counters start at zero. */
const freshClientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function send(site: RunningSite, path: string, body: unknown, clientIp: string) {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('the two processes share one PostgreSQL: a review posted through one is read through the other', {
  tag: ['@local', '@catalogue', '@chat'],
}, async ({ page }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  const [one, two] = sites as [RunningSite, RunningSite];
  const review = {
    customerName: `Scale-out reviewer ${Date.now()}`,
    emailId: 'scale.out@example.com',
    comment: `Posted through process one (${one.url}), read through process two.`,
    stars: 4,
  };
  const posted = await send(one, `/api/products/${PRODUCT.id}/reviews`, review, freshClientIp());
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);

  const read = await fetch(`${two.url}/api/products/${PRODUCT.id}/reviews`);
  expect(read.status).toBe(200);
  const { reviews } = (await read.json()) as { reviews: { customerName: string; comment: string; stars: number }[] };
  expect(reviews).toContainEqual({ customerName: review.customerName, comment: review.comment, stars: review.stars });

  // and in the browser, on the product page served by the other process
  await page.goto(`${two.url}${PRODUCT.path}`);
  await expect(page.getByText(review.comment)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(review.customerName)).toBeVisible();
});

test(`the rate limits count across both processes through one Redis: the ${LIMIT + 1}th request answers 429`, {
  tag: ['@local', '@catalogue', '@chat'],
}, async () => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  const [one, two] = sites as [RunningSite, RunningSite];

  // reviews (of different products): alternate between the processes; each alone has seen at most 2 of the client's requests
  const reviewer = freshClientIp();
  const statuses: number[] = [];
  for (let n = 1; n <= LIMIT + 1; n += 1) {
    const site = n % 2 === 1 ? one : two;
    const product = OTHER_PRODUCTS[n - 1]!;
    const answer = await send(
      site,
      `/api/products/${product}/reviews`,
      { customerName: `Limit ${n}`, comment: `Review ${n}`, stars: 5 },
      reviewer,
    );
    statuses.push(answer.status);
    if (answer.status === 429) expect(String(answer.body.error)).toMatch(/Too many reviews/);
  }
  expect(statuses, 'reviews: one, two, one, two').toEqual([...Array<number>(LIMIT).fill(200), 429]);

  // contact form: the same, on the forms' own counter
  const visitor = freshClientIp();
  const formStatuses: number[] = [];
  for (let n = 1; n <= LIMIT + 1; n += 1) {
    const site = n % 2 === 1 ? two : one;
    const answer = await send(
      site,
      '/api/send-contact-form',
      { name: `Limit ${n}`, email: 'limit@example.com', message: `Message ${n}` },
      visitor,
    );
    formStatuses.push(answer.status);
  }
  expect(formStatuses, 'contact form: two, one, two, one').toEqual([...Array<number>(LIMIT).fill(200), 429]);

  // another client is not limited by the first one's count
  const other = await send(
    one,
    '/api/send-contact-form',
    { name: 'Someone else', email: 'other@example.com', message: 'Hello' },
    freshClientIp(),
  );
  expect(other.status).toBe(200);
  const stored = await schema!.query<{ count: string }>(
    "select count(*) from contact_messages where email = 'limit@example.com'",
  );
  expect(Number(stored[0]!.count), 'the refused request stored nothing').toBe(LIMIT);
});

test('one review of a product a day from one client, counted in PostgreSQL: the other process refuses the second', {
  tag: ['@local', '@catalogue', '@chat'],
}, async () => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  const [one, two] = sites as [RunningSite, RunningSite];
  const attacker = freshClientIp();
  const review = (n: number) => ({ customerName: `One star ${n}`, comment: `Sinking the rating, try ${n}`, stars: 1 });
  expect((await send(one, `/api/products/${PRODUCT.id}/reviews`, review(1), attacker)).status).toBe(200);
  const second = await send(two, `/api/products/${PRODUCT.id}/reviews`, review(2), attacker);
  expect(second.status, JSON.stringify(second.body)).toBe(429);
  expect(String(second.body.error)).toMatch(
    /^You have already reviewed this product today\. .* please try again in \d+ hours\.$/,
  );
  const third = await send(one, `/api/products/${PRODUCT.id}/reviews`, review(3), attacker);
  expect(third.status).toBe(429);
  const stored = await schema!.query<{ count: string }>(
    "select count(*) from reviews where comment like 'Sinking the rating%'",
  );
  expect(Number(stored[0]!.count), 'one stored').toBe(1);
});

test(`the chat's rate limit counts across both processes through Redis: the ${LIMIT + 1}th question answers 429`, {
  tag: ['@local', '@catalogue', '@chat'],
}, async () => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  const [one, two] = sites as [RunningSite, RunningSite];
  const asker = freshClientIp();
  const statuses: number[] = [];
  for (let n = 1; n <= LIMIT + 1; n += 1) {
    const answer = await send(
      n % 2 === 1 ? one : two,
      '/api/chat',
      { question: `Where are your offices? (${n})`, history: [] },
      asker,
    );
    statuses.push(answer.status);
    if (answer.status === 429)
      expect(String(answer.body.error)).toMatch(/^Too many questions, please try again in \d+ seconds\.$/);
    else expect(answer.body.source).toBe('knowledge-base');
  }
  expect(statuses, 'chat: one, two, one, two').toEqual([...Array<number>(LIMIT).fill(200), 429]);
  expect((await send(two, '/api/chat', { question: 'Hello' }, freshClientIp())).status, 'another client').toBe(200);
});
