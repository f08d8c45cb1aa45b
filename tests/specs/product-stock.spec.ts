// What buyers see of the ERP's stock on the product page, on the real server, in both editions: an admin makes a stock
// token in the staff API, the ERP's PATCH over HTTP puts the CW gland's size 25 in stock in Dubai; its page says so
// per location (and the variant table's column a word), in English and Arabic, read after the page started (the
// server's HTML has none of it: a feed never empties the pages' caches); nothing on the page moves as it arrives. A
// delta moves it to incoming; a code the ERP never named shows nothing at all.
import type { Page } from '@playwright/test';
import { localizedPath, type Locale } from '@site/contracts/locale';
import { productViewSearch } from '@site/contracts/product-view';
import { STOCK_API, type StockFeedReport } from '@site/contracts/stock-api';
import { test, expect, localOnly } from '../support/fixtures';
import { variantRow, variantTable } from '../support/product-variants';
import { quoteProduct } from '../support/quote-basket';
import { ADMIN, makeStockToken, startStaffSite, type StaffSite } from '../support/staff';
import { message } from '../support/ui-strings';

localOnly('starts a site of its own and sends it stock feeds');

const GLAND = quoteProduct('hex_cw_brass_cable_gland');
/** Two weeks ahead, as the ERP writes a date. */
const INCOMING_DATE = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

let staffSite: StaffSite | undefined;
let stockToken = '';

test.describe.configure({ mode: 'serial' });

/** The ERP's delta feed, over HTTP with the stock token: applied. */
async function sendDelta(page: Page, rows: Record<string, unknown>[]): Promise<void> {
  const answer = await page.request.patch(`${staffSite!.url}${STOCK_API.feed}`, {
    headers: { authorization: `Bearer ${stockToken}` },
    data: rows,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const report = (await answer.json()) as StockFeedReport;
  expect([report.outcome, report.refused]).toEqual(['applied', 0]);
}

const pageOf = (locale: Locale, code: string) =>
  `${staffSite!.url}${localizedPath(locale, GLAND.pagePath)}${productViewSearch(code)}`;
const stockLines = (page: Page, locale: Locale) =>
  page.getByRole('group', { name: message(locale, 'catalogue.stock.label'), exact: true });
/** The variant table's stock cell of `code`: the column after the price. */
const stockCell = (page: Page, locale: Locale, code: string) =>
  variantRow(variantTable(page, locale, GLAND), code)
    .locator('td')
    .nth(-2);

/** Opens the page and records the layout shifts no input caused (what CLS counts). */
async function openWatchingShifts(page: Page, url: string): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) shifts.push(shift.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  return () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
}

test.describe('stock on the product page', { tag: ['@local', '@catalogue'] }, () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000); // the staff CLI, then a cold server on the embedded database
    staffSite = await startStaffSite([ADMIN]);
    stockToken = await makeStockToken(staffSite.staffUrl);
  });
  test.afterAll(async () => {
    await staffSite?.stop();
  });

  test('a feed puts size 25 in stock in Dubai: its page says so per location in English and Arabic, after it started, moving nothing', async ({
    page,
    consoleProblems,
  }) => {
    await sendDelta(page, [
      { code: 'HEX-CW-25', location: 'dubai', onHand: 1240 },
      { code: 'HEX-CW-25', location: 'muscat', onHand: 0, leadTimeDays: 28 },
    ]);
    // not in the server's HTML (which the page cache keeps): the box is there, empty
    const html = await (await page.request.get(pageOf('en', 'HEX-CW-25'))).text();
    expect(html).toContain('id="stock"');
    expect(html).not.toContain('In stock');

    await page.setViewportSize({ width: 412, height: 823 });
    const shifts = await openWatchingShifts(page, pageOf('en', 'HEX-CW-25'));
    const lines = stockLines(page, 'en');
    await expect(lines.getByRole('listitem')).toHaveText([
      'Dubai warehouse — In stock: 1,240 pieces',
      'Muscat office — Lead time: about 4 weeks',
    ]);
    await expect(lines).toContainText(/Updated (\d+ seconds? ago|now|\d+ minutes? ago)/);
    await expect(stockCell(page, 'en', 'HEX-CW-25')).toHaveText('In stock');
    // 412 px is a phone's width: the size's block says it after its label, inside the screen (variant-table-phone.spec.ts)
    const labelled = variantRow(variantTable(page, 'en', GLAND), 'HEX-CW-25').getByRole('cell', {
      name: 'Availability: In stock',
      exact: true,
    });
    await expect(labelled).toBeVisible();
    const box = (await labelled.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(412);
    await page.waitForLoadState('load');
    expect(await shifts()).toEqual([]);

    await page.goto(pageOf('ar', 'HEX-CW-25'));
    const arabic = stockLines(page, 'ar');
    await expect(arabic.getByRole('listitem')).toHaveText([
      'مستودع دبي — متوفر في المخزون: 1,240 قطعة',
      'مكتب مسقط — مدة التوريد: نحو 4 أسابيع',
    ]);
    await expect(arabic).toContainText('آخر تحديث');
    await expect(stockCell(page, 'ar', 'HEX-CW-25')).toHaveText('متوفر');
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a delta empties Dubai with more coming: the page says incoming', async ({ page, consoleProblems }) => {
    await sendDelta(page, [
      { code: 'HEX-CW-25', location: 'dubai', onHand: 0, incoming: 500, incomingDate: INCOMING_DATE },
    ]);
    await page.goto(pageOf('en', 'HEX-CW-25'));
    const lines = stockLines(page, 'en');
    await expect(lines.getByRole('listitem').first()).toHaveText(
      /^Dubai warehouse — Incoming: 500 pieces on \d{1,2} [A-Z][a-z]+( \d{4})?$/,
    );
    await expect(stockCell(page, 'en', 'HEX-CW-25')).toHaveText('Incoming');
    await page.goto(pageOf('ar', 'HEX-CW-25'));
    await expect(stockLines(page, 'ar').getByRole('listitem').first()).toHaveText(
      /^مستودع دبي — شحنة واردة: 500 قطعة بتاريخ \d{1,2} \S+( \d{4})?$/,
    );
    await expect(stockCell(page, 'ar', 'HEX-CW-25')).toHaveText('شحنة واردة');
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a code the ERP never named shows nothing: no lines, no "0", an empty cell', async ({
    page,
    consoleProblems,
  }) => {
    const read = page.waitForResponse((response) => response.url().includes(STOCK_API.availability));
    await page.goto(pageOf('en', 'HEX-CW-32'));
    expect((await read).status()).toBe(200);
    // the other sizes' words are there: the answer has been drawn
    await expect(stockCell(page, 'en', 'HEX-CW-25')).toHaveText('Incoming');
    await expect(stockCell(page, 'en', 'HEX-CW-32')).toHaveText('');
    await expect(stockLines(page, 'en')).toHaveCount(0);
    await expect(page.locator('#stock')).toBeEmpty();
    expect(consoleProblems.messages).toEqual([]);
  });
});
