// A buyer narrows a listing by brand and price on the real server and its database: the count follows, the address
// keeps the filters (reload, back and a shared link show the same), the server draws the filtered count, and Clear all
// resets them. On a phone the filters open in a sheet.
import { test, expect } from '../support/fixtures';

const SWITCHGEAR = '/our-products/switchgear_accessories';

test.describe('filters on a listing', { tag: ['@site', '@catalogue'] }, () => {
  test('a brand narrows the count and the cards; a second brand widens; reload and back keep the address’s filters', async ({ page, consoleProblems }) => {
    await page.goto(SWITCHGEAR);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expect(page.getByText('Showing 6 results')).toBeVisible();
    await filters.getByRole('checkbox', { name: 'Hager (2)' }).click();
    await expect(page).toHaveURL(/\?brand=Hager$/);
    await expect(page.getByText('Showing 2 results')).toBeVisible();
    await expect(page.getByRole('list', { name: /products$/ }).getByRole('heading', { level: 2 })).toHaveCount(2);
    await filters.getByRole('checkbox', { name: 'ABB (1)' }).click();
    await expect(page).toHaveURL(/\?brand=ABB,Hager$/);
    await expect(page.getByText('Showing 3 results')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Showing 3 results')).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: 'ABB (1)' })).toBeChecked();
    await page.goBack();
    await expect(page.getByText('Showing 2 results')).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: 'ABB (1)' })).not.toBeChecked();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a price range narrows the brands’ counts, disabling a brand with nothing left; Clear all resets; the sort stays', async ({ page }) => {
    await page.goto(`${SWITCHGEAR}?sort=5`);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('textbox', { name: 'Maximum price' }).fill('100');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\?sort=5&maxPrice=100$/);
    await expect(page.getByText('Showing 2 results')).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: 'Siemens (0)' })).toBeDisabled();
    await filters.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\?sort=5$/);
    await expect(page.getByText('Showing 6 results')).toBeVisible();
  });

  test('the server’s HTML of a filtered address has the filtered count; odd filters are read, never a failure', async ({ request }) => {
    const html = await (await request.get(`${SWITCHGEAR}?brand=Hager&maxPrice=100`)).text();
    expect(html).toContain('Showing 1 results');
    // No hidden copy of the filters in the HTML: a phone never shows the side panel, and the browser draws it on a wide
    // screen (it made the listing's first layout and hydration its longest task).
    expect(html).not.toContain('aria-label="Maximum price"');
    for (const odd of ['?brand=Nobody', `?brand=${'x'.repeat(3000)}`, '?minPrice=-5&maxPrice=abc', '?brand=Hager&brand=ABB']) {
      const response = await request.get(`${SWITCHGEAR}${odd}`);
      expect(response.status(), odd).toBe(200);
    }
    expect(await (await request.get(`${SWITCHGEAR}?brand=Nobody`)).text()).toContain('Showing 6 results');
  });

  test('a specification filter (IP rating) narrows with a brand; reload, back and the server’s HTML keep the count', async ({ page, request }) => {
    await page.goto('/our-products/industrial_plugs_and_sockets');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const ip = filters.getByRole('group', { name: 'IP rating' });
    await ip.getByRole('checkbox', { name: 'IP67 (3)' }).click();
    await expect(page).toHaveURL(/\?ip=IP67$/);
    await expect(page.getByText('Showing 3 results')).toBeVisible();
    await filters.getByRole('group', { name: 'Brand' }).getByRole('checkbox', { name: /^PCE/ }).click();
    await expect(page).toHaveURL(/\?brand=PCE&ip=IP67$/);
    await expect(page.getByText('Showing 2 results')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Showing 2 results')).toBeVisible();
    await expect(ip.getByRole('checkbox', { name: /^IP67/ })).toBeChecked();
    await page.goBack();
    await expect(page.getByText('Showing 3 results')).toBeVisible();
    expect(await (await request.get('/our-products/industrial_plugs_and_sockets?ip=IP67')).text()).toContain('Showing 3 results');
  });

  test('on a phone the filters open in a sheet, in Arabic too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/ar${SWITCHGEAR}`);
    await page.getByRole('button', { name: 'تصفية', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'عوامل التصفية' });
    await sheet.getByRole('checkbox', { name: /Hager/ }).click();
    await expect(page).toHaveURL(/\?brand=Hager$/);
    await sheet.getByRole('button', { name: 'عرض نتيجتين' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText('عرض نتيجتين')).toBeVisible();
  });
});
