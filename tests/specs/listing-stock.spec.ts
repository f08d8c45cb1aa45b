// "In stock at" on a listing, from the ERP's feed to the buyer's page, on the real server: an admin makes a stock
// token through the staff API, the feed arrives over HTTP (PATCH /api/stock), and the listing's filter shows Muscat's
// count, narrows the products to it (kept in the address, drawn by the server on reload) and marks their cards
// "In stock", in English and in Arabic.
import type { ProductResponse } from '@site/contracts/catalogue-api';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { StockFeedReport } from '@site/contracts/stock-api';
import { test, expect, localOnly } from '../support/fixtures';
import { ADMIN, makeStockToken, startStaffSite, type StaffSite } from '../support/staff';
import { message } from '../support/ui-strings';

localOnly('starts its own server, with an admin it creates, and sends it a stock feed');

const CATEGORY = 'industrial_cable_glands';
const PRODUCT = 'hex_cw_brass_cable_gland';

test.describe('"In stock at" on a listing', { tag: ['@local', '@catalogue'] }, () => {
  let staffSite: StaffSite | undefined;
  test.afterEach(async () => staffSite?.stop());

  test('a feed sent over HTTP: Muscat counts the gland, narrows the listing to it and its card says so, in both editions', async ({
    page,
    request,
  }) => {
    // the account's CLI, a cold server start, the sign-in and four page loads on a loaded 2-core machine
    test.setTimeout(150_000);
    staffSite = await startStaffSite([ADMIN]);
    const at = (path: string) => `${staffSite!.url}${path}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await makeStockToken(staffSite.staffUrl);
    const product = (await (await request.get(at(catalogueProductApiPath(PRODUCT)))).json()) as ProductResponse;
    const [first, second] = product.variants;
    const feed = await request.fetch(at('/api/stock'), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      data: JSON.stringify([
        { code: first!.code, location: 'muscat', onHand: 12 },
        { code: second!.code, location: 'muscat', onHand: 3 },
        { code: second!.code, location: 'dubai', onHand: 0, leadTimeDays: 14 },
      ]),
    });
    expect(feed.status(), await feed.text()).toBe(200);
    expect(((await feed.json()) as StockFeedReport).applied).toBe(3);

    for (const edition of [
      {
        locale: 'en' as const,
        prefix: '',
        legend: 'In stock at',
        muscat: 'Muscat (1)',
        dubai: 'Dubai (0)',
        badge: 'In stock',
      },
      {
        locale: 'ar' as const,
        prefix: '/ar',
        legend: 'متوفر في',
        muscat: 'مسقط (1)',
        dubai: 'دبي (0)',
        badge: 'متوفر',
      },
    ]) {
      await page.goto(at(`${edition.prefix}/our-products/${CATEGORY}`));
      const filters = page.getByRole('complementary');
      const group = filters.getByRole('group', { name: edition.legend });
      await expect(group.getByRole('checkbox', { name: edition.muscat })).toBeEnabled();
      await expect(group.getByRole('checkbox', { name: edition.dubai })).toBeDisabled();
      // a controlled box: the address changes, then the answer checks it
      await group.getByRole('checkbox', { name: edition.muscat }).click();
      await expect(page).toHaveURL(at(`${edition.prefix}/our-products/${CATEGORY}?stock=muscat`));
      await expect(group.getByRole('checkbox', { name: edition.muscat })).toBeChecked();
      await expect(
        page.getByText(message(edition.locale, 'catalogue.listing.count', { count: 1 }), { exact: true }),
      ).toBeVisible();
      const cards = page
        .getByRole('main')
        .getByRole('list')
        .filter({ has: page.getByRole('heading', { level: 2 }) })
        .getByRole('listitem');
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(
        edition.locale === 'en' ? product.product.productName : /./,
      );
      await expect(cards.first().getByText(edition.badge, { exact: true })).toBeVisible();

      // the filtered view is the address's: a reload draws it again (the server's HTML has the one card and its badge)
      const html = await (await request.get(at(`${edition.prefix}/our-products/${CATEGORY}?stock=muscat`))).text();
      expect(html).toContain(message(edition.locale, 'catalogue.listing.count', { count: 1 }));
      expect(html).toContain(`>${edition.badge}<`);
    }
  });
});
