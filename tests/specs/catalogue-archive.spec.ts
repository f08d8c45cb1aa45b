// A product withdrawn while a visitor has it in the quote basket: the catalogue role archives it through the editor's
// API; its page (drawn by the server, and reached in the app) then says the product is no longer available, under its
// name, with a link to its category, in both editions, and logs no error; the basket says its line is no longer available and the request is sent
// without it. Restored, the product's page is back.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { STAFF_API, staffApiPath, CSRF_HEADER } from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import { test, expect, localOnly } from '../support/fixtures';
import { JOURNEY, daysFromToday } from '../support/quote-basket';
import { addFromProductPage, type BasketTexts } from '../support/quote-journey';
import { firstSignInWithTotp, startStaffSite, type StaffAccount, type StaffSite } from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

const EDITOR: StaffAccount = {
  email: 'mona.catalogue@example.com',
  password: 'Walnut-Harbour-Prism-58',
  role: 'catalogue',
};
const { gland, metreCable } = JOURNEY;
const CATEGORY_NAME = 'Industrial Cable Glands';
const GONE = {
  en: {
    title: 'Product no longer available',
    text: '“CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)” is no longer available: it was withdrawn from our catalogue.',
  },
  ar: {
    title: 'المنتج لم يعد متوفراً',
    text: 'لم يعد المنتج «جلبة كابل CW من النحاس الأصفر لكابلات SWA، للاستخدام الداخلي/الخارجي (IP66)» متوفراً، فقد سُحب من كتالوجنا.',
  },
};

/** What addFromProductPage reads, in English. */
const PAGE_TEXTS = {
  prefix: '',
  pageQuantity: 'Quantity',
  pageAdd: 'Add to quote',
  added: (quantity: string) => `Added ${quantity} to your quote basket.`,
} satisfies Pick<BasketTexts, 'prefix' | 'pageQuantity' | 'pageAdd' | 'added'>;

/** Chromium logs each answer of 400 and over itself ("Failed to load resource: … 410"). */
const isStatusLine = (message: string, status: number) =>
  message.includes(`the server responded with a status of ${status}`);

test.describe('a withdrawn (archived) product', { tag: ['@local', '@catalogue', '@staff'] }, () => {
  let staff: StaffSite;
  let api: APIRequestContext;
  let csrf: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000); // a server of its own, after the staff CLI made its account
    staff = await startStaffSite([EDITOR]);
    // the editor's API at the staff origin; the catalogue role's first sign-in sets up its second factor
    api = await playwrightRequest.newContext({ baseURL: staff.staffUrl });
    csrf = (await firstSignInWithTotp(api, EDITOR)).session.csrfToken;
  });

  test.afterAll(async () => {
    await api?.dispose();
    await staff?.stop();
  });

  /** Archives or restores the gland through the editor's API, on the version it has now. */
  const change = async (pattern: string) => {
    const product = (await (
      await api.get(staffApiPath(STAFF_API.catalogueProduct, { id: gland.id }))
    ).json()) as EditorProduct;
    const answer = await api.post(staffApiPath(pattern, { id: gland.id }), {
      headers: { [CSRF_HEADER]: csrf },
      data: { baseVersion: product.version },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };

  test('its page says it is no longer available and links its category, with no error; the basket leaves it out of the request', async ({
    page,
    consoleProblems,
  }) => {
    test.setTimeout(90_000);
    const at = (path: string) => `${staff.url}${path}`;
    // the visitor's basket: the gland and a cable
    await addFromProductPage(page, PAGE_TEXTS, gland, '40', '40 pieces', { siteUrl: staff.url });
    await addFromProductPage(page, PAGE_TEXTS, metreCable, '100', '100 metres', { siteUrl: staff.url });

    await change(STAFF_API.catalogueArchive);

    // drawn by the server: its words in the HTML, its category's link; not a 4xx, which the browser would log as an error
    const response = await page.goto(at(gland.pagePath));
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain(GONE.en.text);
    expect(html).toContain('<meta name="robots" content="noindex">');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: GONE.en.title })).toBeVisible();
    await expect(alert).toContainText(GONE.en.text);
    await expect(alert).not.toContainText(gland.id);
    await expect(alert.getByRole('link', { name: `See all ${CATEGORY_NAME} products` })).toHaveAttribute(
      'href',
      gland.listingPath,
    );
    await expect(page).toHaveTitle(`${GONE.en.title} | Crescent Electrical Trading`);
    expect(consoleProblems.messages).toEqual([]);

    // reached in the app: the product API's 410, the same state
    await page.goto(at(metreCable.pagePath));
    const gone = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === `/api/catalogue/products/${gland.id}`,
    );
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, gland.pagePath);
    expect((await gone).status()).toBe(410);
    await expect(page.getByRole('alert')).toContainText(GONE.en.text);
    await expect(
      page.getByRole('alert').getByRole('link', { name: `See all ${CATEGORY_NAME} products` }),
    ).toBeVisible();
    // the API's 410 (its contract for a withdrawn product), which Chromium logs itself; nothing else
    expect(
      consoleProblems.messages.length === 1 && isStatusLine(consoleProblems.messages[0] ?? '', 410),
      consoleProblems.messages.join('\n'),
    ).toBe(true);
    consoleProblems.messages.length = 0;

    // the Arabic edition
    const arabic = await page.goto(at(`/ar${gland.pagePath}`));
    expect(arabic?.status()).toBe(200);
    await expect(page.getByRole('alert').getByRole('heading', { name: GONE.ar.title })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(GONE.ar.text);
    await expect(page.getByRole('alert').getByRole('link', { name: /^عرض جميع منتجات / })).toHaveAttribute(
      'href',
      `/ar${gland.listingPath}`,
    );
    expect(consoleProblems.messages).toEqual([]);

    // the basket: the gland's line says it is no longer available (in Arabic too); the request goes with the cable only
    await page.goto(at('/ar/request-quote'));
    await expect(page.getByRole('row').filter({ hasText: gland.code })).toContainText('لم يعد متوفراً');
    await page.goto(at('/request-quote'));
    const lines = page.getByRole('table', { name: 'Products to quote', exact: true });
    await expect(lines.getByRole('row')).toHaveCount(1 + 2);
    const glandRow = lines.getByRole('row').filter({ hasText: gland.code });
    await expect(glandRow).toContainText('No longer available');
    await expect(glandRow.getByRole('textbox')).toHaveCount(0);
    const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
    await textbox('Company').fill('Gulf Build LLC');
    await textbox('Your name').fill('Aisha Rahman');
    await textbox('Email').fill('aisha.buyer@example.com');
    await textbox('Phone').fill('+968 9123 4567');
    await page.getByRole('combobox', { name: 'Branch', exact: true }).selectOption({ label: 'Oman' });
    await page.getByLabel('Needed by', { exact: true }).fill(daysFromToday(30));
    await textbox('23 - 14 = ?').fill('9');
    const answered = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === '/api/quote-requests' && answer.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send request', exact: true }).click();
    const sent = await answered;
    expect(sent.status(), await sent.text()).toBe(200);
    expect((sent.request().postDataJSON() as { lines: unknown[] }).lines).toEqual([
      { productId: metreCable.id, code: metreCable.code, quantity: 100 },
    ]);
    await expect(page.getByRole('heading', { name: 'Request sent', exact: true })).toBeVisible();

    // restored: its page is back
    await change(STAFF_API.catalogueUnarchive);
    expect((await page.goto(at(gland.pagePath)))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 2, name: /CW Brass Cable Gland/ })).toBeVisible();

    expect(consoleProblems.messages).toEqual([]);
  });
});
