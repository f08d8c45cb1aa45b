import { test, expect, overrideRemoteEntry, stripInlineRemotesMap } from '../support/fixtures';
import { copyrightLine, siteCategories } from '../support/site-facts';

// Nothing listens on port 9 of the loopback: the connection is refused at once.
const DEAD_ENTRY = 'http://127.0.0.1:9/mf-manifest.json';

test.describe('one broken remote breaks only its own routes', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact'],
}, () => {
  test('catalogue at a dead URL: its route shows the error screen, the rest of the site works', async ({ page }) => {
    await overrideRemoteEntry(page, 'catalogue', DEAD_ENTRY);
    await page.goto('/our-products');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('catalogue');
    await expect(page.getByRole('contentinfo')).toContainText(copyrightLine());
    await expect(page.getByRole('dialog', { name: 'Crescent Assistant' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Certificates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('company manifest missing (404): its routes fail, catalogue and contact still load', async ({
    page,
    request,
  }) => {
    await page.route('**/remotes/company/mf-manifest.json', (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    );
    await page.goto('/certificates');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('company');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('list', { name: 'Product categories' }).getByRole('listitem')).toHaveCount(
      (await siteCategories(request)).length,
    );
    await expect(page.getByRole('dialog', { name: 'Crescent Assistant' })).toBeVisible();
  });

  test("contact's page code throws when it loads: only /contact-us fails", async ({ page }) => {
    await page.route('**/remotes/contact/__federation_expose_ContactPage*.js', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'throw new Error("contact remote crashed");' }),
    );
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('contact');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Electrical Products & Industrial Solutions' }),
    ).toBeVisible();
  });

  test('chat unreachable: every page works without the chat', async ({ page, request }) => {
    await overrideRemoteEntry(page, 'chat', DEAD_ENTRY);
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Electrical Products & Industrial Solutions' }),
    ).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('list', { name: 'Product categories' }).getByRole('listitem')).toHaveCount(
      (await siteCategories(request)).length,
    );
    await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close chat' })).toHaveCount(0);
  });

  test('the remotes map itself failing still shows the frame, never a blank page', async ({ page }) => {
    await stripInlineRemotesMap(page);
    await page.route('**/remotes.json', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(copyrightLine());
  });
});
