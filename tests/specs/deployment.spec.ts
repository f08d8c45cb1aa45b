// The built server with the settings README.md's deployment section asks of every deployment (ALLOWED_HOSTS,
// PUBLIC_SITE_URL, TRUST_PROXY, STAFF_ORIGIN): the staff app only at its own origin; every kind of page, in both editions, still arrives drawn by the server. They once did
// not: the catalogue's pages read the catalogue API in-process under a host the list refused, and said "Could not
// load … (HTTP 421)". The pages are checked from their HTML (a plain request, no browser), one product page in Chromium.
import { test, expect, localOnly } from '../support/fixtures';
import { EVERY_KIND_OF_PAGE, expectDrawnByServer, PRODUCT, PRODUCT_PATH } from '../support/drawn-pages';
import { freePort, startSite, type RunningSite } from '../support/site-server';

localOnly('starts a server of its own with the deployment settings');

let site: RunningSite | undefined;
let publicUrl = '';
let staffOrigin = '';

// one server for the file: its tests in one worker, in order
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const staffPort = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  // a name of its own, as staff.example.com would be (localhost: a host a browser here reaches)
  staffOrigin = `http://localhost:${staffPort}`;
  // README.md, "Deploy it": the balancer's address, the public origin, the site's names, the staff app's origin
  site = await startSite(
    {
      TRUST_PROXY: 'loopback',
      PUBLIC_SITE_URL: publicUrl,
      ALLOWED_HOSTS: '127.0.0.1',
      STAFF_ORIGIN: staffOrigin,
      STAFF_PORT: String(staffPort),
    },
    { port },
  );
});

test.afterAll(async () => {
  await site?.stop();
});

test.describe('the deployment settings of README.md', {
  tag: ['@local', '@shell', '@catalogue', '@company', '@contact'],
}, () => {
  test("the start message names the public address and the staff app's", () => {
    expect(site?.output()).toContain(`Site ready at ${publicUrl} `);
    expect(site?.output()).toContain(`Staff app at ${staffOrigin}/staff`);
  });

  test('the staff app answers at its own origin only: the public one has no staff API and sends its pages there', async ({
    request,
  }) => {
    expect((await request.get(`${publicUrl}/api/staff/session`)).status()).toBe(404);
    const bookmark = await request.get(`${publicUrl}/staff/inbox`, { maxRedirects: 0 });
    expect(bookmark.status()).toBe(302);
    expect(bookmark.headers().location).toBe(`${staffOrigin}/staff/inbox`);
    const session = await request.get(`${staffOrigin}/api/staff/session`);
    expect(session.status()).toBe(200);
    expect(await session.json()).toEqual({ session: null });
    const page = await request.get(`${staffOrigin}/staff/inbox`);
    expect(page.status()).toBe(200);
    expect(page.headers()['x-robots-tag']).toBe('noindex, nofollow');
  });

  for (const kind of EVERY_KIND_OF_PAGE) {
    test(`${kind.path} arrives drawn by the server`, async ({ request }) => {
      const response = await request.get(`${publicUrl}${kind.path}`);
      expect(response.status()).toBe(200);
      expectDrawnByServer(await response.text(), kind);
    });
  }

  test('a product page in the browser shows the product and no error', async ({ page, consoleProblems }) => {
    await page.goto(`${publicUrl}${PRODUCT_PATH}`);
    await expect(page.getByRole('heading', { level: 2, name: PRODUCT.en })).toBeVisible();
    await expect(page.getByText('Could not load')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(consoleProblems.messages).toEqual([]);
  });
});
