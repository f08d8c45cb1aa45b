import { categoryPath } from '@site/contracts/paths';
import { test, expect } from '../support/fixtures';
import { expectImagesLoaded } from '../support/images';
import { siteCategories } from '../support/site-facts';

test.describe('each remote renders its screen through the shell', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact', '@chat'],
}, () => {
  test('catalogue: /our-products lists every category, each linking to its listing', async ({ page, request }) => {
    // the site's categories as its API lists them: the page must show each one, and no other
    const categories = await siteCategories(request);
    await page.goto('/our-products');
    const list = page.getByRole('list', { name: 'Product categories' });
    await expect(list.getByRole('listitem')).toHaveCount(categories.length);
    // found by its address, then its name checked: one category's title may be part of another's
    const linkTo = (category: { id: string }) => list.locator(`a[href=${JSON.stringify(categoryPath(category.id))}]`);
    for (const category of categories) {
      await expect(linkTo(category)).toHaveCount(1);
      await expect(linkTo(category)).toContainText(category.title);
    }
    const first = categories[0]!;
    await linkTo(first).click();
    await expect(page).toHaveURL((url) => url.pathname === categoryPath(first.id));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(first.title);
  });

  test('catalogue: every category image loads', async ({ page, request }) => {
    const { length } = await siteCategories(request);
    await page.goto('/our-products');
    const list = page.getByRole('list', { name: 'Product categories' });
    await expect(list.locator('img')).toHaveCount(length);
    await expectImagesLoaded(list);
  });

  test('company: /certificates shows both certificates and opens one large', async ({ page }) => {
    await page.goto('/certificates');
    await expect(page.getByRole('heading', { name: 'ISO 9001:2015 Certificate (UAE)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ISO 9001:2015 Certificate (Oman)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quality Assurance' })).toBeVisible();
    const opener = page.getByRole('button', { name: 'Click to view ISO 9001:2015 Certificate (UAE)' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'ISO 9001:2015 Certificate (UAE)' });
    await expect(dialog.getByRole('img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('contact: the region selector switches branch details after a spinner', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { name: 'Dubai', exact: true })).toBeVisible();
    // The spinner shows for 500 ms: watched from before the click (every frame), so a slow machine cannot miss it
    // between two of expect's polls.
    const spinner = page
      .getByRole('status')
      .filter({ hasText: 'Loading Oman (Muscat Office) details' })
      .waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Oman (Muscat Office)' }).click();
    await spinner;
    await expect(page.getByRole('heading', { name: 'Oman (Muscat Office)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Oman (Muscat Office)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('iframe[title="Map of the Muscat office"]')).toHaveAttribute('loading', 'lazy');
  });

  test('chat: the panel is open by default and can be minimised, restored, closed and reopened', async ({ page }) => {
    await page.goto('/home');
    const panel = page.getByRole('dialog', { name: 'Crescent Assistant' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Online');
    await panel.getByRole('button', { name: 'Minimize chat' }).click();
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Restore chat' }).click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Restore chat' })).toBeHidden();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(panel).toBeVisible();
  });
});
