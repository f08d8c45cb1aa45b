// The product page of a product of several orderable variants (docs/decisions/034-orderable-variants.md), in both
// editions, on the real server: the CW gland's table lists its sizes; ?variant= chooses one in the server's HTML (the
// row marked, its price in the summary, scripts off too); the table's chunk comes after the page has started; two
// sizes added from the table are two lines of the header's basket; a phone does not scroll sideways; axe finds nothing.
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { localizedPath } from '@site/contracts/locale';
import { productViewSearch } from '@site/contracts/product-view';
import { test, expect, localOnly } from '../support/fixtures';
import { axeViolations } from '../support/axe';
import {
  aedAmount,
  expectChosen,
  productNameIn,
  productSummary,
  seededVariant,
  seededVariants,
  variantLabelIn,
  variantPriceIn,
  variantRow,
  variantTable,
} from '../support/product-variants';
import { lineNameOf, quoteProduct } from '../support/quote-basket';
import { message } from '../support/ui-strings';

localOnly("reads the seeded gland's variants and prices");

const GLAND = quoteProduct('hex_cw_brass_cable_gland');
const VARIANTS = seededVariants(GLAND);

for (const locale of ['en', 'ar'] as const) {
  const name = productNameIn(locale, GLAND);
  const pagePath = (code: string | null = null) => `${localizedPath(locale, GLAND.pagePath)}${productViewSearch(code)}`;
  const chosenPath = pagePath('HEX-CW-25');

  test.describe(`variants on the ${locale === 'en' ? 'English' : 'Arabic'} product page`, {
    tag: ['@local', '@catalogue'],
  }, () => {
    test.describe('without scripts', () => {
      test.use({ javaScriptEnabled: false });

      test("?variant= is chosen in the server's HTML: the row marked, its price in the summary", async ({ page }) => {
        await page.goto(chosenPath);
        await expectChosen(page, locale, GLAND, 'HEX-CW-25');
        const table = variantTable(page, locale, GLAND);
        await expect(table.locator('tbody tr')).toHaveCount(VARIANTS.length);
        // each row its code, its values, its price with its pack's size; nothing to add before the page has started
        await expect(variantRow(table, 'HEX-CW-32').locator('td').last()).toHaveText(
          variantPriceIn(locale, seededVariant(GLAND, 'HEX-CW-32')),
        );
        await expect(table.getByRole('textbox')).toHaveCount(0);
        // "Choose" is a plain link to the page with that variant
        await expect(
          variantRow(table, 'HEX-CW-32').getByRole('link', {
            name: message(locale, 'catalogue.variants.chooseNamed', { code: 'HEX-CW-32' }),
          }),
        ).toHaveAttribute('href', pagePath('HEX-CW-32'));
      });

      test('without a variant, the summary gives the lowest price and how many, and leads to the table', async ({
        page,
      }) => {
        await page.goto(pagePath());
        const lowest = Math.min(...VARIANTS.flatMap((variant) => (variant.price === undefined ? [] : [variant.price])));
        const link = productSummary(page, locale).getByRole('link', {
          name: message(locale, 'catalogue.variants.chooseBelow'),
          exact: true,
        });
        await expect(link).toHaveAttribute('href', '#variants');
        await expect(link.locator('..')).toContainText(
          `${message(locale, 'catalogue.listing.priceFrom', { amount: aedAmount(lowest), currency: 'AED' })} · ${message(locale, 'catalogue.variants.count', { count: VARIANTS.length })}`,
        );
        await expect(variantTable(page, locale, GLAND).locator('tbody tr[aria-current]')).toHaveCount(0);
      });
    });

    test('the table is in the HTML; its chunk is asked for once the page has started, and its quantity forms appear', async ({
      page,
    }) => {
      await page.addInitScript(`new MutationObserver(() => { if (document.documentElement.hasAttribute('${STARTED_ATTRIBUTE}')) window.__startedAt ??= performance.now(); })
        .observe(document, { attributes: true, subtree: true, attributeFilter: ['${STARTED_ATTRIBUTE}'] });`);
      const html = await (await page.request.get(chosenPath)).text();
      expect(html).toContain('id="variants"');
      await page.goto(chosenPath);
      await expectChosen(page, locale, GLAND, 'HEX-CW-25');
      const row = variantRow(variantTable(page, locale, GLAND), 'HEX-CW-25');
      await expect(
        row.getByRole('textbox', { name: message(locale, 'catalogue.quote.quantityOf', { name: 'HEX-CW-25' }) }),
      ).toBeVisible();
      const timing = await page.evaluate(() => ({
        startedAt: (window as unknown as { __startedAt: number }).__startedAt,
        chunkAt:
          performance.getEntriesByType('resource').find((entry) => /product-later/.test(entry.name))?.startTime ?? -1,
      }));
      expect(timing.chunkAt).toBeGreaterThanOrEqual(timing.startedAt);
    });

    test("100 of HEX-CW-25 and 50 of HEX-CW-32 added from the table are two lines of the header's basket", async ({
      page,
    }) => {
      await page.goto(chosenPath);
      const table = variantTable(page, locale, GLAND);
      for (const [code, quantity] of [
        ['HEX-CW-25', '100'],
        ['HEX-CW-32', '50'],
      ] as const) {
        const line = variantRow(table, code);
        await line
          .getByRole('textbox', { name: message(locale, 'catalogue.quote.quantityOf', { name: code }) })
          .fill(quantity);
        // by the keyboard: a row low in the page may sit under the sticky header or the chat's welcome, which a pointer
        // click would hit instead
        await line
          .getByRole('button', { name: message(locale, 'catalogue.quote.addNamed', { name: code }) })
          .press('Enter');
        await expect(line.getByRole('status')).not.toBeEmpty();
      }
      await page
        .getByRole('button', { name: message(locale, 'header.quoteBasket', { count: 2 }), exact: true })
        .click();
      const panel = page.getByRole('dialog', { name: message(locale, 'quoteBasket.title'), exact: true });
      for (const code of ['HEX-CW-25', 'HEX-CW-32']) {
        await expect(
          panel.getByText(lineNameOf(name, variantLabelIn(locale, seededVariant(GLAND, code))), { exact: true }),
        ).toBeVisible();
      }
    });

    test('at 375 px the page does not scroll sideways', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(chosenPath);
      await expect(variantRow(variantTable(page, locale, GLAND), 'HEX-CW-25').getByRole('textbox')).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    });

    test('axe finds nothing in the table or the summary', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(chosenPath);
      await expect(variantRow(variantTable(page, locale, GLAND), 'HEX-CW-25').getByRole('textbox')).toBeVisible();
      expect(await axeViolations(page, { include: '#variants' })).toEqual([]);
      expect(await axeViolations(page, { include: 'main section' })).toEqual([]);
    });
  });
}
