// Price breaks and a minimum order (docs/decisions/043-price-breaks-and-order-multiples.md) from the staff grid to the
// public product page, against the built server with its own database: a catalogue manager types a size's breaks in
// the variants grid (a wrong order said in English and Arabic as it is typed), its minimum order, saves and publishes;
// the public product page in each edition shows them in the size's price cell, as the server drew it, and its JSON-LD
// Offer carries them as priceSpecification with eligible quantities; the listing's card says the product "from" its
// lowest break, in AED and, once an admin has set the rate, in OMR for a visitor who chose it, in each edition, as the
// server drew it. Only this test's server gets breaks: the seeded catalogue has none, so the first-view budgets' pages
// are unchanged.
import { request as playwrightRequest } from '@playwright/test';
import { categoryPath, productPath } from '@site/contracts/paths';
import { axeViolations } from '../support/axe';
import { test, expect, localOnly } from '../support/fixtures';
import { openProductEditor, savedAndPublished, variantGridRow } from '../support/catalogue-editor';
import {
  ADMIN,
  CATALOGUE_STAFF,
  firstAdminSignIn,
  startStaffSite,
  watchStaffConsole,
  setCurrencyRate,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

const ID = 'hex_cw_brass_cable_gland';
const CATEGORY = 'industrial_cable_glands';
const CODE = 'HEX-CW-20';

interface Ld {
  [key: string]: unknown;
}

test.describe('price breaks', { tag: ['@local', '@staff', '@catalogue'] }, () => {
  test('a manager enters a size’s breaks and minimum in the grid, publishes, and the product page shows them in both editions with their JSON-LD', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const staffSite = await startStaffSite([CATALOGUE_STAFF, ADMIN]);
    const at = (path: string) => `${staffSite.url}${path}`;
    try {
      const staffConsole = watchStaffConsole(page);
      await openProductEditor(page, staffSite.staffUrl, CODE, /^CW Brass Cable Gland/);
      const row = await variantGridRow(page, 2, CODE);
      await row.getByRole('textbox', { name: 'Price (AED)' }).fill('13.50');
      const breaks = row.getByRole('textbox', { name: 'Price breaks (qty+ AED)' });
      // quantities out of order: said at once, in both languages
      await breaks.fill('250+ 11.00; 50+ 12.50');
      await expect(breaks).toHaveAttribute('aria-invalid', 'true');
      await expect(row.getByText('Price break quantities must rise: 50+ comes after 250+')).toBeVisible();
      await expect(row.getByText('يجب أن تتصاعد كميات شرائح الأسعار: 50+ وردت بعد 250+')).toBeVisible();
      await expect(breaks).toHaveAccessibleDescription(
        'Price break quantities must rise: 50+ comes after 250+ يجب أن تتصاعد كميات شرائح الأسعار: 50+ وردت بعد 250+',
      );
      expect(await axeViolations(page), 'the grid with a problem said').toEqual([]);
      await breaks.fill('50+ 12.50; 250+ 11.00');
      await expect(breaks).not.toHaveAttribute('aria-invalid', 'true');
      await row.getByRole('textbox', { name: 'Minimum order' }).fill('10');
      await savedAndPublished(page);
      expect(staffConsole.problems).toEqual([]);

      const editions = [
        {
          path: productPath(CATEGORY, ID),
          lines: ['Minimum order: 10', '50+: AED 12.50', '250+: AED 11'],
        },
        {
          path: `/ar${productPath(CATEGORY, ID)}`,
          lines: ['الحد الأدنى للطلب: 10', '50+: 12.50 درهم', '250+: 11 درهم'],
        },
      ];
      const publicPage = await page.context().newPage();
      const publicConsole = watchStaffConsole(publicPage);
      for (const edition of editions) {
        // the server's HTML itself has them (the table is drawn by the server first)
        const html = await (await publicPage.request.get(at(edition.path))).text();
        for (const line of edition.lines) expect(html, edition.path).toContain(line);
        await publicPage.goto(at(edition.path));
        const size = publicPage
          .getByRole('row')
          .filter({ has: publicPage.getByRole('rowheader', { name: new RegExp(`^${CODE}\\b`) }) });
        for (const line of edition.lines) await expect(size, edition.path).toContainText(line);
        // the JSON-LD's offer of that size
        const ld = await publicPage
          .locator('script[type="application/ld+json"]')
          .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}') as Ld));
        const group = ld
          .flatMap((entry) => {
            const graph = entry['@graph'];
            return Array.isArray(graph) ? (graph as Ld[]) : [entry];
          })
          .find((entry) => entry['@type'] === 'ProductGroup');
        const variant = (group?.hasVariant as Ld[] | undefined)?.find((item) => item.sku === CODE);
        const offer = variant?.offers as Ld | undefined;
        const spec = (price: string, minValue: number) => ({
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: 'AED',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue, unitCode: 'C62' },
        });
        expect(offer?.priceSpecification, edition.path).toEqual([
          spec('13.50', 10),
          spec('12.50', 50),
          spec('11.00', 250),
        ]);
        expect(offer?.eligibleQuantity).toEqual({ '@type': 'QuantitativeValue', minValue: 10, unitCode: 'C62' });
      }
      // on a phone the size's block shows its price with the breaks, after its label, inside the screen (the rows
      // stacked by CSS: variant-table-phone.spec.ts)
      await publicPage.setViewportSize({ width: 375, height: 800 });
      for (const [edition, price] of [
        [editions[0]!, 'Price'],
        [editions[1]!, 'السعر'],
      ] as const) {
        await publicPage.goto(at(edition.path));
        const cell = publicPage
          .getByRole('row')
          .filter({ has: publicPage.getByRole('rowheader', { name: new RegExp(`^${CODE}\\b`) }) })
          .getByRole('cell', { name: new RegExp(`^${price}: `) });
        for (const line of edition.lines) await expect(cell, edition.path).toContainText(line);
        await expect(cell).toBeVisible();
        const box = (await cell.boundingBox())!;
        expect(box.x, edition.path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, edition.path).toBeLessThanOrEqual(375);
      }

      // the listing's card: 'from' the lowest break of any size (11.00, below the family's lowest price at 1, 12), in AED
      // and, with the rate set and OMR chosen, in OMR (11 × 0.10477 = 1.15247: 1.152), drawn by the server
      const admin = await playwrightRequest.newContext({ baseURL: staffSite.staffUrl });
      const session = await firstAdminSignIn(admin);
      await setCurrencyRate(admin, session, 'OMR', '0.10477');
      await admin.dispose();
      await publicPage.setViewportSize({ width: 1280, height: 900 });
      const cards = [
        { base: '', aed: 'from AED 11', omr: 'from OMR 1.152' },
        { base: '/ar', aed: 'ابتداءً من 11 درهم', omr: 'ابتداءً من 1.152 ريال عُماني' },
      ];
      for (const currency of ['aed', 'omr'] as const) {
        if (currency === 'omr')
          await publicPage.context().addCookies([{ name: 'site-currency', value: 'OMR', url: staffSite.url }]);
        for (const card of cards) {
          const listing = `${card.base}${categoryPath(CATEGORY)}`;
          const html = await (await publicPage.request.get(at(listing))).text();
          expect(html, `${listing} in ${currency}: the server's HTML`).toContain(card[currency]);
          await publicPage.goto(at(listing));
          const link = publicPage.locator(`main a[href="${card.base}${productPath(CATEGORY, ID)}"]`);
          await expect(link.locator('p').filter({ hasText: card[currency] }), `${listing} in ${currency}`).toHaveCount(
            1,
          );
        }
      }
      expect(publicConsole.problems).toEqual([]);
    } finally {
      await staffSite.stop();
    }
  });
});
