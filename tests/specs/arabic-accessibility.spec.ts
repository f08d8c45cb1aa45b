// The Arabic edition: axe (WCAG 2.2 AA and best practices, as specs/accessibility.spec.ts) finds nothing on the Arabic pages, nor
// in the states a visitor opens on them (error screen, drawer, search, chat and inquiry, contact form errors); those
// states are also checked for English UI strings left (support/ui-strings.ts), which the page tests cannot reach.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { axeViolations } from '../support/axe';
import { ARABIC, arabicFor, englishUiStringsOn } from '../support/ui-strings';

/** Both checks of a state: axe, and no English UI string. */
async function expectArabicAndAccessible(page: Page) {
  expect.soft(await englishUiStringsOn(page), 'English UI strings (src/i18n/en.json) in this state').toEqual([]);
  expect.soft(await axeViolations(page), 'axe violations').toEqual([]);
}

const PROFILE_KEY = 'crescent-chat-visitor';
const chatPanel = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.getByRole('log') });

test.describe('axe on the Arabic edition: zero violations', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact'],
}, () => {
  // axe's whole-page analysis is 3–8 s of CPU on a quiet machine and 4× that beside other work: long by nature.
  test.slow();

  // Every Arabic route as it loads: arabic-pages.spec.ts, in its one visit of each; here, the states a visitor opens.

  test('the error screen of an unknown Arabic address', async ({ page }) => {
    const response = await page.goto('/ar/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await expectArabicAndAccessible(page);
  });

  test('the open drawer at 800 px: it opens from the right', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/ar/home');
    await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').last().click();
    const drawer = page.locator('[role="dialog"][aria-modal="true"]').filter({ visible: true });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link').first()).toHaveText(ARABIC);
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    const box = (await drawer.boundingBox())!;
    expect.soft(Math.round(box.x + box.width), 'the drawer is against the right edge').toBe(800);
    await expectArabicAndAccessible(page);
  });

  test('the open search modal with results for an Arabic query', async ({ page }) => {
    await page.goto('/ar/about');
    await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').first().click();
    // the search's text box (the chat's welcome form has a combobox too: its region select)
    const dialog = page.getByRole('dialog').filter({ has: page.locator('input[role="combobox"]') });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[role="combobox"]').fill('جلبة');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await expect(dialog.getByRole('option').first()).toHaveText(ARABIC);
    await expect(dialog.getByRole('status')).toHaveText(ARABIC);
    await expectArabicAndAccessible(page);
  });

  test('the chat panel and the inquiry modal', async ({ page }) => {
    await page.goto('/ar/certificates');
    await expect(chatPanel(page)).toBeVisible();
    await expectArabicAndAccessible(page);
    await page.evaluate(
      (key) =>
        window.localStorage.setItem(
          key,
          JSON.stringify({
            userName: 'Axe Tester',
            userEmail: 'axe@example.com',
            userCountry: 'Dubai',
            timestamp: new Date().toISOString(),
          }),
        ),
      PROFILE_KEY,
    );
    await page.reload();
    await expect(chatPanel(page).getByRole('log')).toContainText('Axe Tester');
    await chatPanel(page)
      .getByRole('button', { name: arabicFor('Send Inquiry') })
      .click();
    await expect(page.getByRole('dialog', { name: arabicFor('Send Inquiry') })).toBeVisible();
    await expectArabicAndAccessible(page);
  });

  test('the contact form showing a validation error', async ({ page }) => {
    await page.goto('/ar/contact-us');
    const form = page.locator('form').filter({ has: page.locator('#message-form-status') });
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('#message-form-status')).toHaveText(ARABIC);
    await expectArabicAndAccessible(page);
  });
});
