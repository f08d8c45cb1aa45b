import { test, expect } from '../support/fixtures';
import { axeViolations } from '../support/axe';

test.describe('axe: zero violations', { tag: ['@site', '@shell', '@catalogue', '@company', '@contact'] }, () => {
  // axe's whole-page analysis is 3–8 s of CPU on a quiet machine and 4× that beside other work: long by nature.
  test.slow();

  // Every route as it loads: specs/every-page.spec.ts, in its one visit of each; here, the states a visitor opens.

  test('the error screen of an unknown route', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the open drawer at 800 px', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the open search modal with results', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Search text' }).fill('gland');
    await expect(dialog).toContainText(/result\(s\) found/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the chat panel and the inquiry modal', async ({ page }) => {
    await page.goto('/certificates');
    const chat = page.getByRole('dialog', { name: 'Crescent Assistant' });
    await expect(chat).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() =>
      window.localStorage.setItem(
        'crescent-chat-visitor',
        JSON.stringify({
          userName: 'Axe Tester',
          userEmail: 'axe@example.com',
          userCountry: 'Dubai',
          timestamp: new Date().toISOString(),
        }),
      ),
    );
    await page.reload();
    await expect(chat).toContainText('Welcome back, Axe Tester!');
    await chat.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page.getByRole('dialog', { name: /Inquiry/i })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the contact form showing a validation error', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText('Please fill in all required fields (Name, Email, Message)')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
