// The staff pages are for staff only. Never indexed (X-Robots-Tag and the robots meta, robots.txt, not in
// the sitemap), never mentioned or downloaded by the public /home page (its HTML, its remotes map, its requests), and
// accessible: axe (WCAG 2.2 AA and best practices) finds nothing on any of them, through an admin's whole first and
// second sign-in, with no console errors.
import { STAFF_API } from '@site/contracts/staff-api';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { test, expect, localOnly } from '../support/fixtures';
import { QUOTE_REQUESTS } from '../support/submission-stream';
import { axeViolations } from '../support/axe';
import {
  ADMIN,
  confirmCodesSaved,
  heading,
  inboxCount,
  mailsTable,
  setUpTotp,
  sharedStaffUrl,
  startStaffSite,
  submit,
  type StaffSite,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

/** Anything that names the staff app: its pages, its API, its remote, its packages. ("staff" alone is in the site's copy.) */
const NAMES_STAFF = /\/staff\b|\/api\/staff|remotes\/staff|mfe-staff|staff-host|StaffApp|"name":\s*"staff"/;

test.describe('the staff pages', { tag: ['@local', '@staff'] }, () => {
  test('never indexed, and the public /home page never names or downloads them', async ({ page, request }) => {
    test.slow(); // two full page loads, the second watched until the network is idle (all that /home downloads)
    const staffUrl = sharedStaffUrl();
    // every staff address: on the public origin a redirect to the same address on the staff origin (not cached); there
    // the host page, noindex and not cached
    for (const path of [
      '/staff',
      '/staff/sign-in',
      '/staff/inbox',
      '/staff/inbox/contact/1',
      '/staff/reviews',
      '/staff/settings',
      '/staff/audit',
    ]) {
      const bookmark = await request.get(path, { maxRedirects: 0 });
      expect(bookmark.status(), path).toBe(302);
      expect(bookmark.headers()['location'], path).toBe(`${staffUrl}${path}`);
      expect(bookmark.headers()['cache-control'], path).toBe('no-store');
      const answer = await request.get(`${staffUrl}${path}`, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(answer.headers()['cache-control'], path).toBe('no-store');
      expect(await answer.text(), path).toMatch(/<meta name=("?)robots\1 content="noindex, nofollow">/);
    }
    // as the browser has it, once the app is drawn
    await page.goto(`${staffUrl}/staff/sign-in`);
    await expect(heading(page, 'Staff sign-in')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    const robots = await (await request.get('/robots.txt')).text();
    expect(robots.split('\n').map((line) => line.trim())).toContain('Disallow: /staff/');
    // the staff origin has nothing to index at all
    const staffRobots = await (await request.get(`${staffUrl}/robots.txt`)).text();
    expect(staffRobots.split('\n').map((line) => line.trim())).toContain('Disallow: /');
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const sitemapText = await sitemap.text();
    expect(sitemapText).toContain('/home</loc>');
    expect(sitemapText).not.toMatch(/staff/i);

    // /home: its HTML, its remotes map (inline and /remotes.json), and everything the browser fetches for it
    const homeHtml = await (await request.get('/home')).text();
    expect(homeHtml).not.toMatch(NAMES_STAFF);
    const fetched: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
    page.on('response', (answer) => {
      if (answer.request().resourceType() === 'script' || answer.url().endsWith('.json'))
        scripts.push(answer.text().catch(() => ''));
    });
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const inlineMap = JSON.parse((await page.locator(`#${REMOTES_MAP_ELEMENT_ID}`).textContent()) ?? '{}') as {
      remotes: { name: string }[];
    };
    expect(inlineMap.remotes.map((remote) => remote.name).sort()).toEqual(['catalogue', 'chat', 'company', 'contact']);
    const remotesJson = (await (await request.get('/remotes.json')).json()) as { remotes: { name: string }[] };
    expect(remotesJson.remotes.map((remote) => remote.name).sort()).toEqual([
      'catalogue',
      'chat',
      'company',
      'contact',
    ]);
    expect(fetched.length).toBeGreaterThan(5);
    expect(fetched.filter((path) => NAMES_STAFF.test(path))).toEqual([]);
    // no public file carries the staff app's code or addresses either
    for (const body of await Promise.all(scripts)) expect(body).not.toMatch(/\/api\/staff|remotes\/staff|StaffApp/);
  });

  test.describe("axe through an admin's first and second sign-in", () => {
    // A staff site of its own, its admin made with the staff CLI first: started once, apart from the journey's time
    // (the CLI and then the server each open the embedded database: over a minute on a loaded machine).
    let staffSite: StaffSite | undefined;
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      staffSite = await startStaffSite([ADMIN]);
    });
    test.afterAll(async () => {
      await staffSite?.stop();
    });

    test('axe finds nothing on sign-in, TOTP set-up, recovery codes, second step, inbox, items, reviews, settings, rates, audit and releases; no console errors', async ({
      page,
    }) => {
      // a journey by nature: fourteen axe checks through an admin's first and second sign-in; 80 s of 90 on CI's busiest
      // landing (2026-12-01)
      test.setTimeout(180_000);
      const { url, staffUrl } = staffSite!;
      const staffAt = (path: string) => `${staffUrl}${path}`;
      // the wrong password typed on purpose is answered 401
      const staffConsole = watchStaffConsole(page, [`401 ${STAFF_API.signIn}`]);
      // something in each list: a contact message (its mail waits: no SMTP), a quote request with lines, a review
      const contact = await submit(page.request, url, '/api/send-contact-form', {
        name: 'Layla Haddad',
        email: 'layla@example.com',
        phone: '+971 50 765 4321',
        message: 'Do you stock copper busbar?',
        country: 'Dubai',
        companyName: 'Haddad Contracting',
      });
      await submit(page.request, url, '/api/quote-requests', {
        ...QUOTE_REQUESTS.body('Aisha Rahman'),
        branch: 'Oman',
      });
      await submit(page.request, url, '/api/products/oc_6242y_flat_twin_and_earth_cable/reviews', {
        customerName: 'Karim',
        emailId: '',
        comment: 'Good cable.',
        stars: 4,
      });

      await page.goto(staffAt('/staff/sign-in'));
      await expect(heading(page, 'Staff sign-in')).toBeVisible();
      expect(await axeViolations(page), 'sign-in').toEqual([]);
      // a refused password shows its alert: checked too
      await submitPassword(page, { email: ADMIN.email, password: 'Not-The-Right-One-99' });
      await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right.');
      expect(await axeViolations(page), 'sign-in, refused').toEqual([]);

      await submitPassword(page, ADMIN);
      await expect(heading(page, 'Set up two-step sign-in')).toBeVisible();
      await expect(page.locator('main code')).toBeVisible();
      expect(await axeViolations(page), 'TOTP set-up').toEqual([]);
      const { recoveryCodes } = await setUpTotp(page);
      expect(await axeViolations(page), 'recovery codes').toEqual([]);
      await confirmCodesSaved(page);

      await expect(heading(page, 'Inbox')).toBeVisible();
      await expect(inboxCount(page)).toHaveText('Showing all 2 items');
      expect(await axeViolations(page), 'inbox').toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await expect(inboxCount(page)).toHaveText('Showing all 2 items');
      expect(await axeViolations(page), 'inbox at 375 px').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(staffAt(`/staff/inbox/contact/${contact.id}`));
      await expect(heading(page, 'Contact message from Layla Haddad')).toBeVisible();
      await expect(mailsTable(page)).toBeVisible();
      expect(await axeViolations(page), 'contact message').toEqual([]);
      await page.goto(staffAt('/staff/inbox?kind=quote'));
      await page.getByRole('link', { name: 'Aisha Rahman', exact: true }).click();
      await expect(heading(page, /^Quote request RFQ-OM-\d{4}-\d{6} from Aisha Rahman$/)).toBeVisible();
      await expect(page.getByRole('table', { name: '3 lines requested' })).toBeVisible();
      expect(await axeViolations(page), 'quote request').toEqual([]);

      await page.goto(staffAt('/staff/reviews'));
      await expect(heading(page, 'Reviews')).toBeVisible();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: '1 review' })).toBeVisible();
      expect(await axeViolations(page), 'reviews').toEqual([]);
      // the product filter finds the product by the words of its name, from the catalogue's search
      await page.getByRole('combobox', { name: 'Product' }).fill('flat twin');
      const option = page.getByRole('option', { name: /6242Y Flat Twin and Earth Cable/ });
      await expect(option).toBeVisible();
      expect(await axeViolations(page), 'reviews, products offered').toEqual([]);
      await option.click();
      await expect(page).toHaveURL(staffAt('/staff/reviews?productId=oc_6242y_flat_twin_and_earth_cable'));
      await expect(page.getByRole('group', { name: 'Product' })).toContainText(
        'Product: 6242Y Flat Twin and Earth Cable',
      );
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: '1 review' })).toBeVisible();

      await page.goto(staffAt('/staff/settings'));
      await expect(page.getByRole('switch', { name: 'Hold new reviews until approved' })).not.toBeChecked();
      expect(await axeViolations(page), 'settings').toEqual([]);

      // the rates quotations are priced with: a new exchange rate set on the screen, in the history at once
      await page.goto(staffAt('/staff/rates'));
      await expect(heading(page, 'Rates and VAT')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Rates in use' }).getByRole('row', { name: /^OMR/ })).toContainText(
        'Not set',
      );
      const rateForm = page.getByRole('form', { name: 'New exchange rate' });
      await rateForm.getByRole('textbox', { name: /^1 AED in OMR/ }).fill('0.10477');
      await rateForm.getByRole('button', { name: 'Set rate' }).click();
      await expect(page.getByText('1 AED = 0.10477 OMR is in use from now on for new quotations.')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Every rate set, newest first' })).toContainText('0.10477 OMR');
      expect(await axeViolations(page), 'rates and VAT').toEqual([]);

      // the releases console as an admin sees it: every remote, and a pipeline token just made (its secret shown once)
      await page.goto(staffAt('/staff/releases'));
      const tokenForm = page.getByRole('form', { name: 'Make a pipeline token' });
      await tokenForm.getByLabel(/^Name/).fill('catalogue pipeline');
      await tokenForm.getByRole('checkbox', { name: 'catalogue' }).check();
      await tokenForm.getByRole('button', { name: 'Make token' }).click();
      await expect(page.getByText('Copy the token for catalogue pipeline now', { exact: false })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText([
        'catalogue',
        'company',
        'contact',
        'chat',
        'staff',
        'Page speed of the site',
        'Pipeline tokens',
      ]);
      expect(await axeViolations(page), 'releases console').toEqual([]);

      await page.goto(staffAt('/staff/audit'));
      await expect(heading(page, 'Audit log')).toBeVisible();
      await expect(page.getByRole('table', { name: /^Page 1 of 1, newest first$/ })).toBeVisible();
      expect(await axeViolations(page), 'audit log').toEqual([]);

      // signed out and in again: the second step, answered with a recovery code this time; back where they were
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/sign-in?next=%2Faudit'));
      await expect(page.getByText('You have signed out.', { exact: true })).toBeVisible();
      expect(await axeViolations(page), 'signed out').toEqual([]);
      await submitPassword(page, ADMIN);
      await expect(heading(page, 'Two-step sign-in')).toBeVisible();
      expect(await axeViolations(page), 'second step').toEqual([]);
      await page.getByRole('button', { name: 'Use a recovery code instead', exact: true }).click();
      await page.getByRole('textbox', { name: 'Recovery code', exact: true }).fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/audit'));
      await expect(heading(page, 'Audit log')).toBeVisible();
      // on record: the sign-in by a recovery code, with how many are left
      await expect(
        page.getByRole('cell', { name: /^Step password \+ recovery code \(9 left\) Address \S/ }),
      ).toBeVisible();
      expect(staffConsole.problems).toEqual([]);
      expect(staffConsole.expectedRefusals).toEqual([`401 ${STAFF_API.signIn}`]);
    });
  });
});
