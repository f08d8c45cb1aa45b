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

test.describe('search that knows the trade', { tag: ['@site', '@catalogue'] }, () => {
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

test.describe('the search results page', { tag: ['@site', '@catalogue'] }, () => {
  test("the modal's 'See all N results' leads to the results page, which pages through them; back returns", async ({ page, consoleProblems }) => {
    const dialog = await openSearch(page, '/home', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially('cable');
    await expect(dialog.getByRole('status')).toContainText('result(s) found');
    const count = await dialog.getByRole('status').textContent();
    const total = Number(/(\d+) result\(s\) found/.exec(count ?? '')?.[1]);
    expect(total).toBeGreaterThan(24);
    await dialog.getByRole('link', { name: `See all ${total} results` }).click();
    await expect(page).toHaveURL(/\/search\?q=cable$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toHaveText(`Showing ${total} results for “cable”`);
    const cards = page.getByRole('list', { name: 'Results for “cable”' }).getByRole('listitem');
    await expect(cards).toHaveCount(24);
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 24)}`)).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/search\?q=cable&page=2$/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 24)}`)).toBeVisible();
    await page.goBack();
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 24)}`)).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the server draws the results of the address, not for search engines; its form searches another text', async ({ page, request }) => {
    const response = await request.get('/search?q=armourd%20cabel');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('Did you mean');
    expect(html).toContain('Armoured Power Cable (BS 5467)');
    await page.goto('/search?q=hex%20cw%2020s');
    await expect(page.getByRole('list', { name: 'Results for “hex cw 20s”' }).getByRole('heading', { level: 2 }).first()).toContainText('CW Brass Cable Gland for SWA Cable');
    await page.getByRole('searchbox', { name: 'Search text' }).fill('RCCB');
    await page.getByRole('search', { name: 'Search the catalogue' }).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=RCCB$/);
    await expect(page.getByRole('link', { name: /Hager Residual Current Circuit Breaker/ })).toBeVisible();
  });

  test('the Arabic results page, right to left, finds the Arabic name', async ({ page, consoleProblems }) => {
    await page.goto(`/ar/search?q=${encodeURIComponent('قاطع دائرة مصغر')}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نتائج البحث');
    const card = page.getByRole('link', { name: /قاطع دائرة مصغّر \(MCB\) ABB S200/ });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/ar\/our-products\/[a-z_]+\/abb_s200_mcb$/);
    expect(consoleProblems.messages).toEqual([]);
  });
});

test.describe('filters on the search results page', { tag: ['@site', '@catalogue'] }, () => {
  test('a specification value and a brand narrow the matches, counted over every match; the server draws the filtered count', async ({ page, request }) => {
    await page.goto('/search?q=socket');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const ip67 = filters.getByRole('group', { name: 'IP rating' }).getByRole('checkbox', { name: /^IP67 \(\d+\)$/ });
    // the count the checkbox promises (its label's text), which the page must then show once the filter applies
    const label = await ip67.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');
    const count = Number(/\((\d+)\)/.exec(label)?.[1]);
    expect(count, `a count in the label "${label}"`).toBeGreaterThan(0);
    await ip67.click();
    await expect(page).toHaveURL(/\/search\?q=socket&ip=IP67$/);
    const status = page.getByRole('status').filter({ hasText: 'for “socket”' });
    await expect(status).toHaveText(`Showing ${count} result${count === 1 ? '' : 's'} for “socket”`);
    const html = await (await request.get('/search?q=socket&ip=IP67')).text();
    expect(html).toContain(`Showing ${count} result`);
    await filters.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/search\?q=socket$/);
  });
});
