// The salesperson's editor at 1280 px, in a real browser on the built site: a Muscat request for three parts (the
// catalogue's longest code, SIE-3RV2011-1JA10, and two long descriptions) prepared by Oman's staff. Every code field
// shows its whole code and every description field its whole text, and the lines table fits the page without
// scrolling sideways; the totals follow a quantity and a discount as they are typed, in rials worked out by hand, and
// "Save draft" stores the figures shown.
import { request as playwrightRequest, type Locator } from '@playwright/test';
import { test, expect, localOnly } from '../support/fixtures';
import {
  ADMIN,
  OMAN_STAFF,
  firstAdminSignIn,
  heading,
  startStaffSite,
  submit,
  submitPassword,
  watchStaffConsole,
  type StaffSite,
  setCurrencyRate,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

const LINES = [
  { productId: 'siemens_sirius_3rv2_motor_protection_breaker', code: 'SIE-3RV2011-1JA10', quantity: 6 },
  { productId: 'raychem_mv_heat_shrink_termination', code: 'RAY-POLT-24D-3XO', quantity: 3 },
  { productId: 'hex_cw_brass_cable_gland', code: 'HEX-CW-20S', quantity: 40 },
];

/** Whether a field shows all it holds: nothing cut off sideways or below. */
const showsAll = (field: Locator) =>
  field.evaluate(
    (element: HTMLInputElement | HTMLTextAreaElement) =>
      element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1,
  );

test.describe('the quotation editor at 1280 px', { tag: ['@local', '@staff'] }, () => {
  let site: StaffSite;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    site = await startStaffSite([OMAN_STAFF, ADMIN]);
    const admin = await playwrightRequest.newContext({ baseURL: site.staffUrl });
    const session = await firstAdminSignIn(admin);
    await setCurrencyRate(admin, session, 'OMR', '0.10477');
    await admin.dispose();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('codes and descriptions read whole, the table fits, and the totals follow what is typed', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { reference } = await submit(page.request, site.url, '/api/quote-requests', {
      lines: LINES,
      companyName: 'Muscat Build LLC',
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      phone: '+968 9123 4567',
      branch: 'Oman',
      deliveryCity: 'Muscat',
      notes: '',
      language: 'en',
    });
    const staffConsole = watchStaffConsole(page);
    await page.goto(`${site.staffUrl}/staff/sign-in`);
    await submitPassword(page, OMAN_STAFF);
    await page.getByRole('link', { name: 'Aisha Rahman', exact: true }).click();
    await page.getByRole('button', { name: 'Prepare quotation', exact: true }).click();
    await expect(heading(page, `Quotation draft for ${reference}`)).toBeVisible();
    const table = page.getByRole('table', { name: '3 lines in OMR' });
    await expect(table).toBeVisible();

    for (const [index, { code }] of LINES.entries()) {
      const n = index + 1;
      const codeField = table.getByRole('textbox', { name: `Code, line ${n}`, exact: true });
      await expect(codeField).toHaveValue(code);
      expect(await showsAll(codeField), `the whole of ${code} shows`).toBe(true);
      const description = table.getByRole('textbox', { name: `Description, line ${n}`, exact: true });
      const text = await description.inputValue();
      expect(text.length, 'a long description: the case the width is for').toBeGreaterThan(50);
      expect(await showsAll(description), `the whole of “${text}” shows`).toBe(true);
      // at least 28 characters a line: never a sliver the text runs down
      const box = await description.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
    }
    // the table is not wider than its frame: nothing of a line is off to the side
    const frame = page.getByRole('region', { name: '3 lines in OMR' });
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // the gland at 12.00 AED is 1.257 OMR; typed: 12.5 of it with 2.5 % off = 15.3196875 → 15.320, VAT 5 % 0.766
    const gland = (field: string) => table.getByRole('textbox', { name: `${field}, line 3`, exact: true });
    await expect(gland('Unit price (OMR)')).toHaveValue('1.257');
    const row = table.getByRole('row').nth(3);
    const totalsShown = page.getByRole('region', { name: 'Totals' }).locator('dd');
    const before = await totalsShown.allTextContents();
    await gland('Quantity').fill('12.5');
    await gland('Discount %').fill('2.5');
    await expect(row.getByRole('cell', { name: '15.320', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '0.766 (5 %)', exact: true })).toBeVisible();
    const live = await totalsShown.allTextContents();
    expect(live).not.toEqual(before);
    await expect(
      page.getByText('Worked out as you type, as “Save draft” stores them.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(page.getByText('The draft is saved.', { exact: true })).toBeVisible();
    await expect(totalsShown).toHaveText(live);
    await expect(row.getByRole('cell', { name: '15.320', exact: true })).toBeVisible();
    expect(staffConsole.problems).toEqual([]);
  });
});
