// A listing as the server draws it, with scripts off: what a visitor has before the page's scripts start (they come
// after the first paint, docs/decisions/002), and all a visitor without scripts ever has. The filters are a plain GET
// form (on a phone behind 'Filters'), the order a <select> with its button, the pages and a variant's "Choose" links:
// each leads to the address the site draws, at a phone's width and a laptop's.
//
// The categories, brands, prices and counts are the site's own (its catalogue API, site-facts.ts): each test looks for
// a listing that shows what it tries, and skips with the reason when the site's catalogue has none.
import type { APIRequestContext, Page } from '@playwright/test';
import type { ListingResponse } from '@site/contracts/catalogue-api';
import { DEFAULT_LISTING_VIEW, listingViewSearch, type ListingView } from '@site/contracts/listing-view';
import { productViewSearch } from '@site/contracts/product-view';
import { siteRouteUrl } from '@site/contracts/routes';
import { SEARCH_RESULTS_PAGE_SIZE, searchViewSearch } from '@site/contracts/search-view';
import { test, expect, localOnly, siteHas } from '../support/fixtures';
import { expectChosen, seededVariants, variantRow, variantTable } from '../support/product-variants';
import { quoteProduct } from '../support/quote-basket';
import { findInCatalogue, siteListing, siteSearch } from '../support/site-facts';
import { message } from '../support/ui-strings';

const listingPath = (categoryId: string): string =>
  siteRouteUrl('our-products/:productCategoryId', { productCategoryId: categoryId });
/** A view's query as the page writes it ('?sort=5&brand=ABB'). */
const query = (view: Partial<ListingView>): string => listingViewSearch({ ...DEFAULT_LISTING_VIEW, ...view });
const showing = (count: number): string => message('en', 'catalogue.listing.count', { count });
const cardNames = (page: Page) => page.getByRole('list', { name: / products$/ }).getByRole('heading', { level: 2 });

interface NarrowingBrand {
  categoryId: string;
  brand: string;
  /** The brand's count in the whole category, and the category narrowed to it. */
  count: number;
  narrowed: ListingResponse;
}

/** A category with a brand that narrows it, whose products have at least two prices (an order to see). */
function narrowingBrand(request: APIRequestContext): Promise<NarrowingBrand | undefined> {
  return findInCatalogue(request, async (whole) => {
    for (const { name, count } of whole.facets.brands.filter(({ count }) => count > 1 && count < whole.total)) {
      const narrowed = await siteListing(request, whole.category.id, query({ brands: [name] }));
      if (new Set(narrowed.products.map((product) => product.price)).size > 1)
        return { categoryId: whole.category.id, brand: name, count, narrowed };
    }
    return undefined;
  });
}

/** The filters' form: on a phone behind 'Filters' (a <details>), opened here as a visitor does. */
async function filtersOf(page: Page, width: number) {
  const filters = page.getByRole('complementary', { name: message('en', 'catalogue.filters.label') });
  const opener = filters.locator('summary');
  if (width < 900) {
    await expect(opener).toBeVisible();
    await opener.click();
  } else {
    // beside the products from the first paint: no 'Filters' to press
    await expect(opener).toBeHidden();
  }
  return filters;
}

for (const width of [375, 1280]) {
  test.describe(`a listing without scripts at ${width} px`, { tag: ['@site', '@catalogue'] }, () => {
    test.use({ javaScriptEnabled: false, viewport: { width, height: width < 900 ? 800 : 900 } });

    test('a brand ticked and applied: the server draws the filtered listing, its count, the box ticked', async ({
      page,
      request,
    }) => {
      const { categoryId, brand, count, narrowed } = siteHas(
        await narrowingBrand(request),
        'no category with a brand that narrows it',
      );
      await page.goto(listingPath(categoryId));
      const filters = await filtersOf(page, width);
      const box = filters.getByRole('checkbox', { name: `${brand} (${count})`, exact: true });
      await box.check();
      await filters.getByRole('button', { name: message('en', 'catalogue.filters.apply'), exact: true }).click();
      // the form's own spelling of the view (read as the page's one: contracts/src/listingView.ts)
      await expect(page).toHaveURL(
        (url) => url.pathname === listingPath(categoryId) && url.searchParams.getAll('brand').join() === brand,
      );
      await expect(page.getByText(showing(narrowed.total), { exact: true })).toBeVisible();
      await expect(cardNames(page)).toHaveCount(narrowed.products.length);
      // on a phone the filters are closed again, the products in sight; 'Filters' says one is chosen
      if (width < 900)
        await expect(
          page.getByText(message('en', 'catalogue.filters.openChosen', { count: 1 }), { exact: true }),
        ).toBeVisible();
      await expect(
        (await filtersOf(page, width)).getByRole('checkbox', { name: new RegExp(`^${brand} \\(`) }),
      ).toBeChecked();
    });

    test('an order chosen and sent with its button: the cheapest first, the brand kept', async ({ page, request }) => {
      const { categoryId, brand, narrowed } = siteHas(
        await narrowingBrand(request),
        'no category with a brand that narrows it',
      );
      const cheapestFirst = await siteListing(request, categoryId, query({ brands: [brand], sort: 5 }));
      await page.goto(`${listingPath(categoryId)}${query({ brands: [brand] })}`);
      await page
        .getByRole('combobox', { name: message('en', 'catalogue.listing.sortLabel') })
        .selectOption({ label: message('en', 'catalogue.listing.sort.priceAscending') });
      await page.getByRole('button', { name: message('en', 'catalogue.listing.sortApply'), exact: true }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get('sort') === '5' && url.searchParams.getAll('brand').join() === brand,
      );
      await expect(page.getByText(showing(narrowed.total), { exact: true })).toBeVisible();
      await expect(cardNames(page)).toHaveText(cheapestFirst.products.map((product) => product.productName));
      await expect(page.getByRole('combobox', { name: message('en', 'catalogue.listing.sortLabel') })).toHaveValue('5');
    });

    test('the pages are links: a search of more than a page reaches its second; a page past the last leads back', async ({
      page,
      request,
    }) => {
      const word = ['cable', 'switch', 'cables'];
      const found = (
        await Promise.all(word.map(async (q) => ({ q, total: (await siteSearch(request, q)).total })))
      ).find(({ total }) => total > SEARCH_RESULTS_PAGE_SIZE);
      const { q, total } = siteHas(found, `no search of ${word.join(', ')} finds more than a page`);
      const pages = Math.ceil(total / SEARCH_RESULTS_PAGE_SIZE);
      await page.goto(`${siteRouteUrl('search')}${searchViewSearch({ q, page: 1, brands: [] })}`);
      await page.getByRole('link', { name: message('en', 'catalogue.listing.nextPage') }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('q') === q);
      await expect(page.getByText(message('en', 'catalogue.listing.pageOf', { page: 2, pages }))).toBeVisible();

      // a listing's old link past its last page: a link back to the last, whose cards the server draws
      const { categoryId } = siteHas(await narrowingBrand(request), 'no category with a brand that narrows it');
      const whole = await siteListing(request, categoryId);
      const last = Math.ceil(whole.total / whole.pageSize);
      await page.goto(`${listingPath(categoryId)}${query({ page: last + 1 })}`);
      await page.getByRole('link', { name: message('en', 'catalogue.listing.previousPage') }).click();
      await expect(page).toHaveURL(`${listingPath(categoryId)}${query({ page: last })}`);
      await expect(cardNames(page)).toHaveCount(whole.total - (last - 1) * whole.pageSize);
    });

    test("a variant's “Choose” is a link to the product page with that variant chosen", async ({ page }) => {
      localOnly("reads the seeded gland's variants");
      const gland = quoteProduct('hex_cw_brass_cable_gland');
      const [, second] = seededVariants(gland);
      if (second === undefined) throw new Error('the seeded gland has one variant');
      await page.goto(gland.pagePath);
      await variantRow(variantTable(page, 'en', gland), second.code)
        .getByRole('link', { name: message('en', 'catalogue.variants.chooseNamed', { code: second.code }) })
        .click();
      await expect(page).toHaveURL(
        (url) => url.pathname === gland.pagePath && url.search === productViewSearch(second.code),
      );
      await expectChosen(page, 'en', gland, second.code);
    });
  });
}
