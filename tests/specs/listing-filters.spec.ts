// A buyer narrows a listing by brand and price on the real server and its database: the count follows, the address
// keeps the filters (reload, back and a shared link show the same), the server draws the filtered count, and Clear all
// resets them. On a phone the filters open in a sheet.
//
// The categories, brands, prices and counts are the site's own (its catalogue API, site-facts.ts): each test looks for
// a listing that shows what it tries (two brands that narrow, a price that empties a brand, a specification value a
// brand narrows further), and skips with the reason when the site's catalogue has none.
import type { APIRequestContext } from '@playwright/test';
import type { BrandFacet, ListingResponse } from '@site/contracts/catalogue-api';
import { DEFAULT_LISTING_VIEW, listingViewSearch, type ListingView } from '@site/contracts/listing-view';
import { siteRouteUrl } from '@site/contracts/routes';
import { filterValueText, type FilterAttribute } from '@site/content/filter-attributes';
import { escapeRegExp } from '@site/server/test-support';
import { test, expect, siteHas } from '../support/fixtures';
import { findInCatalogue, siteListing } from '../support/site-facts';
import { message } from '../support/ui-strings';

const listingPath = (categoryId: string): string =>
  siteRouteUrl('our-products/:productCategoryId', { productCategoryId: categoryId });
/** A view's query as the page writes it in the address ('?sort=5&brand=ABB,Hager&maxPrice=100'). */
const query = (view: Partial<ListingView>): string => listingViewSearch({ ...DEFAULT_LISTING_VIEW, ...view });
/** An address that ends with the view's query (and has no other). */
const endsWithQuery = (view: Partial<ListingView>): RegExp => new RegExp(`${escapeRegExp(query(view))}$`);
const showing = (count: number, locale: 'en' | 'ar' = 'en'): string =>
  message(locale, 'catalogue.listing.count', { count });
/** A filter value's checkbox name: its label and how many products it leaves ('Hager (2)'). */
const choice = (label: string, count: number): string => `${label} (${count})`;
const facetOf = (listing: ListingResponse, brand: string): BrandFacet => {
  const facet = listing.facets.brands.find(({ name }) => name === brand);
  if (facet === undefined) throw new Error(`the listing of ${listing.category.id} offers no brand ${brand}`);
  return facet;
};

interface TwoBrands {
  categoryId: string;
  whole: ListingResponse;
  first: string;
  second: string;
  /** The category narrowed to the first brand, then to both. */
  one: ListingResponse;
  both: ListingResponse;
}

/** A category with a brand that narrows it, and a second brand that widens the first's view. */
function twoBrands(request: APIRequestContext): Promise<TwoBrands | undefined> {
  return findInCatalogue(request, async (whole) => {
    const categoryId = whole.category.id;
    const narrowing = whole.facets.brands
      .filter(({ count }) => count > 0 && count < whole.total)
      .sort((a, b) => a.count - b.count);
    const [first] = narrowing;
    if (first === undefined) return undefined;
    const one = await siteListing(request, categoryId, query({ brands: [first.name] }));
    for (const second of narrowing.slice(1)) {
      const both = await siteListing(request, categoryId, query({ brands: [first.name, second.name] }));
      if (both.total > one.total) return { categoryId, whole, first: first.name, second: second.name, one, both };
    }
    return undefined;
  });
}

interface PriceCut {
  categoryId: string;
  whole: ListingResponse;
  maxPrice: number;
  /** The category up to that price, in price order, and a brand it leaves nothing of. */
  cut: ListingResponse;
  emptied: string;
}

const brandsOfProduct = (company: string | undefined): string[] => (company === undefined ? [] : company.split(', '));

/** A category and a highest price that narrows it but leaves something, and leaves a brand of it nothing. */
function priceCut(request: APIRequestContext): Promise<PriceCut | undefined> {
  return findInCatalogue(request, async (whole) => {
    const categoryId = whole.category.id;
    const priced = whole.products.filter((product) => product.price !== undefined);
    const prices = [...new Set(priced.map((product) => Math.floor(product.price ?? 0)))].sort((a, b) => a - b);
    for (const maxPrice of prices) {
      // a first guess from the page of products, then the site's own answer
      const left = priced.filter((product) => (product.price ?? 0) <= maxPrice);
      const leftBrands = new Set(left.flatMap((product) => brandsOfProduct(product.company)));
      if (
        left.length === 0 ||
        left.length >= whole.total ||
        whole.facets.brands.every(({ name }) => leftBrands.has(name))
      )
        continue;
      const cut = await siteListing(request, categoryId, query({ sort: 5, maxPrice }));
      const emptied = cut.facets.brands.find(({ count }) => count === 0);
      if (cut.total > 0 && cut.total < whole.total && emptied !== undefined)
        return { categoryId, whole, maxPrice, cut, emptied: emptied.name };
    }
    return undefined;
  });
}

interface SpecificationAndBrand {
  categoryId: string;
  attribute: FilterAttribute;
  value: string;
  brand: string;
  /** The category narrowed to the value, then to the value and the brand. */
  withValue: ListingResponse;
  both: ListingResponse;
}

/** How many values of a filter a category is tried with: the most common first, where brands are likeliest to differ. */
const VALUES_TRIED = 3;

/** A category with a specification value that narrows it, and a brand that narrows that value's products further. */
function specificationAndBrand(request: APIRequestContext): Promise<SpecificationAndBrand | undefined> {
  return findInCatalogue(request, async (whole) => {
    const categoryId = whole.category.id;
    for (const { attribute, values } of whole.facets.attributes) {
      const narrowing = values
        .filter(({ count }) => count > 1 && count < whole.total)
        .sort((a, b) => b.count - a.count);
      for (const { value } of narrowing.slice(0, VALUES_TRIED)) {
        const withValue = await siteListing(request, categoryId, query({ attributes: { [attribute]: [value] } }));
        const brand = withValue.facets.brands.find(({ count }) => count > 0 && count < withValue.total);
        if (brand === undefined) continue;
        const both = await siteListing(
          request,
          categoryId,
          query({ brands: [brand.name], attributes: { [attribute]: [value] } }),
        );
        if (both.total > 0 && both.total < withValue.total)
          return { categoryId, attribute, value, brand: brand.name, withValue, both };
      }
    }
    return undefined;
  });
}

test.describe('filters on a listing', { tag: ['@site', '@catalogue'] }, () => {
  test('a brand narrows the count and the cards; a second brand widens; reload and back keep the address’s filters', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const { categoryId, whole, first, second, one, both } = siteHas(
      await twoBrands(request),
      'no category with two brands, one of which narrows it',
    );
    await page.goto(listingPath(categoryId));
    const filters = page.getByRole('complementary', { name: message('en', 'catalogue.filters.label') });
    await expect(page.getByText(showing(whole.total), { exact: true })).toBeVisible();
    await filters.getByRole('checkbox', { name: choice(first, facetOf(whole, first).count), exact: true }).click();
    await expect(page).toHaveURL(endsWithQuery({ brands: [first] }));
    await expect(page.getByText(showing(one.total), { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: /products$/ }).getByRole('heading', { level: 2 })).toHaveCount(
      one.products.length,
    );
    await filters.getByRole('checkbox', { name: choice(second, facetOf(one, second).count), exact: true }).click();
    await expect(page).toHaveURL(endsWithQuery({ brands: [first, second] }));
    await expect(page.getByText(showing(both.total), { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(showing(both.total), { exact: true })).toBeVisible();
    const secondChoice = filters.getByRole('checkbox', {
      name: choice(second, facetOf(both, second).count),
      exact: true,
    });
    await expect(secondChoice).toBeChecked();
    await page.goBack();
    await expect(page.getByText(showing(one.total), { exact: true })).toBeVisible();
    await expect(secondChoice).not.toBeChecked();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a price range narrows the brands’ counts, disabling a brand with nothing left; Clear all resets; the sort stays', async ({
    page,
    request,
  }) => {
    const { categoryId, whole, maxPrice, cut, emptied } = siteHas(
      await priceCut(request),
      'no category with a price that leaves one of its brands nothing',
    );
    await page.goto(`${listingPath(categoryId)}${query({ sort: 5 })}`);
    const filters = page.getByRole('complementary', { name: message('en', 'catalogue.filters.label') });
    await filters.getByRole('textbox', { name: message('en', 'catalogue.filters.maxPrice') }).fill(String(maxPrice));
    await filters.getByRole('button', { name: message('en', 'catalogue.filters.apply') }).click();
    await expect(page).toHaveURL(endsWithQuery({ sort: 5, maxPrice }));
    await expect(page.getByText(showing(cut.total), { exact: true })).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: choice(emptied, 0), exact: true })).toBeDisabled();
    await filters.getByRole('link', { name: message('en', 'catalogue.filters.clearAll') }).click();
    await expect(page).toHaveURL(endsWithQuery({ sort: 5 }));
    await expect(page.getByText(showing(whole.total), { exact: true })).toBeVisible();
  });

  test('the server’s HTML of a filtered address has the filtered count; odd filters are read, never a failure', async ({
    request,
  }) => {
    const { categoryId, whole, maxPrice, cut, emptied } = siteHas(
      await priceCut(request),
      'no category with a price that leaves one of its brands nothing',
    );
    // a brand and a price together: the brand that keeps the fewest products under the price
    const [kept] = cut.facets.brands.filter(({ count }) => count > 0).sort((a, b) => a.count - b.count);
    if (kept === undefined)
      throw new Error(`${query({ maxPrice })} leaves no brand of ${categoryId}, yet ${cut.total} products`);
    const filtered = `${listingPath(categoryId)}${query({ brands: [kept.name], maxPrice })}`;
    const expected = (await siteListing(request, categoryId, query({ brands: [kept.name], maxPrice }))).total;
    const html = await (await request.get(filtered)).text();
    expect(html).toContain(showing(expected));
    // The filters in the HTML, one copy for both widths (beside the products, or a phone's sheet), the brand ticked:
    // a form that works before the page's scripts have started
    expect(html.split(`aria-label="${message('en', 'catalogue.filters.maxPrice')}"`)).toHaveLength(2);
    const brandBoxes = html.match(/<input type="checkbox" name="brand"[^>]*>/g) ?? [];
    expect(
      brandBoxes.filter((box) => box.includes('checked=""')).map((box) => /value="([^"]*)"/.exec(box)?.[1]),
    ).toEqual([kept.name]);
    const path = listingPath(categoryId);
    const odd = [
      '?brand=Nobody',
      `?brand=${'x'.repeat(3000)}`,
      '?minPrice=-5&maxPrice=abc',
      `?brand=${encodeURIComponent(kept.name)}&brand=${encodeURIComponent(emptied)}`,
    ];
    for (const search of odd) {
      const response = await request.get(`${path}${search}`);
      expect(response.status(), search).toBe(200);
    }
    expect(await (await request.get(`${path}?brand=Nobody`)).text()).toContain(showing(whole.total));
  });

  test('a specification filter narrows with a brand; reload, back and the server’s HTML keep the count', async ({
    page,
    request,
  }) => {
    const { categoryId, attribute, value, brand, withValue, both } = siteHas(
      await specificationAndBrand(request),
      'no category with a specification value that one of its brands narrows further',
    );
    const chosen = { attributes: { [attribute]: [value] } };
    await page.goto(listingPath(categoryId));
    const filters = page.getByRole('complementary', { name: message('en', 'catalogue.filters.label') });
    const group = filters.getByRole('group', { name: message('en', `catalogue.filters.attribute.${attribute}`) });
    const label = filterValueText(attribute, value, 'en');
    await group.getByRole('checkbox', { name: choice(label, withValue.total), exact: true }).click();
    await expect(page).toHaveURL(endsWithQuery(chosen));
    await expect(page.getByText(showing(withValue.total), { exact: true })).toBeVisible();
    await filters
      .getByRole('group', { name: message('en', 'catalogue.filters.brand') })
      .getByRole('checkbox', { name: choice(brand, facetOf(withValue, brand).count), exact: true })
      .click();
    await expect(page).toHaveURL(endsWithQuery({ ...chosen, brands: [brand] }));
    await expect(page.getByText(showing(both.total), { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(showing(both.total), { exact: true })).toBeVisible();
    await expect(group.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(label)} \\(`) })).toBeChecked();
    await page.goBack();
    await expect(page.getByText(showing(withValue.total), { exact: true })).toBeVisible();
    expect(await (await request.get(`${listingPath(categoryId)}${query(chosen)}`)).text()).toContain(
      showing(withValue.total),
    );
  });

  test('on a phone the filters open in a sheet over the page, in Arabic too; a tick applies at once', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const { categoryId, first, one } = siteHas(
      await twoBrands(request),
      'no category with two brands, one of which narrows it',
    );
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/ar${listingPath(categoryId)}`);
    const filters = page.getByRole('complementary', { name: message('ar', 'catalogue.filters.label') });
    // 'Filters' (a <summary>) opens the sheet: the whole screen, the page behind it
    await filters.getByText(message('ar', 'catalogue.filters.open'), { exact: true }).click();
    const sheet = filters.locator('details[open]');
    await expect(sheet).toBeVisible();
    expect(await sheet.evaluate((element) => Math.round(element.getBoundingClientRect().height))).toBe(740);
    await sheet.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(first)} \\(`) }).click();
    await expect(page).toHaveURL(endsWithQuery({ brands: [first] }));
    await sheet
      .getByRole('button', { name: message('ar', 'catalogue.filters.showResults', { count: one.total }) })
      .click();
    await expect(sheet).toBeHidden();
    // (in Arabic 'Show N results', in the closed sheet, reads as the count does)
    await expect(page.getByText(showing(one.total, 'ar'), { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(
      filters.getByText(message('ar', 'catalogue.filters.openChosen', { count: 1 }), { exact: true }),
    ).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });
});
