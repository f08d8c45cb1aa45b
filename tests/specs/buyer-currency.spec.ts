// The buyer's currency (docs/decisions/044-buyer-currency-indicative-and-cached-per-currency.md), in each edition at a
// phone's and a desktop's width: an admin sets the OMR rate through the staff API; a visitor follows the listing's
// "Indicative price in AED" link to the server's currency page, chooses OMR and is sent back; the listing and the
// product page, the search's results page and the comparison then show OMR with three decimals, each figure checked
// against this test's own calculation from the AED price and the rate (half up once), labelled indicative. The prices are drawn by the server: the element the parser
// put in the page is the one shown after the page has started (hydrated as drawn), and nothing is logged as an error.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { CATALOGUE_SEARCH_API_PATH, catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import type { ListingResponse, ProductResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { test, expect, localOnly } from '../support/fixtures';
import { ADMIN, firstAdminSignIn, startStaffSite, type StaffSite, setCurrencyRate } from '../support/staff';

localOnly('starts its own server with an admin it creates, who sets the rate');

type Language = 'en' | 'ar';
const RATE = '0.10477';
const CATEGORY = 'industrial_cable_glands';
const PRODUCT = 'hex_cw_brass_cable_gland';
/** Compared with PRODUCT. */
const OTHER = 'hex_e1w_brass_cable_gland';
/** A code's start: the same results in both editions (the Hex glands' codes). */
const QUERY = 'HEX-CW';
const NOTE: Record<Language, { AED: string; OMR: string }> = {
  en: {
    AED: 'Indicative price in AED: the quotation confirms it.',
    OMR: 'Indicative price in OMR: the quotation confirms it.',
  },
  ar: {
    AED: 'سعر استرشادي بعملة الدرهم الإماراتي: يؤكده عرض السعر.',
    OMR: 'سعر استرشادي بعملة الريال العُماني: يؤكده عرض السعر.',
  },
};
const CHOICE: Record<Language, string> = { en: 'OMR: Omani rial', ar: 'ريال عُماني (OMR)' };
/** A price as the page writes it in OMR: 'OMR 1.257', '1.257 ريال عُماني'. */
const omr = (language: Language, amount: string) => (language === 'en' ? `OMR ${amount}` : `${amount} ريال عُماني`);
/** The lowest of prices that differ: 'from OMR 1.257', 'ابتداءً من 1.257 ريال عُماني'. */
const fromOmr = (language: Language, amount: string) =>
  language === 'en' ? `from OMR ${amount}` : `ابتداءً من ${amount} ريال عُماني`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** This test's own conversion: fils × the rate's digits, half up once to baisa (three decimals). */
function inOmr(price: number): string {
  const [whole, fraction = ''] = String(price).split('.');
  const fils = BigInt(whole! + fraction.padEnd(2, '0'));
  const [rateWhole, rateFraction = ''] = RATE.split('.');
  const divisor = 10n ** BigInt(2 + rateFraction.length);
  const baisa = (fils * BigInt(rateWhole! + rateFraction) * 1000n * 2n + divisor) / (2n * divisor);
  const digits = baisa.toString().padStart(4, '0');
  return `${digits.slice(0, -3).replace(/\B(?=(\d{3})+$)/g, ',')}.${digits.slice(-3)}`;
}

/** Set before the page's first byte: the first OMR price element the parser put in the page (the server's). */
const FIRST_DRAWN = `(() => {
  const look = () => {
    if (window.__drawnPrice !== undefined) return;
    for (const element of document.querySelectorAll('main p'))
      if (/OMR \\d|ريال عُماني/.test(element.textContent ?? '')) {
        window.__drawnPrice = element;
        return;
      }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** The price element the parser put in the page: still in it, with the text shown now. */
const drawnPrice = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { __drawnPrice?: Element }).__drawnPrice;
    return drawn === undefined ? undefined : { connected: drawn.isConnected, text: drawn.textContent };
  });

let site: StaffSite;

test.describe.configure({ mode: 'default' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startStaffSite([ADMIN]);
  const admin = await playwrightRequest.newContext({ baseURL: site.staffUrl });
  const session = await firstAdminSignIn(admin);
  await setCurrencyRate(admin, session, 'OMR', RATE);
  await admin.dispose();
});
test.afterAll(async () => {
  await site?.stop();
});

/** The catalogue's answers in AED (no cookie): the real prices the test converts itself. */
async function aedAnswers(
  language: Language,
): Promise<{ listing: ListingResponse; product: ProductResponse; search: SearchResponse }> {
  const api = await playwrightRequest.newContext({ baseURL: site.url });
  const listing = (await (
    await api.get(`${catalogueListingApiPath(CATEGORY)}?lang=${language}`)
  ).json()) as ListingResponse;
  const product = (await (
    await api.get(`${catalogueProductApiPath(PRODUCT)}?lang=${language}`)
  ).json()) as ProductResponse;
  // the results page's answer (facets=1: its cards' prices)
  const search = (await (
    await api.get(`${CATALOGUE_SEARCH_API_PATH}?q=${QUERY}&facets=1&lang=${language}`)
  ).json()) as SearchResponse;
  await api.dispose();
  expect(listing.display, 'no cookie: AED').toBeUndefined();
  expect(search.display, 'no cookie: AED').toBeUndefined();
  return { listing, product, search };
}

for (const language of ['en', 'ar'] as const) {
  for (const width of [375, 1280]) {
    test(`${language} at ${width} px: OMR chosen, the listing, the product page, the search’s results and the comparison show it to the baisa, drawn by the server`, async ({
      page,
      consoleProblems,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 900 ? 800 : 900 });
      await page.addInitScript(FIRST_DRAWN);
      const base = language === 'ar' ? '/ar' : '';
      const listingPath = `${base}/our-products/${CATEGORY}`;
      const productPagePath = `${listingPath}/${PRODUCT}`;
      const { listing, product, search } = await aedAnswers(language);

      // AED first, with the way to choose
      await page.goto(`${site.url}${listingPath}`);
      await page.getByRole('link', { name: NOTE[language].AED, exact: true }).click();
      await expect(page).toHaveURL(`${site.url}${base}/currency?back=${encodeURIComponent(listingPath)}`);
      await page.getByRole('button', { name: CHOICE[language], exact: true }).click();
      await expect(page).toHaveURL(`${site.url}${listingPath}`);
      await page.reload();

      // the listing: the label, and each card's price in OMR
      await expect(page.getByRole('link', { name: NOTE[language].OMR, exact: true })).toBeVisible();
      const cards = page.locator('main ul li a');
      const priced = listing.products.filter((one) => one.price !== undefined);
      expect(priced.length).toBeGreaterThanOrEqual(3);
      for (const one of priced) {
        const from = (listing.priceFrom ?? []).includes(one.id);
        const text = omr(language, inOmr(one.price!));
        const card = cards.filter({ has: page.getByRole('heading', { name: one.productName, exact: true }) });
        await expect(card.locator('p').filter({ hasText: text })).toHaveCount(1);
        await expect(card.locator('p').filter({ hasText: /\b\d+\.\d{3}\b/ })).toHaveCount(1);
        if (!from) await expect(card).toContainText(text);
      }
      const first = await drawnPrice(page);
      expect(first?.connected, 'the listing hydrated the price the server drew').toBe(true);
      expect(first?.text).toContain(omr(language, inOmr(priced[0]!.price!)));

      // the product page: its lowest price, and each size's
      await page.goto(`${site.url}${productPagePath}`);
      await expect(page.getByRole('link', { name: NOTE[language].OMR, exact: true })).toBeVisible();
      const prices = product.variants.flatMap((variant) => (variant.price === undefined ? [] : [variant.price]));
      const lowest = omr(language, inOmr(Math.min(...prices)));
      await expect(page.locator('main p').filter({ hasText: lowest }).first()).toBeVisible();
      // the size's row: its header starts with its code and a space ('HEX-CW-20 ' is not 'HEX-CW-20S ')
      for (const variant of product.variants.filter((one) => one.price !== undefined))
        await expect(
          page.locator('main table tr').filter({ hasText: new RegExp(`^${escaped(variant.code)} `) }),
        ).toContainText(omr(language, inOmr(variant.price!)));
      const drawn = await drawnPrice(page);
      expect(drawn?.connected, 'the product page hydrated the price the server drew').toBe(true);
      expect(drawn?.text).toContain(lowest);
      // no price left in AED on the page's main part
      const inAed = language === 'en' ? /AED \d/ : /\d درهم/;
      await expect(page.locator('main')).not.toContainText(inAed);

      // the search's results page: each card's price in OMR, 'from' as the listing's card, labelled indicative
      await page.goto(`${site.url}${base}/search?q=${QUERY}`);
      await expect(page.getByRole('link', { name: NOTE[language].OMR, exact: true })).toBeVisible();
      const results = search.results.filter((result) => search.prices?.[result.id] !== undefined);
      expect(results.map((result) => result.id)).toContain(PRODUCT);
      for (const result of results) {
        const amount = inOmr(search.prices![result.id]!);
        const said = (search.priceFrom ?? []).includes(result.id) ? fromOmr(language, amount) : omr(language, amount);
        const card = page.locator(`main a[href^="${base}/our-products/${result.productCategoryId}/${result.id}"]`);
        await expect(card.locator('p').filter({ hasText: said })).toHaveCount(1);
      }
      await expect(page.locator('main')).not.toContainText(inAed);

      // the comparison: the price row in OMR (the family's lowest price at 1, 'from'), labelled indicative
      await page.goto(`${site.url}${base}/compare?ids=${PRODUCT},${OTHER}`);
      await expect(page.getByRole('link', { name: NOTE[language].OMR, exact: true })).toBeVisible();
      await expect(page.getByRole('row', { name: language === 'en' ? /^Price/ : /^السعر/ })).toContainText(
        fromOmr(language, inOmr(Math.min(...prices))),
      );
      await expect(page.locator('main')).not.toContainText(inAed);
      expect(consoleProblems.messages).toEqual([]);
    });
  }
}
