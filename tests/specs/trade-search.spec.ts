// The header search as a buyer of electrical products uses it, against the real server and its database: a
// misspelling offers the close words, a product code finds its product first, the trade's abbreviations find what
// their words name, and an Arabic query typed without hamza or shadda finds the Arabic name. What matched is marked.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';

async function openSearch(page: Page, path: string, buttonName: string, dialogName: string) {
  await page.goto(path);
  await page.getByRole('banner').getByRole('button', { name: buttonName, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  return dialog;
}

test.describe('search that knows the trade', () => {
  test('a misspelling offers the closest words and shows their results; choosing the offer searches it', async ({ page, consoleProblems }) => {
    const dialog = await openSearch(page, '/home', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially('armourd cabel');
    await expect(dialog.getByRole('status')).toContainText('No results for “armourd cabel”. Did you mean armoured cable? Showing its results.');
    const option = dialog.getByRole('option', { name: /Armoured Power Cable \(BS 5467\)/ });
    await expect(option).toBeVisible();
    await expect(option.locator('mark').first()).toHaveText(/armoured/i);
    await dialog.getByRole('button', { name: 'armoured cable' }).click();
    await expect(dialog.getByRole('combobox')).toHaveValue('armoured cable');
    await expect(dialog.getByRole('status')).not.toContainText('Did you mean');
    await dialog.getByRole('option', { name: /Armoured Power Cable \(BS 5467\)/ }).click();
    await expect(page).toHaveURL(/\/our-products\/cables\/oc_cu_xlpe_swa_pvc_cable$/);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a product code, typed any way, finds its product first', async ({ page }) => {
    const dialog = await openSearch(page, '/our-products/cables', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially('hex cw 20s');
    await expect(dialog.getByRole('option').first()).toContainText('CW Brass Cable Gland for SWA Cable');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/our-products\/industrial_cable_glands\/hex_cw_brass_cable_gland$/);
  });

  test("an abbreviation finds what its words name, marked where the words are", async ({ page }) => {
    const dialog = await openSearch(page, '/home', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially('RCCB');
    const option = dialog.getByRole('option', { name: /Hager Residual Current Circuit Breaker/ });
    await expect(option).toBeVisible();
    await expect(option.locator('mark')).toHaveText(['Residual Current Circuit Breaker', 'RCCB']);
  });

  test('an Arabic query typed without hamza or shadda finds the Arabic name, right to left', async ({ page, consoleProblems }) => {
    const dialog = await openSearch(page, '/ar/home', 'بحث', 'البحث');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await dialog.getByRole('combobox').pressSequentially('قاطع دائرة مصغر');
    const option = dialog.getByRole('option', { name: /قاطع دائرة مصغّر \(MCB\) ABB S200/ });
    await expect(option).toBeVisible();
    await expect(option.locator('mark').first()).toHaveText('قاطع دائرة مصغّر');
    // the English abbreviation finds it on the Arabic page too
    await dialog.getByRole('combobox').fill('MCB');
    await expect(dialog.getByRole('option', { name: /قاطع دائرة مصغّر \(MCB\) ABB S200/ })).toBeVisible();
    await dialog.getByRole('option', { name: /قاطع دائرة مصغّر \(MCB\) ABB S200/ }).click();
    await expect(page).toHaveURL(/\/ar\/our-products\/[a-z_]+\/abb_s200_mcb$/);
    expect(consoleProblems.messages).toEqual([]);
  });
});
