import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures';

const MAIN_PHONE = '+971 4 347 1100';

test.describe('header at 1280 px', { tag: ['@site', '@shell'] }, () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the navigation with the current section highlighted', async ({ page }) => {
    await page.goto('/our-products/cables');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'About Us', 'Management', 'Certificates', 'Products', 'Projects', 'Contact']);
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.getByRole('link', { name: 'Crescent Electrical Trading: home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Call Us copies the number, says Copied, and goes back after 3 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/about');
    const callUs = page.getByRole('button', { name: 'Call Us' });
    await callUs.hover();
    await expect(page.getByRole('tooltip')).toHaveText(`Copy to clipboard ${MAIN_PHONE}`);
    await callUs.click();
    await expect(page.getByRole('tooltip')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MAIN_PHONE);
    await expect(page.getByRole('tooltip')).toHaveText(`Copy to clipboard ${MAIN_PHONE}`, { timeout: 5000 });
  });

  test('the search button opens the search dialog and Escape closes it', async ({ page }) => {
    await page.goto('/certificates');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Download Brochure downloads the catalogue and company profile PDF', async ({ page }) => {
    await page.goto('/home');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Brochure' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A real, multi-page document: more than one page object.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0).toBeGreaterThan(1);
  });

  test('footer: contacts, socials in a new tab, the lazy warehouse map and the copyright', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: MAIN_PHONE })).toHaveAttribute('href', 'tel:+97143471100');
    for (const name of [/LinkedIn/, /Instagram/]) {
      const social = footer.getByRole('link', { name });
      await expect(social).toHaveAttribute('target', '_blank');
      await expect(social).toHaveAttribute('rel', /noopener/);
    }
    // The map is only embedded when the footer comes near the viewport.
    await footer.getByRole('heading', { name: 'Locate Us' }).scrollIntoViewIfNeeded();
    await expect(footer.locator('iframe')).toHaveAttribute('loading', 'lazy');
    await expect(footer.locator('iframe')).toHaveAttribute('title', /Dubai warehouse/);
    await expect(footer).toContainText('© 2025 All Rights Reserved.');
  });
});

test.describe('header at 800 px', { tag: ['@site', '@shell'] }, () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the menu button opens the drawer; an item closes it and navigates', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'Management',
      'Certificates',
      'Products',
      'Projects',
      'Contact',
      'Career Opportunities',
    ]);
    await drawer.getByRole('link', { name: 'Career Opportunities' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/career-opportunities$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeVisible();
  });

  test('Escape closes the drawer and focus returns to the menu button', async ({ page }) => {
    await page.goto('/home');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('header at 375 px', { tag: ['@site', '@shell'] }, () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('Call Us is a phone icon that dials the Dubai number', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: `Call us on ${MAIN_PHONE}` })).toHaveAttribute('href', 'tel:+97143471100');
    await expect(page.getByRole('button', { name: 'Call Us' })).toHaveCount(0);
  });

  test('the quote basket stays in the header on a phone, and its panel opens and closes from there', async ({ page }) => {
    await page.goto('/home');
    const basket = page.getByRole('banner').getByRole('button', { name: 'Quote basket, empty' });
    await expect(basket).toBeInViewport();
    await basket.click();
    const panel = page.getByRole('dialog', { name: 'Quote basket' });
    await expect(panel).toContainText('Your quote basket is empty.');
    await expect(panel.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/our-products');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(basket).toBeFocused();
  });
});
