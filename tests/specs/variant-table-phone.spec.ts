// The CW gland's size table on a phone and on a desktop, in both editions, on the real server. At 375 px each size is a
// block from the server's paint (scripts off, and at 4x CPU before the page has started): its code with "Choose", the
// two columns that choose a size (thread in mm, cable range), its price with its pack, each value after its label;
// nothing scrolls sideways. Once started, each block has its availability's cell and "Add to quote". "Show the full table" is
// one tap to the whole table (scrolled sideways in its box, not the page). At 1280 px the table is as it was.
import type { Locator, Page } from '@playwright/test';
import { localizedPath } from '@site/contracts/locale';
import { test, expect, localOnly } from '../support/fixtures';
import { axeViolations } from '../support/axe';
import { seededVariants, variantPriceIn, variantRow, variantTable, type Edition } from '../support/product-variants';
import { quoteProduct } from '../support/quote-basket';
import { arabicData, englishData, message } from '../support/ui-strings';

localOnly("reads the seeded gland's variants and table");

const GLAND = quoteProduct('hex_cw_brass_cable_gland');
const VARIANTS = seededVariants(GLAND);
const PHONE = { width: 375, height: 800 };

/** The seeded rows of the gland's sizes (content/data/product-variants.json), by code. */
const ROWS = new Map(
  englishData<{ productId: string; variants: { code: string; row: Record<string, unknown> }[] }[]>(
    'product-variants.json',
  )
    .find((entry) => entry.productId === GLAND.id)!
    .variants.map((variant) => [variant.code, variant.row]),
);

/** A column's name as the edition's page shows it (the table's data has its Arabic). */
const columnName = (locale: Edition, english: string) =>
  locale === 'en' ? english : arabicData('product-details.json', english);

/** The columns that choose a gland's size (choosingColumns.ts): their labels on a phone, and each size's value. */
const choosing = (locale: Edition) => [
  {
    label: `${columnName(locale, 'Thread Size')} (mm)`,
    value: (code: string) => (ROWS.get(code)!.threadSize as { mm: string }).mm,
  },
  {
    label: columnName(locale, 'Cable Range, Inner Sheath (mm)'),
    value: (code: string) => ROWS.get(code)!.cableRange as string,
  },
];

/** The box of `locator` lies inside the screen's width. */
async function expectInsideWidth(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'drawn').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

/** Neither the page nor the table is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, table: Locator): Promise<void> {
  const widths = await table.evaluate((box) => {
    const element = box.querySelector('table')!;
    const page = document.scrollingElement!;
    return {
      page: [page.scrollWidth, page.clientWidth],
      box: [box.scrollWidth, box.clientWidth],
      table: [element.scrollWidth, element.clientWidth],
    };
  });
  expect(widths.page[0], 'the page').toBeLessThanOrEqual(widths.page[1]!);
  expect(widths.box[0], "the table's box").toBeLessThanOrEqual(widths.box[1]!);
  expect(widths.table[0], 'the table').toBeLessThanOrEqual(widths.table[1]!);
}

/** Each size's block: its code and "Choose", its choosing values and its price each after its label, inside the screen. */
async function expectStackedSizes(page: Page, locale: Edition): Promise<void> {
  const table = variantTable(page, locale, GLAND);
  await expect(table.locator('thead')).toBeHidden();
  await expect(table.locator('tbody tr')).toHaveCount(VARIANTS.length);
  const price = message(locale, 'catalogue.compare.price');
  for (const variant of VARIANTS) {
    const row = variantRow(table, variant.code);
    const header = row.getByRole('rowheader');
    await expect(header).toBeVisible();
    await expectInsideWidth(page, header);
    const choose = row.getByRole('link', {
      name: message(locale, 'catalogue.variants.chooseNamed', { code: variant.code }),
    });
    await expect(choose).toBeVisible();
    await expectInsideWidth(page, choose);
    for (const column of choosing(locale)) {
      // the label is generated text (CSS), part of the cell's accessible text as a screen reader reads it
      const cell = row.getByRole('cell', { name: `${column.label}: ${column.value(variant.code)}`, exact: true });
      await expect(cell).toBeVisible();
      await expectInsideWidth(page, cell);
    }
    const priceCell = row.getByRole('cell', { name: `${price}: ${variantPriceIn(locale, variant)}`, exact: true });
    await expect(priceCell).toBeVisible();
    await expectInsideWidth(page, priceCell);
    // the other columns wait in the full table
    await expect(row.locator('td[data-more]')).toHaveCount(8);
    for (const cell of await row.locator('td[data-more]').all()) await expect(cell).toBeHidden();
  }
  await expectNoSidewaysScroll(page, table);
}

/** "Show the full table", tapped: the whole table, its head and every column, scrolled in its box, not the page. */
async function expectFullTableOneTapAway(page: Page, locale: Edition): Promise<void> {
  const table = variantTable(page, locale, GLAND);
  const link = table.getByRole('link', { name: message(locale, 'catalogue.variants.fullTable'), exact: true });
  await expect(link).toBeVisible();
  await expectInsideWidth(page, link);
  await link.tap();
  await expect(
    table.getByRole('columnheader', { name: columnName(locale, 'Hexagon (mm)'), exact: true }),
  ).toBeVisible();
  await expect(table.locator('thead')).toBeVisible();
  const first = variantRow(table, VARIANTS[0]!.code);
  for (const cell of await first.locator('td[data-more]').all()) await expect(cell).toBeVisible();
  const widths = await table.evaluate((box) => ({
    page: [document.scrollingElement!.scrollWidth, document.scrollingElement!.clientWidth],
    box: [box.scrollWidth, box.clientWidth],
  }));
  expect(widths.page[0], 'the page does not scroll sideways').toBeLessThanOrEqual(widths.page[1]!);
  expect(widths.box[0], 'the table scrolls sideways in its box').toBeGreaterThan(widths.box[1]!);
}

for (const locale of ['en', 'ar'] as const) {
  const pagePath = localizedPath(locale, GLAND.pagePath);
  const edition = locale === 'en' ? 'English' : 'Arabic';

  test.describe(`the size table of the ${edition} product page`, { tag: ['@local', '@catalogue'] }, () => {
    test.describe('on a phone, without scripts', () => {
      test.use({ javaScriptEnabled: false, viewport: PHONE, hasTouch: true });

      test('each size is a block of its code, thread, cable range and price, inside the screen', async ({ page }) => {
        await page.goto(pagePath);
        await expectStackedSizes(page, locale);
      });

      test('the full table is one tap away', async ({ page }) => {
        await page.goto(pagePath);
        await expectFullTableOneTapAway(page, locale);
      });
    });

    test.describe('on a phone, with scripts at 4x CPU', () => {
      test.use({ viewport: PHONE, hasTouch: true });

      test("blocks from the server's paint; once started each has its availability and Add to quote inside the screen", async ({
        page,
      }) => {
        test.setTimeout(60_000);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(pagePath, { waitUntil: 'commit' });
        // before the page has started: the server's HTML, stacked by CSS alone
        await expect(variantTable(page, locale, GLAND).locator('thead')).toBeHidden();
        await expectStackedSizes(page, locale);
        const table = variantTable(page, locale, GLAND);
        const availability = message(locale, 'catalogue.stock.label');
        for (const variant of VARIANTS) {
          const row = variantRow(table, variant.code);
          const add = row.getByRole('button', {
            name: message(locale, 'catalogue.quote.addNamed', { name: variant.code }),
          });
          await expect(add).toBeVisible({ timeout: 20_000 });
          await expectInsideWidth(page, add);
          // its availability's cell, labelled: empty here (the seed has no stock; product-stock.spec.ts shows a word
          // after its label in a block), so no label is written
          const stock = row.locator('td').nth(-2);
          await expect(stock).toHaveAttribute('data-label', availability);
          await expect(stock).toBeEmpty();
        }
        await expectNoSidewaysScroll(page, table);
        expect(await axeViolations(page, { include: '#variants' })).toEqual([]);
        await expectFullTableOneTapAway(page, locale);
        await expect(page).toHaveURL(/#variants-full$/);
      });
    });

    test.describe('on a desktop', () => {
      test('the table as before: its head, every column, no link to a full table', async ({ page }) => {
        await page.goto(pagePath);
        const table = variantTable(page, locale, GLAND);
        const row = variantRow(table, VARIANTS[0]!.code);
        await expect(row.getByRole('textbox')).toBeVisible();
        await expect(
          table.getByRole('link', { name: message(locale, 'catalogue.variants.fullTable'), exact: true }),
        ).toBeHidden();
        await expect(table.locator('thead')).toBeVisible();
        for (const name of [
          'Gland Size',
          'Thread Size',
          'Cable Range, Inner Sheath (mm)',
          'Hexagon (mm)',
          'Across Corners',
        ])
          await expect(table.getByRole('columnheader', { name: columnName(locale, name), exact: true })).toBeVisible();
        // a row: its code, ten values, price, availability, the form: on one line, as a table's row
        await expect(row.locator('td')).toHaveCount(13);
        for (const cell of await row.locator('th, td').all()) await expect(cell).toBeVisible();
        const layout = await table.evaluate((box) => {
          const element = box.querySelector('table')!;
          const cells = [...element.querySelectorAll('tbody tr:first-child > *')];
          return {
            table: getComputedStyle(element).display,
            cells: [...new Set(cells.map((cell) => getComputedStyle(cell).display))],
            tops: new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().top))).size,
            before: getComputedStyle(cells[2]!, '::before').content,
          };
        });
        expect(layout).toEqual({ table: 'table', cells: ['table-cell'], tops: 1, before: 'none' });
      });
    });
  });
}
