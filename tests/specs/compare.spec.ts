// A buyer compares products side by side on the real server: picked from listings and product pages (kept for the
// visit across pages), compared on a page the server draws, the rows that differ marked, a column removed, a product
// sent to the quote basket.
import { test, expect } from '../support/fixtures';

test.describe('compare', { tag: ['@site', '@catalogue'] }, () => {
  test('two picked from a listing and a product page; the comparison marks what differs; a column is removed', async ({ page, consoleProblems }) => {
    await page.goto('/our-products/switchgear_accessories');
    await page.getByRole('checkbox', { name: /^Compare ABB S200/ }).click();
    const tray = page.getByRole('region', { name: 'Products to compare' });
    await expect(tray).toContainText('Compare (1): choose another product to compare it with.');
    // another page of the visit: the pick is still there
    await page.goto('/our-products/switchgear_accessories/hager_rccb_30ma');
    // the compare page's code is fetched as soon as the tray offers its link, and only then: once for the visit
    const comparePageCode: string[] = [];
    page.on('request', (request) => {
      if (/__federation_expose_ComparePage\.[^/]*\.js$/.test(request.url())) comparePageCode.push(request.url());
    });
    const preloaded = page.waitForRequest(/__federation_expose_ComparePage\.[^/]*\.js$/);
    await page.getByRole('checkbox', { name: /^Compare Hager/ }).click();
    await preloaded;
    await tray.getByRole('link', { name: 'Compare (2)' }).click();
    await expect(page).toHaveURL(/\/compare\?ids=abb_s200_mcb,hager_rccb_30ma$/);
    const table = page.getByRole('table', { name: 'Products compared' });
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table.getByRole('row', { name: /^Brand/ })).toContainText('Differs');
    await expect(table.getByRole('row', { name: /^Price/ })).toContainText('AED 28');
    await expect(table.getByRole('row', { name: /^Poles/ })).toBeVisible();
    // the chat's panel opens on a desktop's first visit, over the second column
    await page.getByRole('button', { name: 'Minimize chat' }).click();
    await table.getByRole('button', { name: /^Remove Hager/ }).click();
    await expect(page).toHaveURL(/\/compare\?ids=abb_s200_mcb$/);
    await expect(table.getByRole('columnheader')).toHaveCount(1);
    await expect(page.getByText('Add another product to compare it with.')).toBeVisible();
    expect(comparePageCode).toHaveLength(1);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('four products drawn by the server with their differences; more keep the first four; unknown ids say so', async ({ page, request }) => {
    const ids = ['abb_s200_mcb', 'hager_rccb_30ma', 'schneider_tesys_d_contactor', 'nobody', 'siemens_sirius_3rv2_motor_protection_breaker'];
    const html = await (await request.get(`/compare?ids=${ids.join(',')}`)).text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('Product not found');
    expect(html).toContain('Differs');
    expect(html).not.toContain('Siemens SIRIUS');
    await page.goto(`/compare?ids=${ids.join(',')}`);
    const table = page.getByRole('table', { name: 'Products compared' });
    await expect(table.getByRole('columnheader')).toHaveCount(4);
    await expect(table.getByRole('row', { name: /^Code/ })).toContainText('Differs');
    // one of them to the quote basket
    await table.getByRole('button', { name: /^Add ABB S200.* to quote$/ }).click();
    await expect(table.getByRole('status').first()).toContainText('View quote');
  });

  test('the Arabic comparison, right to left', async ({ page, consoleProblems }) => {
    await page.goto('/ar/compare?ids=abb_s200_mcb,hager_rccb_30ma');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مقارنة المنتجات');
    const table = page.getByRole('table', { name: 'المنتجات المقارنة' });
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table.getByRole('row', { name: /^العلامة التجارية/ })).toContainText('مختلف');
    expect(consoleProblems.messages).toEqual([]);
  });
});
